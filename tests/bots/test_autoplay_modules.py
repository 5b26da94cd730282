"""The whole game with every rule module the engine plays switched on (`cv_autoplay --modules all`), on
PostgreSQL, Redis and real Celery workers: the bots research, run missions, sign treaties, vote in the Council, form
fleets and survey besides building and trading, no step fails, and the event log replayed from round 1's snapshot
gives the world the campaign holds."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from cvsite.cluster import Cluster

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.mark.timeout(600)
def test_four_bots_play_eight_rounds_with_every_rule_module_on_and_the_log_replays_to_the_same_world(
    cluster_factory: Callable[..., Cluster], tmp_path: Path,
) -> None:
    cluster = cluster_factory(daphnes=0, workers=2)
    start_world = tmp_path / "start.json"
    out = cluster.manage("cv_autoplay", "--civs", "4", "--rounds", "8", "--seed", "every-module", "--modules", "all",
                         "--json", "--start-world", str(start_world))
    tally = json.loads(out)
    assert tally["errors"] == [], tally["errors"]
    assert tally["rounds_played"] == 8
    played = {key: sum(civ[key] for civ in tally["civilizations"])
              for key in ("research_successes", "missions", "treaties", "governorships", "colonies_founded",
                          "fleets_formed", "surveys")}
    assert all(played.values()), played  # each module's part of the game happened at least once
    assert played["governorships"] == 2  # the Council meets every 4 rounds by default: rounds 4 and 8
    replay = json.loads(cluster.manage("shell", "-v0", "-c",
                                       f"from tests.bots.replay import check; check({str(start_world)!r})"))
    assert replay["same"], replay
