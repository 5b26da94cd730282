"""The GM's run to the next step that needs someone on real processes (Daphne, Celery workers, PostgreSQL, Redis):
one press resolves several steps, each by a worker and each pushed to the pages as it happens, and the run stops,
saying why, at the first step that needs someone."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from cvsite.cluster import Cluster
from tests.live import Client, advance_to, frame_events

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def test_one_press_runs_through_the_steps_that_need_nobody_and_pushes_each(
    cluster_factory: Callable[..., Cluster],
) -> None:
    cluster = cluster_factory(daphnes=1, workers=2)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = Client(base).login("gm")
    campaign_id = gm.get("/api/campaigns/")[0]["id"]
    advance_to(gm, campaign_id, "explore.14")  # Explore 14 takes orders; Exterminate 1 and 2 need nobody
    for player in ("player1", "player2", "player3"):  # every player is done with Explore
        status, body = Client(base).login(player).request(
            "POST", f"/api/campaigns/{campaign_id}/ready/", {"round": 1, "step": "explore.14"})
        assert status == 200, body
    assert gm.get(f"/api/campaigns/{campaign_id}/waiting/")["needs_someone"] is False

    pushed: list[dict[str, Any]] = []
    with gm.websocket(campaign_id) as socket:
        status, body = gm.request("POST", f"/api/campaigns/{campaign_id}/run-on/", {"round": 1, "step": "explore.14"})
        assert status == 202, body
        while not pushed or pushed[-1]["type"] != "RunOnStopped":
            message = json.loads(socket.recv(timeout=30))
            pushed.extend(frame_events(message))
    resolved = [e["payload"]["step"] for e in pushed if e["type"] == "StepResolved"]
    stop = pushed[-1]["payload"]
    # The run went on through several steps, each its own resolution and events, in the rules' order.
    assert len(resolved) >= 3 and resolved[:3] == ["explore.14", "exterminate.1", "exterminate.2"]
    opened = [e["payload"]["step"] for e in pushed if e["type"] == "StepOpened"]
    assert opened[:len(resolved)] == [*resolved[1:], stop["step"]]
    state = gm.get(f"/api/campaigns/{campaign_id}/")
    assert (state["step"], state["status"]) == (stop["step"], "open")
    waiting = gm.get(f"/api/campaigns/{campaign_id}/waiting/")
    assert waiting["needs_someone"] and stop["reason"] == waiting["summary"]
    # Workers, not the web process, resolved the steps and ran the run on.
    logs = "".join((cluster.log_dir / f"worker-{n}.log").read_text() for n in (1, 2))
    assert "game.tasks.step_opened" in logs and "game.tasks.resolve_step" in logs
