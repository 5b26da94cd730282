"""The frozen state a round's steps read: the galaxy, the civilizations and everything they own.

A `World` changes only through `apply.apply_events`; the steps never build one. Ids: civilizations, units,
colonies, mines and projects are ints (new ones come from `next_id`, and the event that creates one names it);
Sectors are "q,r" (axial hex coordinates, a Cluster War hex each); Points of Interest and planets are strings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import Any

from game.engine import factions
from game.engine.combat import Defense, Weapon
from game.engine.designer import Price
from game.engine.diplomacy import Proposal, Relation
from game.engine.ground_forces import ground_design, ground_type_of
from game.engine.rulings import (
    CP_PER_MU,
    CP_PER_POP,
    TERRAFORM_MU_PER_TP,
    WEAPONS_RANGE_SECTORS,
    cargo_space_of,
    colony_mu_cost,
    course_mp,
    hex_distance,
    mine_ore,
)
from game.engine.step_codes import StepCode, colonization_cost, colonization_multiplier
from game.engine.units import STARTER_UNITS, Scale, Specials, UnitDesign, UnitStats


class UnitState(StrEnum):
    OPERATIONAL = "operational"
    EN_ROUTE = "en_route"
    ENGAGED = "engaged"
    UNDER_CONSTRUCTION = "under_construction"
    DESTROYED = "destroyed"  # a wreck between Exterminate 4 and 6, when it becomes junk and leaves the world


def sector_id(q: int, r: int) -> str:
    return f"{q},{r}"


@lru_cache(maxsize=1 << 16)  # a map's Sectors, asked for again and again by every distance the steps measure
def sector_coords(sector: str) -> tuple[int, int]:
    q, r = sector.split(",")
    return int(q), int(r)


@dataclass(frozen=True)
class Sector:
    sector_id: str
    junk: int = 0  # Space Junk, in Ore a salvager can recover

    @property
    def coords(self) -> tuple[int, int]:
        return sector_coords(self.sector_id)


@dataclass(frozen=True)
class PointOfInterest:
    poi_id: str
    sector_id: str
    kind: str  # "star_system", "station", "black_hole", ...
    name: str
    signature: int = 100  # a star outshines any ship
    hidden: int = (
        0  # 0 plain; 1 hidden (GM roll in LRS range); 2 extremely well hidden (GM roll at close scan)
    )


@dataclass(frozen=True)
class Planet:
    planet_id: str
    poi_id: str
    name: str
    ore_deposit: int = 0  # Ore left to mine
    viable: bool = False  # a Viable Planet: colonizable
    suitable_site: bool = False  # a Suitable Site: construction may start here
    max_population: int = 10
    terraform_tp: int = 12
    special_resource: str | None = None
    strategic_resource: str | None = None
    step: str = ""  # its STEP code (Cluster War §2.1); "" unknown: priced as a match of the home world
    max_output: int = 0  # Cluster War max CP a turn; 0 unknown: taken from max_population (`max_output_of`)


@dataclass(frozen=True)
class Civilization:
    civ_id: int
    name: str
    mu: int = 0  # Monetary Units in the treasury
    charted: frozenset[str] = frozenset()  # Sectors on its Star Charts
    known_pois: frozenset[str] = frozenset()
    surveyed_planets: frozenset[str] = frozenset()  # close-scanned: deposits and flags known
    detected_units: frozenset[int] = frozenset()  # other civilizations' units seen this round
    detected_colonies: frozenset[int] = frozenset()
    forbids_free_trade: bool = False
    trade_gain: int = 0  # MU of trade this quarter, set in Exploit 7 and collected in Exploit 9
    taxes: int = 0  # MU of taxes this quarter (Exploit 5), what trade partners' gains are measured on
    special_resources: Mapping[str, int] = field(default_factory=dict)
    home_step: str = "5555"  # its home world's STEP code, which colonies are priced from (Expand 5)
    environmental_resistance: bool = False  # its race colonizes "as if [worlds] were one step less" (CW §3.1)
    # Research (game.engine.research): the technologies it knows, and what its race or faction does to its rolls.
    techs: frozenset[str] = frozenset()
    extra_intelligence: int = 0  # CW §3.1 levels: +10% to MU spent on R&D each
    non_academic: bool = False  # CW §3.2: -10 to research rolls
    psionic: bool = False  # psionics lie inside its tech base (no extra discovery success)
    faction: str = ""  # an Alpha Centauri faction's key (Believers -1, University's extra roll)
    research_progress: int = 0  # Alpha Centauri "Progress": added to its next Research table roll


@dataclass(frozen=True)
class Unit:
    unit_id: int
    civ_id: int
    design_id: str
    name: str
    sector_id: str
    poi_id: str | None = None
    state: UnitState = UnitState.OPERATIONAL
    destination_sector: str | None = None
    destination_poi: str | None = None
    eta_left: int = 0  # Movement Points still to spend
    hp: float = 0.0
    ore: int = 0  # Ore in its cargo hold
    carried_by: int | None = None  # the carrier whose hold it rides in
    task: str | None = (
        None  # what an Engaged unit is doing: "cargo", "salvage", "construction:7", "occupy:3", ...
    )
    low_quality: bool = False  # crash-built at the normal price (Cluster War §6.7, game.engine.yards)


@dataclass(frozen=True)
class Colony:
    colony_id: int
    civ_id: int
    planet_id: str
    population: int
    legal_citizens: int
    operational: bool = False
    occupied_by: int | None = None  # the occupying civilization


@dataclass(frozen=True)
class Mine:
    """Mining stations on a planet (Cluster War §7.1). `output` is what its stations extract a quarter (3 Ore a
    station, `designer.mine_output`) before the planet's cap and resources (`mine_yield`); a mine being built is
    not operational until the start of the quarter after its project completes."""

    mine_id: int
    civ_id: int
    planet_id: str
    output: int = 3  # Ore per Fiscal Quarter from its stations
    operational: bool = True


@dataclass(frozen=True)
class ConstructionProject:
    project_id: int
    civ_id: int
    poi_id: str  # the site: its Ore stock feeds the project
    design_id: str  # "" for a mine
    unit_id: int | None  # the unit Under Construction; None for a mine
    builder_ids: tuple[int, ...]
    bp_needed: int
    bp_done: int = 0
    completed: bool = False
    mine_id: int | None = None  # the mine it builds (Expand 6, BuildMine) instead of a unit
    crash: str = ""  # crash building (§6.7, game.engine.yards): "double" or "low_quality", its builders' BP count twice


@dataclass(frozen=True)
class TerraformProject:
    project_id: int
    civ_id: int
    planet_id: str
    unit_ids: tuple[int, ...]
    tp_needed: int
    tp_done: int = 0
    starved: bool = False  # ran short of Ore: from the next round on it loses a point each round it gets none
    completed: bool = False


@dataclass(frozen=True)
class SkirmishState:
    skirmish_id: str
    sector_id: str
    attacker_civ: int
    defender_civ: int
    status: str = "declared"  # declared -> open -> begun -> fought -> over; or cancelled
    unit_ids: tuple[int, ...] = ()  # units in the fight (after Exterminate 3: those who did not evade)
    escaped: tuple[int, ...] = ()
    surrendered: tuple[int, ...] = ()
    victor_civ: int | None = None
    captured: tuple[int, ...] = ()  # Exterminate 8: units the victor captured here, manned by its prize crews


@dataclass(frozen=True)
class ResearchProject:
    """A research project (Explore 13, rolled in Explore 3): the technology, where it is done (a catastrophe
    happens there, research units there count), its MU a round, the successes it has and needs, and the MU spent
    on the current success (lost when a round goes unfunded)."""

    project_id: int
    civ_id: int
    tech: str
    system: str  # "cluster_war" or "alpha_centauri" (game.engine.research.rules)
    poi_id: str
    mu_per_round: int = 0
    needed: int = 1
    successes: int = 0
    spent: int = 0
    unit_ids: tuple[int, ...] = ()  # research units Engaged on it
    scientists: int = 0  # gifted scientists the GM granted: +1 each, like a science station
    extra_rolls: int = 0  # Alpha Centauri: extra Research table rolls bought for the next roll
    catastrophe: str = ""  # a catastrophe's proposed severity, waiting for the GM's ruling
    interrupted: tuple[int, ...] = ()  # units a skirmish took from the work: no bonus at the next roll


@dataclass(frozen=True)
class Fleet:
    """Units that move and fight together under a flagship (Cluster War §4.0-4.1, game.engine.fleets): the
    Sectors still to reach in order, and a standing order ("" none: through the waypoints, then hold; "patrol":
    round the waypoints for good; "intercept" / "follow" a unit, or "follow" a friendly fleet; "hold")."""

    fleet_id: int
    civ_id: int
    name: str
    flagship: int
    unit_ids: tuple[int, ...]
    waypoints: tuple[str, ...] = ()
    standing: str = ""
    target_unit: int | None = None
    target_fleet: int | None = None


@dataclass(frozen=True)
class YardJob:
    """A unit at a yard or alongside a repair ship (Cluster War §6.6, §9.6; game.engine.yards): repaired, or refitted
    to `design_id`, by `yard_id`'s Build Points each Expand 8 until `bp_needed` are done."""

    unit_id: int
    civ_id: int
    kind: str  # "repair" or "refit"
    yard_id: int
    bp_needed: int
    bp_done: int = 0
    design_id: str = ""  # a refit's new design


