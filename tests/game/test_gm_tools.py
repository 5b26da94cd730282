"""The GM's tools on a step: preview without committing, override a result with a reason, undo the last step,
and physical dice entered instead of server rolls."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import services, state_io
from game.engine.dice import DiceExhausted
from game.engine.phases import ALL_STEPS, STEPS_BY_KEY
from game.models import Campaign, Event
from tests.game.conftest import Table

pytestmark = pytest.mark.django_db
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"
TAXES = ALL_STEPS.index(STEPS_BY_KEY["exploit.5"])


def demo_at(table: Table, step_index: int) -> None:
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    Campaign.objects.filter(pk=table.campaign.pk).update(step_index=step_index)


def mu(table: Table, civ_index: int) -> int:
    world = state_io.load_world(Campaign.objects.get(pk=table.campaign.pk))
    return world.civs[table.civs[civ_index].pk].mu


def preview(table: Table) -> dict[str, Any]:
    response = table.client(table.gm).post(table.url("preview/"), table.pointer(), format="json")
    assert response.status_code == 200, response.json()
    return dict(response.json())


def test_preview_proposes_the_outcome_and_changes_nothing(table: Table) -> None:
    demo_at(table, TAXES)
    seq = Campaign.objects.get(pk=table.campaign.pk).last_seq
    proposed = preview(table)
    taxes = [e for e in proposed["events"] if e["type"] == "TaxesCollected"]
    # Exploit 5: 1 MU per Legal Citizen (docs/rules.md); the demo's first civilization has 40 on Earth (its
    # standard start's home colony, at the planet's maximum) and 1,250 MU.
    assert {"civ_id": table.civs[0].pk, "mu": 40} in [e["payload"] for e in taxes]
    # The GM reads each proposed event in words, as the log will say it.
    assert all(e["description"] and "None" not in e["description"] for e in proposed["events"])
    assert any(e["description"].startswith(table.civs[0].name) for e in taxes)
    assert Campaign.objects.get(pk=table.campaign.pk).last_seq == seq
    assert mu(table, 0) == 1250
    assert preview(table)["digest"] == proposed["digest"], "the same seed and orders give the same outcome"


def test_only_the_gm_can_preview(table: Table) -> None:
    demo_at(table, TAXES)
    response = table.client(table.players[0]).post(table.url("preview/"), table.pointer(), format="json")
    assert response.status_code == 403


def test_an_override_with_a_reason_is_committed_and_shown_to_the_civilization_concerned(table: Table) -> None:
    demo_at(table, TAXES)
    proposed = preview(table)
    index = next(e["index"] for e in proposed["events"]
                 if e["type"] == "TaxesCollected" and e["civ_id"] == table.civs[0].pk)
    body = {**table.pointer(), "preview_digest": proposed["digest"],
            "overrides": [{"index": index, "payload": {"civ_id": table.civs[0].pk, "mu": 5},
                           "reason": "Tax revolt on Earth"}]}
    assert table.client(table.gm).post(table.url("advance/"), body, format="json").status_code == 202
    assert services.step_resolve(table.campaign.pk, 1, TAXES)
    assert mu(table, 0) == 1255
    seen = table.client(table.players[0]).get(table.url("events/")).json()["events"]
    overridden = [e for e in seen if e["type"] == "ResultOverridden"]
    assert overridden and overridden[0]["payload"]["reason"] == "Tax revolt on Earth"
    others = table.client(table.players[1]).get(table.url("events/")).json()["events"]
    assert not [e for e in others if e["type"] == "ResultOverridden"]


def test_an_override_needs_a_reason_and_changes_nothing_without(table: Table) -> None:
    demo_at(table, TAXES)
    proposed = preview(table)
    body = {**table.pointer(), "preview_digest": proposed["digest"],
            "overrides": [{"index": 0, "payload": {}, "reason": " "}]}
    response = table.client(table.gm).post(table.url("advance/"), body, format="json")
    assert response.status_code == 400
    assert Campaign.objects.get(pk=table.campaign.pk).status == "open"


def test_an_override_against_a_stale_preview_is_refused(table: Table) -> None:
    demo_at(table, TAXES)
    proposed = preview(table)
    body = {**table.pointer(), "preview_digest": "0" * 64,
            "overrides": [{"index": 0, "payload": proposed["events"][0]["payload"], "reason": "typo"}]}
    response = table.client(table.gm).post(table.url("advance/"), body, format="json")
    assert response.status_code == 409
    assert "Preview again" in response.json()["error"]


def test_undo_restores_the_step_and_resolving_again_gives_the_same_result(table: Table) -> None:
    demo_at(table, TAXES)
    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="exploit.5")
    services.step_resolve(table.campaign.pk, 1, TAXES)
    after_first = mu(table, 0)
    assert after_first == 1290
    response = table.client(table.gm).post(table.url("undo/"), {**table.pointer(), "reason": "Forgot the tax holiday"},
                                           format="json")
    assert response.status_code == 200
    assert response.json()["step"] == "exploit.5"
    assert mu(table, 0) == 1250
    undone = Event.objects.filter(campaign=table.campaign, type="TaxesCollected")
    assert undone.exists() and all(e.undone for e in undone)
    told = table.client(table.players[2]).get(table.url("events/")).json()["events"]
    assert any(e["type"] == "StepUndone" and e["payload"]["reason"] == "Forgot the tax holiday" for e in told)
    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="exploit.5")
    assert services.step_resolve(table.campaign.pk, 1, TAXES)
    assert mu(table, 0) == after_first


def test_a_player_cannot_undo_and_undo_needs_a_resolved_step(table: Table) -> None:
    undo = {**table.pointer(), "reason": "x"}
    assert table.client(table.players[0]).post(table.url("undo/"), undo, format="json").status_code == 403
    response = table.client(table.gm).post(table.url("undo/"), undo, format="json")
    assert response.status_code == 409


def test_physical_dice_only_asks_for_rolls_then_uses_them(table: Table) -> None:
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text().replace(
        "gm_detection_rolls: false", "gm_detection_rolls: true"))
    Campaign.objects.filter(pk=table.campaign.pk).update(
        step_index=ALL_STEPS.index(STEPS_BY_KEY["explore.5"]), rule_options={"dice_mode": "entered"})
    response = table.client(table.gm).post(table.url("preview/"), table.pointer(), format="json")
    assert response.status_code == 409
    assert response.json()["needs"]["sides"] == 20
    rolls = [20] * 40
    assert table.client(table.gm).post(table.url("dice/"), {"rolls": rolls}, format="json").status_code == 200
    proposed = preview(table)
    assert proposed["rolls"] and all(r["result"] == 20 for r in proposed["rolls"])


def test_entered_rolls_out_of_range_are_refused_naming_the_roll(table: Table) -> None:
    response = table.client(table.gm).post(table.url("dice/"), {"rolls": [3, 0]}, format="json")
    assert response.status_code == 400
    assert response.json()["field"].startswith("rolls")


def test_a_resolution_that_runs_out_of_physical_rolls_waits_for_the_gms_dice_rather_than_failing(
        table: Table) -> None:
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text().replace(
        "gm_detection_rolls: false", "gm_detection_rolls: true"))
    Campaign.objects.filter(pk=table.campaign.pk).update(
        step_index=ALL_STEPS.index(STEPS_BY_KEY["explore.5"]), rule_options={"dice_mode": "entered"})
    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="explore.5")
    with pytest.raises(DiceExhausted):
        services.step_resolve(table.campaign.pk, 1, ALL_STEPS.index(STEPS_BY_KEY["explore.5"]))
    state = table.client(table.gm).get(table.url()).json()
    assert state["rolls_wanted"].startswith("a d20 for ") and "advance again" in state["rolls_wanted"]
    assert "DiceExhausted" not in state["failure"]
    assert "rolls_wanted" not in table.client(table.players[0]).get(table.url()).json()
