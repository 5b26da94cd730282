"""Appendix B generation: determinism, table ranges, and the campaign settings' effects."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest

from galaxy.engine import (
    Body,
    Category,
    Galaxy,
    GalaxySettings,
    Life,
    ObjectKind,
    Planet,
    PointOfInterest,
    SizeRoll,
    generate_galaxy,
)
from galaxy.engine.generate import temperature_band
from galaxy.engine.model import Encounter
from galaxy.engine.tables import ENVIRONMENT_BY_SIZE, PLANET_CODE_BY_SIZE, PLANET_COUNT
from game.engine.dice import SeededDice, step_seed

DEFAULT = GalaxySettings()


@cache
def galaxy(seed: str = "alpha", settings: GalaxySettings = DEFAULT) -> Galaxy:
    return generate_galaxy(settings, seed)


def planets(g: Galaxy) -> Iterator[Planet]:
    for poi in g.points_of_interest:
        yield from poi.planets


def all_encounters(poi: PointOfInterest) -> Iterator[Encounter]:
    pending = list(poi.specials)
    while pending:
        encounter = pending.pop()
        yield encounter
        pending.extend(encounter.details)


def occupied_share(g: Galaxy) -> float:
    return sum(1 for p in g.points_of_interest if p.on_strategic_map) / len(g.sectors)


def test_the_default_map_is_70_by_70_sectors_in_7_by_7_regions() -> None:
    g = galaxy()
    assert len(g.sectors) == 4900
    per_region = Counter(s.region for s in g.sectors)
    assert len(per_region) == 49 and set(per_region.values()) == {100}
    assert g.label(g.sectors[1].coord) == "0102"


def test_same_seed_and_settings_give_the_same_galaxy() -> None:
    assert generate_galaxy(DEFAULT, "alpha") == generate_galaxy(DEFAULT, "alpha")


def test_different_seeds_give_different_galaxies() -> None:
    assert galaxy("alpha").sectors != galaxy("beta").sectors


def test_generation_dice_roll_exactly_what_the_recorded_seeded_dice_roll() -> None:
    small = GalaxySettings(width=20, height=20)
    recorded = SeededDice(step_seed("alpha", "galaxy"))
    assert generate_galaxy(small, "alpha", recorded) == generate_galaxy(small, "alpha")
    assert len(recorded.rolls) > 400


def test_share_of_occupied_hexes_is_the_tables_two_in_six() -> None:
    shares = [occupied_share(galaxy(seed)) for seed in ("alpha", "beta", "gamma", "delta")]
    assert sum(shares) / len(shares) == pytest.approx(1 / 3, abs=0.012)


@pytest.mark.parametrize(("density", "share"), [(0, 0.0), (50, 1 / 6), (200, 2 / 3), (300, 1.0)])
def test_star_density_setting_scales_occupancy(density: int, share: float) -> None:
    g = galaxy("alpha", GalaxySettings(star_density=density))
    assert occupied_share(g) == pytest.approx(share, abs=0.025)


def test_region_density_grid_shapes_the_cluster() -> None:
    settings = GalaxySettings(width=20, height=20, region_density=((0, 100), (100, 300)))
    g = generate_galaxy(settings, "alpha")
    occupied = {s.coord for s in g.sectors if s.point_of_interest is not None}
    empty_region = {s.coord for s in g.sectors if (s.region.col, s.region.row) == (1, 1)}
    full_region = {s.coord for s in g.sectors if (s.region.col, s.region.row) == (2, 2)}
    assert not occupied & empty_region
    assert full_region <= occupied


def test_objects_without_planets_per_the_rule_have_none() -> None:
    no_planets = {Category.NEBULA, Category.STORM, Category.BLACK_HOLE}
    for poi in galaxy().points_of_interest:
        if poi.category in no_planets or poi.kind in (ObjectKind.M_FLARE, ObjectKind.O_VARIABLE):
            assert poi.planets == ()
        if poi.kind is not None and poi.kind.has_planets:
            assert poi.planets


def test_planet_count_is_within_the_spectral_class_range() -> None:
    g = galaxy("alpha", GalaxySettings(merge_oort_clouds=False))
    for poi in g.points_of_interest:
        if poi.kind is not None and poi.kind.has_planets:
            dice, sides, plus = PLANET_COUNT[poi.stars[0].kind.spectral_class]  # type: ignore[index]
            assert dice + plus <= len(poi.planets) <= dice * sides + plus


def test_step_code_digits_are_within_the_table_ranges() -> None:
    seen_sizes = set()
    for planet in planets(galaxy()):
        band = temperature_band(planet.temperature_index)
        size, temperature, environment, surface = planet.step.digits
        assert temperature == band.temperature
        if band.oort_cloud:
            assert str(planet.step) == "0000"
            continue
        seen_sizes.add(size)
        assert 1 <= size <= 10  # 2d6-1: never 0, X on 10-11
        assert environment == 0 if band.no_atmosphere else environment in ENVIRONMENT_BY_SIZE[size]
        water_reverted = surface == 5 and 6 in PLANET_CODE_BY_SIZE[size] and temperature >= 7
        assert surface in PLANET_CODE_BY_SIZE[size] or water_reverted
    assert seen_sizes == set(range(1, 11))


def test_water_worlds_do_not_exist_at_temperature_7_or_higher() -> None:
    assert not [p for p in planets(galaxy()) if p.step.planet == 6 and p.step.temperature >= 7]
    assert [p for p in planets(galaxy()) if p.step.planet == 6]


def test_life_appears_only_where_the_rule_allows_it() -> None:
    found = set()
    for p in planets(galaxy()):
        s, t, e, _ = p.step.digits
        found.add(p.life)
        if p.life is Life.SILICON:
            assert t in (7, 8) and 3 <= e <= 7 and 3 <= s <= 7
        elif p.life is Life.TERRESTRIAL:
            assert 4 <= t <= 6 and 4 <= e <= 6 and 4 <= s <= 6
        elif p.life is Life.METHANE:
            assert p.body is Body.GAS_GIANT and 1 <= t <= 4
    assert found == set(Life)


def test_max_output_follows_size_and_the_worst_modifier() -> None:
    for p in planets(galaxy()):
        low, high = {Body.OORT_CLOUD: (51, 150), Body.SMALL_BODY: (51, 150), Body.GAS_GIANT: (52, 250),
                     Body.TERRESTRIAL: (103, 400)}[p.body]
        divisor = 5 if p.step.planet == 0 else 2 if p.step.temperature >= 9 else 1
        assert low // divisor <= p.max_output <= high // divisor


def test_habitable_frequency_setting_changes_the_share_of_viable_planets() -> None:
    def viable_share(frequency: int) -> float:
        ps = list(planets(galaxy("alpha", GalaxySettings(habitable_frequency=frequency))))
        return sum(p.viable for p in ps) / len(ps)

    assert viable_share(0) < viable_share(100) < viable_share(200)


def test_resource_abundance_setting_scales_resources() -> None:
    def resources(abundance: int) -> int:
        settings = GalaxySettings(resource_abundance=abundance)
        return sum(len(p.resources) for p in planets(galaxy("alpha", settings)))

    assert resources(0) == 0
    assert 0 < resources(100) < resources(300)


def test_resources_go_to_the_wealthiest_planet_unless_they_follow_life() -> None:
    for poi in galaxy().points_of_interest:
        for p in poi.planets:
            for resource in p.resources:
                if resource.name not in ("Agricultural Products", "Animal Resources", "Natural Medicines"):
                    assert p.max_output == max(q.max_output for q in poi.planets)


def test_npc_aliens_off_leaves_no_living_alien_race() -> None:
    def races(g: Galaxy) -> int:
        return sum(e.npc_race for poi in g.points_of_interest for e in all_encounters(poi))

    assert races(galaxy()) > 0
    assert races(galaxy("alpha", GalaxySettings(npc_aliens=False))) == 0


def test_size_roll_setting_brings_asteroid_belts() -> None:
    def size_zero(settings: GalaxySettings) -> int:
        return sum(1 for p in planets(galaxy("alpha", settings))
                   if p.step.size == 0 and p.zone not in ("Oort Cloud", "Rogue asteroid field"))

    assert size_zero(DEFAULT) == 0
    assert size_zero(GalaxySettings(size_roll=SizeRoll.WITH_ASTEROID_BELTS)) > 0


def test_gas_giant_setting_decides_which_sizes_are_gas_giants() -> None:
    def giant_sizes(settings: GalaxySettings) -> set[int]:
        return {p.step.size for p in planets(galaxy("alpha", settings)) if p.body is Body.GAS_GIANT}

    assert giant_sizes(DEFAULT) == {10}
    assert giant_sizes(GalaxySettings(gas_giant_min_size=9)) == {9, 10}


def test_merged_oort_clouds_leave_one_per_star() -> None:
    def most_oort_clouds(settings: GalaxySettings) -> int:
        return max(sum(1 for p in poi.planets if p.body is Body.OORT_CLOUD and p.star == star)
                   for poi in galaxy("alpha", settings).points_of_interest for star in range(len(poi.stars)))

    assert most_oort_clouds(DEFAULT) == 1
    assert most_oort_clouds(GalaxySettings(merge_oort_clouds=False)) > 1


def test_rogue_asteroid_field_setting_gives_it_a_belt() -> None:
    def belts(settings: GalaxySettings) -> list[int]:
        return [len(poi.planets) for poi in galaxy("alpha", settings).points_of_interest
                if poi.kind is ObjectKind.ROGUE_ASTEROIDS]

    assert belts(DEFAULT) and set(belts(DEFAULT)) == {1}
    assert set(belts(GalaxySettings(rogue_asteroid_belts=False))) == {0}


def test_deep_space_specials_in_empty_hexes_setting_adds_hidden_points_of_interest() -> None:
    def hidden(settings: GalaxySettings) -> int:
        return sum(1 for poi in galaxy("alpha", settings).points_of_interest if not poi.on_strategic_map)

    assert hidden(DEFAULT) == 0
    assert hidden(GalaxySettings(deep_space_specials_in_empty_hexes=True)) > 0


def test_binaries_hold_two_stars() -> None:
    binaries = [poi for poi in galaxy().points_of_interest if poi.kind is ObjectKind.BINARY]
    assert binaries
    assert all(len(poi.stars) == 2 and poi.components == tuple(s.kind for s in poi.stars) for poi in binaries)
