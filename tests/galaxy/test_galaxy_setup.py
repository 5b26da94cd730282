"""The GM's galaxy: generated from a seed and settings, stored in PostgreSQL, re-rolled or hand-edited before the
campaign starts, then turned into the round engine's World with every joined civilization at a home world."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser

from galaxy.engine import HexCoord, hex_distance
from galaxy.models import GalaxyMap, StoredPointOfInterest
from galaxy.state_io import sector_of
from game.engine.starts import PRESETS
from game.engine.world import sector_distance, world_from_dict
from game.models import Campaign, Event
from tests.galaxy.conftest import GENERATE, approve_all, generate
from tests.game.conftest import Table

pytestmark = pytest.mark.postgres


def _stored(campaign: Campaign) -> tuple[list[Any], list[Any]]:
    galaxy_map = GalaxyMap.objects.get(campaign=campaign)
    rows = list(StoredPointOfInterest.objects.filter(galaxy=galaxy_map).order_by("col", "row")
                .values_list("col", "row", "kind", "data"))
    return rows, galaxy_map.home_worlds


def test_same_seed_and_settings_store_the_same_galaxy(table: Table, other_table: Table) -> None:
    generate(table)
    generate(other_table)
    first, second = _stored(table.campaign), _stored(other_table.campaign)
    assert first[0] and first == second
    generate(other_table, seed="another-seed")
    assert _stored(other_table.campaign)[0] != first[0]


def test_rerolling_replaces_the_stored_galaxy_and_proposes_home_worlds(table: Table) -> None:
    setup = generate(table, seed="")  # empty seed: a new random one, as the Re-roll button sends
    again = generate(table, seed="")
    assert setup["seed"] != again["seed"]
    galaxy_map = GalaxyMap.objects.get(campaign=table.campaign)
    assert galaxy_map.seed == again["seed"]
    assert StoredPointOfInterest.objects.filter(galaxy=galaxy_map).count() == len(again["points"])
    homes = again["home_worlds"]
    assert len(homes) == 3
    for home in homes:
        assert home["neighbourhood"]["viable_planets"] >= 3
        assert home["nearest_capital"] >= GENERATE["min_distance"]


def test_only_the_gm_generates_a_galaxy(table: Table, stranger: AbstractBaseUser) -> None:
    player = table.client(table.players[0]).post(table.url("galaxy/generate/"), GENERATE, format="json")
    assert player.status_code == 403 and player.json()["error"]
    assert table.client(stranger).post(table.url("galaxy/generate/"), GENERATE, format="json").status_code == 404
    assert table.client(table.players[0]).get(table.url("galaxy/")).status_code == 403
    assert not GalaxyMap.objects.filter(campaign=table.campaign).exists()


def test_bad_settings_are_refused_by_name_and_nothing_is_stored(table: Table) -> None:
    response = table.client(table.gm).post(table.url("galaxy/generate/"),
                                           {**GENERATE, "settings": {"width": 500}}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "settings"
    assert "width" in response.json()["error"]
    impossible = table.client(table.gm).post(table.url("galaxy/generate/"),
                                             {**GENERATE, "home_worlds": 40, "min_distance": 20}, format="json")
    assert impossible.status_code == 400 and impossible.json()["field"] == "home_worlds"
    assert not GalaxyMap.objects.filter(campaign=table.campaign).exists()


def test_gm_moves_a_home_world_by_hand_and_sees_its_neighbourhood(table: Table) -> None:
    setup = generate(table)
    taken = {h["hex"] for h in setup["home_worlds"]}
    detail = table.client(table.gm)
    target = next(
        f"{col:02d}{row:02d}" for col, row, _, _, _, planets, viable in setup["points"]
        if viable and f"{col:02d}{row:02d}" not in taken
        and any(p["viable"] and p["body"] == "terrestrial"
                for p in detail.get(table.url(f"galaxy/systems/{col:02d}{row:02d}/")).json()["planets"])
        and "alien" not in str(detail.get(table.url(f"galaxy/systems/{col:02d}{row:02d}/")).json()["specials"]).lower()
    )
    response = detail.post(table.url("galaxy/home-worlds/2/"), {"hex": target}, format="json")
    assert response.status_code == 200, response.json()
    moved = next(h for h in response.json()["home_worlds"] if h["number"] == 2)
    assert moved["hex"] == target and moved["edited"] and "viable_planets" in moved["neighbourhood"]
    empty = next(f"{c:02d}{r:02d}" for c in range(1, 31) for r in range(1, 31)
                 if (c, r) not in {(p[0], p[1]) for p in setup["points"]})
    refused = detail.post(table.url("galaxy/home-worlds/2/"), {"hex": empty}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "hex"


def test_start_builds_a_world_with_each_joined_civilization_at_a_home_world_with_its_start(table: Table) -> None:
    setup = generate(table)
    approve_all(table)
    response = table.client(table.gm).post(table.url("start/"), {}, format="json")
    assert response.status_code == 201, response.json()
    table.campaign.refresh_from_db()
    world = world_from_dict(table.campaign.world)
    assert set(world.civs) == {civ.pk for civ in table.civs}
    homes = {h["hex"] for h in setup["home_worlds"]}
    for civ in table.civs:
        colony = next(c for c in world.colonies.values() if c.civ_id == civ.pk)
        planet = world.planets[colony.planet_id]
        poi = world.pois[planet.poi_id]
        assert poi.poi_id in homes and planet.viable and planet.suitable_site and colony.operational
        units = [u for u in world.units.values() if u.civ_id == civ.pk]
        assert Counter(u.design_id for u in units) == Counter(dict(PRESETS["standard"].units))
        assert all(u.sector_id == poi.sector_id and u.poi_id == poi.poi_id for u in units)
        assert world.ore_at(civ.pk, poi.poi_id) > 0 and world.civs[civ.pk].mu > 0
        assert colony.planet_id in world.civs[civ.pk].surveyed_planets
    assert len(world.sectors) == 30 * 30
    # Each civilization learns only its own home world.
    own = Event.objects.filter(campaign=table.campaign, type="HomeWorldAssigned")
    assert sorted(own.values_list("civilization_id", flat=True)) == sorted(c.pk for c in table.civs)
    again = table.client(table.gm).post(table.url("start/"), {}, format="json")
    assert again.status_code == 409
    regenerate = table.client(table.gm).post(table.url("galaxy/generate/"), GENERATE, format="json")
    assert regenerate.status_code == 409


def test_start_needs_a_galaxy_and_a_home_world_for_every_civilization(table: Table) -> None:
    assert table.client(table.gm).post(table.url("start/"), {}, format="json").status_code == 409
    generate(table, home_worlds=2)
    approve_all(table)
    response = table.client(table.gm).post(table.url("start/"), {}, format="json")
    assert response.status_code == 409 and "home worlds" in response.json()["error"]
    assert table.client(table.players[0]).post(table.url("start/"), {}, format="json").status_code == 403


def test_offset_hexes_and_world_sectors_measure_the_same_distances() -> None:
    coords = [HexCoord(c, r) for c in (1, 2, 3, 8, 9, 30) for r in (1, 2, 5, 17)]
    for a in coords:
        for b in coords:
            assert sector_distance(sector_of(a), sector_of(b)) == hex_distance(a, b)
