"""The bot's play of the repair and refits and the detection and survey modules, on the offers the engine makes: a
damaged ship goes to the yard before the yard builds anything, and a unit stays to survey a system before moving on."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from game.bots import yards  # noqa: F401  (registers the module's planners)
from game.bots.strategy import Situation, decide
from game.engine.orders import legal_orders
from game.engine.visibility import civ_view
from game.engine.world import RuleOptions, World
from tests.engine.round_fixtures import unit, with_units, world


def _situation(w: World, step: str) -> Situation:
    offers = json.loads(json.dumps([o.as_dict() for o in legal_orders(w, 1, step)]))
    view: dict[str, Any] = json.loads(json.dumps(civ_view(w, 1)))
    return Situation({"round": 1, "step": step}, view, offers, random.Random(1))


def test_a_bot_repairs_a_damaged_ship_at_the_yard_before_building() -> None:
    w = with_units(world(), unit(1, 1, "warship", hp=4.0), unit(2, 1, "builder"))
    w = replace(w, options=RuleOptions(yards=True),
                civs={**w.civs, 1: replace(w.civs[1], surveyed_planets=frozenset({"terra"}))})
    planned = decide(_situation(w, "expand.6"))
    assert {"kind": "RepairUnit", "payload": {"unit_id": 1, "yard_id": 2}} in planned
    assert not [o for o in planned if o["kind"] == "StartConstruction"]  # the yard is at work


def test_a_bot_surveys_a_system_before_moving_on() -> None:
    w = replace(with_units(world(), unit(1, 1, "scout")), options=RuleOptions(survey=True))
    planned = decide(_situation(w, "explore.14"))
    assert {"kind": "Survey", "payload": {"unit_id": 1, "poi_id": "sol"}} in planned
    assert not [o for o in planned if o["kind"] == "PlotCourse"]  # it stays
