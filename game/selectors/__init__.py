"""Reads, each filtered for its viewer. What a viewer may see is decided in `game.visibility`; here it is read."""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cache, partial
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection
from django.db.models import Count, Q, QuerySet

from game import realtime, state_io
from game.copy_rows import ReadColumns, read_columns
from game.engine import settings_catalogue
from game.engine.catalogue import Names
from game.engine.dice import SeededDice, step_seed
from game.engine.events import Event as EngineEvent
from game.engine.names import WorldNames
from game.engine.orders import OrderCommand, OrderProblem, legal_orders, order_kinds, validate_order
from game.engine.phases import ALL_STEPS, GalacticDate, Phase, StepKind
from game.engine.resolve import resolve_orders
from game.engine.settings_catalogue import step_rule
from game.engine.step_input import StepInput
from game.engine.victory import SCORE_IN_WORDS, VictoryConditions, standings
from game.engine.visibility import civ_figures, civ_map, civ_view, public_map
from game.engine.world import World, course_cost, course_rounds
from game.errors import WAITING_FOR_ROLLS, Forbidden, NotFound, ServiceError
from game.event_catalogue import describe, in_chronicle
from game.json_text import json_text
from game.models import Campaign, CivFigures, Civilization, Event, Membership, Order, PhaseReadiness, Readiness
from game.visibility import (
    Viewer,
    can_see,
    civ_in_view,
    events_visible_to,
    message_readers,
    reading_viewers,
    reads,
)

logger = logging.getLogger(__name__)

# What becomes of a campaign's visibility when it ends, as the GM chooses at its creation.
END_VISIBILITIES = Campaign.EndVisibility.choices

# Names for a caller that has no world at hand: everything is said without a name ("a unit").
NOBODYS_NAMES: Names = WorldNames(World())

# Payload fields of events a viewer may read that only the GM may see: how many orders a step had, across every
# civilization, would tell a player what the others did.
GM_ONLY_FIELDS: dict[str, frozenset[str]] = {"StepResolved": frozenset({"orders"})}


def message_for(viewer: Viewer, message: dict[str, Any], names: Names = NOBODYS_NAMES) -> dict[str, Any] | None:
    """A stored event (as `Event.as_message` gives it) as this viewer may read it, with its description in the
    words of `names` (`event_names_for`) and whether it belongs in the chronicle; None if not at all. Every path
    that hands events out (the websocket, the REST log) goes through here."""
    return _as_read(viewer, message, names) if can_see(viewer, message) else None


def _as_read(viewer: Viewer, message: dict[str, Any], names: Names) -> dict[str, Any]:
    """`message_for` an event the viewer may read."""
    message = _stripped(viewer, message)
    return {**message, **_reading(message, names)}


def _stripped(viewer: Viewer, message: dict[str, Any]) -> dict[str, Any]:
    """The stored event without the payload fields only the GM may see; the very same message if none are there."""
    hidden = GM_ONLY_FIELDS.get(message["type"], frozenset())
    if not viewer.is_gm and hidden & message["payload"].keys():
        return {**message, "payload": {k: v for k, v in message["payload"].items() if k not in hidden}}
    return message


def _reading(message: dict[str, Any], names: Names) -> dict[str, Any]:
    """What a viewer reads beside the stored event: its line in their words, and whether the chronicle tells it."""
    return {"description": describe(message["type"], message["payload"], names),
            "chronicle": in_chronicle(message["type"])}


def _read_text(viewer: Viewer, message: dict[str, Any], names: Names, encoded: dict[int, str]) -> str:
    """`_as_read` as JSON text. A stored event is encoded once (into `encoded`, by the message's id) for every viewer
    who reads it as stored: a large step's payloads (a battle's sides) cost more to encode than to describe."""
    stripped = _stripped(viewer, message)
    if stripped is not message:
        return json_text(_as_read(viewer, message, names))
    head = encoded.get(id(message))
    if head is None:
        head = encoded[id(message)] = json_text(message)[:-1]  # without its closing brace
    return f"{head},{json_text(_reading(message, names))[1:]}"


