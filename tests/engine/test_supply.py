"""Cluster War supply and stress (§4.3, §7.0) and crew grades (§17.2) as game.engine.supply and the modules
(game.modules.supply, game.modules.crew) play them: the grid a colony spreads, what breaks or joins it, the stress
check's odds, and what stress and grades do to a unit's Attack in a fight. The whole rounds are the golden
scenarios supply_stress, crew_prize_from_pool and crew_pool_and_grades."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from combat.engine.stats import attack
from game.engine import settings_catalogue, supply
from game.engine.apply import apply_events
from game.engine.combat import Weapon
from game.engine.dice import ScriptedDice
from game.engine.diplomacy import Relation
from game.engine.steps.exterminate import combat_unit
from game.engine.units import STARTER_UNITS
from game.engine.world import (
    Civilization,
    Colony,
    Crew,
    Planet,
    PointOfInterest,
    RuleOptions,
    Stress,
    Unit,
    World,
)
from game.modules.crew import steps as crew_steps
from game.modules.supply import steps as supply_steps

CORVETTE = STARTER_UNITS[3].design_id


def world(*colonies: tuple[int, str], options: RuleOptions | None = None, **changes: Any) -> World:
    """Colonies (owner, Sector) on planets of their own; two civilizations."""
    pois = {f"p{i}": PointOfInterest(f"p{i}", sector, "star_system", f"Star {i}") for i, (_, sector) in
            enumerate(colonies)}
    planets = {f"w{i}": Planet(f"w{i}", f"p{i}", f"World {i}") for i in range(len(colonies))}
    built = {20 + i: Colony(20 + i, civ, f"w{i}", 5, 5, operational=True) for i, (civ, _) in enumerate(colonies)}
    base = World(pois=pois, planets=planets, colonies=built,
                 civs={1: Civilization(1, "Sol"), 2: Civilization(2, "Vega")},
                 options=options or RuleOptions(supply=True, supply_attrition=True, crew=True))
    return replace(base, **changes)


def test_a_colony_supplies_its_own_sector_and_the_adjacent_ones_only() -> None:
    w = world((1, "0,0"))
    assert supply.in_supply(w, 1, "0,0") and supply.in_supply(w, 1, "1,0") and supply.in_supply(w, 1, "0,1")
    assert not supply.in_supply(w, 1, "2,0")
    assert not supply.in_supply(w, 2, "0,0")  # another civilization's colony is no supply
    assert supply.supply_grid(w, 1) == frozenset({"0,0", "1,0", "-1,0", "0,1", "0,-1", "1,-1", "-1,1"})


def test_an_occupied_colony_supplies_nothing_and_an_allys_supplies_over_it() -> None:
    w = world((1, "0,0"), (2, "5,0"))
    occupied = replace(w, colonies={**w.colonies, 20: replace(w.colonies[20], occupied_by=2)})
    assert not supply.in_supply(occupied, 1, "0,0")
    assert not supply.in_supply(w, 1, "5,0")
    allied = replace(w, relations={(1, 2): Relation(1, 2, stance="alliance")})
    assert supply.in_supply(allied, 1, "5,0") and not supply.in_supply(allied, 1, "6,0")


def test_reaches_that_touch_are_one_grid_and_a_gap_splits_it() -> None:
    assert len(supply.grid_parts(world((1, "0,0"), (1, "3,0")), 1)) == 1  # 1,0 and 2,0 touch
    assert supply.grid_parts(world((1, "0,0"), (1, "4,0"), (1, "5,0")), 1) == [["4,0", "5,0"], ["0,0"]]


def test_a_way_station_extends_the_grid() -> None:
    station = replace(STARTER_UNITS[3], design_id="relay", specials=replace(STARTER_UNITS[3].specials,
                                                                              way_station=True))
    w = world((1, "0,0"), designs={**World().designs, "relay": station},
              units={5: Unit(5, 1, "relay", "Beacon", "6,0", hp=10.0)})
    assert supply.in_supply(w, 1, "7,0") and not supply.in_supply(w, 1, "4,0")


def test_out_of_supply_the_tag_rises_ten_a_round_and_a_roll_at_or_under_it_fails() -> None:
    raider = Unit(1, 1, CORVETTE, "Raider", "3,0", hp=10.0)
    w = world((1, "0,0"), units={1: raider}, stress={1: Stress(1, tag=20)})
    events = supply_steps.supply_check(w, ScriptedDice([30]))
    assert [e.type for e in events] == ["UnitOutOfSupply", "StressChecked"]
    assert events[1].payload == {"unit_id": 1, "stress": 30, "roll": 30, "failed": True, "hp_left": 9.0,
                                 "repeated": False}
    passed = supply_steps.supply_check(w, ScriptedDice([31]))[1].payload
    assert not passed["failed"] and "hp_left" not in passed


def test_without_attrition_a_unit_out_of_supply_is_only_reported_and_without_the_module_nothing_happens() -> None:
    raider = Unit(1, 1, CORVETTE, "Raider", "3,0", hp=10.0)
    no_attrition = world((1, "0,0"), options=RuleOptions(supply=True), units={1: raider})
    (event,) = supply_steps.supply_check(no_attrition, ScriptedDice([]))
    assert (event.type, event.payload) == ("UnitOutOfSupply", {"unit_id": 1, "sector_id": "3,0"})
    off = world((1, "0,0"), options=RuleOptions(), units={1: raider})
    assert supply_steps.supply_check(off, ScriptedDice([])) == []


def test_stress_and_crew_grade_change_the_attack_every_combat_system_reads() -> None:
    raider = Unit(1, 1, CORVETTE, "Raider", "3,0", hp=10.0)
    armed = replace(STARTER_UNITS[3], design_id="gunboat", weapons=(Weapon("energy", 5),))
    w = world((1, "0,0"), designs={**World().designs, "gunboat": armed},
              units={1: replace(raider, design_id="gunboat")})
    plain = attack(combat_unit(w, w.units[1]))
    assert plain == 5 * 1_000
    veteran = replace(w, crews={1: Crew(1, grade="veteran")})
    assert attack(combat_unit(veteran, veteran.units[1])) == plain * 1.1
    green_and_stressed = replace(w, crews={1: Crew(1, grade="green")}, stress={1: Stress(1, tag=30)})
    assert attack(combat_unit(green_and_stressed, w.units[1])) == plain * 0.9 * 0.7
    worn_out = replace(w, stress={1: Stress(1, tag=90)})
    assert attack(combat_unit(worn_out, w.units[1])) == plain * 0.5  # at most half
    off = replace(veteran, options=RuleOptions())
    assert attack(combat_unit(off, off.units[1])) == plain  # the modules off: grades and stress do nothing


def test_a_regular_crew_turns_veteran_only_after_drilling_and_a_battle() -> None:
    cutter = Unit(1, 1, CORVETTE, "Cutter", "0,0", hp=10.0)
    w = world((1, "0,0"), units={1: cutter})
    assert crew_steps.promotion(w, cutter, 2) is None  # no battle yet
    blooded = replace(w, crews={1: Crew(1, battles=1, since_round=1)})
    assert crew_steps.promotion(blooded, cutter, 2) is None  # 3 CW turns of 4
    assert crew_steps.promotion(blooded, cutter, 3) == "veteran"
    elite_ready = replace(w, crews={1: Crew(1, grade="veteran", battles=2, since_round=1)})
    assert crew_steps.promotion(elite_ready, cutter, 3) == "elite"


def test_the_records_of_a_unit_gone_from_the_world_leave_with_it() -> None:
    w = world((1, "0,0"), stress={7: Stress(7, tag=30)}, crews={7: Crew(7, grade="elite"), 8: Crew(8)})
    (dropped,) = supply_steps.supply_check(w, ScriptedDice([]))
    assert (dropped.type, dropped.payload) == ("LogisticsDropped", {"unit_ids": [7, 8]})
    after = apply_events(w, [dropped])
    assert (after.stress, after.crews) == ({}, {})


def test_the_gm_s_switches_reach_the_world_the_steps_read_and_a_loaded_scenario_tells_them_back() -> None:
    on = settings_catalogue.in_world(World(), {"module_cw_supply": True, "supply_attrition": False,
                                               "module_cw_crew": True})
    assert (on.options.supply, on.options.supply_attrition, on.options.crew) == (True, False, True)
    told = settings_catalogue.from_world(on)
    assert (told["module_cw_supply"], told["supply_attrition"], told["module_cw_crew"]) == (True, False, True)
    off = settings_catalogue.in_world(on, {"module_cw_supply": False, "supply_attrition": True})
    assert (off.options.supply, off.options.supply_attrition) == (False, False)  # attrition needs the module
