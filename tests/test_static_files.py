"""Static files under Daphne are served by an async middleware (cvsite.static_files): WhiteNoise's own is sync only,
which put every request's middleware in a thread that went back to the event loop, and a request caught there
when Daphne stopped kept the process from exiting until it was killed."""

from __future__ import annotations

import asyncio
from typing import Any
from unittest import mock

import pytest
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.test import AsyncClient, Client


def test_under_asgi_no_middleware_is_adapted_so_no_request_leaves_the_event_loop_before_its_view() -> None:
    adapted: list[str] = []
    adapt = BaseHandler.adapt_method_mode

    def noting(handler: BaseHandler, is_async: bool, method: Any, method_is_async: bool | None = None,
               debug: bool = False, name: str | None = None) -> Any:
        if name is not None and method_is_async is not None and method_is_async != is_async:
            adapted.append(name)
        return adapt(handler, is_async, method, method_is_async, debug, name)

    with mock.patch.object(BaseHandler, "adapt_method_mode", noting):
        ASGIHandler()  # builds the middleware chain
    assert adapted == []


@pytest.mark.django_db
def test_a_script_is_served_the_same_to_async_and_sync_requests_and_pages_still_reach_their_views() -> None:
    async_answer: Any = asyncio.run(AsyncClient().get("/static/frontend/cv.js"))
    sync_answer: Any = Client().get("/static/frontend/cv.js")
    assert async_answer.status_code == sync_answer.status_code == 200
    assert b"".join(async_answer.streaming_content) == b"".join(sync_answer.streaming_content)
    assert asyncio.run(AsyncClient().get("/accounts/login/")).status_code == 200
