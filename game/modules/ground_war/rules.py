"""Cluster War ground war (§6.5, §9.2-9.4): the module's declaration.

Battalions are raised at a colony's training base (Expand 6), land on a colony whose orbit their civilization
holds and fight its defenders week by week (Exterminate 9's Invade), occupy it or free it; occupied colonies roll
for rebellion after Exploit 4's growth; a world may be ordered destroyed (Exterminate 9), on the GM's word. The rule
math stays below the World (`game.engine.ground_forces`) and on it (`game.engine.ground_war`); the battle's terrain
and weather are the weather and terrain module's (`game.modules.terrain`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.engine import ground_war
from game.engine.apply import Draft
from game.engine.catalogue import CIV, WITNESSES, EventType
from game.engine.ground_forces import GROUND_TYPES, ground_design
from game.engine.orders.model import Field, OrderKind, OrderPrice
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.setting import Effect, Kind, Setting
from game.engine.world import Unit, WorldDestruction
from game.modules.ground_war import orders, steps

# Expand 6, Exterminate 9, Exploit 4, the GM's destruction desk.
EVENTS = (
    EventType("GroundForcesRaised", {"civ_id": int, "colony_id": int, "kind": str, "unit_ids": list[int],
                                     "sector_id": str, "poi_id": str, "mu": int}, CIV,
              "{civ_id:civ} raised {unit_ids:#unit} ({kind}) at {colony_id:colony} for {mu} MU."),
    EventType("GroundBattleFought", {"colony_id": int, "planet_id": str, "invader_civ": int, "defender_civ": int,
                                     "terrain": str, "weather": str, "weeks": int, "invaders": list[int],
                                     "defenders": list[int], "levy": int, "invaders_lost": list[int],
                                     "defenders_lost": list[int], "levy_lost": int | None, "victor": str | None,
                                     "rebellion": bool}, WITNESSES,
              "Ground battle for {colony_id:colony} ({terrain} ground, {weather} weather, weeks fought: {weeks}): the "
              "{victor} won"
              "[; {invaders_lost:#unit} of {invader_civ:civ} lost][; {defenders_lost:#unit} of {defender_civ:civ} "
              "lost][; {levy_lost} militia of the levy fell].",
              fallback="Ground battle for {colony_id:colony} ({terrain} ground, {weather} weather, weeks fought: "
                       "{weeks}): both sides still stand."),
    EventType("ColonyLiberated", {"colony_id": int, "civ_id": int, "from_civ": int, "how": str}, WITNESSES,
              "{colony_id:colony} is free of {from_civ:civ} by {how}."),
    EventType("RebellionRolled", {"colony_id": int, "civ_id": int, "roll": int, "range": int, "rose": bool},
              WITNESSES,
              "{colony_id:colony} rolled {roll} for rebellion (rises on 1-{range})[{rose:flag}: it rises against "
              "{civ_id:civ}]."),
    EventType("RebelsRaised", {"colony_id": int, "civ_id": int, "unit_ids": list[int], "sector_id": str,
                               "poi_id": str}, WITNESSES,
              "Rebels of {civ_id:civ} raised {unit_ids:#unit} of militia at {colony_id:colony}."),
    EventType("WorldDestructionProposed", {"destruction_id": int, "civ_id": int, "colony_id": int, "planet_id": str,
                                           "what": str, "damage": int, "round": int}, CIV,
              "{civ_id:civ} ordered {colony_id:colony} destroyed ({what}: {damage:n} damage); the GM decides."),
    EventType("WorldDestructionRuled", {"destruction_id": int, "civ_id": int, "colony_id": int, "planet_id": str,
                                        "what": str, "confirmed": bool, "reason": str, "step": str,
                                        "max_output": int}, WITNESSES,
              "The GM ruled on the order by {civ_id:civ} to destroy {planet_id:planet} ({what})[{confirmed:flag} "
              "(carried out)]: {reason}"),
)


def _ground_units(d: Draft, unit_ids: list[int], civ_id: int, kind: str, sector_id: str, poi_id: str) -> None:
    design = d.designs.setdefault(ground_design(GROUND_TYPES[kind]).design_id, ground_design(GROUND_TYPES[kind]))
    for unit_id in unit_ids:
        d.units[unit_id] = Unit(unit_id, civ_id, design.design_id, f"{design.name} {unit_id}", sector_id, poi_id,
                                hp=float(design.stats.hp))
        d.claim_id(unit_id)


def _ground_raised(d: Draft, p: dict[str, Any]) -> None:
    _ground_units(d, p["unit_ids"], p["civ_id"], p["kind"], p["sector_id"], p["poi_id"])
    d.add_mu(p["civ_id"], -p["mu"])


def _rebels_raised(d: Draft, p: dict[str, Any]) -> None:
    _ground_units(d, p["unit_ids"], p["civ_id"], "militia", p["sector_id"], p["poi_id"])


def _ground_battle(d: Draft, p: dict[str, Any]) -> None:
    """The fallen leave the world; the invaders who stand are on the ground at the colony (out of their holds)."""
    for unit_id in p["invaders_lost"] + p["defenders_lost"]:
        if d.units[unit_id].carried_by is not None:
            d.carry(unit_id, None)
        d.end_task(unit_id)
        del d.units[unit_id]
    planet = d.world.planets[p["planet_id"]]
    sector = d.world.pois[planet.poi_id].sector_id
    for unit_id in p["invaders"]:
        if unit_id in d.units:
            d.carry(unit_id, None, poi_id=planet.poi_id, sector_id=sector)


def _liberated(d: Draft, p: dict[str, Any]) -> None:
    d.colonies[p["colony_id"]] = replace(d.colonies[p["colony_id"]], occupied_by=None)
    d.release([u.unit_id for u in d.units.values() if u.task == f"occupy:{p['colony_id']}"],
              task=f"occupy:{p['colony_id']}")


def _destruction_proposed(d: Draft, p: dict[str, Any]) -> None:
    d.destructions[p["destruction_id"]] = WorldDestruction(
        p["destruction_id"], p["civ_id"], p["colony_id"], p["planet_id"], p["what"], p["damage"], p["round"])
    d.claim_id(p["destruction_id"])


def _destruction_ruled(d: Draft, p: dict[str, Any]) -> None:
    """Confirmed: the colony is gone; a glazed or cracked world keeps its new STEP code and CP potential."""
    del d.destructions[p["destruction_id"]]
    if not p["confirmed"]:
        return
    for unit_id in [u.unit_id for u in d.units.values() if u.task == f"occupy:{p['colony_id']}"]:
        d.release([unit_id])
    d.colonies.pop(p["colony_id"], None)
    planet = d.planets[p["planet_id"]]
    d.planets[p["planet_id"]] = replace(planet, step=p["step"], max_output=p["max_output"])


def _to_options(settings: Mapping[str, Any]) -> dict[str, Any]:
    on = bool(settings["module_cw_ground_war"])
    return {"ground_war": on, "ground_occupation_off": on and not settings.get("ground_occupation", True)}


MODULE = RuleModule(
    key="ground_war",
    label="Cluster War ground war",
    switch=ModuleSwitch(
        "module_cw_ground_war",
        "Ground forces, planetary invasion, ground battles, occupation, rebellion and liberation; destroying worlds "
        "(§6.5, §9.2-9.4).",
        to_options=_to_options,
        from_options=lambda options: ({"module_cw_ground_war": True,
                                       "ground_occupation": not options.ground_occupation_off}
                                      if options.ground_war else {}),
        options=(Setting(
            "ground_occupation", "modules", "Colonies can be occupied",
            "Off: a ground victory destroys the colony's defences but the colony stays its owner's.", Kind.BOOL,
            True, Effect.NEXT_ROUND),),
    ),
    is_on=lambda options: options.ground_war,
    rule_values={
        ground_war.OCCUPIERS_TAX: True,  # §9.3: the occupier collects an occupied colony's taxes
        ground_war.ONLY_INVASION_CAPTURES: True,  # §9.2: the Occupy order gives way to Invade
    },
    events=EVENTS,
    reducers={
        "GroundForcesRaised": _ground_raised,
        "RebelsRaised": _rebels_raised,
        "GroundBattleFought": _ground_battle,
        "ColonyLiberated": _liberated,
        "WorldDestructionProposed": _destruction_proposed,
        "WorldDestructionRuled": _destruction_ruled,
    },
    orders=(
        ModuleOrder(
            OrderKind(
                "RaiseGroundForces",
                "Raise ground forces",
                "Train battalions at a colony's training base (size 25); they are ready for the next round's orders "
                "and travel in cargo holds.",
                frozenset({"expand.6"}),
                (
                    Field("colony_id", "Training base", "colony"),
                    Field("kind", "Type", "option", options=orders.KIND_CHOICES),
                    Field("count", "Battalions", "integer", minimum=1, maximum=orders.MAX_RAISED),
                ),
                orders.check_raise,
                orders.offer_raise,
            ),
            steps.raise_ground_forces,
            lambda w, o: OrderPrice(orders.raise_price(w, o.payload["kind"], o.payload["count"])),
        ),
        ModuleOrder(
            OrderKind(
                "Invade",
                "Invade a colony",
                "Land battalions on a colony whose orbit you hold; they fight its defenders for up to 12 weeks. Won: "
                "you occupy it (or free your own).",
                frozenset({"exterminate.9"}),
                (Field("colony_id", "Colony", "colony"), Field("unit_ids", "Battalions that land", "units")),
                orders.check_invade,
                orders.offer_invade,
            ),
            None,
            carry_out_in_step=lambda step_input, dice: steps.invade(dice),
        ),
        ModuleOrder(
            OrderKind(
                "DestroyWorld",
                "Destroy a world",
                "Destroy a colony, glaze its biosphere or crack its planet (§9.4); the GM confirms or refuses it.",
                frozenset({"exterminate.9"}),
                (Field("colony_id", "Colony", "colony"),
                 Field("what", "What", "option", options=orders.DESTRUCTION_CHOICES)),
                orders.check_destroy_world,
                orders.offer_destroy_world,
            ),
            None,
            carry_out_in_step=lambda step_input, dice: steps.destroy_world(step_input.pointer.round),
        ),
    ),
    hooks=(StepHook("exploit.4", "after", steps.rebellions),),
)
