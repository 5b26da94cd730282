"""Centurion's game-map: "The hexagonal-grid superimposed upon the map serves to regularize the movement and
positioning of the playing pieces", with the "Movement section of the Terrain Effects Chart" giving each hex's
entry cost.

The grid is the galaxy's (column-first hex numbers, even columns half a hex lower): `galaxy.engine.hexes`.
Ruling (docs/rules.md, "Centurion"): a battle in space is fought on a map drawn from its Sector's terrain (planet
surface, orbit, asteroid field, nebula, deep space), each with its own few kinds of terrain."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from galaxy.engine.hexes import HexCoord, hex_distance, hexes_within

__all__ = ["TERRAIN_RULES", "BattleMap", "HexCoord", "MapKind", "Terrain", "draw_map", "hex_distance"]


class Terrain(StrEnum):
    OPEN = "open"
    ROUGH = "rough"
    NEBULA = "nebula"
    BLOCKED = "blocked"


@dataclass(frozen=True)
class TerrainRule:
    cost: int | None  # Movement Factors to enter; None: no unit may enter
    defense_shift: int  # odds columns an attack on a unit in it is shifted to the Defender's favour


# Ruling (docs/rules.md, "Centurion"): the Basic Game uses only the Movement section of the chart; the issue asks
# for combat "shifted by terrain" too, so rough ground gives its defenders one column.
TERRAIN_RULES: dict[Terrain, TerrainRule] = {
    Terrain.OPEN: TerrainRule(1, 0),
    Terrain.ROUGH: TerrainRule(2, 1),
    Terrain.NEBULA: TerrainRule(2, 0),
    Terrain.BLOCKED: TerrainRule(None, 0),
}


class MapKind(StrEnum):
    DEEP_SPACE = "deep_space"
    ORBIT = "orbit"
    PLANET_SURFACE = "planet_surface"
    ASTEROID_FIELD = "asteroid_field"
    NEBULA = "nebula"
    CENTURION = "centurion"  # the printed game's own battlefield: open ground, hills, woods and rough
    # A planet's surface in cluttered or obscured ground-war terrain (game.engine.ground_forces.terrain_of), with the
    # weather and terrain module on (docs/rules.md "Weather and terrain").
    PLANET_CLUTTERED = "planet_cluttered"
    PLANET_OBSCURED = "planet_obscured"


# What each terrain is called on each kind of map, for the page.
TERRAIN_NAMES: dict[MapKind, dict[Terrain, str]] = {
    MapKind.DEEP_SPACE: {Terrain.OPEN: "space", Terrain.ROUGH: "debris", Terrain.NEBULA: "dust",
                         Terrain.BLOCKED: "rock"},
    MapKind.ORBIT: {Terrain.OPEN: "orbit", Terrain.ROUGH: "ring debris", Terrain.NEBULA: "upper atmosphere",
                    Terrain.BLOCKED: "planet"},
    MapKind.PLANET_SURFACE: {Terrain.OPEN: "plain", Terrain.ROUGH: "hills", Terrain.NEBULA: "forest",
                             Terrain.BLOCKED: "mountains"},
    MapKind.ASTEROID_FIELD: {Terrain.OPEN: "open space", Terrain.ROUGH: "asteroids", Terrain.NEBULA: "dust",
                             Terrain.BLOCKED: "large asteroid"},
    MapKind.NEBULA: {Terrain.OPEN: "thin gas", Terrain.ROUGH: "ionised knot", Terrain.NEBULA: "dense gas",
                     Terrain.BLOCKED: "protostar"},
    MapKind.CENTURION: {Terrain.OPEN: "clear", Terrain.ROUGH: "hills", Terrain.NEBULA: "woods",
                        Terrain.BLOCKED: "lake"},
    MapKind.PLANET_CLUTTERED: {Terrain.OPEN: "plain", Terrain.ROUGH: "city and badlands", Terrain.NEBULA: "forest",
                               Terrain.BLOCKED: "mountains"},
    MapKind.PLANET_OBSCURED: {Terrain.OPEN: "clearing", Terrain.ROUGH: "ruins", Terrain.NEBULA: "swamp and jungle",
                              Terrain.BLOCKED: "cliffs"},
}

# Share of hexes of each terrain (the rest open), by map kind.
_MIX: dict[MapKind, dict[Terrain, float]] = {
    MapKind.DEEP_SPACE: {Terrain.ROUGH: 0.05, Terrain.NEBULA: 0.03},
    MapKind.ORBIT: {Terrain.ROUGH: 0.10, Terrain.NEBULA: 0.0},
    MapKind.PLANET_SURFACE: {Terrain.ROUGH: 0.15, Terrain.NEBULA: 0.12, Terrain.BLOCKED: 0.04},
    MapKind.ASTEROID_FIELD: {Terrain.ROUGH: 0.35, Terrain.BLOCKED: 0.06},
    MapKind.NEBULA: {Terrain.NEBULA: 0.45, Terrain.ROUGH: 0.05},
    MapKind.CENTURION: {Terrain.ROUGH: 0.12, Terrain.NEBULA: 0.10, Terrain.BLOCKED: 0.02},
    MapKind.PLANET_CLUTTERED: {Terrain.ROUGH: 0.30, Terrain.NEBULA: 0.20, Terrain.BLOCKED: 0.04},
    MapKind.PLANET_OBSCURED: {Terrain.NEBULA: 0.45, Terrain.ROUGH: 0.15, Terrain.BLOCKED: 0.04},
}


@dataclass(frozen=True)
class BattleMap:
    kind: MapKind
    width: int
    height: int
    terrain: dict[HexCoord, Terrain]  # every hex of the map
    # Each hex's neighbours, worked out once: movement and the bots ask for them thousands of times a turn.
    _adjacent: dict[HexCoord, list[HexCoord]] = field(default_factory=dict, compare=False, repr=False)

    def on_map(self, coord: HexCoord) -> bool:
        return 1 <= coord.col <= self.width and 1 <= coord.row <= self.height

    def neighbours(self, coord: HexCoord) -> list[HexCoord]:
        found = self._adjacent.get(coord)
        if found is None:
            found = self._adjacent[coord] = [h for h in hexes_within(coord, 1, self.width, self.height) if h != coord]
        return found

    def distances(self, sources: list[HexCoord]) -> dict[HexCoord, int]:
        """Every hex's distance in hexes to the nearest of `sources` (terrain aside)."""
        found = dict.fromkeys(sources, 0)
        frontier = list(found)
        while frontier:
            nxt = []
            for here in frontier:
                for there in self.neighbours(here):
                    if there not in found:
                        found[there] = found[here] + 1
                        nxt.append(there)
            frontier = nxt
        return found

    def within(self, coord: HexCoord, radius: int) -> list[HexCoord]:
        return list(hexes_within(coord, radius, self.width, self.height))

    def cost(self, coord: HexCoord) -> int | None:
        return TERRAIN_RULES[self.terrain[coord]].cost

    def as_payload(self) -> dict[str, object]:
        names = TERRAIN_NAMES[self.kind]
        return {
            "kind": self.kind.value, "width": self.width, "height": self.height,
            "terrain": [[h.col, h.row, t.value] for h, t in sorted(self.terrain.items()) if t != Terrain.OPEN],
            "names": {t.value: names[t] for t in Terrain},
            "costs": {t.value: TERRAIN_RULES[t].cost for t in Terrain},
            "shifts": {t.value: TERRAIN_RULES[t].defense_shift for t in Terrain},
        }

    @classmethod
    def from_payload(cls, data: dict[str, object]) -> BattleMap:
        width, height = int(str(data["width"])), int(str(data["height"]))
        terrain = {HexCoord(c, r): Terrain.OPEN for c in range(1, width + 1) for r in range(1, height + 1)}
        for col, row, value in data["terrain"]:  # type: ignore[attr-defined]
            terrain[HexCoord(col, row)] = Terrain(value)
        return cls(MapKind(str(data["kind"])), width, height, terrain)


def draw_map(kind: MapKind, width: int, height: int, seed: int) -> BattleMap:
    """A map of `kind`, the same for the same seed. The two deployment edges (the first and last two columns)
    are kept open so that every counter can be set up; an orbit map has its planet in the middle."""
    rng = random.Random(seed)  # a private generator: the map is part of the battle's record, so it must repeat
    terrain: dict[HexCoord, Terrain] = {}
    centre = HexCoord((width + 1) // 2, (height + 1) // 2)
    planet_radius = max(1, min(width, height) // 6)
    for col in range(1, width + 1):
        for row in range(1, height + 1):
            coord = HexCoord(col, row)
            chosen = Terrain.OPEN
            if 2 < col < width - 1:
                if kind == MapKind.ORBIT and hex_distance(coord, centre) <= planet_radius:
                    chosen = Terrain.BLOCKED
                else:
                    draw = rng.random()
                    for kind_of, share in _MIX[kind].items():
                        if draw < share:
                            chosen = kind_of
                            break
                        draw -= share
            terrain[coord] = chosen
    return BattleMap(kind, width, height, terrain)