@dataclass(frozen=True)
class Stress:
    """A unit's stress tag out of supply (Cluster War §4.3, game.engine.supply): the percent chance it fails its
    next stress check, and the checks it has failed since it was last in supply."""

    unit_id: int
    tag: int = 0
    failures: int = 0


@dataclass(frozen=True)
class Crew:
    """A unit's crew grade (Cluster War §17.2, game.engine.supply): its grade, the round it reached it (drilling
    counts from there) and the battles it has survived. A unit without one has a regular crew since the start."""

    unit_id: int
    grade: str = "regular"
    since_round: int = 0
    battles: int = 0


@dataclass(frozen=True)
class TradeRoute:
    """A trade route (Exploit 2, game.engine.trade_routes): `civ_id`'s freighters carry trade between its colony
    and a partner's colony along `sectors` (end to end); escorts sail with them as one convoy (CW §5.1). Raiders'
    intercepts in a round (`raided_round`) cost the pair's trade of that round's Exploit 7."""

    route_id: int
    civ_id: int
    colony_id: int
    partner_civ: int
    partner_colony_id: int
    sectors: tuple[str, ...]
    freighter_ids: tuple[int, ...]
    escort_ids: tuple[int, ...] = ()
    intercepts: int = 0
    raided_round: int = 0


