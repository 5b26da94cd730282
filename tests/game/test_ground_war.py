"""The ground war through the REST API on PostgreSQL (issue 18): the occupier reads its garrison and the rebellion
risk; the colony's owner reads only the battalions it detects, its own battalions in orbit and the odds of freeing
the colony before it orders the invasion; the GM confirms a world's destruction with a reason (§9.4), and the
planet becomes rubble with half its CP potential; a spectator reads nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import state_io
from tests.game.conftest import Table, scenario_table

pytestmark = pytest.mark.django_db
SCENARIO = Path(__file__).resolve().parent / "ground_war.yaml"


@pytest.fixture
def war(db: None) -> Table:
    return scenario_table("gw", SCENARIO, players=2)


def _colony(answer: dict[str, Any], planet: str) -> dict[str, Any]:
    colony: dict[str, Any] = next(c for c in answer["colonies"] if c["planet"] == planet)
    return colony


def test_the_occupier_reads_its_garrison_and_the_rebellion_risk(war: Table) -> None:
    sol = war.client(war.players[0]).get(war.url("ground-war/")).json()
    assert (sol["enabled"], sol["role"]) == (True, "player")
    vega2 = _colony(sol, "Vega II")
    assert [d["name"] for d in vega2["defenders"]] == ["1st Armored", "2nd Armored"]
    # STEP 5575: surface 5 is cluttered, an environment of 7 makes it obscured (-2 ranged AR, +2 ranged DR).
    assert (vega2["terrain"], vega2["terrain_modifiers"]) == ("obscured", [-2, 2])
    # Two cities, two battalions: fully garrisoned, a rising only on a 1 in 1d10.
    assert (vega2["garrison_needed"], vega2["rebellion_risk"], vega2["invasion"]) == (2, 10, None)
    assert [d["label"] for d in sol["destructions"]] == ["Crack the planet"]


def test_the_owner_sees_what_it_detects_and_the_odds_of_freeing_its_colony(war: Table) -> None:
    vega = war.client(war.players[1]).get(war.url("ground-war/")).json()
    vega2 = _colony(vega, "Vega II")
    assert [d["name"] for d in vega2["defenders"]] == ["1st Armored"]  # the 2nd is not detected
    assert vega2["rebellion_risk"] is None  # the occupier's to know
    assert vega2["others"] == []  # its own Marines are under "invasion", Sol's 2nd Armored unseen
    invasion = vega2["invasion"]
    assert [f["name"] for f in invasion["forces"]] == ["Vega Marines", "Home Guard"]
    assert invasion["orbit_won"] is True
    odds = invasion["odds"]
    assert odds["win"] + odds["hold"] + odds["lose"] == 100
    assert vega["destructions"] == []  # Sol's order is Sol's and the GM's


def test_the_gm_confirms_a_world_cracked_with_a_reason(war: Table) -> None:
    gm = war.client(war.gm)
    desk = gm.get(war.url("ground-war/")).json()
    # The colonies the ground war is about: Vega II (occupied, battalions there); not Terra or Deneb I.
    assert desk["role"] == "gm" and [c["planet"] for c in desk["colonies"]] == ["Vega II"]
    # The GM sees Vega's Marines waiting in Hope's hold; Vega does not see Sol's 2nd Armored (it is not detected).
    assert [o["name"] for o in desk["colonies"][0]["others"]] == ["Vega Marines", "Home Guard"]
    (order,) = desk["destructions"]
    url = war.url(f"ground-war/destructions/{order['destruction_id']}/ruling/")
    refused = gm.post(url, {"confirm": True, "reason": " "}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "reason"
    answer = gm.post(url, {"confirm": True, "reason": "A relativistic strike from the Ark"}, format="json").json()
    assert answer["destructions"] == []
    war.campaign.refresh_from_db()
    world = state_io.load_world(war.campaign)
    deneb = next(p for p in world.planets.values() if p.name == "Deneb I")
    assert (deneb.step, deneb.max_output) == ("0500", 60)  # §9.4: a 120 CP world becomes 60 CP of rubble
    player = war.client(war.players[0]).post(url, {"confirm": False, "reason": "no"}, format="json")
    assert player.status_code == 403


def test_a_spectator_reads_nothing_of_the_ground_war(war: Table) -> None:
    war.campaign.is_public = True
    war.campaign.save(update_fields=["is_public"])
    guest = war.client(None).get(war.url("ground-war/")).json()
    assert guest["role"] == "spectator" and guest["colonies"] == [] and guest["destructions"] == []
