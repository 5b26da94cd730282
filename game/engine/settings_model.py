"""What a campaign setting is (its kind, when a change takes effect, who reads it), apart from the catalogue of
every setting (`game.engine.settings_catalogue`), so a rule module's `rules.py` can declare its own options without
importing the catalogue, which collects the modules as it is imported."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    BOOL = "bool"
    CHOICE = "choice"
    INT = "int"  # a whole number; `optional` ones may be left empty (null)
    MINUTES_PER_STEP = "minutes_per_step"  # {step key: minutes} for the steps that take orders
    MATRIX = "matrix"  # the pairs of civilizations for which it holds, [[lower id, higher id], ...]
    PER_CIV = "per_civ"  # {civ id: choice}, a civilization left out has the default choice


class Effect(StrEnum):
    """When a change takes effect. NEXT_ROUND: it would break the round in progress (rule modules, the combat
    system), so it waits for the next round to open; BEFORE_START: it can only be changed before the Start."""

    NOW = "now"
    NEXT_ROUND = "next_round"
    BEFORE_START = "before_start"


class Scope(StrEnum):
    """Who may read a setting's value. PER_CIV: a player reads only the entries that concern their civilization
    (whom they are at war with, their own trade), a spectator none: the rest is hidden information."""

    PUBLIC = "public"
    PER_CIV = "per_civ"


@dataclass(frozen=True)
class Setting:
    key: str
    group: str
    label: str
    help: str
    kind: Kind
    default: Any
    effect: Effect = Effect.NOW
    choices: tuple[tuple[str, str], ...] = ()  # (value, label); for combat systems given by the caller
    choices_from: str = ""  # "combat_systems": filled in at validation from what the combat engine offers
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False  # an INT that may be empty (null: not used)
    scope: Scope = Scope.PUBLIC
    module: str = ""  # an option of this rule module (shown under its switch)
    stored_at: tuple[str, ...] = ()  # the path in rule_options, when it is not the key itself

    def __post_init__(self) -> None:
        # A number without a ceiling is stored as sent (2^62) or breaks the store (2^64): every one has both bounds.
        if self.kind in (Kind.INT, Kind.MINUTES_PER_STEP) and (self.minimum is None or self.maximum is None):
            raise ValueError(f"Setting {self.key!r}: a whole number needs a minimum and a maximum.")
