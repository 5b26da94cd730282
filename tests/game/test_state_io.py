"""The event log is the record: the world rebuilt from the latest snapshot and the log equals the world the
resolutions computed, also after an undo that crosses a round's snapshot."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import services, state_io
from game.engine.phases import ALL_STEPS, STEPS_BY_KEY
from game.models import Campaign
from tests.game.conftest import Table

pytestmark = pytest.mark.django_db
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"
MINES = ALL_STEPS.index(STEPS_BY_KEY["exploit.3"])


def resolve_open_step(table: Table) -> None:
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step=campaign.step.key)
    assert services.step_resolve(campaign.pk, campaign.round, campaign.step_index)


def current(table: Table) -> Campaign:
    return Campaign.objects.get(pk=table.campaign.pk)


def test_world_rebuilt_from_snapshot_and_log_equals_the_computed_world(table: Table) -> None:
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    Campaign.objects.filter(pk=table.campaign.pk).update(step_index=MINES)
    for _ in range(len(ALL_STEPS) - MINES + 2):  # through the end of the round and into the next
        resolve_open_step(table)
    computed = state_io.load_world(current(table))
    state_io.forget(table.campaign.pk)  # another process, which never saw these steps
    assert state_io.load_world(current(table)) == computed
    assert current(table).world_seq > 0 and current(table).round == 2


def test_undo_across_the_round_snapshot_restores_the_world_before_the_step(table: Table) -> None:
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    Campaign.objects.filter(pk=table.campaign.pk).update(step_index=len(ALL_STEPS) - 1)
    before = state_io.load_world(current(table))
    resolve_open_step(table)  # Exploit 9 ends the round: a new snapshot is taken
    assert current(table).round == 2
    services.step_undo(table.gm, table.campaign.pk, expected_round=2, expected_step=ALL_STEPS[0].key,
                       reason="Trade taxes were wrong")
    assert (current(table).round, current(table).step.key) == (1, "exploit.9")
    assert state_io.load_world(current(table)) == before
    state_io.forget(table.campaign.pk)
    assert state_io.load_world(current(table)) == before
