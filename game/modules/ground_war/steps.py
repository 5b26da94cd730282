"""The ground war module's orders and rolls (Cluster War §6.5, §9.2-9.4): carrying out its orders in the steps
that take them (Expand 6 raises battalions at training bases, Exterminate 9 invades and orders worlds destroyed),
and its hook after Exploit 4's growth, which rolls rebellion in occupied colonies (docs/rules.md, "Ground war").
"""

from __future__ import annotations

from game.engine import ground_war
from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.ground_forces import (
    GROUND_TYPES,
    REBEL_MILITIA_PER_QUARTER,
    Fighter,
    fight,
    roll_weather,
)
from game.engine.ground_war import TERRAIN_COUNTS
from game.engine.orders import OrderCommand
from game.engine.orders.prices import order_price
from game.engine.rule_module import OrderHandler, rule_value
from game.engine.step_input import StepInput
from game.engine.steps.common import to_civ, to_civs
from game.engine.world import Colony, World


def raise_ground_forces(order: OrderCommand, world: World) -> list[Event]:
    """Expand 6 — battalions trained at a colony's base: ready by the next round's orders (§6.5 "The training
    time required for any type of ground force is one turn", which fits in the quarter)."""
    colony = world.colonies[order.payload["colony_id"]]
    kind = GROUND_TYPES[order.payload["kind"]]
    count = order.payload["count"]
    poi = ground_war.colony_poi(world, colony)
    return [to_civ(order.civ_id, "GroundForcesRaised", {
        "civ_id": order.civ_id, "colony_id": colony.colony_id, "kind": kind.key,
        "unit_ids": list(range(world.next_id, world.next_id + count)), "sector_id": world.pois[poi].sector_id,
        "poi_id": poi, "mu": order_price(world, order).mu})]


def _battle(world: World, colony: Colony, attacker: int, invaders: list[Fighter], dice: Dice,
            rebellion: bool = False) -> list[Event]:
    """One ground battle for `colony` (§9.3) and what follows it: occupation or liberation."""
    defender = ground_war.holder(colony)
    defenders, levy = ground_war.defenders_of(world, colony)
    label = f"ground battle at colony {colony.colony_id}"
    weather = roll_weather(dice, f"{label} weather") if rule_value(world.options, TERRAIN_COUNTS, False) else "clear"
    conditions = ground_war.conditions_at(world, colony, weather)
    result = fight(invaders, defenders, conditions, dice, label)
    victor = result.victor(len(invaders), len(defenders))
    witnesses = {attacker, defender, colony.civ_id}
    events = [to_civs(witnesses, "GroundBattleFought", {
        "colony_id": colony.colony_id, "planet_id": colony.planet_id, "invader_civ": attacker,
        "defender_civ": defender, "terrain": conditions.terrain, "weather": conditions.weather,
        "weeks": result.weeks, "invaders": [f.unit_id for f in invaders if f.unit_id is not None],
        "defenders": [f.unit_id for f in defenders if f.unit_id is not None], "levy": levy,
        "invaders_lost": sorted(f.unit_id for f in result.invaders_lost if f.unit_id is not None),
        "defenders_lost": sorted(f.unit_id for f in result.defenders_lost if f.unit_id is not None),
        "levy_lost": sum(1 for f in result.defenders_lost if f.unit_id is None) or None,
        "victor": victor, "rebellion": rebellion})]
    if victor != "invader":
        return events
    if attacker == colony.civ_id:
        events.append(to_civs(witnesses, "ColonyLiberated", {
            "colony_id": colony.colony_id, "civ_id": colony.civ_id, "from_civ": defender,
            "how": "rebellion" if rebellion else "invasion"}))
    elif not world.options.ground_occupation_off:
        lost = {f.unit_id for f in result.invaders_lost}
        occupier = min(f.unit_id for f in invaders if f.unit_id not in lost and f.unit_id is not None)
        events.append(to_civs(witnesses, "ColonyOccupied", {
            "colony_id": colony.colony_id, "civ_id": attacker, "unit_id": occupier}))
    return events


def invade(dice: Dice) -> OrderHandler:
    """Exterminate 9 — §9.2 planetary invasion: the battalions land and fight the colony's defenders."""

    def handle(order: OrderCommand, world: World) -> list[Event]:
        colony = world.colonies[order.payload["colony_id"]]
        return _battle(world, colony, order.civ_id, ground_war.fighters(world, order.payload["unit_ids"]), dice)

    return handle


def destroy_world(round_number: int) -> OrderHandler:
    """Exterminate 9 — §9.4: the order proposes; the GM confirms with a reason (`WorldDestructionRuled`)."""

    def handle(order: OrderCommand, world: World) -> list[Event]:
        colony = world.colonies[order.payload["colony_id"]]
        what = order.payload["what"]
        return [to_civ(order.civ_id, "WorldDestructionProposed", {
            "destruction_id": world.next_id, "civ_id": order.civ_id, "colony_id": colony.colony_id,
            "planet_id": colony.planet_id, "what": what,
            "damage": ground_war.destruction_damage(world, colony, what), "round": round_number})]

    return handle


def rebellions(step_input: StepInput, dice: Dice) -> list[Event]:
    """After Exploit 4's growth — each occupied colony rolls for a rising (ruling on §9.3's garrisons); a rising
    city "can build 1 militia unit per turn" (3 a quarter), which fight the garrison at once: if none of it stands,
    the colony is free."""
    world = step_input.world
    events: list[Event] = []
    for colony_id in sorted(c.colony_id for c in world.colonies.values() if c.occupied_by is not None):
        colony = world.colonies[colony_id]
        occupier = ground_war.holder(colony)
        roll, rose = ground_war.rises(world, colony, dice)
        events.append(to_civs({occupier, colony.civ_id}, "RebellionRolled", {
            "colony_id": colony_id, "civ_id": occupier, "roll": roll,
            "range": ground_war.rebellion_range(world, colony), "rose": rose}))
        if not rose:
            continue
        poi = ground_war.colony_poi(world, colony)
        rebel_ids = list(range(world.next_id, world.next_id + REBEL_MILITIA_PER_QUARTER))
        raised = to_civs({occupier, colony.civ_id}, "RebelsRaised", {
            "colony_id": colony_id, "civ_id": colony.civ_id, "unit_ids": rebel_ids,
            "sector_id": world.pois[poi].sector_id, "poi_id": poi})
        events.append(raised)
        armed = apply_events(world, [raised])
        rebels = ground_war.fighters(armed, [u.unit_id for u in ground_war.ground_units_at(armed, colony.civ_id, poi)])
        fought = _battle(armed, armed.colonies[colony_id], colony.civ_id, rebels, dice, rebellion=True)
        events.extend(fought)
        world = apply_events(armed, fought)
    return events
