"""Who is looking at a campaign, and what they may see of it: its events, its civilizations' units and maps, its
battles and odds. Every path that shows a campaign to someone (the REST API through the selectors, the websocket,
the pages, the admin) decides here, on top of the engine's rule for one civilization (`game.engine.visibility`).
Services ask here too, for who may act."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import OuterRef, Q, QuerySet, Subquery

from combat.models import Battle
from game.engine.events import Event as EngineEvent
from game.engine.events import Visibility
from game.engine.phases import ALL_STEPS
from game.engine.visibility import event_readers
from game.errors import Forbidden, NotFound
from game.models import Bot, Campaign, Event, Membership, SeatDelegation

Role = Membership.Role


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a member with a role (and, for a player, their civilization), or a guest of a public
    campaign (a spectator without an account)."""

    role: str | None
    civ_id: int | None = None
    user_id: int | None = None
    # A player whose seat someone else holds (an absence, a bot at a deadline): they still read their
    # civilization, but its orders are the delegate's until they take the seat back (`require_seat`).
    seat_held_by: str | None = None

    @property
    def is_gm(self) -> bool:
        return self.role == Role.GM

    @property
    def is_player(self) -> bool:
        return self.role == Role.PLAYER and self.civ_id is not None

    def as_json(self) -> dict[str, Any]:
        return {"role": self.role, "civ_id": self.civ_id}


def viewer_for(user: AbstractBaseUser | AnonymousUser, campaign: Campaign) -> Viewer:
    """The viewer a user is in a campaign; raises NotFound when they may not see it at all, so a private
    campaign's existence is not revealed to strangers."""
    membership = None
    if user.is_authenticated:
        # Who holds the member's seat, in the same query (every request asks who its viewer is).
        holder = active_delegations(campaign).filter(civilization_id=OuterRef("civilization__pk")).order_by("-pk")
        membership = (
            Membership.objects.filter(campaign=campaign, user_id=user.pk).select_related("civilization")
            .annotate(seat_held_by=Subquery(holder.values(f"delegate__{get_user_model().USERNAME_FIELD}")[:1]))
            .first()
        )
    if membership is not None and membership.role != Role.SPECTATOR:
        civ = getattr(membership, "civilization", None)
        return Viewer(membership.role, civ.pk if civ else None, user.pk,
                      seat_held_by=membership.seat_held_by if civ else None)
    if user.is_authenticated:
        seats = active_delegations(campaign).filter(delegate_id=user.pk)
        if membership is None:  # only a member or the seat's bot plays a seat, never someone the GM removed
            seats = seats.filter(is_bot=True)
        seat = seats.first()
        if seat is not None:  # a delegate (a spectator member, a bot) plays the seat as its player would
            return Viewer(Role.PLAYER, seat.civilization_id, user.pk)
    if membership is not None:
        return Viewer(membership.role, None, user.pk)
    if campaign.is_public:
        return Viewer(Role.SPECTATOR, None, user.pk if user.is_authenticated else None)
    raise NotFound("No such campaign.")


def bot_campaign(user: AbstractBaseUser | AnonymousUser) -> int | None:
    """The campaign a bot's account plays its seat in; None for anyone else."""
    if not user.is_authenticated:
        return None
    return Bot.objects.filter(user_id=user.pk).values_list("campaign_id", flat=True).first()


# Inside `looked_up_once`: the campaigns and viewers looked up so far, by (user, campaign).
_looked_up: ContextVar[dict[tuple[Any, int], tuple[Campaign, Viewer]] | None] = ContextVar("looked_up", default=None)


@contextmanager
def looked_up_once() -> Iterator[None]:
    """Within it `campaign_for` looks each user's campaign up once: for a batch of reads, which change nothing."""
    token = _looked_up.set({})
    try:
        yield
    finally:
        _looked_up.reset(token)


