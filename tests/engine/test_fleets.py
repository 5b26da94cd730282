"""Movement orders and fleets (Cluster War §4.0-4.2, module_cw_fleets): the rules a player notices, one test each.
Whole rounds are in the golden scenarios tests/golden/fleets_*.yaml."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine import fleets as fl
from game.engine.orders import legal_orders
from game.engine.world import Fleet, RuleOptions, Unit, UnitState, World
from tests.engine.round_fixtures import DESIGNS, design, of_type, order, run, unit, with_units, world


def slow(unit_id: int, **changes: Any) -> Unit:
    """A warship of Move Rate 2 (the others' is 8)."""
    return replace(unit(unit_id, 1, "warship"), design_id="slow-warship", **changes)


def fleet_world(*units: Unit, fleets: tuple[Fleet, ...] = (), on: bool = True) -> World:
    slow = design("slow-warship", movement=2, ftl=True)
    base = world(designs={**world().designs, slow.design_id: slow}, options=RuleOptions(fleets=on))
    return replace(with_units(base, *units), fleets={f.fleet_id: f for f in fleets})


def test_a_fleet_moves_at_its_slowest_members_move_rate() -> None:
    """§4.0: "A fleet moves at the speed of its slowest vessel's gravity-drive rating"."""
    moving: dict[str, Any] = {"state": UnitState.EN_ROUTE, "destination_sector": "2,0", "eta_left": 8}
    w = fleet_world(unit(1, 1, "warship", **moving), slow(2, **moving),
                    fleets=(Fleet(10, 1, "First", 1, (1, 2)),))
    events, after = run(w, "explore.1")
    assert of_type(events, "FleetMoved") == [{"fleet_id": 10, "name": "First", "unit_ids": [1, 2], "mp": 2,
                                              "eta_left": 6}]
    assert after.units[1].eta_left == after.units[2].eta_left == 6
    assert of_type(events, "UnitMoved") == []


def test_a_fleet_is_formed_and_set_on_a_course_in_one_step() -> None:
    w = fleet_world(unit(1, 1, "warship"), unit(2, 1, "scout"))
    events, after = run(w, "explore.14",
                        order(1, "explore.14", "FormFleet", name="Vanguard", flagship_id=1, unit_ids=[2]),
                        order(1, "explore.14", "FleetCourse", fleet_id=100, waypoints=["2,0", "3,0"]))
    assert after.fleets[100].flagship == 1
    assert of_type(events, "FleetSetOut")[0]["sector_id"] == "2,0"
    assert {after.units[1].state, after.units[2].state} == {UnitState.EN_ROUTE}
    assert after.units[1].eta_left == 8  # 2 Sectors at 4 MP each


def test_a_fleet_in_transit_cannot_be_recalled() -> None:
    """§4.0: "once a fleet has translated to FTL it cannot be recalled before arrival"."""
    moving: dict[str, Any] = {"state": UnitState.EN_ROUTE, "destination_sector": "2,0", "eta_left": 4}
    w = fleet_world(unit(1, 1, "warship", **moving), fleets=(Fleet(10, 1, "First", 1, (1,), ("2,0",)),))
    events, after = run(w, "explore.14", order(1, "explore.14", "FleetCourse", fleet_id=10, waypoints=["3,0"]))
    assert "cannot be recalled" in of_type(events, "OrderRejected")[0]["reason"]
    assert after.fleets[10].waypoints == ("2,0",)


def test_members_of_a_fleet_fight_together() -> None:
    """Exterminate 1: when an armed member moves into a skirmish its whole fleet (an unarmed carrier too) goes."""
    w = fleet_world(unit(1, 1, "warship", "1,0", None), unit(2, 1, "freighter", "1,0", None),
                    unit(3, 2, "warship", "2,0", None), fleets=(Fleet(10, 1, "Strike", 1, (1, 2)),))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], detected_units=frozenset({3}))})
    _, w = run(w, "explore.7", order(1, "explore.7", "StartSkirmish", sector_id="2,0", target_civ_id=2))
    events, _ = run(w, "exterminate.1")
    assert of_type(events, "SkirmishOpened")[0]["moved"] == [1, 2]


def test_a_follow_order_ends_when_the_target_is_out_of_sight() -> None:
    w = fleet_world(unit(1, 1, "warship"), unit(5, 2, "warship", "2,0", None),
                    fleets=(Fleet(10, 1, "Shadow", 1, (1,), standing="follow", target_unit=5),))
    events, after = run(w, "explore.14")
    assert of_type(events, "FleetHeld") == [{"fleet_id": 10, "name": "Shadow", "reason": "its target is out of sight"}]
    assert after.fleets[10].standing == "hold"
    assert after.units[1].state is UnitState.OPERATIONAL


