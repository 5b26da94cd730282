"""Movement orders and fleets in the round (the `module_cw_fleets` module, `game.modules.fleets`; rules in
game.engine.fleets).

Explore 1 moves a fleet in transit at its slowest member's Move Rate, Explore 2 brings it to its waypoint (a patrol
puts the waypoint back at the end of its loop), and Explore 14 / Exterminate 10 carry out the movement orders and
then send every fleet that is together and Operational on its next leg: the next waypoint, or where the unit or
fleet it intercepts or follows is now. The core's steps call `fleet_moves`, `set_out` and `fleet_mates` where they
read the module's rule values (`game.engine.fleets`); `fleet_arrivals` is a step hook. Every event here is told to
the fleet's civilization alone: a fleet's orders are its owner's secret; others see its units as they see any unit.
"""

from __future__ import annotations

from game.engine import fleets as fl
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.step_input import StepInput
from game.engine.steps.common import to_civ
from game.engine.world import Fleet, UnitState, World, is_present, unit_label


def _fleet(fleet: Fleet) -> dict[str, object]:
    return {"fleet_id": fleet.fleet_id, "name": fleet.name}


def form_fleet(order: OrderCommand, world: World) -> list[Event]:
    flagship = order.payload["flagship_id"]
    units = [flagship, *(u for u in order.payload.get("unit_ids") or [] if u != flagship)]
    return [to_civ(order.civ_id, "FleetFormed", {"fleet_id": world.next_id, "civ_id": order.civ_id,
                                                 "name": order.payload["name"].strip(), "flagship": flagship,
                                                 "unit_ids": units})]


def join_fleet(order: OrderCommand, world: World) -> list[Event]:
    fleet = world.fleets[order.payload["fleet_id"]]
    return [to_civ(order.civ_id, "FleetJoined", {**_fleet(fleet), "unit_ids": list(order.payload["unit_ids"])})]


def leave_fleet(order: OrderCommand, world: World) -> list[Event]:
    fleet = world.fleets[order.payload["fleet_id"]]
    leaving = order.payload.get("unit_ids") or list(fleet.unit_ids)  # none named: the whole fleet, disbanded
    staying = [u for u in fleet.unit_ids if u not in leaving and u in world.units]
    flagship = fleet.flagship if fleet.flagship in staying else (staying[0] if staying else None)
    return [to_civ(order.civ_id, "FleetLeft", {**_fleet(fleet), "unit_ids": list(leaving), "flagship": flagship,
                                               "disbanded": flagship is None})]


def _ordered(world: World, fleet: Fleet, standing: str, waypoints: list[str], target_unit: int | None,
             target_fleet: int | None) -> Event:
    route = " → ".join(f"Sector {w}" for w in waypoints)
    leader = world.fleets[target_fleet].name if target_fleet is not None else ""
    return to_civ(fleet.civ_id, "FleetOrdered", {
        **_fleet(fleet), "standing": standing, "order": fl.STANDING_ORDERS[standing], "waypoints": waypoints,
        "route": route, "target_unit": target_unit, "target_fleet": target_fleet, "leader": leader})


def fleet_course(order: OrderCommand, world: World) -> list[Event]:
    fleet = world.fleets[order.payload["fleet_id"]]
    standing = "patrol" if order.payload.get("mode") == "patrol" else ""
    return [_ordered(world, fleet, standing, list(order.payload["waypoints"]), None, None)]


def fleet_standing(order: OrderCommand, world: World) -> list[Event]:
    fleet = world.fleets[order.payload["fleet_id"]]
    standing = order.payload["standing"]
    if standing == "hold":
        return [_ordered(world, fleet, "hold", [], None, None)]
    target = order.payload.get("unit_id")
    return [_ordered(world, fleet, standing, [], target, None if target is not None else
                     order.payload.get("target_fleet_id"))]


def embark(order: OrderCommand, world: World) -> list[Event]:
    return [to_civ(order.civ_id, "CraftEmbarked", {"unit_id": order.payload["unit_id"],
                                                   "rider_ids": list(order.payload["rider_ids"])})]


def launch(order: OrderCommand, world: World) -> list[Event]:
    carrier = world.units[order.payload["unit_id"]]
    riders = order.payload.get("rider_ids") or sorted(u.unit_id for u in world.units.values()
                                                       if u.carried_by == carrier.unit_id)
    return [to_civ(order.civ_id, "CraftLaunched", {"unit_id": carrier.unit_id, "rider_ids": list(riders),
                                                   "sector_id": carrier.sector_id, "poi_id": carrier.poi_id})]


def _fleets(world: World) -> list[Fleet]:
    """The fleets, by number (the core calls this module's functions only while a campaign plays it)."""
    return [f for _, f in sorted(world.fleets.items())]


