"""Research orders (Explore 13: start, fund, move, cancel a project; Explore 8: transfer a technology): their
legality checks, offers, prices and odds, each offer saying the chance before the order is sent ("spent so far on
this success, this round's chance with the stations' bonus"). Declared in `rules.py`, carried out by `steps.py`."""

from __future__ import annotations

from typing import Any

from game.engine.orders.checks import comms_partners, free
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderPrice, OrderProblem
from game.engine.orders.offers import unit_choices
from game.engine.research import projects as rp
from game.engine.research.rules import (
    AC_EXTRA_ROLL_MU,
    ALPHA_CENTAURI,
    CLUSTER_WAR,
    TRANSFER_FEE_MU,
    ac_limit_problem,
    build_price,
)
from game.engine.research.technologies import Technology
from game.engine.world import ResearchProject, World

MAX_MU_PER_ROUND = 1_000_000
MAX_EXTRA_ROLLS = 20


def _module_on(world: World, field: str) -> None:
    if rp.catalogue_of(world) is None:
        raise OrderProblem(field, "the research module is off in this campaign.")


def _target(order: OrderCommand, world: World) -> Technology:
    _module_on(world, "payload.tech")
    catalogue = rp.catalogue_of(world)
    assert catalogue is not None
    tech = catalogue.get(order.payload["tech"])
    civ = world.civs[order.civ_id]
    if tech is None:
        raise OrderProblem("payload.tech", f"there is no technology {order.payload['tech']!r} in the "
                                           f"{catalogue.title} catalogue.")
    if tech.key in civ.techs:
        raise OrderProblem("payload.tech", f"you already know {tech.name}.")
    missing = [catalogue.by_key[r].name for r in tech.requires if r not in civ.techs]
    if missing:
        raise OrderProblem("payload.tech", f"{tech.name} needs {', '.join(missing)} first.")
    if any(p.tech == tech.key for p in rp.open_projects(world, order.civ_id)):
        raise OrderProblem("payload.tech", f"you already have a project on {tech.name}.")
    if tech.resource and civ.special_resources.get(tech.resource, 0) <= 0:
        raise OrderProblem("payload.tech", f"{tech.name} needs {tech.resource} first (§8.0: a resource-gated "
                                           "technology).")
    if catalogue.system == ALPHA_CENTAURI:
        problem = ac_limit_problem(tech.kind, civ.techs)
        if problem:
            raise OrderProblem("payload.tech", f"{tech.name}: {problem}.")
    return tech


def check_start_research(order: OrderCommand, world: World) -> None:
    tech = _target(order, world)
    poi_id = order.payload["poi_id"]
    if poi_id not in rp.research_sites(world, order.civ_id):
        raise OrderProblem("payload.poi_id", "research is done where you have an operational colony or a unit "
                                             "with science stations.")
    price = build_price(tech.kind)
    if price > world.civs[order.civ_id].mu:
        raise OrderProblem("payload.tech", f"building {tech.name} costs {price} MU now; you have "
                                           f"{world.civs[order.civ_id].mu}.")
    _check_units(order, world, poi_id)


def _check_units(order: OrderCommand, world: World, poi_id: str) -> None:
    for unit_id in order.payload.get("unit_ids") or ():
        unit = world.units.get(unit_id)
        if unit is None or unit.civ_id != order.civ_id:
            raise OrderProblem("payload.unit_ids", f"you have no unit #{unit_id}.")
        if world.design_of(unit).specials.research <= 0:
            raise OrderProblem("payload.unit_ids", f"{unit.name} has no science stations.")
        if unit.poi_id != poi_id:
            raise OrderProblem("payload.unit_ids", f"{unit.name} is not at the project's location.")
        free(world, unit, "unit_ids", "research")


def _own_project(order: OrderCommand, world: World) -> ResearchProject:
    _module_on(world, "payload.project_id")
    project = world.research.get(order.payload["project_id"])
    if project is None or project.civ_id != order.civ_id:
        raise OrderProblem("payload.project_id", f"you have no research project #{order.payload['project_id']}.")
    return project


def check_fund_research(order: OrderCommand, world: World) -> None:
    project = _own_project(order, world)
    rolls = order.payload.get("extra_rolls") or 0
    if rolls and project.system != ALPHA_CENTAURI:
        raise OrderProblem("payload.extra_rolls", "extra rolls are the Alpha Centauri Research table's.")
    if rolls * AC_EXTRA_ROLL_MU > world.civs[order.civ_id].mu:
        raise OrderProblem("payload.extra_rolls", f"{rolls} extra rolls cost {rolls * AC_EXTRA_ROLL_MU} MU; you "
                                                  f"have {world.civs[order.civ_id].mu}.")


def check_move_research(order: OrderCommand, world: World) -> None:
    project = _own_project(order, world)
    poi_id = order.payload["poi_id"]
    if poi_id == project.poi_id:
        raise OrderProblem("payload.poi_id", "the project is already there.")
    if poi_id not in rp.research_sites(world, order.civ_id):
        raise OrderProblem("payload.poi_id", "research is done where you have an operational colony or a unit "
                                             "with science stations.")
    _check_units(order, world, poi_id)


def check_cancel_research(order: OrderCommand, world: World) -> None:
    _own_project(order, world)


def check_transfer_technology(order: OrderCommand, world: World) -> None:
    _module_on(world, "payload.tech")
    to_civ = order.payload["to_civ_id"]
    if to_civ not in comms_partners(world, order.civ_id):
        raise OrderProblem("payload.to_civ_id", "none of your units is within communications range of theirs.")
    tech = order.payload["tech"]
    if tech not in world.civs[order.civ_id].techs:
        raise OrderProblem("payload.tech", "you can only transfer a technology you know.")
    if tech in world.civs[to_civ].techs:
        raise OrderProblem("payload.tech", f"{world.civs[to_civ].name} already knows it.")


