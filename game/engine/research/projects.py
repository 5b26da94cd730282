"""Research read off the World: which catalogue is in force, what a civilization may research and where, and the
chance a project's next roll has. The orders (their checks and offers), the step functions and the pages all ask
here, so the odds a player is shown are the odds Explore 3 rolls."""

from __future__ import annotations

from collections.abc import Iterable

from game.engine import rule_module
from game.engine.research.rules import SYSTEMS, Chance, cw_chance
from game.engine.research.technologies import Catalogue, Technology, limit_raises, unlocked
from game.engine.world import ResearchProject, Unit, UnitState, World, is_present

# The research module's rule value (`RuleModule.rule_values`): a function of the campaign's `RuleOptions` naming the
# research system it plays, "cluster_war" or "alpha_centauri" (`rules.SYSTEMS`).
SYSTEM_PLAYED = "research.system_played"


def catalogue_of(world: World) -> Catalogue | None:
    """The campaign's research system's catalogue; None when the research module is off."""
    system_played = rule_module.rule_value(world.options, SYSTEM_PLAYED, None)
    return SYSTEMS.get(system_played(world.options)) if system_played is not None else None


def tech_name(world: World, key: str) -> str:
    """A technology's name in either catalogue (a race's pick may be named in the other system's terms)."""
    for catalogue in (catalogue_of(world), *SYSTEMS.values()):
        tech = catalogue.get(key) if catalogue is not None else None
        if tech is not None:
            return tech.name
    return key.replace("_", " ")


def researched(world: World, civ_id: int) -> frozenset[str] | None:
    """The research keys the designer checks for a civilization (its technologies and their unlocks, both
    catalogues read, so an Alpha Centauri civilization keeps the standard start's parts); None when the module is
    off, and the designer keeps its open rules."""
    if catalogue_of(world) is None or civ_id not in world.civs:
        return None
    known = world.civs[civ_id].techs
    keys: set[str] = set()
    for catalogue in SYSTEMS.values():
        keys |= unlocked(catalogue, known)
    return frozenset(keys)


def stat_raises(world: World, civ_id: int) -> dict[str, int]:
    """How far the civilization's incremental technologies raise each ceiling (`limit:` unlocks)."""
    catalogue = catalogue_of(world)
    if catalogue is None or civ_id not in world.civs:
        return {}
    return limit_raises(catalogue, world.civs[civ_id].techs)


def open_projects(world: World, civ_id: int) -> list[ResearchProject]:
    return sorted((p for p in world.research.values() if p.civ_id == civ_id), key=lambda p: p.project_id)


def available(world: World, civ_id: int) -> tuple[Technology, ...]:
    """What the civilization may start researching: not known, prerequisites known, no project on it yet."""
    catalogue = catalogue_of(world)
    if catalogue is None:
        return ()
    busy = {p.tech for p in open_projects(world, civ_id)}
    return tuple(t for t in catalogue.available(world.civs[civ_id].techs) if t.key not in busy)


def research_units(world: World, civ_id: int, poi_id: str) -> list[Unit]:
    """The civilization's free units with a research special at `poi_id` (labs, science ships, stations)."""
    return [u for u in world.units.values()
            if u.civ_id == civ_id and u.poi_id == poi_id and u.state is UnitState.OPERATIONAL and is_present(u)
            and world.design_of(u).specials.research > 0]


def research_sites(world: World, civ_id: int) -> list[str]:
    """Where it may research: a Point of Interest with one of its operational colonies or research units."""
    sites = {world.planets[c.planet_id].poi_id for c in world.colonies.values()
             if c.civ_id == civ_id and c.operational and c.occupied_by is None}
    sites |= {u.poi_id for u in world.units.values() if u.civ_id == civ_id and u.poi_id is not None
              and is_present(u) and world.design_of(u).specials.research > 0}
    return sorted(sites)


def stations(world: World, project: ResearchProject, unit_ids: Iterable[int] | None = None) -> int:
    """Science stations counting for the project's next roll: its Engaged research units at its location, less
    those a skirmish interrupted (Exterminate 3)."""
    total = 0
    for unit_id in project.unit_ids if unit_ids is None else unit_ids:
        unit = world.units.get(unit_id)
        if unit is None or unit_id in project.interrupted or unit.poi_id != project.poi_id or not is_present(unit):
            continue
        total += world.design_of(unit).specials.research
    return total


def next_chance(world: World, project: ResearchProject, mu: int | None = None) -> Chance:
    """The chance of the project's next Cluster War roll if it is funded with `mu` (its own funding by default):
    "spent so far on this success, this round's chance with the stations' bonus"."""
    civ = world.civs[project.civ_id]
    funding = project.mu_per_round if mu is None else mu
    return cw_chance(project.spent + funding, stations(world, project), project.scientists,
                     civ.extra_intelligence, civ.non_academic)


def chance_text(chance: Chance) -> str:
    return (f"{chance.spent:,} MU on this success: {chance.chance}% "
            f"({chance.base}% + {chance.bonus}% stations and scientists)")


def needed_for(world: World, civ_id: int, tech: Technology) -> int:
    return tech.successes_for(world.civs[civ_id].psionic)

