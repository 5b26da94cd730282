"""The event log as a large step writes it: thousands of events go in with COPY (issue 19, a 50,000-unit round)
and read back exactly as the few a GM's action appends do, numbered in order, with their ids and times, their
witnesses, and pushed once."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.db import transaction

from game import realtime
from game.engine import events as engine_events
from game.ledger import MANY_EVENTS, append_events, locked_campaign
from game.models import Event, EventWitness
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(db: None) -> Table:
    return make_table("log-writes")


def _events(count: int, civ_id: int, other_id: int) -> list[engine_events.Event]:
    message = engine_events.Event("MessageDelivered", {"from_civ": civ_id, "to_civ": other_id, "text": "hello",
                                                       "seen_by": [civ_id, other_id]}, engine_events.Visibility.GM)
    return [message, *(engine_events.Event("NoteSent", {"from": "gm", "civ_id": civ_id, "text": f"note {n}",
                                                        "order_id": None, "author": "gm"},
                                           engine_events.Visibility.CIV, civ_id) for n in range(count - 1))]


@pytest.mark.parametrize("count", [1, MANY_EVENTS, 250])  # one event is inserted; from MANY_EVENTS, COPY
def test_a_steps_events_are_stored_in_order_and_read_back_as_appended(table: Table, count: int) -> None:
    civ_id, other_id = table.civs[0].pk, table.civs[1].pk
    with transaction.atomic():
        campaign = locked_campaign(table.campaign.pk)
        before = campaign.last_seq
        rows = append_events(campaign, _events(count, civ_id, other_id), table.gm)
    stored = list(Event.objects.filter(campaign=table.campaign, seq__gt=before).order_by("seq"))
    assert [row.seq for row in stored] == list(range(before + 1, before + count + 1))
    assert [row.pk for row in rows] == [row.pk for row in stored]
    assert [row.as_message() for row in rows] == [row.as_message() for row in stored]
    assert stored[-1].payload["text"] == (f"note {count - 2}" if count > 1 else "hello")
    assert stored[-1].civilization_id == (civ_id if count > 1 else None)
    assert stored[0].actor_id == table.gm.pk and stored[0].round == table.campaign.round
    assert set(EventWitness.objects.filter(event=stored[0]).values_list("civilization_id", flat=True)) == {
        civ_id, other_id}


@pytest.mark.parametrize(("count", "returning"), [(1, True), (MANY_EVENTS, True), (250, False)])
def test_the_pushed_events_are_the_stored_ones_whether_or_not_their_rows_are_returned(
        table: Table, count: int, returning: bool,
        django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[list[Callable[[], Any]]]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    civ_id, other_id = table.civs[0].pk, table.civs[1].pk
    pushes: list[tuple[Any, ...]] = []
    monkeypatch.setattr(realtime, "publish_events", lambda *args: pushes.append(args))
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        campaign = locked_campaign(table.campaign.pk)
        before = campaign.last_seq
        rows = append_events(campaign, _events(count, civ_id, other_id), table.gm, returning=returning)
    ((_, pushed, _),) = pushes  # one push: the campaign, the messages, its access_seq
    stored = list(Event.objects.filter(campaign=table.campaign, seq__gt=before).order_by("seq"))
    assert pushed == [row.as_message() for row in stored]  # the same times too, to the microsecond
    assert len(rows) == (count if returning else 0)
    assert set(EventWitness.objects.filter(event=stored[0]).values_list("civilization_id", flat=True)) == {
        civ_id, other_id}
