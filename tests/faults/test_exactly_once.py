"""Step resolution happens exactly once whatever happens to the processes, on real Daphne, Celery workers,
PostgreSQL and Redis: a task delivered twice, a worker killed (SIGKILL) in the middle of a resolution (its pool
child, or the whole worker), Redis restarted, a Daphne process restarted. Recovery times are printed (-s)."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from celery import Celery

from cvsite.cluster import Cluster, start_cluster
from tests.faults.conftest import RedisServer, sql, wait_until
from tests.live import Client, next_event

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
BIG_WORLD = 120_000  # units: resolving a step takes seconds, long enough to kill a worker in the middle


def demo(cluster: Cluster, port_index: int = 0) -> tuple[Client, int]:
    cluster.manage("cv_demo")
    gm = Client(f"http://127.0.0.1:{cluster.daphne_ports[port_index]}").login("gm")
    return gm, gm.get("/api/campaigns/")[0]["id"]


def advance(gm: Client, campaign_id: int) -> None:
    state = gm.get(f"/api/campaigns/{campaign_id}/")
    status, body = gm.request("POST", f"/api/campaigns/{campaign_id}/advance/",
                              {"round": state["round"], "step": state["step"]})
    assert status == 202, body


def resolution(database_url: str, campaign_id: int, step_index: int = 0) -> tuple[str, int] | None:
    rows = sql(database_url, "SELECT status, attempts FROM game_stepresolution WHERE campaign_id = %s AND round = 1"
               " AND step_index = %s", campaign_id, step_index)
    return (rows[0][0], rows[0][1]) if rows else None


def resolved_steps(gm: Client, campaign_id: int, since: int = 0) -> list[str]:
    events = gm.get(f"/api/campaigns/{campaign_id}/events/?since={since}")["events"]
    return [e["payload"]["step"] for e in events if e["type"] == "StepResolved"]


def task_results(cluster: Cluster) -> list[str]:
    """What each run of the resolve task returned, from every worker's log."""
    lines = [line for log in cluster.log_dir.glob("worker-*.log") for line in log.read_text().splitlines()]
    return [line.rsplit(": ", 1)[1] for line in lines if "game.tasks.resolve_step[" in line and "succeeded" in line]


def test_a_resolve_task_delivered_twice_resolves_the_step_once(
    isolated_cluster: Callable[..., Cluster], own_redis: RedisServer,
) -> None:
    cluster = isolated_cluster(daphnes=1, workers=2)
    gm, campaign_id = demo(cluster)
    broker = Celery(broker=own_redis.url, task_default_queue=f"{cluster.env['CV_REDIS_NAMESPACE']}celery")
    with gm.websocket(campaign_id) as socket:
        advance(gm, campaign_id)
        # The same task again, twice, while two workers race for them.
        for _ in range(2):
            broker.send_task("game.tasks.resolve_step", args=[campaign_id, 1, 0])
        next_event(socket, "StepOpened")
    wait_until(lambda: len(task_results(cluster)) == 3, 20, "three deliveries ran")
    assert sorted(task_results(cluster)) == ["False", "False", "True"]
    assert resolved_steps(gm, campaign_id) == ["explore.1"]
    assert gm.get(f"/api/campaigns/{campaign_id}/")["step"] == "explore.2"


def test_worker_child_killed_mid_resolution_resolves_again_and_commits_once(
    isolated_cluster: Callable[..., Cluster], live_database: str,
) -> None:
    cluster = isolated_cluster(daphnes=1, workers=1)
    gm, campaign_id = demo(cluster)
    cluster.manage("shell", "-v0", "-c", f"from tests.faults.scenario import enlarge; enlarge({BIG_WORLD})")
    advance(gm, campaign_id)
    wait_until(lambda: resolution(live_database, campaign_id) == ("running", 1), 30, "the resolution started")
    assert cluster.kill_children("worker-1"), "the worker has a pool process to kill"
    killed_at = time.monotonic()
    assert resolution(live_database, campaign_id) == ("running", 1), "killed in the middle, not after"
    # acks_late + reject_on_worker_lost: the task goes back to the queue and the worker's new child reruns it.
    done_at = wait_until(lambda: resolution(live_database, campaign_id) == ("done", 2), 60, "resolved again")
    print(f"\nchild SIGKILL -> resolved again: {done_at - killed_at:.1f} s")
    assert "WorkerLostError" in (cluster.log_dir / "worker-1.log").read_text()
    assert resolved_steps(gm, campaign_id) == ["explore.1"]
    units = sql(live_database, "SELECT jsonb_array_length(world->'units') FROM game_campaign WHERE id = %s",
                campaign_id)[0][0]
    assert units >= BIG_WORLD


