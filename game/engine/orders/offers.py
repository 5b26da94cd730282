"""What a civilization can order now: each kind's offer finder, with the choices its form's fields allow, by
name ({"value": "12,7", "label": "Sector 12,7 — Sol"}), and the most of an amount the world allows.

An offer is found by probing the kind's own check (`checks.py`), so what is offered is what would be accepted.
Offers are made for every orders step the player's page opens, so they stay cheap on a large map: units that
share their possible destinations share one Plot a Course offer (the thousands of Sectors of a 70x70 map are
listed once for all the FTL units, not once per unit); a lone unit gets an offer of its own, naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from game.engine import rule_module, yards
from game.engine.designer import mine_price, unit_price
from game.engine.orders.checks import (
    JOIN_OR_EVADE,
    check_build_mine,
    check_destroy_colony,
    check_join_or_evade,
    check_load,
    check_occupy,
    check_plot_course,
    check_resume_construction,
    check_salvage,
    check_start_skirmish,
    check_unload,
    comms_partners,
    owned_units,
)
from game.engine.orders.model import Choice, Offer, OfferFinder, OrderCommand, OrderProblem, WorldCheck
from game.engine.world import (
    Civilization,
    ConstructionProject,
    Unit,
    World,
    colonization_price,
    is_present,
    sector_coords,
    terraforming_price,
)


def passes(check: WorldCheck, world: World, civ_id: int, payload: Mapping[str, Any]) -> bool:
    try:
        check(OrderCommand(civ_id, "", "", payload), world)
    except OrderProblem:
        return False
    return True


# Names a player reads.


def unit_name(world: World, unit: Unit, civ_id: int) -> str:
    """"Vigilant (Patrol Corvette)"; another civilization's unit also names its civilization."""
    design = world.design_of(unit).name
    if unit.civ_id == civ_id:
        return f"{unit.name} ({design})"
    return f"{unit.name} ({design}, {world.civs[unit.civ_id].name})"


def unit_choices(world: World, units: Iterable[Unit], civ_id: int) -> tuple[Choice, ...]:
    return tuple(Choice(u.unit_id, unit_name(world, u, civ_id)) for u in sorted(units, key=lambda u: u.unit_id))


def known_poi_names(world: World, civ: Civilization) -> dict[str, list[str]]:
    """Sector -> the names of the Points of Interest the civilization knows there."""
    names: dict[str, list[str]] = {}
    for poi_id in sorted(civ.known_pois):
        poi = world.pois.get(poi_id)
        if poi is not None:
            names.setdefault(poi.sector_id, []).append(poi.name)
    return names


def sector_name(sector: str, poi_names: Mapping[str, list[str]]) -> str:
    """"Sector 12,7 — Sol" (the Points of Interest the civilization knows there), or "Sector 12,7"."""
    names = poi_names.get(sector)
    return f"Sector {sector} — {', '.join(names)}" if names else f"Sector {sector}"


def _colony_name(world: World, colony_id: int) -> str:
    colony = world.colonies[colony_id]
    return f"{world.planets[colony.planet_id].name} ({world.civs[colony.civ_id].name})"


def _design_choices(world: World, civ_id: int) -> tuple[Choice, ...]:
    """The designs the civilization knows and can pay for now, cheapest first, each with its price."""
    mu = world.civs[civ_id].mu
    priced = sorted(
        ((unit_price(d), d) for d in world.designs.values() if d.civ_id in (None, civ_id)),
        key=lambda pd: (pd[0].mu, pd[1].name, pd[1].design_id),
    )
    return tuple(
        Choice(design.design_id, f"{design.name} ({price.mu:,} MU)", price.as_dict())
        for price, design in priced
        if price.mu <= mu
    )


def holdings(world: World, civ_id: int, poi_id: str | None) -> dict[str, int]:
    """What the civilization could spend on an order at `poi_id`: its treasury and its Ore stocked there."""
    return {"mu": world.civs[civ_id].mu, "ore": world.ore_at(civ_id, poi_id) if poi_id is not None else 0}


def _unit_group(world: World, units: list[Unit], civ_id: int, group: str) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """A lone unit is fixed in the payload and named in the title; several are a choice of the form."""
    if len(units) == 1:
        return {"unit_id": units[0].unit_id}, unit_name(world, units[0], civ_id), {}
    return {}, group, {"unit_id": unit_choices(world, units, civ_id)}


