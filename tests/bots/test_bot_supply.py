"""The bot's play of the supply module (game/bots/supply.py), pure: an idle warship outside the reach of every colony
of its civilization is sent home, into supply; one within a Sector of a colony, a scout waiting to survey where it
stands, and the courses the strategy plots are left alone."""

from __future__ import annotations

from game.bots import supply  # noqa: F401  (registers the planner)
from game.bots.strategy import decide
from tests.bots.test_strategy import HOME, PLACES, course_offer, courses, situation, unit, view


def test_an_idle_warship_out_of_supply_goes_home_and_one_in_reach_of_a_colony_stays() -> None:
    # The guard at home, and no civilization seen to strike: the strategy leaves the other warships idle.
    units = [unit(1, "corvette"), unit(5, "corvette", "3,0", "far"), unit(6, "corvette", "1,0", "near")]
    the_view = view(units, pois=PLACES)
    planned = courses(decide(situation(the_view, [course_offer([1, 5, 6], [HOME, *PLACES])])))
    assert planned.get(5) == HOME  # 3 Sectors from the colony at 0,0: out of supply
    assert 6 not in planned  # 1 Sector from it: in supply


def test_a_scout_waiting_to_survey_where_it_stands_is_left_there() -> None:
    the_view = view([unit(7, "scout", "3,0", "far")], pois=PLACES)
    assert courses(decide(situation(the_view, [course_offer([7], [HOME, *PLACES])]))).get(7) != HOME
