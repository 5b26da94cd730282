"""A GM starts a campaign from a scenario file; `cv_scenario run` plays one and prints state and events."""

from __future__ import annotations

import json
import subprocess
import sys
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


# Issue 33, defect 11: what a scenario may hold, each bound refused naming its field (400 on the web, a plain line
# and exit code 2 from `cv_scenario`), before anything is stored or played.
MINIMAL = "title: Bounded\nworld: {civs: [{civ_id: 1, name: One}]}\n"
NESTED = "title: Deep\nworld: {}\nexpect: " + "[" * 5000 + "]" * 5000 + "\n"
ALIAS_BOMB = "title: Bomb\nworld: {}\nexpect:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"  {c}: &{c} [{', '.join([f'*{p}'] * 10)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))
SELF_HOLDING = "title: Loop\nworld: {}\nexpect: &loop [*loop]\n"
OUT_OF_BOUNDS = [
    (MINIMAL + f"round: {2**31}\n", "round", "from 1 to 1,000"),
    (MINIMAL + f"first_round: {2**64}\n", "first_round", "from 1 to 1,000"),
    (MINIMAL + "first_year: -1000000\n", "first_year", "from 1 to 100,000"),
    (MINIMAL + "first_year: 0\n", "first_year", "from 1 to 100,000"),
    (MINIMAL + "seed: " + "s" * 1_000_000 + "\n", "seed", "at most 64 characters"),
    (MINIMAL + f"seed: {2**300}\n", "seed", "at most 64 characters"),
    (MINIMAL + "rounds: 100000\n", "rounds", "from 1 to 100"),
    (MINIMAL + "round: 999\nrounds: 5\n", "rounds", "from 1 to 2"),
    (MINIMAL.replace("Bounded", "T" * 201), "title", "at most 200 characters"),
    (MINIMAL + f"victory: {{round_limit: {2**64}}}\n", "victory.round_limit", "at most 1000"),
    (NESTED, "text", "nested more than 64"),
    (ALIAS_BOMB, "text", "more than 100,000 nodes through aliases"),
    (SELF_HOLDING, "text", "cannot contain itself"),
]


@pytest.mark.parametrize(("text", "field", "bound"), OUT_OF_BOUNDS, ids=[f for _, f, _ in OUT_OF_BOUNDS])
def test_a_scenario_past_a_bound_is_refused_naming_the_field_and_bound(
        table: Table, text: str, field: str, bound: str) -> None:
    before = Campaign.objects.get(pk=table.campaign.pk)
    response = table.client(table.gm).post(table.url("scenario/"), {"text": text}, format="json")
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    assert body["field"] == field and bound in body["error"], body
    after = Campaign.objects.get(pk=table.campaign.pk)
    assert (after.world, after.round, after.first_year, after.seed, after.last_seq) == (
        before.world, before.round, before.first_year, before.seed, before.last_seq)


def test_a_scenario_upload_longer_than_its_bound_is_refused(table: Table) -> None:
    from game.engine.scenario import MAX_SCENARIO_CHARS

    text = MINIMAL + "# " + "x" * MAX_SCENARIO_CHARS + "\n"
    response = table.client(table.gm).post(table.url("scenario/"), {"text": text}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "text" and f"{MAX_SCENARIO_CHARS}" in response.json()["error"]
    assert Campaign.objects.get(pk=table.campaign.pk).world == {}


def test_a_scenario_within_its_bounds_still_loads(table: Table) -> None:
    text = MINIMAL + "round: 1000\nfirst_year: 100000\nseed: " + "s" * 64 + "\n"
    response = table.client(table.gm).post(table.url("scenario/"), {"text": text}, format="json")
    assert response.status_code == 200, response.json()
    after = Campaign.objects.get(pk=table.campaign.pk)
    assert (after.round, after.first_year, after.seed) == (1000, 100_000, "s" * 64)


COMMAND_CASES = [case for case in OUT_OF_BOUNDS if case[1] in ("rounds", "text", "round", "first_year")]


@pytest.mark.parametrize(("text", "field", "bound"), COMMAND_CASES, ids=[f for _, f, _ in COMMAND_CASES])
def test_cv_scenario_refuses_a_file_past_a_bound_with_one_line_and_exit_code_2(
        tmp_path: Path, text: str, field: str, bound: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(CommandError) as refused:
        call_command("cv_scenario", "run", str(path), stdout=StringIO())
    assert refused.value.returncode == 2
    assert f"{field}:" in str(refused.value) and bound in str(refused.value) and "\n" not in str(refused.value)


def test_cv_scenario_on_a_deeply_nested_file_prints_no_traceback(tmp_path: Path) -> None:
    """As run from a shell: the error line on stderr and exit code 2, where a RecursionError's traceback was."""
    path = tmp_path / "deep.yaml"
    path.write_text(NESTED)
    done = subprocess.run([sys.executable, "manage.py", "cv_scenario", "run", str(path)], capture_output=True,
                          text=True, timeout=120, cwd=Path(__file__).resolve().parents[2], check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "nested more than 64" in done.stderr
