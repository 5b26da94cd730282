"""The one place stored galaxy rows become engine state and back: a Point of Interest as JSON, `GalaxySettings` as
JSON, and the round engine's `World` built from a stored galaxy, its home worlds and the joined civilizations.

Cluster War hexes are offset "CCRR" (`galaxy.engine.hexes`); the round engine's Sectors are axial "q,r"
(`game.engine.world`). `sector_of` is the only conversion between the two.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from galaxy.engine import (
    Body,
    Encounter,
    Galaxy,
    GalaxySettings,
    HexCoord,
    Life,
    Planet,
    PointOfInterest,
    Resource,
    Sector,
    Star,
    StepCode,
    region_of,
)
from galaxy.engine.tables import ObjectKind
from game.engine import world as w
from game.engine.combat import Defense, Weapon
from game.engine.designer import STAT_NAMES, DesignProblem
from game.engine.factions import Faction
from game.engine.races import Category, RaceItem, RaceProblem, StartingBonus
from game.engine.rulings import CP_PER_MU
from game.engine.starts import DEFAULT_PRESET, PRESETS, Start, give_start, read_start
from game.engine.units import STARTER_UNITS, Scale, Specials, UnitDesign, UnitStats


def sector_of(coord: HexCoord) -> str:
    """The round engine's axial Sector id of a Cluster War hex: q is the 0-based column, r the row less half the
    column (rounded down), the same cube coordinates `galaxy.engine.hexes` measures distances with."""
    q = coord.col - 1
    r = (coord.row - 1) - (q - (q & 1)) // 2
    return w.sector_id(q, r)


# --- settings ---------------------------------------------------------------------------------------------------

def settings_to_dict(settings: GalaxySettings) -> dict[str, Any]:
    data = asdict(settings)
    data["region_density"] = [list(row) for row in settings.region_density]
    return {key: (value.value if hasattr(value, "value") else value) for key, value in data.items()}


def settings_from_dict(data: Mapping[str, Any]) -> GalaxySettings:
    """Unknown keys are refused by name; the dataclass checks ranges and enum values."""
    known = {f.name for f in fields(GalaxySettings)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"Unknown galaxy setting {unknown[0]!r}.")
    values = dict(data)
    if "region_density" in values:
        values["region_density"] = tuple(tuple(row) for row in values["region_density"])
    return GalaxySettings(**values)


# --- points of interest -----------------------------------------------------------------------------------------

def _encounter_to_dict(encounter: Encounter) -> dict[str, Any]:
    data: dict[str, Any] = {"table": encounter.table, "roll": encounter.roll, "result": encounter.result}
    if encounter.details:
        data["details"] = [_encounter_to_dict(d) for d in encounter.details]
    if encounter.npc_race:
        data["npc_race"] = True
    return data


def _encounter_from_dict(data: Mapping[str, Any]) -> Encounter:
    return Encounter(data["table"], data["roll"], data["result"],
                     tuple(_encounter_from_dict(d) for d in data.get("details", ())), data.get("npc_race", False))


def _planet_to_dict(planet: Planet) -> dict[str, Any]:
    return {
        "star": planet.star, "orbit": planet.orbit, "temperature_index": planet.temperature_index,
        "zone": planet.zone, "step": str(planet.step), "body": planet.body.value, "life": planet.life.value,
        "max_output": planet.max_output, "resources": [[r.name, r.special] for r in planet.resources],
    }


def _planet_from_dict(data: Mapping[str, Any]) -> Planet:
    return Planet(
        star=data["star"], orbit=data["orbit"], temperature_index=data["temperature_index"], zone=data["zone"],
        step=StepCode.parse(data["step"]), body=Body(data["body"]), life=Life(data["life"]),
        max_output=data["max_output"], resources=tuple(Resource(name, special) for name, special in data["resources"]),
    )


def poi_to_dict(poi: PointOfInterest) -> dict[str, Any]:
    """What a stored row's `data` holds; the hex, kind and counts are columns of their own."""
    return {
        "components": [kind.name for kind in poi.components],
        "stars": [star.kind.name for star in poi.stars],
        "planets": [_planet_to_dict(p) for p in poi.planets],
        "specials": [_encounter_to_dict(s) for s in poi.specials],
    }


