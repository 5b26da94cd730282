"""Reads of repair, refits and surveys for a viewer (issue 18): what the "Repair and refit at a yard" panel shows. A
player: their damaged units with hit points, each repair's price, work and rounds at every yard or repair ship in
the Sector, the refits and scrapping a yard offers (price, time, Ore returned), the work under way; their surveys
under way and the planets they know, surveyed (STEP code, output, Ore, resources) or not. The GM: every
civilization's. A spectator: nothing (a civilization's yards are its own)."""

from __future__ import annotations

import math
from typing import Any

from game import state_io
from game.engine import yards
from game.engine.world import Unit, UnitState, World
from game.models import Campaign
from game.modules.yards.orders import WorkerIndex, rate_of, refit_choices, worker_index, workers
from game.visibility import Viewer

UNITS_LIMIT = 200  # a large fleet lists its damaged units and those in yards first


def _work(world: World, unit: Unit) -> dict[str, Any] | None:
    job = world.yard_jobs.get(unit.unit_id)
    if job is None:
        return None
    yard = world.units.get(job.yard_id)
    rate = rate_of(world, job.civ_id, yard) if yard is not None else 0
    left = job.bp_needed - job.bp_done
    return {"kind": job.kind, "yard": yard.name if yard else "", "bp_done": job.bp_done, "bp_needed": job.bp_needed,
            "rounds_left": math.ceil(left / rate) if rate > 0 else None,
            "design": world.designs[job.design_id].name if job.design_id else ""}


def _unit_json(world: World, civ_id: int, unit: Unit, index: WorkerIndex) -> dict[str, Any]:
    free = unit.state is UnitState.OPERATIONAL and unit.carried_by is None
    repairs, refits, scraps = [], [], []
    if free:
        for yard, rate in workers(index, unit, ships_too=True):
            if yards.is_damaged(world, unit):
                quote = yards.repair_quote(world, unit, rate)
                repairs.append({"yard_id": yard.unit_id, "yard": yard.name, "mu": quote.mu, "bp": quote.bp,
                                "rounds": quote.rounds})
        for yard, rate in workers(index, unit, ships_too=False):
            refits += [{"yard_id": yard.unit_id, "yard": yard.name, "design_id": c.value, "label": c.label,
                        "mu": c.cost.get("mu", 0)} for c in refit_choices(world, civ_id, unit, rate)]
            scraps.append({"yard_id": yard.unit_id, "yard": yard.name, "ore": yards.scrap_ore(world, unit)})
    return {"unit_id": unit.unit_id, "name": unit.name, "design": world.design_of(unit).name,
            "sector_id": unit.sector_id, "state": unit.state.value, "hp": unit.hp, "max_hp": yards.max_hp(world, unit),
            "low_quality": unit.low_quality,
            "work": _work(world, unit), "repairs": repairs, "refits": refits, "scrap": scraps}


def _planets_json(world: World, civ_id: int) -> list[dict[str, Any]]:
    """The planet cards: every planet at a place the civilization knows, with what a survey revealed."""
    civ = world.civs[civ_id]
    known = {p for p, poi in world.pois.items() if (poi.hidden == 0 and world.options.full_star_map)} | civ.known_pois
    cards = []
    for planet_id, planet in sorted(world.planets.items()):
        if planet.poi_id not in known:
            continue
        card: dict[str, Any] = {"planet_id": planet_id, "name": planet.name, "poi": world.pois[planet.poi_id].name,
                                "sector_id": world.pois[planet.poi_id].sector_id,
                                "surveyed": planet_id in civ.surveyed_planets}
        if card["surveyed"]:
            card.update(step=planet.step, max_output=planet.max_output, ore=planet.ore_deposit, viable=planet.viable,
                        strategic=planet.strategic_resource, special=planet.special_resource)
        cards.append(card)
    return cards


def _civ_json(world: World, civ_id: int) -> dict[str, Any]:
    units = []
    if world.options.yards:
        index = worker_index(world, civ_id)
        shown = [_unit_json(world, civ_id, u, index) for _, u in sorted(world.units.items())
                 if u.civ_id == civ_id and u.state is not UnitState.DESTROYED]
        shown = [u for u in shown if u["work"] or u["repairs"] or u["refits"] or u["scrap"]
                 or u["hp"] < u["max_hp"] or u["low_quality"]]
        shown.sort(key=lambda u: (not (u["work"] or u["hp"] < u["max_hp"]), u["unit_id"]))
        units = shown[:UNITS_LIMIT]
    surveys = [{"unit_id": u.unit_id, "name": u.name, "poi": world.pois[u.task.removeprefix("survey:")].name}
               for _, u in sorted(world.units.items())
               if u.civ_id == civ_id and u.task and u.task.startswith("survey:")
               and u.task.removeprefix("survey:") in world.pois] if world.options.survey else []
    return {"civ_id": civ_id, "name": world.civs[civ_id].name, "mu": world.civs[civ_id].mu, "units": units,
            "surveys": surveys, "planets": _planets_json(world, civ_id) if world.options.survey else []}


def yards_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    world = state_io.load_world(campaign)
    base: dict[str, Any] = {"yards": world.options.yards, "survey": world.options.survey,
                            "repair_ship_bp": yards.REPAIR_SHIP_BP_PER_ROUND}
    if viewer.is_gm:
        return {**base, "role": "gm", "civs": [_civ_json(world, c) for c in sorted(world.civs)]}
    if viewer.civ_id is not None and viewer.civ_id in world.civs:
        return {**base, "role": "player", "civs": [_civ_json(world, viewer.civ_id)]}
    return {**base, "role": "spectator", "civs": []}
