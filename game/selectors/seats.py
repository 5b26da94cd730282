"""Who holds which seat (issue 13), for the GM (every civilization) and for a civilization's own player or the
delegate playing it (that one seat only); `game.services.seats` writes them."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from game.models import Campaign, Civilization, Membership, SeatDelegation
from game.visibility import Viewer


def _seat_json(seat: SeatDelegation, campaign: Campaign) -> dict[str, Any]:
    return {"id": seat.pk, "civ_id": seat.civilization_id, "delegate": "a bot" if seat.is_bot else
            seat.delegate.get_username(), "is_bot": seat.is_bot, "from_round": seat.from_round,
            "until_round": seat.until_round, "reason": seat.reason,
            "active": seat.from_round <= campaign.round and (seat.until_round is None or
                                                             seat.until_round >= campaign.round)}


def seats_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """The delegations running or planned (not ended, not over): all of them for the GM, with each civilization's
    player; a player's or delegate's own seat's, with whom its player may hand it to (members who follow the
    campaign without a civilization of their own, or the bot); nothing for anyone else."""
    seats = SeatDelegation.objects.filter(civilization__campaign=campaign, ended_at__isnull=True).filter(
        Q(until_round__isnull=True) | Q(until_round__gte=campaign.round)).select_related("delegate").order_by("pk")
    answer: dict[str, Any] = {"round": campaign.round}
    if viewer.is_gm:
        civs = Civilization.objects.filter(campaign=campaign).select_related("membership__user").order_by("pk")
        return answer | {"seats": [_seat_json(seat, campaign) for seat in seats], "civilizations": [
            {"civ_id": civ.pk, "name": civ.name,
             "player": civ.membership.user.get_username() if civ.membership else None} for civ in civs]}
    if not viewer.is_player or viewer.civ_id is None:
        return answer | {"seats": []}
    civ = Civilization.objects.select_related("membership").get(pk=viewer.civ_id)
    own = civ.membership is not None and civ.membership.user_id == viewer.user_id
    answer |= {"civ_id": civ.pk, "own": own, "seats": [_seat_json(seat, campaign)
                                                      for seat in seats.filter(civilization=civ)]}
    if own:
        answer["candidates"] = [
            {"user_id": m.user_id, "username": m.user.get_username()}
            for m in Membership.objects.filter(campaign=campaign, role=Membership.Role.SPECTATOR,
                                               civilization__isnull=True).select_related("user").order_by("pk")]
    return answer
