"""The personnel module's rules outside a whole round: the Probe table's faction modifiers and the odds a player
reads before ordering; its steps with the module switched off."""

from __future__ import annotations

from dataclasses import replace

from game.engine import personnel
from game.engine.dice import ScriptedDice
from game.engine.world import Agent, Civilization, Colony, Mission, Planet, PointOfInterest, Unit, UnitState, World
from tests.engine.round_fixtures import of_type, order, run


def world(faction: str = "", watch: bool = False) -> World:
    units = {5: Unit(5, 1, personnel.AGENT_DESIGN, "Kestrel", "0,0")}
    if watch:
        units[6] = Unit(6, 2, personnel.AGENT_DESIGN, "Lark", "0,0", task="counter_intel:20")
    spy = personnel.new_agent(5, personnel.ROLES["spy"])
    return World(
        civs={1: Civilization(1, "Sol"), 2: Civilization(2, "Them", mu=50, faction=faction)},
        pois={"p": PointOfInterest("p", "0,0", "star_system", "P")},
        planets={"p1": Planet("p1", "p", "P I")},
        colonies={20: Colony(20, 2, "p1", 10, 10, operational=True)},
        units=units, agents={5: spy, **({6: Agent(6, "spy")} if watch else {})})


def test_probe_rolls_against_the_believers_are_at_plus_one() -> None:
    w = world("believers")
    assert personnel._probe_roll(w, 2, w.units[5], ScriptedDice([6]), "p")["result"] == "nothing"  # 6 + 1 = 7


def test_an_eight_or_more_against_the_university_is_rolled_again() -> None:
    w = world("university")
    rolled = personnel._probe_roll(w, 2, w.units[5], ScriptedDice([9, 3, 4, 5]), "p")
    assert (rolled["result"], rolled["target_mu"]) == ("sabotage_base", -9)
    assert personnel._probe_roll(world(), 2, w.units[5], ScriptedDice([9]), "p")["result"] == "nothing"


def test_the_odds_leave_the_targets_counter_intelligence_out_but_the_roll_counts_it() -> None:
    watched = world(watch=True)
    kind = personnel.MISSIONS["gather_intel"]
    colony = watched.colonies[20]
    odds = personnel.odds(watched, watched.agents[5], kind, colony)
    assert odds["dice_left"] == 1 and odds["adjustments"] == []  # Perception 3d+1 against 4d
    action = personnel.action_for(watched, watched.agents[5], kind, colony)
    assert action.adjustments == ("disadvantage",)


def test_with_the_module_switched_off_explore_12_carries_out_nothing_but_a_mission_sent_before_still_reports() -> None:
    w = world()
    assert not w.options.personnel_missions
    recruit = order(1, "explore.12", "RecruitAgent", colony_id=20, role="spy", name="Wren")
    events, _ = run(w, "explore.12", recruit)
    assert [e.type for e in events] == ["StepResolved"]  # neither carried out nor refused
    sent = replace(w, units={**w.units, 5: replace(w.units[5], state=UnitState.ENGAGED, task="mission:7")},
                   missions={7: Mission(7, 1, 5, "gather_intel", 1, 20, 2, status="confirmed",
                                        proposal={"success": False, "grade": "failure"})})
    events, after = run(sent, "explore.4")
    assert [(r["mission_id"], r["grade"]) for r in of_type(events, "MissionReported")] == [(7, "failure")]
    assert after.missions[7].status == "reported" and after.units[5].state is UnitState.OPERATIONAL
