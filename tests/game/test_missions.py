"""Personnel missions through the services and the REST API on PostgreSQL: a mission ordered in Explore 12, its
proposal on the GM's desk, the GM's ruling, the report in Explore 4 private to the sender, and a caught agent told
to the civilization that caught it and to no one else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.models import Event
from tests.game.conftest import Table, scenario_table

pytestmark = pytest.mark.django_db
SCENARIO = Path(__file__).resolve().parents[1] / "golden" / "personnel_pips_venture.yaml"


@pytest.fixture
def spies(db: None) -> Table:
    return scenario_table("spies", SCENARIO, players=2)


def order_mission(table: Table, payload: dict[str, Any]) -> None:
    body = {**table.pointer(), "kind": "Mission", "payload": payload,
            "idempotency_key": f"mission-{payload['mission']}"}
    response = table.client(table.players[0]).post(table.url("orders/"), body, format="json")
    assert response.status_code == 201, response.json()


def test_a_player_sees_the_odds_before_ordering_and_the_gm_sees_the_proposed_rolls(spies: Table) -> None:
    spies.move_to(1, "explore.12")
    player = spies.client(spies.players[0])
    odds = player.get(spies.url("missions/odds/?unit_id=5&mission=incite_unrest&colony_id=22")).json()
    # Perception 3d+1 against 5d, +1d without Negotiation: three difficulty dice, each a Failure half the time.
    assert (odds["dice_left"], odds["success"], odds["risk_base"]) == (3, 0.125, 10)
    assert player.get(spies.url("missions/")).json()["agents"][0]["name"] == "Kestrel"
    order_mission(spies, {"unit_id": 5, "mission": "incite_unrest", "colony_id": 22})
    spies.resolve_step()
    desk = spies.client(spies.gm).get(spies.url("missions/")).json()
    (mission,) = desk["missions"]
    assert mission["status"] == "proposed" and mission["label"] == "Incite unrest"
    assert len(mission["proposal"]["success_faces"]) == 3 and len(mission["proposal"]["risk_faces"]) == 3
    assert mission["agent"]["clock"] == 12 and mission["agent"]["conditions"] == []
    # The player reads no proposal: only that the report is awaited.
    mine = player.get(spies.url("missions/")).json()["missions"]
    assert mine == [{**mine[0], "status": "awaiting report", "report": None}]
    assert "proposal" not in mine[0]
    # The rival reads nothing of it, nor may it ask the desk.
    rival = spies.client(spies.players[1]).get(spies.url("missions/")).json()
    assert rival["missions"] == [] and rival["caught"] == []
    assert spies.client(spies.players[1]).post(spies.url(f"missions/{mission['mission_id']}/ruling/"),
                                               {"action": "confirm"}, format="json").status_code == 403


def test_the_gm_edits_with_a_reason_and_the_report_goes_to_the_sender_and_the_catch_to_the_target(
        spies: Table) -> None:
    spies.move_to(1, "explore.12")
    order_mission(spies, {"unit_id": 5, "mission": "incite_unrest", "colony_id": 22})
    spies.resolve_step()
    gm = spies.client(spies.gm)
    (mission,) = gm.get(spies.url("missions/")).json()["missions"]
    ruling = spies.url(f"missions/{mission['mission_id']}/ruling/")
    refused = gm.post(ruling, {"action": "edit", "success": True, "caught": True}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "reason"
    assert not Event.objects.filter(campaign=spies.campaign, type="MissionAdjudicated").exists()
    assert gm.post(ruling, {"action": "edit", "success": True, "caught": True,
                            "reason": "Vega's militia was on alert"}, format="json").status_code == 200
    assert gm.post(ruling, {"action": "narrate", "narration": "Riots in the capital; Kestrel is seized."},
                   format="json").status_code == 200
    assert gm.get(spies.url("missions/")).json()["missions"][0]["status"] == "confirmed"
    spies.move_to(2, "explore.4")
    spies.resolve_step()
    sender, target = spies.civs[0].pk, spies.civs[1].pk
    report = Event.objects.get(campaign=spies.campaign, type="MissionReported")
    assert (report.visibility, report.civilization_id) == ("civ", sender)
    assert report.payload["success"] and report.payload["caught"]
    assert report.payload["narration"] == "Riots in the capital; Kestrel is seized."
    caught = Event.objects.get(campaign=spies.campaign, type="AgentCaught")
    assert (caught.visibility, caught.civilization_id) == ("civ", target)
    mine = spies.client(spies.players[0]).get(spies.url("missions/")).json()
    assert mine["missions"][0]["status"] == "reported" and mine["missions"][0]["report"]["caught"]
    rival = spies.client(spies.players[1]).get(spies.url("missions/")).json()
    assert rival["missions"] == []
    assert [(c["agent"], c["label"]) for c in rival["caught"]] == [("Kestrel", "Incite unrest")]
    seen = [e["type"] for e in spies.client(spies.players[1]).get(spies.url("events/")).json()["events"]]
    assert "AgentCaught" in seen and "MissionReported" not in seen and "MissionProposed" not in seen
