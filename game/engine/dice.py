"""Dice are injected and recorded, so that a step can be replayed exactly and a GM can roll physical dice.

A `SeededDice` derives every roll of a step from the campaign seed and the step's key; a `ScriptedDice` hands out
rolls typed in by a GM (or written in a test). Both record each roll as a `DiceRolled` fact.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Protocol


class DiceError(ValueError):
    """A roll that cannot be made: an impossible die or a script that ran out."""


class DiceExhausted(DiceError):
    """The GM's entered rolls ran out; the step needs more before it can resolve."""

    def __init__(self, purpose: str, sides: int) -> None:
        super().__init__(f"No entered roll left for {purpose} (d{sides}); enter more rolls to go on.")
        self.purpose = purpose
        self.sides = sides


@dataclass(frozen=True)
class DiceRolled:
    purpose: str
    sides: int
    result: int

    def as_payload(self) -> dict[str, object]:
        return {"purpose": self.purpose, "sides": self.sides, "result": self.result}


class Dice(Protocol):
    rolls: list[DiceRolled]

    def roll(self, sides: int, purpose: str) -> int:
        """One roll of a die with `sides` faces, 1..sides; `purpose` says what it decides, for the record."""
        ...


def _check_sides(sides: int) -> None:
    if sides < 2:
        raise DiceError(f"A die needs at least 2 sides, not {sides}.")


def step_seed(campaign_seed: str, *parts: object) -> int:
    """A stable 64-bit seed for one step (or one battle) of a campaign: same inputs, same dice, on any machine."""
    text = ":".join([campaign_seed, *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass
class SeededDice:
    seed: int
    rolls: list[DiceRolled] = field(default_factory=list)

    def __post_init__(self) -> None:
        # A private generator: the global `random` would make results depend on whatever else ran before.
        self._rng = random.Random(self.seed)

    def roll(self, sides: int, purpose: str) -> int:
        _check_sides(sides)
        result = self._rng.randint(1, sides)
        self.rolls.append(DiceRolled(purpose, sides, result))
        return result


@dataclass
class EnteredDice:
    """The GM's physical rolls first, in the order they are asked for; after them, the seeded dice if the
    campaign lets the server roll (`fallback`), or a request for more rolls if it does not."""

    entered: list[int]
    fallback: Dice | None = None
    rolls: list[DiceRolled] = field(default_factory=list)

    def roll(self, sides: int, purpose: str) -> int:
        _check_sides(sides)
        position = len(self.rolls)
        if position < len(self.entered):
            result = self.entered[position]
            if not 1 <= result <= sides:
                raise DiceError(f"Entered roll #{position + 1} is {result}, but {purpose} needs a d{sides} "
                                f"(1-{sides}).")
        elif self.fallback is None:
            raise DiceExhausted(purpose, sides)
        else:
            result = self.fallback.roll(sides, purpose)
        self.rolls.append(DiceRolled(purpose, sides, result))
        return result


def ScriptedDice(script: list[int]) -> EnteredDice:
    """Rolls given in advance, in the order they will be asked for (a test's, or a GM's with no server rolls)."""
    return EnteredDice(script)
