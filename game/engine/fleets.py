"""Movement orders and fleets (Cluster War §4.0-4.2; the `module_cw_fleets` switch, `RuleOptions.fleets`).

A fleet is units that move and fight together under a flagship: "A fleet moves at the speed of its slowest vessel"
(§4.0), so each leg is plotted for every member at once and covered at the slowest member's Move Rate. Its orders
are waypoints (Sectors, reached in order) and a standing order: patrol (round the waypoints for good), intercept (a
detected enemy unit, until the fleet shares its Sector), follow (a detected unit, or a friendly fleet), hold. The
legs are plotted by the movement steps (Explore 14, Exterminate 10), only while every member is Operational and
together: "once a fleet has translated to FTL it cannot be recalled before arrival" (§4.0).

What needs FTL and how smaller units travel (CV "Dreadnought": "only a Dreadnought's hull can withstand the forces of
Faster-Than-Light travel"; CW §4.2 "Non-FTL fighters and shuttles cannot be deployed away from their base or
carrier"): a unit without the FTL special never leaves its Sector on its own; it rides in a carrier's hold
(`Unit.carried_by`, a place the size of its scale multiplier). `carry_problem` is the one test of whether a carrier
can take units aboard now; the Embark / Launch orders here and the cargo orders of Expand 1 share it, and so may any
module that carries units (ground forces to an enemy colony).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.rulings import cargo_space_of
from game.engine.units import UnitDesign
from game.engine.world import Fleet, Unit, UnitState, World, course_cost, is_present

# The standing orders (Fleet.standing), by key, with the words a player reads.
STANDING_ORDERS: dict[str, str] = {
    "": "Through its waypoints, then hold",
    "patrol": "Patrol its waypoints, round and round",
    "intercept": "Intercept a unit",
    "follow": "Follow a unit or a fleet",
    "hold": "Hold where it is",
}
MAX_WAYPOINTS = 8  # Sectors a fleet's course may list at once
FLEET_NAME_LIMIT = 80  # characters of a fleet's name

# The movement orders module's rule values (`RuleModule.rule_values`, `game.modules.fleets`), read by the core's
# movement steps where a fleet changes them in their middle; the last three are the module's functions, called there.
MOVES_WITH_ITS_FLEET = "units_in_a_fleet_move_with_it"  # Plot a Course refuses a fleet's unit (§4.0)
FLEETS_MOVE = "fleets_move_first"  # Explore 1: world -> (events, unit ids): the fleets' moves; the step moves the rest
FLEETS_SET_OUT = "fleets_set_out_after_courses"  # Explore 14, Exterminate 10: world after the orders -> events
FLEET_MATES = "fleet_mates_fight_together"  # Exterminate 1: (world, unit ids, Sector) -> their fleet mates who join


def needs_carrier(design: UnitDesign) -> bool:
    """CV: only an FTL hull crosses between Sectors; any other unit goes further only in a carrier's hold."""
    return not design.specials.ftl


def carry_problem(world: World, carrier: Unit, riders: Iterable[Unit], ore: int = 0) -> str | None:
    """Why `carrier` cannot take `riders` (and `ore` more Ore) aboard now, or None if it can.

    The riders must be the carrier's civilization's, other than itself, Operational, not already riding, at the
    carrier's Sector and Point of Interest; together (with the Ore) they must fit in its free hold, each taking its
    scale multiplier (`rulings.cargo_space_of`). A rider keeps its fleet: aboard, it travels with its carrier and
    does not count among the fleet's movers (`members`) until it is launched.
    """
    space = ore
    for rider in riders:
        if (
            rider.civ_id != carrier.civ_id
            or rider.unit_id == carrier.unit_id
            or (rider.sector_id, rider.poi_id) != (carrier.sector_id, carrier.poi_id)
            or rider.state is not UnitState.OPERATIONAL
            or rider.carried_by is not None
        ):
            return f"{rider.name} is not an operational unit of yours beside {carrier.name}."
        space += cargo_space_of(world.design_of(rider))
    free = world.cargo_free(carrier.unit_id)
    if space > free:
        return f"{carrier.name}'s hold has room for {free:,}, not {space:,}."
    return None


def fleet_of(world: World, unit_id: int) -> Fleet | None:
    return next((f for f in world.fleets.values() if unit_id in f.unit_ids), None)


def members(world: World, fleet: Fleet) -> list[Unit]:
    """The fleet's units that move with it, flagship first: still its civilization's (a wreck or a prize has left
    it) and not riding in a hold. With its flagship lost, the next member by number leads."""
    units = [world.units[u] for u in fleet.unit_ids
             if u in world.units and world.units[u].civ_id == fleet.civ_id and world.units[u].carried_by is None]
    return sorted(units, key=lambda u: (u.unit_id != fleet.flagship, u.unit_id))


