"""Reads of supply and crew for a viewer (issue 18): a player's own supply grid (its Sectors, for the map's layer),
each of its units' supply, stress and crew grade, and its crew pool; the GM every civilization's. An enemy's grid is
not shown (docs/rules.md "Supply and stress": Cluster War §12.0 shows a player what lies inside its own grid, not
where another's reaches); a spectator sees none."""

from __future__ import annotations

from typing import Any

from game import state_io
from game.engine import supply
from game.engine.world import Unit, World
from game.models import Campaign
from game.modules.crew import steps as crew_steps
from game.visibility import Viewer

GM_UNITS_LISTED = 200  # per civilization on the GM's desk (what the panel shows); the rest are counted


def _civ_json(world: World, civ_id: int, own: list[Unit], listed: int | None = None) -> dict[str, Any]:
    """The civilization's grid and pool, and its units (`own`) that need a word: out of supply, under stress, or with
    a crew other than regular, at most `listed` of them; the rest are counted, so a large fleet's answer stays
    small."""
    on, crew_on = world.options.supply, world.options.crew
    supplied = supply.supplied_sectors(world, civ_id) if on else frozenset()
    units: list[dict[str, Any]] = []
    quiet = unlisted = 0
    for unit in own:
        unit_id = unit.unit_id
        if not supply.needs_supply(unit):
            continue
        stress = world.stress.get(unit_id)
        crew = world.crews.get(unit_id)
        in_supply = supply.unit_in_supply(world, unit, supplied) if on else None
        grade = supply.grade_of(world, unit_id) if crew_on else None
        if in_supply is not False and stress is None and grade in (None, "regular"):
            quiet += 1
            continue
        if listed is not None and len(units) >= listed:
            unlisted += 1
            continue
        units.append({
            "unit_id": unit_id, "name": unit.name, "design": world.design_of(unit).name, "sector_id": unit.sector_id,
            "in_supply": in_supply, "stress": stress.tag if stress else 0, "failures": stress.failures if stress else 0,
            "grade": grade, "battles": crew.battles if crew else 0, "crew": world.design_of(unit).crew,
            "attack_percent": round(100 * supply.attack_factor(world, unit))})
    return {"civ_id": civ_id, "name": world.civs[civ_id].name,
            "grid": sorted(supply.supply_grid(world, civ_id)) if on else [],
            "parts": len(supply.grid_parts(world, civ_id)) if on else 0,
            "crew_pool": world.crew_pools.get(civ_id, 0) if crew_on else None,
            "pool_growth": crew_steps.pool_growth(world, civ_id) if crew_on else None,
            "units": units, "other_units": quiet, "unlisted_units": unlisted}


def supply_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    world = state_io.load_world(campaign)
    base: dict[str, Any] = {"supply": world.options.supply, "attrition": world.options.supply_attrition,
                            "crew": world.options.crew, "range": supply.SUPPLY_RANGE_SECTORS,
                            "grades": {g: supply.GRADE_ATTACK[g] for g in supply.GRADES}}
    by_civ: dict[int, list[Unit]] = {}
    for _, unit in sorted(world.units.items()):
        by_civ.setdefault(unit.civ_id, []).append(unit)
    if viewer.is_gm:
        return {**base, "role": "gm", "civs": [_civ_json(world, c, by_civ.get(c, []), GM_UNITS_LISTED)
                                               for c in sorted(world.civs)]}
    if viewer.civ_id is not None and viewer.civ_id in world.civs:  # all its units: each row in its tables says its own
        return {**base, "role": "player", "civs": [_civ_json(world, viewer.civ_id, by_civ.get(viewer.civ_id, []))]}
    return {**base, "role": "spectator", "civs": []}
