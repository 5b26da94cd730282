"""STEP codes and the colonization multiplier (Cluster War §2.1 and §7.0).

The round engine prices a colony with them (Expand 5) and the galaxy generator writes planets with them, so they
live here, below both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal

X = 10  # the digit X, one step above 9 ("X is only five steps away from 5555" for 55X5)


def _digit(value: int) -> str:
    return "X" if value == X else str(value)


@dataclass(frozen=True)
class StepCode:
    """"STEP stands for size, temperature, environment, and planetary surface." Each digit is 0-9, or X stored
    as 10: "X is only five steps away from 5555" for 55X5."""

    size: int
    temperature: int
    environment: int
    planet: int

    def __post_init__(self) -> None:
        if not all(0 <= digit <= X for digit in self.digits):
            raise ValueError(f"STEP digits run from 0 to 9 and X (10), not {self.digits}.")

    @property
    def digits(self) -> tuple[int, int, int, int]:
        return (self.size, self.temperature, self.environment, self.planet)

    @property
    def has_x(self) -> bool:
        return X in self.digits

    def __str__(self) -> str:
        return "".join(_digit(digit) for digit in self.digits)

    @classmethod
    def parse(cls, text: str) -> StepCode:
        if len(text) != 4 or any(char not in "0123456789Xx" for char in text):
            raise ValueError(f"A STEP code is four characters 0-9 or X, like 5555 or 55X5, not {text!r}.")
        size, temperature, environment, planet = (X if char in "Xx" else int(char) for char in text)
        return cls(size, temperature, environment, planet)


EARTH_LIKE = StepCode(5, 5, 5, 5)  # "5555 being a nice Earth-like planet"


def step_distance(home: StepCode, colony: StepCode) -> int:
    """"Count up the difference between the home world's and the colony's STEP values": 5465 is 2 from
    5555."""
    return sum(abs(a - b) for a, b in zip(home.digits, colony.digits, strict=True))


# (most steps, multiplier): "x1 zero, x1.5 1-2, x2 3-4, x3 5-6, x4 7-8, x5 9+".
_MULTIPLIERS: tuple[tuple[int, Decimal], ...] = (
    (0, Decimal(1)), (2, Decimal("1.5")), (4, Decimal(2)), (6, Decimal(3)), (8, Decimal(4)),
)
UNINHABITABLE = Decimal(5)


def colonization_multiplier(
    colony: StepCode, home: StepCode, *, environmental_resistance: bool = False
) -> Decimal:
    """The colony cost multiplier, x1 to x5, of settling `colony` for a race from `home`.

    "Any planet with an X in its STEP code is automatically uninhabitable": x5 whatever the steps, except
    (ruling) on a digit where the home world is X too. Environmental Resistance: "colonize worlds as if they
    were one step less".
    """
    if any(c == X and h != X for c, h in zip(colony.digits, home.digits, strict=True)):
        return UNINHABITABLE
    steps = step_distance(home, colony)
    if environmental_resistance:
        steps = max(0, steps - 1)
    for most_steps, multiplier in _MULTIPLIERS:
        if steps <= most_steps:
            return multiplier
    return UNINHABITABLE


def colonization_cost(max_output: int, multiplier: Decimal) -> int:
    """"Colony cost = planet max CP x colonization multiple", rounded up: §18 prices 389 at x1.5 as 584."""
    return math.ceil(max_output * multiplier)
