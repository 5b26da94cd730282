"""Cluster War supply (§4.3, §7.0): the module's declaration.

A civilization's supply grid spreads from its colonies and way stations; at the round's end (after Exploit 9's own
work) a unit out of supply is reported and, with attrition on, gains stress and rolls its check. The grid's rules
(`in_supply`, asked by the core and the other modules) and stress's effect on a unit's Attack stay in
`game.engine.supply`; the module's state (`World.stress`) stays in the world.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine import supply
from game.engine.apply import Draft
from game.engine.catalogue import CIV, GM, EventType, Optional
from game.engine.rule_module import ModuleSwitch, RuleModule, StepHook
from game.engine.setting import Effect, Kind, Setting
from game.engine.world import Stress
from game.modules.supply import steps

# A civilization's own units, seen by it (an enemy learns of a unit's stress only by what it does).
EVENTS = (
    EventType("UnitOutOfSupply", {"unit_id": int, "sector_id": str, "stress": Optional(int)}, CIV,
              "{unit_id:unit} ended the round out of supply in {sector_id:sector}[: stress {stress}%]."),
    EventType("StressChecked", {"unit_id": int, "stress": int, "roll": int, "failed": bool,
                                "hp_left": Optional(float), "repeated": Optional(bool)}, CIV,
              "{unit_id:unit}'s stress check: rolled {roll} against {stress}%[, failed{failed:flag}: a component "
              "broke down, {hp_left:g} hit points left][; a repeated failure: the GM may rule a worse outcome"
              "{repeated:flag}]."),
    EventType("UnitResupplied", {"unit_id": int}, CIV, "{unit_id:unit} is back in supply; its stress is gone."),
    EventType("LogisticsDropped", {"unit_ids": list[int]}, GM,
              "Supply and crew records of {unit_ids:#unit} no longer in the world were dropped.", chronicle=False),
)


def _out_of_supply(d: Draft, p: dict[str, Any]) -> None:
    if p.get("stress"):  # left out with attrition off
        old = d.stress.get(p["unit_id"]) or Stress(p["unit_id"])
        d.stress[p["unit_id"]] = replace(old, tag=p["stress"])


def _stress_checked(d: Draft, p: dict[str, Any]) -> None:
    if p["failed"]:
        old = d.stress[p["unit_id"]]
        d.stress[p["unit_id"]] = replace(old, failures=old.failures + 1)
        d.unit(p["unit_id"], hp=p["hp_left"])


def _resupplied(d: Draft, p: dict[str, Any]) -> None:
    d.stress.pop(p["unit_id"], None)


def _logistics_dropped(d: Draft, p: dict[str, Any]) -> None:
    for unit_id in p["unit_ids"]:
        d.stress.pop(unit_id, None)
        d.crews.pop(unit_id, None)


def _to_options(settings: Any) -> dict[str, Any]:
    on = bool(settings["module_cw_supply"])
    return {"supply": on, "supply_attrition": on and settings.get("supply_attrition", True)}


MODULE = RuleModule(
    key="supply",
    label="Cluster War supply",
    switch=ModuleSwitch(
        "module_cw_supply",
        "The supply grid from colonies, endurance and stress out of supply (§4.3, §7.0).",
        to_options=_to_options,
        from_options=lambda options: ({"module_cw_supply": True, "supply_attrition": options.supply_attrition}
                                      if options.supply else {}),
        options=(Setting("supply_attrition", "modules", "Units out of supply suffer attrition",
                         "Off: being out of supply only stops repairs and building.", Kind.BOOL, True,
                         Effect.NEXT_ROUND),),
    ),
    is_on=lambda options: options.supply,
    rule_values={supply.STRESS_COUNTS: True},  # §7.0: stress out of supply weakens a unit's attack
    events=EVENTS,
    reducers={
        "UnitOutOfSupply": _out_of_supply,
        "StressChecked": _stress_checked,
        "UnitResupplied": _resupplied,
        "LogisticsDropped": _logistics_dropped,
    },
    # §4.3 "at the end of the turn": the round ends with Exploit 9.
    hooks=(StepHook("exploit.9", "after", steps.round_end_checks),),
)
