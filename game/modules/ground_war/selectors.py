"""Reads of the ground war for a viewer (issue 18): per colony the forces on each side, its terrain, the odds of an
invasion before the order is committed, the last ground battles, the occupation and its rebellion risk; the GM's
desk of worlds ordered destroyed. Fog of war (docs/rules.md "Ground war"): a player sees every battalion of its own,
another's only where it detects it; the colonies it owns, holds or has detected; the rebellion risk of a colony it
holds; the odds against the defenders it knows of. The GM sees everything; a spectator only the switch."""

from __future__ import annotations

from typing import Any

from game import state_io
from game.engine import ground_war
from game.engine.ground_forces import (
    TERRAIN,
    TERRAIN_LABELS,
    WEATHER,
    WEATHER_LABELS,
    Fighter,
    battalion_type,
)
from game.engine.visibility import map_pois, on_map
from game.engine.world import Colony, Unit, World
from game.models import Campaign
from game.visibility import Viewer, events_visible_to, require_gm

RECENT_BATTLES = 10


def _battalion(world: World, unit: Unit) -> dict[str, Any]:
    kind = battalion_type(unit.design_id)
    carrier = world.units.get(unit.carried_by) if unit.carried_by is not None else None
    return {"unit_id": unit.unit_id, "name": unit.name, "civ": world.civs[unit.civ_id].name, "type": kind.name,
            "ar": list(kind.ar), "dr": list(kind.dr), "state": unit.state.value, "task": unit.task,
            "carried_by": carrier.name if carrier is not None else None}


def _sees(world: World, civ_id: int | None, unit: Unit) -> bool:
    return civ_id is None or unit.civ_id == civ_id or unit.unit_id in world.civs[civ_id].detected_units


def _planet_name(world: World, civ_id: int | None, planet_id: str, pois: set[str]) -> str:
    """The planet's name, or its Sector alone where the viewer's map does not list it (docs/rules.md, "Fog of
    war": a detected colony does not name a planet the player has not found)."""
    if civ_id is None or on_map(world, civ_id, planet_id, pois):
        return world.planets[planet_id].name
    return f"an uncharted planet in {world.planet_sector(planet_id)}"


def _colony_json(world: World, colony: Colony, civ_id: int | None, index: ground_war.GroundIndex,
                 pois: set[str]) -> dict[str, Any]:
    """One colony as `civ_id` may know it (None: the GM; `pois`: the player's map)."""
    planet = world.planets[colony.planet_id]
    holder = ground_war.holder(colony)
    poi = ground_war.colony_poi(world, colony)
    conditions = ground_war.conditions_at(world, colony)
    defenders = [u for u in ground_war.ground_units_at(world, holder, poi, index) if _sees(world, civ_id, u)]
    levy = ground_war.levy(colony) if colony.occupied_by is None else 0
    out: dict[str, Any] = {
        "colony_id": colony.colony_id, "planet": _planet_name(world, civ_id, planet.planet_id, pois),
        "owner": world.civs[colony.civ_id].name,
        "owner_id": colony.civ_id, "occupied_by": world.civs[colony.occupied_by].name if colony.occupied_by else None,
        "occupied_by_id": colony.occupied_by, "population": colony.population, "step": planet.step,
        "terrain": conditions.terrain, "terrain_label": TERRAIN_LABELS[conditions.terrain],
        "terrain_modifiers": list(TERRAIN[conditions.terrain]),
        "weather": [{"key": k, "label": WEATHER_LABELS[k], "modifiers": list(m)} for k, m in WEATHER.items()]
        if world.options.terrain else [],
        "cities": ground_war.cities(colony), "garrison_needed": ground_war.garrison_needed(colony),
        "defenders": [_battalion(world, u) for u in defenders], "levy": levy,
        # Every other battalion in the system the viewer sees (in holds, or another's on the ground), its own aside:
        # those are under "invasion".
        "others": [_battalion(world, u) for u in index.battalions.get(poi, [])
                   if u not in defenders and u.civ_id != civ_id and _sees(world, civ_id, u)],
        "rebellion_risk": ground_war.rebellion_risk(world, colony, index)
        if colony.occupied_by is not None and civ_id in (None, colony.occupied_by) else None,
        "invasion": None,
    }
    if civ_id is not None and holder != civ_id:
        forces = ground_war.landing_forces(world, civ_id, colony, index)
        known = ground_war.fighters(world, [u.unit_id for u in defenders]) + [Fighter(None, "militia")] * levy
        odds = ground_war.invasion_odds(world, colony, ground_war.fighters(world, [u.unit_id for u in forces]),
                                        known, seed=colony.colony_id)
        out["invasion"] = {"forces": [_battalion(world, u) for u in forces],
                           "orbit_won": ground_war.orbit_won(world, civ_id, colony, index),
                           "odds": {"win": odds.win, "hold": odds.hold, "lose": odds.lose} if forces else None}
    return out