def _unit_offers(check: WorldCheck) -> OfferFinder:
    """One offer per own unit for which the order passes its check, nothing else to fill in."""

    def offer(world: World, civ_id: int) -> list[Offer]:
        return [
            Offer({"unit_id": u.unit_id}, unit_name(world, u, civ_id))
            for u in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id)
            if passes(check, world, civ_id, {"unit_id": u.unit_id})
        ]

    return offer


# Explore 14 and Exterminate 10 — Plot a Course.


def offer_plot_course(world: World, civ_id: int) -> list[Offer]:
    """The units with an FTL drive share one offer (any Sector on the charts); the others, which move between
    the Points of Interest of their own Sector, share one per Sector."""
    civ = world.civs[civ_id]
    able = [
        u
        for u in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id)
        if passes(check_plot_course, world, civ_id, {"unit_id": u.unit_id})
    ]
    poi_names = known_poi_names(world, civ)
    charted = world.sectors if world.options.full_star_map else civ.charted
    groups: list[tuple[list[Unit], tuple[str, ...], str]] = []
    ftl = [u for u in able if world.design_of(u).specials.ftl]
    if ftl:
        groups.append((ftl, tuple(sorted(charted, key=sector_coords)), "units with an FTL drive"))
    by_sector: dict[str, list[Unit]] = {}
    for unit in able:
        if not world.design_of(unit).specials.ftl:
            by_sector.setdefault(unit.sector_id, []).append(unit)
    for sector, units in sorted(by_sector.items()):
        groups.append((units, (sector,), f"units in {sector_name(sector, poi_names)}"))
    offers = []
    for units, sectors, group in groups:
        payload, subject, choices = _unit_group(world, units, civ_id, group)
        reachable = set(sectors)
        pois = sorted(
            (world.pois[p] for p in civ.known_pois if p in world.pois and world.pois[p].sector_id in reachable),
            key=lambda p: (sector_coords(p.sector_id), p.name),
        )
        choices["sector_id"] = tuple(Choice(s, sector_name(s, poi_names)) for s in sectors)
        choices["poi_id"] = tuple(Choice(p.poi_id, f"{p.name} (Sector {p.sector_id})") for p in pois)
        offers.append(Offer(payload, subject, choices))
    return offers


# Explore 7 — the choice to start a skirmish.


def offer_start_skirmish(world: World, civ_id: int) -> list[Offer]:
    civ = world.civs[civ_id]
    targets = {
        (world.units[u].sector_id, world.units[u].civ_id) for u in civ.detected_units if u in world.units
    }
    targets |= {
        (world.planet_sector(world.colonies[c].planet_id), world.colonies[c].civ_id)
        for c in civ.detected_colonies
        if c in world.colonies
    }
    poi_names = known_poi_names(world, civ)
    return [
        Offer(
            {"sector_id": sector, "target_civ_id": target},
            f"{sector_name(sector, poi_names)}, against the {world.civs[target].name}",
        )
        for sector, target in sorted(targets)
        if passes(check_start_skirmish, world, civ_id, {"sector_id": sector, "target_civ_id": target})
    ]


# Explore 8 — communications.


def offer_send_message(world: World, civ_id: int) -> list[Offer]:
    partners = sorted(comms_partners(world, civ_id))
    if not partners:
        return []
    return [Offer(choices={"to_civ_id": tuple(Choice(c, world.civs[c].name) for c in partners)})]


# Explore 11 — gifts and trade goods at the same destination.


def offer_gift(world: World, civ_id: int) -> list[Offer]:
    index = world.units_by_sector()
    treasury = world.civs[civ_id].mu
    offers = []
    for unit in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id):
        if not is_present(unit) or (unit.ore == 0 and treasury == 0):
            continue
        others = [
            o
            for o in index.get(unit.sector_id, [])
            if o.civ_id != civ_id
            and o.poi_id == unit.poi_id
            and is_present(o)
            and o.unit_id in world.civs[civ_id].detected_units
        ]
        if others:
            offers.append(
                Offer(
                    {"unit_id": unit.unit_id},
                    unit_name(world, unit, civ_id),
                    {"to_unit_id": unit_choices(world, others, civ_id)},
                    {"ore": unit.ore, "mu": treasury},
                    have={"mu": treasury, "ore": unit.ore},  # the amounts given are the cost
                )
            )
    return offers


# Exterminate 3 — engaged units join the fight or evade.


def offer_join_or_evade(world: World, civ_id: int) -> list[Offer]:
    offers = []
    for unit in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id):
        allowed = tuple(
            c
            for c in JOIN_OR_EVADE
            if passes(check_join_or_evade, world, civ_id, {"unit_id": unit.unit_id, "choice": c.value})
        )
        if allowed:
            offers.append(Offer({"unit_id": unit.unit_id}, unit_name(world, unit, civ_id), {"choice": allowed}))
    return offers


