"""The bots' side of the seats: which seats bots hold at the open step, each with its API token (made on first
use) and its own dice seed. The bots themselves (`game.bots`) talk to the API like any player."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from rest_framework.authtoken.models import Token

from game.engine.phases import StepKind
from game.models import Campaign
from game.visibility import active_delegations


@dataclass(frozen=True)
class BotSeat:
    civ_id: int
    token: str
    seed: str  # the bot's dice: derived from the campaign's seed, which it cannot read back


def bot_token(user_id: int) -> str:
    """The API token a bot's user signs in with (one per user, made on first use)."""
    token, _ = Token.objects.get_or_create(user_id=user_id)
    return str(token.key)


def bot_seats(campaign_id: int, round: int, step_index: int) -> list[BotSeat]:
    """The seats bots hold while the campaign is open at (round, step_index) for orders; none once it has moved
    on, nor at a step that takes none (a bot has nothing to do there: not even a read is spent)."""
    campaign = Campaign.objects.filter(pk=campaign_id, round=round, step_index=step_index,
                                       status=Campaign.Status.OPEN).first()
    if campaign is None or campaign.step.kind is not StepKind.ORDERS:
        return []
    return [
        BotSeat(seat.civilization_id, bot_token(seat.delegate_id),
                hashlib.sha256(f"{campaign.seed}:bot:{seat.civilization_id}".encode()).hexdigest())
        for seat in active_delegations(campaign).filter(is_bot=True).order_by("civilization_id")
    ]
