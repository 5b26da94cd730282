"""Golden scenarios: whole rounds played from a scenario file; the event log compared with the expected file, and
the numbers worked out by hand from the rule text (the scenario's `expect`) checked on the final world.

Set CV_GOLDEN_REGEN=1 to rewrite an expected file after a deliberate change, then review its diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.apply import apply_events
from game.engine.events import Event
from game.engine.scenario import Scenario, expectation_failures, parse_scenario, run_scenario
from game.engine.world import World, world_from_dict, world_to_dict

GOLDEN = Path(__file__).parent
SCENARIOS = sorted(p for p in GOLDEN.glob("*.yaml")) + sorted(
    p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


def load(path: Path) -> Scenario:
    return parse_scenario(yaml.safe_load(path.read_text()), COMBAT_SYSTEMS)


def event_dict(event: Event) -> dict[str, Any]:
    return {"type": event.type, "payload": event.payload, "visibility": event.visibility.value,
            "civ_id": event.civ_id}


def test_there_are_golden_scenarios() -> None:
    assert SCENARIOS


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_golden_round_matches_the_expected_event_log(path: Path) -> None:
    run = run_scenario(load(path))
    # A JSON round trip so the comparison sees what a stored log holds.
    actual = json.loads(json.dumps({"events": [event_dict(e) for e in run.events], "world": world_to_dict(run.final)}))
    expected_path = path.with_name(f"{path.stem}.expected.json")
    if os.environ.get("CV_GOLDEN_REGEN"):
        expected_path.write_text(json.dumps(actual, indent=1) + "\n")
    expected = json.loads(expected_path.read_text())
    assert actual["events"] == expected["events"]
    assert actual["world"] == expected["world"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_golden_round_meets_the_numbers_worked_out_by_hand(path: Path) -> None:
    scenario = load(path)
    assert scenario.expect, "a golden scenario states the numbers the rules must produce"
    assert expectation_failures(scenario, run_scenario(scenario).final) == []


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_golden_round_state_is_the_start_with_every_event_applied(path: Path) -> None:
    run = run_scenario(load(path))
    assert apply_events(run.start, run.events) == run.final
    assert world_from_dict(json.loads(json.dumps(world_to_dict(run.final)))) == run.final


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_stored_events_rebuild_the_world(path: Path) -> None:
    """What the database keeps of an event (JSON) is enough to rebuild the state: the log is the record."""
    run = run_scenario(load(path))
    stored = [Event(e.type, json.loads(json.dumps(e.payload)), e.visibility, e.civ_id) for e in run.events]
    assert apply_events(run.start, stored) == run.final


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_holds_carried_from_world_to_world_are_those_a_fresh_count_finds(path: Path) -> None:
    """Who rides in whose hold is worked out once and carried from each world to the next one events make
    (`World.holds`): after every event of the round it is what counting every unit again finds."""
    def counted(world: World) -> dict[int, frozenset[int]]:
        holds: dict[int, set[int]] = {}
        for unit in world.units.values():
            if unit.carried_by is not None:
                holds.setdefault(unit.carried_by, set()).add(unit.unit_id)
        return {carrier: frozenset(riders) for carrier, riders in holds.items()}

    run = run_scenario(load(path))
    world = run.start
    assert world.holds == counted(world)
    for event in run.events:
        world = apply_events(world, [event])
        assert "holds" in vars(world), "carried over, not counted again"
        assert world.holds == counted(world), f"after {event.type}"
