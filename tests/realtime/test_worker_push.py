"""A step resolved by a real Celery worker process on Redis reaches websocket clients, with the right sequence
numbers, and a client that was away catches up from the event log."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cvsite.cluster import Cluster
from tests.live import Client, next_event

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def advance(gm: Client, campaign_id: int) -> dict[str, object]:
    state = gm.get(f"/api/campaigns/{campaign_id}/")
    status, body = gm.request("POST", f"/api/campaigns/{campaign_id}/advance/",
                              {"round": state["round"], "step": state["step"]})
    assert status == 202, body
    return dict(body)


def test_step_resolved_by_a_worker_process_reaches_the_websocket(cluster_factory: Callable[..., Cluster]) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = Client(base).login("gm")
    player = Client(base).login("player1")
    campaign_id = gm.get("/api/campaigns/")[0]["id"]
    with player.websocket(campaign_id) as socket:
        before = player.get(f"/api/campaigns/{campaign_id}/events/")["last_seq"]
        advance(gm, campaign_id)
        closed = next_event(socket, "StepClosed")
        resolved = next_event(socket, "StepResolved")
        opened = next_event(socket, "StepOpened")
    assert closed["seq"] == before + 1
    assert resolved["seq"] > closed["seq"] and opened["seq"] == resolved["seq"] + 1
    assert (resolved["payload"]["step"], opened["payload"]["step"]) == ("explore.1", "explore.2")
    # The worker, not the web process, resolved it.
    assert "game.tasks.resolve_step" in (cluster.log_dir / "worker-1.log").read_text()


def test_client_that_reconnects_gets_every_event_it_missed_in_order(
    cluster_factory: Callable[..., Cluster],
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = Client(base).login("gm")
    spectator = Client(base)
    campaign_id = gm.get("/api/campaigns/")[0]["id"]
    with spectator.websocket(campaign_id):
        seen = spectator.get(f"/api/campaigns/{campaign_id}/events/")["last_seq"]
    # While the spectator is away, three steps are resolved.
    with gm.websocket(campaign_id) as gm_socket:
        for _ in range(3):
            advance(gm, campaign_id)
            next_event(gm_socket, "StepOpened")
    with spectator.websocket(campaign_id):
        missed = spectator.get(f"/api/campaigns/{campaign_id}/events/?since={seen}")["events"]
    seqs = [e["seq"] for e in missed]
    assert seqs == sorted(seqs) and seqs[0] == seen + 1
    resolved = [e["payload"]["step"] for e in missed if e["type"] == "StepResolved"]
    assert resolved == ["explore.1", "explore.2", "explore.3"]
    assert all(e["visibility"] == "public" for e in missed)
