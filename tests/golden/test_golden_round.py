"""Golden scenarios: a whole round played from a scenario file, its event log compared with the expected file,
and the numbers worked out by hand from the rule text (the scenario's `expect`) checked on the final world.

Set CV_GOLDEN_REGEN=1 to rewrite an expected file after a deliberate change, then review its diff.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.engine.apply import apply_events
from game.engine.combat import CombatResult, Skirmish, UnitOutcome
from game.engine.dice import Dice, ScriptedDice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.phases import ALL_STEPS, GalacticDate, Pointer
from game.engine.resolve import StepInput, resolve_step
from game.engine.world import World, world_from_dict, world_to_dict

GOLDEN = Path(__file__).parent
SCENARIOS = sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


@dataclass
class ScriptedCombat:
    """The scenario writes each unit's outcome: the round's handling of a fight is under test, not the fight."""

    victor: str | None
    outcomes: Mapping[str, list[Any]]
    key: str = "scripted"
    title: str = "Scripted"

    def fight(self, skirmish: Skirmish, dice: Dice, choices: object = None) -> CombatResult:
        units = [u for side in skirmish.sides for u in side.units]
        return CombatResult(self.victor, tuple(
            UnitOutcome(u.unit_id, *self.outcomes.get(str(u.unit_id), [u.hp, False])) for u in units
        ))


def play_round(scenario: Mapping[str, Any]) -> tuple[World, list[Event], World]:
    start = world_from_dict(scenario["world"])
    round_number = scenario["round"]
    combat = ScriptedCombat(**scenario["combat"]) if "combat" in scenario else None
    script = list(scenario.get("dice", []))
    world, log = start, []
    for index, step in enumerate(ALL_STEPS):
        orders = tuple(
            OrderCommand(o["civ_id"], o["step"], o["kind"], o["payload"])
            for o in scenario["orders"] if o["step"] == step.key
        )
        dice = ScriptedDice(script)
        events = resolve_step(
            StepInput(Pointer(round_number, index), GalacticDate.of_round(round_number, 2300),
                      tuple(sorted(world.civs)), orders, world, combat),
            dice,
        )
        del script[: len(dice.rolls)]
        log.extend(events)
        world = apply_events(world, events)
    return start, log, world


def event_dict(event: Event) -> dict[str, Any]:
    return {"type": event.type, "payload": event.payload, "visibility": event.visibility.value,
            "civ_id": event.civ_id}


def lookup(world: World, path: str) -> Any:
    """"civs.1.mu", "ore_stocks.1/sol", "units.6.ore": attributes and mapping keys, in turn."""
    value: Any = world
    for part in path.split("."):
        if isinstance(value, Mapping):
            key: Any = tuple(int(p) if p.isdigit() else p for p in part.split("/")) if "/" in part else (
                int(part) if part.isdigit() else part)
            value = value.get(key)
        else:
            value = getattr(value, part)
    return value


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_golden_round_matches_the_expected_event_log(path: Path) -> None:
    scenario = json.loads(path.read_text())
    _, log, final = play_round(scenario)
    # A JSON round trip so the comparison sees what a stored log holds.
    actual = json.loads(json.dumps({"events": [event_dict(e) for e in log], "world": world_to_dict(final)}))
    expected_path = path.with_suffix(".expected.json")
    if os.environ.get("CV_GOLDEN_REGEN"):
        expected_path.write_text(json.dumps(actual, indent=1) + "\n")
    expected = json.loads(expected_path.read_text())
    assert actual["events"] == expected["events"]
    assert actual["world"] == expected["world"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_golden_round_meets_the_numbers_worked_out_by_hand(path: Path) -> None:
    scenario = json.loads(path.read_text())
    _, _, final = play_round(scenario)
    for check, expected in scenario["expect"].items():
        assert lookup(final, check) == expected, check


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_golden_round_state_is_the_start_with_every_event_applied(path: Path) -> None:
    start, log, final = play_round(json.loads(path.read_text()))
    assert apply_events(start, log) == final
    assert world_from_dict(json.loads(json.dumps(world_to_dict(final)))) == final
