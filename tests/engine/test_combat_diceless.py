"""Diceless Combat, steps 1-9, with battles worked out by hand from the rule text."""

from __future__ import annotations

import random

import pytest

from combat.engine.attrition import spread_attrition
from combat.engine.diceless import DicelessCombat, fighting_power
from game.engine.combat import (
    BattleChoices,
    ChoiceKind,
    ChoiceNeeded,
    Ending,
    Offer,
    OfferKind,
    UnitOutcome,
    is_combat_capable,
)
from game.engine.dice import ScriptedDice
from tests.engine.test_combat_units import random_skirmish, skirmish, unit

DICELESS = DicelessCombat()


def outcomes(result) -> dict[int, UnitOutcome]:
    return {outcome.unit_id: outcome for outcome in result.units}


def test_diceless_fighting_power_totals_hp_attack_dr_evasion_and_initiative() -> None:
    # Step 1: HP 10 + weapons 4 + 1.5 + DR 2 + evasion 3 + initiative (Targeting) 2.
    fighter = unit(1, hp=10, evasion=3, targeting=2, weapons=(("ballistic", 4), ("energy", 1.5)),
                   defenses=(("ballistic", 2),))
    assert fighting_power(fighter) == 22.5


def test_diceless_victor_is_side_with_higher_fleet_power() -> None:
    # Fleet Power a: 18; b: 18 + 18 = 36. The second side wins, whichever side started the skirmish.
    result = DICELESS.fight(skirmish((unit(1),), (unit(2), unit(3))), ScriptedDice([]))
    assert result.victor == "b"
    assert result.ending is Ending.VICTORY


def test_diceless_golden_battle_splits_attrition_evenly_over_the_victors_units() -> None:
    # a1: 10 + 4 + 2 + 1 + 1 = 18; a2: 20 + 6 + 2 + 2 = 30; Fleet Power 48. b1: 12 + 3 + 1 + 1 + 1 = 18.
    # Step 5: Attrition Rate 18, Survival Rate 30. Step 7: 18 / 2 = 9 each: a1 keeps 9/18, a2 21/30.
    # Step 9: a1 has 10 * 9/18 = 5 HP, a2 has 20 * 21/30 = 14 HP.
    a1 = unit(1, hp=10, weapons=(("ballistic", 4),), defenses=(("ballistic", 2),))
    a2 = unit(2, hp=20, evasion=2, targeting=2, weapons=(("energy", 6),))
    b1 = unit(3, hp=12, weapons=(("ballistic", 3),), defenses=(("energy", 1),))
    result = DICELESS.fight(skirmish((a1, a2), (b1,)), ScriptedDice([]))
    assert result.victor == "a"
    fates = outcomes(result)
    assert fates[1] == UnitOutcome(1, pytest.approx(5), False)  # type: ignore[arg-type]
    assert fates[2] == UnitOutcome(2, pytest.approx(14), False)  # type: ignore[arg-type]
    assert fates[3] == UnitOutcome(3, 0.0, True)
    rated = next(event for event in result.events if event.type == "AttritionRated")
    assert rated.payload == {"side_id": "a", "attrition_rate": 18, "survival_rate": 30}


def test_diceless_overflow_of_destroyed_units_is_pooled_and_applied_again() -> None:
    # a1: 1 + 1 + 1 + 1 = 4; a2 = a3: 24 + 4 + 1 + 1 = 30. b1: 18 + 4 + 1 + 1 = 24.
    # Pass 1: 24 / 3 = 8 each; a1 (4) is destroyed and its 4 left over becomes the new Attrition Rating.
    # Pass 2: 4 / 2 = 2 each; a2 and a3 keep 20 of 30, so 24 * 20/30 = 16 HP.
    a1 = unit(1, hp=1, weapons=(("ballistic", 1),))
    a2, a3 = unit(2, hp=24), unit(3, hp=24)
    b1 = unit(4, hp=18)
    result = DICELESS.fight(skirmish((a1, a2, a3), (b1,)), ScriptedDice([]))
    passes = [event.payload for event in result.events if event.type == "AttritionApplied"]
    assert passes == [
        {"side_id": "a", "pass": 1, "attrition": 24, "units": 3, "share": 8, "destroyed": [1], "overflow": 4},
        {"side_id": "a", "pass": 2, "attrition": 4, "units": 2, "share": 2, "destroyed": [], "overflow": 0},
    ]
    fates = outcomes(result)
    assert fates[1].destroyed
    assert fates[2].hp_left == pytest.approx(16)
    assert fates[3].hp_left == pytest.approx(16)


