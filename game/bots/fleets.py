"""The bot's play of the movement orders module (issue 18), registered on the strategy's extension point: the armed
ships at home form one fleet, the Home Guard, which patrols between the home Sector and a neighbouring one; craft
without an FTL drive stay out of it (a fleet moves only where every member can)."""

from __future__ import annotations

from game.bots.strategy import JSON, Order, Situation, choices, order, planner, sector_distance

FLEET_NAME = "Home Guard"


def _home_sector(situation: Situation) -> str | None:
    home = situation.home
    return home[0] if home else None


@planner("FormFleet")
def plan_form_fleet(situation: Situation, offers: list[JSON]) -> list[Order]:
    """One fleet: formed once two armed FTL ships are free at home and the bot has no fleet yet."""
    home = _home_sector(situation)
    if home is None or any(o["kind"] in ("FleetCourse", "FleetStandingOrder") for o in situation.offers):
        return []
    by_id = {int(u["unit_id"]): u for u in situation.view["units"]}
    busy = {o["payload"].get("unit_id") for o in situation.planned}  # surveying, under repair
    for offer in offers:
        ships = [by_id[int(u)] for u in choices(offer, "flagship_id") if int(u) in by_id and int(u) not in busy]
        guard = [u for u in ships if u["sector_id"] == home and situation.armed(u) and situation.special(u, "ftl")]
        if len(guard) >= 2:
            return [order(offer, name=FLEET_NAME, flagship_id=int(guard[0]["unit_id"]),
                          unit_ids=[int(u["unit_id"]) for u in guard[1:]])]
    return []


@planner("FleetCourse")
def plan_fleet_course(situation: Situation, offers: list[JSON]) -> list[Order]:
    """Each fleet at rest patrols between home and the first neighbouring Sector on the charts."""
    home = _home_sector(situation)
    if home is None:
        return []
    plans = []
    for offer in offers:
        sectors = [str(s) for s in choices(offer, "waypoints")]
        near = sorted(s for s in sectors if sector_distance(s, home) == 1)
        if home in sectors and near:
            plans.append(order(offer, waypoints=[home, near[0]], mode="patrol"))
    return plans
