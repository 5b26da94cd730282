"""A bot's decisions: pure functions of what the API returned to it (the campaign's state, its civilization's view,
the designs it knows and the orders it may give now) and its own seeded dice; out come the orders it gives.

The strategy explores with scouts, founds colonies, builds mines and ships, keeps a defence at home, attacks the
weakest civilization it has seen, loads and unloads Ore, sends gifts and messages to whoever is in reach, and joins
the fights it is caught in. Every order is chosen among the offers of `legal-orders/` (so it is legal when given);
each order kind has one planner in `PLANNERS`. **Extension point**: a rule module that adds order kinds (research,
missions, diplomacy) gets its bot play by registering a planner for each of its kinds with `@planner("Kind")`;
a kind without a planner is left alone, so a new module never breaks a bot.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]
Order = JSON  # {"kind": str, "payload": dict}

DEFENCE = 1  # armed units kept at home
GIFT_MU = 10  # a token of goodwill: cheap enough to give every time two units meet
MINE_STATIONS = 2
MP_PER_SECTOR = 4  # docs/rules.md, Explore 14: a unit reaches `movement_rate // 4` Sectors in a round
COLONIES_WANTED = 3  # colony ships are built until the civilization holds this many colonies
MESSAGES = (
    "Greetings from the {me}. We come in peace — for now.",
    "The {me} propose free trade between our worlds.",
    "The {me} are watching your fleets closely.",
    "Round {round}: the {me} send their regards.",
)


@dataclass
class Situation:
    """What the bot read this turn. `state` is `GET /api/campaigns/<id>/`, `view` the `view` of `GET view/` (its
    `design_abilities` tell what each of its units can do), `offers` `GET legal-orders/`."""

    state: JSON
    view: JSON
    offers: list[JSON]
    rng: random.Random
    planned: list[Order] = field(default_factory=list)  # the orders decided so far this turn
    _memo: dict[str, Any] = field(default_factory=dict)

    @property
    def civ_id(self) -> int:
        return int(self.view["civ"]["civ_id"])

    @property
    def round(self) -> int:
        return int(self.state["round"])

    @property
    def mu(self) -> int:
        return int(self.view["civ"]["mu"])

    def abilities(self, design_id: str) -> JSON:
        return dict(self.view.get("design_abilities", {}).get(design_id, {}))

    def armed(self, unit: JSON) -> bool:
        return bool(self.abilities(unit["design_id"]).get("armed"))

    def special(self, unit: JSON, name: str) -> Any:
        return self.abilities(unit["design_id"]).get(name)

    def reach(self, unit: JSON) -> int:
        """Sectors the unit crosses in a round (0 without an FTL drive: it never leaves its Sector)."""
        can = self.abilities(unit["design_id"])
        return int(can.get("movement_rate") or 0) // MP_PER_SECTOR if can.get("ftl") else 0

    def poi_sector(self, poi_id: str) -> str | None:
        pois = self._memo.setdefault("pois", {p["poi_id"]: p for p in self.view["pois"]})
        poi = pois.get(poi_id)
        return None if poi is None else str(poi["sector_id"])

    def planet(self, planet_id: str) -> JSON:
        planets = self._memo.setdefault("planets", {p["planet_id"]: p for p in self.view["planets"]})
        return dict(planets.get(planet_id, {}))

    @property
    def home(self) -> tuple[str, str] | None:
        """(Sector, Point of Interest) of the civilization's oldest colony."""
        colonies = sorted(self.view["colonies"], key=lambda c: c["colony_id"])
        if not colonies:
            return None
        poi = self.planet(colonies[0]["planet_id"]).get("poi_id")
        sector = self.poi_sector(poi) if poi else None
        return (sector, poi) if sector and poi else None


def sector_distance(a: str, b: str) -> int:
    """Hexes between two axial Sector ids ("q,r")."""
    (aq, ar), (bq, br) = (map(int, a.split(",")), map(int, b.split(",")))
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def choices(offer: JSON, name: str) -> list[Any]:
    """The values a field of the offer may take (empty when the field is fixed or free)."""
    for f in offer.get("fields", []):
        if f["name"] == name:
            return [c["value"] for c in f.get("choices", [])]
    return []


