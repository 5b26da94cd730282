"""The GM's part in diplomacy (issue 16): setting a pair's stance, with a reason both parties read. With the
diplomacy module on, the world's stances are the one record of who is at war: the settings' "At war" entry is
turned into these events (`wars_as_stances`), never kept beside them."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from game import state_io
from game.engine import events as engine_events
from game.engine.apply import apply_events
from game.engine.diplomacy import STANCES
from game.engine.world import World, pair
from game.errors import ServiceError
from game.ledger import User, append_events, locked_campaign
from game.models import Campaign, Event
from game.visibility import require_gm_of

REASON_LIMIT = 2000


def module_on(campaign: Campaign) -> bool:
    return bool(campaign.rule_options.get("module_cw_trade", False))


def _stance_event(civ_a: int, civ_b: int, stance: str, reason: str) -> engine_events.Event:
    low, high = pair(civ_a, civ_b)
    return engine_events.Event("StanceSet", {"civ_a": low, "civ_b": high, "stance": stance, "reason": reason,
                                             "seen_by": [low, high]}, engine_events.Visibility.GM)


def record_world_events(campaign: Campaign, world: World, events: Sequence[engine_events.Event],
                        gm: User) -> list[Event]:
    """Append the GM's events that change the world and keep the world they make. The caller holds the lock."""
    rows = append_events(campaign, list(events), gm)
    campaign.state_seq = campaign.last_seq
    campaign.save(update_fields=["state_seq"])
    state_io.remember(campaign, apply_events(world, events), world)
    return rows


def stance_set(gm: User, campaign_id: int, *, civ_a: int, civ_b: int, stance: str, reason: str) -> Event:
    """The GM sets two civilizations' stance (war ends their treaties; any other keeps them), with a reason."""
    reason = reason.strip()
    if not reason:
        raise ServiceError("Give a reason; both civilizations read it.", field="reason")
    if len(reason) > REASON_LIMIT:
        raise ServiceError(f"Keep the reason under {REASON_LIMIT} characters.", field="reason")
    if stance not in STANCES:
        raise ServiceError(f"The stance is one of {', '.join(STANCES)}.", field="stance")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        if not module_on(campaign):
            raise ServiceError("The Cluster War trade module is off: set who is at war in the settings.",
                               field="campaign")
        world = state_io.load_world(campaign)
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

