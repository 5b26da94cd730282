"""The campaign socket only pushes: whatever a client sends it (text that is not JSON, bytes, an empty frame, JSON
nested thousands deep) is answered with an error frame, the socket stays open, and when it closes it stops counting
as a watcher, so the campaign's pushes are cut only for those who still watch."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache

from game import realtime, services
from game.visibility import Viewer, reading_key
from tests.game.conftest import Table, make_table
from tests.realtime.test_push_once import open_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]
SPECTATORS = reading_key(Viewer("spectator"))
# As the server hands them to the socket (an empty frame cannot be sent through the communicator's helper).
BAD_FRAMES: list[dict[str, Any]] = [
    {"text": "not json"},
    {"bytes": b"\x00\xff not json either"},
    {"text": ""},
    {"text": "[" * 5_000 + "]" * 5_000},
]


@pytest.fixture
def public(db: None) -> Table:
    cache.clear()  # no socket of an earlier run (a campaign with the same id) counts as watching this one
    return make_table("frames", public=True)


def test_bad_frames_get_an_error_frame_the_socket_stays_open_and_closing_leaves_the_watch_count_as_it_was(
    public: Table,
) -> None:
    campaign_id = public.campaign.pk
    realtime.watch(campaign_id, SPECTATORS, 1)  # a spectator already has the campaign open

    async def spectators_send_bad_frames() -> list[str]:
        sockets = [await open_socket(public, AnonymousUser()) for _ in range(5)]
        answers = []
        for socket in sockets:
            for frame in BAD_FRAMES:
                await socket.send_input({"type": "websocket.receive", **frame})
                answers.append((await socket.receive_json_from(timeout=5))["type"])
        # Still open, and still pushed to: the GM's ruling reaches every one of them.
        await sync_to_async(services.ruling_post)(public.gm, campaign_id, civ_id=None, text="Welcome, all.")
        for socket in sockets:
            frame = await socket.receive_json_from(timeout=10)
            assert [e["payload"].get("text") for e in frame["events"]] == ["Welcome, all."]
        for socket in sockets:
            await socket.disconnect()
        return answers

    answers = async_to_sync(spectators_send_bad_frames)()
    assert answers == ["error"] * 5 * len(BAD_FRAMES)
    assert realtime.watched(campaign_id, [SPECTATORS]) == {SPECTATORS}
    realtime.watch(campaign_id, SPECTATORS, -1)  # the spectator leaves too: nobody is counted any more
    assert realtime.watched(campaign_id, [SPECTATORS]) == set()
