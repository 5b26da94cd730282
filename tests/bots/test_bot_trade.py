"""The bot's play of trade routes and commerce raiding (game/bots/trade.py), on the offers the engine makes for the
golden scenarios' worlds: a route to the partner promising most, one freighter kept home; one raider a round,
sweeping away from where it is."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from game.bots import trade  # noqa: F401  (registers the planners)
from game.bots.strategy import Situation, decide
from game.engine.orders import legal_orders
from game.engine.world import World, world_from_dict

GOLDEN = Path(__file__).parents[1] / "golden"


def offers(name: str, civ_id: int, **taxes: int) -> tuple[World, list[dict[str, Any]]]:
    world = world_from_dict(yaml.safe_load((GOLDEN / f"{name}.yaml").read_text())["world"])
    world = replace(world, civs={c: replace(civ, taxes=taxes.get(civ.name, civ.taxes))
                                 for c, civ in world.civs.items()})
    return world, [o.as_dict() for o in legal_orders(world, civ_id, "exploit.2")]


def planned(world: World, civ_id: int, given: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    units = [{"unit_id": u.unit_id, "sector_id": u.sector_id, "design_id": u.design_id} for u in world.units.values()
             if u.civ_id == civ_id]
    the_view = {"units": units, "colonies": [], "mines": [], "projects": []}
    situation = Situation({"round": 1, "civ_id": civ_id, "treasury": 100}, the_view, given, random.Random(1))
    return [o for o in decide(situation) if o["kind"] == kind]


def test_a_bot_opens_a_route_to_the_partner_that_promises_most_keeping_a_freighter_home() -> None:
    world, given = offers("trade_routes_income", 1, Sol=100, Vega=40, Lyra=300, Hydra=1000)
    (route,) = planned(world, 1, given, "OpenTradeRoute")
    # Hydra's 25 MU beats Lyra's 15; one freighter of the three at Terra goes.
    assert route["payload"]["to_colony_id"] == 23 and len(route["payload"]["unit_ids"]) == 1


def test_a_bot_at_war_sends_one_raider_sweeping_away_from_where_it_is() -> None:
    world, given = offers("raid_convoy", 5)
    (raid,) = planned(world, 5, given, "RaidCommerce")
    assert raid["payload"]["unit_id"] == 7 and raid["payload"]["sector_id"] != "2,0"
