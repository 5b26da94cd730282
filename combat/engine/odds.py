"""Odds before committing: fight the same skirmish many times with seeded dice and count what happened.

Each simulated battle has its own seed derived from the simulation's seed, so a simulation repeats exactly; no
choice is asked for (an unanswered choice means no offer and fighting on), unless `choices` answers them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game.engine.combat import BattleChoices, CombatSystem, Skirmish
from game.engine.dice import SeededDice, step_seed

Progress = Callable[[int, int], None]

# How many times a simulation reports progress; a Celery task forwards each report to the browser.
PROGRESS_REPORTS = 100


@dataclass(frozen=True)
class SideOdds:
    side_id: str
    win_chance: float  # 0..1
    expected_units_lost: float  # destroyed or surrendered, per battle
    expected_hp_lost: float  # real (scaled) hit points, per battle

    def as_payload(self) -> dict[str, Any]:
        return {
            "side_id": self.side_id,
            "win_chance": self.win_chance,
            "expected_units_lost": self.expected_units_lost,
            "expected_hp_lost": self.expected_hp_lost,
        }


@dataclass(frozen=True)
class Odds:
    system: str
    battles: int
    sides: tuple[SideOdds, SideOdds]
    no_victor_chance: float  # stalemate, terms, mutual destruction

    def as_payload(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "battles": self.battles,
            "sides": [side.as_payload() for side in self.sides],
            "no_victor_chance": self.no_victor_chance,
        }


def simulate_odds(
    system: CombatSystem,
    skirmish: Skirmish,
    battles: int,
    seed: int,
    progress: Progress | None = None,
    choices: BattleChoices | None = None,
) -> Odds:
    """Fight `battles` battles and average the results; `progress(done, total)` is called at most
    `PROGRESS_REPORTS` + 1 times at even steps, the last time with done == total."""
    if battles < 1:
        raise ValueError(f"An odds simulation needs at least one battle, not {battles}.")
    choices = replace(choices, ask=False) if choices else None  # nobody waits on a simulated battle
    side_of = {unit.unit_id: side.side_id for side in skirmish.sides for unit in side.units}
    hp_before = {unit.unit_id: unit.hp * unit.multiplier for side in skirmish.sides for unit in side.units}
    multiplier = {unit.unit_id: unit.multiplier for side in skirmish.sides for unit in side.units}
    wins = {side.side_id: 0 for side in skirmish.sides}
    units_lost = dict(wins)
    hp_lost = dict.fromkeys(wins, 0.0)
    every = -(-battles // PROGRESS_REPORTS)  # rounded up, so never more than PROGRESS_REPORTS (+ the last)
    for number in range(battles):
        dice = SeededDice(step_seed(str(seed), skirmish.skirmish_id, number))
        result = system.fight(skirmish, dice, choices)
        if result.victor is not None:
            wins[result.victor] += 1
        for outcome in result.units:
            side_id = side_of[outcome.unit_id]
            units_lost[side_id] += outcome.destroyed or outcome.surrendered
            hp_lost[side_id] += hp_before[outcome.unit_id] - outcome.hp_left * multiplier[outcome.unit_id]
        done = number + 1
        if progress is not None and (done % every == 0 or done == battles):
            progress(done, battles)
    first, second = (
        SideOdds(side.side_id, wins[side.side_id] / battles, units_lost[side.side_id] / battles,
                 hp_lost[side.side_id] / battles)
        for side in skirmish.sides
    )
    return Odds(system.key, battles, (first, second), 1 - sum(wins.values()) / battles)
