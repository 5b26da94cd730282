"""Undo names the open step the GM saw, as Advance does (issue 33): a double click, a second tab or a retry can
no longer take back more than the one step the GM meant."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.db import connections

from game import services
from game.engine.phases import STEPS_BY_KEY
from game.models import Campaign, Event
from tests.game.conftest import Table, make_table

DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"
TABS = 6


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)  # each tab is a thread with its own connection: they must see commits
def test_six_concurrent_undos_take_back_exactly_one_step_and_the_others_are_told_where_it_stands() -> None:
    table = make_table("undo")
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    table.move_to(1, "explore.8")
    for _ in range(6):  # Explore 8 to 13 resolved: Explore 14 is open, six steps could be undone
        table.resolve_step()
    seen = table.pointer()
    assert seen == {"round": 1, "step": "explore.14"}
    start = threading.Barrier(TABS)

    def tab(_: int) -> tuple[int, dict[str, object]]:
        try:
            client = table.client(table.gm)
            start.wait()
            response = client.post(table.url("undo/"), {**seen, "reason": "A course was mistyped"}, format="json")
            return response.status_code, response.json()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(TABS) as pool:
        answers = list(pool.map(tab, range(TABS)))

    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] + [409] * (TABS - 1), answers
    assert table.pointer() == {"round": 1, "step": "explore.13"}
    assert Event.objects.filter(campaign=table.campaign, type="StepUndone").count() == 1
    label = STEPS_BY_KEY["explore.13"].label
    for status, body in answers:
        if status == 409:
            assert f"now at round 1, {label}" in str(body["error"]), body


def test_an_undo_from_a_page_left_open_changes_nothing(table: Table) -> None:
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    table.resolve_step()
    table.resolve_step()
    stale = {"round": 1, "step": "explore.2"}  # the page still shows the step before the last
    seq = Campaign.objects.get(pk=table.campaign.pk).last_seq
    response = table.client(table.gm).post(table.url("undo/"), {**stale, "reason": "Oops"}, format="json")
    assert response.status_code == 409
    assert "now at round 1, Explore 3" in response.json()["error"]
    assert Campaign.objects.get(pk=table.campaign.pk).last_seq == seq
    assert table.pointer() == {"round": 1, "step": "explore.3"}