def campaign_for(user: AbstractBaseUser | AnonymousUser, campaign_id: int) -> tuple[Campaign, Viewer]:
    """The campaign and who the user is in it; NotFound if there is none they may see."""
    looked_up = _looked_up.get()
    key = (user.pk, campaign_id)
    if looked_up is not None and key in looked_up:
        return looked_up[key]
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    if campaign is None:
        raise NotFound("No such campaign.")
    found = campaign, viewer_for(user, campaign)
    if looked_up is not None:
        looked_up[key] = found
    return found


def require_gm(viewer: Viewer) -> None:
    if not viewer.is_gm:
        raise Forbidden("Only the campaign's Game Master can do that.")


def require_gm_of(user: AbstractBaseUser | AnonymousUser, campaign: Campaign) -> None:
    """`require_gm(viewer_for(user, campaign))` in one small query for the GM, whose writes (every Advance) need
    only that; anyone else is refused as `viewer_for` and `require_gm` refuse them."""
    if user.is_authenticated and Membership.objects.filter(campaign=campaign, user_id=user.pk,
                                                           role=Role.GM).exists():
        return
    require_gm(viewer_for(user, campaign))


def active_delegations(campaign: Campaign) -> QuerySet[SeatDelegation]:
    """The seats someone else holds in the campaign's current round."""
    return SeatDelegation.objects.filter(
        civilization__campaign=campaign, ended_at__isnull=True, from_round__lte=campaign.round,
    ).filter(Q(until_round__isnull=True) | Q(until_round__gte=campaign.round)).select_related("delegate")


def active_delegation(campaign: Campaign, civ_id: int) -> SeatDelegation | None:
    return active_delegations(campaign).filter(civilization_id=civ_id).order_by("-pk").first()


def require_seat(viewer: Viewer) -> int:
    """The civilization whose orders the viewer gives now: a player's own, unless someone else holds its seat."""
    civ_id = require_player(viewer)
    if viewer.seat_held_by is not None:
        raise Forbidden(f"{viewer.seat_held_by} holds your seat now; take it back to give orders yourself.")
    return civ_id


def require_player(viewer: Viewer) -> int:
    """The player's civilization; Forbidden for anyone without one."""
    if not viewer.is_player or viewer.civ_id is None:
        raise Forbidden("Only a player with a civilization in this campaign can do that.")
    return viewer.civ_id


# --- events ----------------------------------------------------------------------------------------------------------

def can_see(viewer: Viewer, message: dict[str, Any]) -> bool:
    """Whether a viewer may read a stored event (as `Event.as_message` gives it): the GM reads all, a spectator
    the public ones, a player what `event_readers` (the engine's one rule) allows their civilization."""
    return viewer.is_gm or reads(viewer, message_readers(message))


def message_readers(message: dict[str, Any]) -> frozenset[int] | None:
    """`event_readers` of a stored event: worked out once for an event many kinds of viewer are sent."""
    visibility = Visibility(message["visibility"])
    return event_readers(EngineEvent(message["type"], message["payload"], visibility,
                                     message["civ_id"] if visibility is Visibility.CIV else None))


def reads(viewer: Viewer, readers: frozenset[int] | None) -> bool:
    """Whether the viewer reads an event its `message_readers` are `readers` of."""
    if viewer.is_gm or readers is None:
        return True
    return viewer.civ_id is not None and viewer.civ_id in readers


def reading_key(viewer: Viewer) -> str:
    """Viewers with the same key read the same of every event (`can_see`, and the names it is told in): the GM,
    the players of one civilization (a delegate holding its seat among them), everyone else. A push is cut once
    per key, not once per socket."""
    if viewer.is_gm:
        return "gm"
    if viewer.is_player:
        return f"civ-{viewer.civ_id}"
    return "public" if viewer.civ_id is None else f"{viewer.role}-{viewer.civ_id}"


