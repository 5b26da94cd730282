"""The bot's ground war, pure: it invades a colony where it sees no enemy battalion with every battalion it can
land, leaves a defended one alone, and raises Marines at home only while rich and short of battalions."""

from __future__ import annotations

import random
from typing import Any

from game.bots.ground_war import plan_invade, plan_raise
from game.bots.strategy import Situation
from tests.bots.test_strategy import choice_field, unit, view


def _invade_offer(colony_id: int, unit_ids: list[int]) -> dict[str, Any]:
    return {"kind": "Invade", "payload": {"colony_id": colony_id},
            "fields": [{**choice_field("unit_ids", unit_ids), "type": "multichoice"}]}


def _situation(others: list[dict[str, Any]], offers: list[dict[str, Any]], mu: int = 1000,
               units: list[dict[str, Any]] | None = None) -> Situation:
    the_view = view(units or [], others=others, pois=[("1,0", "vega")], mu=mu,
                    other_colonies=[{"colony_id": 21, "civ_id": 2, "planet_id": "vega-A1"}])
    return Situation({"round": 2, "step": "exterminate.9"}, the_view, offers, random.Random(3))


def test_the_bot_invades_a_colony_where_it_sees_no_battalion_with_all_it_can_land() -> None:
    offers = [_invade_offer(21, [5, 6])]
    (order,) = plan_invade(_situation([], offers), offers)
    assert order == {"kind": "Invade", "payload": {"colony_id": 21, "unit_ids": [5, 6]}}


def test_the_bot_leaves_a_defended_colony_and_a_lone_battalion_at_home() -> None:
    guard = unit(9, "ground-heavy-tank", sector="1,0", poi="vega", civ=2)
    offers = [_invade_offer(21, [5, 6])]
    assert plan_invade(_situation([guard], offers), offers) == []
    lone = [_invade_offer(21, [5])]
    assert plan_invade(_situation([], lone), lone) == []


def test_the_bot_raises_marines_only_while_rich_and_short_of_battalions() -> None:
    offer = {"kind": "RaiseGroundForces", "payload": {}, "fields": [choice_field("colony_id", [1])]}
    (order,) = plan_raise(_situation([], [offer]), [offer])
    assert order["payload"] == {"colony_id": 1, "kind": "marines", "count": 2}
    assert plan_raise(_situation([], [offer], mu=100), [offer]) == []
    army = [unit(i, "ground-marines") for i in range(10, 14)]
    assert plan_raise(_situation([], [offer], units=army), [offer]) == []
