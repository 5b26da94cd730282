"""Exploit 2 — the trade routes' orders (game.engine.trade_routes): open a route from one of your colonies to a
partner's, with the freighters (and escorts) at your colony; close one; send a warship raiding (the option
`commerce_raiding`). Every choice a player makes shows what it carries before the order is sent."""

from __future__ import annotations

from collections.abc import Mapping

from game.engine import trade_routes
from game.engine.orders.checks import own_unit
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderProblem
from game.engine.orders.offers import known_poi_names, sector_name, unit_name
from game.engine.world import Colony, Unit, World, can_reach_in_one_round, is_armed, pair, sector_distance


def _module_on(world: World) -> None:
    if not world.options.diplomacy:
        raise OrderProblem("kind", "trade routes are not part of this campaign (the trade module is off).")


def _own_colony(order: OrderCommand, world: World) -> Colony:
    colony = world.colonies.get(order.payload["colony_id"])
    if colony is None or colony.civ_id != order.civ_id or not colony.operational:
        raise OrderProblem("payload.colony_id", "choose one of your Operational colonies.")
    return colony


def _knows(world: World, civ_id: int, colony: Colony) -> bool:
    """A partner's colony a civilization may trade with: one it has detected, or any of a civilization it has
    spoken with or has relations with."""
    key = pair(civ_id, colony.civ_id)
    return colony.colony_id in world.civs[civ_id].detected_colonies or key in world.contacts or key in world.relations


def _partner_colony(order: OrderCommand, world: World) -> Colony:
    colony = world.colonies.get(order.payload["to_colony_id"])
    if colony is None or colony.civ_id == order.civ_id or not colony.operational or not _knows(
            world, order.civ_id, colony):
        raise OrderProblem("payload.to_colony_id", "choose an Operational colony of a civilization you know.")
    return colony


def _units_here(order: OrderCommand, world: World, name: str, sector: str, armed: bool) -> list[Unit]:
    units = []
    for unit_id in order.payload.get(name) or []:
        unit = world.units.get(unit_id)
        if unit is None or unit.civ_id != order.civ_id:
            raise OrderProblem(f"payload.{name}", f"you have no unit #{unit_id}.")
        able = is_armed(world.design_of(unit)) if armed else trade_routes.is_freighter(world, unit)
        if not able or not trade_routes.is_free_in(unit, sector):
            what = "an armed unit" if armed else "a freighter (a hull with a cargo hold)"
            raise OrderProblem(f"payload.{name}", f"{unit.name} is not {what} free at your colony's Sector {sector}.")
        units.append(unit)
    return units


def check_open_trade_route(order: OrderCommand, world: World) -> None:
    _module_on(world)
    colony, partner = _own_colony(order, world), _partner_colony(order, world)
    problem = trade_routes.why_no_route(world, order.civ_id, partner.civ_id)
    if problem:
        raise OrderProblem("payload.to_colony_id", problem)
    if any(r.colony_id == colony.colony_id and r.partner_colony_id == partner.colony_id
           for r in world.trade_routes.values()):
        raise OrderProblem("payload.to_colony_id", "a route already runs between these colonies.")
    here = trade_routes.colony_sector(world, colony.colony_id)
    freighters = _units_here(order, world, "unit_ids", here, armed=False)
    if not freighters:
        raise OrderProblem("payload.unit_ids", "assign at least one freighter: the route's trade goes in their holds.")
    escorts = _units_here(order, world, "escort_ids", here, armed=True)
    chosen = [u.unit_id for u in (*freighters, *escorts)]
    if len(set(chosen)) != len(chosen):
        raise OrderProblem("payload.escort_ids", "a unit sails either as a freighter or as an escort, once.")


def _partner_label(world: World, civ_id: int, here: str, colony: Colony, capacity: int,
                   poi_names: Mapping[str, list[str]]) -> str:
    """The partner's colony, the route's length and what it would earn `civ_id` a quarter with `capacity`."""
    there = trade_routes.colony_sector(world, colony.colony_id)
    length = sector_distance(here, there) + 1
    gain = trade_routes.route_gain(world, civ_id, colony.civ_id, capacity)
    return (f"{world.planets[colony.planet_id].name} ({world.civs[colony.civ_id].name}, "
            f"{sector_name(there, poi_names)}) — {length} Sector(s); up to {gain} MU a quarter for you with every "
            f"freighter here")