def move_rate(world: World, fleet: Fleet) -> int:
    """§4.0: "a fleet moves at the speed of its slowest vessel"."""
    return min([world.design_of(u).stats.movement_rate for u in members(world, fleet)] or [0])


def position(world: World, fleet: Fleet) -> str:
    """Where the fleet is booked: its flagship's Sector (in transit, the Sector it left)."""
    units = members(world, fleet)
    return units[0].sector_id if units else ""


def heading(world: World, fleet: Fleet) -> str | None:
    """The Sector the fleet is travelling to now, if it is En Route."""
    units = members(world, fleet)
    return units[0].destination_sector if units and units[0].state is UnitState.EN_ROUTE else None


def ready(world: World, fleet: Fleet) -> bool:
    """Every member Operational and in the flagship's Sector: the fleet may set out."""
    units = members(world, fleet)
    return bool(units) and all(u.state is UnitState.OPERATIONAL and u.sector_id == units[0].sector_id for u in units)


def target_sector(world: World, fleet: Fleet) -> str | None:
    """Intercept / follow: where the target is now, as the fleet's civilization knows it; None when it is lost.

    A unit of another civilization counts only while detected (Explore 5 / 6 of this round) and present in a Sector
    (a unit in transit is in neither hex, §4.0); a friendly fleet is followed to where it is heading, its owner
    knowing its orders."""
    if fleet.target_fleet is not None:
        leader = world.fleets.get(fleet.target_fleet)
        if leader is None or leader.civ_id != fleet.civ_id or not members(world, leader):
            return None
        return heading(world, leader) or position(world, leader)
    target = world.units.get(fleet.target_unit) if fleet.target_unit is not None else None
    if target is None:
        return None
    if target.civ_id == fleet.civ_id:
        return target.destination_sector if target.state is UnitState.EN_ROUTE else target.sector_id
    if target.unit_id not in world.civs[fleet.civ_id].detected_units or not is_present(target):
        return None
    return target.sector_id


def next_destination(world: World, fleet: Fleet) -> str | None:
    """The Sector the fleet's orders send it to next from where it is, or None to stay."""
    here = position(world, fleet)
    if fleet.standing == "hold":
        return None
    if fleet.standing in ("intercept", "follow"):
        sector = target_sector(world, fleet)
        return sector if sector not in (None, here) else None
    return next((w for w in fleet.waypoints if w != here), None)


def leg_cost(world: World, fleet: Fleet, sector: str) -> int | None:
    """The ETA in Movement Points of a leg to `sector` (the same for every member), None if a member cannot go."""
    return leg_cost_between(world, fleet, position(world, fleet), sector)


def rounds_for(world: World, fleet: Fleet, mp: int) -> int:
    """Rounds a leg of `mp` takes at the slowest member's Move Rate (Explore 1 covers it, Explore 2 arrives)."""
    rate = move_rate(world, fleet)
    return -(-mp // rate) if rate > 0 else 0


def waypoints_after(fleet: Fleet, reached: str) -> tuple[str, ...]:
    """A fleet's waypoints once it reaches `reached`: that waypoint is done (a patrol puts it back at the end)."""
    if reached not in fleet.waypoints:
        return fleet.waypoints
    at = fleet.waypoints.index(reached)
    done, rest = fleet.waypoints[: at + 1], fleet.waypoints[at + 1:]
    return rest + done if fleet.standing == "patrol" else rest


def route(world: World, fleet: Fleet) -> list[dict[str, object]]:
    """The legs the fleet's orders give from where it is now, each with its ETA in MP and rounds (a patrol's loop
    once round, an intercept or follow's one leg to where the target is now): what the fleet panel and the star map
    show."""
    here = heading(world, fleet) or position(world, fleet)
    if fleet.standing == "hold":
        return []
    if fleet.standing in ("intercept", "follow"):
        sector = target_sector(world, fleet)
        stops: tuple[str, ...] = (sector,) if sector is not None else ()
    else:
        stops = fleet.waypoints
    legs: list[dict[str, object]] = []
    for stop in stops:
        if stop == here:
            continue
        mp = leg_cost_between(world, fleet, here, stop)
        legs.append({"from": here, "to": stop, "mp": mp,
                     "rounds": rounds_for(world, fleet, mp) if mp is not None else None})
        here = stop
    return legs


def leg_cost_between(world: World, fleet: Fleet, start: str, end: str) -> int | None:
    """`leg_cost` from another Sector than the fleet's own (a later leg of its course)."""
    units = members(world, fleet)
    if not units:
        return None
    moved = [Unit(u.unit_id, u.civ_id, u.design_id, u.name, start) for u in units]
    costs = [course_cost(world, u, end, None) for u in moved]
    return None if any(c is None for c in costs) else max(c for c in costs if c is not None)
