"""The GM's word on destroying worlds (issue 18, Cluster War §9.4): a player's DestroyWorld order proposed it in
Exterminate 9; the GM confirms it (the colony is gone; a glazed world gets its new climate code, a cracked one
becomes rubble with half its CP potential) or refuses it, each time with a reason. The ruling is an event
(WorldDestructionRuled) the orderer and the colony's owner read, and the world is rebuilt from it."""

from __future__ import annotations

from game.engine import events as engine_events
from game.engine import ground_war
from game.engine.world import max_output_of
from game.errors import ServiceError
from game.ledger import User, record_world_events
from game.models import Event
from game.services.desk import gm_desk, ruling_reason


def destruction_rule(gm: User, campaign_id: int, *, destruction_id: int, confirm: bool, reason: str) -> Event:
    reason = ruling_reason(reason, "Give a reason: the players read it.")
    with gm_desk(gm, campaign_id) as (campaign, world):
        order = world.destructions.get(destruction_id)
        if order is None:
            raise ServiceError(f"No destruction {destruction_id} waits for a ruling.", field="destruction_id")
        planet = world.planets[order.planet_id]
        step, output = planet.step, max_output_of(planet)
        if confirm and order.what == "biosphere":
            step = ground_war.glazed_step(planet.step)
        elif confirm and order.what == "planet":
            step, output = ground_war.CRACKED_STEP, output // 2
        owner = world.colonies[order.colony_id].civ_id if order.colony_id in world.colonies else order.civ_id
        event = engine_events.Event("WorldDestructionRuled", {
            "destruction_id": destruction_id, "civ_id": order.civ_id, "colony_id": order.colony_id,
            "planet_id": order.planet_id, "what": order.what, "confirmed": confirm, "reason": reason, "step": step,
            "max_output": output, "seen_by": sorted({order.civ_id, owner})}, engine_events.Visibility.GM)
        (row,) = record_world_events(campaign, world, [event], gm)
    return row
