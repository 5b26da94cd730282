"""Django's Redis cache with each server's client made once. Django makes a `redis.Redis` for every call; with
redis-py 8 making one (it fills a table of reply parsers) took longer than the command it then sent: a push reads
who watches its campaign (`game.realtime.watched`) with one MGET, 0.15 ms of it making the client."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends import redis as django_redis


class _ClientKeptOnce(django_redis.RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}  # by the id of the pool it takes connections from

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # A client holds no connection of its own (it takes one from the pool for each command, in any thread; the
        # pool opens new ones in a forked worker), so one per pool serves every caller.
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]  # undeclared by the stubs
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class RedisCache(django_redis.RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _ClientKeptOnce
