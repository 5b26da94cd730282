"""Repair, refits and surveys through the REST API on PostgreSQL (issue 18): a player reads their damaged unit with
every figure of its repair at their yard, its refits and scrapping, and their planet cards (a surveyed planet's STEP
code and output, an unsurveyed one's name only); a rival reads none of it; the GM reads every civilization's; a
spectator's answer is empty."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.game.conftest import Table, scenario_table

pytestmark = pytest.mark.django_db
SCENARIO = Path(__file__).resolve().parent / "yards.yaml"


@pytest.fixture
def docks(db: None) -> Table:
    return scenario_table("docks", SCENARIO, players=2)


def test_a_player_reads_the_repair_at_their_yard_and_their_planet_cards_and_nothing_of_a_rival(docks: Table) -> None:
    mine = docks.client(docks.players[0]).get(docks.url("yards/")).json()
    assert (mine["role"], mine["yards"], mine["survey"]) == ("player", True, True)
    (civ,) = mine["civs"]
    units = {u["name"]: u for u in civ["units"]}
    assert "Wreck" not in units
    battered = units["Battered"]
    assert (battered["hp"], battered["max_hp"], battered["work"]) == (4.0, 10.0, None)
    # 60% damaged: 6 BP of the Light Corvette's 10, half of 60% of its 20 MU; Dock A's 5 BP a round: 2 rounds.
    assert battered["repairs"] == [{"yard_id": 2, "yard": "Dock A", "mu": 6, "bp": 6, "rounds": 2}]
    assert battered["scrap"] == [{"yard_id": 2, "yard": "Dock A", "ore": 5}]
    cards = {p["name"]: p for p in civ["planets"]}
    assert (cards["Terra"]["surveyed"], cards["Terra"]["step"], cards["Terra"]["max_output"]) == (True, "5555", 40)
    assert cards["Vega II"] == {"planet_id": "vega-2", "name": "Vega II", "poi": "Vega", "sector_id": "5,0",
                                "surveyed": False}
    rival = docks.client(docks.players[1]).get(docks.url("yards/")).json()
    (theirs,) = rival["civs"]
    assert [u["name"] for u in theirs["units"]] == ["Wreck"] and theirs["units"][0]["repairs"] == []


def test_the_gm_reads_every_civilization_and_a_spectator_nothing(docks: Table) -> None:
    gm = docks.client(docks.gm).get(docks.url("yards/")).json()
    assert gm["role"] == "gm" and len(gm["civs"]) == 2
    docks.campaign.is_public = True
    docks.campaign.save(update_fields=["is_public"])
    guest = docks.client(None).get(docks.url("yards/")).json()
    assert guest["role"] == "spectator" and guest["civs"] == []
