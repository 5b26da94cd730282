"""A unit's numbers as combat uses them: "All numbers are multiplied by the Scale Multiplier during actual
combat. Thus, a Light Corvette with 10 hit points actually has 10,000 hit points." ("Designing a Unit").

Ruling (docs/rules.md, "Mixed scales"): each unit's numbers are multiplied by its own multiplier
before anything is totalled, so a side's totals are in real (Personnel-scale) points whatever mix of scales
it holds."""

from __future__ import annotations

from game.engine.combat import CombatSide, CombatUnit, is_combat_capable


def hit_points(unit: CombatUnit) -> float:
    return unit.hp * unit.multiplier


def evasion(unit: CombatUnit) -> float:
    return unit.evasion * unit.multiplier


def attack(unit: CombatUnit, weapon_type: str | None = None) -> float:
    """The Average Damage of the unit's weapons (of one type, if given), times its attack factor (Cluster War
    §17.2 crew grade, §4.3 stress: `game.engine.supply.attack_factor`)."""
    total = 0.0
    for weapon in unit.weapons:  # a loop, not sum(): this runs for every unit of every simulated battle
        if weapon_type is None or weapon.type == weapon_type:
            total += weapon.average_damage
    return total * unit.multiplier * unit.attack_factor


def resistance(unit: CombatUnit, defense_type: str | None = None) -> float:
    """The DR of the unit's defenses (of one type, if given)."""
    total = 0.0
    for defense in unit.defenses:
        if defense_type is None or defense.type == defense_type:
            total += defense.damage_resistance
    return total * unit.multiplier


def initiative(unit: CombatUnit) -> float:
    """Ruling (docs/rules.md, "Initiative"): no unit stat is called initiative; a unit's initiative
    is its Targeting, the one stat no combat system otherwise uses: the ship that gets a firing solution
    first fires first. Evasion is not added, because Fighting Power and Fleet Endurance already count it."""
    return unit.targeting * unit.multiplier


def combatants(side: CombatSide) -> tuple[CombatUnit, ...]:
    """The units that fight; unarmed ones stand aside (see `is_combat_capable`)."""
    return tuple(unit for unit in side.units if is_combat_capable(unit))
