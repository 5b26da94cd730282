"""Push under load (issue 19): N websockets on the demo campaign (the GM, the players of its 3 civilizations,
spectators) over 2 Daphne processes, Redis and 2 Celery workers, all started here; the GM advances 10 steps.

For each step: from the commit of the step's resolution (the server stamps each pushed frame with it) to the
moment the last socket has the frame, and the frames and bytes each socket got for the step. After each step, the
same for a bare Channels app (`benchmarks/bare.py`: one consumer per socket, one `group_send` of frames of the
sizes the app's sockets got for the step) on 2 more Daphne processes with as many sockets, same Redis, same run;
then the ratio of the medians.
The aim: a ratio of at most 1.0 at 500 sockets.

Run from the project root: `python benchmarks/load.py [--sockets 500] [--steps 10]`. DATABASE_URL defaults to
postgres://postgres@127.0.0.1:5432/centaurian_load (created if missing), REDIS_URL to redis://127.0.0.1:6379/10.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a plain script from any directory

from websockets.asyncio.client import ClientConnection, connect

from benchmarks.round import ensure_database
from cvsite.cluster import free_port, start_cluster
from tests.live import Client

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/centaurian_load"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/10"
# Who holds the sockets, in turn: a GM, the three players (each civilization's players share its frames),
# spectators. Ten in turn: 1 GM, 2 of each civilization, 3 spectators.
ROLES = ["gm", "player1", "player2", "player3", "player1", "player2", "player3", None, None, None]
AIM_RATIO = 1.0


@dataclass
class Socket:
    """One open websocket: every frame it got, (arrival time, size in bytes), and for each frame that opened a
    step, (arrival time, the server's commit stamp, the last number it covers). Each frame is parsed on arrival,
    as a page would, for the app and the bare broadcast alike."""

    connection: ClientConnection
    frames: list[tuple[float, int]] = field(default_factory=list)
    openings: list[tuple[float, float, int]] = field(default_factory=list)

    async def listen(self) -> None:
        async for text in self.connection:
            arrived = time.time()
            frame = json.loads(text)
            self.frames.append((arrived, len(text.encode() if isinstance(text, str) else text)))
            if frame.get("type") == "events" and any(e["type"] == "StepOpened" for e in frame["events"]):
                self.openings.append((arrived, float(frame["committed_at"]), int(frame["last_seq"])))


@dataclass
class Step:
    latency: float  # seconds from commit (or the bare send) to the last socket's frame
    frames: float  # per socket
    bytes: float  # per socket


async def open_sockets(urls: list[str], headers: list[dict[str, str]]) -> list[Socket]:
    """Open every socket (a few at a time, as pages would arrive) and start listening on each."""
    gate = asyncio.Semaphore(25)

    async def one(url: str, header: dict[str, str]) -> Socket:
        async with gate:
            connection = await connect(url, additional_headers=header, open_timeout=60, max_queue=None)
        socket = Socket(connection)
        asyncio.get_running_loop().create_task(socket.listen())
        return socket

    return list(await asyncio.gather(*(one(u, h) for u, h in zip(urls, headers, strict=True))))


async def until(sockets: list[Socket], done: Any, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not all(done(i, s) for i, s in enumerate(sockets)):
        if time.monotonic() > deadline:
            missing = sum(not done(i, s) for i, s in enumerate(sockets))
            raise TimeoutError(f"{missing} of {len(sockets)} sockets did not get the step within {timeout} s")
        await asyncio.sleep(0.02)


def padded(size: int) -> str:
    """A JSON frame of `size` bytes."""
    return json.dumps({"type": "bare", "pad": "x" * max(0, size - 28)})


def step_figures(sockets: list[Socket], start: list[int]) -> tuple[float, float]:
    """Frames and bytes per socket since frame `start[i]` of each socket i."""
    count = statistics.mean(len(s.frames) - first for s, first in zip(sockets, start, strict=True))
    size = statistics.mean(sum(n for _, n in s.frames[first:]) for s, first in zip(sockets, start, strict=True))
    return count, size


async def app_sockets(ports: list[int], campaign_id: int, sockets_n: int) -> tuple[Client, list[Socket]]:
    """The GM's client and the app's sockets, open, each past its hello."""
    clients = {role: Client(f"http://127.0.0.1:{ports[0]}") for role in set(ROLES)}
    for role, client in clients.items():
        if role is not None:
            client.login(role)
    urls, headers = [], []
    for index in range(sockets_n):
        port = ports[index % len(ports)]
        client = clients[ROLES[index % len(ROLES)]]
        cookies = "; ".join(f"{c.name}={c.value}" for c in client.jar)
        urls.append(f"ws://127.0.0.1:{port}/ws/campaigns/{campaign_id}/")
        headers.append({"Origin": f"http://127.0.0.1:{port}", **({"Cookie": cookies} if cookies else {})})
    sockets = await open_sockets(urls, headers)
    await until(sockets, lambda _, s: len(s.frames) >= 1)  # the hello
    return clients["gm"], sockets


async def app_step(gm: Client, campaign_id: int, sockets: list[Socket]) -> tuple[Step, list[str]]:
    """The GM advances one step: its figures, and the bare app's model of what a socket got for it (the frames
    of the socket that got the mean bytes, as padding of their sizes)."""
    start = [len(s.frames) for s in sockets]
    state = gm.get(f"/api/campaigns/{campaign_id}/")
    seq_after = state["last_seq"]
    # As the GM's page does: press Advance, then wait for the socket (no polling competing with the push).
    status, body = gm.request("POST", f"/api/campaigns/{campaign_id}/advance/",
                              {"round": state["round"], "step": state["step"]})
    assert status == 202, body
    await until(sockets, lambda _, s, after=seq_after: bool(s.openings) and s.openings[-1][2] > after)
    await asyncio.sleep(0.3)  # what the step still sends after its opening (none expected) is counted too
    latency = max(s.openings[-1][0] for s in sockets) - sockets[0].openings[-1][1]
    step = Step(latency, *step_figures(sockets, start))
    step_frames = [s.frames[first:] for s, first in zip(sockets, start, strict=True)]
    typical = min(step_frames, key=lambda f: abs(sum(n for _, n in f) - step.bytes))
    return step, [padded(n) for _, n in typical]


async def bare_sockets(ports: list[int], sockets_n: int) -> list[Socket]:
    urls = [f"ws://127.0.0.1:{ports[i % len(ports)]}/ws/bare/" for i in range(sockets_n)]
    sockets = await open_sockets(urls, [{} for _ in urls])
    await asyncio.sleep(1.0)  # every consumer has joined the group
    return sockets


async def bare_step(sockets: list[Socket], model: list[str]) -> Step:
    """One broadcast of the frames of `model` to the bare app's sockets."""
    from channels.layers import get_channel_layer

    from benchmarks.bare import GROUP

    start = [len(s.frames) for s in sockets]
    sent = time.time()
    await get_channel_layer().group_send(GROUP, {"type": "bare.frames", "frames": model})
    await until(sockets, lambda i, s, start=start: len(s.frames) - start[i] >= len(model))
    latency = max(s.frames[first + len(model) - 1][0] for s, first in zip(sockets, start, strict=True)) - sent
    await asyncio.sleep(0.3)
    return Step(latency, *step_figures(sockets, start))