def reading_viewers(civ_ids: list[int]) -> dict[str, Viewer]:
    """One viewer for each `reading_key` the sockets of a campaign with these civilizations may have: the GM,
    each civilization's player, everyone else."""
    viewers = [Viewer(Role.GM), Viewer(Role.SPECTATOR), *(Viewer(Role.PLAYER, civ_id) for civ_id in civ_ids)]
    return {reading_key(viewer): viewer for viewer in viewers}


def events_visible_to(viewer: Viewer, campaign: Campaign, since: int = 0) -> QuerySet[Event]:
    """The campaign's events after `since` that `can_see` lets the viewer read, as a query."""
    events = Event.objects.filter(campaign=campaign, seq__gt=since)
    if viewer.is_gm:
        return events
    if viewer.civ_id is None:
        return events.filter(visibility=Visibility.PUBLIC)
    # Witnesses are the `seen_by` of GM-visibility events, stored as rows so the rule can be a query.
    mine = Q(visibility=Visibility.CIV, civilization_id=viewer.civ_id) | Q(
        visibility=Visibility.GM, witnesses__civilization_id=viewer.civ_id
    )
    return events.filter(Q(visibility=Visibility.PUBLIC) | mine).distinct()


def readers(message: dict[str, Any], civ_ids: list[int]) -> list[str]:
    """Who may read a stored event, in words (for the admin): "everyone", or the GM and the civilizations of
    `civ_ids` that `can_see` lets read it."""
    if can_see(Viewer(Role.SPECTATOR), message):
        return ["everyone"]
    return ["GM", *(f"civilization {civ_id}" for civ_id in civ_ids if can_see(Viewer(Role.PLAYER, civ_id), message))]


# --- units and maps --------------------------------------------------------------------------------------------------

def civ_in_view(viewer: Viewer, civ_id: int | None) -> int | None:
    """Whose view of the world the viewer reads: a player their own civilization's (asking for another's is
    NotFound, as if it did not exist), the GM the civilization they ask for; None: the public map (a spectator,
    or the GM without a choice)."""
    if viewer.is_player:
        if civ_id not in (None, viewer.civ_id):
            raise NotFound("No such civilization view.")
        return viewer.civ_id
    return civ_id if viewer.is_gm else None


def in_skirmish(viewer: Viewer, attacker_civ: int, defender_civ: int) -> bool:
    """The GM sees every skirmish; a player those their civilization fights in."""
    return viewer.is_gm or (viewer.is_player and viewer.civ_id in (attacker_civ, defender_civ))


# --- battles and odds ------------------------------------------------------------------------------------------------

def position(round: int, step_index: int) -> int:
    """Round and step as one increasing number, so "N steps later" is a sum (a battle's publication delay)."""
    return (round - 1) * len(ALL_STEPS) + step_index


def battle_is_public(battle: Battle, campaign: Campaign) -> bool:
    """Published by the GM, and its delay has run out."""
    return battle.published and position(campaign.round, campaign.step_index) >= battle.public_from


def battle_readable(viewer: Viewer, battle: Battle, campaign: Campaign) -> bool:
    """Ruling (docs/rules.md, "Who reads a battle report"): the GM reads every battle, each side its own, and
    everyone the public version once it is out."""
    return viewer.is_gm or battle_is_public(battle, campaign) or battle_side(viewer, battle) is not None


def battle_side(viewer: Viewer, battle: Battle) -> str | None:
    """The side the viewer's civilization fought on, if any."""
    return battle.side_of(viewer.civ_id) if viewer.is_player else None


def battle_version(viewer: Viewer, battle: Battle) -> str:
    """Which report the viewer reads: "gm" (everything, dice included), their side's id (what its units could
    observe), or "public"."""
    if viewer.is_gm:
        return "gm"
    return battle_side(viewer, battle) or "public"


def odds_readable(viewer: Viewer, requested_by_id: int) -> bool:
    """An odds simulation (its progress and result) is for the person who asked: a player's odds tell what their
    civilization knows."""
    return viewer.user_id is not None and viewer.user_id == requested_by_id
