"""Pushing to browsers. The channel layer is a hint, not the record: a client that misses a push asks the event
log for what came after the last number it saw."""

from __future__ import annotations

import logging
import time
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def campaign_group(campaign_id: int) -> str:
    return f"campaign-{campaign_id}"


def _group_send(campaign_id: int, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    send = async_to_sync(layer.group_send)
    try:
        send(campaign_group(campaign_id), message)
    except ConnectionError:
        # After a Redis restart the first send meets a stale pooled connection; one retry gets a fresh one.
        send(campaign_group(campaign_id), message)


# Events per channel-layer message: a step's events travel together (one Redis round trip, not hundreds), in
# chunks that stay well under the layer's message size limit.
EVENTS_PER_MESSAGE = 200


def publish_events(campaign_id: int, messages: list[dict[str, Any]], access_seq: int) -> None:
    """Push stored events to every consumer of the campaign; each consumer forwards what its viewer may see (cut
    once per kind of viewer and process), after re-checking who its viewer is if who may see the campaign changed
    since (`access_seq` grew). `committed_at` (this call runs on commit) lets a page, or a benchmark, tell how
    long a push took."""
    committed_at = time.time()
    for start in range(0, len(messages), EVENTS_PER_MESSAGE):
        _group_send(campaign_id, {"type": "campaign.events", "access_seq": access_seq, "committed_at": committed_at,
                                  "events": messages[start:start + EVENTS_PER_MESSAGE]})


def publish_progress(campaign_id: int, progress: dict[str, Any]) -> None:
    """A transient note that a resolution is under way (not part of the record)."""
    try:
        _group_send(campaign_id, {"type": "campaign.progress", "progress": progress})
    except Exception:  # progress is cosmetic: it must never fail a resolution
        logger.warning("Could not push progress for campaign %s", campaign_id, exc_info=True)


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
