"""Movement orders (Explore 14 and Exterminate 10, the `module_cw_fleets` module, game.engine.fleets): form a fleet,
join or leave one, give it a course of waypoints or a standing order, and carry small craft aboard a ship or launch
them. Their legality checks and offers; declared in the module's `rules.py`, carried out by its `steps.py`."""

from __future__ import annotations

from game.engine import fleets as fl
from game.engine.orders.checks import own_unit
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderProblem
from game.engine.orders.offers import known_poi_names, sector_name, unit_choices
from game.engine.world import Fleet, Unit, UnitState, World, sector_coords, unit_label

COURSE_MODES = (Choice("once", "Through them once, then hold"), Choice("patrol", "Patrol them, round and round"))
STANDING_CHOICES = (Choice("hold", "Hold where it is"), Choice("intercept", "Intercept a unit you see"),
                    Choice("follow", "Follow a unit you see, or one of your fleets"))


def _module_on(world: World) -> None:
    if not world.options.fleets:
        raise OrderProblem("kind", "the movement orders module (fleets) is off in this campaign.")


def _own_fleet(order: OrderCommand, world: World) -> Fleet:
    _module_on(world)
    fleet = world.fleets.get(order.payload["fleet_id"])
    if fleet is None or fleet.civ_id != order.civ_id:
        raise OrderProblem("payload.fleet_id", "you have no such fleet.")
    return fleet


def _not_in_transit(world: World, fleet: Fleet) -> None:
    if fl.heading(world, fleet) is not None:
        raise OrderProblem("payload.fleet_id", f"{fleet.name} is in transit: once in FTL a fleet cannot be recalled "
                                               "before it arrives (§4.0).")


def _free_unit(world: World, unit: Unit, field: str) -> None:
    """A unit that may be put in a fleet: Operational, out of any hold, in no fleet yet."""
    label = unit_label(world, unit)
    if unit.carried_by is not None:
        raise OrderProblem(field, f"{label} rides in a hold: launch it first.")
    if unit.state is not UnitState.OPERATIONAL:
        raise OrderProblem(field, f"{label} is {unit.state.value.replace('_', ' ')}: it cannot join a fleet now.")
    joined = fl.fleet_of(world, unit.unit_id)
    if joined is not None:
        raise OrderProblem(field, f"{label} is already in {joined.name}.")


def _free_units_by_sector(world: World, civ_id: int) -> dict[str, list[Unit]]:
    found: dict[str, list[Unit]] = {}
    for unit in sorted(world.units.values(), key=lambda u: u.unit_id):
        if (unit.civ_id == civ_id and unit.state is UnitState.OPERATIONAL and unit.carried_by is None
                and fl.fleet_of(world, unit.unit_id) is None):
            found.setdefault(unit.sector_id, []).append(unit)
    return found


def _own_fleets(world: World, civ_id: int) -> list[Fleet]:
    return [f for _, f in sorted(world.fleets.items()) if f.civ_id == civ_id and fl.members(world, f)]


def _others(order: OrderCommand, world: World, sector: str) -> list[Unit]:
    units = []
    for unit_id in order.payload.get("unit_ids") or []:
        unit = world.units.get(unit_id)
        if unit is None or unit.civ_id != order.civ_id:
            raise OrderProblem("payload.unit_ids", "you have no such unit.")
        _free_unit(world, unit, "payload.unit_ids")
        if unit.sector_id != sector:
            raise OrderProblem("payload.unit_ids", f"{unit_label(world, unit)} is not in Sector {sector}.")
        units.append(unit)
    return units


# Form, join, leave.


def check_form_fleet(order: OrderCommand, world: World) -> None:
    _module_on(world)
    if "flagship_id" not in order.payload:
        return  # an offer's probe
    flagship = own_unit(order, world, "flagship_id")
    _free_unit(world, flagship, "payload.flagship_id")
    others = _others(order, world, flagship.sector_id)
    if flagship.unit_id in {u.unit_id for u in others}:
        raise OrderProblem("payload.unit_ids", f"{unit_label(world, flagship)} is the flagship already.")


def offer_form_fleet(world: World, civ_id: int) -> list[Offer]:
    if not world.options.fleets:
        return []
    poi_names = known_poi_names(world, world.civs[civ_id])
    offers = []
    for sector, units in sorted(_free_units_by_sector(world, civ_id).items(), key=lambda i: sector_coords(i[0])):
        choices = unit_choices(world, units, civ_id)
        offers.append(Offer({}, f"units in {sector_name(sector, poi_names)}",
                            {"flagship_id": choices, "unit_ids": choices}))
    return offers


