"""Centaurus Gate tension mode: a track per Pitfall from 1 to 15, the Exec spinning the world."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.engine.dice import Dice
from game.engine.gate.check import EXEC_DIE

PITFALL_AT = 15
OUTLOOK_DICE = {"bad": 2, "horrible": 3, "doomed": 4}


@dataclass(frozen=True)
class Tension:
    pitfall: str
    track: int
    dice: int  # the Exec's tension dice: never raised, may be reduced

    @property
    def happened(self) -> bool:
        return self.track >= PITFALL_AT

    @property
    def avoided(self) -> bool:
        return self.track <= 0

    def lowered(self, by: int) -> Tension:
        """A player's successful action lowers it 1, a particularly effective one 2 (3 for the first player)."""
        return replace(self, track=max(0, self.track - by))

    def made_worse(self) -> Tension:
        """"Exec Makes Things Worse" on a cued Ready!: Tension +1, one tension die fewer."""
        return replace(self, track=min(PITFALL_AT, self.track + 1), dice=max(0, self.dice - 1))


def start(pitfall: str, outlook: str, players: int, track: int = 5) -> Tension:
    """Base dice by how bad it looks, plus one per two players."""
    if outlook not in OUTLOOK_DICE:
        raise ValueError(f"The outlook is one of {sorted(OUTLOOK_DICE)}.")
    if not 1 <= track < PITFALL_AT:
        raise ValueError("A tension track starts between 1 and 14.")
    return Tension(pitfall, track, OUTLOOK_DICE[outlook] + players // 2)


@dataclass(frozen=True)
class Spin:
    faces: tuple[int, ...]
    successes: int
    slide: int
    slip: bool
    spotlight: int


def spin_the_world(tension: Tension, dice: Dice, purpose: str, *, slip: bool = False,
                   spotlight: int = 0) -> tuple[Tension, Spin]:
    """Roll the tension dice; each under four is a success, spent on Slip (two, once), Spotlight (one per -1d,
    at most 3) and the rest on Slide (+1 Tension each, at most 3)."""
    faces = tuple(dice.roll(EXEC_DIE, f"{purpose}: tension die {n + 1}") for n in range(tension.dice))
    successes = sum(1 for f in faces if f < 4)
    left = successes
    slipped = slip and left >= 2
    left -= 2 if slipped else 0
    lit = min(spotlight, 3, left)
    left -= lit
    slide = min(3, left)
    return replace(tension, track=min(PITFALL_AT, tension.track + slide)), Spin(faces, successes, slide, slipped,
                                                                                 lit)
