"""One Centaurus Gate action: the Exec's difficulty and success roll, the player's risk roll, Venture spent as
Wrench and Hammer uses, stunts and diligence. Every die comes from an injected `Dice`, so each roll is recorded
(`DiceRolled`) and a GM may type physical rolls in.

Two things the rules say two ways are ruled in docs/rules.md ("Personnel and missions"): a difficulty die is a
Failure when it shows 1-5 ("count up the ones that result in one to five (50% chance each)"), and the risk rises
by the total of the dice showing 1-3 (the worked example: "3, 2, 6, and 5 ... keep the two dice 3 and 2, and
raise the risk 5"); the base risk is the table's (4d -> 7), not the text's stray "risk base is 9".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from game.engine.dice import Dice
from game.engine.gate.codes import DieCode

PLAYER_DIE = 6  # "The players use six-sided dice exclusively"
EXEC_DIE = 10  # "the Exec uses ten-sided dice exclusively"
VENTURE_FROM = 6  # "Any dice that roll six or more are discarded and instead create something called Venture"
FAILURE_UP_TO = 5
RISK_KEPT_UP_TO = 3
MAX_DIFFICULTY_DICE = 6  # "You can never have more than six dice of difficulty for an action"


@dataclass(frozen=True)
class Difficulty:
    dice: int
    base_risk: int
    challenge: str
    action_class: str
    force_factor: str


DIFFICULTIES: dict[int, Difficulty] = {d.dice: d for d in (
    Difficulty(3, 4, "Easy, should be able to do it.", "Routine action.", "Minimal."),
    Difficulty(4, 7, "Not too hard, likely possible.", "Common complex action.", "Minor."),
    Difficulty(5, 10, "Difficult, but not unlikely.", "Uncommon complicated action.", "Moderate."),
    Difficulty(6, 13, "Serious Challenge, possible.", "Rare and unusual action.", "Major."),
    Difficulty(7, 16, "Very hard, unlikely.", "Action most would not attempt without aid.", "Extreme."),
    Difficulty(8, 19, "Wow, would not attempt.", "Action most would avoid if at all possible.", "Awe Inspiring."),
    Difficulty(9, 22, "<Expletive deleted>, just no.", "Action others would question your sanity for attempting.",
               "Godly."),
)}

# "Difficulty Die Adjustment / Situation"
ADJUSTMENTS: dict[str, int] = {
    "all_the_time": -1,
    "rushed": 1,
    "extreme_rush": 2,
    "teamwork": -1,
    "organized_assistance": -2,
    "condition_impairs": 1,
    "condition_enhances": -1,
    "disadvantage": 1,
    "advantage": -1,
}
LACKS_ABILITY = {"none": 0, "plain": 1, "specialist": 2}  # "+1d ... would not need specialist ..., or +2d"


class Risk(StrEnum):
    NONE = "none"
    MINIMAL = "minimal"
    LIMITED = "limited"
    EXTREME = "extreme"


def contest_difficulty(opponent: DieCode) -> int:
    """"the difficulty base die code is the number of dice the opponent has in the proper attribute plus 1"."""
    return opponent.dice + 1


def difficulty_dice(base: int, attribute: DieCode, *, adjustments: tuple[str, ...] = (),
                    lacks_ability: str = "none") -> int:
    """The difficulty dice left to roll: the base plus adjustments, capped at six, less the attribute's dice."""
    if base not in DIFFICULTIES:
        raise ValueError(f"No difficulty of {base}d: the table runs 3d to 9d.")
    unknown = [a for a in adjustments if a not in ADJUSTMENTS]
    if unknown or lacks_ability not in LACKS_ABILITY:
        raise ValueError(f"Unknown difficulty adjustment {unknown or lacks_ability!r}.")
    total = base + sum(ADJUSTMENTS[a] for a in adjustments) + LACKS_ABILITY[lacks_ability]
    return max(0, min(MAX_DIFFICULTY_DICE, total) - attribute.dice)


@dataclass(frozen=True)
class SuccessRoll:
    """The Exec's roll: d10 faces, Failure (faces 1-5) and the risk target (base + faces 1-3)."""

    faces: tuple[int, ...]
    failure: int
    risk_target: int | None  # None: no risk


def success_roll(dice_left: int, base: int, risk: Risk, dice: Dice, purpose: str) -> SuccessRoll:
    faces = tuple(dice.roll(EXEC_DIE, f"{purpose}: difficulty die {n + 1}") for n in range(dice_left))
    failure = sum(1 for f in faces if f <= FAILURE_UP_TO)
    target = None if risk is Risk.NONE else DIFFICULTIES[base].base_risk + sum(
        f for f in faces if f <= RISK_KEPT_UP_TO)
    return SuccessRoll(faces, failure, target)


