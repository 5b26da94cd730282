"""Reads, each filtered for its viewer. Whatever a viewer may see is decided here, for every path."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet

from game import state_io
from game.engine.events import Event as EngineEvent
from game.engine.events import Visibility
from game.engine.orders import legal_orders
from game.engine.phases import ALL_STEPS, Phase, StepKind
from game.engine.visibility import civ_figures, civ_view, event_visible_to, public_map
from game.engine.world import unit_label
from game.errors import NotFound
from game.models import Campaign, CivFigures, Civilization, Event, Membership, Order, Readiness

Role = Membership.Role


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a member with a role (and, for a player, their civilization), or a guest of a public
    campaign (a spectator without an account)."""

    role: str | None
    civ_id: int | None = None
    user_id: int | None = None

    @property
    def is_gm(self) -> bool:
        return self.role == Role.GM

    @property
    def is_player(self) -> bool:
        return self.role == Role.PLAYER and self.civ_id is not None


def viewer_for(user: AbstractBaseUser | AnonymousUser, campaign: Campaign) -> Viewer:
    """The viewer a user is in a campaign; raises NotFound when they may not see it at all, so a private
    campaign's existence is not revealed to strangers."""
    membership = None
    if user.is_authenticated:
        membership = (
            Membership.objects.filter(campaign=campaign, user_id=user.pk).select_related("civilization").first()
        )
    if membership is not None:
        civ = getattr(membership, "civilization", None)
        return Viewer(membership.role, civ.pk if civ else None, user.pk)
    if campaign.is_public:
        return Viewer(Role.SPECTATOR, None, user.pk if user.is_authenticated else None)
    raise NotFound("No such campaign.")


def campaign_for(user: AbstractBaseUser | AnonymousUser, campaign_id: int) -> tuple[Campaign, Viewer]:
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    if campaign is None:
        raise NotFound("No such campaign.")
    return campaign, viewer_for(user, campaign)


def can_see(viewer: Viewer, message: dict[str, Any]) -> bool:
    """Whether a viewer may read a stored event (as `Event.as_message` gives it): the GM reads all, a spectator
    the public ones, a player what `event_visible_to` (the engine's one rule) allows their civilization."""
    if viewer.is_gm:
        return True
    visibility = Visibility(message["visibility"])
    if viewer.civ_id is None:
        return visibility is Visibility.PUBLIC
    event = EngineEvent(message["type"], message["payload"], visibility,
                        message["civ_id"] if visibility is Visibility.CIV else None)
    return event_visible_to(event, viewer.civ_id)


# Payload fields of events a viewer may read that only the GM may see: how many orders a step had, across every
# civilization, would tell a player what the others did.
GM_ONLY_FIELDS: dict[str, frozenset[str]] = {"StepResolved": frozenset({"orders"})}


def message_for(viewer: Viewer, message: dict[str, Any]) -> dict[str, Any] | None:
    """A stored event (as `Event.as_message` gives it) as this viewer may read it; None if not at all. Every
    path that hands events out (the websocket, the REST log) goes through here."""
    if not can_see(viewer, message):
        return None
    hidden = GM_ONLY_FIELDS.get(message["type"], frozenset())
    if viewer.is_gm or not hidden & message["payload"].keys():
        return message
    return {**message, "payload": {k: v for k, v in message["payload"].items() if k not in hidden}}


def event_messages_for(viewer: Viewer, campaign: Campaign, since: int = 0, limit: int = 1000) -> list[dict[str, Any]]:
    """The log after `since`, as this viewer may read it."""
    messages = (message_for(viewer, e.as_message()) for e in events_visible_to(viewer, campaign, since)[:limit])
    return [m for m in messages if m is not None]


