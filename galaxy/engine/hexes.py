"""The hex map of Cluster War §2.0, where one hex is one Centaurian Vector Sector.

"The number system is composed of four digits. The first two digits represent the column and the third and
fourth digits the row. So, hex 0902 would be the 2nd hex in the 9th column." Coordinates are 1-based as in
the hex numbers. "Rows on the map are staggered" without saying which: ruling, the even-numbered columns sit
half a hex lower (0201 is below-right of 0101), the usual layout for column-first hex numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class HexCoord:
    col: int
    row: int

    def label(self, digits: int = 2) -> str:
        """The CW hex number, "CCRR"; maps wider than 99 hexes need `digits=3`."""
        return f"{self.col:0{digits}d}{self.row:0{digits}d}"

    @classmethod
    def parse(cls, label: str) -> HexCoord:
        if len(label) % 2 or not label.isdigit():
            raise ValueError(f"A hex number is column then row digits, like 0902, not {label!r}.")
        half = len(label) // 2
        return cls(int(label[:half]), int(label[half:]))


@dataclass(frozen=True, order=True)
class RegionCoord:
    """A Cluster War "sector" (a block of 10x10 hexes), called a region here; 1-based, column then row."""

    col: int
    row: int


def region_of(coord: HexCoord, region_size: int) -> RegionCoord:
    return RegionCoord((coord.col - 1) // region_size + 1, (coord.row - 1) // region_size + 1)


def _cube(coord: HexCoord) -> tuple[int, int, int]:
    x = coord.col - 1
    # Even-numbered columns (odd 0-based) are shifted down, so their row counts half a hex less.
    z = (coord.row - 1) - (x - (x & 1)) // 2
    return x, -x - z, z


def _from_cube(x: int, z: int) -> HexCoord:
    return HexCoord(x + 1, z + (x - (x & 1)) // 2 + 1)


def hex_distance(a: HexCoord, b: HexCoord) -> int:
    """Hexes crossed going from `a` to `b`; neighbours are 1 apart."""
    ax, ay, az = _cube(a)
    bx, by, bz = _cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def hexes_within(centre: HexCoord, radius: int, width: int, height: int) -> Iterator[HexCoord]:
    """Every hex of a `width` x `height` map at most `radius` hexes from `centre`, the centre included."""
    cx, _, cz = _cube(centre)
    for dx in range(-radius, radius + 1):
        for dz in range(max(-radius, -dx - radius), min(radius, -dx + radius) + 1):
            coord = _from_cube(cx + dx, cz + dz)
            if 1 <= coord.col <= width and 1 <= coord.row <= height:
                yield coord
