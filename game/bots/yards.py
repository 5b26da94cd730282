"""The bot's play of the repair and refits and the detection and survey modules (issue 18), registered on the
strategy's extension point: each damaged unit goes to the cheapest yard or repair ship in its Sector it can pay for
(planned before construction, so a yard repairs before it builds), and one unit at each system with planets it has
not surveyed stays to survey them (planned before the courses, so a colony ship finds a surveyed world to settle)."""

from __future__ import annotations

from game.bots.strategy import JSON, Order, Situation, choice_costs, order, planner, units_of


@planner("RepairUnit")
def plan_repair(situation: Situation, offers: list[JSON]) -> list[Order]:
    mu, busy, plans = situation.mu, set(), []
    for offer in offers:
        costs = {int(yard): int(cost.get("mu", 0)) for yard, cost in choice_costs(offer, "yard_id").items()
                 if int(yard) not in busy}
        if not costs:
            continue
        yard = min(costs, key=lambda y: (costs[y], y))
        if costs[yard] <= mu:
            plans.append(order(offer, yard_id=yard))
            mu -= costs[yard]
            busy.add(yard)
    return plans


@planner("Survey")
def plan_survey(situation: Situation, offers: list[JSON]) -> list[Order]:
    surveyed, plans = set(), []
    for offer in offers:
        places = [p for p in choice_costs(offer, "poi_id") if p not in surveyed]
        if places:
            plans.append(order(offer, poi_id=places[0], **({} if "unit_id" in offer.get("payload", {})
                                                           else {"unit_id": units_of(offer)[0]})))
            surveyed.add(places[0])
    return plans
