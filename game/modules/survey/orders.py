"""Explore 14 — the detection and survey module's order (game.engine.survey): a unit stays in its system to survey a
Point of Interest's planets instead of plotting a course; the survey is finished at the next Explore 6."""

from __future__ import annotations

from game.engine import survey
from game.engine.orders.checks import free, own_unit, owned_units
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderProblem
from game.engine.orders.offers import passes, unit_name
from game.engine.world import World, unit_label


def _knows(world: World, civ_id: int, poi_id: str) -> bool:
    poi = world.pois.get(poi_id)
    return poi is not None and (poi_id in world.civs[civ_id].known_pois
                                or (poi.hidden == 0 and world.options.full_star_map))


def check_survey(order: OrderCommand, world: World) -> None:
    if not world.options.survey:
        raise OrderProblem("kind", "surveys are not part of this campaign (the module is off): a close scan surveys.")
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    free(world, unit, "unit_id", "survey")
    if not survey.can_survey(world.design_of(unit)):
        raise OrderProblem("payload.unit_id", f"{label} has no working sensors: it cannot survey (§12.1).")
    if "poi_id" not in order.payload:
        return  # an offer's probe
    poi_id = order.payload["poi_id"]
    if not _knows(world, order.civ_id, poi_id):
        raise OrderProblem("payload.poi_id", f"{poi_id} is not on your Star Charts.")
    poi = world.pois[poi_id]
    if poi.sector_id != unit.sector_id:
        raise OrderProblem("payload.poi_id", f"{label} must be in the system to survey it (§12.0): {poi.name} is in "
                                             f"Sector {poi.sector_id}.")
    if not survey.unsurveyed_planets(world, order.civ_id, poi_id):
        raise OrderProblem("payload.poi_id", f"{poi.name} has no planet left for you to survey.")


def offer_survey(world: World, civ_id: int) -> list[Offer]:
    """Per unit able to survey, the known Points of Interest of its Sector with planets it has not surveyed, each
    naming the survey's weeks (§12.1) and how many planets wait. The places waiting are found once, by Sector."""
    if not world.options.survey:
        return []
    surveyed = world.civs[civ_id].surveyed_planets
    waiting: dict[str, int] = {}
    for planet in world.planets.values():
        if planet.planet_id not in surveyed:
            waiting[planet.poi_id] = waiting.get(planet.poi_id, 0) + 1
    by_sector: dict[str, list[tuple[str, str, int]]] = {}
    for poi_id, count in sorted(waiting.items()):
        if _knows(world, civ_id, poi_id):
            poi = world.pois[poi_id]
            by_sector.setdefault(poi.sector_id, []).append((poi_id, poi.name, count))
    offers = []
    for unit in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id):
        places = by_sector.get(unit.sector_id)
        if not places or not passes(check_survey, world, civ_id, {"unit_id": unit.unit_id}):
            continue
        weeks = survey.survey_weeks(world.design_of(unit).stats.sensors)
        choices = tuple(Choice(poi_id, f"{name}: {count} planet{'s' if count != 1 else ''}, "
                                       f"{weeks} week{'s' if weeks != 1 else ''} of survey")
                        for poi_id, name, count in places)
        offers.append(Offer({"unit_id": unit.unit_id}, unit_name(world, unit, civ_id), {"poi_id": choices}))
    return offers
