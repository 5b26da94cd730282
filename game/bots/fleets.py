"""The bot's play of the movement orders module (issue 18), registered on the strategy's extension point: the armed
ships at home beyond the one that guards it form one fleet, the Vanguard, which patrols between home and the
neighbouring Sector nearest the civilization the bot means to attack (from there it reaches that civilization's
Sector in a round, to speak and to strike); craft without an FTL drive stay out of it (a fleet moves only where
every member can)."""

from __future__ import annotations

from game.bots.strategy import (
    DEFENCE,
    JSON,
    Order,
    Situation,
    choices,
    order,
    planner,
    sector_distance,
    target_civ,
    target_place,
)

FLEET_NAME = "Vanguard"


def _home_sector(situation: Situation) -> str | None:
    home = situation.home
    return home[0] if home else None


@planner("FormFleet")
def plan_form_fleet(situation: Situation, offers: list[JSON]) -> list[Order]:
    """One fleet: formed once two armed FTL ships besides the home guard (the strategy's `DEFENCE`, its
    lowest-numbered armed units) are free at home and the bot has no fleet yet."""
    home = _home_sector(situation)
    if home is None or any(o["kind"] in ("FleetCourse", "FleetStandingOrder") for o in situation.offers):
        return []
    by_id = {int(u["unit_id"]): u for u in situation.view["units"]}
    guards = {u["unit_id"] for u in sorted((u for u in situation.view["units"] if situation.armed(u)),
                                           key=lambda u: u["unit_id"])[:DEFENCE]}
    busy = {o["payload"].get("unit_id") for o in situation.planned} | guards  # surveying, under repair, on guard
    for offer in offers:
        ships = [by_id[int(u)] for u in choices(offer, "flagship_id") if int(u) in by_id and int(u) not in busy]
        vanguard = [u for u in ships if u["sector_id"] == home and situation.armed(u) and situation.special(u, "ftl")]
        if len(vanguard) >= 2:
            return [order(offer, name=FLEET_NAME, flagship_id=int(vanguard[0]["unit_id"]),
                          unit_ids=[int(u["unit_id"]) for u in vanguard[1:]])]
    return []


@planner("FleetCourse")
def plan_fleet_course(situation: Situation, offers: list[JSON]) -> list[Order]:
    """Each fleet at rest patrols between home and the neighbouring Sector on the charts nearest the target's
    place (the first one before contact)."""
    home = _home_sector(situation)
    if home is None:
        return []
    target = target_civ(situation)
    strike = target_place(situation, target) if target is not None else None
    plans = []
    for offer in offers:
        sectors = [str(s) for s in choices(offer, "waypoints")]
        near = sorted(s for s in sectors if sector_distance(s, home) == 1)
        if strike is not None:
            near.sort(key=lambda s: sector_distance(s, strike[0]))
        if home in sectors and near:
            plans.append(order(offer, waypoints=[home, near[0]], mode="patrol"))
    return plans
