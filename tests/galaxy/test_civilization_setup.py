"""Civilization setup around the start: the GM prices extra race items for the campaign, the campaign starts only
on approved races and factions, and a race's starting bonus or a faction's credits change the starting World."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from galaxy.models import CivilizationSetup
from game.engine.world import world_from_dict
from game.models import Event
from tests.galaxy.conftest import approve_all, generate, race_json
from tests.game.conftest import Table

pytestmark = pytest.mark.postgres

DEEP_DIVERS: dict[str, Any] = {"key": "deep_divers", "name": "Deep Divers", "category": "Racial Abilities",
                               "ap": 3, "max_levels": 2, "note": "breathe under pressure"}


def _race_with(picks: list[dict[str, Any]]) -> dict[str, Any]:
    race = race_json(3)  # the Oolab: 30 AP
    race["picks"] = [p for p in race["picks"] if p["key"] != "sector_survey"] + picks  # 30 - 10 AP
    return race


def test_gm_prices_an_item_the_race_builder_offers_and_races_are_priced_with(table: Table) -> None:
    player = table.client(table.players[0])
    unpriced = player.post(table.url("setup/"), {"kind": "race", "race": _race_with(
        [{"key": "deep_divers", "levels": 2}])}, format="json")
    assert unpriced.status_code == 400 and unpriced.json()["field"] == "race.picks.deep_divers"
    assert player.post(table.url("races/items/"), DEEP_DIVERS, format="json").status_code == 403
    added = table.client(table.gm).post(table.url("races/items/"), DEEP_DIVERS, format="json")
    assert added.status_code == 201, added.json()
    offered = {i["key"]: i for i in player.get(table.url("races/items/")).json()["extra_items"]}
    assert offered["deep_divers"]["ap"] == 3 and "advanced_sonar" in offered  # the §3.2 items stay on offer
    priced = player.post(table.url("setup/"), {"kind": "race", "race": _race_with(
        [{"key": "deep_divers", "levels": 2}])}, format="json")
    assert priced.status_code == 201, priced.json()
    assert priced.json()["setup"]["ap_total"] == 30 - 10 + 2 * 3
    over_levels = player.post(table.url("setup/"), {"kind": "race", "race": _race_with(
        [{"key": "deep_divers", "levels": 3}])}, format="json")
    assert over_levels.status_code == 400 and over_levels.json()["field"] == "race.picks.deep_divers"
    assert table.client(table.gm).get(table.url("galaxy/")).json()["race_items"] == [DEEP_DIVERS]
    assert Event.objects.filter(campaign=table.campaign, type="RaceItemPriced").count() == 1


@pytest.mark.parametrize(("change", "field"), [
    ({"key": "combat_reflexes"}, "key"),  # a checklist key: it would re-price Combat reflexes
    ({"key": "sonar", "name": "Advanced Sonar"}, "name"),  # the §3.2 item by another key
    ({"ap": 51}, "ap"),
    ({"ap": "cheap"}, "ap"),
    ({"ap": 2.5}, "ap"),
    ({"max_levels": 0}, "max_levels"),
    ({"category": "Snacks"}, "category"),
    ({"key": "Bad Key!"}, "key"),
    ({"name": " "}, "name"),
])
def test_an_item_that_re_prices_the_list_or_has_a_bad_price_is_refused_by_field(
        table: Table, change: dict[str, Any], field: str) -> None:
    response = table.client(table.gm).post(table.url("races/items/"), {**DEEP_DIVERS, **change}, format="json")
    assert response.status_code == 400 and response.json()["field"] == field, response.json()
    table.campaign.refresh_from_db()
    assert "race_items" not in table.campaign.rule_options


def test_the_same_item_cannot_be_priced_twice(table: Table) -> None:
    gm = table.client(table.gm)
    assert gm.post(table.url("races/items/"), DEEP_DIVERS, format="json").status_code == 201
    again = gm.post(table.url("races/items/"), {**DEEP_DIVERS, "ap": 1}, format="json")
    assert again.status_code == 400 and again.json()["field"] == "key" and "re-priced" in again.json()["error"]


def _start(at: Table) -> Any:
    return at.client(at.gm).post(at.url("start/"), {}, format="json")


def test_start_is_refused_naming_each_civilization_not_yet_approved(table: Table) -> None:
    generate(table)
    approve_all(table)
    first, second = table.civs[0], table.civs[1]
    CivilizationSetup.objects.filter(civilization=first).update(status=CivilizationSetup.Status.SUBMITTED)
    CivilizationSetup.objects.filter(civilization=second).delete()  # never submitted
    refused = _start(table)
    assert refused.status_code == 409 and refused.json()["field"] == "civilizations"
    assert first.name in refused.json()["error"] and second.name in refused.json()["error"]
    assert table.civs[2].name not in refused.json()["error"]
    table.campaign.refresh_from_db()
    assert not table.campaign.world_seq and not Event.objects.filter(type="HomeWorldAssigned").exists()
    assert table.client(table.gm).post(table.url(f"civilizations/{first.pk}/review/"), {"approve": True},
                                       format="json").status_code == 200
    _submit_and_approve(table, 1, {"kind": "faction", "faction": "gaians"})
    assert _start(table).status_code == 201


def _submit_and_approve(at: Table, index: int, setup: dict[str, Any]) -> None:
    assert at.client(at.players[index]).post(at.url("setup/"), setup, format="json").status_code == 201
    civ_id = at.civs[index].pk
    assert at.client(at.gm).post(at.url(f"civilizations/{civ_id}/review/"), {"approve": True},
                                 format="json").status_code == 200


def test_a_races_starting_bonus_and_a_factions_credits_change_the_starting_treasury(table: Table) -> None:
    """Money scale 10 CP per MU, 1 MU per credit (docs/rules.md, "Campaign setup: rulings"), on the standard start's
    1,250 MU."""
    generate(table)
    humans = race_json(0)  # 2 Extra Colonies: +500 CP
    bonus_race = _race_with([{"key": "convert_ap_to_cp", "levels": 3}, {"key": "smaller_fleet", "levels": 5}])
    _submit_and_approve(table, 0, {"kind": "race", "race": humans})
    _submit_and_approve(table, 1, {"kind": "race", "race": bonus_race})  # +300 CP pre-built, -500 CP starships
    _submit_and_approve(table, 2, {"kind": "faction", "faction": "morgan"})  # +50 credits
    assert _start(table).status_code == 201
    table.campaign.refresh_from_db()
    mu = {civ_id: civ.mu for civ_id, civ in world_from_dict(table.campaign.world).civs.items()}
    assert mu == {table.civs[0].pk: 1250 + 50, table.civs[1].pk: 1250 + 30 - 50, table.civs[2].pk: 1250 + 50}


def test_the_money_scale_is_a_campaign_setting_and_the_treasury_never_starts_below_zero(table: Table) -> None:
    table.campaign.rule_options = {"starting_assets": {"cp_per_mu": 5, "mu_per_credit": 2}}
    table.campaign.save(update_fields=["rule_options"])
    generate(table)
    for civ in table.civs:  # the GM gives everyone a 20 MU treasury
        edited = table.client(table.gm).post(table.url(f"civilizations/{civ.pk}/start/"), {"mu": 20}, format="json")
        assert edited.status_code == 200, edited.json()
    _submit_and_approve(table, 0, {"kind": "race", "race": _race_with([{"key": "smaller_fleet", "levels": 10}])})
    _submit_and_approve(table, 1, {"kind": "faction", "faction": "morgan"})
    _submit_and_approve(table, 2, {"kind": "faction", "faction": "spartans"})  # no credits: the standard start
    assert _start(table).status_code == 201
    table.campaign.refresh_from_db()
    mu = {civ_id: civ.mu for civ_id, civ in world_from_dict(table.campaign.world).civs.items()}
    assert mu == {table.civs[0].pk: 0, table.civs[1].pk: 20 + 100, table.civs[2].pk: 20}


def test_the_race_page_says_where_the_setup_stands_in_words_through_approval_and_the_start(table: Table) -> None:
    player, gm = table.client(table.players[0]), table.client(table.gm)
    civ = table.civs[0]

    def status() -> tuple[str, bool]:
        mine = player.get(table.url(f"civilizations/{civ.pk}/setup/")).json()
        return mine["status_text"], mine["started"]

    assert status() == ("Nothing submitted yet: design a race or take a faction; the GM approves it before the "
                        "start.", False)
    generate(table)
    approve_all(table)
    assert status() == ("Faction Spartans: approved by the GM; the campaign starts when the GM starts it.",
                        False)
    assert gm.post(table.url("start/"), {}, format="json").status_code == 201
    # The page (reading this answer) no longer says "submitted" nor offers to submit once the campaign has started.
    assert status() == ("Faction Spartans: in play since the campaign started; it can no longer change.",
                        True)
    browser = Client()
    browser.force_login(table.players[0])  # type: ignore[arg-type]  # the project's user model
    page = browser.get(f"/campaigns/{table.campaign.pk}/civilization/").content.decode()
    assert '"status_text": "Faction Spartans: in play since the campaign started' in page