def events_visible_to(viewer: Viewer, campaign: Campaign, since: int = 0) -> QuerySet[Event]:
    events = Event.objects.filter(campaign=campaign, seq__gt=since)
    if viewer.is_gm:
        return events
    if viewer.civ_id is None:
        return events.filter(visibility=Visibility.PUBLIC)
    # The same rule as `can_see`, as a query: witnesses are the `seen_by` of GM-visibility events.
    mine = Q(visibility=Visibility.CIV, civilization_id=viewer.civ_id) | Q(
        visibility=Visibility.GM, witnesses__civilization_id=viewer.civ_id
    )
    return events.filter(Q(visibility=Visibility.PUBLIC) | mine).distinct()


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
    ready = set(
        Readiness.objects.filter(
            civilization__campaign=campaign, round=campaign.round, step_index=campaign.step_index
        ).values_list("civilization_id", flat=True)
    )

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
        "step_rule": step.rule,
        "step_kind": step.kind.value,
        "status": campaign.status,
        "last_seq": campaign.last_seq,
        "viewer": {"role": viewer.role, "civ_id": viewer.civ_id},
        "civilizations": [civ_row(civ) for civ in civs],
    }
    if viewer.is_gm:
        state["failure"] = campaign.failure
        state["invite_token"] = campaign.invite_token
        state["seed"] = campaign.seed
        state["rule_options"] = campaign.rule_options
        state["can_load_scenario"] = not campaign.resolutions.exists()
        state["entered_rolls"] = campaign.entered_rolls
        state["dice_mode"] = campaign.rule_options.get("dice_mode", "server")
        state["can_undo"] = campaign.resolutions.filter(status="done").exists()
    return state


def round_steps() -> list[dict[str, Any]]:
    """The four phases and their steps, as the rules order them."""
    return [
        {
            "phase": phase.value,
            "title": phase.heading,
            "steps": [
                {"key": s.key, "index": ALL_STEPS.index(s), "number": s.number, "kind": s.kind.value,
                 "optional": s.optional, "rule": s.rule}
                for s in ALL_STEPS if s.phase is phase
            ],
        }
        for phase in Phase
    ]


def orders_visible_to(viewer: Viewer, campaign: Campaign) -> QuerySet[Order]:
    orders = Order.objects.filter(campaign=campaign, round=campaign.round, step_index=campaign.step_index)
    if viewer.is_gm:
        return orders.select_related("civilization")
    if viewer.is_player and viewer.civ_id is not None:
        return orders.filter(civilization_id=viewer.civ_id).select_related("civilization")
    return orders.none()


def legal_orders_for(viewer: Viewer, campaign: Campaign) -> list[dict[str, Any]]:
    """The orders the viewer's civilization may give in the open step, as the engine offers them, each with a
    label naming the unit (or colony) it is for; nobody else has any."""
    if not viewer.is_player or viewer.civ_id is None or campaign.status != Campaign.Status.OPEN:
        return []
    if campaign.step.kind is not StepKind.ORDERS:
        return []
    world = state_io.load_world(campaign)
    offered = []
    for legal in legal_orders(world, viewer.civ_id, campaign.step.key):
        unit = world.units.get(legal.payload.get("unit_id", -1))
        offered.append({
            "kind": legal.kind,
            "payload": dict(legal.payload),
            "choices": {name: list(values) for name, values in legal.choices.items()},
            "label": unit_label(world, unit) if unit is not None else legal.kind,
        })
    return offered


def campaign_view(viewer: Viewer, campaign: Campaign, civ_id: int | None = None) -> dict[str, Any]:
    """What the viewer may see of the campaign's world: a player their civilization's view (what it owns and
    what it knows) and its figures over the rounds; the GM any civilization's, or, without one, the public
    map with every civilization listed; a spectator the public map only."""
    world = state_io.load_world(campaign)
    if viewer.is_player:
        if civ_id not in (None, viewer.civ_id):
            raise NotFound("No such civilization view.")
        civ_id = viewer.civ_id
    elif not viewer.is_gm or civ_id is None:
        return {"kind": "public", "map": public_map(world), "figures": []}
    if civ_id is None or civ_id not in world.civs:
        raise NotFound("That civilization has no place in this campaign's world yet.")
    history = CivFigures.objects.filter(civilization_id=civ_id).values("round", "figures")
    return {
        "kind": "civ",
        "civ_id": civ_id,
        "view": civ_view(world, civ_id),
        "figures_now": civ_figures(world, civ_id),
        "figures": [{"round": h["round"], **h["figures"]} for h in history],
    }


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