def choice_costs(offer: JSON, name: str) -> dict[Any, JSON]:
    for f in offer.get("fields", []):
        if f["name"] == name:
            return {c["value"]: c.get("cost", {}) for c in f.get("choices", [])}
    return {}


def maximum(offer: JSON, name: str) -> int | None:
    for f in offer.get("fields", []):
        if f["name"] == name and f.get("max") is not None:
            return int(f["max"])
    return None


def units_of(offer: JSON) -> list[int]:
    """The units an offer is for: its fixed unit, or the unit field's choices."""
    fixed = offer.get("payload", {}).get("unit_id")
    return [int(fixed)] if fixed is not None else [int(v) for v in choices(offer, "unit_id")]


def order(offer: JSON, **fields: Any) -> Order:
    return {"kind": offer["kind"], "payload": {**offer.get("payload", {}), **fields}}


# --- whom to fight ------------------------------------------------------------------------------------------------

def visible_strength(situation: Situation) -> dict[int, int]:
    """Each civilization the bot has seen (units or colonies), with the number of its units it sees."""
    seen: dict[int, int] = {}
    for colony in situation.view["other_colonies"]:
        seen.setdefault(int(colony["civ_id"]), 0)
    for unit in situation.view["other_units"]:
        civ = int(unit["civ_id"])
        seen[civ] = seen.get(civ, 0) + 1
    return seen


def target_civ(situation: Situation) -> int | None:
    """The weakest civilization seen (fewest units in sight; ties by id), or None before contact."""
    seen = visible_strength(situation)
    return min(seen, key=lambda civ: (seen[civ], civ)) if seen else None


def target_place(situation: Situation, civ: int) -> tuple[str, str | None] | None:
    """Where to strike `civ`: one of its colonies it has seen (its oldest), else one of its units in sight."""
    for colony in sorted(situation.view["other_colonies"], key=lambda c: c["colony_id"]):
        if int(colony["civ_id"]) == civ:
            poi = situation.planet(colony["planet_id"]).get("poi_id")
            sector = situation.poi_sector(poi) if poi else None
            if sector:
                return sector, poi
    for unit in sorted(situation.view["other_units"], key=lambda u: u["unit_id"]):
        if int(unit["civ_id"]) == civ and unit.get("sector_id"):
            return str(unit["sector_id"]), unit.get("poi_id")
    return None


def envoy_place(situation: Situation) -> tuple[str, str | None] | None:
    """Where a scout meets a civilization seen (to speak, give and propose, Explore 8-11): the place of one it does
    not mean to attack, else of its target; None before contact."""
    target = target_civ(situation)
    for civ in sorted(visible_strength(situation), key=lambda c: (c == target, c)):
        place = target_place(situation, civ)
        if place is not None:
            return place
    return None


# --- planners, one per order kind ----------------------------------------------------------------------------------

Planner = Callable[[Situation, list[JSON]], list[Order]]
PLANNERS: dict[str, Planner] = {}
# Planned before the other kinds, which look at them: a builder does one job a step (a repair, then a mine, before a
# new ship), a prize is captured rather than destroyed, a hold is unloaded before anything is loaded.
# game.bots.yards: repairs, surveys; game.bots.fleets: ships put in a fleet move with it, not on courses of their own.
FIRST = ("Capture", "RepairUnit", "BuildMine", "UnloadCargo", "Survey", "FormFleet")


def planner(kind: str) -> Callable[[Planner], Planner]:
    """Register the bot's play of an order kind (see the module's docstring)."""

    def register(function: Planner) -> Planner:
        PLANNERS[kind] = function
        return function

    return register


@planner("StartSkirmish")
def plan_skirmish(situation: Situation, offers: list[JSON]) -> list[Order]:
    """Attack where the bot is at least as strong as what it sees of the other side, the weakest civilization
    first; one skirmish a round. Its strength is its armed units in the Sector or within a round's move of it (the
    Move Rate brings them into the fight, Exterminate 1); the other side's is every unit of it seen there."""
    mine = [(u["sector_id"], situation.reach(u)) for u in situation.view["units"]
            if situation.armed(u) and u["state"] != "en_route"]
    theirs: dict[tuple[str, int], int] = {}
    for unit in situation.view["other_units"]:
        key = (unit.get("sector_id"), int(unit["civ_id"]))
        theirs[key] = theirs.get(key, 0) + 1
    weakest = target_civ(situation)
    ranked = sorted(offers, key=lambda o: (o["payload"]["target_civ_id"] != weakest, o["payload"]["sector_id"]))
    for offer in ranked:
        sector, civ = offer["payload"]["sector_id"], int(offer["payload"]["target_civ_id"])
        if sum(sector_distance(s, sector) <= reach for s, reach in mine) >= max(1, theirs.get((sector, civ), 0)):
            return [order(offer)]
    return []