def poi_from_dict(coord: HexCoord, region_size: int, kind: str, data: Mapping[str, Any]) -> PointOfInterest:
    return PointOfInterest(
        coord=coord, region=region_of(coord, region_size), kind=ObjectKind[kind] if kind else None,
        components=tuple(ObjectKind[name] for name in data["components"]),
        stars=tuple(Star(ObjectKind[name]) for name in data["stars"]),
        planets=tuple(_planet_from_dict(p) for p in data["planets"]),
        specials=tuple(_encounter_from_dict(s) for s in data["specials"]),
    )


def galaxy_from_pois(seed: str, settings: GalaxySettings, pois: Sequence[PointOfInterest]) -> Galaxy:
    """The engine's galaxy again, from the stored Points of Interest (every other hex is empty space)."""
    by_coord = {poi.coord: poi for poi in pois}
    sectors = tuple(
        Sector(HexCoord(col, row), region_of(HexCoord(col, row), settings.region_size),
               by_coord.get(HexCoord(col, row)))
        for col in range(1, settings.width + 1) for row in range(1, settings.height + 1)
    )
    return Galaxy(seed, settings, sectors)


# --- into the round engine ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoneyScale:
    """How a race's or faction's setup figures become MU (docs/rules.md, "Campaign setup: rulings"): campaign
    settings, `rule_options["starting_assets"]`. What each civilization starts with is its start
    (`game.engine.starts`)."""

    cp_per_mu: int = 10  # the money scale: §3.0 start CP a race gains or loses, paid into the treasury
    mu_per_credit: int = 1  # Alpha Centauri credits (Morgan's extra starting credits) into MU


def setup_extra_mu(scale: MoneyScale, bonus: StartingBonus | None, faction: Faction | None) -> int:
    """MU a race's starting bonus or a faction's modifiers add to (or take from) the starting treasury
    (docs/rules.md, "Campaign setup: rulings"): pre-built units and extra colonies less a smaller fleet or
    ground forces, in CP at the money scale, and a faction's extra starting credits."""
    cp = 0 if bonus is None else (bonus.prebuilt_cp + bonus.colony_cp - bonus.starship_cp_lost
                                  - bonus.ground_cp_lost)
    credits = 0 if faction is None else faction.extra_starting_credits
    return cp // scale.cp_per_mu + credits * scale.mu_per_credit


def money_scale(rule_options: Mapping[str, Any]) -> MoneyScale:
    """The campaign's `rule_options["starting_assets"]`, each value defaulting to the ruling (the treasury, Ore and
    colony figures once kept there are the start's now, and ignored)."""
    stored = rule_options.get("starting_assets", {})
    return MoneyScale(**{f.name: stored[f.name] for f in fields(MoneyScale) if f.name in stored})


# --- the start each civilization is given (the GM's choice per civilization before Start) ------------------------

