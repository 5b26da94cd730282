"""Separate Weapon Mass Combat: "similar to Instant Mass Combat, above, except that it differentiates
between which types of weapons and defenses each side is loaded out with"."""

from __future__ import annotations

from collections.abc import Mapping

from combat.engine.mass import Fleet, Hit, fight_mass, fleet_initiative, percent_of_potential
from combat.engine.stats import attack, hit_points, resistance
from game.engine.combat import BattleChoices, CombatResult, CombatSide, CombatUnit, Skirmish
from game.engine.dice import Dice


def fleet_damage_potential(units: tuple[CombatUnit, ...]) -> dict[str, float]:
    """Step 1: "Total the average damage of each weapon type of all Units on your side. (Ballistic, Energy,
    etc.) This gives you a separate Fleet Damage Potential for each type of weapon in your fleet." """
    types = sorted({weapon.type for unit in units for weapon in unit.weapons})
    return {kind: sum(attack(unit, kind) for unit in units) for kind in types}


def fleet_defensive_potential(units: tuple[CombatUnit, ...]) -> dict[str, float]:
    """Step 2: "Total the DR of each type of defense of all Units on your side. (Ballistic, Energy) This
    gives you a separate Fleet Defensive Potential for each type of defense in your fleet." """
    types = sorted({defense.type for unit in units for defense in unit.defenses})
    return {kind: sum(resistance(unit, kind) for unit in units) for kind in types}


def unit_endurance(unit: CombatUnit) -> float:
    """A unit's part of step 3. Ruling (docs/rules.md, "Damage back to units"): in step 9 damage is
    spread over these parts, which are the units' HP."""
    return hit_points(unit)


def fleet_endurance(strength: Mapping[int, float]) -> float:
    """Step 3: "Total the HP of all Units on your side. This gives you your Fleet Endurance." """
    return sum(strength.values())


class SeparateWeaponMassCombat:
    key = "separate_weapon"
    title = "Separate Weapon Mass Combat"

    def muster(self, side: CombatSide, units: tuple[CombatUnit, ...]) -> Fleet:
        strength = {unit.unit_id: unit_endurance(unit) for unit in units}
        endurance = fleet_endurance(strength)
        return Fleet(side, units, strength, fleet_damage_potential(units), fleet_defensive_potential(units),
                     fleet_initiative(units), endurance, endurance)

    def strike(self, striker: Fleet, target: Fleet, dice: Dice) -> tuple[Hit, ...]:
        """Step 5: "At the start of your turn, for each weapon type you have, roll a D20 and multiply the
        result by 5. This tells you how much Damage you did with that type of weapon to the enemy's fleet this
        round." Step 6: "The fleet resists this damage with their Fleet Defensive Potential for that weapon
        type. Whatever damage is left is applied to their Fleet Endurance."

        Ruling (docs/rules.md, "Separate Weapon damage"): D20 x 5 is a percentage of that type's
        Fleet Damage Potential, rounded up as in Instant Mass step 4; types are rolled in alphabetical
        order; the Defensive Potential resists in full on every turn and is not worn down."""
        hits = []
        for kind, potential in striker.potential.items():
            roll = dice.roll(20, f"{striker.side.side_id} strikes with {kind}")
            percent, damage = percent_of_potential(potential, roll)
            hits.append(Hit(kind, roll, percent, damage, min(damage, target.resistance.get(kind, 0.0))))
        return tuple(hits)

    def fight(self, skirmish: Skirmish, dice: Dice, choices: BattleChoices | None = None) -> CombatResult:
        return fight_mass(self, skirmish, dice, choices)