def sweeping_cluster(database_url: str, redis_url: str, log_dir: Path, daphnes: int = 1) -> Cluster:
    """A cluster with `celery beat` sweeping every second for resolutions stuck over 3 s."""
    cluster = start_cluster(database_url, redis_url, log_dir, daphnes=daphnes, workers=0, migrate=False)
    cluster.env |= {"CV_RESOLUTION_STUCK_SECONDS": "3", "CV_SWEEP_SECONDS": "1"}
    cluster.start_worker("worker-1")
    cluster.start_beat()
    return cluster


def test_whole_worker_killed_mid_resolution_is_recovered_by_the_sweep_not_the_broker(
    live_database: str, own_redis: RedisServer, tmp_path: Path,
) -> None:
    cluster = sweeping_cluster(live_database, own_redis.url, tmp_path / "logs")
    try:
        gm, campaign_id = demo(cluster)
        cluster.manage("shell", "-v0", "-c", f"from tests.faults.scenario import enlarge; enlarge({BIG_WORLD})")
        advance(gm, campaign_id)
        wait_until(lambda: resolution(live_database, campaign_id) == ("running", 1), 30, "the resolution started")
        cluster.stop("worker-1", signal.SIGKILL)  # the whole process group: no one is left to hand the task back
        killed_at = time.monotonic()
        cluster.start_worker("worker-2")
        # The broker would redeliver only after its visibility timeout (600 s); the sweep does it in seconds.
        done_at = wait_until(lambda: resolution(live_database, campaign_id) == ("done", 2), 60, "swept")
        print(f"\nworker SIGKILL -> resolved again by the sweep: {done_at - killed_at:.1f} s")
        assert "sweep_stuck_resolutions" in (cluster.log_dir / "beat.log").read_text()
        assert resolved_steps(gm, campaign_id) == ["explore.1"]
    finally:
        cluster.stop_all()


def test_redis_restart_loses_nothing_and_clients_resync_by_sequence(
    live_database: str, own_redis: RedisServer, tmp_path: Path,
) -> None:
    cluster = sweeping_cluster(live_database, own_redis.url, tmp_path / "logs")
    try:
        gm, campaign_id = demo(cluster)
        spectator = Client(gm.base_url)
        with spectator.websocket(campaign_id):
            seen = spectator.get(f"/api/campaigns/{campaign_id}/events/")["last_seq"]
        cluster.stop("worker-1")
        advance(gm, campaign_id)  # the task now waits in Redis...
        own_redis.kill()  # ...and is lost with it
        own_redis.start()
        restarted_at = time.monotonic()
        # The campaign's pages and API keep working: the record is in PostgreSQL.
        assert gm.get(f"/api/campaigns/{campaign_id}/")["status"] == "resolving"
        cluster.start_worker("worker-2")
        done_at = wait_until(lambda: resolution(live_database, campaign_id) == ("done", 1), 45, "swept")
        print(f"\nRedis restart -> lost task resolved by the sweep: {done_at - restarted_at:.1f} s")
        with spectator.websocket(campaign_id) as socket:
            missed = spectator.get(f"/api/campaigns/{campaign_id}/events/?since={seen}")["events"]
            assert [e["seq"] for e in missed] == list(range(seen + 1, seen + 1 + len(missed)))
            assert [e["type"] for e in missed if e["type"].startswith("Step")] == [
                "StepClosed", "StepResolved", "StepOpened"]
            advance(gm, campaign_id)  # pushes flow again over the restarted Redis
            # The swept resolution's own push may arrive after this socket joined: a page skips what it has.
            while next_event(socket, "StepOpened", timeout=30)["payload"]["step"] != "explore.3":
                pass
    finally:
        cluster.stop_all()


def test_daphne_restart_clients_reconnect_and_catch_up(isolated_cluster: Callable[..., Cluster]) -> None:
    cluster = isolated_cluster(daphnes=2, workers=1)
    gm, campaign_id = demo(cluster, port_index=1)
    port_a = cluster.daphne_ports[0]
    player = Client(f"http://127.0.0.1:{port_a}").login("player1")
    with player.websocket(campaign_id):
        seen = player.get(f"/api/campaigns/{campaign_id}/events/")["last_seq"]
    cluster.stop("daphne-a", signal.SIGKILL)
    with gm.websocket(campaign_id) as gm_socket:
        for _ in range(3):
            advance(gm, campaign_id)
            next_event(gm_socket, "StepOpened")
    cluster.start_daphne("daphne-a", port_a)
    with player.websocket(campaign_id) as socket:  # the same session: the cookie outlives the process
        missed: list[dict[str, Any]] = player.get(f"/api/campaigns/{campaign_id}/events/?since={seen}")["events"]
        assert [e["seq"] for e in missed] == sorted(e["seq"] for e in missed) and missed[0]["seq"] == seen + 1
        assert [e["payload"]["step"] for e in missed if e["type"] == "StepResolved"] == [
            "explore.1", "explore.2", "explore.3"]
        advance(gm, campaign_id)
        assert next_event(socket, "StepOpened")["payload"]["step"] == "explore.5"
    assert json.dumps(missed)  # what was caught up is plain JSON a page can apply
