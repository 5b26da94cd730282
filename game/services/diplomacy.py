"""The settings' side of diplomacy (issue 16): with the Cluster War trade module on, the world's stances are the one
record of who is at war: the settings' "At war" entry is turned into StanceSet events (`wars_as_stances`), never
kept beside them. The GM's stance desk is the module's (`game.modules.diplomacy.services.stance_set`)."""

from __future__ import annotations

from collections.abc import Sequence

from game import state_io
from game.engine import events as engine_events
from game.engine.world import pair
from game.ledger import User, record_world_events
from game.models import Campaign


def module_on(campaign: Campaign) -> bool:
    """Whether the campaign's settings switch the Cluster War trade module on (the settings and the stance desk)."""
    return bool(campaign.rule_options.get("module_cw_trade", False))


def stance_event(civ_a: int, civ_b: int, stance: str, reason: str) -> engine_events.Event:
    low, high = pair(civ_a, civ_b)
    return engine_events.Event("StanceSet", {"civ_a": low, "civ_b": high, "stance": stance, "reason": reason,
                                             "seen_by": [low, high]}, engine_events.Visibility.GM)


def wars_as_stances(campaign: Campaign, wars: Sequence[Sequence[int]], reason: str, gm: User) -> None:
    """The settings' "At war" changed while the module is on: each pair that goes to war, or out of it (to
    neutral), is a StanceSet with the GM's reason. The caller holds the campaign's lock."""
    world = state_io.load_world(campaign)
    wanted = {pair(a, b) for a, b in wars}
    events = [stance_event(a, b, "war", reason) for a, b in sorted(wanted - world.wars)]
    events += [stance_event(a, b, "neutral", reason) for a, b in sorted(world.wars - wanted)]
    if events:
        record_world_events(campaign, world, events, gm)