@dataclass(frozen=True)
class RuleOptions:
    """Campaign switches for the optional parts of the round."""

    gm_detection_rolls: bool = False  # Explore 5 / 6 optional GM rolls for hidden objects
    special_resources: bool = False  # Exploit 6
    cp_per_mu: int = CP_PER_MU  # the money scale: Cluster War prices in CP are paid in MU at this rate
    full_star_map: bool = True  # CW 12.1: everyone has the strategic map; off: charts grow by exploring
    research: str = ""  # the research module: "" off, "cluster_war" or "alpha_centauri" (Explore 3 and 13)
    personnel_missions: bool = False  # the Centaurus Gate personnel module (Explore 4 and 12)
    diplomacy: bool = False  # the Cluster War trade module: relations, treaties, trade levels (game.engine.diplomacy)
    faction_restrictions: bool = False  # the Alpha Centauri factions' restrictions are enforced
    social: bool = False  # Alpha Centauri social engineering in Exploit 1 (game.engine.social)
    council_every: int = 0  # the Alpha Centauri Council meets every this many rounds (0: off; game.engine.council)
    commerce_raiding: bool = False  # warships may raid trade routes in Exploit 2 (game.engine.trade_routes)
    ground_war: bool = False  # Cluster War ground war (game.engine.ground_war): invasion, occupation, rebellion
    ground_occupation_off: bool = False  # with it: a won invasion leaves the colony its owner's (setting)
    terrain: bool = False  # Cluster War weather and terrain modify ground battles (§14)
    supply: bool = False  # the Cluster War supply grid (game.engine.supply)
    supply_attrition: bool = False  # units out of supply take stress checks (the module's option)
    crew: bool = False  # the Cluster War crew pool and grades (game.engine.supply)
    yards: bool = False  # Cluster War repair, refits, scrapping and crash building (game.engine.yards)
    survey: bool = False  # Cluster War detection and survey (game.engine.survey)
    fleets: bool = False  # Cluster War movement orders: fleets, waypoints, standing orders (game.engine.fleets)
    # The switch and options of each rule module with no field above, by module key (`RuleModule.plays`).
    modules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Agent:
    """A Personnel-scale unit's Centaurus Gate sheet (game.engine.personnel): attribute die codes ("3d+1"),
    abilities with their mastery, conditions, the crisis clock."""

    unit_id: int
    role: str
    attributes: Mapping[str, str] = field(default_factory=dict)
    abilities: Mapping[str, int] = field(default_factory=dict)
    conditions: tuple[str, ...] = ()
    clock: int = 12
    roles: int = 1
    critical: int = 0
    advancements: int = 0
    held_by: int | None = None  # caught: the civilization holding it


@dataclass(frozen=True)
class Mission:
    """A mission ordered in Explore 12: the system's proposal (rolls and outcome), the GM's ruling on it, and
    whether its report went out in Explore 4."""

    mission_id: int
    civ_id: int
    agent_id: int
    kind: str
    round: int
    colony_id: int | None = None
    target_civ: int | None = None
    status: str = "proposed"  # proposed -> confirmed (by the GM) -> reported (Explore 4)
    proposal: Mapping[str, Any] = field(default_factory=dict)
    narration: str = ""


@dataclass(frozen=True)
class WorldDestruction:
    """§9.4 — a player's order to destroy a colony, glaze a biosphere or crack a planet, waiting for the GM."""

    destruction_id: int
    civ_id: int  # who ordered it
    colony_id: int
    planet_id: str
    what: str  # "colony", "biosphere" or "planet" (game.engine.ground_war.DESTRUCTION)
    damage: int  # the damage the rules ask for
    round: int


UnitGroups = Mapping[str, Mapping[tuple[str, int], Sequence[int]]]  # `World.unit_groups`
# The world's indexes read from its units alone: a world made from it by events that change no unit is given the
# same (`game.engine.apply`), not a pass over every unit again.
UNIT_INDEXES = ("unit_groups", "units_by_civ")


