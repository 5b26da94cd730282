"""Many campaigns at once (issue 19): N campaigns of 4 bots each (`manage.py cv_autoplay`, one process a
campaign, playing as the web pages do) on one cluster of 2 Daphne processes and 2 Celery workers, Redis and
PostgreSQL, all started here.

Prints the steps resolved per second over the whole run, and the workers' queue wait (from the GM's Advance,
`StepResolution.queued_at`, to a worker taking the step, `started_at`) and the resolution time (to `finished_at`),
median and p95, and the push under that load: a spectator's websocket on every campaign (they are public), opened
as each appears, times each frame that opens a step from the commit it is stamped with to its arrival (median and
p95). The push to 500 sockets of one campaign is `benchmarks/load.py`'s.

Run from the project root: `python benchmarks/campaigns.py [--campaigns 20] [--rounds 1]`. DATABASE_URL defaults
to postgres://postgres@127.0.0.1:5432/centaurian_campaigns (created if missing), REDIS_URL to
redis://127.0.0.1:6379/9.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a plain script from any directory

from benchmarks.load import Socket, open_sockets
from benchmarks.round import ensure_database
from cvsite.cluster import ROOT, start_cluster

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/centaurian_campaigns"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/9"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


class Spectators:
    """A spectator's socket on each campaign created since `since`, opened as it appears (polled every half
    second, so a campaign's first steps may go by unwatched), on the cluster's Daphne processes in turn; in a
    thread of its own, with its own event loop, while the campaigns play."""

    def __init__(self, ports: list[int], since: datetime) -> None:
        self.ports, self.since = ports, since
        self.sockets: dict[int, Socket] = {}
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=asyncio.run, args=(self._watch(),), name="spectators", daemon=True)

    def latencies(self) -> list[float]:
        """Seconds from each step's commit to its opening frame on the campaign's spectator socket."""
        return [arrived - committed for socket in self.sockets.values() for arrived, committed, _ in socket.openings]

    async def _watch(self) -> None:
        while not self.stopping.is_set():
            for campaign_id in await asyncio.to_thread(self._new_campaigns):
                port = self.ports[len(self.sockets) % len(self.ports)]
                (self.sockets[campaign_id],) = await open_sockets(
                    [f"ws://127.0.0.1:{port}/ws/campaigns/{campaign_id}/"], [{"Origin": f"http://127.0.0.1:{port}"}])
            await asyncio.sleep(0.5)
        for socket in self.sockets.values():
            await socket.connection.close()

    def _new_campaigns(self) -> list[int]:
        from game.models import Campaign

        return list(Campaign.objects.filter(created_at__gte=self.since).exclude(pk__in=list(self.sockets))
                    .values_list("pk", flat=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--campaigns", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL)
    ensure_database(database_url)
    log_dir = Path(tempfile.mkdtemp(prefix="cv-campaigns-"))
    cluster = start_cluster(database_url, os.environ.get("REDIS_URL", DEFAULT_REDIS_URL), log_dir)
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cvsite.settings")
    import django

    django.setup()
    from game.models import StepResolution

    began = time.time()
    since = datetime.fromtimestamp(began, tz=UTC)
    spectators = Spectators(cluster.daphne_ports, since)
    spectators.thread.start()
    try:
        players = [
            subprocess.Popen([sys.executable, str(ROOT / "manage.py"), "cv_autoplay", "--civs", "4", "--rounds",
                              str(args.rounds), "--seed", f"campaigns-{began:.0f}-{n}", "--json"],
                             env=cluster.env, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=(log_dir / f"autoplay-{n}.log").open("wb"))
            for n in range(args.campaigns)
        ]
        failed = sum(1 for player in players if player.wait() != 0)
        elapsed = time.time() - began
        spectators.stopping.set()
        spectators.thread.join(timeout=30)
    finally:
        cluster.stop_all()
    done = StepResolution.objects.filter(queued_at__gte=since, status=StepResolution.Status.DONE,
                                         started_at__isnull=False, finished_at__isnull=False)
    waits = [(r.started_at - r.queued_at).total_seconds() for r in done if r.started_at and r.finished_at]
    runs = [(r.finished_at - r.started_at).total_seconds() for r in done if r.started_at and r.finished_at]
    print(f"{args.campaigns} campaigns x 4 bots, {args.rounds} round(s) each, on 2 Daphne + 2 Celery workers "
          f"({failed} campaign(s) failed; logs in {log_dir})")
    print(f"  {len(waits)} steps resolved in {elapsed:.1f} s: {len(waits) / elapsed:.2f} steps per second")
    print(f"  worker queue wait: median {statistics.median(waits or [0]):.2f} s, p95 {percentile(waits, 0.95):.2f} s")
    print(f"  resolution: median {statistics.median(runs or [0]):.2f} s, p95 {percentile(runs, 0.95):.2f} s")
    pushes = spectators.latencies()
    print(f"  push, commit -> a spectator's socket ({len(pushes)} step openings on {len(spectators.sockets)} "
          f"sockets): median {statistics.median(pushes or [0]) * 1000:.0f} ms, "
          f"p95 {percentile(pushes, 0.95) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
