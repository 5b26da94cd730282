"""The one place the campaign's World is read from and written to the database.

The event log is the record: the stored world is a snapshot (taken at the start of each round, and whenever a
GM action sets a new world), and the current world is that snapshot with every later event that was not undone
applied to it. Each process keeps the last world it built per campaign, keyed by the sequence number of the
last event that changed it (`Campaign.state_seq`), so consecutive steps neither reload nor re-serialize a large
world; a process that is behind rebuilds from the snapshot and the log. The cache changes only once the
transaction that made the world commits: a rolled-back step leaves it with the world the database holds. Values
read from a cached world (a player's map version, `derived`) are kept with it and go with it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Any, TypeVar, cast

from django.db import transaction
from django.db.models import F

from game import unit_rows
from game.engine import settings_catalogue
from game.engine.apply import all_handlers, apply_events
from game.engine.events import Event as EngineEvent
from game.engine.world import World, world_from_dict, world_to_dict
from game.models import Campaign, Event

# Per campaign: the state_seq, the world at it, and the values `derived` read from that world, by key.
_cache: dict[int, tuple[int, World, dict[Hashable, Any]]] = {}
_cache_lock = threading.Lock()
T = TypeVar("T")


class WorldUnavailable(Exception):
    """The log no longer reaches back to the snapshot needed (an undo further back than the kept snapshots)."""


def changes_world(events: Sequence[EngineEvent]) -> bool:
    return any(event.type in all_handlers() for event in events)


def load_world(campaign: Campaign) -> World:
    """The campaign's current world, with the settings the rules read from it (wars, trade, detection rolls,
    the personnel module) as the GM set them, so an order is checked against the rules the step will apply."""
    with _cache_lock:
        cached = _cache.get(campaign.pk)
    if cached is not None and cached[0] == campaign.state_seq:
        return settings_catalogue.in_world(cached[1], campaign.rule_options)
    world = _rebuild(campaign.pk, campaign.state_seq)
    remember(campaign, world)
    return settings_catalogue.in_world(world, campaign.rule_options)


def derived(campaign: Campaign, key: Hashable, compute: Callable[[], T]) -> T:
    """`compute()`, a value read from the campaign's world at `campaign.state_seq` (and from nothing else that
    changes: not the GM's settings, which change without a new seq), computed once per world this process keeps
    and dropped with it (a new seq, an undo's rebuilt world, `forget`). While this process keeps no world at that
    seq (it is behind, or the transaction that made the world has not committed), it is computed every time."""
    with _cache_lock:
        cached = _cache.get(campaign.pk)
    if cached is not None and cached[0] == campaign.state_seq and key in cached[2]:
        return cast(T, cached[2][key])
    value = compute()
    with _cache_lock:
        cached = _cache.get(campaign.pk)  # `compute` may have loaded (and so kept) the world
        if cached is not None and cached[0] == campaign.state_seq:
            cached[2][key] = value
    return value


def remember(campaign: Campaign, world: World, before: World | None = None) -> None:
    """Keep `world` as the campaign's current world in this process (it matches `campaign.state_seq`), once the
    transaction commits (at once outside one); if it rolls back, the cache keeps what the database holds. Given
    the world `before` it (what the caller changed), the unit, colony and project rows are brought up to date
    in the same transaction."""
    if before is not None:
        unit_rows.store(campaign.pk, before, world)
    transaction.on_commit(partial(_cache_world, campaign.pk, campaign.state_seq, world))


def forget(campaign_id: int) -> None:
    """Drop this process's cached world of the campaign: its next load reads the stored world and the log (for a
    world written into the row without a new seq, as tests do)."""
    with _cache_lock:
        _cache.pop(campaign_id, None)


def _cache_world(campaign_id: int, state_seq: int, world: World) -> None:
    with _cache_lock:
        _cache[campaign_id] = (state_seq, world, {})


def _rebuild(campaign_id: int, upto: int) -> World:
    row = Campaign.objects.filter(pk=campaign_id).values("world", "world_seq", "world_previous",
                                                         "world_previous_seq").get()
    snapshot, since = row["world"], row["world_seq"]
    if since > upto:  # an undo went back before the latest snapshot
        if row["world_previous"] is None or row["world_previous_seq"] > upto:
            raise WorldUnavailable("No stored world is old enough to rebuild this campaign's state.")
        snapshot, since = row["world_previous"], row["world_previous_seq"]
    events = Event.objects.filter(campaign_id=campaign_id, seq__gt=since, seq__lte=upto, undone=False,
                                  type__in=list(all_handlers())).order_by("seq").values_list("type", "payload")
    start = world_from_dict(snapshot) if snapshot else World()
    return apply_events(start, (EngineEvent(kind, payload) for kind, payload in events))


def snapshot_due(campaign: Campaign, world: World) -> bool:
    """Whether a new round's start stores a snapshot (docs/architecture.md, "The world's state"): once the
    world-changing events logged since the last one are as many as the records the world holds. Rebuilding
    then never replays more events than a snapshot holds records, while a large world (50,000 units) is not
    rewritten every round, which would cost more than its steps do; a small one is still written every round."""
    records = sum(len(table) for table in (world.units, world.colonies, world.projects, world.terraforming,
                                            world.sectors, world.pois, world.planets, world.civs))
    since = Event.objects.filter(campaign_id=campaign.pk, seq__gt=campaign.world_seq, type__in=list(all_handlers()))
    return since[:records].count() >= records


def store_snapshot(campaign: Campaign, world: World, before: World | None = None) -> None:
    """Write `world` as the campaign's snapshot as of its last event, keeping the one before for undo. The
    caller holds the campaign's row lock. The rows follow: what changed since `before`, or, without it (a new
    world), all of them."""
    unit_rows.store(campaign.pk, before, world)
    seq = campaign.last_seq
    Campaign.objects.filter(pk=campaign.pk).update(
        world_previous=F("world"), world_previous_seq=F("world_seq"),
        world=world_to_dict(world), world_seq=seq, state_seq=seq,
    )
    campaign.world_seq = campaign.state_seq = seq
    remember(campaign, world)


def rewind(campaign: Campaign, seq_before: int) -> None:
    """After an undo (events after `seq_before` marked undone): the world is rebuilt from the newest snapshot
    that is not younger than `seq_before`. The caller holds the campaign's row lock."""
    row = Campaign.objects.filter(pk=campaign.pk).values("world_seq", "world_previous_seq",
                                                         "world_previous").get()
    if row["world_seq"] > seq_before:
        if row["world_previous"] is None or row["world_previous_seq"] > seq_before:
            raise WorldUnavailable("This step is too far back to undo: its world is no longer kept.")
        Campaign.objects.filter(pk=campaign.pk).update(
            world=F("world_previous"), world_seq=F("world_previous_seq"), world_previous=None,
            world_previous_seq=0)
    # The next read rebuilds: the undone events are skipped.
    campaign.state_seq = campaign.last_seq


def rows_after_undo(campaign: Campaign, before: World) -> None:
    """Once an undo marked its events undone (after `rewind`): rebuild the world without them, and bring the
    rows back from `before` (the world the undo started from) to it."""
    world = _rebuild(campaign.pk, campaign.state_seq)
    remember(campaign, world, before)
