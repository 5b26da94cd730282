"""Fleets through the REST API on PostgreSQL (issue 18, movement orders): a player reads their own fleets — flagship,
members, the speed of the slowest, waypoints and the ETA of each leg, the craft aboard — and none of a rival's; the
GM reads every civilization's; a spectator none; the order forms offer forming a fleet and a course of waypoints."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.game.conftest import Table, scenario_table

pytestmark = pytest.mark.django_db
SCENARIO = Path(__file__).resolve().parent / "fleets.yaml"


@pytest.fixture
def fleets(db: None) -> Table:
    return scenario_table("fleets", SCENARIO, players=2)


def test_a_player_reads_their_fleets_speed_route_and_craft_aboard_and_nothing_of_a_rivals(fleets: Table) -> None:
    mine = fleets.client(fleets.players[0]).get(fleets.url("fleets/")).json()
    assert (mine["role"], mine["module"]) == ("player", True)
    (guard,) = mine["fleets"]
    assert (guard["name"], guard["flagship_name"], guard["speed"]) == ("Home Guard", "Ark Royal", 4)  # the battleship
    assert [m["name"] for m in guard["members"]] == ["Ark Royal", "Bulwark"]
    assert guard["waypoints"] == ["1,0", "0,1"]
    # 0,0 -> 1,0: 1 Sector, 4 MP, 1 round at 4 MP; 1,0 -> 0,1: 1 Sector (hex neighbours), the same.
    assert guard["legs"] == [{"from": "0,0", "to": "1,0", "mp": 4, "rounds": 1},
                             {"from": "1,0", "to": "0,1", "mp": 4, "rounds": 1}]
    assert [u["name"] for u in guard["aboard"]] == ["Red One"]
    rival = fleets.client(fleets.players[1]).get(fleets.url("fleets/")).json()
    assert [f["name"] for f in rival["fleets"]] == ["Raiders"]


def test_the_gm_reads_every_fleet_and_a_spectator_none(fleets: Table) -> None:
    gm = fleets.client(fleets.gm).get(fleets.url("fleets/")).json()
    assert gm["role"] == "gm" and [f["name"] for f in gm["fleets"]] == ["Home Guard", "Raiders"]
    fleets.campaign.is_public = True
    fleets.campaign.save(update_fields=["is_public"])
    guest = fleets.client(None).get(fleets.url("fleets/")).json()
    assert guest["role"] == "spectator" and guest["fleets"] == []
