"""The combat-system interface the Exterminate phase uses (step 4: "The skirmish is played out using one of the
COMBAT SYSTEMS"). The systems themselves live in `combat.engine`; the service hands the campaign's choice in, so
the round never imports a particular system.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from game.engine.dice import Dice
from game.engine.events import Event


@dataclass(frozen=True)
class Weapon:
    type: str  # "ballistic", "energy", ...
    average_damage: float


@dataclass(frozen=True)
class Defense:
    type: str
    damage_resistance: float


@dataclass(frozen=True)
class CombatUnit:
    """One unit as a fight sees it. Stats are per the design sheet; `multiplier` is its scale's (x1 .. x10^6)."""

    unit_id: int
    civ_id: int
    name: str
    multiplier: int
    hp: float  # hit points left now, unscaled
    max_hp: float
    evasion: float
    targeting: float
    weapons: tuple[Weapon, ...] = ()
    defenses: tuple[Defense, ...] = ()
    ore_carried: int = 0
    crew: int = 0


@dataclass(frozen=True)
class CombatSide:
    side_id: str
    civ_ids: tuple[int, ...]
    units: tuple[CombatUnit, ...]


@dataclass(frozen=True)
class Skirmish:
    skirmish_id: str
    sector: str
    sides: tuple[CombatSide, CombatSide]


@dataclass(frozen=True)
class UnitOutcome:
    unit_id: int
    hp_left: float
    destroyed: bool
    escaped: bool = False
    surrendered: bool = False


@dataclass(frozen=True)
class CombatResult:
    victor: str | None  # side_id, or None when no side won (both fled, terms agreed)
    units: tuple[UnitOutcome, ...]
    events: tuple[Event, ...] = field(default=())  # the battle report: exchanges, dice, per-unit outcomes


class CombatSystem(Protocol):
    key: str
    title: str

    def fight(self, skirmish: Skirmish, dice: Dice) -> CombatResult: ...
