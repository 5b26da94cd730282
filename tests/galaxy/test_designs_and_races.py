"""Unit designs belong to a civilization and are secret from the others; an impossible design is refused with its
field. Races cost Advantage Points (30 for a first-generation FTL race) or come from a faction; the GM reviews."""

from __future__ import annotations

from typing import Any

import pytest

from galaxy.models import CivilizationSetup, UnitDesignRecord
from game.engine.races import EXAMPLE_RACES
from game.engine.units import STARTER_UNITS
from game.engine.world import world_from_dict
from tests.galaxy.conftest import approve_all, generate, race_json
from tests.game.conftest import Table

pytestmark = pytest.mark.postgres

GUNBOAT: dict[str, Any] = {
    "name": "Gunboat", "scale": "CORVETTE",
    "stats": {"sensors": 2, "signature": 8, "movement_rate": 2, "targeting": 3, "evasion": 2, "hp": 10},
    "weapons": [{"type": "energy", "average_damage": 4}], "defenses": [{"type": "ballistic", "damage_resistance": 2}],
}


def test_preview_prices_a_design_as_it_is_edited(table: Table) -> None:
    client = table.client(table.players[0])
    small = client.post(table.url("designs/preview"), GUNBOAT, format="json").json()
    bigger = client.post(table.url("designs/preview"), {**GUNBOAT, "stats": {**GUNBOAT["stats"], "hp": 12}},
                         format="json").json()
    assert small["problems"] == []
    assert bigger["cost"]["mu"] > small["cost"]["mu"]
    assert bigger["cost"]["build_points"] > small["cost"]["build_points"]
    assert small["cost"]["offensive_potential"] == 4 * 1000


def test_an_impossible_design_is_refused_with_its_field(table: Table) -> None:
    client = table.client(table.players[0])
    ftl_corvette = {**GUNBOAT, "specials": {"ftl": True}}
    preview = client.post(table.url("designs/preview"), ftl_corvette, format="json").json()
    assert [p["field"] for p in preview["problems"]] == ["specials.ftl"]
    response = client.post(table.url("designs/"), ftl_corvette, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "specials.ftl" and "Dreadnought" in response.json()["error"]
    malformed = client.post(table.url("designs/"), {**GUNBOAT, "stats": {**GUNBOAT["stats"], "hp": "lots"}},
                            format="json")
    assert malformed.status_code == 400 and malformed.json()["field"] == "stats.hp"
    assert not UnitDesignRecord.objects.exists()


def test_designs_are_secret_from_other_civilizations(table: Table) -> None:
    owner, rival = table.client(table.players[0]), table.client(table.players[1])
    saved = owner.post(table.url("designs/"), GUNBOAT, format="json")
    assert saved.status_code == 201, saved.json()
    design_id = saved.json()["design_id"]
    assert owner.get(table.url(f"designs/{design_id}/")).status_code == 200
    assert rival.get(table.url(f"designs/{design_id}/")).status_code == 404
    rival_list = [d["design_id"] for d in rival.get(table.url("designs/")).json()["designs"]]
    assert design_id not in rival_list
    assert rival_list == [d.design_id for d in STARTER_UNITS]  # the starters are everyone's
    gm_list = [d["design_id"] for d in table.client(table.gm).get(table.url("designs/")).json()["designs"]]
    assert design_id in gm_list
    assert table.client(table.gm).get(table.url(f"designs/{design_id}/")).status_code == 200


def test_a_design_saved_after_the_start_joins_the_world(table: Table) -> None:
    generate(table)
    approve_all(table)
    assert table.client(table.gm).post(table.url("start/"), {}, format="json").status_code == 201
    saved = table.client(table.players[0]).post(table.url("designs/"), GUNBOAT, format="json")
    assert saved.status_code == 201
    table.campaign.refresh_from_db()
    design = world_from_dict(table.campaign.world).designs[saved.json()["design_id"]]
    assert design.civ_id == table.civs[0].pk and design.name == "Gunboat"


def test_the_four_example_races_total_exactly_30_ap_through_the_api(table: Table) -> None:
    client = table.client(table.players[0])
    for index, race in enumerate(EXAMPLE_RACES):
        response = client.post(table.url("setup/"), {"kind": "race", "race": race_json(index)}, format="json")
        assert response.status_code == 201, response.json()
        setup = response.json()["setup"]
        assert (setup["race"]["name"], setup["ap_total"]) == (race.name, 30)


def test_a_race_over_budget_is_refused_with_its_reason(table: Table) -> None:
    race = race_json(0)
    race["picks"].append({"key": "combat_reflexes", "levels": 1})
    response = table.client(table.players[0]).post(table.url("setup/"), {"kind": "race", "race": race},
                                                   format="json")
    assert response.status_code == 400 and "budget of 30 AP" in response.json()["error"]
    assert not CivilizationSetup.objects.exists()


def test_gm_sends_a_setup_back_with_a_comment_only_that_civilization_reads(table: Table) -> None:
    player = table.client(table.players[0])
    assert player.post(table.url("setup/"), {"kind": "faction", "faction": "gaians"}, format="json").status_code == 201
    civ_id = table.civs[0].pk
    refused = table.client(table.players[1]).post(table.url(f"civilizations/{civ_id}/review/"),
                                                  {"approve": True}, format="json")
    assert refused.status_code == 403
    response = table.client(table.gm).post(table.url(f"civilizations/{civ_id}/review/"),
                                           {"approve": False, "comment": "Too peaceful for this table."},
                                           format="json")
    assert response.status_code == 200 and response.json()["setup"]["status"] == "returned"

    def returned(client: Any) -> list[dict[str, Any]]:
        events = client.get(table.url("events/")).json()["events"]
        return [e for e in events if e["type"] == "CivilizationSetupReturned"]

    assert returned(player)[0]["payload"]["comment"] == "Too peaceful for this table."
    assert returned(table.client(table.players[1])) == []
    assert table.client(table.players[1]).get(table.url(f"civilizations/{civ_id}/setup/")).status_code == 404
    approved = table.client(table.gm).post(table.url(f"civilizations/{civ_id}/review/"), {"approve": True},
                                           format="json")
    assert approved.json()["setup"]["status"] == "approved"
