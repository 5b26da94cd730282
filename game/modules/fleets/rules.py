"""Cluster War movement orders and fleets (§4.0-4.2): the module's declaration.

Units form fleets under a flagship that move at the slowest member's Move Rate and fight together; a fleet follows a
course of waypoints (once or on patrol) or a standing order (hold, intercept, follow), re-aimed each round; small
craft without an FTL drive ride in a carrier's hold. The orders are given in Explore 14 and Exterminate 10, the
fleets' next legs plotted right after them; Explore 1 moves a fleet as one and Explore 2 brings it to its waypoint.
Where a fleet changes a core movement step in its middle, the module sets the core's rule values
(`game.engine.fleets`): the fleets' moves come first in Explore 1, their next legs after a Plot a Course step's
orders, their members join a fight in Exterminate 1, and a fleet's unit plots no course of its own. The rule math
(`game.engine.fleets`: members, speed, route, carrying) stays in the core, which reads it too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine import fleets as fl
from game.engine.apply import Draft
from game.engine.catalogue import CIV, EventType
from game.engine.orders.model import Field, OrderKind
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.world import Fleet, UnitState
from game.modules.fleets import orders, steps

MOVEMENT_STEPS = frozenset({"explore.14", "exterminate.10"})  # "Plot a Course" steps: every movement order

# Explore 1, 2 and 14, Exterminate 10: a fleet's orders are its owner's secret, so every line is told to its
# civilization alone (others see its units as they see any unit).
EVENTS = (
    EventType("FleetFormed", {"fleet_id": int, "civ_id": int, "name": str, "flagship": int, "unit_ids": list[int]},
              CIV, "{name} was formed under {flagship:unit} ({unit_ids:#unit})."),
    EventType("FleetJoined", {"fleet_id": int, "name": str, "unit_ids": list[int]}, CIV,
              "{unit_ids:#unit} joined {name}."),
    EventType("FleetLeft", {"fleet_id": int, "name": str, "unit_ids": list[int], "flagship": int | None,
                            "disbanded": bool}, CIV,
              "{unit_ids:#unit} left {name}[; {flagship:unit} leads it][; the fleet is disbanded{disbanded:flag}]."),
    EventType("FleetOrdered", {"fleet_id": int, "name": str, "standing": str, "order": str, "waypoints": list[str],
                               "route": str, "target_unit": int | None, "target_fleet": int | None, "leader": str},
              CIV, "{name}'s orders: {order}[: {route}][: {target_unit:unit}][: {leader}]."),
    EventType("FleetSetOut", {"fleet_id": int, "name": str, "unit_ids": list[int], "sector_id": str,
                              "poi_id": str | None, "eta": int, "rounds": int}, CIV,
              "{name} set out for {sector_id:sector}[, {poi_id:poi}] (ETA {eta} MP, {rounds} round(s))."),
    EventType("FleetMoved", {"fleet_id": int, "name": str, "unit_ids": list[int], "mp": int, "eta_left": int}, CIV,
              "{name} moved {mp} MP at its slowest ship's rate; {eta_left} MP to go.", chronicle=False),
    EventType("WaypointReached", {"fleet_id": int, "name": str, "sector_id": str, "waypoints": list[str]}, CIV,
              "{name} reached its waypoint {sector_id:sector}[; {waypoints:#waypoint} to go]."),
    EventType("TargetIntercepted", {"fleet_id": int, "name": str, "target_unit": int, "sector_id": str}, CIV,
              "{name} intercepted {target_unit:unit} in {sector_id:sector} and holds there."),
    EventType("FleetHeld", {"fleet_id": int, "name": str, "reason": str}, CIV,
              "{name} holds where it is, its orders ended: {reason}."),
    EventType("CraftEmbarked", {"unit_id": int, "rider_ids": list[int]}, CIV,
              "{rider_ids:#unit} boarded {unit_id:unit}."),
    EventType("CraftLaunched", {"unit_id": int, "rider_ids": list[int], "sector_id": str, "poi_id": str | None}, CIV,
              "{unit_id:unit} launched {rider_ids:#unit} in {sector_id:sector}[, {poi_id:poi}]."),
)


def _fleet(d: Draft, fleet_id: int, **changes: Any) -> None:
    d.fleets[fleet_id] = replace(d.fleets[fleet_id], **changes)


def _fleet_formed(d: Draft, p: dict[str, Any]) -> None:
    d.claim_id(p["fleet_id"])
    d.fleets[p["fleet_id"]] = Fleet(p["fleet_id"], p["civ_id"], p["name"], p["flagship"], tuple(p["unit_ids"]))


def _fleet_joined(d: Draft, p: dict[str, Any]) -> None:
    _fleet(d, p["fleet_id"], unit_ids=(*d.fleets[p["fleet_id"]].unit_ids, *p["unit_ids"]))


def _fleet_left(d: Draft, p: dict[str, Any]) -> None:
    if p["flagship"] is None:
        del d.fleets[p["fleet_id"]]
        return
    staying = tuple(u for u in d.fleets[p["fleet_id"]].unit_ids if u not in p["unit_ids"])
    _fleet(d, p["fleet_id"], unit_ids=staying, flagship=p["flagship"])


def _fleet_ordered(d: Draft, p: dict[str, Any]) -> None:
    _fleet(d, p["fleet_id"], standing=p["standing"], waypoints=tuple(p["waypoints"]), target_unit=p["target_unit"],
           target_fleet=p["target_fleet"])


def _fleet_set_out(d: Draft, p: dict[str, Any]) -> None:
    for unit_id in p["unit_ids"]:
        d.unit(unit_id, state=UnitState.EN_ROUTE, destination_sector=p["sector_id"], destination_poi=p["poi_id"],
               eta_left=p["eta"], task=None)


def _fleet_moved(d: Draft, p: dict[str, Any]) -> None:
    for unit_id in p["unit_ids"]:
        d.unit(unit_id, eta_left=p["eta_left"])


def _waypoint(d: Draft, p: dict[str, Any]) -> None:
    _fleet(d, p["fleet_id"], waypoints=tuple(p["waypoints"]))


def _fleet_holds(d: Draft, p: dict[str, Any]) -> None:
    _fleet(d, p["fleet_id"], standing="hold", waypoints=(), target_unit=None, target_fleet=None)


def _embarked(d: Draft, p: dict[str, Any]) -> None:
    for rider_id in p["rider_ids"]:
        d.carry(rider_id, p["unit_id"])


def _launched(d: Draft, p: dict[str, Any]) -> None:
    for rider_id in p["rider_ids"]:
        d.carry(rider_id, None, sector_id=p["sector_id"], poi_id=p["poi_id"])


MODULE = RuleModule(
    key="fleets",
    label="Cluster War movement orders",
    switch=ModuleSwitch(
        "module_cw_fleets",
        "Fleets with a flagship, waypoints, patrol, intercept, follow and hold; small craft carried by ships "
        "(§4.0-4.2).",
        to_options=lambda settings: {"fleets": bool(settings["module_cw_fleets"])},
        from_options=lambda options: {"module_cw_fleets": True} if options.fleets else {},
    ),
    is_on=lambda options: options.fleets,
    rule_values={
        fl.MOVES_WITH_ITS_FLEET: True,  # §4.0: a fleet's unit plots no course of its own
        fl.FLEETS_MOVE: steps.fleet_moves,  # Explore 1: a fleet moves at its slowest member's rate, first
        fl.FLEETS_SET_OUT: steps.set_out,  # Explore 14, Exterminate 10: after the orders, each fleet's next leg
        fl.FLEET_MATES: steps.fleet_mates,  # Exterminate 1: "its members fight together"
    },
    events=EVENTS,
    reducers={
        "FleetFormed": _fleet_formed,
        "FleetJoined": _fleet_joined,
        "FleetLeft": _fleet_left,
        "FleetOrdered": _fleet_ordered,
        "FleetSetOut": _fleet_set_out,
        "FleetMoved": _fleet_moved,
        "WaypointReached": _waypoint,
        "TargetIntercepted": _fleet_holds,
        "FleetHeld": _fleet_holds,
        "CraftEmbarked": _embarked,
        "CraftLaunched": _launched,
    },
    # Explore 14 and Exterminate 10, offered only while the module is on.
    orders=(
        ModuleOrder(
            OrderKind(
                "FormFleet",
                "Form a fleet",
                "Put units of one Sector under a flagship: they move together at the slowest one's Move Rate and fight "
                "together.",
                MOVEMENT_STEPS,
                (
                    Field("name", "Name of the fleet", "text", max_length=fl.FLEET_NAME_LIMIT),
                    Field("flagship_id", "Flagship", "unit"),
                    Field("unit_ids", "Other units", "units", required=False),
                ),
                orders.check_form_fleet,
                orders.offer_form_fleet,
            ),
            steps.form_fleet,
        ),
        ModuleOrder(
            OrderKind(
                "JoinFleet",
                "Join a fleet",
                "Add units in a fleet's Sector to it.",
                MOVEMENT_STEPS,
                (Field("fleet_id", "Fleet", "fleet"), Field("unit_ids", "Units that join", "units")),
                orders.check_join_fleet,
                orders.offer_join_fleet,
            ),
            steps.join_fleet,
        ),
        ModuleOrder(
            OrderKind(
                "LeaveFleet",
                "Leave a fleet",
                "Take units out of a fleet (none chosen: disband it); a fleet in transit cannot be recalled.",
                MOVEMENT_STEPS,
                (Field("fleet_id", "Fleet", "fleet"), Field("unit_ids", "Units that leave", "units", required=False)),
                orders.check_leave_fleet,
                orders.offer_leave_fleet,
            ),
            steps.leave_fleet,
        ),
        ModuleOrder(
            OrderKind(
                "FleetCourse",
                "Set a fleet's course",
                "Waypoints in order: the fleet goes from one to the next, each leg at its slowest member's Move Rate, "
                "once or on patrol round them.",
                MOVEMENT_STEPS,
                (
                    Field("fleet_id", "Fleet", "fleet"),
                    Field("waypoints", "Waypoints, in order", "sectors", maximum=fl.MAX_WAYPOINTS),
                    Field("mode", "How", "option", required=False, options=orders.COURSE_MODES),
                ),
                orders.check_fleet_course,
                orders.offer_fleet_course,
            ),
            steps.fleet_course,
        ),
        ModuleOrder(
            OrderKind(
                "FleetStandingOrder",
                "Give a fleet a standing order",
                "Hold where it is, intercept a unit you see, or follow a unit you see or another of your fleets: the "
                "fleet is re-aimed each round at where its target is.",
                MOVEMENT_STEPS,
                (
                    Field("fleet_id", "Fleet", "fleet"),
                    Field("standing", "Order", "option", options=orders.STANDING_CHOICES),
                    Field("unit_id", "Target unit", "unit", required=False),
                    Field("target_fleet_id", "Fleet to follow", "fleet", required=False),
                ),
                orders.check_fleet_standing,
                orders.offer_fleet_standing,
            ),
            steps.fleet_standing,
        ),
        ModuleOrder(
            OrderKind(
                "Embark",
                "Take craft aboard",
                "Small craft and other units without an FTL drive board a ship's hangar or hold here, each taking room "
                "for its scale, and travel with it.",
                MOVEMENT_STEPS,
                (Field("unit_id", "Carrier", "unit"), Field("rider_ids", "Craft that board", "units")),
                orders.check_embark,
                orders.offer_embark,
            ),
            steps.embark,
        ),
        ModuleOrder(
            OrderKind(
                "Launch",
                "Launch craft",
                "Units aboard a ship leave it where it is (none chosen: all of them).",
                MOVEMENT_STEPS,
                (Field("unit_id", "Carrier", "unit"), Field("rider_ids", "Craft that leave", "units", required=False)),
                orders.check_launch,
                orders.offer_launch,
            ),
            steps.launch,
        ),
    ),
    # Explore 2: a fleet that arrives reaches its waypoint or intercepts its target, after the units' arrivals.
    hooks=(StepHook("explore.2", "after", steps.fleet_arrivals),),
)
