"""Centaurus Gate die codes (`Xd+Y`) and their pip arithmetic.

"Every three bonus pips increases the die one count, but resets to zero pips": a code is a number of pips, three
to a die, so 3d+2 is 11 pips and 12 pips is 4d. Combining codes keeps "the highest die code, plus the die count
bonus pips of the assisting codes" ("3d Armor jacket, 2d Armor shirt, and 2d strength ... 3d + 4 pips = 4d+1").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PIPS_PER_DIE = 3
_CODE = re.compile(r"^\s*(\d+)\s*[dD]\s*(?:\+\s*(\d+))?\s*$")


class CodeError(ValueError):
    """Text that is not a die code."""


@dataclass(frozen=True, order=True)
class DieCode:
    """A die code as its total pips; `dice` and `pips` are the `X` and `Y` of `Xd+Y` (Y is 0..2)."""

    total: int

    def __post_init__(self) -> None:
        if self.total < 0:
            raise CodeError(f"A die code cannot be below 0d (got {self.total} pips).")

    @classmethod
    def of(cls, dice: int, pips: int = 0) -> DieCode:
        return cls(max(0, dice * PIPS_PER_DIE + pips))

    @classmethod
    def parse(cls, text: str) -> DieCode:
        match = _CODE.match(text)
        if match is None:
            raise CodeError(f"{text!r} is not a die code like 3d+2.")
        return cls.of(int(match[1]), int(match[2] or 0))

    @property
    def dice(self) -> int:
        return self.total // PIPS_PER_DIE

    @property
    def pips(self) -> int:
        return self.total % PIPS_PER_DIE

    def plus_pips(self, pips: int) -> DieCode:
        """Bonus pips (a special rule's "+5 BP"), or a loss when negative; never below 0d."""
        return DieCode(max(0, self.total + pips))

    def plus_dice(self, dice: int) -> DieCode:
        """+1d / -1d: a whole die more or less, the pips kept."""
        return self.plus_pips(dice * PIPS_PER_DIE)

    def __str__(self) -> str:
        return f"{self.dice}d+{self.pips}" if self.pips else f"{self.dice}d"


def combine(*codes: DieCode) -> DieCode:
    """Risk-roll modifiers and assistance: the highest code, plus each other code's dice as bonus pips (its own
    pips do not carry: "3d+1 and 2d ... 3d+3 = 4d")."""
    if not codes:
        return DieCode(0)
    ordered = sorted(codes, reverse=True)
    return ordered[0].plus_pips(sum(code.dice for code in ordered[1:]))


def pips_to_raise(code: DieCode, to: DieCode) -> int:
    """Advancement cost: each pip bought costs the code's current dice ("1D costs 1 per pip, and 3D costs 3 per
    pip ... three times the current die code to move to the next"); 0d codes cost 1 a pip."""
    cost, now = 0, code
    while now < to:
        cost += max(1, now.dice)
        now = now.plus_pips(1)
    return cost
