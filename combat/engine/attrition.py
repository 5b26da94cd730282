"""Damage applied to a fleet "as described in Diceless Combat", steps 7-9; all three systems end with it.

Each unit stands in the battle with a measure of its strength: its Fighting Power in Diceless Combat, its
part of the Fleet Endurance in the mass systems (ruling, docs/rules.md, "Damage back to units")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.combat import CombatUnit, UnitOutcome
from game.engine.events import Event

# Fractional stats summed in floats can leave a ghost of 1e-12 where the exact sum is 0; it must neither keep
# a unit alive nor start another pass.
_SLACK = 1e-9


@dataclass(frozen=True)
class AttritionPass:
    number: int
    attrition: float
    units: int
    share: float
    destroyed: tuple[int, ...]
    overflow: float

    def as_payload(self) -> dict[str, Any]:
        return {
            "pass": self.number,
            "attrition": self.attrition,
            "units": self.units,
            "share": self.share,
            "destroyed": list(self.destroyed),
            "overflow": self.overflow,
        }


@dataclass(frozen=True)
class Attrition:
    strength_left: dict[int, float]
    passes: tuple[AttritionPass, ...]


def spread_attrition(strength: Mapping[int, float], attrition: float) -> Attrition:
    """Diceless Combat step 7: "Divide the Attrition Rating by the number of Units in the Victor's fleet.
    Apply this damage to each Unit's individual Fighting Power. If a Unit is destroyed, any leftover damage
    goes into a pool which becomes the new Attrition Rating." Step 8: "Repeat this process until all damage
    from the Attrition Rating has been applied."

    A pass that destroys nobody leaves nothing over, so this ends after at most one pass per unit; damage
    beyond the whole fleet's strength is lost with the fleet."""
    left = dict(strength)
    standing = [unit_id for unit_id, value in left.items() if value > 0]
    passes: list[AttritionPass] = []
    while attrition > _SLACK and standing:
        share = attrition / len(standing)
        overflow = 0.0
        destroyed: list[int] = []
        survivors: list[int] = []
        for unit_id in standing:
            remaining = left[unit_id] - share
            if remaining <= _SLACK * max(share, 1.0):
                overflow -= min(remaining, 0.0)
                left[unit_id] = 0.0
                destroyed.append(unit_id)
            else:
                left[unit_id] = remaining
                survivors.append(unit_id)
        passes.append(
            AttritionPass(len(passes) + 1, attrition, len(standing), share, tuple(destroyed), overflow)
        )
        attrition = overflow
        standing = survivors
    return Attrition(left, tuple(passes))


def hp_left(hp: float, strength_before: float, strength_left: float) -> float:
    """Diceless Combat step 9: "Determine the percentage of your Fighting Power which remains for each unit.
    That is the percentage of Hull Points that unit has."

    Ruling (docs/rules.md, "Survivors' HP"): the percentage is taken of the HP the unit had when the
    battle began, so a unit that came in damaged is not repaired by winning."""
    if strength_before <= 0:
        return hp
    return hp * (strength_left / strength_before)  # the ratio first: it never exceeds 1, so HP never grows


def damage_fleet(
    side_id: str,
    units: tuple[CombatUnit, ...],
    strength: Mapping[int, float],
    attrition: float,
    events: list[Event],
) -> dict[int, UnitOutcome]:
    """Steps 7-9 for one fleet, `strength` holding each unit's at the start: spread `attrition` over it,
    record each pass, and turn what is left of each unit's strength into its HP. Callers mark survivors
    escaped or surrendered where that applies."""
    before = {unit.unit_id: strength[unit.unit_id] for unit in units}
    spread = spread_attrition(before, attrition)
    for attrition_pass in spread.passes:
        events.append(Event("AttritionApplied", {"side_id": side_id, **attrition_pass.as_payload()}))
    outcomes: dict[int, UnitOutcome] = {}
    for unit in units:
        left = spread.strength_left[unit.unit_id]
        hp = hp_left(unit.hp, before[unit.unit_id], left) if left > 0 else 0.0
        outcomes[unit.unit_id] = UnitOutcome(unit.unit_id, hp, destroyed=left <= 0)
    return outcomes
