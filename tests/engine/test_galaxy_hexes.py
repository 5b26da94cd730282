"""The staggered hex map of Cluster War §2.0: hex numbers, distances and regions."""

from __future__ import annotations

import pytest

from galaxy.engine import HexCoord, RegionCoord, hex_distance, hexes_within, region_of


def test_hex_numbers_are_column_then_row() -> None:
    assert HexCoord(9, 2).label() == "0902"
    assert HexCoord.parse("0902") == HexCoord(9, 2)
    assert HexCoord(100, 7).label(3) == "100007"


@pytest.mark.parametrize("centre", [HexCoord(5, 5), HexCoord(6, 5)])
def test_a_hex_has_six_neighbours_one_apart_in_odd_and_even_columns(centre: HexCoord) -> None:
    ring = [c for c in hexes_within(centre, 1, 70, 70) if c != centre]
    assert len(ring) == 6
    assert all(hex_distance(centre, c) == 1 for c in ring)


def test_even_columns_sit_half_a_hex_lower() -> None:
    # 0201 sits half a hex below 0101: it touches 0101 and 0102, while 0202 is two from 0101 and from 0301.
    assert hex_distance(HexCoord(1, 1), HexCoord(2, 1)) == 1
    assert hex_distance(HexCoord(1, 2), HexCoord(2, 1)) == 1
    assert hex_distance(HexCoord(1, 1), HexCoord(2, 2)) == 2
    assert hex_distance(HexCoord(2, 2), HexCoord(3, 1)) == 2


def test_distance_is_symmetric_and_counts_hexes_crossed() -> None:
    a, b = HexCoord(3, 4), HexCoord(20, 11)
    assert hex_distance(a, b) == hex_distance(b, a)
    assert hex_distance(HexCoord(1, 1), HexCoord(1, 70)) == 69
    assert hex_distance(HexCoord(1, 1), HexCoord(70, 1)) == 69


def test_hexes_within_a_radius_are_those_at_that_distance_or_less_and_on_the_map() -> None:
    centre = HexCoord(35, 35)
    within = set(hexes_within(centre, 3, 70, 70))
    assert len(within) == 37
    everything = {HexCoord(c, r) for c in range(30, 41) for r in range(30, 41)}
    assert within == {c for c in everything if hex_distance(centre, c) <= 3}
    assert all(c.col >= 1 and c.row >= 1 for c in hexes_within(HexCoord(1, 1), 3, 70, 70))


def test_a_region_is_a_ten_by_ten_block() -> None:
    assert region_of(HexCoord(1, 1), 10) == RegionCoord(1, 1)
    assert region_of(HexCoord(10, 11), 10) == RegionCoord(1, 2)
    assert region_of(HexCoord(70, 70), 10) == RegionCoord(7, 7)
