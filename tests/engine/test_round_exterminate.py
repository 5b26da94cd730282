"""Exterminate 1-10: who fights, join or evade, the fight, junk, the victor, prizes, colonies."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.world import Colony, SkirmishState, Unit, UnitState, World
from tests.engine.round_fixtures import FakeCombat, of_type, order, run, unit, with_units, world


def _declared(w: World, sector: str = "1,0") -> World:
    return replace(w, skirmishes={"s": SkirmishState("s", sector, 1, 2)})


def _seen(w: World, civ_id: int, *unit_ids: int) -> World:
    return replace(w, civs={**w.civs, civ_id: replace(w.civs[civ_id], detected_units=frozenset(unit_ids))})


def test_exterminate_1_units_that_reach_the_sector_on_their_move_rate_join_it() -> None:
    w = with_units(world(), unit(1, 1, "warship"), unit(2, 1, "warship", "3,0", "far"), unit(3, 1, "scout"),
                   unit(4, 2, "scout", "1,0", "vega"))
    events, after = run(_declared(w), "exterminate.1")
    opened = of_type(events, "SkirmishOpened")[0]
    # The warship one Sector off (4 MP) moves in; the one two Sectors off (8 MP) does too; the unarmed scout stays.
    assert opened["moved"] == [1, 2] and opened["unit_ids"] == [1, 2, 4]
    assert after.units[1].sector_id == "1,0" and after.units[3].sector_id == "0,0"


def test_exterminate_2_a_skirmish_begins_only_if_one_side_is_aware() -> None:
    w = with_units(world(), unit(1, 1, "warship", "1,0", None), unit(2, 2, "scout", "1,0", "vega"))
    _, opened = run(_declared(w), "exterminate.1")
    events, after = run(opened, "exterminate.2")
    assert of_type(events, "SkirmishCancelled")[0]["reason"] == "neither side is aware of the other"
    _, after = run(_seen(opened, 2, 1), "exterminate.2")
    assert after.skirmishes["s"].status == "begun"


def _begun(*units: Unit, seen: tuple[int, ...] = (2,)) -> World:
    w = _seen(with_units(world(), *units), 1, *seen)
    w = run(_declared(w), "exterminate.1")[1]
    return run(w, "exterminate.2")[1]


def test_exterminate_3_an_engaged_unit_may_evade_if_it_can_move() -> None:
    w = _begun(unit(1, 1, "warship", "1,0", None), unit(2, 2, "builder", "1,0", "vega", state=UnitState.ENGAGED,
                                                        task="construction:5"))
    events, after = run(w, "exterminate.3", order(2, "exterminate.3", "JoinOrEvade", unit_id=2, choice="join"),
                        order(2, "exterminate.3", "JoinOrEvade", unit_id=2, choice="evade"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "Builder *U2* has no weapons: it cannot join the fight."
    assert after.skirmishes["s"].escaped == (2,) and 2 not in after.skirmishes["s"].unit_ids
    assert after.units[2].task == "construction:5"  # it resumes its task


def test_exterminate_4_the_fight_is_the_combat_systems_and_riders_go_down_with_their_carrier() -> None:
    w = _begun(unit(1, 1, "warship", "1,0", None), unit(2, 2, "freighter", "1,0", "vega", ore=40),
               unit(3, 2, "marine", "1,0", "vega", carried_by=2))
    combat = FakeCombat({1: (4.0, False), 2: (0.0, True)})
    events, after = run(w, "exterminate.4", combat=combat)
    assert [u.unit_id for side in combat.fought[0].sides for u in side.units] == [1, 2]
    fought = of_type(events, "SkirmishFought")[0]
    assert fought["riders_lost"] == [3] and fought["victor_side"] == "attacker"
    assert after.units[1].hp == 4.0
    assert after.units[2].state is UnitState.DESTROYED and after.units[3].state is UnitState.DESTROYED


def test_exterminate_6_wrecks_of_a_carrier_and_its_riders_all_leave_the_world() -> None:
    w = _begun(unit(5, 1, "warship", "1,0", None), unit(4, 2, "freighter", "1,0", "vega"),
               unit(3, 2, "marine", "1,0", "vega", carried_by=4), unit(6, 2, "marine", "1,0", "vega", carried_by=4),
               seen=(4,))
    w = run(w, "exterminate.4", combat=FakeCombat({4: (0.0, True)}))[1]
    w = run(w, "exterminate.5")[1]
    _, after = run(w, "exterminate.6")
    assert set(after.units) == {5}


def test_exterminate_4_needs_a_combat_system_when_both_sides_have_units() -> None:
    w = _begun(unit(1, 1, "warship", "1,0", None), unit(2, 2, "scout", "1,0", "vega"))
    with pytest.raises(ValueError, match="combat system"):
        run(w, "exterminate.4")


def _after_fight() -> World:
    w = _begun(unit(1, 1, "warship", "1,0", None), unit(2, 2, "freighter", "1,0", "vega", ore=45),
               unit(5, 2, "warship", "1,0", "vega"), unit(6, 2, "scout", "1,0", "vega"))
    return run(w, "exterminate.4", combat=FakeCombat({2: (0.0, True), 5: (0.0, True)}))[1]


def test_exterminate_5_a_wreck_is_space_junk_worth_a_quarter_of_its_bulwark() -> None:
    events, after = run(_after_fight(), "exterminate.5")
    # Freighter: a Corvette of 10 HP, no defenses: bulwark 10 x 1,000 = 10,000 -> 2,500.
    # Warship: (10 HP + 2 DR) x 1,000 = 12,000 -> 3,000.
    assert [(e["unit_id"], e["junk"]) for e in of_type(events, "SpaceJunkCreated")] == [(2, 2_500), (5, 3_000)]
    assert after.sectors["1,0"].junk == 5_500


def test_exterminate_6_half_the_ore_a_wreck_carried_becomes_junk() -> None:
    w = run(_after_fight(), "exterminate.5")[1]
    events, after = run(w, "exterminate.6")
    assert [(e["unit_id"], e["junk"]) for e in of_type(events, "UnitWrecked")] == [(2, 22), (5, 0)]
    assert after.sectors["1,0"].junk == 5_522 and 2 not in after.units


def _over() -> World:
    w = run(run(_after_fight(), "exterminate.5")[1], "exterminate.6")[1]
    return run(w, "exterminate.7")[1]


def test_exterminate_7_the_side_with_combat_units_remaining_is_the_victor() -> None:
    w = run(run(_after_fight(), "exterminate.5")[1], "exterminate.6")[1]
    events, after = run(w, "exterminate.7")
    assert of_type(events, "VictorDeclared")[0]["victor_civ"] == 1
    assert after.skirmishes["s"].status == "over"


def test_exterminate_8_capturing_needs_enough_crew() -> None:
    w = _over()
    # The scout needs a crew of 10; one warship spares a tenth of its 10.
    events, _ = run(w, "exterminate.8", order(1, "exterminate.8", "Capture", unit_id=6))
    assert of_type(events, "OrderRejected")[0]["reason"] == (
        "Scout *U6* needs a crew of 10; you can spare only 1 in Sector 1,0.")
    w = with_units(w, *(unit(10 + i, 1, "marine", "1,0", None) for i in range(9)))
    events, after = run(w, "exterminate.8", order(1, "exterminate.8", "Capture", unit_id=6))
    assert after.units[6].civ_id == 1


def test_exterminate_8_the_victor_may_destroy_a_remaining_unit_into_junk() -> None:
    events, after = run(_over(), "exterminate.8", order(1, "exterminate.8", "DestroyUnit", unit_id=6))
    assert 6 not in after.units and of_type(events, "SpaceJunkCreated")[0]["junk"] == 2_500
    events, _ = run(_over(), "exterminate.8", order(2, "exterminate.8", "DestroyUnit", unit_id=1))
    assert of_type(events, "OrderRejected")


def test_exterminate_9_occupying_a_colony_engages_a_unit_indefinitely() -> None:
    w = _over()
    w = replace(w, colonies={7: Colony(7, 2, "vega-2", 5, 5, operational=True)})
    _, after = run(w, "exterminate.9", order(1, "exterminate.9", "Occupy", colony_id=7, unit_id=1))
    assert after.colonies[7].occupied_by == 1
    assert (after.units[1].state, after.units[1].task) == (UnitState.ENGAGED, "occupy:7")
    # An occupied colony pays its owner no taxes.
    assert of_type(run(after, "exploit.5")[0], "TaxesCollected")[1] == {"civ_id": 2, "mu": 0}


def test_exterminate_9_the_victor_may_destroy_a_colony() -> None:
    w = replace(_over(), colonies={7: Colony(7, 2, "vega-2", 5, 5, operational=True)})
    _, after = run(w, "exterminate.9", order(1, "exterminate.9", "DestroyColony", colony_id=7))
    assert after.colonies == {}


def test_exterminate_10_courses_are_plotted_and_the_skirmishes_close() -> None:
    events, after = run(_over(), "exterminate.10", order(1, "exterminate.10", "PlotCourse", unit_id=1,
                                                          sector_id="0,0", poi_id="sol"))
    assert of_type(events, "CoursePlotted")[0]["eta"] == 4
    assert after.skirmishes == {}
