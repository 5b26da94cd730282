"""The bot's play of the movement orders module (issue 18), registered on the strategy's extension point: the armed
ships at home beyond the one that guards it form one fleet, the Vanguard, which sorties a round at a time between
home and the neighbouring Sector nearest the civilization the bot means to attack (from there it speaks to that
civilization and reaches its Sector in a round to strike) and rests a round at home to be repaired; craft without
an FTL drive stay out of it (a fleet moves only where every member can)."""

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
SORTIE_STEP = "exterminate.10"
SORTIE_EVERY = 3  # rounds: one out, one back, one at home


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
    """Each fleet at rest sorties, one leg a round: from home to the neighbouring Sector on the charts nearest its
    target's place (the first one before contact) in the rounds it sets out (1, 4, 7 …), from anywhere else back
    home, and it rests at home the round after, where a yard repairs what a fight damaged (Expand 6 comes after
    Exterminate). The leg is given in Exterminate 10, after the round's fights: one given in Explore 14 would set
    out before them, so the fleet would fight nowhere. Where each fleet is comes from the player's fleet panel
    (`fleets/`, in the view as `fleets`)."""
    home = _home_sector(situation)
    if home is None or situation.state["step"] != SORTIE_STEP:
        return []
    target = target_civ(situation)
    strike = target_place(situation, target) if target is not None else None
    where = {int(f["fleet_id"]): f.get("sector_id") for f in situation.view.get("fleets", [])}
    plans = []
    for offer in offers:
        here = where.get(int(offer["payload"]["fleet_id"]))
        sectors = [str(s) for s in choices(offer, "waypoints")]
        near = sorted(s for s in sectors if sector_distance(s, home) == 1)
        if strike is not None:
            near.sort(key=lambda s: sector_distance(s, strike[0]))
        leg = home if here != home else (near[0] if near and situation.round % SORTIE_EVERY == 1 else None)
        if here is not None and leg in sectors:
            plans.append(order(offer, waypoints=[leg], mode="once"))
    return plans