def event_names_for(viewer: Viewer, campaign: Campaign) -> Names:
    """What this viewer calls the units, places and civilizations events name: the campaign's world as the viewer
    knows it (cached per process by `state_io.load_world`), so a description never names what their map hides."""
    return _names(viewer, _world_to_name_from(campaign), _civ_names(campaign.pk))


def _civ_names(campaign_id: int) -> dict[int, str]:
    return dict(Civilization.objects.filter(campaign_id=campaign_id).values_list("pk", "name"))


def _world_to_name_from(campaign: Campaign) -> World:
    try:
        return state_io.load_world(campaign)
    except (KeyError, TypeError, ValueError):
        # A world that cannot be built is what a failed resolution reports; the log must stay readable (and the
        # sockets open) until it is repaired, so events are described without the world's names meanwhile.
        logger.warning("Campaign %s: no world to name events from", campaign.pk, exc_info=True)
        return World()


def _names(viewer: Viewer, world: World, civ_names: dict[int, str]) -> Names:
    return WorldNames(world, viewer.civ_id if viewer.is_player else None, is_gm=viewer.is_gm, civ_names=civ_names)


def event_names_in(viewer: Viewer | None, campaign_id: int) -> Names:
    """`event_names_for` by the campaign's id (the websocket consumer's); nobody's names for a viewer turned away."""
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    return event_names_for(viewer, campaign) if viewer is not None and campaign is not None else NOBODYS_NAMES


def events_frame(viewer: Viewer, campaign_id: int, stored: list[dict[str, Any]], committed_at: float) -> str | None:
    """One pushed batch of stored events as this viewer may read them: the websocket frame's text, or None when
    there is nothing for them. Every viewer with the viewer's `reading_key` gets the same text."""
    readable = _readable_by({"": viewer}, stored)[""]
    return _frame_text(viewer, stored, readable, committed_at, lambda: event_names_in(viewer, campaign_id), {})


def events_frame_from_log(viewer: Viewer, campaign_id: int, first_seq: int, last_seq: int,
                          committed_at: float) -> str | None:
    """`events_frame` for the batch of the campaign's events numbered `first_seq` to `last_seq`, read from the log."""
    stored = [e.as_message() for e in Event.objects.filter(campaign_id=campaign_id, seq__gte=first_seq,
                                                            seq__lte=last_seq).order_by("seq")]
    return events_frame(viewer, campaign_id, stored, committed_at) if stored else None


def _campaign_to_name_from(campaign_id: int) -> tuple[Campaign | None, dict[int, str]]:
    """The campaign with only what naming reads (`state_io.load_world`), and its civilizations' names, in one
    statement built once: every push reads them after its commit, and building two queries with the ORM took
    longer than running them."""
    statement, fields = _naming_statement()
    with connection.cursor() as cursor:
        cursor.execute(statement, [campaign_id])
        rows = cursor.fetchall()
    if not rows:
        return None, {}
    campaign = Campaign.from_db(connection.alias, fields.names, fields.values(rows[0]))
    return campaign, {civ_id: name for *_, civ_id, name in rows if civ_id is not None}


@cache
def _naming_statement() -> tuple[str, ReadColumns]:
    # In the model's order, as `from_db` takes a row of some of its fields.
    fields = read_columns(Campaign, [each for each in Campaign._meta.concrete_fields
                                     if each.name in ("id", "state_seq", "rule_options")])
    quote = connection.ops.quote_name
    campaigns, civs = quote(Campaign._meta.db_table), quote(Civilization._meta.db_table)
    return (f"SELECT {fields.selected}, {civs}.{quote('id')}, {civs}.{quote('name')} FROM {campaigns} "
            f"LEFT JOIN {civs} ON {civs}.{quote('campaign_id')} = {campaigns}.{quote('id')} "
            f"WHERE {campaigns}.{quote('id')} = %s ORDER BY {civs}.{quote('id')}", fields)


