"""Pushing to browsers. The channel layer is a hint, not the record: a client that misses a push asks the event
log for what came after the last number it saw."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.core.cache import cache

logger = logging.getLogger(__name__)


def campaign_group(campaign_id: int) -> str:
    return f"campaign-{campaign_id}"


def _group_send(campaign_id: int, *messages: dict[str, Any]) -> None:
    """Send `messages` to the campaign's group, in order, in one trip to the layer's loop (a step's batches: one
    thread hop, not one each)."""
    layer = get_channel_layer()
    if layer is None:
        return
    group = campaign_group(campaign_id)

    async def send_all() -> None:
        for message in messages:
            try:
                await layer.group_send(group, message)
            except ConnectionError:
                # After a Redis restart the first send meets a stale pooled connection; one retry gets a fresh one.
                await layer.group_send(group, message)

    # The in-memory layer (the embedded default) lives on Daphne's loop: only `async_to_sync` reaches it.
    if isinstance(layer, InMemoryChannelLayer):
        async_to_sync(send_all)()
    else:
        _run_on_own_loop(send_all())


_loop: tuple[int, asyncio.AbstractEventLoop] | None = None
_loop_lock = threading.Lock()


def _run_on_own_loop(sends: Coroutine[Any, Any, None]) -> None:
    """Run on this process's own event loop, kept running in a thread, so the layer's Redis connections stay open
    from one push to the next: from a worker, `async_to_sync` opened a loop and a connection for every push (13 to
    20 ms a send on the 2-core machine, 1 to 2 once warm). One loop per process: a forked worker starts its own."""
    global _loop
    with _loop_lock:
        if _loop is None or _loop[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="channel-layer-sends", daemon=True).start()
            _loop = (os.getpid(), loop)
        loop = _loop[1]
    asyncio.run_coroutine_threadsafe(sends, loop).result()


# Events per channel-layer message: a step's events travel together (one Redis round trip, not hundreds), in
# chunks that stay well under the layer's message size limit.
EVENTS_PER_MESSAGE = 200


# Cuts batches of stored events, each into each kind of viewer's frame text (None: nothing for them), by reading
# key (`game.visibility.reading_key`). The app registers it when it starts (`game.apps`): describing events takes
# the selectors, which this layer may not import.
FrameCutter = Callable[[int, list[list[dict[str, Any]]], float], list[dict[str, str | None]]]
_cut_frames: FrameCutter | None = None


def cut_frames_with(cutter: FrameCutter) -> None:
    global _cut_frames
    _cut_frames = cutter


# Who watches a campaign: how many sockets of each kind of viewer (`game.visibility.reading_key`) are open on it,
# counted in the cache (Redis, shared by every Daphne and worker; in-process on the embedded default), so a push is
# cut only for the kinds someone watches: a 16-civilization round's frames cost 0.3 s of its 2.2 s with nobody
# there to read them. A count is only a hint, like the push: one left over by a process that died costs a cut
# nobody reads, and a socket whose kind a push was not cut for cuts it from the log (`game.consumers`).
WATCH_SECONDS = 86_400  # a count nobody touched for a day lapses


def _watch_key(campaign_id: int, reading_key: str) -> str:
    return f"watching:{campaign_id}:{reading_key}"


def watch(campaign_id: int, reading_key: str, sockets: int) -> None:
    """`sockets` more (or, negative, fewer) sockets of the kind `reading_key` watch the campaign."""
    key = _watch_key(campaign_id, reading_key)
    try:
        cache.add(key, 0, WATCH_SECONDS)
        if cache.incr(key, sockets) < 0:
            cache.set(key, 0, WATCH_SECONDS)  # sockets counted before the count lapsed have gone
        else:
            cache.touch(key, WATCH_SECONDS)
    except ValueError:
        pass  # lapsed between the two calls: the kind's pushes are cut from the log until it is counted again
    except Exception:
        logger.warning("Could not count the watchers of campaign %s", campaign_id, exc_info=True)


def watched(campaign_id: int, reading_keys: list[str]) -> set[str]:
    """The kinds of `reading_keys` some socket watches the campaign as; all of them if the count cannot be read."""
    keys = {_watch_key(campaign_id, reading_key): reading_key for reading_key in reading_keys}
    try:
        counts = cache.get_many(list(keys))
    except Exception:
        logger.warning("Could not read the watchers of campaign %s", campaign_id, exc_info=True)
        return set(reading_keys)
    return {reading_key for key, reading_key in keys.items() if counts.get(key, 0) > 0}


def publish_events(campaign_id: int, messages: list[dict[str, Any]], access_seq: int) -> None:
    """Push stored events to every consumer of the campaign, with the frame each kind of viewer someone watches as
    (`watched`) gets, cut once here (where the step was resolved, its world at hand) rather than once per socket; a
    consumer forwards its viewer's frame, after re-checking who its viewer is if who may see the campaign changed
    since (`access_seq` grew); a kind it did not cut for is cut by the consumers from the log (`first_seq` to
    `last_seq`).
    `committed_at` (this runs on commit) tells a page, or a benchmark, how long a push took."""
    committed_at = time.time()
    batches = [messages[start:start + EVENTS_PER_MESSAGE] for start in range(0, len(messages), EVENTS_PER_MESSAGE)]
    cut = _cut_frames(campaign_id, batches, committed_at) if _cut_frames is not None else [{} for _ in batches]
    pushes = []
    for batch, frames in zip(batches, cut, strict=True):
        # Each distinct text once (what is public reads the same for every civilization's players and guests),
        # so every socket's copy of the message stays near the size of its own frame.
        texts = list(dict.fromkeys(text for text in frames.values() if text is not None))
        pushes.append({
            "type": "campaign.events", "access_seq": access_seq, "committed_at": committed_at,
            "first_seq": batch[0]["seq"], "last_seq": batch[-1]["seq"], "texts": texts,
            "frames": {key: None if text is None else texts.index(text) for key, text in frames.items()},
        })
    _group_send(campaign_id, *pushes)


def publish_battle(campaign_id: int, battle_id: int, version: int, civ_ids: list[int], public: bool) -> None:
    """A live battle changed: its pages refetch it (as their viewer may see it). Only the battle's sides, the GM and,
    once it may be watched, everyone else are told (`civ_ids`, `public`); the push holds nothing hidden."""
    try:
        _group_send(campaign_id, {"type": "campaign.battle", "battle_id": battle_id, "version": version,
                                  "civ_ids": civ_ids, "public": public})
    except Exception:  # a page that misses a push refetches on its clock and on reconnecting
        logger.warning("Could not push battle %s of campaign %s", battle_id, campaign_id, exc_info=True)


def publish_odds(campaign_id: int, user_id: int, odds: dict[str, Any]) -> None:
    """An odds simulation's progress or result, for the consumer of the person who asked (not part of the record)."""
    try:
        _group_send(campaign_id, {"type": "campaign.odds", "user_id": user_id, "odds": odds})
    except Exception:  # progress is cosmetic; the result is stored and read by GET
        logger.warning("Could not push odds for campaign %s", campaign_id, exc_info=True)
