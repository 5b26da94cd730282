"""The bot's play of trade routes and commerce raiding (Exploit 2), registered on the strategy's extension point:
a route from a colony with a free freighter (two while a builder waits to be carried to a colony elsewhere: one
stays for that), to the partner whose choice promises the most, while it runs fewer than `MAX_ROUTES`; and one
warship a round sweeping for an enemy's convoys. It knows nothing of the enemy's routes (the fog): it sweeps as far
as the offer lets it, as a raider files a course."""

from __future__ import annotations

import re

from game.bots.strategy import JSON, Order, Situation, choices, mine_sites_without_builder, order, planner

MAX_ROUTES = 2
_PROMISE = re.compile(r"up to (\d+) MU")


def _promise(offer: JSON, value: object) -> int:
    """The MU a quarter the offer's label says a partner's colony would bring (0 if it does not say)."""
    for f in offer.get("fields", []):
        if f["name"] == "to_colony_id":
            for choice in f.get("choices", []):
                found = _PROMISE.search(choice["label"])
                if choice["value"] == value and found:
                    return int(found.group(1))
    return 0


@planner("OpenTradeRoute")
def plan_open_route(situation: Situation, offers: list[JSON]) -> list[Order]:
    running = sum(o["kind"] == "CloseTradeRoute" for o in situation.offers)
    keep = 1 if mine_sites_without_builder(situation) else 0  # a freighter to carry a builder to a colony
    for offer in offers:
        freighters = choices(offer, "unit_ids")
        partners = choices(offer, "to_colony_id")
        if running >= MAX_ROUTES or len(freighters) <= keep or not partners:
            continue
        best = max(partners, key=lambda p: (_promise(offer, p), -int(p)))
        return [order(offer, to_colony_id=best, unit_ids=[freighters[0]])]
    return []


@planner("RaidCommerce")
def plan_raid(situation: Situation, offers: list[JSON]) -> list[Order]:
    offer = situation.rng.choice(offers)
    raiders = choices(offer, "unit_id")
    sweeps = choices(offer, "sector_id")
    if not raiders or not sweeps:
        return []
    raider = situation.rng.choice(raiders)
    here = next((u["sector_id"] for u in situation.view["units"] if u["unit_id"] == raider), None)
    away = [s for s in sweeps if s != here]
    return [order(offer, unit_id=raider, sector_id=situation.rng.choice(away or sweeps))]