async def both_steps(app_ports: list[int], bare_ports: list[int], campaign_id: int, sockets_n: int,
                     steps: int) -> tuple[list[Step], list[Step]]:
    """Each step of the app, then a bare broadcast of what its sockets got, in turn: both sets of sockets stay open
    (each idle while the other is measured), so what the machine is doing meanwhile weighs on both alike."""
    gm, app = await app_sockets(app_ports, campaign_id, sockets_n)
    bare = await bare_sockets(bare_ports, sockets_n)
    app_results, bare_results = [], []
    for _ in range(steps):
        step, model = await app_step(gm, campaign_id, app)
        app_results.append(step)
        bare_results.append(await bare_step(bare, model))
    for socket in app + bare:
        await socket.connection.close()
    return app_results, bare_results


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18] if len(values) > 1 else values[0]


def report(name: str, steps: list[Step]) -> float:
    latencies = [s.latency * 1000 for s in steps]
    median = statistics.median(latencies)
    print(f"{name:<28} commit -> last socket: median {median:6.0f} ms, p95 {p95(latencies):6.0f} ms; "
          f"{statistics.mean(s.frames for s in steps):.1f} frames, "
          f"{statistics.mean(s.bytes for s in steps):,.0f} bytes per socket per step")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sockets", type=int, default=500)
    parser.add_argument("--steps", type=int, default=10)
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL)
    redis_url = os.environ.get("REDIS_URL", DEFAULT_REDIS_URL)
    ensure_database(database_url)
    # This process sends the bare app's broadcasts: the same settings, Redis and namespace as the processes.
    os.environ.update({"DJANGO_SETTINGS_MODULE": "cvsite.settings", "DEBUG": "0", "DATABASE_URL": database_url,
                       "REDIS_URL": redis_url, "CV_REDIS_NAMESPACE": f"cv-load-{uuid.uuid4().hex[:8]}:"})
    import django

    django.setup()
    log_dir = Path(tempfile.mkdtemp(prefix="cv-load-"))
    cluster = start_cluster(database_url, redis_url, log_dir, daphnes=2, workers=2)
    try:
        app_ports = list(cluster.daphne_ports)
        bare_ports = [free_port(), free_port()]
        for index, port in enumerate(bare_ports):
            cluster.start_daphne(f"bare-{index + 1}", port, app="benchmarks.bare:application")
        cluster.manage("cv_demo")
        campaign_id = Client(f"http://127.0.0.1:{app_ports[0]}").get("/api/campaigns/")[0]["id"]
        print(f"{args.sockets} websockets, {args.steps} steps, 2 Daphne processes each, 2 Celery workers, "
              f"Redis {redis_url}; logs in {log_dir}")
        app, bare = asyncio.run(both_steps(app_ports, bare_ports, campaign_id, args.sockets, args.steps))
    finally:
        cluster.stop_all()
    app_median = report("Centaurian Vector", app)
    bare_median = report("bare Channels broadcast", bare)
    ratio = app_median / bare_median
    print(f"ratio (median): {ratio:.2f} (aim <= {AIM_RATIO}: {'met' if ratio <= AIM_RATIO else 'NOT met'})")


if __name__ == "__main__":
    main()
