"""The battle report: the events every combat system opens and closes with.

Payload units: `hp`, `hp_before` and `hp_left` are design-sheet (unscaled) hit points, like
`CombatUnit.hp`; everything else that measures strength (power, endurance, damage, attrition) is in real
points, already multiplied by the scale multiplier. Every value is JSON-serialisable. Events stay
GM-visible; the service decides what each side and the spectators see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.engine.stats import combatants
from game.engine.combat import (
    CombatResult,
    CombatSide,
    CombatUnit,
    Ending,
    Skirmish,
    UnitOutcome,
)
from game.engine.events import Event

Fleets = tuple[tuple[CombatUnit, ...], tuple[CombatUnit, ...]]


def open_battle(skirmish: Skirmish, system: str) -> tuple[list[Event], Fleets, CombatResult | None]:
    """The report's first event, each side's combat-capable units, and the result if there is no fight."""
    fleets = (combatants(skirmish.sides[0]), combatants(skirmish.sides[1]))
    events = [battle_started(skirmish, system, fleets)]
    return events, fleets, unopposed(skirmish, system, fleets, events)


def battle_started(skirmish: Skirmish, system: str, fleets: Fleets) -> Event:
    armed = {unit.unit_id for fleet in fleets for unit in fleet}
    return Event("BattleStarted", {
        "skirmish_id": skirmish.skirmish_id,
        "sector": skirmish.sector,
        "system": system,
        "sides": [
            {
                "side_id": side.side_id,
                "civ_ids": list(side.civ_ids),
                "units": [_unit_payload(unit, unit.unit_id in armed) for unit in side.units],
            }
            for side in skirmish.sides
        ],
    })


def _unit_payload(unit: CombatUnit, armed: bool) -> dict[str, Any]:
    return {
        "unit_id": unit.unit_id,
        "civ_id": unit.civ_id,
        "name": unit.name,
        "multiplier": unit.multiplier,
        "hp": unit.hp,
        "max_hp": unit.max_hp,
        "combat_capable": armed,
    }


def unopposed(skirmish: Skirmish, system: str, fleets: Fleets, events: list[Event]) -> CombatResult | None:
    """Exterminate step 7: "The side with combat units remaining is declared the Victor." A side without a
    combat-capable unit cannot fight, so the other side wins without a shot (or nobody does, if neither
    can)."""
    armed = [side for side, fleet in zip(skirmish.sides, fleets, strict=True) if fleet]
    if len(armed) == 2:
        return None
    victor, ending = (armed[0].side_id, Ending.UNCONTESTED) if armed else (None, Ending.NO_COMBATANTS)
    return conclude(skirmish, system, events, {}, victor, ending)


def conclude(
    skirmish: Skirmish,
    system: str,
    events: list[Event],
    outcomes: Mapping[int, UnitOutcome],
    victor: str | None,
    ending: Ending,
    exchanges: int = 0,
) -> CombatResult:
    """Record each unit's fate and the end of the battle. Units missing from `outcomes` took no part, and no
    harm."""
    units: list[UnitOutcome] = []
    sides: list[dict[str, Any]] = []
    for side in skirmish.sides:
        fates = dict.fromkeys(_FATE_EVENTS, 0)
        before = left = 0.0
        for unit in side.units:
            outcome = outcomes.get(unit.unit_id) or UnitOutcome(unit.unit_id, unit.hp, False)
            fate = _fate(unit, outcome)
            fates[fate] += 1
            events.append(_unit_event(_FATE_EVENTS[fate], side, unit, outcome))
            units.append(outcome)
            before += unit.hp * unit.multiplier
            left += outcome.hp_left * unit.multiplier
        sides.append(
            {"side_id": side.side_id, "units": fates, "hit_points_before": before, "hit_points_left": left}
        )
    events.append(Event("BattleEnded", {
        "skirmish_id": skirmish.skirmish_id,
        "system": system,
        "victor": victor,
        "ending": ending.value,
        "exchanges": exchanges,
        "sides": sides,
    }))
    return CombatResult(victor, tuple(units), tuple(events), ending)


_FATE_EVENTS = {
    "destroyed": "UnitDestroyed",
    "surrendered": "UnitSurrendered",
    "escaped": "UnitEscaped",
    "damaged": "UnitDamaged",
    "unharmed": "UnitUnharmed",
}


def _fate(unit: CombatUnit, outcome: UnitOutcome) -> str:
    if outcome.destroyed:
        return "destroyed"
    if outcome.surrendered:
        return "surrendered"
    if outcome.escaped:
        return "escaped"
    return "damaged" if outcome.hp_left < unit.hp else "unharmed"


def _unit_event(kind: str, side: CombatSide, unit: CombatUnit, outcome: UnitOutcome) -> Event:
    return Event(kind, {
        "side_id": side.side_id,
        "unit_id": unit.unit_id,
        "civ_id": unit.civ_id,
        "name": unit.name,
        "hp_before": unit.hp,
        "hp_left": outcome.hp_left,
        "hp_percent_left": 100 * outcome.hp_left / unit.hp if unit.hp > 0 else 0.0,
        "damage": (unit.hp - outcome.hp_left) * unit.multiplier,
    })
