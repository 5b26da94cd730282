"""The bot's play of the ground war (issue 18), registered on the strategy's extension point: a few Marines raised
at home while it is rich and has few battalions, and an invasion, with every battalion it can land, of a colony where
it sees no enemy battalion (a weak colony: its levy is all it has)."""

from __future__ import annotations

from game.bots.strategy import JSON, Order, Situation, choices, order, planner

GROUND_PREFIX = "ground-"  # a battalion's design (game.engine.ground_forces), as the view names it
RAISE_MU = 300  # the treasury kept for ships before any battalion is raised
MOST_BATTALIONS = 4
MIN_LANDING = 2


def _battalions(situation: Situation) -> int:
    return sum(1 for u in situation.view["units"] if str(u["design_id"]).startswith(GROUND_PREFIX))


@planner("RaiseGroundForces")
def plan_raise(situation: Situation, offers: list[JSON]) -> list[Order]:
    if situation.mu < RAISE_MU or _battalions(situation) >= MOST_BATTALIONS:
        return []
    offer = offers[0]
    colonies = choices(offer, "colony_id")
    return [order(offer, colony_id=colonies[0], kind="marines", count=2)] if colonies else []


@planner("Invade")
def plan_invade(situation: Situation, offers: list[JSON]) -> list[Order]:
    planets = {str(c["colony_id"]): c["planet_id"] for c in situation.view["other_colonies"]}
    pois = {p["planet_id"]: p["poi_id"] for p in situation.view["planets"]}
    defended = {u["poi_id"] for u in situation.view["other_units"] if str(u["design_id"]).startswith(GROUND_PREFIX)}
    plans = []
    landed: set[int] = set()
    for offer in offers:
        colony = str(offer["payload"]["colony_id"])
        forces = [int(u) for u in choices(offer, "unit_ids") if int(u) not in landed]
        if len(forces) < MIN_LANDING or pois.get(planets.get(colony, "")) in defended:
            continue
        landed.update(forces)
        plans.append(order(offer, unit_ids=forces))
    return plans
