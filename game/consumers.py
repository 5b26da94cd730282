"""The campaign websocket: push-only. Writes go over HTTP; each pushed event is filtered for this viewer, and who
the viewer is is checked again whenever who may see the campaign changes (its visibility, a membership)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from game import realtime, selectors, visibility
from game.errors import NotFound
from game.realtime import campaign_group

# The socket's viewer may not see the campaign (any more): it is private, or they were removed from it.
CLOSE_NOT_ALLOWED = 4403

# The frames this process cut for pushed batches its publisher did not cut for the viewer's kind, by (campaign,
# first and last number, reading key): every socket of the same kind forwards the text the first one asked for (the
# others wait for it), so a batch is filtered and described once per kind of viewer, not once per socket.
_FRAMES: OrderedDict[tuple[int, int, int, str], asyncio.Future[str | None]] = OrderedDict()
FRAMES_KEPT = 256


async def _frame(viewer: visibility.Viewer, campaign_id: int, message: dict[str, Any]) -> str | None:
    key = (campaign_id, message["first_seq"], message["last_seq"], visibility.reading_key(viewer))
    cut = _FRAMES.get(key)
    if cut is None:
        cut = _FRAMES[key] = asyncio.get_running_loop().create_future()
        if len(_FRAMES) > FRAMES_KEPT:
            _FRAMES.popitem(last=False)
        try:
            cut.set_result(await database_sync_to_async(selectors.events_frame_from_log)(
                viewer, campaign_id, message["first_seq"], message["last_seq"], message["committed_at"]))
        except asyncio.CancelledError:
            _FRAMES.pop(key, None)  # the next socket tries again
            cut.cancel()
            raise
        except Exception as error:
            _FRAMES.pop(key, None)
            cut.set_exception(error)
    return await cut


# The cache's client blocks: counting runs in a thread of its own, not in line behind the sockets' database calls.
_count_watchers = sync_to_async(realtime.watch, thread_sensitive=False)


# The channel layer's messages a consumer forwards (`CampaignConsumer.dispatch`).
PUSHES = frozenset({"campaign.events", "campaign.odds", "campaign.battle"})


class CampaignConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    viewer: visibility.Viewer | None = None
    # The campaign's `access_seq` the viewer was computed at: a push stamped later re-checks it first.
    access_seq = 0
    # The kind of viewer this socket is counted as watching the campaign (`realtime.watch`), once it is.
    watching: str | None = None

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels closes stale database connections in its sync thread before every message a consumer handles:
        for a push, a thread hop per socket, the largest part of forwarding it to 500 sockets. These handlers reach
        the database only through `database_sync_to_async`, which closes them itself, so a push skips it."""
        if message["type"] in PUSHES:
            await getattr(self, get_handler_name(message))(message)
        else:
            await super().dispatch(message)

    async def connect(self) -> None:
        self.campaign_id = int(self.scope["url_route"]["kwargs"]["campaign_id"])
        if not await self._check_viewer():
            await self.close(code=CLOSE_NOT_ALLOWED)
            return
        await self._watch_as_viewer()
        await self.channel_layer.group_add(campaign_group(self.campaign_id), self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "viewer": self._viewer_json()})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(campaign_group(self.campaign_id), self.channel_name)
        await self._watch_as(None)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        await self.send_json({"type": "error", "error": "This socket only pushes; send orders over HTTP."})

    async def campaign_events(self, message: dict[str, Any]) -> None:
        if message["access_seq"] > self.access_seq and not await self._recheck():
            return
        if self.viewer is None:
            return
        key = visibility.reading_key(self.viewer)
        # Cut where it was published; a kind of viewer it had not heard of (a civilization that joined since) is
        # cut here, once per process.
        if key in message["frames"]:
            index = message["frames"][key]
            text = None if index is None else message["texts"][index]
        else:
            text = await _frame(self.viewer, self.campaign_id, message)
        if text is not None:
            await self.send(text_data=text)

    async def campaign_odds(self, message: dict[str, Any]) -> None:
        if self.viewer is not None and visibility.odds_readable(self.viewer, message["user_id"]):
            await self.send_json({"type": "odds", "odds": message["odds"]})

    async def campaign_battle(self, message: dict[str, Any]) -> None:
        viewer = self.viewer
        if viewer is not None and (viewer.is_gm or message["public"] or viewer.civ_id in message["civ_ids"]):
            await self.send_json({"type": "battle", "battle_id": message["battle_id"], "version": message["version"]})

    async def _check_viewer(self) -> bool:
        """Who the socket's user is in the campaign now, from the database; False if they may not see it."""
        try:
            campaign, self.viewer = await database_sync_to_async(visibility.campaign_for)(
                self.scope["user"], self.campaign_id)
        except NotFound:
            self.viewer = None
            return False
        self.access_seq = campaign.access_seq
        return True

    async def _recheck(self) -> bool:
        """Who may see the campaign changed: from now on the socket forwards what the viewer may see now. One who
        may no longer see it gets nothing more: a last frame saying why, and the socket closes."""
        before = self.viewer
        if await self._check_viewer():
            if self.viewer != before:
                await self._watch_as_viewer()
                await self.send_json({"type": "viewer", "viewer": self._viewer_json()})
            return True
        await self.channel_layer.group_discard(campaign_group(self.campaign_id), self.channel_name)
        await self._watch_as(None)
        await self.send_json({"type": "access", "allowed": False,
                              "reason": "You can no longer see this campaign."})
        await self.close(code=CLOSE_NOT_ALLOWED)
        return False

    async def _watch_as_viewer(self) -> None:
        await self._watch_as(visibility.reading_key(self.viewer) if self.viewer is not None else None)

    async def _watch_as(self, now: str | None) -> None:
        """Count this socket among the watchers of the kind `now` (None: of no kind), and no longer among those of
        the kind it was counted as before."""
        if now == self.watching:
            return
        if self.watching is not None:
            await _count_watchers(self.campaign_id, self.watching, -1)
        if now is not None:
            await _count_watchers(self.campaign_id, now, 1)
        self.watching = now

    def _viewer_json(self) -> dict[str, Any]:
        return self.viewer.as_json() if self.viewer else {"role": None, "civ_id": None}