# Offers.


def _tech_choice(world: World, civ_id: int, tech: Technology) -> Choice:
    needed = rp.needed_for(world, civ_id, tech)
    price = build_price(tech.kind)
    label = f"{tech.name} ({tech.category}, {needed} success{'es' if needed > 1 else ''})"
    return Choice(tech.key, label, {"mu": price} if price else {})


def _site_choices(world: World, civ_id: int) -> tuple[Choice, ...]:
    return tuple(Choice(p, world.pois[p].name) for p in rp.research_sites(world, civ_id))


def offer_start_research(world: World, civ_id: int) -> list[Offer]:
    if rp.catalogue_of(world) is None:
        return []
    techs = [t for t in rp.available(world, civ_id)
             if not (t.resource and world.civs[civ_id].special_resources.get(t.resource, 0) <= 0)]
    sites = _site_choices(world, civ_id)
    if not techs or not sites:
        return []
    lab_units = [u for s in sites for u in rp.research_units(world, civ_id, str(s.value))]
    choices = {"tech": tuple(_tech_choice(world, civ_id, t) for t in techs), "poi_id": sites}
    if lab_units:
        choices["unit_ids"] = unit_choices(world, lab_units, civ_id)
    treasury = world.civs[civ_id].mu
    return [Offer(choices=choices, maxima={"mu_per_round": min(treasury, MAX_MU_PER_ROUND)},
                  have={"mu": treasury})]


def offer_project(world: World, civ_id: int) -> list[Offer]:
    """One offer per open project, its subject the project's odds as it stands."""
    offers = []
    for project in rp.open_projects(world, civ_id):
        name = rp.tech_name(world, project.tech)
        if project.system == ALPHA_CENTAURI:
            subject = f"{name} (Research table, {project.extra_rolls} extra rolls bought)"
        else:
            subject = f"{name} — {project.successes} of {project.needed} successes; " + rp.chance_text(
                rp.next_chance(world, project)) + f" at {project.mu_per_round:,} MU a round"
        offers.append(Offer({"project_id": project.project_id}, subject,
                            maxima={"mu_per_round": min(world.civs[civ_id].mu, MAX_MU_PER_ROUND),
                                    "extra_rolls": MAX_EXTRA_ROLLS},
                            have={"mu": world.civs[civ_id].mu}))
    return offers


def offer_move_research(world: World, civ_id: int) -> list[Offer]:
    offers = []
    for offer in offer_project(world, civ_id):
        project = world.research[offer.payload["project_id"]]
        sites = tuple(c for c in _site_choices(world, civ_id) if c.value != project.poi_id)
        if sites:
            lab_units = [u for s in sites for u in rp.research_units(world, civ_id, str(s.value))]
            choices = {"poi_id": sites}
            if lab_units:
                choices["unit_ids"] = unit_choices(world, lab_units, civ_id)
            offers.append(Offer(offer.payload, rp.tech_name(world, project.tech), choices))
    return offers


def offer_cancel_research(world: World, civ_id: int) -> list[Offer]:
    return [Offer({"project_id": p.project_id}, rp.tech_name(world, p.tech)) for p in rp.open_projects(world, civ_id)]


def offer_transfer_technology(world: World, civ_id: int) -> list[Offer]:
    if rp.catalogue_of(world) is None:
        return []
    known = sorted(world.civs[civ_id].techs)
    offers = []
    for partner in sorted(comms_partners(world, civ_id)):
        # Per partner, only what it does not know yet: a technology it knows is refused (check_transfer_technology).
        new = tuple(Choice(k, rp.tech_name(world, k)) for k in known if k not in world.civs[partner].techs)
        if new:
            offers.append(Offer({"to_civ_id": partner}, f"{world.civs[partner].name} (pays {TRANSFER_FEE_MU} MU to "
                                                        "retool, or gets it incomplete)", {"tech": new}))
    return offers



# Prices and odds (`orders.prices.order_price`, `order_odds`): what the step charges and rolls with.


def start_price(world: World, order: OrderCommand) -> OrderPrice:
    catalogue = rp.catalogue_of(world)
    assert catalogue is not None  # the order's check refuses research with the module off
    return OrderPrice(build_price(catalogue.by_key[order.payload["tech"]].kind),
                      mu_each_round=order.payload["mu_per_round"])


def fund_price(world: World, order: OrderCommand) -> OrderPrice:
    return OrderPrice((order.payload.get("extra_rolls") or 0) * AC_EXTRA_ROLL_MU,
                      mu_each_round=order.payload["mu_per_round"])


def fund_odds(world: World, order: OrderCommand) -> dict[str, Any] | None:
    """A Cluster War project's next roll at the funding given."""
    project = world.research[order.payload["project_id"]]
    if project.system == CLUSTER_WAR:
        return rp.next_chance(world, project, order.payload["mu_per_round"]).as_payload()
    return None


def start_odds(world: World, order: OrderCommand) -> dict[str, Any] | None:
    catalogue = rp.catalogue_of(world)
    if catalogue is not None and catalogue.system == CLUSTER_WAR:
        # The project as it will start: its first roll is the one a project of that funding makes.
        project = ResearchProject(0, order.civ_id, order.payload["tech"], CLUSTER_WAR, order.payload["poi_id"],
                                  order.payload["mu_per_round"], unit_ids=tuple(order.payload.get("unit_ids") or ()))
        return rp.next_chance(world, project).as_payload()
    return None
