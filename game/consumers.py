"""The campaign websocket: push-only. Writes go over HTTP; each pushed event is filtered for this viewer, and who
the viewer is is checked again whenever who may see the campaign changes (its visibility, a membership).
A process's sockets on one campaign share one member of the campaign's group (`_Hub`), so a push reaches the
process as one message and its sockets in one pass."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import BaseChannelLayer

from game import realtime, selectors, visibility
from game.errors import NotFound
from game.realtime import campaign_group

logger = logging.getLogger(__name__)

# The socket's viewer may not see the campaign (any more): it is private, or they were removed from it.
CLOSE_NOT_ALLOWED = 4403
# The process lost its channel layer (Redis restarted): the page reconnects, and catches up from the log.
CLOSE_LAYER_LOST = 1011

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


class _Hub:
    """The sockets this process has open on one campaign, and the one member of the campaign's group they share: a
    push reaches the process as one message, handed to each socket in one pass, where Channels would queue it for
    each socket's own channel and wake each socket's task to read it (`benchmarks/load.py`, 500 sockets over two
    processes: a median of 89-104 -> 53-61 ms from the commit to the last socket). A socket forwards at once what it
    can without the database; the rest waits, in order, in its own backlog (`CampaignConsumer.take`), so no socket
    holds up the others."""

    def __init__(self, layer: BaseChannelLayer, key: tuple[asyncio.AbstractEventLoop, int]) -> None:
        self.layer = layer
        self.key = key
        self.group = campaign_group(key[1])
        self.sockets: set[CampaignConsumer] = set()
        self.channel: asyncio.Task[str] = asyncio.ensure_future(layer.new_channel())
        self.reading: asyncio.Task[None] = asyncio.ensure_future(self._read())
        self.staying: asyncio.Task[None] = asyncio.ensure_future(self._stay_in_group())

    async def join(self, socket: CampaignConsumer) -> None:
        self.sockets.add(socket)  # from now on (the socket holds what comes before its hello)
        # Every socket that joins adds the channel again: a Redis that restarted lost the group.
        try:
            await self.layer.group_add(self.group, await self.channel)
        except BaseException:
            await _leave_hub(socket)  # the socket fails to open: it must not be kept
            raise

    async def leave(self) -> None:
        self.reading.cancel()
        self.staying.cancel()
        await self.layer.group_discard(self.group, await self.channel)

    async def _stay_in_group(self) -> None:
        """Add the channel to the group again, well before the layer drops it: a member added longer ago than the
        layer's `group_expiry` (a day) is dropped, and a page left open that long would hear nothing more."""
        channel = await self.channel
        while True:
            await asyncio.sleep(self.layer.group_expiry / 4)
            try:
                await self.layer.group_add(self.group, channel)
            except Exception:  # tried again next time; a socket that joins meanwhile adds it too
                logger.warning("Could not stay in %s", self.group, exc_info=True)

    async def _read(self) -> None:
        channel = await self.channel
        while True:
            try:
                message = await self.layer.receive(channel)
            except Exception:
                # As each socket's own channel would: every page reconnects (to a new hub) and catches up from the log.
                logger.warning("Lost the channel layer of %s's sockets", self.group, exc_info=True)
                if _HUBS.get(self.key) is self:
                    del _HUBS[self.key]
                self.staying.cancel()
                sockets, self.sockets = self.sockets, set()
                for socket in sockets:
                    await socket.close(code=CLOSE_LAYER_LOST)
                return
            for socket in list(self.sockets):
                try:
                    await socket.take(message)
                except Exception:
                    logger.exception("Could not forward a push of %s", self.group)


# The hubs of this process, by event loop (a test's loop of its own) and campaign.
_HUBS: dict[tuple[asyncio.AbstractEventLoop, int], _Hub] = {}


async def _join_hub(socket: CampaignConsumer) -> None:
    key = (asyncio.get_running_loop(), socket.campaign_id)
    hub = _HUBS.get(key)
    if hub is None:
        hub = _HUBS[key] = _Hub(socket.channel_layer, key)
    await hub.join(socket)


async def _leave_hub(socket: CampaignConsumer) -> None:
    key = (asyncio.get_running_loop(), socket.campaign_id)
    hub = _HUBS.get(key)
    if hub is None or socket not in hub.sockets:
        return
    hub.sockets.discard(socket)
    if not hub.sockets:
        del _HUBS[key]  # before anything awaits: a socket that joins meanwhile starts a hub of its own
        await hub.leave()


class CampaignConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    viewer: visibility.Viewer | None = None
    # The campaign's `access_seq` the viewer was computed at: a push stamped later re-checks it first.
    access_seq = 0
    # The kind of viewer this socket is counted as watching the campaign (`realtime.watch`), once it is.
    watching: str | None = None

    # Pushes waiting behind one that needs the database, or for the socket's hello, in order; None: none waiting.
    backlog: list[dict[str, Any]] | None = None
    draining: asyncio.Task[None] | None = None

    async def take(self, message: dict[str, Any]) -> None:
        """A push, from the hub, in the order the campaign's pushes came: forwarded at once when that needs no
        database and nothing waits before it; otherwise after what waits, by a task of the socket's own."""
        if self.backlog is not None:
            self.backlog.append(message)
        elif self._reads_database_for(message):
            self.backlog = [message]
            self._drain()
        else:
            await getattr(self, get_handler_name(message))(message)

    def _reads_database_for(self, message: dict[str, Any]) -> bool:
        """Forwarding the push needs the database: the viewer is checked again (who may see the campaign changed
        since), or their kind's frame is cut from the log (the publisher did not cut it)."""
        return message["type"] == "campaign.events" and (
            message["access_seq"] > self.access_seq
            or (self.viewer is not None and visibility.reading_key(self.viewer) not in message["frames"]))

    def _drain(self) -> None:
        """Forward what waits, in a task of the socket's own; or, with nothing waiting, take pushes at once."""
        if self.backlog:
            self.draining = asyncio.ensure_future(self._forward_backlog())
        else:
            self.backlog = None

    async def _forward_backlog(self) -> None:
        while self.backlog:
            message = self.backlog[0]
            try:
                await getattr(self, get_handler_name(message))(message)
            except Exception:
                logger.exception("Could not forward a push of campaign %s", self.campaign_id)
            del self.backlog[0]
        self.backlog = None

    async def connect(self) -> None:
        self.campaign_id = int(self.scope["url_route"]["kwargs"]["campaign_id"])
        if not await self._check_viewer():
            await self.close(code=CLOSE_NOT_ALLOWED)
            return
        await self._watch_as_viewer()
        self.backlog = []  # what is pushed from now on follows the hello
        await _join_hub(self)
        await self.accept()
        await self.send_json({"type": "hello", "viewer": self._viewer_json()})
        self._drain()

    async def disconnect(self, code: int) -> None:
        await _leave_hub(self)
        await self._watch_as(None)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        """Whatever a client sends is answered, never parsed: a frame that is not JSON (or is JSON too deep to
        decode) would otherwise end the socket with an error before `disconnect` could stop counting it."""
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
        await _leave_hub(self)
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
