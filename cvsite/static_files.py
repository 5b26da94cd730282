"""WhiteNoise's static files, served without leaving Daphne's event loop for the rest of a request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.http import HttpRequest, HttpResponseBase
from whitenoise.middleware import WhiteNoiseMiddleware  # type: ignore[import-untyped]


class StaticFilesMiddleware(WhiteNoiseMiddleware):  # type: ignore[misc]
    """WhiteNoiseMiddleware, async as well as sync. WhiteNoise's own is sync only: under Daphne every middleware
    below it then ran in a thread that went back to the event loop (AsyncToSync) for the rest of each request, two
    thread hops a request; and a request caught in that hop when Daphne stopped kept the process from exiting until
    it was killed (15 s in every browser test's teardown that had a read in flight)."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        super().__init__(get_response)
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponseBase | Awaitable[HttpResponseBase]:
        if iscoroutinefunction(self):
            return self._serve_async(request)
        return super().__call__(request)  # type: ignore[no-any-return]

    async def _serve_async(self, request: HttpRequest) -> HttpResponseBase:
        static_file = self.find_file(request.path_info) if self.autorefresh else self.files.get(request.path_info)
        if static_file is not None:
            return await sync_to_async(self.serve)(static_file, request)  # type: ignore[no-any-return]
        return await self.get_response(request)  # type: ignore[no-any-return]