# Exterminate 8 and 9 — the victor's options.


def _sectors_won(world: World, civ_id: int) -> set[str]:
    return {s.sector_id for s in world.skirmishes.values() if s.status == "over" and s.victor_civ == civ_id}


def offer_prizes(check: WorldCheck) -> OfferFinder:
    """Exterminate 8 — one offer per unit of the beaten side the victor may capture (or destroy)."""

    def offer(world: World, civ_id: int) -> list[Offer]:
        won = _sectors_won(world, civ_id)
        index = world.units_by_sector() if won else {}
        prizes = sorted((u for s in won for u in index.get(s, [])), key=lambda u: u.unit_id)
        return [
            Offer({"unit_id": u.unit_id}, unit_name(world, u, civ_id))
            for u in prizes
            if passes(check, world, civ_id, {"unit_id": u.unit_id})
        ]

    return offer


def offer_destroy_colony(world: World, civ_id: int) -> list[Offer]:
    return [
        Offer({"colony_id": colony_id}, _colony_name(world, colony_id))
        for colony_id in sorted(world.colonies)
        if passes(check_destroy_colony, world, civ_id, {"colony_id": colony_id})
    ]


def offer_occupy(world: World, civ_id: int) -> list[Offer]:
    """Exterminate 9 — per beaten colony, the units of the victor in its Sector that can occupy it."""
    offers = []
    for target in offer_destroy_colony(world, civ_id):
        colony_id = target.payload["colony_id"]
        sector = world.planet_sector(world.colonies[colony_id].planet_id)
        units = [
            u
            for u in owned_units(world, civ_id)
            if u.sector_id == sector
            and passes(check_occupy, world, civ_id, {"colony_id": colony_id, "unit_id": u.unit_id})
        ]
        if units:
            offers.append(Offer(target.payload, target.subject, {"unit_id": unit_choices(world, units, civ_id)}))
    return offers


# Expand 1 — cargo.


def offer_load(world: World, civ_id: int) -> list[Offer]:
    """Per cargo ship at a Point of Interest: as much Ore as is stocked there and the hold takes, and the
    operational units of the civilization there that fit in the hold."""
    offers = []
    for ship in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id):
        if not passes(check_load, world, civ_id, {"unit_id": ship.unit_id}):
            continue
        assert ship.poi_id is not None  # the check: cargo moves at a Point of Interest
        room = world.cargo_free(ship.unit_id)
        ore = min(world.ore_at(civ_id, ship.poi_id), room)
        riders = [
            u
            for u in owned_units(world, civ_id)
            if (u.sector_id, u.poi_id) == (ship.sector_id, ship.poi_id)
            and u.unit_id != ship.unit_id
            and passes(check_load, world, civ_id, {"unit_id": ship.unit_id, "rider_ids": [u.unit_id]})
        ]
        if ore > 0 or riders:
            offers.append(
                Offer(
                    {"unit_id": ship.unit_id},
                    unit_name(world, ship, civ_id),
                    {"rider_ids": unit_choices(world, riders, civ_id)},
                    {"ore": ore},
                )
            )
    return offers


def offer_unload(world: World, civ_id: int) -> list[Offer]:
    """Per cargo ship at a Point of Interest with something in its hold: its Ore and the units riding in it."""
    riding: dict[int, list[Unit]] = {}
    for unit in owned_units(world, civ_id):
        if unit.carried_by is not None:
            riding.setdefault(unit.carried_by, []).append(unit)
    return [
        Offer(
            {"unit_id": ship.unit_id},
            unit_name(world, ship, civ_id),
            {"rider_ids": unit_choices(world, riding.get(ship.unit_id, []), civ_id)},
            {"ore": ship.ore},
        )
        for ship in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id)
        if (ship.ore > 0 or ship.unit_id in riding)
        and passes(check_unload, world, civ_id, {"unit_id": ship.unit_id})
    ]


# Expand 5, 6, 7 — colonize, construct, terraform.


def colony_cost(world: World, civ_id: int, planet_id: str) -> dict[str, int]:
    return colonization_price(world, civ_id, planet_id).as_dict()


def terraforming_cost(world: World, civ_id: int, planet_id: str) -> dict[str, int]:
    return terraforming_price(world.planets[planet_id]).as_dict()


PlanetCost = Callable[[World, int, str], dict[str, int]]


