"""The standard start (Cluster War §3.0 "Pre-Game Setup" converted to Centaurian Vector units): presets as data,
a GM's edit of one read and checked field by field, and `give_start`, which puts a start into a World.

A start is a home world with its colony, a construction site with its builder, a home mine, a colony ship, a
freighter, a scout and an armed escort group, a treasury, Ore at the site, survey data of the nearby systems and
Star Charts of the strategic map. Each figure and its arithmetic is a ruling in docs/rules.md ("Campaign setup —
the standard start"); the designs are real designs, priced by `designer.design_cost` like any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.engine.combat import Defense, Weapon
from game.engine.research.cluster_war import CATALOGUE as CW_CATALOGUE
from game.engine.units import STARTER_UNITS, Scale, Specials, UnitDesign, UnitStats
from game.engine.world import Colony, Mine, Unit, World, sector_distance

# §3.0 makes every race a 1st-generation FTL race, so the start's Corvette hulls carry the FTL drive the designer
# otherwise asks research for (`designer.ftl_research_key(Scale.CORVETTE)`).
START_RESEARCH = frozenset({"corvette_ftl"})
# What a new civilization knows (docs/rules.md, "Research — what a new civilization knows"): the Cluster War
# catalogue's start technologies, FTL on Corvettes among them; under either research system.
START_TECHS = CW_CATALOGUE.start_keys | START_RESEARCH


def _design(design_id: str, name: str, stats: UnitStats, crew: int, specials: Specials,
            weapons: tuple[Weapon, ...] = (), defenses: tuple[Defense, ...] = ()) -> UnitDesign:
    return UnitDesign(design_id, name, Scale.CORVETTE, stats, weapons, defenses, specials, crew)


# The §3.0 templates as Corvette designs (a CW starship hull space is a Corvette-scale space, 10 to a hull).
BUILDER = _design(  # the construction site's shipyard: 5 bays, 15 BP a quarter (1 hull per bay per turn, x3)
    "builder", "Construction Crawler",
    UnitStats(sensors=1, signature=10, movement_rate=1, targeting=1, evasion=1, weapons=0, defenses=0, hp=10),
    crew=10, specials=Specials(construction_bp=15))
COLONY_SHIP = _design(  # "at least one a command freighter for colonizing", one-way (+10%, §6.6)
    "colony-ship", "Colony Ship",
    UnitStats(sensors=1, signature=10, movement_rate=6, targeting=1, evasion=1, weapons=0, defenses=0, hp=10),
    crew=10, specials=Specials(colonize=True, ftl=True))
FREIGHTER = _design(  # §5.1 command freighter: 2 cargo bays of 20, and a repair bay to salvage (§9.6)
    "freighter", "Command Freighter",
    UnitStats(sensors=1, signature=10, movement_rate=4, targeting=1, evasion=1, weapons=0, defenses=0, hp=10),
    crew=10, specials=Specials(cargo_capacity=40, salvage=True, ftl=True))
SCOUT = _design(  # §12.1: LRS to scout and survey, quiet and quick
    "scout", "Survey Scout",
    UnitStats(sensors=3, signature=6, movement_rate=6, targeting=1, evasion=3, weapons=0, defenses=0, hp=10),
    crew=10, specials=Specials(ftl=True))
ESCORT = _design(  # the "defence forces" and a destroyer-hull template's smaller cousin: armed and shielded
    "patrol-corvette", "Patrol Corvette",
    UnitStats(sensors=2, signature=8, movement_rate=4, targeting=3, evasion=2, weapons=1, defenses=1, hp=10),
    crew=10, specials=Specials(ftl=True),
    weapons=(Weapon("energy", 4),), defenses=(Defense("ballistic", 2),))

START_DESIGNS: tuple[UnitDesign, ...] = (BUILDER, COLONY_SHIP, FREIGHTER, SCOUT, ESCORT)
# What a GM's edit may list: the start's designs and the core rules' starter units.
BUILDABLE: Mapping[str, UnitDesign] = {d.design_id: d for d in (*START_DESIGNS, *STARTER_UNITS)}

ORE_PER_MINING_STATION = 3  # §7.1: 1 CP per station per turn, x3 a quarter


@dataclass(frozen=True)
class Start:
    """What one civilization starts with. `units` lists (design id, count) in the order they are handed out."""

    preset: str
    mu: int
    ore: int  # at the home system, the site its first construction draws on
    units: tuple[tuple[str, int], ...]
    mine_stations: int  # the home mine: ORE_PER_MINING_STATION Ore a quarter each
    survey_radius: int  # Sectors around home whose systems are surveyed

    @property
    def mine_output(self) -> int:
        return self.mine_stations * ORE_PER_MINING_STATION


def _units(escorts: int) -> tuple[tuple[str, int], ...]:
    return ((BUILDER.design_id, 1), (COLONY_SHIP.design_id, 1), (FREIGHTER.design_id, 1), (SCOUT.design_id, 1),
            (ESCORT.design_id, escorts))


# Treasury: §19's starting budget, "usually two and a half times their starting CPs", on §3.0's 500 CP of colonies,
# at 1 MU per CP (the designer's prices): 1,250 MU; the small start has one times, the rich five times.
# Ore: a year (4 quarters) of the home yard's 15 BP a quarter, at 1 Ore per BP: 60; small half a year, rich two.
PRESETS: Mapping[str, Start] = {
    "small": Start("small", mu=500, ore=30, units=_units(1), mine_stations=3, survey_radius=2),
    "standard": Start("standard", mu=1_250, ore=60, units=_units(3), mine_stations=5, survey_radius=3),
    "rich": Start("rich", mu=2_500, ore=120, units=_units(5), mine_stations=8, survey_radius=5),
}
PRESET_TITLES: Mapping[str, str] = {"small": "Small", "standard": "Standard (Cluster War §3.0)", "rich": "Rich"}
DEFAULT_PRESET = "standard"

# Bounds of a GM's edit, so a typo cannot build a world nobody can load.
MAX_MU = 1_000_000
MAX_ORE = 100_000
MAX_UNITS = 200


@dataclass(frozen=True)
class StartProblem:
    field: str
    reason: str


def _whole(value: Any, field: str, low: int, high: int, problems: list[StartProblem]) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(StartProblem(field, "must be a whole number"))
        return low
    if not low <= value <= high:
        problems.append(StartProblem(field, f"must be from {low:,} to {high:,}"))
    return value


def read_start(data: str | Mapping[str, Any]) -> tuple[Start, tuple[StartProblem, ...]]:
    """A start as the GM (or a scenario) writes it: a preset's key, or {"preset", and any of "mu", "ore", "units":
    [{"design_id", "count"}]} changing that preset's figures. Returns the start and every problem, by field; the
    start is the preset's (or the standard) where a field is at fault, and only good when there is none."""
    fields: Mapping[str, Any] = {"preset": data} if isinstance(data, str) else data
    problems: list[StartProblem] = []
    unknown = sorted(set(fields) - {"preset", "mu", "ore", "units"})
    problems += [StartProblem(name, "is not a start figure (preset, mu, ore, units)") for name in unknown]
    key = fields.get("preset", DEFAULT_PRESET)
    preset = PRESETS.get(key) if isinstance(key, str) else None
    if preset is None:
        problems.append(StartProblem("preset", f"choose one of {', '.join(PRESETS)}"))
        preset = PRESETS[DEFAULT_PRESET]
    mu = _whole(fields.get("mu", preset.mu), "mu", 0, MAX_MU, problems)
    ore = _whole(fields.get("ore", preset.ore), "ore", 0, MAX_ORE, problems)
    units = preset.units
    if "units" in fields:
        units = _read_units(fields["units"], problems)
    return replace(preset, mu=mu, ore=ore, units=units), tuple(problems)


