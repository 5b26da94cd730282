"""The GM's part in diplomacy (issue 16): setting a pair's stance, with a reason both parties read. With the
diplomacy module on, the world's stances are the one record of who is at war; the settings' "At war" entry is
turned into the same events by the core's settings service (`game.services.diplomacy.wars_as_stances`)."""

from __future__ import annotations

from game.engine.diplomacy import STANCES
from game.errors import ServiceError
from game.ledger import User, record_world_events
from game.models import Event
from game.services.desk import gm_desk, ruling_reason
from game.services.diplomacy import module_on, stance_event


def stance_set(gm: User, campaign_id: int, *, civ_a: int, civ_b: int, stance: str, reason: str) -> Event:
    """The GM sets two civilizations' stance (war ends their treaties; any other keeps them), with a reason."""
    reason = ruling_reason(reason, "Give a reason; both civilizations read it.")
    if stance not in STANCES:
        raise ServiceError(f"The stance is one of {', '.join(STANCES)}.", field="stance")
    with gm_desk(gm, campaign_id) as (campaign, world):
        if not module_on(campaign):
            raise ServiceError("The Cluster War trade module is off: set who is at war in the settings.",
                               field="campaign")
        for name, civ_id in (("civ_a", civ_a), ("civ_b", civ_b)):
            if civ_id not in world.civs:
                raise ServiceError("No such civilization in this campaign.", field=name)
        if civ_a == civ_b:
            raise ServiceError("Choose two different civilizations.", field="civ_b")
        if world.stance(civ_a, civ_b) == stance:
            raise ServiceError(f"They are already {stance}.", field="stance")
        return record_world_events(campaign, world, [stance_event(civ_a, civ_b, stance, reason)], gm)[0]
