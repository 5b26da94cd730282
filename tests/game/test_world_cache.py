"""The per-process world cache follows the database: it changes only when the transaction that changed the world
commits, so a step resolved in a transaction that rolls back leaves this process with the world as it was."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from game import dispatch, services, state_io
from game.engine.world import UnitState
from game.models import Campaign
from tests.game.conftest import make_table
from tests.game.test_world_pipeline import load_world

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


class Abandoned(Exception):
    """Raised after the step resolved, inside the transaction, so that all of it rolls back."""


def test_a_rolled_back_step_leaves_the_previous_world_in_the_cache(
    monkeypatch: pytest.MonkeyPatch, django_assert_num_queries: Any,
) -> None:
    monkeypatch.setattr(dispatch, "enqueue", lambda *args: None)  # this test resolves the step itself
    table = make_table("cache")
    load_world(table, step_index=13)
    services.order_submit(table.players[0], table.campaign.pk, round=1, step="explore.14", kind="PlotCourse",
                          payload={"unit_id": 1, "sector_id": "1,0"}, idempotency_key="plot-course-cache")
    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="explore.14")
    before = state_io.load_world(Campaign.objects.get(pk=table.campaign.pk))

    with pytest.raises(Abandoned), transaction.atomic():
        assert services.step_resolve(table.campaign.pk, 1, 13)
        assert state_io.load_world(Campaign.objects.get(pk=table.campaign.pk)).units[1].state is UnitState.EN_ROUTE
        raise Abandoned

    campaign = Campaign.objects.get(pk=table.campaign.pk)
    with django_assert_num_queries(0):  # read from this process's cache, which still holds the committed world
        world = state_io.load_world(campaign)
    assert world == before and world.units[1].state is not UnitState.EN_ROUTE
    # Resolved for good, the step moves the scout, and the cache follows.
    assert services.step_resolve(table.campaign.pk, 1, 13)
    assert state_io.load_world(Campaign.objects.get(pk=table.campaign.pk)).units[1].state is UnitState.EN_ROUTE