def _read_units(raw: Any, problems: list[StartProblem]) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, Sequence) or isinstance(raw, str) or not all(isinstance(i, Mapping) for i in raw):
        problems.append(StartProblem("units", "must be a list of {design_id, count}"))
        return ()
    units: list[tuple[str, int]] = []
    seen: set[str] = set()
    for index, item in enumerate(raw):
        design_id = item.get("design_id")
        if not isinstance(design_id, str) or design_id not in BUILDABLE:
            problems.append(StartProblem(f"units[{index}].design_id",
                                         f"choose one of {', '.join(BUILDABLE)}"))
            continue
        if design_id in seen:
            problems.append(StartProblem(f"units[{index}].design_id", f"{design_id} is listed twice"))
            continue
        seen.add(design_id)
        count = _whole(item.get("count"), f"units[{index}].count", 0, MAX_UNITS, problems)
        if count:
            units.append((design_id, count))
    if sum(count for _, count in units) > MAX_UNITS:
        problems.append(StartProblem("units", f"at most {MAX_UNITS} units in all"))
    return tuple(units)


def start_to_dict(start: Start) -> dict[str, Any]:
    """The stored form of a GM's edit (what `read_start` reads back)."""
    return {"preset": start.preset, "mu": start.mu, "ore": start.ore,
            "units": [{"design_id": design_id, "count": count} for design_id, count in start.units]}