def fleet_moves(world: World) -> tuple[list[Event], set[int]]:
    """Explore 1 — each fleet in transit covers its slowest member's Move Rate (§4.0), all its members together;
    returns the events and the units they moved (the step moves the others one by one)."""
    events: list[Event] = []
    moved: set[int] = set()
    for fleet in _fleets(world):
        units = fl.members(world, fleet)
        if not units or fl.heading(world, fleet) is None or any(u.unit_id in moved for u in units):
            continue
        if any(u.destination_sector != units[0].destination_sector or u.eta_left != units[0].eta_left
               for u in units):
            continue  # not travelling as one (a member plotted alone before the module): each moves on its own
        mp = fl.move_rate(world, fleet)
        ids = [u.unit_id for u in units]
        events.append(to_civ(fleet.civ_id, "FleetMoved", {**_fleet(fleet), "unit_ids": ids, "mp": mp,
                                                          "eta_left": max(0, units[0].eta_left - mp)}))
        moved.update(ids)
    return events, moved


def fleet_arrivals(step_input: StepInput, dice: Dice) -> list[Event]:
    """Explore 2, after the units' arrivals — a fleet whose ETA is met reaches its waypoint (a patrol's goes back at
    the end of the loop), and an intercepting fleet that finds its target there, still seen, has intercepted it (it
    holds there; its owner may start a skirmish in Explore 7)."""
    world = step_input.world
    events: list[Event] = []
    for fleet in _fleets(world):
        units = fl.members(world, fleet)
        sector = fl.heading(world, fleet)
        if sector is None or any(u.eta_left > 0 or u.destination_sector != sector for u in units):
            continue
        if sector in fleet.waypoints:
            events.append(to_civ(fleet.civ_id, "WaypointReached", {
                **_fleet(fleet), "sector_id": sector, "waypoints": list(fl.waypoints_after(fleet, sector))}))
        if fleet.standing == "intercept" and fl.target_sector(world, fleet) == sector:
            events.append(to_civ(fleet.civ_id, "TargetIntercepted", {
                **_fleet(fleet), "target_unit": fleet.target_unit, "sector_id": sector}))
    return events


def _arrival_poi(world: World, civ_id: int, sector: str) -> str | None:
    """Ruling: a fleet arrives at the first Point of Interest its civilization knows in the Sector (by id), where
    its ships can load, unload and land troops; open space if it knows none."""
    known = world.civs[civ_id].known_pois
    return next((p.poi_id for _, p in sorted(world.pois.items()) if p.sector_id == sector and p.poi_id in known), None)


def set_out(world: World) -> list[Event]:
    """Explore 14 / Exterminate 10, after the orders — every fleet together and Operational sets out on its next
    leg; one whose target is lost from sight, or with a member that cannot leave the Sector, holds and is told why.
    """
    events: list[Event] = []
    for fleet in _fleets(world):
        if not fl.ready(world, fleet):
            continue
        if fleet.standing in ("intercept", "follow") and fl.target_sector(world, fleet) is None:
            events.append(to_civ(fleet.civ_id, "FleetHeld", {**_fleet(fleet), "reason": "its target is out of sight"}))
            continue
        sector = fl.next_destination(world, fleet)
        if sector is None:
            continue
        mp = fl.leg_cost(world, fleet, sector)
        units = fl.members(world, fleet)
        if mp is None:
            slow = next(u for u in units if fl.needs_carrier(world.design_of(u)))
            events.append(to_civ(fleet.civ_id, "FleetHeld", {
                **_fleet(fleet), "reason": f"{unit_label(world, slow)} has no FTL drive to leave Sector "
                                           f"{units[0].sector_id}"}))
            continue
        events.append(to_civ(fleet.civ_id, "FleetSetOut", {
            **_fleet(fleet), "unit_ids": [u.unit_id for u in units], "sector_id": sector,
            "poi_id": _arrival_poi(world, fleet.civ_id, sector), "eta": mp, "rounds": fl.rounds_for(world, fleet, mp)}))
    return events


def fleet_mates(world: World, unit_ids: set[int], sector: str) -> set[int]:
    """Exterminate 1 — "its members fight together": the members of the fleets of `unit_ids` that are present and
    Operational outside `sector` move into the fight with them."""
    mates: set[int] = set()
    for fleet in _fleets(world):
        if unit_ids & set(fleet.unit_ids):
            mates.update(u.unit_id for u in fl.members(world, fleet)
                         if u.sector_id != sector and is_present(u) and u.state is UnitState.OPERATIONAL
                         and u.unit_id not in unit_ids)
    return mates
