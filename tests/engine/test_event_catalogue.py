"""The event catalogue: what the engine emits in the golden scenarios matches its declarations, and every event
is described in words a viewer can read, naming only what that viewer's map shows."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.catalogue import CIV, Catalogue, EventProblem, EventType, Optional
from game.engine.events import Event, Visibility
from game.engine.names import WorldNames
from game.engine.scenario import ScenarioRun, parse_scenario, run_scenario
from game.engine.visibility import event_visible_to
from game.engine.world import Civilization, ConstructionProject, SkirmishState, UnitState, World
from game.event_catalogue import CATALOGUE, describe
from tests.engine.round_fixtures import order, run, unit, with_units, world

GOLDEN = Path(__file__).parent.parent / "golden"
SCENARIOS = sorted(GOLDEN.glob("*.yaml")) + sorted(p for p in GOLDEN.glob("*.json") if ".expected." not in p.name)
# What a line must never show: a JavaScript or Python null, a template's brace, a raw "#12" id.
UNREADABLE = re.compile(r"undefined|None|[{}]|#\d")


def golden_run(path: Path) -> ScenarioRun:
    return run_scenario(parse_scenario(yaml.safe_load(path.read_text()), COMBAT_SYSTEMS))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_event_of_a_golden_scenario_matches_its_declaration(path: Path) -> None:
    for event in golden_run(path).events:
        CATALOGUE.check(event)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_golden_event_reads_cleanly_for_the_gm_each_player_and_a_spectator(path: Path) -> None:
    run = golden_run(path)
    unreadable = []
    for current in (run.start, run.final):
        viewers: list[tuple[str, WorldNames, int | None]] = [(f"civ {c}", WorldNames(current, c), c)
                                                              for c in current.civs]
        viewers += [("gm", WorldNames(current, is_gm=True), None), ("spectator", WorldNames(current), None)]
        for event in run.events:
            for who, names, civ_id in viewers:
                may_read = who == "gm" or (event_visible_to(event, civ_id) if civ_id is not None
                                           else event.visibility is Visibility.PUBLIC)
                line = describe(event.type, event.payload, names) if may_read else ""
                if UNREADABLE.search(line) or (may_read and not line.strip()):
                    unreadable.append((who, event.type, line))
    assert unreadable == []


# --- describing -----------------------------------------------------------------------------------------------------

def fleet_world() -> World:
    """Sol's Vigilant at Sol (0,0); Vega's Raider at Vega (1,0), which Sol does not detect."""
    return with_units(world(), unit(1, 1, "warship", name="Vigilant"),
                      unit(2, 2, "warship", "1,0", "vega", name="Raider"))


def test_an_arrival_names_the_unit_and_where_it_arrived() -> None:
    payload = {"unit_id": 1, "sector_id": "12,7", "poi_id": None}
    assert describe("UnitArrived", payload, WorldNames(fleet_world(), 1)) == "Vigilant arrived at Sector 12,7."
    payload["poi_id"] = "vega"
    assert describe("UnitArrived", payload, WorldNames(fleet_world(), 1)) == "Vigilant arrived at Sector 12,7, Vega."


def test_a_player_does_not_learn_the_name_of_a_unit_they_cannot_see() -> None:
    payload = {"unit_id": 2, "sector_id": "1,0", "poi_id": None}
    assert describe("UnitArrived", payload, WorldNames(fleet_world(), 1)) == "A unit arrived at Sector 1,0."
    detected = fleet_world()
    detected = replace(detected, civs={**detected.civs, 1: replace(detected.civs[1], detected_units=frozenset({2}))})
    assert describe("UnitArrived", payload, WorldNames(detected, 1)) == "Vega's Raider arrived at Sector 1,0."
    assert describe("UnitArrived", payload, WorldNames(fleet_world(), is_gm=True)) == (
        "Vega's Raider arrived at Sector 1,0.")


def test_a_hidden_place_is_not_named_to_whoever_has_not_found_it() -> None:
    payload = {"unit_id": 1, "sector_id": "1,0", "poi_id": "rift"}
    assert describe("UnitArrived", payload, WorldNames(fleet_world(), 1)) == (
        "Vigilant arrived at Sector 1,0, an uncharted place.")
    assert describe("UnitArrived", payload, WorldNames(fleet_world(), is_gm=True)) == (
        "Sol's Vigilant arrived at Sector 1,0, Rift.")


def test_a_construction_halted_for_ore_names_the_project_and_the_reason() -> None:
    w = with_units(fleet_world(), unit(5, 1, "warship", name="Dauntless"))
    w = replace(w, projects={7: ConstructionProject(7, 1, "sol", "warship", 5, (1,), 20)})
    line = describe("ConstructionHalted", {"project_id": 7, "poi_id": "sol", "reason": "3 Ore short at Sol",
                                           "ore_short": 3}, WorldNames(w, 1))
    assert line == "Construction of Dauntless at Sol halted: 3 Ore short at Sol."


def test_a_battle_line_uses_the_report_s_names_for_the_sides() -> None:
    names = WorldNames(World(), sides={"attacker": "Attacker (Sol)", "defender": "Defender (Vega)"})
    assert describe("BattleVictorDeclared", {"side_id": "attacker", "fleet_power": [3.0, 1.0]}, names) == (
        "Attacker (Sol) wins on Fleet Power.")
    assert describe("BattleVictorDeclared", {"side_id": None, "fleet_power": [2.0, 2.0]}, names) == (
        "Equal Fleet Power: both fleets perish.")
    damaged = {"side_id": "defender", "unit_id": 2, "civ_id": 2, "name": "Warship *Raider*", "hp_before": 10.0,
               "hp_left": 4.0, "hp_percent_left": 40.0, "damage": 6.0}
    # The log keeps the engine's "*Raider*"; the line a person reads has no markdown around the name.
    assert describe("UnitDamaged", damaged, names) == "Warship Raider (Defender (Vega)): damaged, 4 of 10 HP left."
    # The other side's report leaves the hit points out, and the clause with them.
    secret = {k: v for k, v in damaged.items() if not k.startswith("hp") and k != "damage"}
    assert describe("UnitDamaged", secret, names) == "Warship Raider (Defender (Vega)): damaged."


def test_an_engaged_warship_joining_the_fight_is_told_to_both_sides_by_name_where_they_see_it() -> None:
    w = with_units(world(), unit(1, 1, "warship", "1,0", None, name="Vigilant"),
                   unit(2, 2, "warship", "1,0", "vega", name="Raider", state=UnitState.ENGAGED, task="construction:5"))
    w = replace(w, skirmishes={"1:1,0:1:2": SkirmishState("1:1,0:1:2", "1,0", 1, 2, "begun", (1, 2))})
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], detected_units=frozenset({2}))})
    events, _ = run(w, "exterminate.3", order(2, "exterminate.3", "JoinOrEvade", unit_id=2, choice="join"))
    (joined,) = [e for e in events if e.type == "UnitJoinedFight"]
    CATALOGUE.check(joined)
    assert describe(joined.type, joined.payload, WorldNames(w, 2)) == "Raider joined the skirmish in Sector 1,0."
    assert describe(joined.type, joined.payload, WorldNames(w, 1)) == (
        "Vega's Raider joined the skirmish in Sector 1,0.")


def test_a_count_is_worded_in_the_singular_and_the_plural() -> None:
    payload = {"round": 2, "step": "explore.14", "label": "Explore 14", "orders": 1}
    assert describe("StepResolved", payload, WorldNames(World())) == "Round 2, Explore 14: resolved (1 order)."
    assert describe("StepResolved", {**payload, "orders": 3}, WorldNames(World())) == (
        "Round 2, Explore 14: resolved (3 orders).")
    # A player is not told how many orders the step had: the clause goes with the field.
    del payload["orders"]
    assert describe("StepResolved", payload, WorldNames(World())) == "Round 2, Explore 14: resolved."


def test_a_published_report_mentions_its_delay_only_when_there_is_one() -> None:
    payload = {"battle_id": 1, "skirmish_id": "s1", "published": True, "delay_steps": 0}
    names = WorldNames(World())
    assert "from now" not in describe("BattlePublished", payload, names)
    assert describe("BattlePublished", {**payload, "delay_steps": 1}, names).endswith("(1 step from now).")
    assert describe("BattlePublished", {**payload, "delay_steps": 3}, names).endswith("(3 steps from now).")


def test_civilizations_are_named_before_the_world_has_them() -> None:
    names = WorldNames(World(), civ_names={4: "Altair"})
    assert describe("CivilizationReady", {"civ_id": 4, "step": "explore.14"}, names) == "Altair is ready."
    assert describe("CivilizationReady", {"civ_id": 5, "step": "explore.14"}, names) == "A civilization is ready."


def test_the_chronicle_leaves_the_step_machinery_out() -> None:
    assert not CATALOGUE.chronicle("StepClosed")
    assert not CATALOGUE.chronicle("StepResolved")
    assert not CATALOGUE.chronicle("DiceRolled")
    assert CATALOGUE.chronicle("UnitArrived")
    assert CATALOGUE.chronicle("SkirmishFought")


# --- validating -------------------------------------------------------------------------------------------------------

def test_an_unknown_type_a_missing_field_and_a_wrong_type_are_refused_by_name() -> None:
    with pytest.raises(EventProblem, match="'UnitTeleported' is not a declared event type"):
        CATALOGUE.validate("UnitTeleported", {})
    with pytest.raises(EventProblem, match="UnitArrived: the payload lacks 'sector_id'"):
        CATALOGUE.validate("UnitArrived", {"unit_id": 1, "poi_id": None})
    with pytest.raises(EventProblem, match=r"UnitArrived.unit_id is '1', not an integer"):
        CATALOGUE.validate("UnitArrived", {"unit_id": "1", "sector_id": "0,0", "poi_id": None})
    with pytest.raises(EventProblem, match="undeclared fields project_id"):
        CATALOGUE.validate("UnitArrived", {"unit_id": 1, "sector_id": "0,0", "poi_id": None, "project_id": 3})


def test_an_event_shown_to_the_wrong_audience_is_refused() -> None:
    with pytest.raises(EventProblem, match="UnitArrived is shown to public"):
        CATALOGUE.check(Event("UnitArrived", {"unit_id": 1, "sector_id": "0,0", "poi_id": None}, Visibility.PUBLIC))
    witnessed = {"skirmish_id": "1:0,0:1:2", "sector_id": "0,0", "attacker_civ": 1, "defender_civ": 2}
    with pytest.raises(EventProblem, match="lacks 'seen_by'"):
        CATALOGUE.check(Event("SkirmishDeclared", witnessed, Visibility.GM))
    CATALOGUE.check(Event("SkirmishDeclared", {**witnessed, "seen_by": [1]}, Visibility.GM))


def test_a_declaration_is_checked_when_it_is_made() -> None:
    with pytest.raises(ValueError, match="names 'unit', which the payload does not have"):
        EventType("Probe", {"unit_id": int}, CIV, "{unit:unit} probed.")
    with pytest.raises(ValueError, match="may be absent"):
        EventType("Probe", {"unit_id": Optional(int)}, CIV, "{unit_id:unit} probed.")
    with pytest.raises(ValueError, match="declared twice"):
        Catalogue([EventType("Probe", {}, CIV, "Probed.")], [EventType("Probe", {}, CIV, "Probed.")])


def test_an_optional_field_may_be_missing_or_null() -> None:
    catalogue = Catalogue([EventType("Probe", {"depth": Optional(int)}, CIV, "Probed[ to {depth}].")])
    catalogue.validate("Probe", {})
    catalogue.validate("Probe", {"depth": None})
    names = WorldNames(World(civs={1: Civilization(1, "Sol")}))
    assert catalogue.describe("Probe", {}, names) == "Probed."
    assert catalogue.describe("Probe", {"depth": 0}, names) == "Probed to 0."
