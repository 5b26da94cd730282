"""Cluster War §12.0, §12.1, §7.0 — detection and survey (module_cw_survey): Explore 5, 6 and 14, Expand 5."""

from __future__ import annotations

from dataclasses import replace

from game.engine.orders import legal_orders
from game.engine.survey import survey_weeks
from game.engine.world import RuleOptions, UnitState, World
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world


def _surveying(w: World) -> World:
    return replace(w, options=RuleOptions(survey=True))


def test_12_1_survey_time_halves_with_every_two_extra_lrs_or_one_extra_survey_bay() -> None:
    # The rule's table: one month; two weeks; one week at the least.
    assert [survey_weeks(1, 1), survey_weeks(3, 1), survey_weeks(1, 2)] == [4, 2, 2]
    assert [survey_weeks(5, 1), survey_weeks(3, 2), survey_weeks(1, 3), survey_weeks(9, 4)] == [1, 1, 1, 1]


def test_12_1_scouting_finds_planets_but_only_a_survey_that_stays_reveals_them() -> None:
    w = _surveying(with_units(world(), unit(1, 1, "scout")))
    events, w = run(w, "explore.6")
    assert of_type(events, "CloseScanned") == [] or of_type(events, "CloseScanned")[0]["planets"] == []
    assert "terra" not in w.civs[1].surveyed_planets
    offer = next(o for o in legal_orders(w, 1, "explore.14") if o.kind == "Survey")
    # The scout's Sensors 2 are one extra LRS, not two: still a month of survey, within the quarter.
    assert "Sol: 2 planets, 4 weeks of survey" in [c.label for c in offer.form_field("poi_id").choices]
    events, w = run(w, "explore.14", order(1, "explore.14", "Survey", unit_id=1, poi_id="sol"))
    assert of_type(events, "SurveyStarted") == [{"unit_id": 1, "civ_id": 1, "poi_id": "sol", "weeks": 4}]
    assert (w.units[1].state, w.units[1].task) == (UnitState.ENGAGED, "survey:sol")
    events, w = run(w, "explore.6", round_number=2)
    assert of_type(events, "SurveyCompleted")[0]["planets"] == ["mars", "terra"]
    assert {"mars", "terra"} <= w.civs[1].surveyed_planets and w.units[1].state is UnitState.OPERATIONAL


def test_12_1_leaving_the_system_early_fails_the_survey() -> None:
    w = _surveying(with_units(world(), unit(1, 1, "scout")))
    _, w = run(w, "explore.14", order(1, "explore.14", "Survey", unit_id=1, poi_id="sol"))
    w = replace(w, units={1: replace(w.units[1], sector_id="1,0", poi_id="vega")})
    events, w = run(w, "explore.6", round_number=2)
    assert of_type(events, "SurveyFailed")[0]["reason"] == "the unit left the system"
    assert "terra" not in w.civs[1].surveyed_planets


def test_12_0_a_survey_needs_the_ship_in_the_system() -> None:
    w = _surveying(with_units(world(), unit(1, 1, "scout")))
    events, _ = run(w, "explore.14", order(1, "explore.14", "Survey", unit_id=1, poi_id="vega"))
    assert "must be in the system" in of_type(events, "OrderRejected")[0]["reason"]


def test_7_0_colonizing_is_refused_until_the_survey_is_finished() -> None:
    w = _surveying(with_units(world(), unit(1, 1, "colony-ship")))
    events, _ = run(w, "expand.5", order(1, "expand.5", "Colonize", unit_id=1, planet_id="terra"))
    assert of_type(events, "OrderRejected")[0]["reason"] == (
        "you have not surveyed a planet terra: order a Survey in Explore 14; it is finished at the next Explore 6.")


def test_12_0_a_cloaked_unit_is_seen_only_with_a_sensor_advantage() -> None:
    # The ghost (cloak 5) shares the scout's Sector: Sensors 2 is no advantage over cloak 5 with the module on.
    w = with_units(world(), unit(1, 1, "scout"), unit(2, 2, "ghost"))
    w = replace(w, designs={**w.designs, "ghost": replace(w.designs["ghost"], stats=replace(
        w.designs["ghost"].stats, signature=30))})
    events, _ = run(w, "explore.6")
    assert 2 in of_type(events, "CloseScanned")[0]["units"]  # without the module: range alone decides
    events, _ = run(_surveying(w), "explore.6")
    assert all(2 not in e["units"] for e in of_type(events, "CloseScanned"))