@planner("SendMessage")
def plan_message(situation: Situation, offers: list[JSON]) -> list[Order]:
    me = situation.view["civ"]["name"]
    return [
        order(offer, to_civ_id=to, text=situation.rng.choice(MESSAGES).format(me=me, round=situation.round))
        for offer in offers
        for to in choices(offer, "to_civ_id")
    ]


@planner("Gift")
def plan_gift(situation: Situation, offers: list[JSON]) -> list[Order]:
    """One gift a step, to a unit of a civilization the bot is not about to attack when it can: Ore from a hold if
    it has some and the recipient has a hold (as its design says), else a few MU."""
    if not offers:
        return []
    target = target_civ(situation)
    others = {int(u["unit_id"]): int(u["civ_id"]) for u in situation.view["other_units"]}
    holds = {int(u["unit_id"]) for u in situation.view["other_units"] if situation.special(u, "cargo_capacity")}
    for offer in sorted(offers, key=lambda o: units_of(o)):
        recipients = choices(offer, "to_unit_id")
        friendly = [r for r in recipients if others.get(int(r)) != target] or recipients
        if not friendly:
            continue
        ore, mu = maximum(offer, "ore") or 0, maximum(offer, "mu") or 0
        to = situation.rng.choice(friendly)
        if ore > 0 and int(to) in holds:
            return [order(offer, to_unit_id=to, ore=min(ore, 5))]
        if mu > 0:
            return [order(offer, to_unit_id=to, mu=min(mu, GIFT_MU))]
    return []


@planner("JoinOrEvade")
def plan_join_or_evade(situation: Situation, offers: list[JSON]) -> list[Order]:
    plans = []
    for offer in offers:
        allowed = choices(offer, "choice")
        pick = "join" if "join" in allowed else ("evade" if "evade" in allowed else None)
        if pick is not None:
            plans.append(order(offer, choice=pick))
    return plans


@planner("Capture")
def plan_capture(situation: Situation, offers: list[JSON]) -> list[Order]:
    return [order(offer) for offer in offers]


@planner("DestroyUnit")
def plan_destroy_unit(situation: Situation, offers: list[JSON]) -> list[Order]:
    """What the bot cannot capture (the Capture offers come first in the same step), it destroys."""
    captured = {o["payload"]["unit_id"] for o in situation.offers if o["kind"] == "Capture"}
    return [order(offer) for offer in offers if offer["payload"]["unit_id"] not in captured]


@planner("Occupy")
def plan_occupy(situation: Situation, offers: list[JSON]) -> list[Order]:
    plans, used = [], set()
    for offer in offers:
        free = [u for u in choices(offer, "unit_id") if u not in used] or units_of(offer)
        if free:
            used.add(free[0])
            plans.append(order(offer, unit_id=free[0]))
    return plans


def mine_sites_without_builder(situation: Situation) -> list[tuple[str, str]]:
    """(Sector, Point of Interest) of the colonies without a mine in a Sector none of the civilization's builders
    is in: a freighter carries a builder there (a builder moves only within its own Sector)."""
    builders = {u["sector_id"] for u in situation.view["units"]
                if situation.special(u, "construction_bp") and u.get("carried_by") is None}
    sites = set()
    for planet_id in _colonies_without_mine(situation):
        poi = situation.planet(planet_id).get("poi_id")
        sector = situation.poi_sector(poi) if poi else None
        if poi and sector and sector not in builders:
            sites.add((sector, poi))
    return sorted(sites)


def _riders(situation: Situation, ship: int) -> list[JSON]:
    return [u for u in situation.view["units"] if u.get("carried_by") == ship]


