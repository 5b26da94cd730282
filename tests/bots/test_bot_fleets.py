"""The bot's play of the movement orders module (game/bots/fleets.py), pure: it forms one Home Guard of the armed FTL
ships at home, and sends each fleet at rest on patrol between home and a neighbouring Sector."""

from __future__ import annotations

from game.bots import fleets  # noqa: F401  (registers the planners)
from game.bots.strategy import decide
from tests.bots.test_strategy import choice_field, offer, situation, unit, view


def test_a_bot_forms_its_home_guard_from_the_armed_ftl_ships_at_home() -> None:
    units = [unit(1, "corvette"), unit(2, "corvette"), unit(3, "scout"), unit(4, "corvette", "2,0", None)]
    form = offer("FormFleet", {}, choice_field("flagship_id", [1, 2, 3]), choice_field("unit_ids", [1, 2, 3]))
    planned = [o for o in decide(situation(view(units), [form])) if o["kind"] == "FormFleet"]
    assert planned == [{"kind": "FormFleet", "payload": {"name": "Home Guard", "flagship_id": 1, "unit_ids": [2]}}]
    # One fleet: with a fleet to command already (its course offered), no other is formed.
    course = offer("FleetCourse", {"fleet_id": 9}, choice_field("waypoints", ["0,0", "1,0"]))
    assert [o for o in decide(situation(view(units), [form, course])) if o["kind"] == "FormFleet"] == []


def test_ships_put_in_the_home_guard_are_not_sent_on_courses_of_their_own() -> None:
    units = [unit(1, "corvette"), unit(2, "corvette")]
    form = offer("FormFleet", {}, choice_field("flagship_id", [1, 2]), choice_field("unit_ids", [1, 2]))
    course = offer("PlotCourse", {}, choice_field("unit_id", [1, 2]), choice_field("sector_id", ["0,0", "5,0"]),
                   choice_field("poi_id", ["home"]))
    assert [o["kind"] for o in decide(situation(view(units), [course, form]))] == ["FormFleet"]


def test_a_bot_fleet_patrols_between_home_and_a_neighbouring_sector() -> None:
    course = offer("FleetCourse", {"fleet_id": 9}, choice_field("waypoints", ["0,0", "1,0", "2,0", "0,1"]))
    planned = [o for o in decide(situation(view([unit(1, "corvette")]), [course])) if o["kind"] == "FleetCourse"]
    assert planned == [{"kind": "FleetCourse",
                        "payload": {"fleet_id": 9, "waypoints": ["0,0", "0,1"], "mode": "patrol"}}]
