"""Odds simulations do not slow the game down (issue 33): on real Daphne, Celery workers, PostgreSQL and Redis,
twenty odds runs of the most battles, asked for by ten players, leave step resolution about as fast as without
them. Times are printed (-s)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest

from combat.services import MAX_ODDS_BATTLES, MAX_UNFINISHED_ODDS
from cvsite.cluster import Cluster
from tests.faults.conftest import sql, wait_until
from tests.live import Client, advance

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
PLAYERS = 10


def timed_step(gm: Client, campaign_id: int, timeout: float) -> float:
    started = time.monotonic()
    advance(gm, campaign_id, timeout=timeout)
    return time.monotonic() - started


def unfinished_odds(database_url: str) -> int:
    return int(sql(database_url, "SELECT count(*) FROM combat_oddsrun WHERE status IN ('queued', 'running')")[0][0])


def test_a_step_resolves_about_as_fast_with_twenty_odds_runs_of_the_most_battles_queued(
    cluster_factory: Callable[..., Cluster], live_database: str,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=2)
    base_url = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    cluster.manage("cv_demo")
    gm = Client(base_url).login("gm")
    campaign_id = gm.get("/api/campaigns/")[0]["id"]
    timed_step(gm, campaign_id, 30)  # the workers' first task imports and connects: not part of a step's time
    unloaded = max(timed_step(gm, campaign_id, 30) for _ in range(2))

    load = json.loads(cluster.manage("shell", "-v0", "-c", "from tests.combat.odds_scenario import odds_campaign; "
                                     f"odds_campaign({PLAYERS}, 3)").strip().splitlines()[-1])
    for player in load["players"]:
        client = Client(base_url).login(player["username"], "a-long-test-password")
        for _ in range(MAX_UNFINISHED_ODDS):
            status, body = client.request("POST", f"/api/campaigns/{load['campaign_id']}/odds",
                                          {"skirmish_id": player["skirmish_id"], "battles": MAX_ODDS_BATTLES})
            assert status == 202, body
    assert unfinished_odds(live_database) == 20
    wait_until(lambda: bool(sql(live_database, "SELECT 1 FROM combat_oddsrun WHERE status = 'running'")), 30,
               "an odds run started")

    bound = 3 * unloaded + 2
    loaded = [timed_step(gm, campaign_id, bound) for _ in range(2)]
    print(f"\nA step: {unloaded:.2f} s alone, {', '.join(f'{t:.2f}' for t in loaded)} s with 20 odds runs queued")
    assert max(loaded) <= bound
    assert unfinished_odds(live_database) >= 15  # the odds were queued all along, not run out of the way first
    wait_until(lambda: unfinished_odds(live_database) < 20, 120, "an odds run finished")  # they do run