def check_join_fleet(order: OrderCommand, world: World) -> None:
    fleet = _own_fleet(order, world)
    _not_in_transit(world, fleet)
    if not order.payload.get("unit_ids") and "unit_ids" in order.payload:
        raise OrderProblem("payload.unit_ids", "choose the units that join.")
    _others(order, world, fl.position(world, fleet))


def offer_join_fleet(world: World, civ_id: int) -> list[Offer]:
    if not world.options.fleets:
        return []
    free = _free_units_by_sector(world, civ_id)
    return [Offer({"fleet_id": f.fleet_id}, f.name,
                  {"unit_ids": unit_choices(world, free[fl.position(world, f)], civ_id)})
            for f in _own_fleets(world, civ_id)
            if fl.heading(world, f) is None and free.get(fl.position(world, f))]


def check_leave_fleet(order: OrderCommand, world: World) -> None:
    fleet = _own_fleet(order, world)
    _not_in_transit(world, fleet)
    for unit_id in order.payload.get("unit_ids") or []:
        if unit_id not in fleet.unit_ids:
            raise OrderProblem("payload.unit_ids", f"a unit you named is not in {fleet.name}.")


def offer_leave_fleet(world: World, civ_id: int) -> list[Offer]:
    if not world.options.fleets:
        return []
    return [Offer({"fleet_id": f.fleet_id}, f.name, {"unit_ids": unit_choices(world, fl.members(world, f), civ_id)})
            for f in _own_fleets(world, civ_id) if fl.heading(world, f) is None]


# A course of waypoints, a standing order.


def check_fleet_course(order: OrderCommand, world: World) -> None:
    fleet = _own_fleet(order, world)
    _not_in_transit(world, fleet)
    waypoints = order.payload.get("waypoints")
    if waypoints is None:
        return  # an offer's probe
    if not waypoints:
        raise OrderProblem("payload.waypoints", "give at least one Sector.")
    civ = world.civs[order.civ_id]
    here = fl.position(world, fleet)
    if all(sector == here for sector in waypoints):
        raise OrderProblem("payload.waypoints", f"{fleet.name} is in Sector {here} already.")
    for at, sector in enumerate(waypoints):
        if sector not in world.sectors:
            raise OrderProblem("payload.waypoints", f"there is no Sector {sector}.")
        if not world.options.full_star_map and sector not in civ.charted:
            raise OrderProblem("payload.waypoints", f"Sector {sector} is not on your Star Charts.")
        if at and sector == waypoints[at - 1]:
            raise OrderProblem("payload.waypoints", f"Sector {sector} is given twice in a row.")
        if sector != here and fl.leg_cost_between(world, fleet, here, sector) is None:
            slow = next(u for u in fl.members(world, fleet) if fl.needs_carrier(world.design_of(u)))
            raise OrderProblem("payload.waypoints", f"{unit_label(world, slow)} has no FTL drive: it cannot leave "
                                                    f"Sector {here} (carry it aboard a ship, or leave it behind).")
        here = sector


def offer_fleet_course(world: World, civ_id: int) -> list[Offer]:
    if not world.options.fleets:
        return []
    civ = world.civs[civ_id]
    charted = world.sectors if world.options.full_star_map else civ.charted
    poi_names = known_poi_names(world, civ)
    sectors = tuple(Choice(s, sector_name(s, poi_names)) for s in sorted(charted, key=sector_coords))
    return [Offer({"fleet_id": f.fleet_id}, f.name, {"waypoints": sectors})
            for f in _own_fleets(world, civ_id) if fl.heading(world, f) is None]


def _detected(world: World, civ_id: int) -> list[Unit]:
    civ = world.civs[civ_id]
    return [world.units[u] for u in sorted(civ.detected_units) if u in world.units]


def check_fleet_standing(order: OrderCommand, world: World) -> None:
    fleet = _own_fleet(order, world)
    standing = order.payload.get("standing")
    if standing is None or standing == "hold":
        return
    target, leader = order.payload.get("unit_id"), order.payload.get("target_fleet_id")
    if standing == "intercept" and target is None:
        raise OrderProblem("payload.unit_id", "choose the unit to intercept.")
    if target is None and leader is None:
        raise OrderProblem("payload.unit_id", "choose the unit or the fleet to follow.")
    if target is not None:
        unit = world.units.get(target)
        own = unit is not None and unit.civ_id == order.civ_id
        if unit is None or not (own or target in world.civs[order.civ_id].detected_units):
            raise OrderProblem("payload.unit_id", "you see no such unit (a target must be one your sensors detect).")
        if standing == "intercept" and own:
            raise OrderProblem("payload.unit_id", "intercept another civilization's unit.")
        if target in fleet.unit_ids:
            raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} is in {fleet.name}.")
    elif leader == fleet.fleet_id or leader not in {f.fleet_id for f in _own_fleets(world, order.civ_id)}:
        raise OrderProblem("payload.target_fleet_id", "choose another fleet of yours.")


