"""Instant Mass Combat: "similar to Diceless Combat, but with a random element so that the end result is
not always known ahead of time. It also gives a losing side the option to surrender or flee partway
through"."""

from __future__ import annotations

from collections.abc import Mapping

from combat.engine.mass import Fleet, Hit, fight_mass, fleet_initiative, percent_of_potential
from combat.engine.stats import attack, evasion, hit_points, resistance
from game.engine.combat import BattleChoices, CombatResult, CombatSide, CombatUnit, Skirmish
from game.engine.dice import Dice

# Instant Mass does not tell weapon types apart: its one potential is keyed by this name in the report.
ALL_WEAPONS = "all"


def fleet_offensive_potential(units: tuple[CombatUnit, ...]) -> float:
    """Step 1: "Total the Average Damage of all Weapons used by all Units on your side. This is your Fleet
    Offensive Potential." """
    return sum(attack(unit) for unit in units)


def unit_endurance(unit: CombatUnit) -> float:
    """A unit's part of step 2. Ruling (docs/rules.md, "Damage back to units"): in step 7 damage is
    spread over these parts, and each survivor keeps the percentage of its part left as the percentage of
    its HP."""
    return hit_points(unit) + evasion(unit) + resistance(unit)


def fleet_endurance(strength: Mapping[int, float]) -> float:
    """Step 2: "Total the HP, Evasion, and DR of all Defenses used by all Units on your side. This is your
    Fleet Endurance." """
    return sum(strength.values())


class InstantMassCombat:
    key = "instant_mass"
    title = "Instant Mass Combat"

    def muster(self, side: CombatSide, units: tuple[CombatUnit, ...]) -> Fleet:
        strength = {unit.unit_id: unit_endurance(unit) for unit in units}
        endurance = fleet_endurance(strength)
        potential = {ALL_WEAPONS: fleet_offensive_potential(units)}
        return Fleet(side, units, strength, potential, {}, fleet_initiative(units), endurance, endurance)

    def strike(self, striker: Fleet, target: Fleet, dice: Dice) -> tuple[Hit, ...]:
        """Step 4: "Roll a D20 and multiply the result by 5. This is the percentage (between 5% and 100%)
        of your Fleet Offensive Potential which you will do to the enemy's Fleet Endurance during this
        round." """
        roll = dice.roll(20, f"{striker.side.side_id} strikes")
        percent, damage = percent_of_potential(striker.potential[ALL_WEAPONS], roll)
        return (Hit(ALL_WEAPONS, roll, percent, damage),)

    def fight(self, skirmish: Skirmish, dice: Dice, choices: BattleChoices | None = None) -> CombatResult:
        return fight_mass(self, skirmish, dice, choices)
