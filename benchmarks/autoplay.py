"""Rounds per minute of a whole campaign played by bots (`manage.py cv_autoplay`), for 4 and 16 civilizations.

Each run makes the campaign the web way, hands every seat to its bot and has the GM bot advance all 42 steps of
each round; the bots play every orders step through the REST API with their tokens (in-process). The app runs on
PostgreSQL with Celery eager (the embedded default's way: resolution and bots in this process), so the figure is
the app's own work, without a broker's latency. The time includes the setup (campaign, galaxy, start).

Run from the project root: `python benchmarks/autoplay.py [ROUNDS]` (default 4). DATABASE_URL defaults to
postgres://postgres@127.0.0.1:5432/centaurian_bench (created if missing; migrated on every run).
"""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a plain script from any directory

from benchmarks.round import setup_django

CIVS = (4, 16)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    setup_django()
    from django.core.management import call_command

    print(f"cv_autoplay, {rounds} rounds, PostgreSQL, Celery eager (one process):")
    for civs in CIVS:
        out = io.StringIO()
        started = time.perf_counter()
        try:
            call_command("cv_autoplay", civs=civs, rounds=rounds, seed=f"bench-{civs}", json=True, stdout=out)
        except SystemExit as failed:
            print(f"  {civs} civilizations: a step failed ({failed}): {out.getvalue()}")
            continue
        seconds = time.perf_counter() - started
        tally = json.loads(out.getvalue())
        played = tally["rounds_played"]
        units = sum(c["units_built"] for c in tally["civilizations"])
        skirmishes = sum(c["skirmishes"] for c in tally["civilizations"]) // 2
        print(f"  {civs:>2} civilizations: {played} rounds in {seconds:.1f} s = {60 * played / seconds:.1f} rounds "
              f"per minute ({units} units built, {skirmishes} skirmishes)")


if __name__ == "__main__":
    main()
