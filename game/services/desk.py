"""What every GM desk does before its ruling: check the reason the players will read, and take the campaign (locked)
and its world for the GM alone. The ruling is then recorded with `ledger.record_world_events`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction

from game import state_io
from game.engine.world import World
from game.errors import ServiceError
from game.ledger import User, locked_campaign
from game.models import Campaign
from game.visibility import require_gm_of

REASON_LIMIT = 2000


def ruling_reason(reason: str, when_missing: str) -> str:
    """The reason stripped; refused, with `when_missing`, when empty, and when too long to read."""
    reason = reason.strip()
    if not reason:
        raise ServiceError(when_missing, field="reason")
    if len(reason) > REASON_LIMIT:
        raise ServiceError(f"Keep the reason under {REASON_LIMIT} characters.", field="reason")
    return reason


@contextmanager
def gm_desk(gm: User, campaign_id: int) -> Iterator[tuple[Campaign, World]]:
    """In one transaction: the campaign, locked, if `gm` is its GM, and its world."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        yield campaign, state_io.load_world(campaign)