@dataclass(frozen=True)
class RiskRoll:
    """The player's roll of a die code: each die 1-5 adds to the total, each 6 is Venture instead."""

    code: DieCode
    faces: tuple[int, ...]
    total: int
    venture: int


def risk_roll(code: DieCode, dice: Dice, purpose: str, *, discard_venture: int = 0) -> RiskRoll:
    """`discard_venture`: the first Venture rolled that a condition discards (Painful Harm)."""
    faces = tuple(dice.roll(PLAYER_DIE, f"{purpose}: risk die {n + 1}") for n in range(code.dice))
    total = sum(f for f in faces if f < VENTURE_FROM) + code.pips
    venture = max(0, sum(1 for f in faces if f >= VENTURE_FROM) - discard_venture)
    return RiskRoll(code, faces, total, venture)


def diligence_roll(code: DieCode, dice: Dice, purpose: str) -> DieCode:
    """"You simply discard all dice that create venture ... The player takes the final total and then counts
    that as pips towards a die code for the reward earned"."""
    return DieCode(risk_roll(code, dice, purpose).total)


def enhance_leverage(existing: DieCode, rolled: DieCode) -> DieCode:
    """"If they are enhancing a die code already created, use 1/3 of the rolled pips as bonus pips ... (round
    up)"."""
    return existing.plus_pips(-(-rolled.total // 3))


class Grade(StrEnum):
    SUCCESS = "success"
    BARELY = "barely"  # "Barely Failed, nothing bad happens."
    BADLY = "badly"  # "Failed badly, something somewhat bad happens."
    HORRIBLY = "horribly"  # "Failed horribly, something really bad happens with lasting effects."


def grade_of(failure: int) -> Grade:
    return (Grade.SUCCESS, Grade.BARELY, Grade.BADLY)[failure] if failure < 3 else Grade.HORRIBLY


# Venture: "Wrench first, Hammer after ... only one Wrench or Hammer of a type can be used on a single risk roll".
# Each use: (Venture it takes, hours it moves on the crisis clock: Wrench pays, Hammer gains).
WRENCH: dict[str, tuple[str, int]] = {
    "close": ("That was close! +5 to the risk roll", 1),
    "make_it": ("Gotta make it! One Failure removed", 1),
    "that_good": ("I'm that good! The Exec re-rolls the failure dice", 1),
    "serious": ("Alright, time to get serious. A die code counts 1 die higher", 2),
    "not_bad": ("It's not as bad as I thought. One impairment removed", 2),
}
HAMMER: dict[str, tuple[str, int]] = {
    "worse": ("It's even worse than that. A Condition of the Exec's choice", 1),
    "cant": ("Can't do it! One Failure added", 1),
    "why_now": ("What? Why now!? A piece of notable Gear disabled", 2),
    "unseen": ("Didn't see that coming... Incapacitated", 3),
}


@dataclass(frozen=True)
class Outcome:
    """An action after Venture: Failure, whether the risk was avoided, Venture left, the uses made and the hours
    they moved on the crisis clock (negative: paid)."""

    failure: int
    risk_total: int
    risk_target: int | None
    venture_left: int
    uses: tuple[str, ...] = ()
    clock_hours: int = 0
    condition: str | None = None  # "worse": the Hammer's condition; "not_bad": the impairment removed
    failure_faces: tuple[int, ...] = field(default=())

    @property
    def grade(self) -> Grade:
        return grade_of(self.failure)

    @property
    def risk_avoided(self) -> bool:
        return self.risk_target is None or self.risk_total >= self.risk_target


def spend_venture(base: Outcome, wrench: tuple[str, ...], hammer: tuple[str, ...], dice: Dice, purpose: str,
                  *, clock_hours: int, hammer_condition: str | None = None) -> Outcome:
    """Wrench uses (the player's, each paying hours off a clock of `clock_hours`), then Hammer uses (the
    Exec's, from the Venture left). A use repeated, beyond the Venture or beyond the hours is refused."""
    for uses, table in ((wrench, WRENCH), (hammer, HAMMER)):
        if len(set(uses)) != len(uses) or any(u not in table for u in uses):
            raise ValueError(f"Each Venture use at most once a roll, from {sorted(table)}.")
    outcome = base
    for use in wrench:
        cost = WRENCH[use][1]
        if outcome.venture_left < 1 or clock_hours + outcome.clock_hours < cost:
            raise ValueError(f"No Venture or hours left for {use!r}.")
        outcome = replace(outcome, venture_left=outcome.venture_left - 1, uses=(*outcome.uses, use),
                          clock_hours=outcome.clock_hours - cost)
        if use == "close":
            outcome = replace(outcome, risk_total=outcome.risk_total + 5)
        elif use == "make_it":
            outcome = replace(outcome, failure=max(0, outcome.failure - 1))
        elif use == "that_good":
            faces = tuple(dice.roll(EXEC_DIE, f"{purpose}: re-rolled difficulty die {n + 1}")
                          for n in range(len(outcome.failure_faces)))
            outcome = replace(outcome, failure_faces=faces, failure=sum(1 for f in faces if f <= FAILURE_UP_TO))
        elif use == "not_bad":
            outcome = replace(outcome, condition="not_bad")
    for use in hammer:
        if outcome.venture_left < 1:
            raise ValueError(f"No Venture left for the Hammer use {use!r}.")
        outcome = replace(outcome, venture_left=outcome.venture_left - 1, uses=(*outcome.uses, use),
                          clock_hours=outcome.clock_hours + HAMMER[use][1])
        if use == "cant":
            outcome = replace(outcome, failure=outcome.failure + 1)
        elif use == "worse":
            outcome = replace(outcome, condition=hammer_condition or "worse")
    return outcome


@dataclass(frozen=True)
class Stunt:
    success: DieCode
    risk: DieCode
    hours: int  # paid off the clock


def stunt(success: DieCode, risk: DieCode, *, mastery: int, moved: int = 0, bought: int = 0,
          aspect: bool = False) -> Stunt:
    """"pays one and adds 1d to their die code for success"; may move `moved` dice from risk to success, one per
    mastery (3 at most for an Aspect); and buy `bought` more, one hour a die, one per mastery."""
    limit = 3 if aspect else mastery
    if not 0 <= moved <= min(limit, risk.dice) or not 0 <= bought <= mastery:
        raise ValueError(f"A stunt moves at most {limit} dice and buys at most {mastery}.")
    return Stunt(success.plus_dice(1 + moved + bought), risk.plus_dice(-moved), 1 + bought)


@dataclass(frozen=True)
class Action:
    """What a check needs: the attribute (success code), the risk code (defaults to the attribute), the
    difficulty and its adjustments, the risk level, and how Venture is to be used."""

    attribute: DieCode
    difficulty: int
    risk: Risk = Risk.LIMITED
    risk_code: DieCode | None = None
    adjustments: tuple[str, ...] = ()
    lacks_ability: str = "none"
    wrench: tuple[str, ...] = ()
    hammer: tuple[str, ...] = ()
    discard_venture: int = 0


@dataclass(frozen=True)
class CheckResult:
    action: Action
    dice_left: int
    success: SuccessRoll
    risk: RiskRoll
    outcome: Outcome


def check(action: Action, dice: Dice, purpose: str, *, clock_hours: int = 12) -> CheckResult:
    """The Exec's success roll first (hidden from the player), then the player's risk roll, then Venture."""
    left = difficulty_dice(action.difficulty, action.attribute, adjustments=action.adjustments,
                           lacks_ability=action.lacks_ability)
    success = success_roll(left, action.difficulty, action.risk, dice, purpose)
    risk = risk_roll(action.risk_code or action.attribute, dice, purpose, discard_venture=action.discard_venture)
    base = Outcome(success.failure, risk.total, success.risk_target, risk.venture, failure_faces=success.faces)
    outcome = spend_venture(base, action.wrench, action.hammer, dice, purpose, clock_hours=clock_hours)
    return CheckResult(action, left, success, risk, outcome)


def wrench_for(failure: int, risk_total: int, risk_target: int | None, venture: int, hours: int) -> tuple[str, ...]:
    """The Wrench uses a player would make on their own behalf (the system proposes them for an absent player):
    remove a Failure if there is one, then +5 if that saves the risk roll, while Venture and hours last."""
    uses: list[str] = []
    if failure and venture and hours >= 1:
        uses.append("make_it")
    missed = risk_target is not None and risk_total < risk_target <= risk_total + 5
    if missed and venture > len(uses) and hours >= len(uses) + 1:
        uses.append("close")
    return tuple(uses)


def success_chance(attribute: DieCode, difficulty: int, adjustments: tuple[str, ...] = (),
                   lacks_ability: str = "none") -> float:
    """The chance of no Failure before Venture: each difficulty die left is a Failure half the time."""
    return 0.5 ** difficulty_dice(difficulty, attribute, adjustments=adjustments, lacks_ability=lacks_ability)


def risk_chance(code: DieCode, target: int) -> float:
    """The chance a risk roll of `code` reaches `target` (Venture counting nothing), by exact convolution."""
    totals = {code.pips: 1.0}
    for _ in range(code.dice):
        step: dict[int, float] = {}
        for total, p in totals.items():
            for face in range(1, PLAYER_DIE + 1):
                value = total + (face if face < VENTURE_FROM else 0)
                step[value] = step.get(value, 0.0) + p / PLAYER_DIE
        totals = step
    return sum(p for total, p in totals.items() if total >= target)
