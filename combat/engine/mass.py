"""What Instant Mass and Separate Weapon Mass Combat share: fleets with an Endurance, initiative, blows traded
"back and forth ... until one side reaches 0 Fleet Endurance", the losing side's chance "to surrender or flee
partway through", and the damage applied at the end "as described in the section Diceless Combat".

An exchange is one side's turn: one blow, struck by one side at the other."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from combat.engine.attrition import damage_fleet
from combat.engine.diceless import destroy_losing_fleet
from combat.engine.report import conclude, open_battle
from combat.engine.stats import initiative
from game.engine.combat import (
    WITHDRAWAL_THRESHOLDS,
    BattleChoices,
    ChoiceKind,
    ChoiceNeeded,
    ChoicePoint,
    CombatResult,
    CombatSide,
    CombatUnit,
    Ending,
    Skirmish,
    UnitOutcome,
    Withdrawal,
)
from game.engine.dice import Dice
from game.engine.events import Event


@dataclass
class Fleet:
    """One side in a mass battle. Mutable on purpose: `endurance` falls as blows land during the battle."""

    side: CombatSide
    units: tuple[CombatUnit, ...]
    strength: dict[int, float]  # each unit's part of the Fleet Endurance, by unit id
    potential: dict[str, float]  # damage potential per weapon type (Instant Mass: one entry for all weapons)
    resistance: dict[str, float]  # defensive potential per defense type (Instant Mass: none, it is Endurance)
    initiative: float
    endurance_start: float
    endurance: float

    def percent_left(self) -> float:
        return 100 * self.endurance / self.endurance_start

    def totals_payload(self) -> dict[str, Any]:
        return {
            "side_id": self.side.side_id,
            "damage_potential": dict(self.potential),
            "defensive_potential": dict(self.resistance),
            "initiative": self.initiative,
            "endurance": self.endurance_start,
        }


@dataclass(frozen=True)
class Hit:
    """One d20 roll's worth of damage: Instant Mass rolls once a turn, Separate Weapon once a weapon type."""

    weapon_type: str
    roll: int
    percent: int
    damage: float
    resisted: float = 0.0

    def as_payload(self) -> dict[str, Any]:
        return {
            "weapon_type": self.weapon_type,
            "roll": self.roll,
            "percent": self.percent,
            "damage": self.damage,
            "resisted": self.resisted,
        }


@dataclass(frozen=True)
class Exchange:
    number: int
    striker: Fleet
    target: Fleet
    hits: tuple[Hit, ...]

    @property
    def damage(self) -> float:
        return sum(hit.damage for hit in self.hits)

    @property
    def resisted(self) -> float:
        return sum(hit.resisted for hit in self.hits)

    def as_event(self) -> Event:
        """`endurance_left` holds both sides' Endurance after the blow: the series a replay charts."""
        return Event("ExchangeFought", {
            "exchange": self.number,
            "striker": self.striker.side.side_id,
            "target": self.target.side.side_id,
            "hits": [hit.as_payload() for hit in self.hits],
            "damage": self.damage,
            "resisted": self.resisted,
            "dealt": self.damage - self.resisted,
            "endurance_left": {
                self.striker.side.side_id: self.striker.endurance,
                self.target.side.side_id: self.target.endurance,
            },
        })


class MassSystem(Protocol):
    key: str

    def muster(self, side: CombatSide, units: tuple[CombatUnit, ...]) -> Fleet: ...

    def strike(self, striker: Fleet, target: Fleet, dice: Dice) -> tuple[Hit, ...]: ...


def fleet_initiative(units: tuple[CombatUnit, ...]) -> float:
    """Instant Mass step 3 / Separate Weapon step 4: "Total the initiative of all units on your side." """
    return sum(initiative(unit) for unit in units)


def percent_of_potential(potential: float, roll: int) -> tuple[int, float]:
    """Instant Mass step 4: "Roll a D20 and multiply the result by 5. This is the percentage (between 5% and
    100%) of your Fleet Offensive Potential which you will do ... Use a calculator. Round up."

    Rounded to 9 decimals before rounding up, so that float noise (3.0000000000000004) does not add a
    point."""
    percent = roll * 5
    return percent, float(math.ceil(round(potential * percent / 100, 9)))


def who_goes_first(fleets: tuple[Fleet, Fleet], dice: Dice, events: list[Event]) -> tuple[Fleet, Fleet]:
    """Instant Mass step 3: "The Fleet with the higher Initiative goes first."

    Ruling (docs/rules.md, "Equal initiative"): on equal totals each side rolls a d20, the first
    side in the skirmish first; the higher roll goes first, and equal rolls are rolled again."""
    a, b = fleets
    roll_off: list[dict[str, int]] = []
    if a.initiative != b.initiative:
        first = a if a.initiative > b.initiative else b
    else:
        while True:
            rolls = {
                fleet.side.side_id: dice.roll(20, f"initiative roll-off: {fleet.side.side_id}")
                for fleet in fleets
            }
            roll_off.append(rolls)
            if rolls[a.side.side_id] != rolls[b.side.side_id]:
                first = a if rolls[a.side.side_id] > rolls[b.side.side_id] else b
                break
    second = b if first is a else a
    events.append(Event("InitiativeDecided", {
        "initiative": {fleet.side.side_id: fleet.initiative for fleet in fleets},
        "roll_off": roll_off,
        "first": first.side.side_id,
    }))
    return first, second


