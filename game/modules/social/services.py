"""The GM's part in the Social Factors (issue 16): a score changed by what the rules leave to the GM (a facility,
an event, a technology's effect), with a reason the civilization reads. The victory check and the pages read the
scores through `game.engine.social.scores`."""

from __future__ import annotations

from game.engine import events as engine_events
from game.engine.factions import Score
from game.errors import ServiceError
from game.ledger import User, record_world_events
from game.models import Event
from game.services.desk import gm_desk, ruling_reason

CODES = {s.code: s.title for s in Score}


def social_adjust(gm: User, campaign_id: int, *, civ_id: int, code: str, delta: int, reason: str) -> Event:
    reason = ruling_reason(reason, "Give a reason; the civilization reads it.")
    if code not in CODES:
        raise ServiceError(f"The score is one of {', '.join(CODES)}.", field="code")
    if delta == 0:
        raise ServiceError("Change the score by a whole number other than 0.", field="delta")
    with gm_desk(gm, campaign_id) as (campaign, world):
        if civ_id not in world.civs:
            raise ServiceError("No such civilization in this campaign.", field="civ_id")
        event = engine_events.Event("SocialFactorAdjusted", {"civ_id": civ_id, "code": code, "title": CODES[code],
                                                             "delta": delta, "reason": reason},
                                    engine_events.Visibility.CIV, civ_id)
        return record_world_events(campaign, world, [event], gm)[0]
