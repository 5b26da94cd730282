"""What an explorer (here: an agent) carries between actions: conditions and their tracks, fallout, the crisis
clock, leverage and advancements (Centaurus Gate "Fallout and Conditions", "Crisis Clock", "Leverage Die
Codes", "Advancements")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from game.engine.dice import Dice
from game.engine.gate.check import EXEC_DIE, PLAYER_DIE
from game.engine.gate.codes import DieCode

ATTRIBUTES = ("dexterity", "strength", "perception", "knowledge", "technical", "mechanical")


class Track(StrEnum):
    HARM = "harm"  # full: incapacitated
    PERSUASION = "persuasion"  # full: changes their mind or attitude
    ALTERATION = "alteration"  # full: altered


@dataclass(frozen=True)
class Condition:
    key: str
    name: str
    track: Track
    impairs: bool
    level: int  # the I1/E2 ... number: dots it fills on its track
    rule: str


CONDITIONS: dict[str, Condition] = {c.key: c for c in (
    Condition("crippling_wound", "Crippling Wound", Track.HARM, True, 3, "Continuous loss of 1D from a die code."),
    Condition("dire_injury", "Dire Injury", Track.HARM, True, 3,
              "The Exec may pay one to cancel an action and remove 1D until the end of tension."),
    Condition("distracting_injury", "Distracting Injury", Track.HARM, True, 2,
              "The Exec may pay one to add 1D to a difficulty test."),
    Condition("painful_harm", "Painful Harm", Track.HARM, True, 1, "The first Venture of a roll is discarded."),
    Condition("paralyzing_injury", "Paralyzing Injury", Track.HARM, True, 2,
              "The Exec may pay one for the loss of a die."),
    Condition("surface_wound", "Surface Wound", Track.HARM, True, 1,
              "Venture on a risk roll may make it worse (HI2)."),
    Condition("confused", "Confused", Track.PERSUASION, True, 1, "The Exec may pay one to take 1d of risk dice."),
    Condition("consumed", "Consumed", Track.PERSUASION, True, 3, "Pay one or lose 1D for each action."),
    Condition("eager", "Eager", Track.PERSUASION, False, 1, "May pay one to earn 1D for any action."),
    Condition("transcendent", "Transcendent", Track.PERSUASION, False, 3,
              "May pay one to have the Exec re-roll failure dice once per Per/Know action."),
    Condition("troubled", "Troubled", Track.PERSUASION, True, 2,
              "The Exec may pay one to re-roll all failed failure dice."),
    Condition("questioning", "Questioning", Track.PERSUASION, False, 2,
              "Know/Per count 1D higher toward difficulty tests."),
    Condition("improved", "Improved", Track.ALTERATION, False, 1, "May pay one for +1D to a risk code, one roll."),
    Condition("weakened", "Weakened", Track.ALTERATION, True, 1, "Venture may bring +1 Failure."),
    Condition("augmented", "Augmented", Track.ALTERATION, False, 2,
              "May pay one for +1D to every success code for the tension sequence."),
    Condition("hindered", "Hindered", Track.ALTERATION, True, 2, "Fallout counts one grade higher."),
    Condition("enhanced", "Enhanced", Track.ALTERATION, False, 3,
              "On Venture, may pay one to succeed or avoid fallout, not both."),
    Condition("restrained", "Restrained", Track.ALTERATION, True, 3,
              "Unless one is paid, an action may fail."),
)}
TRACK_DOTS = 3  # "Each begins with 3 open 'dots'"


class Arena(StrEnum):
    MATERIAL = "material"
    PUBLIC = "public"
    PRIVATE = "private"
    INTELLECTUAL = "intellectual"
    ISOTECH = "isotech"


# Arena -> the attribute that resists it and the condition track it fills.
ARENAS: dict[Arena, tuple[str, Track]] = {
    Arena.MATERIAL: ("strength", Track.HARM),
    Arena.PUBLIC: ("perception", Track.PERSUASION),
    Arena.PRIVATE: ("perception", Track.PERSUASION),
    Arena.INTELLECTUAL: ("knowledge", Track.ALTERATION),
    Arena.ISOTECH: ("technical", Track.HARM),
}
GRADES = ("minor", "moderate", "major", "critical")


def fallout(code: DieCode, resistance: DieCode, dice: Dice, purpose: str, *, hindered: bool = False) -> int:
    """The fallout grade, 0 Minor .. 3+ Critical: the fallout code less the resisting attribute's dice, each die
    rolled under four raising the grade one ("It always starts as Minor"); Hindered counts it one higher."""
    left = max(0, code.dice - resistance.dice)
    faces = [dice.roll(EXEC_DIE, f"{purpose}: fallout die {n + 1}") for n in range(left)]
    return sum(1 for f in faces if f < 4) + int(hindered)


def grade_name(grade: int) -> str:
    return GRADES[min(grade, len(GRADES) - 1)]


def fallout_condition(arena: Arena, grade: int) -> Condition:
    """The core condition a grade of fallout in an arena proposes: the track's impairment of that level (a
    Critical is a Major "with additional numerical weight": the level-3 one)."""
    track = ARENAS[arena][1]
    level = min(grade + 1, 3)
    return next(c for c in CONDITIONS.values() if c.track is track and c.impairs and c.level == level)


def track_full(conditions: tuple[str, ...], track: Track, dots: int = TRACK_DOTS) -> bool:
    return sum(CONDITIONS[c].level for c in conditions if CONDITIONS[c].track is track) >= dots


@dataclass(frozen=True)
class Clock:
    """The crisis clock: 12 hours (9 for an explorer of two roles); "never less than zero"; run out, it is out
    of the player's hands until the crisis is addressed, then refilled with 3 + a die."""

    hours: int = 12
    roles: int = 1
    critical: int = 0  # critical count

    @property
    def most(self) -> int:
        return 12 if self.roles == 1 else 9

    @property
    def critical_openings(self) -> int:
        return 12 if self.roles == 1 else 6

    @property
    def in_crisis(self) -> bool:
        return self.hours == 0

    def moved(self, hours: int) -> Clock:
        """Pay (negative) or gain (positive) hours, kept within 0..most. A clock in crisis does not move."""
        if self.in_crisis:
            return self
        return replace(self, hours=max(0, min(self.most, self.hours + hours)))

    def crisis_addressed(self, dice: Dice, purpose: str, *, critical: bool = False) -> Clock:
        roll = dice.roll(PLAYER_DIE, f"{purpose}: crisis clock refill")
        count = min(self.critical_openings, self.critical + int(critical))
        return replace(self, hours=min(self.most, 3 + roll), critical=count)


def use_leverage(code: DieCode, *, pay: bool) -> DieCode | None:
    """"Each time a player uses Leverage ... they either pay one or the Leverage loses 1d"; below 0d it expires
    (None)."""
    if pay:
        return code
    return None if code.dice == 0 else code.plus_dice(-1)


ADVANCEMENT_PIPS = (20, 30, 40, 50, 60, 70)


def advancement_pips(number: int, critical: int = 0) -> int:
    """Die pips of the `number`th advancement (1-based): the table, 40 from the 7th, plus 3 x critical count."""
    base = ADVANCEMENT_PIPS[number - 1] if number <= len(ADVANCEMENT_PIPS) else 40
    return base + 3 * critical