@planner("LoadCargo")
def plan_load(situation: Situation, offers: list[JSON]) -> list[Order]:
    """A freighter takes a builder on board when one fits in its hold (it is among the offer's riders) and a colony
    elsewhere waits for its mine, with Ore for the building site if its hold is empty. Otherwise it loads nothing:
    Ore taken on board and unloaded where it stands would only keep it Engaged (Expand 1), never free for a trade
    route (Exploit 2)."""
    holds = {int(u["unit_id"]): int(u["ore"]) for u in situation.view["units"]}
    unloading = {o["payload"]["unit_id"] for o in situation.planned if o["kind"] == "UnloadCargo"}
    builders = {int(u["unit_id"]) for u in situation.view["units"] if situation.special(u, "construction_bp")}
    ferry = bool(mine_sites_without_builder(situation))
    plans = []
    for offer in offers:
        ship = units_of(offer)[0]
        if ship in unloading or _riders(situation, ship):
            continue
        riders = [r for r in choices(offer, "rider_ids") if int(r) in builders][:1] if ferry else []
        if not riders:
            continue
        fields: JSON = {"rider_ids": riders}
        room = maximum(offer, "ore") or 0
        if room > 0 and holds.get(ship, 0) == 0:
            fields = {"ore": min(room, 20), **fields}
        plans.append(order(offer, **fields))
        ferry = False
    return plans


@planner("UnloadCargo")
def plan_unload(situation: Situation, offers: list[JSON]) -> list[Order]:
    """A freighter unloads its Ore (and whoever rides in it) where it stands, except a builder it is to carry from
    home to a colony."""
    plans = []
    for offer in offers:
        ship: JSON = next((u for u in situation.view["units"] if u["unit_id"] == units_of(offer)[0]), {})
        at_home = (ship.get("sector_id"), ship.get("poi_id")) == situation.home
        if at_home and _riders(situation, ship.get("unit_id", -1)):
            continue  # loaded to go: it unloads at the colony
        fields: JSON = {}
        if (maximum(offer, "ore") or 0) > 0:
            fields["ore"] = maximum(offer, "ore")
        riders = choices(offer, "rider_ids")
        if riders:
            fields["rider_ids"] = riders
        if fields:
            plans.append(order(offer, **fields))
    return plans


@planner("Colonize")
def plan_colonize(situation: Situation, offers: list[JSON]) -> list[Order]:
    """Each colony ship founds a colony on the cheapest planet it may settle that the treasury pays for."""
    plans, budget, taken = [], situation.mu, set()
    for offer in offers:
        costs = choice_costs(offer, "planet_id")
        for planet in sorted(costs, key=lambda p: (costs[p].get("mu", 0), p)):
            price = int(costs[planet].get("mu", 0))
            if planet not in taken and price <= budget:
                plans.append(order(offer, planet_id=planet))
                budget -= price
                taken.add(planet)
                break
    return plans


def _colonies_without_mine(situation: Situation) -> set[str]:
    mined = {m["planet_id"] for m in situation.view["mines"]}
    mined |= {p.get("planet_id") for p in situation.view["projects"] if p.get("mine_id") is not None}
    return {c["planet_id"] for c in situation.view["colonies"]} - mined


@planner("BuildMine")
def plan_mine(situation: Situation, offers: list[JSON]) -> list[Order]:
    """A builder beside a colony without a mine builds one (before building ships: Ore pays for ships), unless it
    is a yard repairing a ship this step."""
    wanted = _colonies_without_mine(situation)
    repairing = {o["payload"]["yard_id"] for o in situation.planned if o["kind"] == "RepairUnit"}
    plans = []
    for offer in offers:
        if units_of(offer)[0] in repairing:
            continue
        planets = [p for p in choices(offer, "planet_id") if p in wanted]
        stations = min(MINE_STATIONS, maximum(offer, "stations") or 0)
        if planets and stations > 0:
            plans.append(order(offer, planet_id=planets[0], stations=stations))
            wanted.discard(planets[0])
    return plans


