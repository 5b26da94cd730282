"""Centaurus Gate dice engine: the rules' own examples, with scripted dice."""

from __future__ import annotations

import pytest

from game.engine.dice import ScriptedDice
from game.engine.gate import check, sheet, tension
from game.engine.gate.codes import CodeError, DieCode, combine, pips_to_raise


def code(text: str) -> DieCode:
    return DieCode.parse(text)


def test_pips_carry_into_dice_as_the_reference_table_says() -> None:
    assert [str(DieCode(total)) for total in (0, 1, 2, 3, 11, 12, 17, 30)] == [
        "0d", "0d+1", "0d+2", "1d", "3d+2", "4d", "5d+2", "10d"]
    assert code("3d+1").plus_pips(2) == code("4d")
    assert code("2d").plus_pips(5) == code("3d+2")  # "+5 BP and 2d = 3d+2"
    with pytest.raises(CodeError):
        DieCode.parse("3d6")


def test_combining_codes_keeps_the_highest_and_adds_the_others_dice_as_pips() -> None:
    assert combine(code("2d"), code("3d")) == code("3d+2")  # Strength 2d in 3d armour
    assert combine(code("3d+1"), code("2d")) == code("4d")
    assert combine(code("3d"), code("2d"), code("2d")) == code("4d+1")  # jacket, shirt and strength


def test_raising_a_code_costs_its_dice_per_pip() -> None:
    assert pips_to_raise(code("2d"), code("3d")) == 6
    assert sheet.advancement_pips(1, critical=5) == 35
    assert sheet.advancement_pips(9) == 40


def test_difficulty_dice_are_the_base_plus_adjustments_capped_at_six_less_the_attribute() -> None:
    assert check.difficulty_dice(5, code("3d+2")) == 2
    assert check.difficulty_dice(9, code("1d"), adjustments=("rushed",)) == 5  # 10 capped at 6
    assert check.difficulty_dice(4, code("2d"), lacks_ability="specialist") == 4
    assert check.difficulty_dice(3, code("4d")) == 0  # trivial
    assert check.contest_difficulty(code("3d+2")) == 4


def test_a_six_is_venture_and_adds_nothing_to_the_risk_total() -> None:
    roll = check.risk_roll(code("3d+2"), ScriptedDice([6, 4, 5]), "test")
    assert (roll.total, roll.venture) == (11, 1)


def test_failure_counts_dice_one_to_five_and_risk_rises_by_the_dice_under_four() -> None:
    result = check.success_roll(4, 4, check.Risk.LIMITED, ScriptedDice([3, 2, 6, 5]), "test")
    assert result.failure == 3
    assert result.risk_target == 7 + 5  # the example: keep 3 and 2, raise the risk 5
    assert check.grade_of(result.failure) is check.Grade.HORRIBLY
    assert [check.grade_of(n) for n in range(3)] == [check.Grade.SUCCESS, check.Grade.BARELY, check.Grade.BADLY]


def test_wrench_first_then_hammer_each_moving_the_crisis_clock() -> None:
    action = check.Action(code("2d"), 4, wrench=("make_it",), hammer=("cant",))
    # difficulty 4 - 2 = 2 dice: 1 and 9 (one Failure); risk dice 6, 6 (two Venture).
    result = check.check(action, ScriptedDice([1, 9, 6, 6]), "test")
    assert result.outcome.failure == 1  # one removed, one added back
    assert result.outcome.clock_hours == 0  # paid one, gained one
    assert result.outcome.venture_left == 0
    with pytest.raises(ValueError):
        check.check(check.Action(code("2d"), 4, wrench=("close", "close")), ScriptedDice([1, 9, 6, 6]), "t")


def test_stunt_moves_dice_from_risk_to_success_per_mastery() -> None:
    han = check.stunt(code("6d"), code("6d"), mastery=2, moved=2)
    assert (han.success, han.risk, han.hours) == (code("9d"), code("4d"), 1)


def test_diligence_discards_venture_and_makes_leverage_that_wears_down() -> None:
    leverage = check.diligence_roll(code("2d"), ScriptedDice([6, 5]), "test")
    assert leverage == code("1d+2")
    assert check.enhance_leverage(code("2d+2"), DieCode(7)) == code("3d+2")  # 7 pips -> 3 bonus pips
    assert sheet.use_leverage(code("1d"), pay=False) == code("0d")
    assert sheet.use_leverage(code("0d+2"), pay=False) is None


def test_fallout_grades_and_the_condition_they_propose() -> None:
    grade = sheet.fallout(code("5d"), code("2d"), ScriptedDice([1, 3, 8]), "test")
    assert sheet.grade_name(grade) == "major"
    assert sheet.fallout_condition(sheet.Arena.MATERIAL, grade).key in {"crippling_wound", "dire_injury"}
    assert sheet.fallout_condition(sheet.Arena.PUBLIC, 0).key == "confused"
    assert sheet.track_full(("dire_injury",), sheet.Track.HARM)


def test_the_crisis_clock_stays_within_bounds_and_refills_after_a_crisis() -> None:
    clock = sheet.Clock(hours=2, roles=2)
    assert clock.moved(20).hours == 9  # two roles: hours 10-12 are blocked
    out = clock.moved(-5)
    assert out.in_crisis and out.moved(3).hours == 0
    back = out.crisis_addressed(ScriptedDice([4]), "test", critical=True)
    assert (back.hours, back.critical) == (7, 1)


def test_tension_spin_slides_the_track_and_a_pitfall_happens_at_fifteen() -> None:
    t = tension.start("the reactor blows", "horrible", players=3, track=13)
    assert t.dice == 4
    after, spin = tension.spin_the_world(t, ScriptedDice([1, 2, 9, 3]), "test", spotlight=1)
    assert (spin.successes, spin.spotlight, spin.slide) == (3, 1, 2)
    assert after.happened


def test_odds_before_ordering() -> None:
    assert check.success_chance(code("3d"), 5) == 0.25
    assert check.risk_chance(code("1d"), 5) == pytest.approx(1 / 6)
    assert check.risk_chance(code("0d+2"), 2) == 1.0

