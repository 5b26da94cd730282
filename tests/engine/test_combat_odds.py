"""Odds before committing: many seeded battles, averaged, with progress reported for a live bar."""

from __future__ import annotations

import json

import pytest

from combat.engine.odds import PROGRESS_REPORTS, simulate_odds
from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.combat import BattleChoices, Withdrawal, WithdrawalDecision
from tests.engine.test_combat_units import skirmish, unit

# Fleet Power 3 x 16 against 2 x 16: close enough that dice decide Instant Mass battles both ways.
CLOSE = skirmish((unit(1), unit(2), unit(3)), (unit(4, hp=14), unit(5, hp=14)))


def test_odds_diceless_are_certain_and_count_the_losers_whole_fleet() -> None:
    odds = simulate_odds(COMBAT_SYSTEMS["diceless"], CLOSE, battles=10, seed=1)
    a, b = odds.sides
    assert (a.win_chance, b.win_chance, odds.no_victor_chance) == (1, 0, 0)
    assert b.expected_units_lost == 2
    assert b.expected_hp_lost == 28
    # Fleet Power 48 against 40: a's three units lose 40 / 3 each of their 16, that many 10ths of HP.
    assert a.expected_hp_lost == pytest.approx(3 * 10 * (40 / 3) / 16)


@pytest.mark.parametrize("key", ["instant_mass", "separate_weapon"])
def test_odds_chances_add_up_and_repeat_from_the_same_seed(key: str) -> None:
    odds = simulate_odds(COMBAT_SYSTEMS[key], CLOSE, battles=300, seed=5)
    assert sum(side.win_chance for side in odds.sides) + odds.no_victor_chance == pytest.approx(1)
    assert 0 < odds.sides[1].win_chance < odds.sides[0].win_chance < 1
    assert simulate_odds(COMBAT_SYSTEMS[key], CLOSE, battles=300, seed=5) == odds
    assert simulate_odds(COMBAT_SYSTEMS[key], CLOSE, battles=300, seed=6) != odds
    json.dumps(odds.as_payload())


def test_odds_report_progress_at_even_steps_ending_at_the_total() -> None:
    calls: list[tuple[int, int]] = []
    simulate_odds(COMBAT_SYSTEMS["instant_mass"], CLOSE, 1_050, seed=3, progress=lambda *c: calls.append(c))
    # Every 11th battle (1,050 / 100 rounded up), then the last.
    assert calls == [(done, 1_050) for done in range(11, 1_050, 11)] + [(1_050, 1_050)]
    assert len(calls) <= PROGRESS_REPORTS + 1


def test_odds_follow_standing_withdrawals_without_asking() -> None:
    # b flees at its first choice point whenever that comes after the first exchange.
    flee = BattleChoices(withdrawals=(WithdrawalDecision("b", 1, Withdrawal.FLEE),), ask=True)
    odds = simulate_odds(COMBAT_SYSTEMS["instant_mass"], CLOSE, battles=200, seed=2, choices=flee)
    plain = simulate_odds(COMBAT_SYSTEMS["instant_mass"], CLOSE, battles=200, seed=2)
    assert odds.sides[1].expected_units_lost < plain.sides[1].expected_units_lost


def test_odds_need_at_least_one_battle() -> None:
    with pytest.raises(ValueError, match="at least one battle"):
        simulate_odds(COMBAT_SYSTEMS["diceless"], CLOSE, battles=0, seed=1)