def test_diceless_overflow_can_destroy_more_units_in_a_later_pass() -> None:
    # Strengths 2, 5, 20 and attrition 15: pass 1 shares out 5 each (2 and 5 fall, 3 is left over);
    # pass 2 gives those 3 to the last unit.
    spread = spread_attrition({1: 2, 2: 5, 3: 20}, 15)
    assert [p.destroyed for p in spread.passes] == [(1, 2), ()]
    assert spread.strength_left == {1: 0, 2: 0, 3: 12}


def test_diceless_survivor_hp_is_the_percentage_of_fighting_power_left_of_its_starting_hp() -> None:
    # A damaged unit (10 of 40 HP) does not heal by winning. a1 = 10 + 4 + 1 + 1 = 16; b1 = 2 + 4 + 1 + 1 = 8.
    # a1 keeps 8 of its 16 Fighting Power: half of the 10 HP it came in with.
    a1 = unit(1, hp=10, max_hp=40)
    b1 = unit(2, hp=2, weapons=(("ballistic", 4),))
    result = DICELESS.fight(skirmish((a1,), (b1,)), ScriptedDice([]))
    assert outcomes(result)[1].hp_left == pytest.approx(10 * 8 / 16)


def test_diceless_mixed_scales_count_each_unit_at_its_own_multiplier() -> None:
    # One Corvette (x1000, FP 16,000) against ten Fighters (x100, FP 1,600 each, 16,000 in all) would tie;
    # a Fighter more and the swarm wins: 17,600 against 16,000.
    corvette = unit(1, multiplier=1_000)
    fighters = tuple(unit(10 + n, multiplier=100) for n in range(11))
    result = DICELESS.fight(skirmish((corvette,), fighters), ScriptedDice([]))
    assert result.victor == "b"
    # Attrition 16,000 / 11 = 1454.5 each, under a Fighter's 1,600: every Fighter survives, scarred.
    assert all(not outcome.destroyed for outcome in result.units if outcome.unit_id >= 10)


def test_diceless_equal_fleet_power_destroys_both_fleets() -> None:
    result = DICELESS.fight(skirmish((unit(1),), (unit(2),)), ScriptedDice([]))
    assert result.victor is None
    assert result.ending is Ending.MUTUAL_DESTRUCTION
    assert all(outcome.destroyed for outcome in result.units)


def test_diceless_accepted_surrender_leaves_the_losers_units_surrendered_and_unharmed() -> None:
    choices = BattleChoices(offer=Offer(OfferKind.SURRENDER), offer_accepted=True)
    result = DICELESS.fight(skirmish((unit(1), unit(2)), (unit(3, hp=5),)), ScriptedDice([]), choices)
    assert result.victor == "a"
    assert result.ending is Ending.SURRENDERED
    fates = outcomes(result)
    assert fates[3] == UnitOutcome(3, 5, False, surrendered=True)
    assert fates[1] == UnitOutcome(1, 10, False)


def test_diceless_accepted_terms_end_the_battle_without_victor_or_damage() -> None:
    choices = BattleChoices(offer=Offer(OfferKind.TERMS, "Leave the sector."), offer_accepted=True)
    result = DICELESS.fight(skirmish((unit(1), unit(2)), (unit(3),)), ScriptedDice([]), choices)
    assert result.victor is None
    assert result.ending is Ending.TERMS_AGREED
    assert not any(outcome.destroyed for outcome in result.units)
    offered = next(event for event in result.events if event.type == "SettlementOffered")
    assert offered.payload["terms"] == "Leave the sector."