def _battles(viewer: Viewer, campaign: Campaign, world: World) -> list[dict[str, Any]]:
    rows = events_visible_to(viewer, campaign).filter(type="GroundBattleFought").order_by("-seq")[:RECENT_BATTLES]
    out = []
    for row in rows:
        p = row.payload
        colony = world.colonies.get(p["colony_id"])
        out.append({**{k: v for k, v in p.items() if k != "seen_by"}, "seq": row.seq,
                    "planet": world.planets[p["planet_id"]].name,
                    "invader": world.civs[p["invader_civ"]].name, "defender": world.civs[p["defender_civ"]].name,
                    "now_held_by": world.civs[ground_war.holder(colony)].name if colony else None})
    return out


def _colonies(world: World, civ_id: int | None, index: ground_war.GroundIndex) -> list[Colony]:
    """The colonies the ground war is about, as the viewer may know them: occupied ones (a player: those it is a
    party to), and those with a battalion in their system (a player: one of its own or one it detects, so a card never
    betrays a hidden battalion), among the colonies it owns, holds or detects. Listing only these keeps the panel
    short, and the one pass of `ground_index` keeps it linear, in a large campaign."""
    known = frozenset() if civ_id is None else world.civs[civ_id].detected_colonies

    def about(colony: Colony) -> bool:
        if civ_id is not None and civ_id not in (colony.civ_id, colony.occupied_by) and colony.colony_id not in known:
            return False
        if colony.occupied_by is not None and (civ_id is None or civ_id in (colony.civ_id, colony.occupied_by)):
            return True
        return any(_sees(world, civ_id, u) for u in index.battalions.get(ground_war.colony_poi(world, colony), []))

    return sorted((c for c in world.colonies.values() if about(c)), key=lambda c: c.colony_id)


def _destructions(world: World, civ_id: int | None) -> list[dict[str, Any]]:
    return [{"destruction_id": d.destruction_id, "civ": world.civs[d.civ_id].name, "what": d.what,
             "label": ground_war.DESTRUCTION[d.what], "planet": world.planets[d.planet_id].name,
             "owner": world.civs[world.colonies[d.colony_id].civ_id].name if d.colony_id in world.colonies else "",
             "damage": d.damage, "round": d.round}
            for _, d in sorted(world.destructions.items()) if civ_id in (None, d.civ_id)]


def ground_war_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """The ground-war panel: every colony the viewer may know of, with what it may see of the forces there."""
    world = state_io.load_world(campaign)
    role = "gm" if viewer.is_gm else "player" if viewer.civ_id is not None else "spectator"
    base = {"enabled": world.options.ground_war, "terrain_module": world.options.terrain, "role": role}
    if not world.options.ground_war or role == "spectator":
        return {**base, "colonies": [], "battles": [], "destructions": []}
    civ_id = None if viewer.is_gm else viewer.civ_id
    if civ_id is not None and civ_id not in world.civs:  # a player who joined before the start has no empire yet
        return {**base, "colonies": [], "battles": [], "destructions": []}
    index = ground_war.ground_index(world)
    pois = set() if civ_id is None else map_pois(world, civ_id)
    return {**base, "colonies": [_colony_json(world, c, civ_id, index, pois) for c in _colonies(world, civ_id, index)],
            "battles": _battles(viewer, campaign, world), "destructions": _destructions(world, civ_id)}


def destruction_desk(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    require_gm(viewer)
    return ground_war_for(viewer, campaign)
