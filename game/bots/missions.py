"""The bot's play of the personnel module (issue 15), registered on the strategy's extension point: one spy
recruited at home while it has none free, and each free agent sent on a mission — gathering intelligence on a
rival's colony in its Sector when there is one, counter-intelligence at home otherwise."""

from __future__ import annotations

from game.bots.strategy import JSON, Order, Situation, choices, order, planner

RECRUIT_MU = 30  # a spy costs 5 MU; the bot keeps most of its treasury for ships


@planner("RecruitAgent")
def plan_recruit(situation: Situation, offers: list[JSON]) -> list[Order]:
    if situation.mu < RECRUIT_MU or any(o["kind"] == "Mission" for o in situation.offers):
        return []
    offer = offers[0]
    colonies = choices(offer, "colony_id")
    if not colonies:
        return []
    return [order(offer, colony_id=colonies[0], role="spy", name=f"Agent {situation.round}")]


@planner("Mission")
def plan_mission(situation: Situation, offers: list[JSON]) -> list[Order]:
    mine = {int(c["colony_id"]) for c in situation.view.get("colonies", []) if c.get("civ_id") == situation.civ_id}
    plans = []
    for offer in offers:
        here = [int(c) for c in choices(offer, "colony_id")]
        rivals = [c for c in here if c not in mine]
        if rivals:
            plans.append(order(offer, mission="gather_intel", colony_id=situation.rng.choice(rivals)))
        elif here:
            plans.append(order(offer, mission="counter_intelligence", colony_id=here[0]))
        else:
            plans.append(order(offer, mission="survey"))
    return plans
