"""Fair home-world placement: distance between capitals, a viable neighbourhood, no alien race at home."""

from __future__ import annotations

from functools import cache

import pytest

from galaxy.engine import (
    Galaxy,
    GalaxySettings,
    HomeWorldPlacementError,
    generate_galaxy,
    hex_distance,
    place_home_worlds,
)


@cache
def galaxy() -> Galaxy:
    return generate_galaxy(GalaxySettings(), "alpha")


def test_home_worlds_are_at_least_the_minimum_distance_apart() -> None:
    homes = place_home_worlds(galaxy(), 6, 15, "alpha")
    assert len(homes) == 6
    for a in homes:
        for b in homes:
            if a is not b:
                assert hex_distance(a.coord, b.coord) >= 15
        assert a.nearest_capital == min(hex_distance(a.coord, b.coord) for b in homes if b is not a)


def test_each_home_world_is_viable_with_a_viable_neighbourhood_and_no_alien_race() -> None:
    g = galaxy()
    for home in place_home_worlds(g, 6, 15, "alpha", radius=3, min_viable_neighbours=3):
        poi = g.point_of_interest(home.coord)
        assert poi is not None and not poi.has_npc_race
        planet = next(p for p in poi.planets if (p.star, p.orbit) == (home.star, home.orbit))
        assert planet.viable and planet.step == home.step
        around = [p for other in g.points_of_interest if hex_distance(other.coord, home.coord) <= 3
                  for p in other.viable_planets if p is not planet]
        assert home.neighbourhood.viable_planets == len(around) >= 3
        assert home.neighbourhood.viable_output == sum(p.max_output for p in around)


def test_the_same_seed_places_the_same_home_worlds() -> None:
    assert place_home_worlds(galaxy(), 4, 20, "alpha") == place_home_worlds(galaxy(), 4, 20, "alpha")


def test_more_tries_never_give_a_less_fair_placement() -> None:
    def spread(attempts: int) -> int:
        homes = place_home_worlds(galaxy(), 6, 15, "x", attempts=attempts)
        scores = [h.neighbourhood.viable_output for h in homes]
        return max(scores) - min(scores)

    assert spread(64) <= spread(1)


def test_an_impossible_placement_says_how_many_fit() -> None:
    with pytest.raises(HomeWorldPlacementError, match=r"Only \d of 5 home worlds fit 60 hexes apart"):
        place_home_worlds(galaxy(), 5, 60, "alpha")