def _wanted_design(situation: Situation, designs: list[Any]) -> Any | None:
    """A colony ship while colonies are few and none is on its way; else a warship (a scout now and then)."""
    by_kind: dict[str, list[Any]] = {"colonize": [], "armed": [], "scout": []}
    for design_id in designs:
        can = situation.abilities(design_id)
        if can.get("colonize") and can.get("ftl"):
            by_kind["colonize"].append(design_id)
        elif can.get("armed") and can.get("ftl"):
            by_kind["armed"].append(design_id)
        elif can.get("ftl") and not can.get("cargo_capacity"):
            by_kind["scout"].append(design_id)
    colony_ships = sum(1 for u in situation.view["units"] if situation.special(u, "colonize"))
    if by_kind["colonize"] and colony_ships == 0 and len(situation.view["colonies"]) < COLONIES_WANTED:
        return by_kind["colonize"][0]
    if by_kind["scout"] and situation.rng.random() < 0.2:
        return by_kind["scout"][0]
    return by_kind["armed"][0] if by_kind["armed"] else None


@planner("StartConstruction")
def plan_construction(situation: Situation, offers: list[JSON]) -> list[Order]:
    busy = {o["payload"]["unit_id"] for o in situation.planned if o["kind"] in ("BuildMine", "ResumeConstruction")}
    busy |= {o["payload"]["yard_id"] for o in situation.planned if o["kind"] == "RepairUnit"}  # a yard at work
    plans = []
    for offer in offers:
        builder = units_of(offer)[0]
        sites = choices(offer, "planet_id")
        design = _wanted_design(situation, choices(offer, "design_id"))
        if builder in busy or not sites or design is None:
            continue
        plans.append(order(offer, planet_id=sites[0], design_id=design))
        busy.add(builder)
    return plans


@planner("ResumeConstruction")
def plan_resume(situation: Situation, offers: list[JSON]) -> list[Order]:
    """A builder left without builders' work resumes a halted project of its Sector."""
    plans = []
    busy = {o["payload"]["unit_id"] for o in situation.planned if o["kind"] == "BuildMine"}
    for offer in offers:
        builder, projects = units_of(offer)[0], choices(offer, "project_id")
        if builder not in busy and projects:
            plans.append(order(offer, project_id=projects[0]))
            busy.add(builder)
    return plans


@planner("StartTerraforming")
def plan_terraform(situation: Situation, offers: list[JSON]) -> list[Order]:
    plans, budget = [], situation.mu
    for offer in offers:
        costs = choice_costs(offer, "planet_id")
        affordable = [p for p in sorted(costs) if int(costs[p].get("mu", 0)) <= budget]
        if affordable:
            plans.append(order(offer, planet_id=affordable[0]))
            budget -= int(costs[affordable[0]].get("mu", 0))
    return plans


@planner("Salvage")
def plan_salvage(situation: Situation, offers: list[JSON]) -> list[Order]:
    return [order(offer) for offer in offers]


RESEARCH_SHARE = 10  # a tenth of the treasury a round goes to research; the rest builds
RESEARCH_LEAST_MU = 100  # below this a bot starts no research


@planner("StartResearch")
def plan_research(situation: Situation, offers: list[JSON]) -> list[Order]:
    """One project at a time (a project open shows as a Fund offer): the first technology offered, at the first
    place, with the research units there, funded with a tenth of the treasury a round."""
    if situation.mu < RESEARCH_LEAST_MU or any(o["kind"] == "FundResearch" for o in situation.offers):
        return []
    for offer in offers:
        techs, places = choices(offer, "tech"), choices(offer, "poi_id")
        if techs and places:
            return [order(offer, tech=techs[0], poi_id=places[0], mu_per_round=situation.mu // RESEARCH_SHARE,
                          unit_ids=choices(offer, "unit_ids"))]
    return []


# --- movement ------------------------------------------------------------------------------------------------------

def _unexplored(situation: Situation) -> list[JSON]:
    """Star systems on the charts none of whose planets the civilization has surveyed yet."""
    surveyed = {situation.planet(p).get("poi_id") for p in situation.view["civ"].get("surveyed_planets", [])}
    return [p for p in situation.view["pois"] if p["kind"] == "star_system" and p["poi_id"] not in surveyed]


def _nearest(sector: str, places: Iterable[tuple[str, str | None]], rng: random.Random) -> tuple[str, str | None]:
    ranked = sorted(places, key=lambda place: (sector_distance(sector, place[0]), rng.random()))
    return ranked[0]


