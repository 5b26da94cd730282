"""Battles per second for 100 units against 100 units, for each combat system.

Run from the project root: `python benchmarks/combat.py`. The issue's aim: 1,000 Instant Mass battles of
100 vs 100 in under a second.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a plain script from any directory

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.combat import CombatSide, CombatUnit, Defense, Skirmish, Weapon
from game.engine.dice import SeededDice, step_seed

UNITS_PER_SIDE = 100
SECONDS_PER_SYSTEM = 2.0


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
        print(f"{system.title:<30} {battles / elapsed:>10,.0f} battles/s")


if __name__ == "__main__":
    main()
