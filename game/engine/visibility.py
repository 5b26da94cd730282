"""Fog of war: what one civilization knows, built in one place, and which events it may read.

A civilization knows its own units, colonies, mines, projects and stocks fully; other civilizations' units and
colonies only while it detects them (Explore 5 and 6), and then only what a sensor shows (no hit points, cargo
or course); the galaxy as far as its Star Charts and scans reach.
"""

from __future__ import annotations

from typing import Any

from game.engine.designer import combat_capable
from game.engine.events import Event, Visibility
from game.engine.units import UnitDesign
from game.engine.world import World, record_to_dict


def event_readers(event: Event) -> frozenset[int] | None:
    """The civilizations that may read an event, None for every one: PUBLIC events to all; CIV events to their
    civilization; GM events (which the GM reads) also to the civilizations the event names in `seen_by` (a
    skirmish's two sides, a message's sender and recipient)."""
    if event.visibility is Visibility.PUBLIC:
        return None
    if event.visibility is Visibility.CIV:
        return frozenset(() if event.civ_id is None else (event.civ_id,))
    return frozenset(event.payload.get("seen_by", ()))


def event_visible_to(event: Event, civ_id: int) -> bool:
    readers = event_readers(event)
    return readers is None or civ_id in readers


def design_abilities(design: UnitDesign) -> dict[str, Any]:
    specials = design.specials
    return {"name": design.name, "armed": combat_capable(design), "ftl": specials.ftl, "colonize": specials.colonize,
            "cargo_capacity": specials.cargo_capacity, "construction_bp": specials.construction_bp,
            "terraform_tp": specials.terraform_tp, "salvage": specials.salvage,
            "movement_rate": design.stats.movement_rate}


def map_pois(world: World, civ_id: int) -> set[str]:
    """The Points of Interest on the civilization's map: those it found, and with the full star map (CW 12.1: every
    star's position is everyone's) every one not hidden."""
    known = world.civs[civ_id].known_pois
    if world.options.full_star_map:
        return {p for p, poi in world.pois.items() if poi.hidden == 0} | known
    return set(known)


def on_map(world: World, civ_id: int, planet_id: str, pois: set[str]) -> bool:
    """Whether the planet is on the civilization's map (`pois`: its `map_pois`): surveyed, or at a place it charted."""
    return planet_id in world.civs[civ_id].surveyed_planets or world.planets[planet_id].poi_id in pois


def civ_map(world: World, civ_id: int) -> dict[str, Any]:
    """The galaxy as the civilization knows it: its Sectors (with the junk where it has a unit), Points of
    Interest and planets. Part of `civ_view`, and alone the player's `map/`, which need not build the rest."""
    civ = world.civs[civ_id]
    pois = map_pois(world, civ_id)
    sectors = set(world.sectors) if world.options.full_star_map else set(civ.charted)
    present = {u.sector_id for u in world.units.values() if u.civ_id == civ_id and u.carried_by is None}
    planets = []
    for planet_id, planet in sorted(world.planets.items()):
        if planet_id in civ.surveyed_planets:
            planets.append(record_to_dict(planet))
        elif planet.poi_id in pois:
            # Scouting shows that a planet is there, not what it holds.
            planets.append({"planet_id": planet_id, "poi_id": planet.poi_id, "name": planet.name})
    return {
        # Junk is seen only where the civilization has a unit.
        "sectors": [
            {"sector_id": s, "junk": world.sectors[s].junk if s in present else None} for s in sorted(sectors)
        ],
        "pois": [record_to_dict(world.pois[p]) for p in sorted(pois)],
        "planets": planets,
    }