def test_diceless_refused_offer_proceeds_with_the_remaining_steps() -> None:
    choices = BattleChoices(offer=Offer(OfferKind.SURRENDER), offer_accepted=False)
    result = DICELESS.fight(skirmish((unit(1), unit(2)), (unit(3),)), ScriptedDice([]), choices)
    assert result.ending is Ending.VICTORY
    assert outcomes(result)[3].destroyed
    assert [e.type for e in result.events if e.type.startswith("Settlement")] == [
        "SettlementOffered", "SettlementRefused",
    ]


def test_diceless_asks_the_victor_for_an_offer_and_then_the_loser_for_an_answer() -> None:
    battle = skirmish((unit(1),), (unit(2), unit(3)))
    with pytest.raises(ChoiceNeeded) as asked:
        DICELESS.fight(battle, ScriptedDice([]), BattleChoices(ask=True))
    assert (asked.value.point.kind, asked.value.point.side_id) == (ChoiceKind.OFFER, "b")
    assert asked.value.point.detail == {"loser": "a", "fleet_power": {"a": 16, "b": 32}}
    with pytest.raises(ChoiceNeeded) as answered:
        DICELESS.fight(battle, ScriptedDice([]), BattleChoices(offer=Offer(OfferKind.SURRENDER), ask=True))
    assert (answered.value.point.kind, answered.value.point.side_id) == (ChoiceKind.ANSWER, "a")
    no_offer = DICELESS.fight(battle, ScriptedDice([]), BattleChoices(offer=Offer(OfferKind.NONE), ask=True))
    assert no_offer.ending is Ending.VICTORY


def test_unarmed_units_stand_aside_and_remain_for_the_victor() -> None:
    # The freighter adds nothing to b's Fleet Power and is neither destroyed nor damaged (Exterminate step 8).
    freighter = unit(3, hp=50, weapons=())
    result = DICELESS.fight(skirmish((unit(1), unit(2)), (unit(4), freighter)), ScriptedDice([]))
    assert result.victor == "a"
    assert outcomes(result)[3] == UnitOutcome(3, 50, False)
    assert outcomes(result)[4].destroyed


def test_a_side_without_armed_units_loses_without_a_fight() -> None:
    result = DICELESS.fight(skirmish((unit(1),), (unit(2, weapons=()),)), ScriptedDice([]))
    assert (result.victor, result.ending) == ("a", Ending.UNCONTESTED)
    assert not any(outcome.destroyed or outcome.hp_left < 10 for outcome in result.units)


@pytest.mark.parametrize("seed", range(200))
def test_diceless_invariants_hold_for_random_fleets(seed: int) -> None:
    """The loser is destroyed to the last armed unit, no HP goes below 0, and the Fighting Power the victor
    lost equals the Attrition Rate."""
    battle = random_skirmish(random.Random(seed))
    result = DICELESS.fight(battle, ScriptedDice([]))
    fates = outcomes(result)
    assert all(outcome.hp_left >= 0 for outcome in result.units)
    if result.ending is not Ending.VICTORY:
        return
    victor = next(side for side in battle.sides if side.side_id == result.victor)
    loser = next(side for side in battle.sides if side.side_id != result.victor)
    assert all(fates[u.unit_id].destroyed for u in loser.units if is_combat_capable(u))
    rated = next(event for event in result.events if event.type == "AttritionRated")
    armed = [u for u in victor.units if is_combat_capable(u)]
    lost = sum(fighting_power(u) * (1 - fates[u.unit_id].hp_left / u.hp) for u in armed)
    assert lost == pytest.approx(rated.payload["attrition_rate"])
