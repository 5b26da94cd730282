"""Cluster War crew (§17.2): the module's declaration.

A crew pool per civilization, fed by its colonies; a unit coming Operational draws its crew (after Expand 3's own
work); at the round's end the pools grow and drilled crews go up a grade (after Exploit 9's own work and the supply
module's checks). Still in the core, in the middle of its steps: the prize crew drawn in Exterminate 8's capture
(`steps.exterminate._capture`, its check `orders.checks`), the battles survived counted in Exterminate 10 and a
grade's Attack in a fight (`game.engine.supply`); the module's state (`World.crews`, `World.crew_pools`) stays in the
world.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine import supply
from game.engine.apply import Draft
from game.engine.catalogue import CIV, EventType
from game.engine.rule_module import ModuleSwitch, RuleModule, StepHook
from game.engine.world import Crew
from game.modules.crew import steps

# A civilization's own units and pool, seen by it.
EVENTS = (
    EventType("CrewPoolGrew", {"civ_id": int, "crew": int, "pool": int}, CIV,
              "{civ_id:civ}'s colonies trained {crew:n} crew: {pool:n} in the pool."),
    EventType("CrewDrawn", {"civ_id": int, "unit_id": int, "crew": int, "pool": int, "grade": str, "round": int},
              CIV, "{unit_id:unit} took on a {grade} crew of {crew:n} from the pool ({pool:n} left)."),
    EventType("CrewPromoted", {"unit_id": int, "grade": str, "round": int}, CIV,
              "{unit_id:unit}'s crew is now {grade}."),
    EventType("BattleSurvived", {"civ_id": int, "unit_ids": list[int]}, CIV,
              "{unit_ids:#unit} of {civ_id:civ} survived a battle: their crews are blooded."),
)


def _crew_pool_grew(d: Draft, p: dict[str, Any]) -> None:
    d.crew_pools[p["civ_id"]] = p["pool"]


def _crew_drawn(d: Draft, p: dict[str, Any]) -> None:
    d.crew_pools[p["civ_id"]] = p["pool"]
    d.crews[p["unit_id"]] = Crew(p["unit_id"], grade=p["grade"], since_round=p["round"])


def _crew_promoted(d: Draft, p: dict[str, Any]) -> None:
    old = d.crews.get(p["unit_id"]) or Crew(p["unit_id"])
    d.crews[p["unit_id"]] = replace(old, grade=p["grade"], since_round=p["round"])


def _battle_survived(d: Draft, p: dict[str, Any]) -> None:
    for unit_id in p["unit_ids"]:
        old = d.crews.get(unit_id) or Crew(unit_id)
        d.crews[unit_id] = replace(old, battles=old.battles + 1)


MODULE = RuleModule(
    key="crew",
    label="Cluster War crew",
    switch=ModuleSwitch(
        "module_cw_crew",
        "A crew pool per civilization and crew grades in combat (§17.2).",
        to_options=lambda settings: {"crew": bool(settings["module_cw_crew"])},
        from_options=lambda options: {"module_cw_crew": True} if options.crew else {},
    ),
    is_on=lambda options: options.crew,
    rule_values={supply.CREWS_COUNT: True},  # §17.2: prize crews from the pool, grades in a fight, battles survived
    events=EVENTS,
    reducers={
        "CrewPoolGrew": _crew_pool_grew,
        "CrewDrawn": _crew_drawn,
        "CrewPromoted": _crew_promoted,
        "BattleSurvived": _battle_survived,
    },
    hooks=(StepHook("expand.3", "after", steps.units_manned),
           StepHook("exploit.9", "after", steps.round_end)),
)
