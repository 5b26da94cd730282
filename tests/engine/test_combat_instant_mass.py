"""Instant Mass Combat, steps 1-7, with scripted dice and battles worked out by hand from the rule text."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from combat.engine.instant_mass import (
    InstantMassCombat,
    fleet_endurance,
    fleet_offensive_potential,
    unit_endurance,
)
from combat.engine.mass import percent_of_potential
from game.engine.combat import (
    BattleChoices,
    ChoiceKind,
    ChoiceNeeded,
    Ending,
    UnitOutcome,
    Withdrawal,
    WithdrawalDecision,
    is_combat_capable,
)
from game.engine.dice import DiceExhausted, ScriptedDice, SeededDice
from tests.engine.test_combat_units import random_skirmish, skirmish, unit

INSTANT_MASS = InstantMassCombat()

# a1: Fleet Offensive Potential 10, Fleet Endurance 10 + 1 + 1 = 12, initiative 2.
A1 = unit(1, hp=10, evasion=1, targeting=2, weapons=(("ballistic", 10),), defenses=(("ballistic", 1),))
# b1: Fleet Offensive Potential 8, Fleet Endurance 8 + 1 = 9, initiative 1.
B1 = unit(2, hp=8, evasion=1, targeting=1, weapons=(("energy", 8),))
DUEL = skirmish((A1,), (B1,))


def outcomes(result) -> dict[int, UnitOutcome]:
    return {outcome.unit_id: outcome for outcome in result.units}


def exchanges(result) -> list[dict[str, Any]]:
    return [event.payload for event in result.events if event.type == "ExchangeFought"]


def test_instant_mass_d20_times_five_percent_rounded_up() -> None:
    assert percent_of_potential(10, 7) == (35, 4)  # 3.5 rounds up to 4
    assert percent_of_potential(7, 3) == (15, 2)  # 1.05 rounds up to 2
    assert percent_of_potential(60, 1) == (5, 3)  # exactly 3 stays 3
    assert percent_of_potential(8, 20) == (100, 8)


def test_instant_mass_rounding_up_ignores_float_noise() -> None:
    # Weapons of 0.1 and 0.2 at Corvette scale make 300.00000000000006 in floats; 100% of it is 300, not 301.
    corvette = unit(1, weapons=(("ballistic", 0.1), ("ballistic", 0.2)), multiplier=1_000)
    assert percent_of_potential(fleet_offensive_potential((corvette,)), 20) == (100, 300)


def test_instant_mass_fleet_endurance_totals_hp_evasion_and_defense_dr() -> None:
    assert unit_endurance(A1) == 12
    assert fleet_endurance({1: unit_endurance(A1), 2: unit_endurance(B1)}) == 21


def test_instant_mass_golden_battle() -> None:
    # a goes first (initiative 2 > 1). Exchange 1: d20 10 -> 50% of 10 = 5; b's Endurance 9 -> 4.
    # Exchange 2: d20 15 -> 75% of 8 = 6; a's Endurance 12 -> 6.
    # Exchange 3: d20 16 -> 80% of 10 = 8 >= 4: b is at 0.
    # Step 7: a lost 6 of 12 Endurance, so it keeps 50% of its 10 HP.
    result = INSTANT_MASS.fight(DUEL, ScriptedDice([10, 15, 16]))
    assert result.victor == "a"
    fought = [(x["striker"], x["hits"][0]["roll"], x["dealt"], x["endurance_left"])
             for x in exchanges(result)]
    assert fought == [
        ("a", 10, 5, {"a": 12, "b": 4}),
        ("b", 15, 6, {"b": 4, "a": 6}),
        ("a", 16, 8, {"a": 6, "b": 0}),
    ]
    assert outcomes(result) == {1: UnitOutcome(1, 5, False), 2: UnitOutcome(2, 0.0, True)}


def test_instant_mass_higher_initiative_strikes_first() -> None:
    swift_b = unit(2, hp=8, targeting=5, weapons=(("energy", 8),))
    result = INSTANT_MASS.fight(skirmish((A1,), (swift_b,)), ScriptedDice([20, 20]))
    assert exchanges(result)[0]["striker"] == "b"


def test_instant_mass_equal_initiative_is_settled_by_a_roll_off() -> None:
    # Both total 1: the roll-off 5-5 is rolled again, then 3-7 sends b first. b's 100% (8) leaves a at 1 of
    # its 9 Endurance; a's 100% (10) ends b's 9.
    a = unit(1, hp=8, weapons=(("ballistic", 10),))
    result = INSTANT_MASS.fight(skirmish((a,), (B1,)), ScriptedDice([5, 5, 3, 7, 20, 20]))
    decided = next(event for event in result.events if event.type == "InitiativeDecided")
    assert decided.payload["roll_off"] == [{"a": 5, "b": 5}, {"a": 3, "b": 7}]
    assert decided.payload["first"] == "b"
    assert result.victor == "a"


def test_instant_mass_loser_may_flee_partway_and_keeps_what_is_left_of_its_fleet() -> None:
    # After exchange 1 b's Endurance fell from 9 to 4 (below 75% and 50%): b flees instead of striking back.
    choices = BattleChoices(withdrawals=(WithdrawalDecision("b", 1, Withdrawal.FLEE),))
    result = INSTANT_MASS.fight(DUEL, ScriptedDice([10]), choices)
    assert (result.victor, result.ending) == ("a", Ending.FLED)
    assert outcomes(result) == {
        1: UnitOutcome(1, 10, False),
        2: UnitOutcome(2, pytest.approx(8 * 4 / 9), False, escaped=True),  # type: ignore[arg-type]
    }


def test_instant_mass_loser_may_surrender_partway() -> None:
    choices = BattleChoices(withdrawals=(WithdrawalDecision("b", 1, Withdrawal.SURRENDER),))
    result = INSTANT_MASS.fight(DUEL, ScriptedDice([10]), choices)
    assert (result.victor, result.ending) == ("a", Ending.SURRENDERED)
    assert outcomes(result)[2].surrendered
    assert [e.type for e in result.events if e.type.startswith("Unit")] == ["UnitUnharmed", "UnitSurrendered"]


def test_instant_mass_asks_a_side_whose_endurance_fell_below_a_threshold() -> None:
    with pytest.raises(ChoiceNeeded) as asked:
        INSTANT_MASS.fight(DUEL, ScriptedDice([10]), BattleChoices(ask=True))
    point = asked.value.point
    assert (point.kind, point.side_id, point.exchange) == (ChoiceKind.WITHDRAWAL, "b", 1)
    assert point.detail["threshold"] == 50
    json.dumps(point.detail)
    # Fighting on at exchange 1 is an answer: the battle goes on to a's next choice point, after exchange 2.
    fight_on = BattleChoices(withdrawals=(WithdrawalDecision("b", 1, Withdrawal.FIGHT_ON),), ask=True)
    with pytest.raises(ChoiceNeeded) as next_point:
        INSTANT_MASS.fight(DUEL, ScriptedDice([10, 15, 16]), fight_on)
    assert (next_point.value.point.side_id, next_point.value.point.exchange) == ("a", 2)


def test_instant_mass_offers_no_choice_while_endurance_stays_above_75_percent() -> None:
    # A 5% blow (1 point of 10) leaves b at 8 of 9 Endurance, above 75%: nobody is asked.
    big_b = unit(2, hp=8, evasion=1, weapons=(("energy", 1),))
    with pytest.raises(DiceExhausted):
        INSTANT_MASS.fight(skirmish((A1,), (big_b,)), ScriptedDice([1]), BattleChoices(ask=True))


def test_instant_mass_replays_exactly_from_the_same_seed_or_the_recorded_rolls() -> None:
    battle = random_skirmish(random.Random(7))
    dice = SeededDice(1234)
    first = INSTANT_MASS.fight(battle, dice)
    assert INSTANT_MASS.fight(battle, SeededDice(1234)) == first
    # The recorded rolls, typed in as a GM's physical dice, give the same battle again.
    assert INSTANT_MASS.fight(battle, ScriptedDice([roll.result for roll in dice.rolls])) == first


@pytest.mark.parametrize("seed", range(200))
def test_instant_mass_invariants_hold_for_random_fleets(seed: int) -> None:
    """No HP below 0 or above the start, the loser's armed units all destroyed, and the victor's units lost
    exactly the Endurance its fleet lost."""
    battle = random_skirmish(random.Random(seed))
    result = INSTANT_MASS.fight(battle, SeededDice(seed))
    fates = outcomes(result)
    hp = {u.unit_id: u.hp for side in battle.sides for u in side.units}
    assert all(0 <= fates[unit_id].hp_left <= hp[unit_id] for unit_id in hp)
    if result.ending is not Ending.VICTORY:
        return
    victor = next(side for side in battle.sides if side.side_id == result.victor)
    loser = next(side for side in battle.sides if side.side_id != result.victor)
    assert all(fates[u.unit_id].destroyed for u in loser.units if is_combat_capable(u))
    armed = [u for u in victor.units if is_combat_capable(u)]
    endurance_left = exchanges(result)[-1]["endurance_left"][victor.side_id]
    endurance_lost = fleet_endurance({u.unit_id: unit_endurance(u) for u in armed}) - endurance_left
    lost = sum(unit_endurance(u) * (1 - fates[u.unit_id].hp_left / u.hp) for u in armed)
    assert lost == pytest.approx(endurance_lost)
