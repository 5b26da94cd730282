"""Who plays a civilization's seat: its player, or for some rounds a bot or another member (an absence the player
declared ahead, or the GM's hand-over at a deadline). `game.visibility.viewer_for` reads the delegations."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from game import dispatch
from game.engine import events as engine_events
from game.engine.settings_catalogue import MAX_ROUNDS as MAX_ROUNDS  # the API bounds its round fields by it
from game.errors import Conflict, Forbidden, NotFound, ServiceError
from game.ledger import User, append_events, locked_campaign
from game.models import Bot, Campaign, Civilization, Membership, SeatDelegation
from game.visibility import active_delegations, require_gm_of, require_player, viewer_for

CIV = engine_events.Visibility.CIV


# Sign-up refuses user names starting with it (`username_reserved`), so no person can take a bot's name.
BOT_USERNAME_PREFIX = "bot-"


def username_reserved(username: str) -> bool:
    """The name is a bot's kind of name: no person may sign up with it."""
    return username.lower().startswith(BOT_USERNAME_PREFIX)


def bot_account(campaign: Campaign, civ: Civilization) -> Bot:
    """The civilization's bot: a user of its own (no password; it signs in with its API token and may only play
    its seat, `game.api.permissions`)."""
    bot = Bot.objects.filter(civilization=civ).select_related("user").first()
    if bot is not None:
        return bot
    # A random tail: a name a sign-up took before the prefix was reserved (campaign and civilization ids are
    # public) cannot be the one chosen here.
    name = f"{BOT_USERNAME_PREFIX}{campaign.pk}-{civ.pk}-{secrets.token_hex(8)}"
    user = get_user_model().objects.create_user(name)
    return Bot.objects.create(user=user, campaign=campaign, civilization=civ)


def _civ_of(campaign: Campaign, civ_id: int) -> Civilization:
    civ = Civilization.objects.filter(campaign=campaign, pk=civ_id).first()
    if civ is None:
        raise ServiceError("That civilization is not in this campaign.", field="civ_id")
    return civ


def _plays(user: User, civ: Civilization) -> bool:
    """The user is the civilization's own player (not a delegate holding its seat)."""
    return civ.membership is not None and civ.membership.user_id == user.pk


def _rounds_span(campaign: Campaign, from_round: int | None, until_round: int | None) -> tuple[int, int | None]:
    start = campaign.round if from_round is None else from_round
    if start < campaign.round:
        raise ServiceError(f"Round {start} is over; the campaign is in round {campaign.round}.", field="from_round")
    if until_round is not None and until_round < start:
        raise ServiceError("The last round cannot come before the first.", field="until_round")
    return start, until_round


def _hand_over(campaign: Campaign, civ: Civilization, delegate: User, *, is_bot: bool, from_round: int,
               until_round: int | None, reason: str, actor: User) -> SeatDelegation:
    # A new hand-over replaces whatever held the seat before (and any absence planned for those rounds).
    SeatDelegation.objects.filter(civilization=civ, ended_at__isnull=True).update(ended_at=timezone.now())
    seat = SeatDelegation.objects.create(civilization=civ, delegate_id=int(str(delegate.pk)), is_bot=is_bot,
                                         from_round=from_round, until_round=until_round, reason=reason,
                                         created_by_id=actor.pk)
    append_events(campaign, [engine_events.Event("SeatHandedOver", {
        "civ_id": civ.pk, "delegate": "a bot" if is_bot else delegate.get_username(), "is_bot": is_bot,
        "from_round": from_round, "until_round": until_round, "reason": reason}, CIV, civ.pk)], actor,
        changes_access=True)
    if is_bot and from_round <= campaign.round:  # handed over mid-step: the bot plays the open step at once
        dispatch.enqueue_after_commit(dispatch.BOTS_PLAY, campaign.pk, campaign.round, campaign.step_index)
    return seat


def seat_hand_to_bot(gm: User, campaign_id: int, *, civ_id: int, rounds: int | None, reason: str) -> SeatDelegation:
    """The GM gives a civilization's seat to its bot from this round, for `rounds` rounds (None: until its player
    takes it back)."""
    reason = reason.strip()
    if not reason:
        raise ServiceError("Say why the seat goes to a bot; its player reads it.", field="reason")
    if rounds is not None and rounds < 1:
        raise ServiceError("Hand the seat over for at least one round.", field="rounds")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        civ = _civ_of(campaign, civ_id)
        bot = bot_account(campaign, civ)
        until = None if rounds is None else campaign.round + rounds - 1
        return _hand_over(campaign, civ, bot.user, is_bot=True, from_round=campaign.round, until_round=until,
                          reason=reason, actor=gm)


