"""`cv_autoplay` on the embedded defaults (SQLite, Celery in-process): the bots play inside the command's own
process, through the same API; `--json` prints one JSON object and nothing else on stdout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cvsite.cluster import start_cluster


@pytest.mark.timeout(300)
def test_autoplay_plays_a_round_on_the_embedded_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CV_SQLITE_PATH", str(tmp_path / "embedded.sqlite3"))
    cluster = start_cluster("", "", tmp_path / "logs", daphnes=0, workers=0)
    out = cluster.manage("cv_autoplay", "--civs", "2", "--rounds", "1", "--seed", "embedded", "--json")
    tally = json.loads(out)  # the whole of stdout: one object
    assert set(tally) == {"rounds_played", "winner", "errors", "civilizations"}
    assert (tally["rounds_played"], tally["errors"]) == (1, [])
    assert tally["winner"]  # a round limit of 1: the higher score wins as the round ends
    assert [c["name"] for c in tally["civilizations"]] == ["Aldebaran League", "Betelgeuse Union"]
    for civ in tally["civilizations"]:
        assert set(civ) == {"name", "units_built", "colonies_founded", "mines_built", "ore_mined", "trades", "gifts",
                            "messages", "skirmishes", "research_successes", "missions", "treaties",
                            "governorships"}
        assert civ["ore_mined"] > 0  # the standard start's mine, counted from the log
