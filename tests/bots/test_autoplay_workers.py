"""Issue 13's proof of the core game (no rule module): `cv_autoplay --civs 4 --rounds 12 --modules none` on
PostgreSQL, Redis and real Celery workers (the bots play in the workers, through the API with their tokens; the GM
bot polls the campaign). Every civilization builds, settles, mines, trades or gives and fights, and the event log
replayed from round 1's snapshot gives the world the campaign holds. The whole game (every module, the command's
default) is test_autoplay_modules.py's."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cvsite.cluster import Cluster

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.mark.timeout(600)
def test_four_bots_play_twelve_rounds_on_real_workers_and_the_log_replays_to_the_same_world(
    cluster_factory: Callable[..., Cluster], tmp_path: Path,
) -> None:
    cluster = cluster_factory(daphnes=0, workers=2)
    start_world = tmp_path / "start.json"
    began = time.monotonic()
    out = cluster.manage("cv_autoplay", "--civs", "4", "--rounds", "12", "--seed", "issue-13", "--modules", "none",
                         "--json", "--start-world", str(start_world))
    seconds = time.monotonic() - began
    tally = json.loads(out)  # exactly one JSON object on stdout
    assert tally["errors"] == [], tally["errors"]
    assert tally["rounds_played"] == 12
    assert len(tally["civilizations"]) == 4
    for civ in tally["civilizations"]:
        assert civ["units_built"] > 0, civ
        assert civ["colonies_founded"] > 0, civ
        assert civ["mines_built"] > 0, civ
        assert civ["ore_mined"] > 0, civ
        assert civ["trades"] + civ["gifts"] > 0, civ
        assert civ["skirmishes"] > 0, civ
    replay = json.loads(cluster.manage("shell", "-v0", "-c",
                                       f"from tests.bots.replay import check; check({str(start_world)!r})"))
    assert replay["same"], replay
    assert replay["snapshot_seq"] > json.loads(start_world.read_text())["seq"]  # later snapshots were taken
    print(f"12 rounds of 4 bots on real workers: {seconds:.0f} s")
