"""The step pipeline in the service layer: a closed step is resolved exactly once, in the rules' order."""

from __future__ import annotations

from typing import Any

import pytest

from game import dispatch, services
from game.engine import steps as engine_steps
from game.engine.phases import ALL_STEPS
from game.models import Campaign, Event, StepResolution
from tests.game.conftest import Table

pytestmark = pytest.mark.django_db


def advance_and_resolve(table: Table) -> bool:
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step=campaign.step.key)
    return services.step_resolve(campaign.pk, campaign.round, campaign.step_index)


def test_resolving_moves_the_pointer_to_the_next_step(table: Table) -> None:
    assert advance_and_resolve(table)
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    assert (campaign.round, campaign.step.key, campaign.status) == (1, "explore.2", "open")
    types = list(Event.objects.filter(campaign=campaign).values_list("type", flat=True))
    assert types[-3:] == ["StepClosed", "StepResolved", "StepOpened"]


def test_a_task_delivered_twice_resolves_once(table: Table) -> None:
    assert advance_and_resolve(table)
    events = Event.objects.count()
    assert services.step_resolve(table.campaign.pk, 1, 0) is False
    assert Event.objects.count() == events
    assert StepResolution.objects.get(campaign=table.campaign, round=1, step_index=0).attempts == 1


def test_event_numbers_are_contiguous_per_campaign(table: Table, other_table: Table) -> None:
    advance_and_resolve(table)
    advance_and_resolve(other_table)
    for campaign in (table.campaign, other_table.campaign):
        seqs = list(Event.objects.filter(campaign=campaign).values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1))
        assert Campaign.objects.get(pk=campaign.pk).last_seq == len(seqs)


def test_after_exploit_comes_explore_of_the_next_fiscal_quarter(table: Table) -> None:
    Campaign.objects.filter(pk=table.campaign.pk).update(round=4, step_index=len(ALL_STEPS) - 1, first_year=2400)
    advance_and_resolve(table)
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    assert (campaign.round, campaign.step.key) == (5, "explore.1")
    # Four Fiscal Quarters are one Galactic Standard Year: round 5 is FQ1 of the second year.
    assert str(campaign.date) == "FQ1 GSY 2401"


def test_a_failed_resolution_shows_its_reason_and_stays_at_the_step(table: Table,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(step_input: object, dice: object) -> list[object]:
        raise RuntimeError("the ansible is down")

    monkeypatch.setitem(engine_steps.STEP_FUNCTIONS, "explore.1", broken)
    with pytest.raises(RuntimeError):
        advance_and_resolve(table)
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    assert (campaign.round, campaign.step.key, campaign.status) == (1, "explore.1", "failed")
    assert "the ansible is down" in campaign.failure
    assert not Event.objects.filter(campaign=campaign, type="StepResolved").exists()
    failed = Event.objects.get(campaign=campaign, type="ResolutionFailed")
    assert failed.visibility == "gm"
    # The GM fixes the cause and advances again: the same step resolves.
    monkeypatch.delitem(engine_steps.STEP_FUNCTIONS, "explore.1")
    assert advance_and_resolve(table)
    assert Campaign.objects.get(pk=table.campaign.pk).step.key == "explore.2"


def test_orders_accepted_before_close_are_part_of_the_resolution(table: Table) -> None:
    Campaign.objects.filter(pk=table.campaign.pk).update(step_index=6)
    services.order_submit(table.players[0], table.campaign.pk, round=1, step="explore.7", kind="Declare",
                          payload={"text": "Open fire on the intruder"}, idempotency_key="k-123456789")
    advance_and_resolve(table)
    resolved = Event.objects.get(campaign=table.campaign, type="StepResolved")
    assert resolved.payload["orders"] == 1


def test_sweep_requeues_a_resolution_stuck_in_running(table: Table, monkeypatch: pytest.MonkeyPatch,
                                                      django_capture_on_commit_callbacks: Any) -> None:
    enqueued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(dispatch, "enqueue", lambda *args: enqueued.append(args))
    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="explore.1")
    with django_capture_on_commit_callbacks(execute=True):
        assert services.stuck_resolutions_requeue(older_than_seconds=3600) == []
        requeued = services.stuck_resolutions_requeue(older_than_seconds=-1)
    assert len(requeued) == 1 and enqueued == [("game.tasks.resolve_step", table.campaign.pk, 1, 0)]