def civ_view(world: World, civ_id: int, *, with_map: bool = True) -> dict[str, Any]:
    """What the civilization owns and knows; `with_map=False` leaves out `civ_map` (a player's page reads it from
    `map/`, and building it was a quarter of the view at 50,000 units)."""
    civ = world.civs[civ_id]
    own_units = [u for u in world.units.values() if u.civ_id == civ_id]
    # The units seen, by id: looked up from the few the civilization detected, not found by sorting every unit.
    detected = (world.units[unit_id] for unit_id in sorted(civ.detected_units) if unit_id in world.units)
    # A sensor shows where in a Sector a unit or colony is only at a place on the civilization's map (`civ_map`);
    # elsewhere it shows the Sector alone, so no id names a Point of Interest or planet the map does not list
    # (docs/rules.md, "Fog of war").
    pois = map_pois(world, civ_id)
    seen_units = [
        {
            "unit_id": u.unit_id,
            "civ_id": u.civ_id,
            "design_id": u.design_id,
            "design": world.design_of(u).name,
            "name": u.name,
            "sector_id": u.sector_id,
            "poi_id": u.poi_id if u.poi_id in pois else None,
        }
        for u in detected
        if u.civ_id != civ_id
    ]
    seen_colonies = [
        {"colony_id": c.colony_id, "civ_id": c.civ_id, "sector_id": world.planet_sector(c.planet_id),
         "planet_id": c.planet_id if on_map(world, civ_id, c.planet_id, pois) else None}
        for _, c in sorted(world.colonies.items())
        if c.colony_id in civ.detected_colonies and c.civ_id != civ_id
    ]
    designs = {u.design_id for u in own_units} | {
        k for k, d in world.designs.items() if d.civ_id in (None, civ_id)
    }
    return {
        "civ": record_to_dict(civ),
        "civs": [{"civ_id": c.civ_id, "name": c.name} for _, c in sorted(world.civs.items())],
        "options": record_to_dict(world.options),
        **(civ_map(world, civ_id) if with_map else {}),
        "designs": sorted(designs),
        # What each of those designs can do, so a player (or a bot) tells a scout from a warship or a colony ship.
        "design_abilities": {d: design_abilities(world.designs[d]) for d in sorted(designs) if d in world.designs},
        # Movement Points per round of the civilization's own designs, so a player can read an En Route unit's
        # ETA (Movement Points left, Explore 1-2) in rounds.
        "move_rates": {
            u.design_id: world.design_of(u).stats.movement_rate for u in sorted(own_units, key=lambda u: u.unit_id)
        },
        "units": [record_to_dict(u) for u in sorted(own_units, key=lambda u: u.unit_id)],
        "other_units": seen_units,
        "colonies": [record_to_dict(c) for _, c in sorted(world.colonies.items()) if c.civ_id == civ_id],
        "other_colonies": seen_colonies,
        "mines": [record_to_dict(m) for _, m in sorted(world.mines.items()) if m.civ_id == civ_id],
        "projects": [record_to_dict(p) for _, p in sorted(world.projects.items()) if p.civ_id == civ_id],
        "terraforming": [
            record_to_dict(t) for _, t in sorted(world.terraforming.items()) if t.civ_id == civ_id
        ],
        "ore_stocks": [
            {"poi_id": poi, "ore": ore}
            for (owner, poi), ore in sorted(world.ore_stocks.items())
            if owner == civ_id
        ],
        "skirmishes": [
            record_to_dict(s)
            for _, s in sorted(world.skirmishes.items())
            if civ_id in (s.attacker_civ, s.defender_civ)
        ],
        "wars": [list(p) for p in sorted(world.wars) if civ_id in p],
        "contacts": [list(p) for p in sorted(world.contacts) if civ_id in p],
    }


def civ_figures(world: World, civ_id: int) -> dict[str, int]:
    """The figures a civilization's charts follow over the rounds."""
    return figures_by_civ(world)[civ_id]


def figures_by_civ(world: World) -> dict[int, dict[str, int]]:
    """`civ_figures` of every civilization, in one pass over the units (a round's start records all of them: one
    pass per civilization was 16 over 50,000 units)."""
    figures = {civ_id: {"mu": civ.mu, "ore": 0, "units": 0, "colonies": 0, "population": 0}
               for civ_id, civ in world.civs.items()}
    for (owner, _), ore in world.ore_stocks.items():
        if owner in figures:
            figures[owner]["ore"] += ore
    for unit in world.units.values():
        if unit.civ_id in figures:
            own = figures[unit.civ_id]
            own["ore"] += unit.ore
            own["units"] += 1
    for colony in world.colonies.values():
        if colony.civ_id in figures:
            own = figures[colony.civ_id]
            own["colonies"] += 1
            own["population"] += colony.population
    return figures


def public_map(world: World) -> dict[str, Any]:
    """What anyone may see of the galaxy: the Sectors and the Points of Interest that are not hidden; no units,
    colonies or stocks."""
    return {
        "sectors": [{"sector_id": s} for s in sorted(world.sectors)],
        "pois": [
            {"poi_id": p.poi_id, "sector_id": p.sector_id, "kind": p.kind, "name": p.name}
            for _, p in sorted(world.pois.items()) if p.hidden == 0
        ],
    }