def can_harm(striker: Fleet, target: Fleet) -> bool:
    """Whether the striker's best roll gets any damage past the target's resistance."""
    return any(potential > target.resistance.get(kind, 0.0) for kind, potential in striker.potential.items())


def withdrawal_choice(
    fleet: Fleet, enemy: Fleet, before: float, exchange: int, choices: BattleChoices
) -> Withdrawal:
    """Instant Mass Combat: the rules give "a losing side the option to surrender or flee partway through, if
    they don't like the way the battle is going".

    Ruling (docs/rules.md, "Fleeing partway"): the choice comes after an exchange that took a side's
    Fleet Endurance below 75%, 50% or 25% of its start, before that side's next turn; withdrawing costs
    that turn."""
    start = fleet.endurance_start
    crossed = [t for t in WITHDRAWAL_THRESHOLDS if fleet.endurance < start * t / 100 <= before]
    if not crossed:
        return Withdrawal.FIGHT_ON
    action = choices.withdrawal(fleet.side.side_id, exchange)
    if action is not None:
        return action
    if choices.ask:
        raise ChoiceNeeded(ChoicePoint(ChoiceKind.WITHDRAWAL, fleet.side.side_id, exchange, {
            "threshold": min(crossed),
            "endurance_left": fleet.endurance,
            "percent_left": fleet.percent_left(),
            "enemy_side_id": enemy.side.side_id,
            "enemy_percent_left": enemy.percent_left(),
        }))
    return Withdrawal.FIGHT_ON


@dataclass(frozen=True)
class Clash:
    exchanges: int
    victor: Fleet
    loser: Fleet
    loser_action: Withdrawal  # FIGHT_ON: the loser fought to 0 Fleet Endurance


def trade_blows(
    system: MassSystem, first: Fleet, second: Fleet, dice: Dice, choices: BattleChoices, events: list[Event]
) -> Clash:
    """Instant Mass steps 5-6: "If the enemy's Fleet Endurance was not reduced to 0, now it's their turn to
    do the same thing. The two fleets go back and forth, trading blows, until one side reaches 0 Fleet
    Endurance. The other side is declared the Victor." """
    striker, target = first, second
    number = 0
    while True:
        number += 1
        before = target.endurance
        exchange = Exchange(number, striker, target, system.strike(striker, target, dice))
        target.endurance = max(0.0, before - (exchange.damage - exchange.resisted))
        events.append(exchange.as_event())
        if target.endurance <= 0:
            return Clash(number, striker, target, Withdrawal.FIGHT_ON)
        action = withdrawal_choice(target, striker, before, number, choices)
        if action is not Withdrawal.FIGHT_ON:
            events.append(Event("SideWithdrew", {
                "side_id": target.side.side_id, "exchange": number, "action": action.value,
            }))
            return Clash(number, striker, target, action)
        striker, target = target, striker


def remaining_fleet(fleet: Fleet, events: list[Event]) -> dict[int, UnitOutcome]:
    """Instant Mass step 7: "The Victor's remaining Fleet Endurance is what's left of their fleet. Apply
    damage to the Units in your fleet as described in the section Diceless Combat, above." (A fleet that
    withdrew keeps what is left of it the same way.)"""
    damage = fleet.endurance_start - fleet.endurance
    return damage_fleet(fleet.side.side_id, fleet.units, fleet.strength, damage, events)


def fight_mass(
    system: MassSystem, skirmish: Skirmish, dice: Dice, choices: BattleChoices | None
) -> CombatResult:
    choices = choices or BattleChoices()
    events, units, unopposed = open_battle(skirmish, system.key)
    if unopposed is not None:
        return unopposed
    fleets = (system.muster(skirmish.sides[0], units[0]), system.muster(skirmish.sides[1], units[1]))
    events.extend(Event("FleetTotalled", fleet.totals_payload()) for fleet in fleets)
    if not can_harm(fleets[0], fleets[1]) and not can_harm(fleets[1], fleets[0]):
        # Ruling (docs/rules.md, "Stalemate"): blows that can never get through would trade forever.
        return conclude(skirmish, system.key, events, {}, None, Ending.STALEMATE)
    first, second = who_goes_first(fleets, dice, events)
    clash = trade_blows(system, first, second, dice, choices, events)
    outcomes = remaining_fleet(clash.victor, events)
    if clash.loser_action is Withdrawal.FIGHT_ON:
        outcomes |= destroy_losing_fleet(clash.loser.units)
        ending = Ending.VICTORY
    else:
        left = remaining_fleet(clash.loser, events)
        fled = clash.loser_action is Withdrawal.FLEE
        outcomes |= {
            unit_id: outcome if outcome.destroyed else UnitOutcome(
                unit_id, outcome.hp_left, False, escaped=fled, surrendered=not fled
            )
            for unit_id, outcome in left.items()
        }
        ending = Ending.FLED if fled else Ending.SURRENDERED
    victor = clash.victor.side.side_id
    return conclude(skirmish, system.key, events, outcomes, victor, ending, clash.exchanges)