def events_frames(campaign_id: int, batches: list[list[dict[str, Any]]],
                  committed_at: float) -> list[dict[str, str | None]]:
    """`events_frame` of each batch for each kind of viewer of the campaign (`reading_viewers`) someone watches it
    as (`realtime.watched`), by reading key, reading the campaign, its civilizations and its world once for all of
    them, and who may read each event once."""
    campaign, civ_names = _campaign_to_name_from(campaign_id)
    every_kind = reading_viewers(list(civ_names))
    watched = realtime.watched(campaign_id, list(every_kind))
    viewers = {key: viewer for key, viewer in every_kind.items() if key in watched}
    if campaign is None or not viewers:
        return [{} for _ in batches]
    world: list[World] = []  # read at the first viewer who may see something
    names: dict[str, Names] = {}

    def names_for(key: str) -> Names:
        world[:] = world or [_world_to_name_from(campaign)]
        if key not in names:
            names[key] = _names(viewers[key], world[0], civ_names)
        return names[key]

    frames = []
    for batch in batches:
        readable = _readable_by(viewers, batch)
        encoded: dict[int, str] = {}
        frames.append({key: _frame_text(viewer, batch, readable[key], committed_at, partial(names_for, key), encoded)
                       for key, viewer in viewers.items()})
    return frames


