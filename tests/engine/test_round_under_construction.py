"""Units Under Construction are projects, not combatants, and a project outlives its builders: no skirmish
outcome leaves the round unable to go on (Exterminate 1, 7, 8; Expand 3, 6, 8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.apply import apply_events
from game.engine.dice import SeededDice, step_seed
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.phases import ALL_STEPS, Pointer
from game.engine.resolve import resolve_step
from game.engine.world import Colony, ConstructionProject, SkirmishState, UnitState, World
from tests.engine.round_fixtures import (
    FakeCombat,
    of_type,
    order,
    pointer_of,
    run,
    step_input,
    unit,
    with_units,
    world,
)

SITE_PROJECT = 30
ON_THE_SLIP = 22  # an armed warship Under Construction at Vega
UNARMED_ON_THE_SLIP = 25  # a marine Under Construction there, needing no prize crew


def _site_attacked(*, defender_warship: bool = False) -> World:
    """Vega's shipyard at the star Vega (Sector 1,0): builder 20 works on project 30, an armed warship (22) on the
    slip with 2 of 7 Build Points done, and builder 26 on project 31, a marine (25); builder 21 stands by and
    builder 23 is far off at Sol. Vega's colony 40 is on Vega II. Sol's warship 10 and two marines (prize crew)
    are in the Sector; a skirmish is declared there."""
    w = with_units(
        world(),
        unit(10, 1, "warship", "1,0", None),
        unit(12, 1, "marine", "1,0", None),
        unit(13, 1, "marine", "1,0", None),
        unit(20, 2, "builder", "1,0", "vega", state=UnitState.ENGAGED, task=f"construction:{SITE_PROJECT}"),
        unit(21, 2, "builder", "1,0", "vega"),
        unit(ON_THE_SLIP, 2, "warship", "1,0", "vega", state=UnitState.UNDER_CONSTRUCTION),
        unit(23, 2, "builder", "0,0", "sol"),
        unit(UNARMED_ON_THE_SLIP, 2, "marine", "1,0", "vega", state=UnitState.UNDER_CONSTRUCTION),
        unit(26, 2, "builder", "1,0", "vega", state=UnitState.ENGAGED, task="construction:31"),
        *((unit(24, 2, "warship", "1,0", "vega"),) if defender_warship else ()),
    )
    return replace(
        w,
        projects={SITE_PROJECT: ConstructionProject(SITE_PROJECT, 2, "vega", "warship", ON_THE_SLIP, (20,), 7, 2),
                  31: ConstructionProject(31, 2, "vega", "marine", UNARMED_ON_THE_SLIP, (26,), 40)},
        colonies={40: Colony(40, 2, "vega-2", 5, 5, operational=True)},
        ore_stocks={(2, "vega"): 50},
        skirmishes={"s": SkirmishState("s", "1,0", 1, 2)},
        civs={**w.civs, 1: replace(w.civs[1], detected_units=frozenset({20, 21, 26, ON_THE_SLIP}))},
    )


def _projects_keep_their_units(w: World) -> None:
    """Every project's unit is its civilization's unit Under Construction: what Expand 3 needs to finish it."""
    for project in w.projects.values():
        assert project.unit_id is not None, project  # these builders build units, not mines
        built = w.units.get(project.unit_id)
        assert built is not None and built.civ_id == project.civ_id, project
        assert built.state is UnitState.UNDER_CONSTRUCTION, project


def _play(w: World, start: str, stop: Pointer, orders: tuple[tuple[int, OrderCommand], ...] = (),
          combat: object = None) -> tuple[list[Event], World]:
    """Resolve every step from `start` (round 1) up to `stop`, as a campaign does; (round, order) pairs give the
    orders of each step."""
    pointer, log = pointer_of(start), []
    while pointer < stop:
        given = tuple(o for r, o in orders if r == pointer.round and o.step_key == pointer.step.key)
        dice = SeededDice(step_seed("under-construction", pointer.round, pointer.step.key))
        events = resolve_step(step_input(w, pointer.step.key, given, pointer.round, combat), dice)
        w = apply_events(w, events)
        _projects_keep_their_units(w)
        log.extend(events)
        pointer = pointer.next()
    return log, w


def test_a_unit_under_construction_is_not_in_the_skirmish_nor_a_prize_nor_in_the_way_of_the_victor() -> None:
    combat = FakeCombat({})
    events, w = _play(_site_attacked(), "exterminate.1", pointer_of("exterminate.8"), combat=combat)
    assert [u.unit_id for side in combat.fought[0].sides for u in side.units] == [10, 12, 13, 20, 21, 26]
    # The warship on the slip is armed, but not yet a combat unit: Sol's is the only one, so Sol is the Victor.
    assert of_type(events, "VictorDeclared")[0]["victor_civ"] == 1
    prizes = [order(1, "exterminate.8", kind, unit_id=unit_id) for unit_id in (ON_THE_SLIP, UNARMED_ON_THE_SLIP)
              for kind in ("Capture", "DestroyUnit")]
    events, after = run(w, "exterminate.8", *prizes)
    assert [e["reason"] for e in of_type(events, "OrderRejected")] == [
        "Warship *U22* is Under Construction: a project, not a prize.",
        "Warship *U22* is Under Construction: a project, not a prize.",
        "Marine *U25* is Under Construction: a project, not a prize.",
        "Marine *U25* is Under Construction: a project, not a prize."]
    assert (after.units, after.projects) == (w.units, w.projects)


def test_an_armed_unit_on_the_slip_in_a_stored_skirmish_does_not_block_the_victor() -> None:
    # A skirmish stored before the slip was kept out of fights still lists the unit Under Construction.
    w = replace(_site_attacked(), skirmishes={"s": SkirmishState("s", "1,0", 1, 2, "fought",
                                                                 (10, 20, 21, ON_THE_SLIP))})
    events, _ = run(w, "exterminate.7")
    assert of_type(events, "VictorDeclared")[0]["victor_civ"] == 1


def test_a_project_whose_builder_was_destroyed_halts_until_another_builder_resumes_it_and_then_completes() -> None:
    events, w = _play(_site_attacked(), "exterminate.1", Pointer(2, 0), combat=FakeCombat({20: (0.0, True)}))
    assert 20 not in w.units
    assert of_type(events, "ConstructionHalted") == [{
        "project_id": SITE_PROJECT, "poi_id": "vega",
        "reason": "no builder is at work on it; a builder at the site can resume it"}]
    assert w.projects[SITE_PROJECT].bp_done == 2 and w.projects[SITE_PROJECT].builder_ids == ()

    resume = order(2, "expand.6", "ResumeConstruction", unit_id=21, project_id=SITE_PROJECT)
    far_off = order(2, "expand.6", "ResumeConstruction", unit_id=23, project_id=SITE_PROJECT)
    events, w = _play(w, "explore.1", Pointer(3, 0), ((2, far_off), (2, resume)))
    assert [e["reason"] for e in of_type(events, "OrderRejected")] == [
        "Builder *U23* is not in the Sector of Vega."]
    assert of_type(events, "ConstructionResumed") == [
        {"project_id": SITE_PROJECT, "unit_id": ON_THE_SLIP, "builder_id": 21}]
    assert of_type(events, "ConstructionCompleted") == [{"project_id": SITE_PROJECT, "unit_id": ON_THE_SLIP}]
    assert w.units[21].state is UnitState.OPERATIONAL  # free again once the project is finished

    _, w = _play(w, "explore.1", Pointer(3, pointer_of("expand.4").step_index))
    assert w.units[ON_THE_SLIP].state is UnitState.OPERATIONAL and w.units[ON_THE_SLIP].civ_id == 2
    assert SITE_PROJECT not in w.projects


def test_a_captured_builder_leaves_the_project_to_its_civilization() -> None:
    _, w = _play(_site_attacked(), "exterminate.1", pointer_of("exterminate.9"),
                 ((1, order(1, "exterminate.8", "Capture", unit_id=20)),), combat=FakeCombat({}))
    assert w.units[20].civ_id == 1 and w.projects[SITE_PROJECT].builder_ids == ()
    events, _ = run(w, "expand.6", order(1, "expand.6", "ResumeConstruction", unit_id=20, project_id=SITE_PROJECT))
    assert of_type(events, "OrderRejected")[0]["reason"] == f"you have no project #{SITE_PROJECT} under way."


def test_an_occupied_site_halts_its_projects_and_frees_their_builders() -> None:
    occupy = order(1, "exterminate.9", "Occupy", colony_id=40, unit_id=12)
    events, w = _play(_site_attacked(), "exterminate.1", Pointer(2, 0), ((1, occupy),), combat=FakeCombat({}))
    assert of_type(events, "ConstructionHalted") == [
        {"project_id": project_id, "poi_id": "vega", "reason": "Vega is occupied by Sol"} for project_id in (30, 31)]
    assert of_type(events, "UnitReleased") == [
        {"unit_id": 20, "task": "construction:30"}, {"unit_id": 26, "task": "construction:31"}]
    assert w.units[20].state is UnitState.OPERATIONAL and w.projects[SITE_PROJECT].bp_done == 2
    events, _ = run(w, "expand.6", order(2, "expand.6", "ResumeConstruction", unit_id=20, project_id=SITE_PROJECT))
    assert of_type(events, "OrderRejected")[0]["reason"] == "Vega is occupied by Sol: no work can be done there."


def test_a_project_whose_unit_is_gone_is_closed_in_expand_3_and_the_round_goes_on() -> None:
    # A world stored while units on the slip could still be destroyed in a skirmish: the project outlived its unit.
    w = _site_attacked()
    w = replace(w, units={k: u for k, u in w.units.items() if k != ON_THE_SLIP}, skirmishes={},
                projects={SITE_PROJECT: replace(w.projects[SITE_PROJECT], completed=True)})
    events, after = run(w, "expand.3")
    assert of_type(events, "ConstructionAbandoned") == [{
        "unit_id": ON_THE_SLIP, "project_id": SITE_PROJECT, "reason": "the unit it was building is gone"}]
    assert after.projects == {} and after.units[20].state is UnitState.OPERATIONAL


SOL_WINS = FakeCombat({24: (0.0, True)})
OUTCOMES = {
    "the attacker wins": ((), SOL_WINS),
    "the defender wins": ((), FakeCombat({10: (0.0, True)}, victor="defender")),
    "both sides are destroyed": ((), FakeCombat({10: (0.0, True), 24: (0.0, True)}, victor=None)),
    "the defender surrenders": ((), FakeCombat({}, surrendered=frozenset({24}))),
    "the defender escapes": ((), FakeCombat({}, escaped=frozenset({24}))),
    "the builder evades": ((order(2, "exterminate.3", "JoinOrEvade", unit_id=20, choice="evade"),), SOL_WINS),
    "the builder is captured": ((order(1, "exterminate.8", "Capture", unit_id=20),), SOL_WINS),
    "the builder is destroyed": ((order(1, "exterminate.8", "DestroyUnit", unit_id=20),), SOL_WINS),
    "the fight would destroy the slip": ((), FakeCombat({24: (0.0, True), ON_THE_SLIP: (0.0, True),
                                                         UNARMED_ON_THE_SLIP: (0.0, True)})),
    "the unbuilt unit is captured": ((order(1, "exterminate.8", "Capture", unit_id=UNARMED_ON_THE_SLIP),), SOL_WINS),
    "the unbuilt unit is destroyed": ((order(1, "exterminate.8", "DestroyUnit", unit_id=UNARMED_ON_THE_SLIP),),
                                      SOL_WINS),
    "the surrendered warship is captured": ((order(1, "exterminate.8", "Capture", unit_id=24),),
                                            FakeCombat({}, surrendered=frozenset({24}))),
    "the colony is occupied": ((order(1, "exterminate.9", "Occupy", colony_id=40, unit_id=12),), SOL_WINS),
    "the colony is destroyed": ((order(1, "exterminate.9", "DestroyColony", colony_id=40),), SOL_WINS),
    **{f"a {key} fight": ((), system) for key, system in COMBAT_SYSTEMS.items()},
}


@pytest.mark.parametrize("outcome", OUTCOMES)
def test_after_every_kind_of_skirmish_outcome_every_later_step_resolves_and_the_round_goes_on(outcome: str) -> None:
    orders, combat = OUTCOMES[outcome]
    # Round 2: any builder left at the site takes the project up again; Sol's warship, if it stands, leaves.
    later = (order(2, "expand.6", "ResumeConstruction", unit_id=21, project_id=SITE_PROJECT),
             order(2, "expand.6", "ResumeConstruction", unit_id=20, project_id=SITE_PROJECT))
    events, w = _play(_site_attacked(defender_warship=True), "exterminate.1", Pointer(3, 0),
                      (*((1, o) for o in orders), *((2, o) for o in later)), combat)
    resolved = [e.payload["step"] for e in events if e.type == "StepResolved"]
    assert resolved[0] == "exterminate.1" and resolved[-1] == "exploit.9"
    assert len(resolved) == 2 * len(ALL_STEPS) - pointer_of("exterminate.1").step_index
    assert {w.units[u].civ_id for u in (ON_THE_SLIP, UNARMED_ON_THE_SLIP)} == {2}  # never a prize
    assert w.skirmishes == {}