def test_a_unit_joins_a_fleet_in_its_sector_but_not_one_elsewhere() -> None:
    w = fleet_world(unit(1, 1, "warship"), unit(2, 1, "scout"), unit(3, 1, "scout", "1,0", None),
                    fleets=(Fleet(10, 1, "Pair", 1, (1,)),))
    events, after = run(w, "explore.14", order(1, "explore.14", "JoinFleet", fleet_id=10, unit_ids=[2]),
                        order(1, "explore.14", "JoinFleet", fleet_id=10, unit_ids=[3]))
    assert of_type(events, "FleetJoined") == [{"fleet_id": 10, "name": "Pair", "unit_ids": [2]}]
    assert of_type(events, "OrderRejected")[0]["reason"].endswith("is not in Sector 0,0.")
    assert after.fleets[10].unit_ids == (1, 2)


def test_leaving_a_fleet_hands_command_on_and_the_last_one_disbands_it() -> None:
    w = fleet_world(unit(1, 1, "warship"), unit(2, 1, "scout"), fleets=(Fleet(10, 1, "Pair", 1, (1, 2)),))
    _, after = run(w, "explore.14", order(1, "explore.14", "LeaveFleet", fleet_id=10, unit_ids=[1]))
    assert after.fleets[10].flagship == 2 and after.fleets[10].unit_ids == (2,)
    _, after = run(after, "explore.14", order(1, "explore.14", "LeaveFleet", fleet_id=10))
    assert 10 not in after.fleets


def test_craft_without_ftl_ride_a_carrier_and_go_where_it_goes() -> None:
    """CV: "only a Dreadnought's hull can withstand the forces of Faster-Than-Light travel"; §4.2 small craft ride
    their carrier."""
    w = fleet_world(unit(1, 1, "freighter"), unit(2, 1, "marine"))
    assert fl.needs_carrier(DESIGNS["marine"]) and not fl.needs_carrier(DESIGNS["freighter"])
    assert fl.carry_problem(w, w.units[1], [w.units[2]]) is None
    _, after = run(w, "explore.14", order(1, "explore.14", "Embark", unit_id=1, rider_ids=[2]),
                   order(1, "explore.14", "PlotCourse", unit_id=1, sector_id="1,0"))
    assert after.units[2].carried_by == 1
    _, after = run(replace(after, units={**after.units, 1: replace(after.units[1], eta_left=0)}), "explore.2")
    assert after.units[2].sector_id == "1,0"


def test_the_movement_orders_are_offered_only_with_the_module_on() -> None:
    units = (unit(1, 1, "warship"), unit(2, 1, "scout"))
    kinds_on = {o.kind for o in legal_orders(fleet_world(*units), 1, "explore.14")}
    kinds_off = {o.kind for o in legal_orders(fleet_world(*units, on=False), 1, "explore.14")}
    assert "FormFleet" in kinds_on and "FormFleet" not in kinds_off
    events, _ = run(fleet_world(*units, on=False), "explore.14",
                    order(1, "explore.14", "FormFleet", name="X", flagship_id=1))
    assert "module" in of_type(events, "OrderRejected")[0]["reason"]


def test_the_course_form_lists_sectors_in_order_with_a_limit() -> None:
    w = fleet_world(unit(1, 1, "warship"), fleets=(Fleet(10, 1, "First", 1, (1,)),))
    course = next(o for o in legal_orders(w, 1, "explore.14") if o.kind == "FleetCourse")
    waypoints = course.form_field("waypoints").as_dict()
    assert waypoints["type"] == "sequence" and waypoints["max"] == fl.MAX_WAYPOINTS
    assert {c["value"] for c in waypoints["choices"]} == set(w.sectors)


def test_the_route_gives_each_legs_eta_for_the_page() -> None:
    w = fleet_world(unit(1, 1, "warship"), slow(2),
                    fleets=(Fleet(10, 1, "First", 1, (1, 2), ("1,0", "3,0")),))
    assert fl.route(w, w.fleets[10]) == [{"from": "0,0", "to": "1,0", "mp": 4, "rounds": 2},
                                         {"from": "1,0", "to": "3,0", "mp": 8, "rounds": 4}]
