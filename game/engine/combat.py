"""The combat-system interface the Exterminate phase uses (step 4: "The skirmish is played out using one of
the COMBAT SYSTEMS"). The systems themselves live in `combat.engine`; the service hands the campaign's choice
in, so the round never imports a particular system.

Choices made during a battle (a surrender offer, its answer, fleeing partway) come in as `BattleChoices`. A
battle is a pure function of the skirmish, the dice and the choices, so the service pauses a battle by
letting the system raise `ChoiceNeeded`, asks the player, and fights the battle again from the same seed
with the answer added."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

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
    """One unit as a fight sees it. Stats are per the design sheet; `multiplier` is its scale's (x1-x10^6)."""

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
    attack_factor: float = 1.0  # its crew's grade and its stress out of supply (game.engine.supply.attack_factor)


def is_combat_capable(unit: CombatUnit) -> bool:
    """Ruling (docs/rules.md, "Units without weapons"): a unit fights only if it has a weapon that
    does damage. Exterminate step 8 leaves the "remaining non-offensive Units" to the Victor, so unarmed
    units take no part in any combat system: they add nothing to their side's totals and take no damage."""
    return unit.hp > 0 and any(weapon.average_damage > 0 for weapon in unit.weapons)


def bulwark_rating(unit: CombatUnit) -> float:
    """Exterminate step 5: "Destroyed Units become Space Junk worth 25% of their initial bulwark rating."

    Ruling (docs/rules.md, "Bulwark rating"): a unit's bulwark is its hull and armour as built, that is
    its maximum HP plus the DR of all its defenses, times its scale multiplier. "Initial" means undamaged, so
    damage taken before or during the battle does not lower it."""
    return (unit.max_hp + sum(defense.damage_resistance for defense in unit.defenses)) * unit.multiplier


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


class OfferKind(StrEnum):
    """Diceless Combat step 4: "The Victor may give the losing side a chance to surrender, or to agree to
    settle their differences peacefully under other specific terms"."""

    NONE = "none"
    SURRENDER = "surrender"
    TERMS = "terms"


@dataclass(frozen=True)
class Offer:
    kind: OfferKind
    terms: str = ""  # the Victor's wording of the terms, shown to the losing side


class Withdrawal(StrEnum):
    """Instant Mass Combat: "a losing side the option to surrender or flee partway through"."""

    FIGHT_ON = "fight_on"
    FLEE = "flee"
    SURRENDER = "surrender"


@dataclass(frozen=True)
class WithdrawalDecision:
    side_id: str
    exchange: int  # the choice point: after this exchange, before the side's own next turn
    action: Withdrawal


class ChoiceKind(StrEnum):
    OFFER = "offer"  # the Victor decides whether to offer surrender or terms
    ANSWER = "answer"  # the losing side accepts or refuses the offer
    WITHDRAWAL = "withdrawal"  # a side may flee or surrender before its next turn


@dataclass(frozen=True)
class ChoicePoint:
    kind: ChoiceKind
    side_id: str
    exchange: int = 0  # 0: before the battle
    detail: dict[str, Any] = field(default_factory=dict)  # JSON-serialisable: what the player needs to decide


class ChoiceNeeded(Exception):
    """A battle reached a choice nobody has made yet; answer it in `BattleChoices` and fight again."""

    def __init__(self, point: ChoicePoint) -> None:
        super().__init__(f"Side {point.side_id} has a {point.kind.value} choice to make "
                         f"(exchange {point.exchange}).")
        self.point = point


# Ruling (docs/rules.md, "Fleeing partway"): a side may withdraw after an exchange that took its Fleet
# Endurance below one of these percentages of its starting Endurance, so a player is asked at most three
# times.
WITHDRAWAL_THRESHOLDS: tuple[int, ...] = (75, 50, 25)


@dataclass(frozen=True)
class BattleChoices:
    """The answers given so far. With `ask`, a choice point without an answer raises `ChoiceNeeded`;
    without it (an odds simulation, a deadline that passed) an unanswered choice means no offer, and the
    fight goes on."""

    offer: Offer | None = None
    offer_accepted: bool | None = None
    withdrawals: tuple[WithdrawalDecision, ...] = ()
    ask: bool = False

    def withdrawal(self, side_id: str, exchange: int) -> Withdrawal | None:
        for decision in self.withdrawals:
            if decision.side_id == side_id and decision.exchange == exchange:
                return decision.action
        return None


class Ending(StrEnum):
    VICTORY = "victory"  # one side destroyed the other
    UNCONTESTED = "uncontested"  # only one side had combat-capable units: it wins without a shot
    NO_COMBATANTS = "no_combatants"  # neither side had a combat-capable unit
    STALEMATE = "stalemate"  # neither side could damage the other
    MUTUAL_DESTRUCTION = "mutual_destruction"  # Diceless: equal Fleet Power
    SURRENDERED = "surrendered"  # the losing side surrendered (accepted an offer, or partway)
    TERMS_AGREED = "terms_agreed"  # Diceless step 4: peace under the Victor's terms
    FLED = "fled"  # the losing side escaped partway


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
    ending: Ending = Ending.VICTORY


class CombatSystem(Protocol):
    """One way of playing a skirmish out. A later tactical system (Centurion's hex battle) fits the same
    shape: its players' moves are choices, asked for with `ChoiceNeeded` and replayed from `BattleChoices`."""

    key: str
    title: str

    def fight(self, skirmish: Skirmish, dice: Dice, choices: BattleChoices | None = None) -> CombatResult: ...
