from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from cvsite.cluster import Cluster, start_cluster


@pytest.fixture(scope="session")
def django_db_modify_db_settings() -> None:
    """A test database per test run, so two runs on one machine (a developer's and CI's) never share one."""
    from django.conf import settings

    default: dict[str, Any] = settings.DATABASES["default"]
    if default["ENGINE"].endswith("postgresql"):
        default["TEST"] = {**default.get("TEST", {}), "NAME": f"test_{default['NAME']}_{os.getpid()}"}


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing() -> None:
    """Accounts made and signed in by tests, here and in the processes they start, hash passwords fast."""
    from django.conf import settings

    os.environ["CV_FAST_PASSWORD_HASHING"] = "1"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session", autouse=True)
def events_checked_against_the_catalogue() -> None:
    """Every event a test appends to a campaign's log must match its declaration (game.event_catalogue)."""
    from django.conf import settings

    settings.CV_CHECK_EVENTS = True


# The event types the code under test emitted in this run (events a test builds by hand do not count), for
# tests/test_event_catalogue_coverage.py, which runs last.
EMITTED_EVENT_TYPES: set[str] = set()
COVERAGE_TEST = "tests/test_event_catalogue_coverage.py"


@pytest.fixture(scope="session", autouse=True)
def emitted_event_types() -> Iterator[set[str]]:
    from game.engine.events import Event

    checked = Event.__post_init__
    tests = str(Path(__file__).parent)

    def recorded(event: Event) -> None:
        checked(event)
        # Frame 0 is this function, 1 the dataclass's __init__, 2 whoever built the event.
        if not sys._getframe(2).f_code.co_filename.startswith(tests):
            EMITTED_EVENT_TYPES.add(event.type)

    Event.__post_init__ = recorded  # type: ignore[method-assign,assignment]
    yield EMITTED_EVENT_TYPES
    Event.__post_init__ = checked  # type: ignore[method-assign]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The catalogue's coverage test goes last, and only when the whole suite runs: a narrowed run cannot emit
    every event type, so there it is deselected (not skipped)."""
    last = [item for item in items if item.nodeid.startswith(COVERAGE_TEST)]
    items[:] = [item for item in items if item not in last]
    narrowed = config.option.keyword or config.option.markexpr or config.option.deselect or config.option.ignore
    chosen = {Path(arg.split("::")[0]).resolve() for arg in config.args}
    if not narrowed and chosen <= {Path(__file__).parent.resolve(), Path(config.rootpath).resolve()}:
        items.extend(last)
    elif last:
        config.hook.pytest_deselected(items=last)


def _require(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run the suite with ./test, which starts PostgreSQL and Redis.")
    return value


def _admin_url() -> str:
    return urlunsplit(urlsplit(_require("DATABASE_URL"))._replace(path="/postgres"))


def _database_url(name: str) -> str:
    return urlunsplit(urlsplit(_require("DATABASE_URL"))._replace(path=f"/{name}"))


@pytest.fixture(scope="session")
def migrated_template() -> Iterator[str]:
    """A PostgreSQL database migrated once per run, which each test's database is copied from: migrating a fresh
    one costs every test that starts processes several seconds."""
    name = f"cv_template_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(_admin_url(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        Cluster(env={**os.environ, "DATABASE_URL": _database_url(name), "DJANGO_SETTINGS_MODULE": "cvsite.settings"},
                log_dir=Path()).manage("migrate", "--noinput", "-v0")
        yield name
    finally:
        with psycopg.connect(_admin_url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def live_database(migrated_template: str) -> Iterator[str]:
    """A fresh, migrated PostgreSQL database (with no campaign) for processes started by a test; dropped
    afterwards."""
    name = f"cv_live_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(_admin_url(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{migrated_template}"')
    try:
        yield _database_url(name)
    finally:
        with psycopg.connect(_admin_url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def live_redis() -> str:
    """A Redis database of its own for the processes a test starts, emptied first so no stale task runs."""
    import redis

    base = urlsplit(_require("REDIS_URL"))
    # Databases 10-15, one per test run (by process): two runs on one machine must not empty each other's.
    url = urlunsplit(base._replace(path=f"/{10 + os.getpid() % 6}"))
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture
def cluster_factory(live_database: str, live_redis: str, tmp_path: Path) -> Iterator[object]:
    started: list[Cluster] = []

    def start(daphnes: int = 2, workers: int = 2) -> Cluster:
        cluster = start_cluster(live_database, live_redis, tmp_path / "logs", daphnes, workers, migrate=False)
        started.append(cluster)
        return cluster

    yield start
    for cluster in started:
        cluster.stop_all()