def _destinations(situation: Situation, movable: list[JSON]) -> dict[int, tuple[str, str | None]]:
    """Where each unit free to move should go: once a civilization is seen one scout goes to meet it (an envoy) and
    the others explore (then watch a neighbour), warships beyond the home guard strike the weakest civilization
    seen (or explore until one is), colony ships look for a planet."""
    home = situation.home
    target = target_civ(situation)
    strike = target_place(situation, target) if target is not None else None
    envoy = envoy_place(situation)
    unexplored = [(p["sector_id"], p["poi_id"]) for p in _unexplored(situation)]
    claimed = {(u.get("destination_sector"), u.get("destination_poi")) for u in situation.view["units"]
               if u.get("destination_sector")}
    claimed |= {(u["sector_id"], u.get("poi_id")) for u in situation.view["units"]
                if (u["sector_id"], u.get("poi_id")) == envoy and situation.special(u, "ftl")}
    guards = sorted((u for u in situation.view["units"] if situation.armed(u)), key=lambda u: u["unit_id"])
    guard_ids = {u["unit_id"] for u in guards[:DEFENCE]}
    plans: dict[int, tuple[str, str | None]] = {}
    for unit in sorted(movable, key=lambda u: u["unit_id"]):
        here = (unit["sector_id"], unit.get("poi_id"))
        place: tuple[str, str | None] | None = None
        if unit["unit_id"] in guard_ids:
            place = home
        elif situation.special(unit, "cargo_capacity"):
            place = _freighter_destination(situation, unit, home)
        elif not situation.special(unit, "ftl"):
            continue  # builders work where they are (a freighter carries them further)
        elif situation.special(unit, "colonize"):
            sites = _colony_sites(situation)
            place = None if here[1] in sites or not sites else _nearest(here[0], [
                (str(situation.poi_sector(poi)), poi) for poi in sorted(sites)], situation.rng)
        elif situation.armed(unit) and strike is not None:
            place = strike
        elif envoy is not None and envoy not in claimed and not situation.armed(unit):
            place = envoy
            claimed.add(envoy)
        else:
            open_places = [p for p in unexplored if p not in claimed] or ([strike] if strike else unexplored)
            place = _nearest(here[0], open_places, situation.rng) if open_places else None
            if place is not None:
                claimed.add(place)
        if place is not None and place != here:
            plans[unit["unit_id"]] = place
    return plans


def _freighter_destination(situation: Situation, ship: JSON, home: tuple[str, str] | None
                           ) -> tuple[str, str | None] | None:
    """A freighter carrying a builder takes it to the nearest colony waiting for a mine; an empty one goes home."""
    if _riders(situation, ship["unit_id"]):
        sites = mine_sites_without_builder(situation)
        return _nearest(ship["sector_id"], sites, situation.rng) if sites else None
    return home if ship["ore"] == 0 else None


def _colony_sites(situation: Situation) -> set[str]:
    """The Points of Interest with a viable planet the civilization has surveyed and nobody it sees holds."""
    taken = {c["planet_id"] for c in situation.view["colonies"] + situation.view["other_colonies"]}
    return {p["poi_id"] for p in situation.view["planets"]
            if p.get("viable") and p["planet_id"] not in taken and situation.poi_sector(p["poi_id"])}


@planner("PlotCourse")
def plan_courses(situation: Situation, offers: list[JSON]) -> list[Order]:
    by_id = {int(u["unit_id"]): u for u in situation.view["units"]}
    able: dict[int, JSON] = {}
    for offer in offers:
        for unit_id in units_of(offer):
            if unit_id in by_id:
                able.setdefault(unit_id, offer)
    surveying = {o["payload"]["unit_id"] for o in situation.planned if o["kind"] == "Survey"}  # they stay
    surveying |= {int(u) for o in situation.planned if o["kind"] == "FormFleet"  # they go with their fleet
                  for u in [o["payload"]["flagship_id"], *o["payload"].get("unit_ids", [])]}
    movable = [by_id[u] for u in able if by_id[u].get("destination_sector") is None and u not in surveying]
    plans = []
    for unit_id, (sector, poi) in sorted(_destinations(situation, movable).items()):
        offer = able[unit_id]
        if sector not in choices(offer, "sector_id"):
            continue
        fields: JSON = {"sector_id": sector}
        if poi is not None and poi in choices(offer, "poi_id"):
            fields["poi_id"] = poi
        if "unit_id" not in offer.get("payload", {}):
            fields["unit_id"] = unit_id
        plans.append(order(offer, **fields))
    return plans


