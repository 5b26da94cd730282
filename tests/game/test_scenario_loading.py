"""A GM starts a campaign from a scenario file; `cv_scenario run` plays one and prints state and events."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from game.engine.world import world_from_dict
from game.models import Campaign, Event
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "round_small.json"


def test_scenario_civilizations_go_to_the_players_in_the_order_they_joined(table: Table) -> None:
    response = table.client(table.gm).post(table.url("scenario/"), {"text": DEMO.read_text()}, format="json")
    assert response.status_code == 200, response.json()
    world = world_from_dict(Campaign.objects.get(pk=table.campaign.pk).world)
    assert {c.civ_id: c.name for c in world.civs.values()} == {c.pk: c.name for c in table.civs}
    first = table.civs[0].pk
    assert {u.name for u in world.units.values() if u.civ_id == first} == {
        "Vigilant", "Resolute", "Sentinel", "Mayflower", "Yard One", "Providence", "Pathfinder"}
    assert Event.objects.filter(campaign=table.campaign, type="ScenarioLoaded", visibility="public").exists()


def test_a_player_cannot_load_a_scenario(table: Table) -> None:
    response = table.client(table.players[0]).post(table.url("scenario/"), {"text": DEMO.read_text()},
                                                   format="json")
    assert response.status_code == 403
    assert Campaign.objects.get(pk=table.campaign.pk).world == {}


def test_a_scenario_with_more_civilizations_than_players_is_refused(db: None) -> None:
    table = make_table("duo", players=2)
    response = table.client(table.gm).post(table.url("scenario/"), {"text": DEMO.read_text()}, format="json")
    assert response.status_code == 400
    assert "3 civilizations but only 2 joined" in response.json()["error"]
    assert Campaign.objects.get(pk=table.campaign.pk).world == {}


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("title: [unclosed", "text"),
        ("- just a list", "scenario"),
        ("title: No world", "world"),
        ("title: Bad order\nworld: {}\norders: [{civ_id: 1, step: explore.99, kind: Declare}]", "orders[0].step"),
    ],
)
def test_a_malformed_scenario_names_the_field_and_changes_nothing(table: Table, text: str, field: str) -> None:
    response = table.client(table.gm).post(table.url("scenario/"), {"text": text}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert Campaign.objects.get(pk=table.campaign.pk).world == {}


def test_no_scenario_after_the_first_step_is_resolved(table: Table) -> None:
    from game import services

    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="explore.1")
    services.step_resolve(table.campaign.pk, 1, 0)
    response = table.client(table.gm).post(table.url("scenario/"), {"text": DEMO.read_text()}, format="json")
    assert response.status_code == 409


def test_cv_scenario_run_prints_state_and_event_log_as_json() -> None:
    out = StringIO()
    call_command("cv_scenario", "run", str(GOLDEN), "--json", "--through", "1.explore.2", stdout=out)
    printed = json.loads(out.getvalue())
    assert [e["step"] for e in printed["events"]][-1] == "explore.2"
    assert {e["type"] for e in printed["events"]} >= {"UnitArrived", "StepResolved"}
    assert printed["state"]["civs"][0]["civ_id"] == 1


def test_cv_scenario_run_fails_when_an_expectation_is_not_met(tmp_path: Path) -> None:
    scenario = json.loads(GOLDEN.read_text())
    scenario["expect"]["civs.1.mu"] = 1
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(scenario))
    with pytest.raises(CommandError, match="1 expectation"):
        call_command("cv_scenario", "run", str(path), stdout=StringIO())
