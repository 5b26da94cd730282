"""`cv_autoplay` on the embedded defaults (SQLite, Celery in-process): the bots play inside the command's own
process, through the same API; `--json` prints one JSON object and nothing else on stdout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from cvsite.cluster import start_cluster
from game.engine.settings_catalogue import BUILT_MODULES
from game.management.commands.cv_autoplay import modules_named


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
                            "governorships", "fleets_formed", "surveys", "repairs", "trade_routes", "raids",
                            "invasions"}
        assert civ["ore_mined"] > 0  # the standard start's mine, counted from the log


def test_autoplay_modules_all_is_every_module_the_engine_plays_and_an_unknown_one_is_refused_with_the_list() -> None:
    assert modules_named("all") == sorted(BUILT_MODULES)
    assert modules_named("module_cw_research, module_ac_council") == ["module_cw_research", "module_ac_council"]
    with pytest.raises(CommandError, match="module_warp_drive is not a module the engine plays; choose among"):
        modules_named("module_cw_research,module_warp_drive")