@dataclass(frozen=True)
class World:
    designs: Mapping[str, UnitDesign] = field(default_factory=lambda: {d.design_id: d for d in STARTER_UNITS})
    sectors: Mapping[str, Sector] = field(default_factory=dict)
    pois: Mapping[str, PointOfInterest] = field(default_factory=dict)
    planets: Mapping[str, Planet] = field(default_factory=dict)
    civs: Mapping[int, Civilization] = field(default_factory=dict)
    units: Mapping[int, Unit] = field(default_factory=dict)
    colonies: Mapping[int, Colony] = field(default_factory=dict)
    mines: Mapping[int, Mine] = field(default_factory=dict)
    projects: Mapping[int, ConstructionProject] = field(default_factory=dict)
    terraforming: Mapping[int, TerraformProject] = field(default_factory=dict)
    ore_stocks: Mapping[tuple[int, str], int] = field(
        default_factory=dict
    )  # (civ_id, poi_id) -> Ore at the site
    skirmishes: Mapping[str, SkirmishState] = field(default_factory=dict)
    research: Mapping[int, ResearchProject] = field(default_factory=dict)  # open projects by id
    agents: Mapping[int, Agent] = field(default_factory=dict)  # unit id -> sheet
    missions: Mapping[int, Mission] = field(default_factory=dict)
    wars: frozenset[tuple[int, int]] = frozenset()  # (lower civ id, higher civ id): the stance "war"
    relations: Mapping[tuple[int, int], Relation] = field(default_factory=dict)  # every other stance, by pair
    proposals: Mapping[str, Proposal] = field(default_factory=dict)  # treaties waiting for an answer
    social: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # civ id -> social engineering in play
    # civ id -> Social Factor code -> what events added (the GM's rulings: facilities, events, technologies)
    social_adjustments: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    governor: int | None = None  # the Planetary Governor elected by the last Council
    governor_terms: int = 0  # Councils in a row it has won
    council_proposal: str = ""  # the Proposal card the Governor put to the Council (Explore 9), voted in Explore 10
    contacts: frozenset[tuple[int, int]] = frozenset()  # pairs that have spoken (Explore 8)
    stress: Mapping[int, Stress] = field(default_factory=dict)  # unit id -> its stress tag (the supply module)
    crews: Mapping[int, Crew] = field(default_factory=dict)  # unit id -> a crew not regular since the start
    crew_pools: Mapping[int, int] = field(default_factory=dict)  # civ id -> crew not aboard any unit
    yard_jobs: Mapping[int, YardJob] = field(default_factory=dict)  # unit id -> its repair or refit (game.engine.yards)
    fleets: Mapping[int, Fleet] = field(default_factory=dict)  # fleet id -> fleet (the movement orders module)
    trade_routes: Mapping[int, TradeRoute] = field(default_factory=dict)  # route id -> route (Exploit 2)
    destructions: Mapping[int, WorldDestruction] = field(default_factory=dict)  # §9.4 orders waiting for the GM
    options: RuleOptions = field(default_factory=RuleOptions)
    next_id: int = 1

    # Lookups the steps share.

    def design_of(self, unit: Unit) -> UnitDesign:
        return self.designs[unit.design_id]

    def planet_sector(self, planet_id: str) -> str:
        return self.pois[self.planets[planet_id].poi_id].sector_id

    def ore_at(self, civ_id: int, poi_id: str) -> int:
        return self.ore_stocks.get((civ_id, poi_id), 0)

    def at_war(self, a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in self.wars

    def relation(self, a: int, b: int) -> Relation:
        low, high = pair(a, b)
        return self.relations.get((low, high)) or Relation(low, high)

    def stance(self, a: int, b: int) -> str:
        return "war" if self.at_war(a, b) else self.relation(a, b).stance

    def units_by_sector(self) -> dict[str, list[Unit]]:
        """Units present in each Sector (not En Route, not carried): the index that keeps searches linear."""
        index: dict[str, list[Unit]] = {}
        for unit in self.units.values():
            if is_in_sector(unit):
                index.setdefault(unit.sector_id, []).append(unit)
        return index

    @cached_property
    def supply_sources(self) -> Mapping[int, frozenset[str]]:
        """Civ id -> the Sectors its supply grid starts from (`game.engine.supply.grid_sources` gives the rule),
        found in one pass per (frozen) world, so asking `in_supply` often does not scan every unit each time."""
        sources: dict[int, set[str]] = {}
        for colony in self.colonies.values():
            if colony.operational and colony.occupied_by is None:
                sources.setdefault(colony.civ_id, set()).add(self.planet_sector(colony.planet_id))
        for unit in self.units.values():
            if (unit.state is UnitState.OPERATIONAL and unit.carried_by is None
                    and self.design_of(unit).specials.way_station):
                sources.setdefault(unit.civ_id, set()).add(unit.sector_id)
        return {civ_id: frozenset(sectors) for civ_id, sectors in sources.items()}

    @cached_property
    def unit_groups(self) -> UnitGroups:
        """Sector -> (design, owner) -> the ids of those units in it (as `units_by_sector` lists them). What a
        sensor reading or a scan decides depends on a unit's design and owner alone, and a Sector of a large
        empire holds hundreds of units of a few designs: one pass over the units, then one decision per group
        (Explore 5 and 6, which share it: Explore 5 changes no unit). The pass takes the units in the world's
        order, not Sector by Sector: reading them in the order they lie in memory is about twice as fast."""
        groups: dict[tuple[str, str, int], list[int]] = {}
        for unit in self.units.values():
            if is_in_sector(unit):
                groups.setdefault((unit.sector_id, unit.design_id, unit.civ_id), []).append(unit.unit_id)
        groups_at: dict[str, dict[tuple[str, int], list[int]]] = {}
        for (sector, design_id, civ_id), unit_ids in groups.items():
            groups_at.setdefault(sector, {})[design_id, civ_id] = unit_ids
        return groups_at

    @cached_property
    def units_by_civ(self) -> Mapping[int, Sequence[Unit]]:
        """Civ id -> its units, in the world's order, found in one pass per (frozen) world: a check that looks
        through a civilization's units (an armed unit within weapons range of a skirmish, one within
        communications range) does not scan every civilization's units for each order. A world made from this one
        by events that change no unit is given the same index (`game.engine.apply`, UNIT_INDEXES)."""
        index: dict[int, list[Unit]] = {}
        for unit in self.units.values():
            index.setdefault(unit.civ_id, []).append(unit)
        return index

    @cached_property
    def occupied_sites(self) -> Mapping[tuple[int, str], int]:
        """(civ id, POI id) -> the civilization occupying a colony of that civilization at that POI (the first
        such colony's occupier), found in one pass per (frozen) world: Expand 8 asks it of every construction
        site, and scanning every colony for each was most of the step."""
        occupied: dict[tuple[int, str], int] = {}
        for colony in self.colonies.values():
            if colony.occupied_by is not None:
                occupied.setdefault((colony.civ_id, self.planets[colony.planet_id].poi_id), colony.occupied_by)
        return occupied

    @cached_property
    def holds(self) -> Mapping[int, frozenset[int]]:
        """Carrier id -> the ids of the units riding in its hold, built once per (frozen) world: checking many
        cargo orders does not scan every unit each time. A world made from this one by events is given its own,
        updated for the units those events touched (`game.engine.apply`), rather than scan again."""
        holds: dict[int, set[int]] = {}
        for unit in self.units.values():
            if unit.carried_by is not None:
                holds.setdefault(unit.carried_by, set()).add(unit.unit_id)
        return {carrier: frozenset(riders) for carrier, riders in holds.items()}

    def riders(self, carrier_id: int) -> Sequence[Unit]:
        """The units riding in the carrier's hold."""
        return [self.units[rider_id] for rider_id in sorted(self.holds.get(carrier_id, ()))]

    def cargo_used(self, carrier_id: int) -> int:
        carrier = self.units[carrier_id]
        riders = sum(cargo_space_of(self.design_of(u)) for u in self.riders(carrier_id))
        return carrier.ore + riders

    def cargo_free(self, carrier_id: int) -> int:
        carrier = self.units[carrier_id]
        return self.design_of(carrier).specials.cargo_capacity - self.cargo_used(carrier_id)


def pair(a: int, b: int) -> tuple[int, int]:
    return (min(a, b), max(a, b))


# JSON: the shape the Django side stores and golden scenario files are written in.


def _design_to_dict(design: UnitDesign) -> dict[str, Any]:
    return {
        "design_id": design.design_id,
        "name": design.name,
        "scale": design.scale.name,
        "stats": vars(design.stats).copy(),
        "weapons": [{"type": w.type, "average_damage": w.average_damage} for w in design.weapons],
        "defenses": [{"type": d.type, "damage_resistance": d.damage_resistance} for d in design.defenses],
        "specials": {k: v for k, v in vars(design.specials).items() if k not in ("research", "way_station") or v},
        "crew": design.crew,
        "civ_id": design.civ_id,
    }


def _design_from_dict(data: Mapping[str, Any]) -> UnitDesign:
    return UnitDesign(
        design_id=data["design_id"],
        name=data["name"],
        scale=Scale[data["scale"]],
        stats=UnitStats(**data["stats"]),
        weapons=tuple(Weapon(**w) for w in data.get("weapons", ())),
        defenses=tuple(Defense(**d) for d in data.get("defenses", ())),
        specials=Specials(**data.get("specials", {})),
        crew=data.get("crew", 0),
        civ_id=data.get("civ_id"),
    )


_PLAIN = frozenset({int, str, float, bool, type(None)})


def record_to_dict(record: object) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in vars(record).items():
        if type(value) in _PLAIN:  # most fields: one set lookup instead of the checks below (50,000 units)
            out[key] = value
        elif isinstance(value, frozenset):
            out[key] = sorted(value)
        elif isinstance(value, tuple):
            out[key] = list(value)
        elif isinstance(value, StrEnum):
            out[key] = value.value
        elif isinstance(value, Mapping):
            out[key] = dict(sorted(value.items()))
        else:
            out[key] = value
    return out


# Research is written only where a world has it (a switched-on module, a project, a civilization's technologies or
# traits), so a world without research reads and writes as it did before the module existed.
_CIV_RESEARCH_DEFAULTS = {"techs": [], "extra_intelligence": 0, "non_academic": False, "psionic": False,
                          "faction": "", "research_progress": 0}


def _with_research(world: World, out: dict[str, Any]) -> dict[str, Any]:
    for civ in out["civs"]:
        for key, default in _CIV_RESEARCH_DEFAULTS.items():
            if civ.get(key) == default:
                civ.pop(key)
    if world.research:
        out["research"] = [record_to_dict(p) for _, p in sorted(world.research.items())]
    return out


# Module switches written only once on, so a world without them reads and writes as before.
_WRITTEN_WHEN_ON = ("research", "personnel_missions", "diplomacy", "faction_restrictions", "social", "council_every",
                    "supply", "supply_attrition", "crew",
                    "fleets", "yards", "survey", "commerce_raiding",
                    "ground_war", "ground_occupation_off", "terrain", "modules")


# Crash building's fields, written only when set, so worlds without it read and write as before.
_WRITTEN_WHEN_SET = {"low_quality": False, "crash": ""}


def _set_fields(record: object) -> dict[str, Any]:
    return {k: v for k, v in record_to_dict(record).items() if k not in _WRITTEN_WHEN_SET or v != _WRITTEN_WHEN_SET[k]}


def world_to_dict(world: World) -> dict[str, Any]:
    starter_ids = {d.design_id for d in STARTER_UNITS}
    return _with_research(world, {
        "options": {k: v for k, v in vars(world.options).items()
                    if k not in _WRITTEN_WHEN_ON or v},  # written once on, like the tables below
        "next_id": world.next_id,
        # Starter designs are implied; only a campaign's own designs are written out.
        "designs": [_design_to_dict(d) for k, d in sorted(world.designs.items()) if k not in starter_ids],
        "sectors": [record_to_dict(s) for _, s in sorted(world.sectors.items())],
        "pois": [record_to_dict(p) for _, p in sorted(world.pois.items())],
        "planets": [record_to_dict(p) for _, p in sorted(world.planets.items())],
        "civs": [record_to_dict(c) for _, c in sorted(world.civs.items())],
        "units": [_set_fields(u) for _, u in sorted(world.units.items())],
        "colonies": [record_to_dict(c) for _, c in sorted(world.colonies.items())],
        "mines": [record_to_dict(m) for _, m in sorted(world.mines.items())],
        "projects": [_set_fields(p) for _, p in sorted(world.projects.items())],
        "terraforming": [record_to_dict(t) for _, t in sorted(world.terraforming.items())],
        "ore_stocks": [
            {"civ_id": civ, "poi_id": poi, "ore": ore} for (civ, poi), ore in sorted(world.ore_stocks.items())
        ],
        "skirmishes": [record_to_dict(s) for _, s in sorted(world.skirmishes.items())],
        "wars": [list(p) for p in sorted(world.wars)],
        "contacts": [list(p) for p in sorted(world.contacts)],
        # The personnel module's tables only when it has put something in them, so worlds without it read as
        # they did before it.
        **({"agents": [record_to_dict(a) for _, a in sorted(world.agents.items())]} if world.agents else {}),
        **({"missions": [record_to_dict(m) for _, m in sorted(world.missions.items())]} if world.missions else {}),
        # Relations and proposals likewise (the diplomacy module).
        **({"relations": [record_to_dict(r) for _, r in sorted(world.relations.items())]}
           if world.relations else {}),
        **({"proposals": [record_to_dict(p) for _, p in sorted(world.proposals.items())]}
           if world.proposals else {}),
        **({"social": [{"civ_id": c, "cards": list(cards)} for c, cards in sorted(world.social.items())]}
           if world.social else {}),
        **({"social_adjustments": [{"civ_id": c, "scores": dict(sorted(a.items()))}
                                   for c, a in sorted(world.social_adjustments.items())]}
           if world.social_adjustments else {}),
        **({"governor": world.governor, "governor_terms": world.governor_terms} if world.governor else {}),
        **({"council_proposal": world.council_proposal} if world.council_proposal else {}),
        # The supply and crew modules' tables likewise.
        **({"stress": [record_to_dict(t) for _, t in sorted(world.stress.items())]} if world.stress else {}),
        **({"crews": [record_to_dict(c) for _, c in sorted(world.crews.items())]} if world.crews else {}),
        **({"crew_pools": [{"civ_id": c, "crew": n} for c, n in sorted(world.crew_pools.items())]}
           if world.crew_pools else {}),
        **({"yard_jobs": [record_to_dict(j) for _, j in sorted(world.yard_jobs.items())]} if world.yard_jobs else {}),
        **({"fleets": [record_to_dict(f) for _, f in sorted(world.fleets.items())]} if world.fleets else {}),
        **({"trade_routes": [record_to_dict(r) for _, r in sorted(world.trade_routes.items())]}
           if world.trade_routes else {}),
        **({"destructions": [record_to_dict(x) for _, x in sorted(world.destructions.items())]}
           if world.destructions else {}),
    })


def _civ_from_dict(d: Mapping[str, Any]) -> Civilization:
    return Civilization(
        civ_id=d["civ_id"],
        name=d["name"],
        mu=d.get("mu", 0),
        charted=frozenset(d.get("charted", ())),
        known_pois=frozenset(d.get("known_pois", ())),
        surveyed_planets=frozenset(d.get("surveyed_planets", ())),
        detected_units=frozenset(d.get("detected_units", ())),
        detected_colonies=frozenset(d.get("detected_colonies", ())),
        forbids_free_trade=d.get("forbids_free_trade", False),
        trade_gain=d.get("trade_gain", 0),
        taxes=d.get("taxes", 0),
        special_resources=dict(d.get("special_resources", {})),
        home_step=d.get("home_step", "5555"),
        environmental_resistance=d.get("environmental_resistance", False),
        techs=frozenset(d.get("techs", ())),
        extra_intelligence=d.get("extra_intelligence", 0),
        non_academic=d.get("non_academic", False),
        psionic=d.get("psionic", False),
        faction=d.get("faction", ""),
        research_progress=d.get("research_progress", 0),
    )


def _relation_from_dict(d: Mapping[str, Any]) -> Relation:
    low, high = pair(d["civ_a"], d["civ_b"])  # a scenario's new ids may come in either order
    return Relation(**{**d, "civ_a": low, "civ_b": high, "treaties": tuple(d.get("treaties", ()))})


def _unit_from_dict(d: Mapping[str, Any], designs: Mapping[str, UnitDesign]) -> Unit:
    fields = dict(d)
    fields["state"] = UnitState(fields.get("state", UnitState.OPERATIONAL))
    # A scenario may leave hp out: the unit is then at full strength.
    fields.setdefault("hp", float(designs[fields["design_id"]].stats.hp))
    fields["hp"] = float(fields["hp"])
    return Unit(**fields)


def world_from_dict(data: Mapping[str, Any]) -> World:
    designs = {d.design_id: d for d in STARTER_UNITS}
    designs.update((d["design_id"], _design_from_dict(d)) for d in data.get("designs", ()))
    # A ground battalion's design is the §6.5 table's (game.engine.ground_forces): a scenario need not declare it.
    for u in data.get("units", ()):
        kind = ground_type_of(u["design_id"])
        if kind is not None:
            designs.setdefault(u["design_id"], ground_design(kind))
    units = {u["unit_id"]: _unit_from_dict(u, designs) for u in data.get("units", ())}
    return World(
        designs=designs,
        sectors={s["sector_id"]: Sector(**s) for s in data.get("sectors", ())},
        pois={p["poi_id"]: PointOfInterest(**p) for p in data.get("pois", ())},
        planets={p["planet_id"]: Planet(**p) for p in data.get("planets", ())},
        civs={c["civ_id"]: _civ_from_dict(c) for c in data.get("civs", ())},
        units=units,
        colonies={c["colony_id"]: Colony(**c) for c in data.get("colonies", ())},
        mines={m["mine_id"]: Mine(**m) for m in data.get("mines", ())},
        projects={
            p["project_id"]: ConstructionProject(**{**p, "builder_ids": tuple(p["builder_ids"])})
            for p in data.get("projects", ())
        },
        terraforming={
            t["project_id"]: TerraformProject(**{**t, "unit_ids": tuple(t["unit_ids"])})
            for t in data.get("terraforming", ())
        },
        ore_stocks={(s["civ_id"], s["poi_id"]): s["ore"] for s in data.get("ore_stocks", ())},
        skirmishes={
            s["skirmish_id"]: SkirmishState(
                **{
                    **s,
                    "unit_ids": tuple(s.get("unit_ids", ())),
                    "escaped": tuple(s.get("escaped", ())),
                    "surrendered": tuple(s.get("surrendered", ())),
                    "captured": tuple(s.get("captured", ())),
                }
            )
            for s in data.get("skirmishes", ())
        },
        agents={a["unit_id"]: Agent(**{**a, "conditions": tuple(a.get("conditions", ()))})
                for a in data.get("agents", ())},
        missions={m["mission_id"]: Mission(**m) for m in data.get("missions", ())},
        research={
            p["project_id"]: ResearchProject(**{**p, "unit_ids": tuple(p.get("unit_ids", ())),
                                                "interrupted": tuple(p.get("interrupted", ()))})
            for p in data.get("research", ())
        },
        wars=frozenset(pair(*p) for p in data.get("wars", ())),
        relations={pair(r["civ_a"], r["civ_b"]): _relation_from_dict(r) for r in data.get("relations", ())},
        proposals={p["proposal_id"]: Proposal(**p) for p in data.get("proposals", ())},
        social={s["civ_id"]: tuple(s["cards"]) for s in data.get("social", ())},
        social_adjustments={a["civ_id"]: dict(a["scores"]) for a in data.get("social_adjustments", ())},
        governor=data.get("governor"),
        governor_terms=data.get("governor_terms", 0),
        council_proposal=data.get("council_proposal", ""),
        contacts=frozenset(pair(*p) for p in data.get("contacts", ())),
        stress={t["unit_id"]: Stress(**t) for t in data.get("stress", ())},
        crews={c["unit_id"]: Crew(**c) for c in data.get("crews", ())},
        crew_pools={p["civ_id"]: p["crew"] for p in data.get("crew_pools", ())},
        yard_jobs={j["unit_id"]: YardJob(**j) for j in data.get("yard_jobs", ())},
        fleets={f["fleet_id"]: Fleet(**{**f, "unit_ids": tuple(f["unit_ids"]),
                                        "waypoints": tuple(f.get("waypoints", ()))})
                for f in data.get("fleets", ())},
        trade_routes={r["route_id"]: TradeRoute(**{**r, "sectors": tuple(r["sectors"]),
                                                  "freighter_ids": tuple(r["freighter_ids"]),
                                                  "escort_ids": tuple(r.get("escort_ids", ()))})
                      for r in data.get("trade_routes", ())},
        destructions={x["destruction_id"]: WorldDestruction(**x) for x in data.get("destructions", ())},
        options=RuleOptions(**data.get("options", {})),
        next_id=data.get(
            "next_id", 1 + max([0, *units, *(c["colony_id"] for c in data.get("colonies", ()))])
        ),
    )


# Queries on units that orders and steps share, so each ruling is applied the same way everywhere.


def unit_label(world: World, unit: Unit) -> str:
    return f"{world.design_of(unit).name} *{unit.name}*"


def is_armed(design: UnitDesign) -> bool:
    """Combat-capable: a weapon that does damage (as `combat.is_combat_capable` rules for a fight)."""
    return any(weapon.average_damage > 0 for weapon in design.weapons)


def sector_distance(a: str, b: str) -> int:
    return hex_distance(sector_coords(a), sector_coords(b))


# The states the two tests below look for, as tuples made once: they are asked of every unit, many times a round,
# and on Python 3.11 each lookup of a UnitState member costs about as much as the rest of the test.
_OUT_OF_SECTOR = (UnitState.EN_ROUTE, UnitState.DESTROYED)
_PRESENT = (UnitState.OPERATIONAL, UnitState.ENGAGED)


def is_in_sector(unit: Unit) -> bool:
    """Somewhere in its Sector (`World.units_by_sector`): not in transit, not a wreck, not riding in a hold."""
    return unit.state not in _OUT_OF_SECTOR and unit.carried_by is None


def is_present(unit: Unit) -> bool:
    """In a Sector where others can meet it: not in transit, not a wreck, not riding in a hold, not unbuilt.
    """
    return unit.carried_by is None and unit.state in _PRESENT


def site_occupier(world: World, civ_id: int, poi_id: str) -> int | None:
    """Expand 8 — the civilization occupying a colony of `civ_id` at the construction site `poi_id`, if any:
    while it holds one, the site's projects halt."""
    return world.occupied_sites.get((civ_id, poi_id))


def course_cost(world: World, unit: Unit, sector: str, poi: str | None) -> int | None:
    """Explore 14 — the ETA in Movement Points from where `unit` is to (`sector`, `poi`); None if it cannot
    go."""
    design = world.design_of(unit)
    sectors = sector_distance(unit.sector_id, sector)
    if sectors > 0 and not design.specials.ftl:
        return None
    return course_mp(sectors, same_poi=poi == unit.poi_id)


def course_rounds(world: World, unit: Unit, mp: int) -> int:
    """Explore 1-2 — the rounds a course of `mp` Movement Points takes: the unit covers its Move Rate at each
    round's Explore 1 and arrives at Explore 2 once it has none left to spend."""
    return -(-mp // world.design_of(unit).stats.movement_rate)


def can_reach_in_one_round(world: World, unit: Unit, sector: str) -> bool:
    """Exterminate 1 — in the same Sector, or able to get there on one quarter's Move Rate."""
    if sector_distance(unit.sector_id, sector) <= WEAPONS_RANGE_SECTORS:
        return True
    cost = course_cost(world, unit, sector, None)
    return cost is not None and cost <= world.design_of(unit).stats.movement_rate


# Prices and yields of the economy (docs/rules.md, "Expand 5" and "Exploit 3").


def max_output_of(planet: Planet) -> int:
    """The planet's Cluster War max CP a turn; a planet written without one has the CP its Pop stands for."""
    return planet.max_output or planet.max_population * CP_PER_POP


def colonization_price(world: World, civ_id: int, planet_id: str) -> Price:
    """Expand 5 — "Colony cost = planet max CP x colonization multiple" (Cluster War §7.0), the multiple from the
    STEP difference to the civilization's home world (Environmental Resistance: one step less), in MU at the
    campaign's money scale. The planet's resources do not raise it."""
    civ, planet = world.civs[civ_id], world.planets[planet_id]
    home = StepCode.parse(civ.home_step)
    step = StepCode.parse(planet.step) if planet.step else home
    multiplier = colonization_multiplier(step, home, environmental_resistance=civ.environmental_resistance)
    cp = colonization_cost(max_output_of(planet), multiplier)
    # A faction's extra base cost (Morgan's) is added to the price (game.engine.factions).
    mu = factions.colony_price_mu(civ.faction, colony_mu_cost(cp, world.options.cp_per_mu))
    return Price(mu=mu, build_points=0, ore=0)


def terraforming_price(planet: Planet) -> Price:
    """Expand 7 / 9 — the planet's Terraforming Points in MU up front, an Ore a point as the work goes on."""
    return Price(mu=planet.terraform_tp * TERRAFORM_MU_PER_TP, build_points=0, ore=planet.terraform_tp)


def mine_yield(world: World, mine: Mine) -> int:
    """Exploit 3 — Ore a quarter of an operational mine: its stations' output capped by the planet's maximum,
    x2 on a strategic-resource world, x5 on a special-resource one, never more than the deposit holds."""
    planet = world.planets[mine.planet_id]
    ore = mine_ore(mine.output, max_output_of(planet), planet.strategic_resource is not None,
                   planet.special_resource is not None)
    return min(ore, planet.ore_deposit)