def offer_open_trade_route(world: World, civ_id: int) -> list[Offer]:
    if not world.options.diplomacy:
        return []
    open_to = {c: not trade_routes.why_no_route(world, civ_id, c) for c in world.civs if c != civ_id}
    partners = [c for _, c in sorted(world.colonies.items())
                if open_to.get(c.civ_id) and c.operational and _knows(world, civ_id, c)]
    if not partners:
        return []
    by_sector = world.units_by_sector()
    poi_names = known_poi_names(world, world.civs[civ_id])
    offers = []
    for _, colony in sorted(world.colonies.items()):
        if colony.civ_id != civ_id or not colony.operational:
            continue
        here = trade_routes.colony_sector(world, colony.colony_id)
        present = [u for u in by_sector.get(here, ()) if u.civ_id == civ_id and trade_routes.is_free_in(u, here)]
        freighters = sorted((u for u in present if trade_routes.is_freighter(world, u)), key=lambda u: u.unit_id)
        if not freighters:
            continue
        escorts = sorted((u for u in present if is_armed(world.design_of(u))), key=lambda u: u.unit_id)
        capacity = trade_routes.capacity_mu(world, [u.unit_id for u in freighters])

        planet = world.planets[colony.planet_id].name
        offers.append(Offer(
            payload={"colony_id": colony.colony_id}, subject=f"from {planet}",
            choices={"colony_id": (Choice(colony.colony_id, planet),),
                     "to_colony_id": tuple(Choice(c.colony_id, _partner_label(world, civ_id, here, c, capacity,
                                                                                poi_names))
                                           for c in partners),
                     "unit_ids": tuple(Choice(u.unit_id, f"{unit_name(world, u, civ_id)} — carries "
                                                         f"{trade_routes.capacity_mu(world, [u.unit_id])} MU a quarter")
                                       for u in freighters),
                     "escort_ids": tuple(Choice(u.unit_id, unit_name(world, u, civ_id)) for u in escorts)}))
    return offers


def check_close_trade_route(order: OrderCommand, world: World) -> None:
    _module_on(world)
    if not any(r.civ_id == order.civ_id and r.colony_id == order.payload["colony_id"]
               and r.partner_colony_id == order.payload["to_colony_id"] for r in world.trade_routes.values()):
        raise OrderProblem("payload.to_colony_id", "you run no route between these colonies.")


def offer_close_trade_route(world: World, civ_id: int) -> list[Offer]:
    offers = []
    for _, route in sorted(world.trade_routes.items()):
        if route.civ_id != civ_id:
            continue
        own = world.planets[world.colonies[route.colony_id].planet_id].name
        theirs = world.planets[world.colonies[route.partner_colony_id].planet_id].name
        offers.append(Offer(payload={"colony_id": route.colony_id, "to_colony_id": route.partner_colony_id},
                            subject=f"{own} to {theirs} ({world.civs[route.partner_civ].name})",
                            choices={"colony_id": (Choice(route.colony_id, own),),
                                     "to_colony_id": (Choice(route.partner_colony_id, theirs),)}))
    return offers


def _raiding_on(world: World, civ_id: int) -> None:
    _module_on(world)
    if not world.options.commerce_raiding:
        raise OrderProblem("kind", "commerce raiding is not part of this campaign (its setting is off).")
    if not any(civ_id in war for war in world.wars):
        raise OrderProblem("kind", "you are at war with nobody: raiding is an act of war.")


def check_raid_commerce(order: OrderCommand, world: World) -> None:
    _raiding_on(world, order.civ_id)
    raider = own_unit(order, world)
    if not is_armed(world.design_of(raider)) or not trade_routes.is_free_in(raider, raider.sector_id):
        raise OrderProblem("payload.unit_id", f"{raider.name} is not an armed unit free to raid.")
    target = order.payload["sector_id"]
    if target not in world.sectors or not can_reach_in_one_round(world, raider, target):
        raise OrderProblem("payload.sector_id", f"{raider.name} cannot sweep that far this quarter.")


def offer_raid_commerce(world: World, civ_id: int) -> list[Offer]:
    if not (world.options.diplomacy and world.options.commerce_raiding and any(civ_id in w for w in world.wars)):
        return []
    poi_names = known_poi_names(world, world.civs[civ_id])
    # Raiders that can sweep to the same Sectors share one offer, the raider one more choice (as Plot a Course does).
    groups: dict[tuple[str, ...], list[Unit]] = {}
    reach_of: dict[tuple[str, str], tuple[str, ...]] = {}
    for _, unit in sorted(world.units.items()):
        if unit.civ_id != civ_id or not is_armed(world.design_of(unit)) or not trade_routes.is_free_in(
                unit, unit.sector_id):
            continue
        key = (unit.sector_id, unit.design_id)
        if key not in reach_of:
            reach_of[key] = tuple(trade_routes.sweep_targets(world, unit))
        groups.setdefault(reach_of[key], []).append(unit)
    return [Offer(subject=unit_name(world, units[0], civ_id) if len(units) == 1 else "",
                  choices={"unit_id": tuple(Choice(u.unit_id, unit_name(world, u, civ_id)) for u in units),
                           "sector_id": tuple(Choice(s, sector_name(s, poi_names)) for s in reach)})
            for reach, units in groups.items()]
