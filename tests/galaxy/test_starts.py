"""Each civilization's start, chosen by the GM on the setup page before Start: a preset per campaign and per
civilization, its figures edited, each refusal naming its field and changing nothing; Start gives each its own."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.starts import PRESETS
from game.engine.world import World, world_from_dict
from game.models import Event
from tests.galaxy.conftest import approve_all, generate
from tests.game.conftest import Table

pytestmark = pytest.mark.postgres


def _home(world: World, civ_id: int) -> str:
    colony = next(c for c in world.colonies.values() if c.civ_id == civ_id)
    return colony.planet_id


def test_a_campaign_started_the_web_way_gives_each_civilization_its_preset_and_the_gms_edits(table: Table) -> None:
    gm = table.client(table.gm)
    generate(table)
    approve_all(table)  # spartans: no extra credits, so each treasury is its start's
    assert gm.post(table.url("starts/"), {"preset": "rich"}, format="json").status_code == 200
    edited = gm.post(table.url(f"civilizations/{table.civs[0].pk}/start/"), {
        "preset": "standard", "mu": 900, "ore": 75,
        "units": [{"design_id": "builder", "count": 1}, {"design_id": "patrol-corvette", "count": 6}]}, format="json")
    assert edited.status_code == 200, edited.json()
    small = gm.post(table.url(f"civilizations/{table.civs[1].pk}/start/"), {"preset": "small"}, format="json")
    shown = {c["id"]: c["start"] for c in small.json()["civilizations"]}
    assert shown[table.civs[0].pk]["summary"] == "Standard (Cluster War §3.0): 900 MU, 75 Ore, 7 units"
    assert shown[table.civs[2].pk]["preset"] == "rich" and not shown[table.civs[2].pk]["edited"]

    assert gm.post(table.url("start/"), {}, format="json").status_code == 201
    table.campaign.refresh_from_db()
    world = world_from_dict(table.campaign.world)
    expected = {table.civs[0].pk: (900, 75, {"builder": 1, "patrol-corvette": 6}, PRESETS["standard"]),
                table.civs[1].pk: (PRESETS["small"].mu, PRESETS["small"].ore, dict(PRESETS["small"].units),
                                   PRESETS["small"]),
                table.civs[2].pk: (PRESETS["rich"].mu, PRESETS["rich"].ore, dict(PRESETS["rich"].units),
                                   PRESETS["rich"])}
    for civ_id, (mu, ore, units, preset) in expected.items():
        home = _home(world, civ_id)
        site = world.planets[home].poi_id
        assert world.civs[civ_id].mu == mu and world.ore_at(civ_id, site) == ore
        assert Counter(u.design_id for u in world.units.values() if u.civ_id == civ_id) == Counter(units)
        mine = next(m for m in world.mines.values() if m.civ_id == civ_id)
        assert mine.planet_id == home and mine.output == preset.mine_output
    # The builder's unit can be built: its design is in the World, with the Construction ability.
    assert world.designs["builder"].specials.construction_bp > 0


def test_a_campaign_started_the_web_way_prices_colonies_from_its_galaxy(table: Table) -> None:
    """Expand 5 prices a colony by the STEP difference from the home world and the planet's max CP (Cluster War
    §7.0) at the campaign's money scale: the World a web start builds carries all three."""
    gm = table.client(table.gm)
    generate(table)
    approve_all(table)
    assert gm.post(table.url("start/"), {}, format="json").status_code == 201
    table.campaign.refresh_from_db()
    world = world_from_dict(table.campaign.world)
    assert all(p.step and p.max_output == p.ore_deposit for p in world.planets.values())
    for civ in table.civs:
        assert world.civs[civ.pk].home_step == world.planets[_home(world, civ.pk)].step
    assert world.options.cp_per_mu == 10


def test_a_refused_edit_names_its_field_and_changes_nothing(table: Table) -> None:
    gm = table.client(table.gm)
    generate(table)
    civ = table.civs[0].pk
    assert gm.post(table.url(f"civilizations/{civ}/start/"), {"preset": "rich", "mu": 3000},
                   format="json").status_code == 200
    table.campaign.refresh_from_db()
    before, events = table.campaign.rule_options, Event.objects.filter(campaign=table.campaign).count()
    refusals = [
        ({"mu": -5}, "mu"),
        ({"ore": "lots"}, "ore"),
        ({"preset": "lavish"}, "preset"),
        ({"units": [{"design_id": "death-star", "count": 1}]}, "units[0].design_id"),
        ({"units": [{"design_id": "scout", "count": 1.5}]}, "units[0].count"),
        ({"treasury": 10}, "treasury"),
    ]
    for body, field in refusals:
        refused = gm.post(table.url(f"civilizations/{civ}/start/"), body, format="json")
        assert refused.status_code == 400 and refused.json()["field"] == field, (body, refused.json())
    bad_default = gm.post(table.url("starts/"), {"preset": "lavish"}, format="json")
    assert bad_default.status_code == 400 and bad_default.json()["field"] == "preset"
    table.campaign.refresh_from_db()
    assert table.campaign.rule_options == before
    assert Event.objects.filter(campaign=table.campaign).count() == events


def test_only_the_gm_sets_starts_and_only_before_the_start(table: Table) -> None:
    generate(table)
    url = table.url(f"civilizations/{table.civs[0].pk}/start/")
    assert table.client(table.players[0]).post(url, {"mu": 10**5}, format="json").status_code == 403
    approve_all(table)
    assert table.client(table.gm).post(table.url("start/"), {}, format="json").status_code == 201
    assert table.client(table.gm).post(url, {"preset": "rich"}, format="json").status_code == 409
    assert table.client(table.gm).post(table.url("starts/"), {"preset": "rich"}, format="json").status_code == 409