def _require_no_other_seat(campaign: Campaign, user: User, civ: Civilization, start: int, until: int | None) -> None:
    """A member holds one seat at a time: a second would never be played (`viewer_for` makes them the player of
    one civilization) and would drop out of what the step waits for."""
    other = SeatDelegation.objects.filter(
        civilization__campaign=campaign, delegate_id=user.pk, ended_at__isnull=True,
    ).exclude(civilization=civ).filter(Q(until_round__isnull=True) | Q(until_round__gte=start))
    if until is not None:
        other = other.filter(from_round__lte=until)
    held = other.select_related("civilization").order_by("from_round").first()
    if held is not None:
        rounds = f"from round {held.from_round}" + (
            f" to round {held.until_round}" if held.until_round is not None else " until its player takes it back")
        raise Conflict(f"{user.get_username()} already holds the seat of {held.civilization.name} ({rounds}); a "
                       "member holds one seat at a time.", field="delegate_user_id")


def seat_delegate(player: User, campaign_id: int, *, delegate_user_id: int | None, from_round: int | None = None,
                  until_round: int | None = None, reason: str = "") -> SeatDelegation:
    """A player hands their own seat, ahead of an absence, to another member who plays no civilization of their own
    (`delegate_user_id`) or to their bot (None), from `from_round` (this one by default) to `until_round`."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        viewer = viewer_for(player, campaign)
        civ = _civ_of(campaign, require_player(viewer))
        if not _plays(player, civ):
            raise Forbidden("Only the civilization's player can hand over its seat.")
        start, until = _rounds_span(campaign, from_round, until_round)
        if delegate_user_id is None:
            delegate, is_bot = bot_account(campaign, civ).user, True
        else:
            member = Membership.objects.filter(campaign=campaign, user_id=delegate_user_id).select_related(
                "user", "civilization").first()
            if member is None or member.user_id == player.pk:
                raise ServiceError("Choose another member of this campaign, or the bot.", field="delegate_user_id")
            if member.role != Membership.Role.SPECTATOR or getattr(member, "civilization", None) is not None:
                raise ServiceError(f"{member.user.get_username()} plays a seat of their own; choose a member who "
                                   "follows the campaign without one, or the bot.", field="delegate_user_id")
            _require_no_other_seat(campaign, member.user, civ, start, until)
            delegate, is_bot = member.user, False
        return _hand_over(campaign, civ, delegate, is_bot=is_bot, from_round=start, until_round=until,
                          reason=reason.strip() or "an absence", actor=player)


def seat_take_back(user: User, campaign_id: int, *, civ_id: int | None = None) -> int:
    """The player takes their seat back (or the GM gives it back, naming the civilization): every delegation of
    it, running or planned, ends. Returns how many ended."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        viewer = viewer_for(user, campaign)
        if viewer.is_gm:
            if civ_id is None:
                raise ServiceError("Name the civilization whose seat goes back to its player.", field="civ_id")
            civ = _civ_of(campaign, civ_id)
        else:
            civ = _civ_of(campaign, require_player(viewer))
            if not _plays(user, civ):
                raise Forbidden("Only the civilization's player can take its seat back.")
        ended = SeatDelegation.objects.filter(civilization=civ, ended_at__isnull=True).update(ended_at=timezone.now())
        if not ended:
            raise NotFound("Nobody else holds that seat.")
        append_events(campaign, [engine_events.Event(
            "SeatTakenBack", {"civ_id": civ.pk, "by": "The GM" if viewer.is_gm else user.get_username()}, CIV,
            civ.pk)], user, changes_access=True)
        return ended


def seats_end_with_member(campaign: Campaign, user_id: int, civ: Civilization | None, gm: User) -> None:
    """The GM removes a member: every seat they hold ends, and so does every seat of their civilization a person
    holds for them (an arrangement between the two that lapses with the player; its bot, the GM's to give back,
    plays on). Each civilization concerned reads that the GM took its seat back. The caller holds the campaign's
    row lock."""
    held = Q(delegate_id=user_id) | (Q(civilization=civ, is_bot=False) if civ is not None else Q())
    ended = SeatDelegation.objects.filter(held, civilization__campaign=campaign, ended_at__isnull=True)
    civ_ids = sorted(set(ended.values_list("civilization_id", flat=True)))
    if civ_ids:
        ended.update(ended_at=timezone.now())
        append_events(campaign, [engine_events.Event("SeatTakenBack", {"civ_id": civ_id, "by": "The GM"}, CIV, civ_id)
                                 for civ_id in civ_ids], gm, changes_access=True)


def seats_held(campaign: Campaign) -> list[SeatDelegation]:
    """The seats someone else holds in the current round."""
    return list(active_delegations(campaign))