def give_start(world: World, civ_id: int, home_planet_id: str, start: Start, *, extra_mu: int = 0,
               names: Mapping[str, Sequence[str]] | None = None) -> World:
    """`world` with civilization `civ_id` (already in it) given `start` at its home planet: an operational colony at
    the planet's maximum population, a mine, Ore at the home system, the units there (named from `names` by design,
    in turn, then "<design> <n>"), the treasury (+ `extra_mu` from its race or faction, never below 0), the start's
    designs, survey data within `survey_radius` Sectors and Star Charts of every Sector on the strategic map."""
    planet = world.planets[home_planet_id]
    home = world.pois[planet.poi_id]
    next_id = world.next_id
    colony = Colony(next_id, civ_id, home_planet_id, planet.max_population, planet.max_population, operational=True)
    mine = Mine(next_id + 1, civ_id, home_planet_id, output=start.mine_output)
    next_id += 2
    units: dict[int, Unit] = {}
    for design_id, count in start.units:
        design = BUILDABLE[design_id]
        given = list((names or {}).get(design_id, ()))
        for n in range(1, count + 1):
            name = given[n - 1] if n <= len(given) else f"{design.name} {n}"
            units[next_id] = Unit(next_id, civ_id, design_id, name, home.sector_id, home.poi_id,
                                  hp=float(design.stats.hp))
            next_id += 1
    nearby = {p.poi_id for p in world.pois.values()
              if p.hidden == 0 and sector_distance(p.sector_id, home.sector_id) <= start.survey_radius}
    nearby.add(home.poi_id)
    civ = world.civs[civ_id]
    civ = replace(
        civ, mu=max(0, civ.mu + start.mu + extra_mu), techs=civ.techs | START_TECHS,
        # Expand 5 prices colonies by their STEP difference from the home world (Cluster War §7.0).
        home_step=planet.step or civ.home_step,
        charted=civ.charted | {p.sector_id for p in world.pois.values() if p.hidden == 0} | {home.sector_id},
        known_pois=civ.known_pois | nearby,
        surveyed_planets=civ.surveyed_planets | {p.planet_id for p in world.planets.values() if p.poi_id in nearby},
    )
    used = {design_id for design_id, _ in start.units}
    return replace(
        world,
        designs={**world.designs, **{d.design_id: d for d in START_DESIGNS if d.design_id in used}},
        civs={**world.civs, civ_id: civ},
        colonies={**world.colonies, colony.colony_id: colony},
        mines={**world.mines, mine.mine_id: mine},
        units={**world.units, **units},
        ore_stocks={**world.ore_stocks, (civ_id, home.poi_id): world.ore_at(civ_id, home.poi_id) + start.ore},
        next_id=next_id,
    )
