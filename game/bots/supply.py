"""The bot's play of the supply module (issue 18), on the strategy's extension point: idle warships are kept in
supply. An armed unit the strategy gives no course, standing outside the reach of every colony of its civilization
(one Sector, Cluster War §7.0) — a raider whose strike is over — is sent home, where it sheds its stress. The courses
the strategy plots are left as they are (a strike goes out of supply on purpose), and so are scouts waiting to survey
where they stand. The bot reads only its own map, as a player's page does."""

from __future__ import annotations

from game.bots.strategy import (
    JSON,
    PLANNERS,
    Order,
    Situation,
    choices,
    order,
    planner,
    sector_distance,
    units_of,
)

SUPPLY_RANGE = 1  # game.engine.supply.SUPPLY_RANGE_SECTORS, as the rules give it; the bot may not import the engine
_strategy_courses = PLANNERS["PlotCourse"]


def colony_sectors(situation: Situation) -> set[str]:
    """The Sectors of the civilization's own colonies on its map."""
    sectors = set()
    for colony in situation.view.get("colonies", []):
        if colony.get("civ_id", situation.civ_id) != situation.civ_id:
            continue
        poi = situation.planet(colony["planet_id"]).get("poi_id")
        sector = situation.poi_sector(poi) if poi else None
        if sector:
            sectors.add(sector)
    return sectors


@planner("PlotCourse")
def plan_courses_in_supply(situation: Situation, offers: list[JSON]) -> list[Order]:
    plans = _strategy_courses(situation, offers)
    home, grid = situation.home, colony_sectors(situation)
    if home is None or not grid:
        return plans
    by_id = {int(u["unit_id"]): u for u in situation.view["units"]}
    busy = {int(o["payload"]["unit_id"]) for o in [*situation.planned, *plans] if "unit_id" in o["payload"]}
    for offer in offers:
        for unit_id in units_of(offer):
            unit = by_id.get(unit_id)
            if (unit is None or unit_id in busy or unit.get("destination_sector") is not None
                    or not situation.armed(unit)
                    or min(sector_distance(unit["sector_id"], s) for s in grid) <= SUPPLY_RANGE
                    or home[0] not in choices(offer, "sector_id")):
                continue
            fields: JSON = {"sector_id": home[0]}
            if home[1] in choices(offer, "poi_id"):
                fields["poi_id"] = home[1]
            if "unit_id" not in offer.get("payload", {}):
                fields["unit_id"] = unit_id
            plans.append(order(offer, **fields))
            busy.add(unit_id)
    return plans