def campaign_starts(rule_options: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    """The campaign's default preset and each civilization's edited start (by civ id as a string), as stored in
    `rule_options["starts"]`."""
    stored = rule_options.get("starts", {})
    return stored.get("default", DEFAULT_PRESET), stored.get("civs", {})


def civ_start(rule_options: Mapping[str, Any], civ_id: int) -> Start:
    """The start `civ_id` is given: its own edit, else the campaign's default preset. Stored edits were checked when
    the GM made them."""
    default, civs = campaign_starts(rule_options)
    start, _ = read_start(civs.get(str(civ_id), default))
    return start


# --- the GM's race items ---------------------------------------------------------------------------------------

def race_item_to_dict(item: RaceItem) -> dict[str, Any]:
    return {"key": item.key, "name": item.name, "category": item.category.value, "ap": item.ap,
            "max_levels": item.max_levels, "note": item.note}


def race_item_from_dict(data: Mapping[str, Any]) -> RaceItem:
    """A GM item as stored or as the form sends it; a malformed field raises `RaceProblem` naming it."""
    categories = {c.value: c for c in Category} | {c.name: c for c in Category}
    category = categories.get(str(data.get("category", "")))
    if category is None:
        raise RaceProblem("category", f"choose one of {', '.join(c.value for c in Category)}")
    numbers = {}
    for name, default in (("ap", None), ("max_levels", 1)):
        value = data.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RaceProblem(name, "must be a whole number")
        numbers[name] = value
    return RaceItem(str(data.get("key", "")).strip(), str(data.get("name", "")).strip(), category, numbers["ap"],
                    numbers["max_levels"], note=str(data.get("note", "")).strip())


# The design JSON is the World's own, so a stored design drops into `World.designs` unchanged.
design_to_dict = w._design_to_dict
design_from_dict = w._design_from_dict


@dataclass(frozen=True)
class HomeAssignment:
    civ_id: int
    name: str
    hex: HexCoord
    star: int
    orbit: int
    extra_mu: int = 0  # from the civilization's race or faction (`setup_extra_mu`)
    start: Start = PRESETS[DEFAULT_PRESET]
    environmental_resistance: bool = False  # its race's pick (CW §3.1): colonizes as if one step less


def poi_id_of(galaxy: Galaxy, coord: HexCoord) -> str:
    return galaxy.label(coord)


def planet_id_of(galaxy: Galaxy, coord: HexCoord, planet: Planet) -> str:
    """"0902-A3": the hex, the star's letter and the orbit; readable, and unique in the system."""
    return f"{galaxy.label(coord)}-{'ABCDEFGH'[planet.star]}{planet.orbit}"


def _poi_kind(poi: PointOfInterest) -> str:
    if poi.stars:
        return "star_system"
    return poi.category.value.replace(" ", "_") if poi.category is not None else "deep_space"


def _world_planet(galaxy: Galaxy, poi: PointOfInterest, planet: Planet, homes: set[tuple[HexCoord, int, int]]
                  ) -> w.Planet:
    special = next((r.name for r in planet.resources if r.special), None)
    strategic = next((r.name for r in planet.resources if not r.special), None)
    return w.Planet(
        planet_id=planet_id_of(galaxy, poi.coord, planet),
        poi_id=poi_id_of(galaxy, poi.coord),
        name=f"{galaxy.label(poi.coord)} {'ABCDEFGH'[planet.star]}{planet.orbit}",
        ore_deposit=planet.max_output,
        viable=planet.viable,
        suitable_site=(poi.coord, planet.star, planet.orbit) in homes,
        max_population=max(1, planet.max_output // 10),
        special_resource=special,
        strategic_resource=strategic,
        step=str(planet.step),
        max_output=planet.max_output,
    )


def build_world(galaxy: Galaxy, homes: Sequence[HomeAssignment], designs: Sequence[UnitDesign],
                cp_per_mu: int = CP_PER_MU) -> w.World:
    """The round engine's state at round 1: every hex a Sector, every Point of Interest and planet, and each
    civilization at its home world given its start (`starts.give_start`: colony, mine, Ore, treasury, units,
    survey data and Star Charts)."""
    home_keys = {(h.hex, h.star, h.orbit) for h in homes}
    sectors = {sector_of(s.coord): w.Sector(sector_of(s.coord)) for s in galaxy.sectors}
    pois: dict[str, w.PointOfInterest] = {}
    planets: dict[str, w.Planet] = {}
    for poi in galaxy.points_of_interest:
        poi_id = poi_id_of(galaxy, poi.coord)
        title = poi.kind.title if poi.kind is not None else "Deep space"
        # A hex holding only a deep-space special is off the strategic map: it has to be found.
        pois[poi_id] = w.PointOfInterest(poi_id, sector_of(poi.coord), _poi_kind(poi), f"{title} {poi_id}",
                                         hidden=0 if poi.on_strategic_map else 1)
        for planet in poi.planets:
            record = _world_planet(galaxy, poi, planet, home_keys)
            planets[record.planet_id] = record
    ordered = sorted(homes, key=lambda h: h.civ_id)
    world = w.World(designs={d.design_id: d for d in (*STARTER_UNITS, *designs)}, sectors=sectors, pois=pois,
                    planets=planets, next_id=1, options=w.RuleOptions(cp_per_mu=cp_per_mu),
                    civs={h.civ_id: w.Civilization(h.civ_id, h.name,
                                                   environmental_resistance=h.environmental_resistance)
                          for h in ordered})
    for home in ordered:
        home_poi = galaxy.point_of_interest(home.hex)
        found = [p for p in (home_poi.planets if home_poi else ()) if (p.star, p.orbit) == (home.star, home.orbit)]
        if not found:
            raise ValueError(f"{home.name}'s home world {galaxy.label(home.hex)} has no such planet.")
        world = give_start(world, home.civ_id, planet_id_of(galaxy, home.hex, found[0]), home.start,
                           extra_mu=home.extra_mu)
    return world


# --- unit designs from a form -------------------------------------------------------------------------------------

def _int(data: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DesignProblem(where, "must be a whole number")
    return value


def _number(data: Mapping[str, Any], key: str, where: str) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DesignProblem(where, "must be a number")
    return float(value)


def design_from_input(data: Mapping[str, Any], design_id: str, civ_id: int | None) -> UnitDesign:
    """A design as the designer form sends it; a malformed field raises `DesignProblem` naming it. The Weapons and
    Defenses stats follow the components when the form leaves them out (they count the components)."""
    scale_name = str(data.get("scale", "")).upper()
    if scale_name not in Scale.__members__:
        raise DesignProblem("scale", f"choose one of {', '.join(s.title for s in Scale)}")
    raw_stats = data.get("stats")
    if not isinstance(raw_stats, Mapping):
        raise DesignProblem("stats", "give the eight stats")
    weapons = tuple(
        Weapon(str(item.get("type", "")).strip(), _number(item, "average_damage", f"weapons[{i}].average_damage"))
        for i, item in enumerate(_items(data, "weapons")))
    defenses = tuple(
        Defense(str(item.get("type", "")).strip(),
                _number(item, "damage_resistance", f"defenses[{i}].damage_resistance"))
        for i, item in enumerate(_items(data, "defenses")))
    counts = {"weapons": len(weapons), "defenses": len(defenses)}
    stats = UnitStats(**{name: _int(raw_stats, name, f"stats.{name}", counts.get(name)) for name in STAT_NAMES})
    raw_specials = data.get("specials") or {}
    if not isinstance(raw_specials, Mapping):
        raise DesignProblem("specials", "must be an object")
    special_values: dict[str, Any] = {}
    for f in fields(Specials):
        if f.name not in raw_specials:
            continue
        value = raw_specials[f.name]
        if f.type == "bool":
            if not isinstance(value, bool):
                raise DesignProblem(f"specials.{f.name}", "must be true or false")
            special_values[f.name] = value
        else:
            special_values[f.name] = _int(raw_specials, f.name, f"specials.{f.name}")
    unknown = sorted(set(raw_specials) - {f.name for f in fields(Specials)})
    if unknown:
        raise DesignProblem(f"specials.{unknown[0]}", "is not a special ability")
    return UnitDesign(design_id=design_id, name=str(data.get("name", "")).strip(), scale=Scale[scale_name],
                      stats=stats, weapons=weapons, defenses=defenses, specials=Specials(**special_values),
                      crew=_int(data, "crew", "crew", 0), civ_id=civ_id)


def _items(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    items = data.get(key) or []
    if not isinstance(items, list) or not all(isinstance(item, Mapping) for item in items):
        raise DesignProblem(key, "must be a list of components")
    return items
