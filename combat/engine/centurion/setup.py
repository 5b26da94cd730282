"""From a Centaurian Vector skirmish to Centurion's counters on a map: the scenario setup.

Ruling (docs/rules.md, "Centurion"): each combat-capable unit becomes one counter. Its Melee Attack Factor is its
weapons' Average Damage and its Melee Defense Factor its HP, Evasion and DR (as Instant Mass Combat totals them,
times the scale multiplier), each scaled so that the strongest unit of the battle has 9 and every unit at least 1;
its Movement Factor Allowance comes from its scale (the larger, the slower) and its Evasion. Each side also has one
Command counter (its flag staff: no campaign unit, 0 attack, 1 defense, 6 movement). The First Player (the
skirmish's attacker) sets up on the west edge, the Second on the east, in stacks of up to three spread along the
edge, the Command counter with the middle stack; in the setup phase each side may rearrange them on its edge."""

from __future__ import annotations

import math

from combat.engine.centurion.game import Battle, Counter, Phase
from combat.engine.centurion.hexmap import BattleMap, HexCoord, MapKind, draw_map
from combat.engine.instant_mass import unit_endurance
from combat.engine.stats import attack, combatants
from game.engine.combat import CombatUnit, Skirmish

MAX_FACTOR = 9
SKIRMISH_MAP = (16, 12)  # columns, rows of the map a skirmish is fought on
COMMAND_MOVEMENT = 6


def _factor(value: float, strongest: float) -> int:
    return max(1, round(MAX_FACTOR * value / strongest)) if strongest > 0 else 1


def movement_allowance(unit: CombatUnit, fastest_evasion: float) -> int:
    """Personnel scale (x1) moves 6, each thousandfold larger scale one less (at least 3); the most evasive units
    of the battle move one more."""
    slow = int(math.log10(max(1, unit.multiplier))) // 3
    quick = 1 if fastest_evasion > 0 and unit.evasion >= fastest_evasion else 0
    return max(3, 6 - slow) + quick


def counters_of(skirmish: Skirmish) -> list[Counter]:
    fleets = [combatants(side) for side in skirmish.sides]
    units = [u for fleet in fleets for u in fleet]
    strongest_attack = max((attack(u) for u in units), default=0.0)
    strongest_defense = max((unit_endurance(u) for u in units), default=0.0)
    fastest = max((u.evasion for u in units), default=0.0)
    counters: list[Counter] = []
    for side, fleet in zip(skirmish.sides, fleets, strict=True):
        counters.append(Counter(f"cmd-{side.side_id}", side.side_id, f"{side.side_id.title()} command", 0, 1,
                                COMMAND_MOVEMENT, command=True))
        counters.extend(
            Counter(f"u{u.unit_id}", side.side_id, u.name, _factor(attack(u), strongest_attack),
                    _factor(unit_endurance(u), strongest_defense), movement_allowance(u, fastest), unit_id=u.unit_id)
            for u in fleet
        )
    return counters


def deploy(battle_map: BattleMap, counters: list[Counter], sides: tuple[str, str]) -> None:
    """Place each side's counters on its edge: stacks of three, from the middle row outwards, first in the edge
    column, then the next."""
    for index, side in enumerate(sides):
        columns = (1, 2) if index == 0 else (battle_map.width, battle_map.width - 1)
        middle = (battle_map.height + 1) // 2
        rows = sorted(range(1, battle_map.height + 1), key=lambda r: (abs(r - middle), r))
        slots = [HexCoord(col, row) for col in columns for row in rows]
        units = [c for c in counters if c.side == side and not c.command]
        for number, counter in enumerate(units):
            counter.at = slots[(number // 3) % len(slots)]
        for counter in counters:
            if counter.side == side and counter.command:
                counter.at = slots[0]


def setup_battle(skirmish: Skirmish, kind: MapKind, seed: int, size: tuple[int, int] = SKIRMISH_MAP) -> Battle:
    counters = counters_of(skirmish)
    # Ruling: a map too short for a side's stacks on its two edge columns is made taller.
    most = max(sum(1 for c in counters if c.side == side.side_id and not c.command) for side in skirmish.sides)
    battle_map = draw_map(kind, size[0], max(size[1], math.ceil(most / 6)), seed)
    sides = (skirmish.sides[0].side_id, skirmish.sides[1].side_id)
    deploy(battle_map, counters, sides)
    return Battle(battle_map, sides, {c.counter_id: c for c in counters}, phase=Phase.SETUP)
