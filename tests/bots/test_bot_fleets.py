"""The bot's play of the movement orders module (game/bots/fleets.py), pure: it forms one fleet, the Vanguard, of the
armed FTL ships at home beyond its home guard, and sends each fleet at rest on sorties between home and the
neighbouring Sector nearest the civilization it means to attack, a round at a time, with a round at home after."""

from __future__ import annotations

from typing import Any

from game.bots import fleets  # noqa: F401  (registers the planners)
from game.bots.play import turn_rng
from game.bots.strategy import Situation, decide
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


def test_a_bot_fleet_sorties_to_the_sector_next_to_its_target_comes_back_and_rests_a_round_at_home() -> None:
    course = offer("FleetCourse", {"fleet_id": 9}, choice_field("waypoints", ["0,0", "1,0", "2,0", "0,1"]))

    def legs(round: int, at: str, step: str = "exterminate.10", **seen: Any) -> list[list[str]]:
        the_view = {**view([unit(1, "corvette")], **seen), "fleets": [{"fleet_id": 9, "sector_id": at}]}
        state = {"round": round, "step": step, "status": "open", "step_kind": "orders"}
        return [o["payload"]["waypoints"] for o in decide(Situation(state, the_view, [course],
                                                                    turn_rng("seed", round, step)))
                if o["kind"] == "FleetCourse" and o["payload"]["mode"] == "once"]

    assert legs(1, "0,0") == [["0,1"]]  # before contact: the first neighbouring Sector
    rival: dict[str, Any] = {"other_colonies": [{"colony_id": 7, "civ_id": 2, "planet_id": "far-A1"}],
                             "pois": [("2,0", "far")]}
    assert legs(1, "0,0", **rival) == [["1,0"]]  # the one nearest the target's colony at 2,0
    assert legs(2, "1,0", **rival) == [["0,0"]]  # back home after a round out
    assert legs(3, "0,0", **rival) == []  # a round at home: its yard repairs what the fight damaged
    assert legs(4, "0,0", **rival) == [["1,0"]]
    assert legs(1, "0,0", "explore.14", **rival) == []  # a leg set out now would leave before the round's fights
