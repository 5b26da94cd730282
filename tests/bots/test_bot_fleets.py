"""The bot's play of the movement orders module (game/bots/fleets.py), pure: it forms one fleet, the Vanguard, of the
armed FTL ships at home beyond its home guard, and sends each fleet at rest on patrol between home and the
neighbouring Sector nearest the civilization it means to attack."""

from __future__ import annotations

from game.bots import fleets  # noqa: F401  (registers the planners)
from game.bots.strategy import decide
from tests.bots.test_strategy import choice_field, offer, situation, unit, view


def test_a_bot_forms_its_vanguard_from_the_armed_ftl_ships_at_home_beside_the_one_guarding_it() -> None:
    units = [unit(1, "corvette"), unit(2, "corvette"), unit(3, "scout"), unit(4, "corvette", "2,0", None),
             unit(5, "corvette")]
    form = offer("FormFleet", {}, choice_field("flagship_id", [1, 2, 3, 5]), choice_field("unit_ids", [1, 2, 3, 5]))
    planned = [o for o in decide(situation(view(units), [form])) if o["kind"] == "FormFleet"]
    assert planned == [{"kind": "FormFleet", "payload": {"name": "Vanguard", "flagship_id": 2, "unit_ids": [5]}}]
    # One ship beside the guard is no fleet.
    assert [o for o in decide(situation(view(units[:4]), [form])) if o["kind"] == "FormFleet"] == []
    # One fleet: with a fleet to command already (its course offered), no other is formed.
    course = offer("FleetCourse", {"fleet_id": 9}, choice_field("waypoints", ["0,0", "1,0"]))
    assert [o for o in decide(situation(view(units), [form, course])) if o["kind"] == "FormFleet"] == []


def test_ships_put_in_the_vanguard_are_not_sent_on_courses_of_their_own() -> None:
    units = [unit(1, "corvette"), unit(2, "corvette"), unit(3, "corvette")]
    form = offer("FormFleet", {}, choice_field("flagship_id", [1, 2, 3]), choice_field("unit_ids", [1, 2, 3]))
    course = offer("PlotCourse", {}, choice_field("unit_id", [2, 3]), choice_field("sector_id", ["0,0", "5,0"]),
                   choice_field("poi_id", ["home"]))
    assert [o["kind"] for o in decide(situation(view(units), [course, form]))] == ["FormFleet"]


def test_a_bot_fleet_patrols_between_home_and_the_neighbouring_sector_nearest_its_target() -> None:
    course = offer("FleetCourse", {"fleet_id": 9}, choice_field("waypoints", ["0,0", "1,0", "2,0", "0,1"]))
    planned = [o for o in decide(situation(view([unit(1, "corvette")]), [course])) if o["kind"] == "FleetCourse"]
    assert planned == [{"kind": "FleetCourse",
                        "payload": {"fleet_id": 9, "waypoints": ["0,0", "0,1"], "mode": "patrol"}}]
    # Once it has seen whom to attack (a colony at 2,0), towards it.
    rival = [{"colony_id": 7, "civ_id": 2, "planet_id": "far-A1"}]
    seen = view([unit(1, "corvette")], other_colonies=rival, pois=[("2,0", "far")])
    planned = [o for o in decide(situation(seen, [course])) if o["kind"] == "FleetCourse"]
    assert planned[0]["payload"]["waypoints"] == ["0,0", "1,0"]
