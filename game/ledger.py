"""The one way a write reaches a campaign's record, for every app's services: lock the campaign's row, append
numbered events to its log, and publish them only once the transaction has committed."""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection, connections, transaction
from django.utils import timezone

from game import realtime, state_io
from game.copy_rows import ReadColumns, insert_row, insert_rows, read_columns
from game.engine import events as engine_events
from game.engine.apply import apply_events
from game.engine.world import World
from game.errors import Conflict, NotFound
from game.event_catalogue import check_appended
from game.models import CAMPAIGN_WORLDS, Campaign, Civilization, Event, EventWitness, event_message

User = AbstractBaseUser | AnonymousUser
logger = logging.getLogger(__name__)


def locked_campaign(campaign_id: int, *, ended_ok: bool = False) -> Campaign:
    """The campaign, its row locked until the transaction ends: writers to one campaign go one at a time.
    A campaign that has ended is read-only: Conflict, unless the write is one that may follow the end
    (`ended_ok`: notes, visibility, membership; docs/rules.md, "Victory")."""
    statement, fields = _locking_statement()
    with connection.cursor() as cursor:
        cursor.execute(statement, [campaign_id])
        row = cursor.fetchone()
    if row is None:
        raise NotFound("No such campaign.")
    # Built as a query builds what it reads: through RawQuerySet, building the model took longer than the lock.
    campaign = Campaign.from_db(connection.alias, fields.names, fields.values(row))
    if campaign.status == Campaign.Status.ENDED and not ended_ok:
        raise Conflict("The campaign has ended.")
    return campaign


@cache
def _locking_statement() -> tuple[str, ReadColumns]:
    """The lock's SELECT ... FOR UPDATE, built once: every write takes it, and the ORM
    took longer to build the query than PostgreSQL took to run it (1.3 ms -> 0.8 ms). Its columns are those
    `Campaign.objects` reads."""
    fields = read_columns(Campaign, [each for each in Campaign._meta.concrete_fields
                                     if each.name not in CAMPAIGN_WORLDS])
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""  # SQLite locks the whole database
    quote = connection.ops.quote_name
    return f"SELECT {fields.selected} FROM {quote(Campaign._meta.db_table)} WHERE {quote('id')} = %s{lock}", fields


def append_events(
    campaign: Campaign, events: Sequence[engine_events.Event], actor: User | None = None, *,
    changes_access: bool = False, changes_world: bool = False, pushed: bool = True, returning: bool = True,
    saving: Sequence[str] = (),
) -> list[Event]:
    """Number the events after the campaign's last one and store them; push them once the transaction commits.
    The caller holds the campaign's row lock (`locked_campaign`), so numbers never collide or skip.
    `changes_access`: these events record a change of who may see the campaign (its visibility, a membership);
    every open socket re-checks its viewer before it forwards anything published from then on.
    `changes_world`: these events change the world; the campaign's `state_seq` moves to the last of them in the
    same statement, so no process serves the world without them (`record_world_events` keeps the world too).
    `pushed=False`: stored only; the work they lead to pushes them with its own (`one_push`'s `held`).
    `returning=False`: the stored rows are not built and none are returned (a step's thousands of events, of
    which only those with witnesses have their ids read back).
    `saving`: other fields of the campaign the caller set, written in the same statement as its last number."""
    check_appended(events)
    actor_id = actor.pk if actor is not None and actor.is_authenticated else None
    created_at = timezone.now()
    columns: list[dict[str, Any]] = [
        {"campaign_id": campaign.pk, "seq": campaign.last_seq + offset, "type": event.type, "payload": event.payload,
         "visibility": event.visibility.value, "civilization_id": event.civ_id, "actor_id": actor_id,
         "round": campaign.round, "step_index": campaign.step_index, "undone": False, "created_at": created_at}
        for offset, event in enumerate(events, start=1)
    ]
    rows: list[Event] = []
    ids: dict[int, int] = {}  # seq -> id, where known without asking
    if connection.vendor != "postgresql":  # SQLite: bulk_create fills in the ids of the rows it returns
        rows = Event.objects.bulk_create([Event(**row) for row in columns])
        columns = [vars(row) for row in rows]  # as stored: `auto_now_add` set their time
        ids = {row.seq: row.pk for row in rows}
    elif len(columns) >= MANY_EVENTS:
        insert_rows(Event, columns, json_columns=("payload",))
    elif columns:
        (column,) = columns
        ids = {column["seq"]: insert_row(Event, column, json_columns=("payload",))}
    if returning and columns and not rows:
        rows = _stored_rows(columns, ids or _ids_by_seq(campaign, columns[0]["seq"], columns[-1]["seq"]))
    witnessed = [(campaign.last_seq + offset, event) for offset, event in enumerate(events, start=1)
                 if event.visibility is engine_events.Visibility.GM and event.payload.get("seen_by")]
    if witnessed:
        ids = ids or _ids_by_seq(campaign, witnessed[0][0], witnessed[-1][0])
        civ_ids = set(Civilization.objects.filter(campaign=campaign).values_list("pk", flat=True))
        insert_rows(EventWitness, [{"event_id": ids[seq], "civilization_id": civ_id}
                                   for seq, event in witnessed
                                   for civ_id in sorted(set(event.payload["seen_by"]) & civ_ids)])
    campaign.last_seq += len(columns)
    if changes_access:
        campaign.access_seq = campaign.last_seq
    if changes_world:
        campaign.state_seq = campaign.last_seq
    campaign.save(update_fields=["last_seq", *(["access_seq"] if changes_access else []),
                                 *(["state_seq"] if changes_world else []), *saving])
    if pushed:
        messages = [event_message(row) for row in columns]
        push = _one_push.get()
        if push is not None and push.campaign_id == campaign.pk:
            push.messages.extend(messages)
            push.access_seq = campaign.access_seq
        else:
            publish_after_commit(realtime.publish_events, campaign.pk, messages, campaign.access_seq)
    return rows if returning else []


