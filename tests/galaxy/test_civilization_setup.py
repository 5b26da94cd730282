"""Civilization setup around the start: the GM prices extra race items for the campaign, the campaign starts only
on approved races and factions, and a race's starting bonus or a faction's credits change the starting World."""

from __future__ import annotations

from typing import Any

import pytest

from game.models import Event
from tests.galaxy.conftest import race_json
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
