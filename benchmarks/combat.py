"""Battles per second for 100 units against 100 units, for each combat system, and how long Centurion's engine
takes per game-turn on a full map (the bot playing both sides), to replay a whole battle from its record (what the
live battle does on each request) and to list one counter's legal moves.

Run from the project root: `python benchmarks/combat.py`. The issue's aim: 1,000 Instant Mass battles of
100 vs 100 in under a second.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a plain script from any directory

from combat.engine.centurion.bot import bot_action
from combat.engine.centurion.game import Battle, Phase, apply
from combat.engine.centurion.hexmap import MapKind
from combat.engine.centurion.setup import setup_battle
from combat.engine.centurion.system import Step, replay, setup_event
from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.combat import CombatSide, CombatUnit, Defense, Skirmish, Weapon
from game.engine.dice import SeededDice, step_seed

UNITS_PER_SIDE = 100
SECONDS_PER_SYSTEM = 2.0
# Ruling (docs/rules.md, "Centurion"): the printed map, 23" x 29" in 5/8" hexes, is about 32 columns by 42 rows.
FULL_MAP = (32, 42)


def fleet(side_id: str, civ_id: int, first_id: int) -> CombatSide:
    """A mixed fleet: corvettes and destroyers with ballistic and energy weapons, so every rule has work."""
    units = tuple(
        CombatUnit(
            unit_id=first_id + n,
            civ_id=civ_id,
            name=f"{side_id} {n}",
            multiplier=1_000 if n % 4 else 10_000,
            hp=10 + n % 7,
            max_hp=16,
            evasion=1 + n % 3,
            targeting=1 + n % 2,
            weapons=(Weapon("ballistic", 3.5), Weapon("energy", 2.0 + n % 3)),
            defenses=(Defense("ballistic", 0.5), Defense("energy", 0.25 * (n % 2))),
        )
        for n in range(UNITS_PER_SIDE)
    )
    return CombatSide(side_id, (civ_id,), units)


def main() -> None:
    skirmish = Skirmish("bench", "A1", (fleet("red", 1, 0), fleet("blue", 2, 1_000)))
    print(f"{UNITS_PER_SIDE} vs {UNITS_PER_SIDE} units, full battle report, seeded dice")
    for key, system in COMBAT_SYSTEMS.items():
        battles = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < SECONDS_PER_SYSTEM:
            system.fight(skirmish, SeededDice(step_seed("bench", key, battles)))
            battles += 1
        print(f"{system.title:<30} {battles / elapsed:>10,.1f} battles/s")
    centurion_turns(skirmish)


def over(battle: Battle) -> bool:
    return battle.phase is Phase.OVER  # a function, since the loop body changes the phase behind mypy's back


def centurion_turns(skirmish: Skirmish) -> None:
    battle = setup_battle(skirmish, MapKind.ASTEROID_FIELD, 1, FULL_MAP)
    setup = setup_event(battle).payload
    dice = SeededDice(1)
    steps: list[Step] = []
    turns: list[float] = []
    legal: list[float] = []
    while not over(battle):
        turn, start = battle.turn, time.perf_counter()
        while battle.turn == turn and not over(battle):
            if battle.phase == Phase.MOVEMENT:
                counter = next(c for c in battle.on_board(battle.active))
                tick = time.perf_counter()
                battle.reachable(counter)
                legal.append(time.perf_counter() - tick)
            step = Step(battle.active, bot_action(battle))
            apply(battle, step.side, step.action, dice)
            steps.append(step)
        turns.append(time.perf_counter() - start)
    start = time.perf_counter()
    replay(setup, steps, SeededDice(1))
    replayed = time.perf_counter() - start
    print(f"Centurion, {FULL_MAP[0]}x{FULL_MAP[1]} hexes, {UNITS_PER_SIDE} vs {UNITS_PER_SIDE} counters, bot on both "
          f"sides: {len(turns)} game-turns, {len(steps)} actions")
    print(f"  per game-turn (both sides, bot deciding): mean {1000 * sum(turns) / len(turns):,.0f} ms, "
          f"slowest {1000 * max(turns):,.0f} ms")
    print(f"  replay of the whole battle from its record: {1000 * replayed:,.0f} ms "
          f"({1000 * replayed / len(turns):,.0f} ms per game-turn)")
    print(f"  one counter's legal moves: mean {1000 * sum(legal) / max(1, len(legal)):.2f} ms")


if __name__ == "__main__":
    main()
