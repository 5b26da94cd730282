"""Live fixtures for the fault tests: a Redis server of the test's own (so restarting it disturbs nobody else),
SQL on the live database, and polling."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest

from cvsite.cluster import Cluster, free_port, start_cluster, wait_for_port


@dataclass
class RedisServer:
    log_dir: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = (self.log_dir / "redis.log").open("ab")
        # No persistence: a restart loses whatever was queued, the worst case for the broker.
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_port(self.port, self.process)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    tmp_path.joinpath("logs").mkdir(exist_ok=True)
    server = RedisServer(tmp_path / "logs")
    server.start()
    yield server
    if server.process is not None and server.process.poll() is None:
        server.kill()


@pytest.fixture
def isolated_cluster(live_database: str, own_redis: RedisServer, tmp_path: Path) -> Iterator[Callable[..., Cluster]]:
    """Like `cluster_factory`, on a Redis of the test's own: no other test run flushes it or shares its queue."""
    started: list[Cluster] = []

    def start(daphnes: int = 1, workers: int = 1) -> Cluster:
        cluster = start_cluster(live_database, own_redis.url, tmp_path / "logs", daphnes, workers, migrate=False)
        started.append(cluster)
        return cluster

    yield start
    for cluster in started:
        cluster.stop_all()


def sql(database_url: str, query: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(database_url, autocommit=True) as conn:
        return list(conn.execute(query, params).fetchall())


def wait_until(predicate: Callable[[], bool], timeout: float, what: str, interval: float = 0.02) -> float:
    """Poll until true; return when (time.monotonic()) it became true."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return time.monotonic()
        time.sleep(interval)
    raise AssertionError(f"{what}: not within {timeout} s")
