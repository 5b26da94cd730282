"""The trade routes module's Exploit 2 (game.engine.trade_routes; docs/rules.md "Exploit 2 — trade routes" and
"Commerce raiding"): carrying out its orders, and the step's work, which the core's Exploit 2 leaves to its hook."""

from __future__ import annotations

from dataclasses import replace

from game.engine import trade_routes
from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ, to_civs
from game.engine.world import TradeRoute, Unit, World


def _closed(route: TradeRoute, reason: str) -> Event:
    return to_civs([route.civ_id, route.partner_civ], "TradeRouteClosed",
                   {"route_id": route.route_id, "civ_id": route.civ_id, "partner_civ": route.partner_civ,
                    "reason": reason})


def open_route(order: OrderCommand, world: World) -> list[Event]:
    p = order.payload
    partner = world.colonies[p["to_colony_id"]]
    sectors = trade_routes.hex_line(trade_routes.colony_sector(world, p["colony_id"]),
                                    trade_routes.colony_sector(world, partner.colony_id))
    return [to_civs([order.civ_id, partner.civ_id], "TradeRouteOpened", {
        "route_id": world.next_id, "civ_id": order.civ_id, "colony_id": p["colony_id"], "partner_civ": partner.civ_id,
        "partner_colony_id": partner.colony_id, "sectors": list(sectors), "freighter_ids": list(p["unit_ids"]),
        "escort_ids": list(p.get("escort_ids") or []),
        "capacity_mu": trade_routes.capacity_mu(world, p["unit_ids"])})]


def close_route(order: OrderCommand, world: World) -> list[Event]:
    route = next(r for r in world.trade_routes.values() if r.civ_id == order.civ_id
                 and r.colony_id == order.payload["colony_id"] and r.partner_colony_id == order.payload["to_colony_id"])
    return [_closed(route, "closed by its owner")]


def _catch(world: World, raider: Unit, route: TradeRoute, sector: str, roll: int, chance: int, round_number: int,
           fought: bool) -> list[Event]:
    """A convoy caught: its last freighter destroyed (the raider "totally overwhelms" civilian shipping), the raider
    told, the raided told who did it only if they know."""
    freighter = world.units[route.freighter_ids[-1]]
    known = trade_routes.identifies_raider(world, route.civ_id, raider, fought)
    events = [
        to_civ(raider.civ_id, "CommerceRaided", {
            "unit_id": raider.unit_id, "route_id": route.route_id, "sector_id": sector, "victim_civ": route.civ_id,
            "freighter_name": freighter.name, "roll": roll, "chance": chance}),
        to_civ(route.civ_id, "FreighterLost", {
            "route_id": route.route_id, "round": round_number, "civ_id": route.civ_id, "unit_id": freighter.unit_id,
            "freighter_name": freighter.name, "sector_id": sector, "roll": roll, "chance": chance,
            **({"raider_civ": raider.civ_id, "raider_id": raider.unit_id} if known else {})}),
    ]
    if len(route.freighter_ids) == 1:
        events.append(_closed(route, "its last freighter was lost to raiders"))
    return events


def _raid(order: OrderCommand, world: World, dice: Dice, round_number: int) -> list[Event]:
    """Cluster War §9.5: the raider sweeps the Sectors from where it is to the target and back; the GM's rolls are
    one d100 per swept Sector on an enemy's route. Escorts fight the raider first: driven off, the raid ends."""
    raider = world.units[order.payload["unit_id"]]
    swept = trade_routes.hex_line(raider.sector_id, order.payload["sector_id"])
    events: list[Event] = []
    rolls = caught = 0
    for found, sector in trade_routes.raided_routes(world, raider, swept):
        route = world.trade_routes.get(found.route_id)
        if route is None:  # closed by an earlier catch
            continue
        chance = trade_routes.intercept_percent(world, raider, route, sector)
        roll = dice.roll(100, f"raid on route {route.route_id} in {sector}")
        rolls += 1
        if roll > chance:
            continue
        if route.escort_ids:
            odds = trade_routes.escort_percent(world, route.escort_ids, raider)
            fight = dice.roll(100, f"escorts of route {route.route_id} against the raider")
            if fight <= odds:
                events.append(to_civs([raider.civ_id, route.civ_id], "RaidRepelled", {
                    "route_id": route.route_id, "raider_id": raider.unit_id, "sector_id": sector,
                    "escort_ids": list(route.escort_ids), "roll": fight, "chance": odds}))
                break
        caught += 1
        made = _catch(world, raider, route, sector, roll, chance, round_number, fought=bool(route.escort_ids))
        events.extend(made)
        world = apply_events(world, made)
    events.append(to_civ(raider.civ_id, "RaidSwept", {"unit_id": raider.unit_id, "sector_ids": list(swept),
                                                      "rolls": rolls, "intercepts": caught}))
    return events


def _of_kinds(step_input: StepInput, world: World, kinds: frozenset[str]) -> StepInput:
    return replace(step_input, world=world, orders=tuple(o for o in step_input.orders if o.kind in kinds))


ROUTE_ORDERS = frozenset({"OpenTradeRoute", "CloseTradeRoute"})


def trade_routes_and_raids(step_input: StepInput, dice: Dice) -> list[Event]:
    """Exploit 2 (the rules' "Optional: TODO Trade Routes go here…"), played by the trade module: routes that can
    no longer run close; then routes are opened and closed; then raiders sweep (with the option
    `commerce_raiding`), so a raid meets the routes as this quarter's orders left them.
    """
    world = step_input.world
    events = [_closed(route, reason) for _, route in sorted(world.trade_routes.items())
              if (reason := trade_routes.why_route_ends(world, route))]
    world = apply_events(world, events)
    routed = run_orders(_of_kinds(step_input, world, ROUTE_ORDERS), {})
    events.extend(routed)
    world = apply_events(world, routed)
    round_number = step_input.pointer.round

    def raid(order: OrderCommand, now: World) -> list[Event]:
        return _raid(order, now, dice, round_number)

    events.extend(run_orders(_of_kinds(step_input, world, frozenset({"RaidCommerce"})), {"RaidCommerce": raid}))
    return events