def offer_planet_work(check: WorldCheck, builds: bool = False, planet_cost: PlanetCost | None = None
                      ) -> OfferFinder:
    """Per unit able to do the work, the surveyed planets of its Sector where the check allows it (and, to
    build, the designs the treasury can pay for), each priced, with what the civilization has to pay with: its
    treasury and the Ore at the unit's Point of Interest."""

    def offer(world: World, civ_id: int) -> list[Offer]:
        civ = world.civs[civ_id]
        planets_by_sector: dict[str, list[str]] = {}
        for planet_id in sorted(civ.surveyed_planets):
            if planet_id in world.planets:
                planets_by_sector.setdefault(world.planet_sector(planet_id), []).append(planet_id)
        designs = _design_choices(world, civ_id) if builds else ()
        if builds and not designs:
            return []
        offers = []
        for unit in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id):
            if unit.sector_id not in planets_by_sector or not passes(check, world, civ_id, {"unit_id": unit.unit_id}):
                continue
            planets = tuple(
                Choice(p, world.planets[p].name, planet_cost(world, civ_id, p) if planet_cost else {})
                for p in planets_by_sector[unit.sector_id]
                if passes(check, world, civ_id, {"unit_id": unit.unit_id, "planet_id": p})
            )
            if planets:
                choices = {"planet_id": planets, **({"design_id": designs} if builds else {})}
                offers.append(Offer({"unit_id": unit.unit_id}, unit_name(world, unit, civ_id), choices,
                                    have=holdings(world, civ_id, unit.poi_id)))
        return offers

    return offer


def offer_build_mine(world: World, civ_id: int) -> list[Offer]:
    """Expand 6 — per builder, the planets of its Sector it may mine; `cost` is one station's price, and the
    number of stations goes up to what the treasury pays for."""
    one_station = mine_price(1)
    affordable = world.civs[civ_id].mu // one_station.mu
    if affordable <= 0:
        return []
    return [
        Offer(offer.payload, offer.subject, offer.choices, {"stations": affordable}, offer.have,
              one_station.as_dict())
        for offer in offer_planet_work(check_build_mine)(world, civ_id)
    ]


def _product_name(world: World, project: ConstructionProject) -> str:
    if project.mine_id is not None:
        return f"Mine on {world.planets[world.mines[project.mine_id].planet_id].name}"
    return world.designs[project.design_id].name


def offer_resume_construction(world: World, civ_id: int) -> list[Offer]:
    """Expand 6 — per builder free to work, the unfinished projects of its civilization at the sites of its
    Sector."""
    by_sector: dict[str, list[ConstructionProject]] = {}
    for _, project in sorted(world.projects.items()):
        if project.civ_id == civ_id and not project.completed:
            by_sector.setdefault(world.pois[project.poi_id].sector_id, []).append(project)
    offers = []
    for unit in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id):
        if unit.sector_id not in by_sector or not passes(
            check_resume_construction, world, civ_id, {"unit_id": unit.unit_id}
        ):
            continue
        projects = tuple(
            Choice(
                p.project_id,
                f"{_product_name(world, p)} at {world.pois[p.poi_id].name} ({p.bp_done}/{p.bp_needed} BP)",
            )
            for p in by_sector[unit.sector_id]
            if passes(check_resume_construction, world, civ_id, {"unit_id": unit.unit_id, "project_id": p.project_id})
        )
        if projects:
            offers.append(Offer({"unit_id": unit.unit_id}, unit_name(world, unit, civ_id), {"project_id": projects}))
    return offers


# Exploit 8 — salvage.

offer_salvage = _unit_offers(check_salvage)


# Expand 6 — crash building (§6.7): StartConstruction's option, offered while the yards module is on.
CRASH_CHOICES = (
    Choice(yards.CRASH_DOUBLE, "Crash: half the time for twice the MU"),
    Choice(yards.CRASH_LOW_QUALITY, f"Crash: half the time at the price, low quality "
                                    f"({yards.LOW_QUALITY_FAILURE_PERCENT}% failures under stress)"),
)


def with_module_fields(kind: str, offer: OfferFinder) -> OfferFinder:
    """The kind's offers without the fields of rule modules the campaign does not play (an empty choice hides one):
    StartConstruction's crash option while the yards module is off."""

    def found(world: World, civ_id: int) -> list[Offer]:
        offers = offer(world, civ_id)
        hidden = rule_module.fields_unplayed(world.options, kind)
        if not hidden:
            return offers
        return [replace(o, choices={**o.choices, **dict.fromkeys(hidden, ())}) for o in offers]

    return found
