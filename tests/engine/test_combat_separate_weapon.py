"""Separate Weapon Mass Combat, steps 1-9, with scripted dice and battles worked out by hand."""

from __future__ import annotations

import random

import pytest

from combat.engine.separate_weapon import (
    SeparateWeaponMassCombat,
    fleet_damage_potential,
    fleet_defensive_potential,
)
from game.engine.combat import BattleChoices, Ending, UnitOutcome, Withdrawal, WithdrawalDecision
from game.engine.dice import ScriptedDice, SeededDice
from tests.engine.test_combat_units import random_skirmish, skirmish, unit

SEPARATE_WEAPON = SeparateWeaponMassCombat()

# a1: ballistic 10 and energy 4, ballistic DR 2, Endurance (HP) 20, initiative 2.
A1 = unit(1, hp=20, targeting=2, weapons=(("ballistic", 10), ("energy", 4)), defenses=(("ballistic", 2),))
# b1: ballistic 6, ballistic DR 1 and energy DR 3, Endurance 15, initiative 1.
B1 = unit(2, hp=15, targeting=1, weapons=(("ballistic", 6),), defenses=(("ballistic", 1), ("energy", 3)))
DUEL = skirmish((A1,), (B1,))


def outcomes(result) -> dict[int, UnitOutcome]:
    return {outcome.unit_id: outcome for outcome in result.units}


def test_separate_weapon_potentials_are_totalled_per_type() -> None:
    second = unit(3, weapons=(("energy", 1.5),), defenses=(("energy", 1),), multiplier=10)
    assert fleet_damage_potential((A1, second)) == {"ballistic": 10, "energy": 4 + 15}
    assert fleet_defensive_potential((A1, second)) == {"ballistic": 2, "energy": 10}


def test_separate_weapon_golden_battle() -> None:
    # Exchange 1, a: ballistic d20 10 -> 50% of 10 = 5, b resists 1: 4; energy 20 -> 4, resists 3: 1.
    #   b 15 -> 10.
    # Exchange 2, b: ballistic 20 -> 6, a resists 2: 4. a 20 -> 16.
    # Exchange 3, a: ballistic 20 -> 10 - 1 = 9; energy 10 -> 50% of 4 = 2, all resisted. b 10 -> 1.
    # Exchange 4, b: ballistic 10 -> 3 - 2 = 1. a 16 -> 15.
    # Exchange 5, a: ballistic 2 -> 10% of 10 = 1, all resisted; energy 20 -> 4 - 3 = 1. b 1 -> 0.
    # Step 9: a lost 5 of 20 HP.
    result = SEPARATE_WEAPON.fight(DUEL, ScriptedDice([10, 20, 20, 20, 10, 10, 2, 20]))
    fought = [event.payload for event in result.events if event.type == "ExchangeFought"]
    assert [(x["striker"], x["damage"], x["resisted"], x["dealt"]) for x in fought] == [
        ("a", 9, 4, 5), ("b", 6, 2, 4), ("a", 12, 3, 9), ("b", 3, 2, 1), ("a", 5, 4, 1),
    ]
    assert [x["endurance_left"]["b"] for x in fought] == [10, 10, 1, 1, 0]
    assert fought[0]["hits"] == [
        {"weapon_type": "ballistic", "roll": 10, "percent": 50, "damage": 5, "resisted": 1},
        {"weapon_type": "energy", "roll": 20, "percent": 100, "damage": 4, "resisted": 3},
    ]
    assert result.victor == "a"
    assert outcomes(result) == {1: UnitOutcome(1, 15, False), 2: UnitOutcome(2, 0.0, True)}


def test_separate_weapon_defense_resists_only_its_own_weapon_type() -> None:
    # b's 100 energy DR is no help against ballistic fire: a 100% ballistic blow of 10 ends b's 10 HP.
    shielded = unit(2, hp=10, weapons=(("energy", 1),), defenses=(("energy", 100),))
    gunner = unit(1, hp=10, targeting=2, weapons=(("ballistic", 10),))
    result = SEPARATE_WEAPON.fight(skirmish((gunner,), (shielded,)), ScriptedDice([20]))
    assert result.victor == "a"
    assert outcomes(result)[2].destroyed


def test_separate_weapon_stalemate_when_no_blow_can_get_through() -> None:
    a = unit(1, weapons=(("ballistic", 2),), defenses=(("energy", 5),))
    b = unit(2, weapons=(("energy", 3),), defenses=(("ballistic", 2),))
    result = SEPARATE_WEAPON.fight(skirmish((a,), (b,)), ScriptedDice([]))
    assert (result.victor, result.ending) == (None, Ending.STALEMATE)
    assert [outcome.hp_left for outcome in result.units] == [10, 10]


def test_separate_weapon_loser_may_flee_partway_and_keeps_its_hp_left() -> None:
    # After exchange 1 b has 10 of 15 HP (below 75%): it flees with 10 HP; a is untouched.
    choices = BattleChoices(withdrawals=(WithdrawalDecision("b", 1, Withdrawal.FLEE),))
    result = SEPARATE_WEAPON.fight(DUEL, ScriptedDice([10, 20]), choices)
    assert (result.victor, result.ending) == ("a", Ending.FLED)
    assert outcomes(result) == {1: UnitOutcome(1, 20, False), 2: UnitOutcome(2, 10, False, escaped=True)}


def test_separate_weapon_replays_exactly_from_the_same_seed() -> None:
    battle = random_skirmish(random.Random(11))
    assert SEPARATE_WEAPON.fight(battle, SeededDice(99)) == SEPARATE_WEAPON.fight(battle, SeededDice(99))


@pytest.mark.parametrize("seed", range(200))
def test_separate_weapon_invariants_hold_for_random_fleets(seed: int) -> None:
    """No HP below 0 or above the start; the victor's units lost exactly the HP its Fleet Endurance lost."""
    battle = random_skirmish(random.Random(seed))
    result = SEPARATE_WEAPON.fight(battle, SeededDice(seed))
    fates = outcomes(result)
    units = {u.unit_id: u for side in battle.sides for u in side.units}
    assert all(0 <= fates[unit_id].hp_left <= u.hp for unit_id, u in units.items())
    fought = [event.payload for event in result.events if event.type == "ExchangeFought"]
    if result.ending is not Ending.VICTORY or not fought:
        return
    victor = next(side for side in battle.sides if side.side_id == result.victor)
    totals = [e.payload for e in result.events if e.type == "FleetTotalled"]
    start = next(total for total in totals if total["side_id"] == victor.side_id)
    lost = sum((u.hp - fates[u.unit_id].hp_left) * u.multiplier for u in victor.units)
    assert lost == pytest.approx(start["endurance"] - fought[-1]["endurance_left"][victor.side_id])