def _readable_by(viewers: dict[str, Viewer], stored: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The messages of `stored` each viewer (by key) `reads`, in order. Who may read an event is worked out once
    per event, and whether a viewer reads it once per distinct set of readers: a large step's thousands of events
    have a few dozen (243,000 `reads` calls in a 50,000-unit round, one per event per kind of viewer)."""
    readable: dict[str, list[dict[str, Any]]] = {key: [] for key in viewers}
    reading: dict[frozenset[int] | None, list[str]] = {}  # readers -> the keys of the viewers who read
    for message in stored:
        readers = message_readers(message)
        keys = reading.get(readers)
        if keys is None:
            keys = reading[readers] = [key for key, viewer in viewers.items() if reads(viewer, readers)]
        for key in keys:
            readable[key].append(message)
    return readable


def _frame_text(viewer: Viewer, stored: list[dict[str, Any]], readable: list[dict[str, Any]], committed_at: float,
                names: Callable[[], Names], encoded: dict[int, str]) -> str | None:
    """The frame of the batch `stored` for a viewer who reads its messages `readable` (the JSON text
    `json.dumps` makes of it); `encoded`: `_read_text`'s, shared by the frames of one batch."""
    if not readable:
        return None  # nothing for this viewer: no need to look up names
    named = names()
    events = ", ".join(_read_text(viewer, message, named, encoded) for message in readable)
    # The numbers the batch covers: what it leaves out is others' (no gap for the page to fill from the log).
    return (f'{{"type": "events", "first_seq": {stored[0]["seq"]}, "last_seq": {stored[-1]["seq"]}, '
            f'"committed_at": {json.dumps(committed_at)}, "events": [{events}]}}')


def event_messages_for(viewer: Viewer, campaign: Campaign, since: int = 0, limit: int = 1000) -> list[dict[str, Any]]:
    """The log after `since`, as this viewer may read it."""
    names = event_names_for(viewer, campaign)
    messages = (message_for(viewer, e.as_message(), names)
                for e in events_visible_to(viewer, campaign, since)[:limit])
    return [m for m in messages if m is not None]


def campaign_by_invite(invite_token: str) -> Campaign | None:
    """The campaign an invite link is for (anyone holding the link may see its name and join)."""
    return Campaign.objects.filter(invite_token=invite_token).first()


def campaign_named(name: str) -> Campaign | None:
    return Campaign.objects.filter(name=name).order_by("pk").first()


def players_of(campaign: Campaign) -> list[dict[str, Any]]:
    """Each civilization with its player's user name (None once the GM removed its player), in joining order."""
    civs = Civilization.objects.filter(campaign=campaign).select_related("membership__user").order_by("pk")
    return [{"civ_id": civ.pk, "name": civ.name,
             "username": civ.membership.user.get_username() if civ.membership else None} for civ in civs]


def campaigns_listed_for(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Campaign]:
    mine = Q(memberships__user_id=user.pk) if user.is_authenticated else Q(pk__in=[])
    return Campaign.objects.filter(mine | Q(is_public=True)).distinct().order_by("-created_at")


def campaign_state(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """What a dashboard shows: the round, phase and step, the step list, and who has given orders."""
    step = campaign.step
    civs = list(Civilization.objects.filter(campaign=campaign).order_by("pk"))
    orders = dict(
        Order.objects.filter(campaign=campaign, round=campaign.round, step_index=campaign.step_index)
        .values_list("civilization_id")
        .annotate(n=Count("pk"))
    )
    # Ready for this step, or for the rest of its phase: the step waits on neither (`step_waiting_for`), so the
    # pages do not say "not ready" to a player the flow counts as ready.
    ready = set(
        Readiness.objects.filter(
            civilization__campaign=campaign, round=campaign.round, step_index=campaign.step_index
        ).values_list("civilization_id", flat=True)
    ) | set(PhaseReadiness.objects.filter(
        civilization__campaign=campaign, round=campaign.round, phase=step.phase.value,
    ).values_list("civilization_id", flat=True))

    def civ_row(civ: Civilization) -> dict[str, Any]:
        row: dict[str, Any] = {"id": civ.pk, "name": civ.name}
        # Who has ordered what is the GM's business; a player sees only their own.
        if viewer.is_gm or civ.pk == viewer.civ_id:
            row |= {"orders": orders.get(civ.pk, 0), "ready": civ.pk in ready}
        return row

    state: dict[str, Any] = {
        "id": campaign.pk,
        "name": campaign.name,
        "is_public": campaign.is_public,
        "round": campaign.round,
        "fiscal_quarter": campaign.date.quarter,
        "year": campaign.date.year,
        "date": str(campaign.date),
        "phase": step.phase.value,
        "phase_title": step.phase.heading,
        "step": step.key,
        "step_index": campaign.step_index,
        "step_label": step.label,
        "step_rule": step_rule(step, campaign.rule_options),
        "step_kind": step.kind.value,
        "status": campaign.status,
        "last_seq": campaign.last_seq,
        "viewer": {"role": viewer.role, "civ_id": viewer.civ_id},
        "civilizations": [civ_row(civ) for civ in civs],
        "victory": victory_for(viewer, campaign),
    }
    if campaign.status == Campaign.Status.FAILED:
        state |= _battle_wait(viewer, campaign)
    if viewer.is_gm:
        state["failure"] = campaign.failure
        # A resolution that ran out of entered rolls waits for the GM's dice: what it asks for.
        waiting = campaign.failure.startswith(WAITING_FOR_ROLLS)
        state["rolls_wanted"] = campaign.failure.removeprefix(WAITING_FOR_ROLLS) if waiting else None
        state["invite_token"] = campaign.invite_token
        state["seed"] = campaign.seed
        state["rule_options"] = campaign.rule_options
        state["can_load_scenario"] = not campaign.resolutions.exists()
        state["entered_rolls"] = campaign.entered_rolls
        state["dice_mode"] = campaign.rule_options.get("dice_mode", "server")
        state["can_undo"] = campaign.resolutions.filter(status="done").exists()
        state["members"] = [_member_json(m) for m in Membership.objects.filter(campaign=campaign)
                            .select_related("user", "civilization").order_by("joined_at", "pk")]
    return state


def _battle_wait(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """A fight that waits for a battle (choices asked, a Centurion battle being played) is kept at its step as a
    failed resolution; every page says it waits, and for what, not that it failed: the GM whom it waits for (as the
    flow panel does), a side that it waits for its battle, anyone else only that a battle is being fought (a
    battle is its sides' and the GM's business until published)."""
    from game.selectors.flow import step_waiting_for  # flow reads the combat selectors, which read these

    waiting = step_waiting_for(campaign)
    if not (waiting["battle_choices"] or waiting["live_battles"]):
        return {}
    sides = {c["civ_id"] for c in waiting["battle_choices"]} | {
        civ_id for battle in waiting["live_battles"] for civ_id in battle["civ_ids"]}
    label = campaign.step.label
    if viewer.is_gm:
        text = waiting["summary"]
    elif viewer.civ_id in sides:
        text = (f"{label} waits for your battle: play it under Centurion battles on this page (or answer its "
                "choices); the step goes on once every battle is over.")
    else:
        text = f"{label} waits for a battle to be fought; the step goes on once it is over."
    return {"status": "waiting", "waiting_for": text}


def victory_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """How the campaign is won, in words; once it has ended, its result (the `CampaignEnded` payload). Scores:
    the final standings after the end; before it, live for the GM, and for everyone else those of the last
    standings the GM published with the score (None when there are none)."""
    conditions = VictoryConditions.from_dict(campaign.victory_conditions)
    ended = None
    if campaign.status == Campaign.Status.ENDED:
        ended = Event.objects.filter(campaign=campaign, type="CampaignEnded", undone=False).order_by("-seq").first()
    # The line everyone reads (it names only civilizations, which everyone knows), for a page opened after the end.
    result = {**ended.payload, "description": describe(ended.type, ended.payload, NOBODYS_NAMES)} if ended else None
    scores: dict[str, Any] | None = None
    if result is not None:
        scores = {"round": result["round"], "final": True, "rows": result["standings"]}
    elif viewer.is_gm:
        scores = {"round": campaign.round, "final": False, "rows": _live_scores(campaign)}
    else:
        published = Event.objects.filter(campaign=campaign, type="StandingsPublished", undone=False).order_by(
            "-seq").first()
        if published is not None and "score" in published.payload["figures"]:
            scores = {"round": published.payload["round"], "final": False, "rows": published.payload["rows"]}
    return {"conditions": conditions.as_dict(), "rules": conditions.in_words(), "score_rule": SCORE_IN_WORDS,
            "end_visibility": campaign.end_visibility, "result": result, "scores": scores}


def _live_scores(campaign: Campaign) -> list[dict[str, Any]]:
    try:
        world = state_io.load_world(campaign)
    except (KeyError, TypeError, ValueError):
        logger.warning("Campaign %s: no world to score", campaign.pk, exc_info=True)
        return []
    return [score.as_dict() for score in standings(world)]


def _member_json(membership: Membership) -> dict[str, Any]:
    civ = getattr(membership, "civilization", None)
    return {"user_id": membership.user_id, "username": membership.user.get_username(), "role": membership.role,
            "civ_id": civ.pk if civ else None}


def step_keys() -> list[str]:
    """Every step's key (`explore.14`), in the rules' order."""
    return [step.key for step in ALL_STEPS]


def round_steps(rule_options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The four phases and their steps, as the rules order them; each step's rule as a campaign with these
    `rule_options` plays it (`step_rule`; None: in no campaign in particular)."""
    return [
        {
            "phase": phase.value,
            "title": phase.heading,
            "steps": [
                {"key": s.key, "index": ALL_STEPS.index(s), "number": s.number, "kind": s.kind.value,
                 "optional": s.optional, "rule": step_rule(s, rule_options)}
                for s in ALL_STEPS if s.phase is phase
            ],
        }
        for phase in Phase
    ]


def order_json(order: Order, names: Names) -> dict[str, Any]:
    """An order with its one-line `description` from its kind's declaration, naming things as `names` does."""
    kind = order_kinds().get(order.kind)
    return {
        "id": order.pk, "civ_id": order.civilization_id, "round": order.round, "kind": order.kind,
        "payload": order.payload, "idempotency_key": order.idempotency_key, "created_at": order.created_at,
        "description": kind.describe(order.payload, names) if kind else order.kind,
    }


def orders_for(viewer: Viewer, campaign: Campaign) -> list[dict[str, Any]]:
    """The open step's orders the viewer may read: the GM every civilization's, a player their own."""
    orders = list(orders_visible_to(viewer, campaign))
    names = event_names_for(viewer, campaign) if orders else NOBODYS_NAMES
    return [order_json(order, names) for order in orders]


def order_given(viewer: Viewer, campaign: Campaign, order: Order) -> dict[str, Any]:
    """The answer to the player who gave `order`: the order as they read it."""
    return order_json(order, event_names_for(viewer, campaign))


def course_eta(viewer: Viewer, campaign: Campaign, unit_id: int, sector_id: str, poi_id: str | None) -> dict[str, Any]:
    """Explore 14 — what the viewer's unit would be told if it plotted this course now: its ETA in Movement Points,
    the rounds it takes and the date it arrives; refused (400, naming the field) as the Plot a Course order would
    be. The one course rule (`course_cost`, `course_rounds`) answers, so the form shows what the order will do."""
    if not viewer.is_player or viewer.civ_id is None:
        raise Forbidden("Only a player plots courses for their units.")
    kind = order_kinds()["PlotCourse"]
    step_key = campaign.step.key if campaign.step.key in kind.steps else min(kind.steps)
    payload = {"unit_id": unit_id, "sector_id": sector_id, "poi_id": poi_id}
    world = state_io.load_world(campaign)
    try:
        validate_order(OrderCommand(viewer.civ_id, step_key, kind.name, payload), world)
    except OrderProblem as problem:
        raise ServiceError(problem.message, field=problem.field) from None
    unit = world.units[unit_id]
    mp = course_cost(world, unit, sector_id, poi_id)
    assert mp is not None  # the order's check refuses a course that cannot be flown
    rounds = course_rounds(world, unit, mp)
    arrival = GalacticDate.of_round(campaign.round + rounds, campaign.first_year)
    return {"unit_id": unit_id, "sector_id": sector_id, "poi_id": poi_id, "mp": mp, "rounds": rounds,
            "round": campaign.round + rounds, "eta": str(arrival)}


def orders_visible_to(viewer: Viewer, campaign: Campaign) -> QuerySet[Order]:
    orders = Order.objects.filter(campaign=campaign, round=campaign.round, step_index=campaign.step_index)
    if viewer.is_gm:
        return orders.select_related("civilization")
    if viewer.is_player and viewer.civ_id is not None:
        return orders.filter(civilization_id=viewer.civ_id).select_related("civilization")
    return orders.none()


def step_input_for(campaign: Campaign, orders: Sequence[OrderCommand] = ()) -> StepInput:
    """What the open step's function reads, with `orders`: the world with the GM's settings in force (as the
    steps read them), the date and the civilizations."""
    return StepInput(
        world=settings_catalogue.in_world(state_io.load_world(campaign), campaign.rule_options),
        pointer=campaign.pointer,
        date=campaign.date,
        civ_ids=tuple(Civilization.objects.filter(campaign=campaign).order_by("pk").values_list("pk", flat=True)),
        orders=tuple(orders),
    )


def pending_orders(campaign: Campaign, civ_id: int) -> list[tuple[Order, OrderCommand]]:
    """The civilization's orders given in the open step so far, in the order the step will run them."""
    orders = Order.objects.filter(campaign=campaign, civilization_id=civ_id, round=campaign.round,
                                  step_index=campaign.step_index).order_by("pk")
    return [(o, OrderCommand(civ_id, campaign.step.key, o.kind, o.payload)) for o in orders]


def dry_run(campaign: Campaign, step_input: StepInput, orders: Sequence[OrderCommand]
            ) -> tuple[list[EngineEvent], World]:
    """The open step resolved with `orders` alone (its own seeded dice; nothing stored): its events, and the world
    as those orders leave it, which one more order of the step is checked against when the step resolves."""
    dice = SeededDice(step_seed(campaign.seed, campaign.round, campaign.step.key))
    return resolve_orders(replace(step_input, orders=tuple(orders)), dice)


def legal_orders_for(viewer: Viewer, campaign: Campaign) -> list[dict[str, Any]]:
    """The orders the viewer's civilization may give in the open step, as the engine offers them, each with the
    form a page draws for it (kind, label, title, description, the fixed payload and the fields to fill, with
    their choices by name and their ranges); nobody else has any. They are found in the world as the step will
    check them: with the GM's settings in force and after the civilization's orders already given in the step (a
    builder set to work is not offered again)."""
    if not viewer.is_player or viewer.civ_id is None or campaign.status != Campaign.Status.OPEN:
        return []
    if campaign.step.kind is not StepKind.ORDERS:
        return []
    step_input = step_input_for(campaign)
    world = step_input.world
    given = [command for _, command in pending_orders(campaign, viewer.civ_id)]
    if given:
        _, world = dry_run(campaign, step_input, given)
    offered = legal_orders(world, viewer.civ_id, campaign.step.key, campaign.round,
                           made_from=step_input.world.next_id if given else None)
    return choices_once([legal.as_dict() for legal in offered])


def choices_once(offers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each choice list goes out once (issue 19: every unit that may plot a course offered the same reachable
    Sectors): the first field with a list that other fields share carries it with a `choices_id`, and those
    fields say `choices_ref` instead of repeating it. A list only one field has stays as it was. The pages
    (`player.js` `withChoices`) and the bots' client put the lists back."""
    texts = [[json.dumps(f["choices"]) if "choices" in f else None for f in offer["fields"]] for offer in offers]
    uses = Counter(text for offer in texts for text in offer if text is not None)
    ids: dict[str, str] = {}
    for offer, offer_texts in zip(offers, texts, strict=True):
        for form_field, text in zip(offer["fields"], offer_texts, strict=True):
            if text is None or uses[text] < 2:
                continue
            if text in ids:
                del form_field["choices"]
                form_field["choices_ref"] = ids[text]
            else:
                ids[text] = form_field["choices_id"] = f"c{len(ids) + 1}"
    return offers


def campaign_view(viewer: Viewer, campaign: Campaign, civ_id: int | None = None) -> dict[str, Any]:
    """What the viewer may see of the campaign's world: a player their civilization's view (what it owns and
    what it knows) and its figures over the rounds; the GM any civilization's, or, without one, the public
    map with every civilization listed; a spectator the public map only."""
    civ_id = civ_in_view(viewer, civ_id)
    world = state_io.load_world(campaign)
    if civ_id is None:
        return {"kind": "public", "map": public_map(world), "figures": []}
    if civ_id not in world.civs:
        raise NotFound("That civilization has no place in this campaign's world yet.")
    history = CivFigures.objects.filter(civilization_id=civ_id).values("round", "figures")
    # A player's page reads the map from `map/` (`campaign_map`), sent again only when it changed.
    view = civ_view(world, civ_id, with_map=not viewer.is_player)
    return {
        "kind": "civ",
        "civ_id": civ_id,
        "view": view,
        "figures_now": civ_figures(world, civ_id),
        "figures": [{"round": h["round"], **h["figures"]} for h in history],
    }


def campaign_map(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """The part of a player's `campaign_view` left to `map/`: the Sectors, Points of Interest and planets their
    civilization knows, which change seldom (a Sector charted, a Point of Interest found), so `map/` serves them
    with an ETag and the player's page reads them only when their version changed (issue 19)."""
    if not viewer.is_player or viewer.civ_id is None:
        raise Forbidden("Only a player reads their civilization's map here; view/ holds everyone else's.")
    world = state_io.load_world(campaign)
    if viewer.civ_id not in world.civs:
        raise NotFound("That civilization has no place in this campaign's world yet.")
    return civ_map(world, viewer.civ_id)


def away_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """"Since you were away": the events this member has not looked at yet, as they may read them."""
    last_seen = 0
    if viewer.user_id is not None:
        last_seen = Membership.objects.filter(campaign=campaign, user_id=viewer.user_id).values_list(
            "last_seen_seq", flat=True).first() or 0
    return {"last_seen": last_seen, "events": event_messages_for(viewer, campaign, last_seen, limit=200)}


def notes_for(viewer: Viewer, campaign: Campaign, civ_id: int | None = None) -> list[dict[str, Any]]:
    """A civilization's private thread with the GM; the GM reads every thread (or one)."""
    notes = events_visible_to(viewer, campaign).filter(type="NoteSent")
    if viewer.is_gm and civ_id is not None:
        notes = notes.filter(civilization_id=civ_id)
    elif not viewer.is_gm:
        notes = notes.filter(civilization_id=viewer.civ_id) if viewer.civ_id else notes.none()
    return [e.as_message() for e in notes]