# --- the turn -------------------------------------------------------------------------------------------------------

# --- diplomacy, social engineering and the Council (issue 16) --------------------------------------------------------

COUNCIL_BID_SHARE = 10  # percent of the treasury a bot bids in the Council
COUNCIL_BID_MOST = 50
WAR_FROM_ROUND = 3  # the rounds before are for treaties and trade, with its target too
WAR_CRY = "The {me} declare war."


def war_target(situation: Situation) -> int | None:
    """The civilization the bot declares war on this step: its target, from round `WAR_FROM_ROUND`, when the
    Declare war offer names it (someone it has met and is not at war with yet)."""
    target = target_civ(situation)
    if situation.round < WAR_FROM_ROUND or target is None:
        return None
    offered = {int(c) for o in situation.offers if o["kind"] == "DeclareWar" for c in choices(o, "to_civ_id")}
    return target if target in offered else None


@planner("DeclareWar")
def plan_war(situation: Situation, offers: list[JSON]) -> list[Order]:
    """War on its target (a skirmish needs none; raiding its trade routes and invading its colonies do)."""
    target = war_target(situation)
    if target is None:
        return []
    return [order(offers[0], to_civ_id=target, text=WAR_CRY.format(me=situation.view["civ"]["name"]))]


@planner("ProposeTreaty")
def plan_treaty(situation: Situation, offers: list[JSON]) -> list[Order]:
    """Peace to every civilization in range it is not about to attack, and a full trade agreement to every one it
    does not trade with fully and is not at war with, its target too until it declares war on it (trade pays
    meanwhile). Each offer is for one civilization and lists the treaties the pair may sign now."""
    target, war = target_civ(situation), war_target(situation)
    plans = []
    for offer in offers:
        treaties = choices(offer, "treaty")  # only those the pair may sign now
        for civ in choices(offer, "to_civ_id"):
            if int(civ) == war:
                continue
            if int(civ) != target and "peace" in treaties:
                plans.append(order(offer, to_civ_id=civ, treaty="peace"))
            if "trade_full" in treaties:
                plans.append(order(offer, to_civ_id=civ, treaty="trade_full"))
    return plans


@planner("AnswerTreaty")
def plan_answer(situation: Situation, offers: list[JSON]) -> list[Order]:
    """Accept every treaty, except peace from the civilization it means to attack."""
    target = target_civ(situation)
    return [order(offer, answer="decline" if int(offer["payload"]["from_civ_id"]) == target
                  and offer["payload"]["treaty"] == "peace" else "accept")
            for offer in offers]


@planner("SocialEngineering")
def plan_social(situation: Situation, offers: list[JSON]) -> list[Order]:
    """A new Social Engineering card every fourth round, chosen by its dice among those allowed."""
    if situation.round % 4 != 1:
        return []
    return [order(offer, choice=situation.rng.choice(cards)) for offer in offers if (cards := choices(offer, "choice"))]


@planner("CouncilBid")
def plan_bid(situation: Situation, offers: list[JSON]) -> list[Order]:
    """A tenth of its treasury, at most 50 MU, in the rounds the Council meets (the offer's title says how often:
    "The Council meets every 4 rounds")."""
    mu = min(situation.mu * COUNCIL_BID_SHARE // 100, COUNCIL_BID_MOST)
    plans = []
    for offer in offers:
        every = re.search(r"every (\d+) round", offer.get("title", ""))
        if mu >= 1 and every and situation.round % int(every.group(1)) == 0:
            plans.append(order(offer, mu=mu))
    return plans


def decide(situation: Situation) -> list[Order]:
    """The orders for the open step: each offered kind with a planner, in the order the offers came."""
    situation.planned = []
    kinds: dict[str, list[JSON]] = {}
    for offer in situation.offers:
        kinds.setdefault(offer["kind"], []).append(offer)
    for kind in sorted(kinds, key=lambda k: FIRST.index(k) if k in FIRST else len(FIRST)):
        plan = PLANNERS.get(kind)
        if plan is not None:
            situation.planned += plan(situation, kinds[kind])
    return situation.planned