def record_world_events(campaign: Campaign, world: World, events: Sequence[engine_events.Event],
                        actor: User | None) -> list[Event]:
    """Append events that change the world outside a step (a GM's ruling at a desk) and keep the world they make
    in this process: the one way to record them. The caller holds the campaign's row lock."""
    rows = append_events(campaign, events, actor, changes_world=True)
    state_io.remember(campaign, apply_events(world, events), world)
    return rows


# From this many events the log is written with COPY (`game.copy_rows`): a step's few dozen go in faster too, as
# bulk_create binds them as arrays psycopg quotes in Python (Explore 5's 19 detection events of a 50,000-unit round,
# 400 KB: 73 ms -> 28 ms); a single event (an order, a step's opening) is one INSERT, where COPY takes two
# statements, written without the ORM, which took longer to build it than PostgreSQL took to run it.
MANY_EVENTS = 2


def _ids_by_seq(campaign: Campaign, first_seq: int, last_seq: int) -> dict[int, int]:
    """The ids of the campaign's events numbered `first_seq` to `last_seq`, by number."""
    return dict(Event.objects.filter(campaign=campaign, seq__gte=first_seq, seq__lte=last_seq).values_list("seq", "pk"))


def _stored_rows(columns: list[dict[str, Any]], ids: dict[int, int]) -> list[Event]:
    """The rows of events just written, as the database holds them (`ids`: their ids by number). They are built as
    a query builds what it reads (`from_db`): a model's keyword `__init__` cost 0.1 s of a 50,000-unit round's
    13,500 events."""
    names = [field.attname for field in Event._meta.concrete_fields]
    return [Event.from_db(Event.objects.db, names, [ids[row["seq"]] if name == "id" else row[name] for name in names])
            for row in columns]


@dataclass
class _Push:
    campaign_id: int
    access_seq: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)


_one_push: ContextVar[_Push | None] = ContextVar("one_push", default=None)


@contextmanager
def one_push(campaign_id: int, *, held: Sequence[dict[str, Any]] = (),
             announce_after: float | None = None) -> Iterator[None]:
    """The campaign's events appended inside reach browsers as one push when the transaction commits: a step's
    outcome, what comes into force and the next step's opening make one frame per socket, not three. Use it inside
    the transaction; if the block raises, nothing appended inside is pushed (the transaction rolls back too).
    The push is booked as the block ends, after what the block booked (the world it cached, which describing the
    events reads): book what must follow the push (a task the embedded default runs at once) after the block.
    `held`: stored events not pushed yet (the step's closing), pushed first in the same frame; if the block takes
    longer than `announce_after` seconds they are pushed on their own instead, so pages learn without waiting that
    the step is being resolved. (If the block raises, the next push, its failure's, leaves them as a gap that pages
    fill from the log.)"""
    push = _Push(campaign_id)
    announcement = _Announcement(campaign_id, list(held))
    timer = threading.Timer(announce_after, announcement.announce) if held and announce_after is not None else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    token = _one_push.set(push)
    try:
        yield
    finally:
        _one_push.reset(token)
        if timer is not None:
            timer.cancel()
    messages = announcement.take() + push.messages
    if messages:
        publish_after_commit(realtime.publish_events, campaign_id, messages, push.access_seq)


@dataclass
class _Announcement:
    """Held events, pushed once: on their own (`announce`, from a timer's thread) or taken into the block's push
    (`take`), whichever comes first."""

    campaign_id: int
    messages: list[dict[str, Any]]
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self) -> list[dict[str, Any]]:
        with self.lock:
            messages, self.messages = self.messages, []
        return messages

    def announce(self) -> None:
        try:
            messages = self.take()
            if messages:
                realtime.publish_events(self.campaign_id, messages, 0)
        except Exception:  # the outcome's push still comes; pages fill a gap from the log
            logger.warning("Could not push the closing of a step of campaign %s", self.campaign_id, exc_info=True)
        finally:
            connections.close_all()  # this thread's own: cutting the frames read the database


def publish_after_commit(publish: Callable[..., None], campaign_id: int, *args: Any) -> None:
    """Push to browsers once the transaction commits (at once outside one): a rolled-back write pushes nothing,
    and a push that fails (Redis down) never fails the write, which has committed: the request answers as it
    stored it (a 500 would have a client give it again), and pages catch up from the log as they reconnect."""
    def publish_on_commit() -> None:
        try:
            publish(campaign_id, *args)
        except Exception:
            logger.warning("Could not push to the pages of campaign %s (%s); they catch up from the log",
                           campaign_id, publish.__qualname__, exc_info=True)

    transaction.on_commit(publish_on_commit)


def random_seed() -> str:
    """A seed for a campaign or galaxy whose GM asked for "random"; it is stored, so every result stays
    reproducible."""
    return secrets.token_hex(8)