def offer_fleet_standing(world: World, civ_id: int) -> list[Offer]:
    if not world.options.fleets:
        return []
    fleets = _own_fleets(world, civ_id)
    seen = [u for u in _detected(world, civ_id) if u.civ_id != civ_id]
    targets = unit_choices(world, seen, civ_id)
    offers = []
    for fleet in fleets:
        leaders = tuple(Choice(o.fleet_id, o.name) for o in fleets if o.fleet_id != fleet.fleet_id)
        # Only the standing orders it can be given now: to intercept or follow, a target must be there to choose.
        able = {"hold": True, "intercept": bool(targets), "follow": bool(targets or leaders)}
        offers.append(Offer({"fleet_id": fleet.fleet_id}, fleet.name,
                            {"standing": tuple(c for c in STANDING_CHOICES if able[str(c.value)]),
                             "unit_id": targets, "target_fleet_id": leaders}))
    return offers


# Small craft aboard a carrier (CW §4.2).


def _carrier(order: OrderCommand, world: World) -> Unit:
    _module_on(world)
    carrier = own_unit(order, world)
    label = unit_label(world, carrier)
    if world.design_of(carrier).specials.cargo_capacity <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no hangar or hold.")
    if carrier.carried_by is not None or carrier.state not in (UnitState.OPERATIONAL, UnitState.ENGAGED):
        raise OrderProblem("payload.unit_id", f"{label} is {carrier.state.value.replace('_', ' ')}: its craft cannot "
                                              "board or launch now.")
    return carrier


def check_embark(order: OrderCommand, world: World) -> None:
    carrier = _carrier(order, world)
    if "rider_ids" not in order.payload:
        return  # an offer's probe
    riders = []
    for rider_id in order.payload["rider_ids"] or []:
        rider = world.units.get(rider_id)
        if rider is None or rider.civ_id != order.civ_id:
            raise OrderProblem("payload.rider_ids", "you have no such unit.")
        riders.append(rider)
    if not riders:
        raise OrderProblem("payload.rider_ids", "choose the craft that board.")
    problem = fl.carry_problem(world, carrier, riders)
    if problem:
        raise OrderProblem("payload.rider_ids", problem)


def offer_embark(world: World, civ_id: int) -> list[Offer]:
    if not world.options.fleets:
        return []
    offers = []
    units = sorted((u for u in world.units.values() if u.civ_id == civ_id), key=lambda u: u.unit_id)
    for carrier in units:
        try:
            check_embark(OrderCommand(civ_id, "", "", {"unit_id": carrier.unit_id}), world)
        except OrderProblem:
            continue
        riders = [u for u in units if fl.carry_problem(world, carrier, [u]) is None]
        if riders:
            offers.append(Offer({"unit_id": carrier.unit_id}, f"{carrier.name} ({world.cargo_free(carrier.unit_id):,} "
                                                              "free in its hold)",
                                {"rider_ids": unit_choices(world, riders, civ_id)}))
    return offers


def check_launch(order: OrderCommand, world: World) -> None:
    carrier = _carrier(order, world)
    for rider_id in order.payload.get("rider_ids") or []:
        rider = world.units.get(rider_id)
        if rider is None or rider.carried_by != carrier.unit_id:
            raise OrderProblem("payload.rider_ids", f"a unit you named is not aboard {carrier.name}.")


def offer_launch(world: World, civ_id: int) -> list[Offer]:
    if not world.options.fleets:
        return []
    aboard: dict[int, list[Unit]] = {}
    for unit in world.units.values():
        if unit.civ_id == civ_id and unit.carried_by is not None:
            aboard.setdefault(unit.carried_by, []).append(unit)
    offers = []
    for carrier_id, riders in sorted(aboard.items()):
        carrier = world.units.get(carrier_id)
        if carrier is not None and carrier.state in (UnitState.OPERATIONAL, UnitState.ENGAGED):
            offers.append(Offer({"unit_id": carrier_id}, carrier.name,
                                {"rider_ids": unit_choices(world, riders, civ_id)}))
    return offers
