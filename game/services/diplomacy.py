"""The GM's part in diplomacy (issue 16): setting a pair's stance, with a reason both parties read. With the
diplomacy module on, the world's stances are the one record of who is at war: the settings' "At war" entry is
turned into these events (`wars_as_stances`), never kept beside them."""

from __future__ import annotations

from collections.abc import Sequence

from game import state_io
from game.engine import events as engine_events
from game.engine.diplomacy import STANCES
from game.engine.world import pair
from game.errors import ServiceError
from game.ledger import User, record_world_events
from game.models import Campaign, Event
from game.services.desk import gm_desk, ruling_reason


def module_on(campaign: Campaign) -> bool:
    return bool(campaign.rule_options.get("module_cw_trade", False))


def _stance_event(civ_a: int, civ_b: int, stance: str, reason: str) -> engine_events.Event:
    low, high = pair(civ_a, civ_b)
    return engine_events.Event("StanceSet", {"civ_a": low, "civ_b": high, "stance": stance, "reason": reason,
                                             "seen_by": [low, high]}, engine_events.Visibility.GM)


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
        return record_world_events(campaign, world, [_stance_event(civ_a, civ_b, stance, reason)], gm)[0]


def wars_as_stances(campaign: Campaign, wars: Sequence[Sequence[int]], reason: str, gm: User) -> None:
    """The settings' "At war" changed while the module is on: each pair that goes to war, or out of it (to
    neutral), is a StanceSet with the GM's reason. The caller holds the campaign's lock."""
    world = state_io.load_world(campaign)
    wanted = {pair(a, b) for a, b in wars}
    events = [_stance_event(a, b, "war", reason) for a, b in sorted(wanted - world.wars)]
    events += [_stance_event(a, b, "neutral", reason) for a, b in sorted(world.wars - wanted)]
    if events:
        record_world_events(campaign, world, events, gm)

