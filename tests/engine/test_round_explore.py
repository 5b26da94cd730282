"""Explore 1-2, 5-8, 11, 14: movement, detection, the choice to fight, talk, gifts, courses."""

from __future__ import annotations

from dataclasses import replace

from game.engine.orders import OrderProblem, legal_orders, validate_order
from game.engine.world import RuleOptions, UnitState, World
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world


def test_explore_1_en_route_units_spend_their_move_rate() -> None:
    w = with_units(world(), unit(1, 1, "scout", state=UnitState.EN_ROUTE, destination_sector="3,0",
                                 destination_poi="far", eta_left=12))
    events, after = run(w, "explore.1")
    assert of_type(events, "UnitMoved") == [{"unit_id": 1, "mp": 8, "eta_left": 4}]
    assert after.units[1].eta_left == 4 and after.units[1].state is UnitState.EN_ROUTE


def test_explore_1_cargo_work_ends_at_the_start_of_the_next_round() -> None:
    w = with_units(world(), unit(1, 1, "freighter", state=UnitState.ENGAGED, task="cargo"),
                   unit(2, 1, "builder", state=UnitState.ENGAGED, task="construction:7"))
    _, after = run(w, "explore.1")
    assert after.units[1].state is UnitState.OPERATIONAL and after.units[1].task is None
    assert after.units[2].state is UnitState.ENGAGED


def test_explore_2_a_unit_whose_eta_is_met_arrives_operational_with_its_riders() -> None:
    w = with_units(world(), unit(1, 1, "freighter", state=UnitState.EN_ROUTE, destination_sector="1,0",
                                 destination_poi="vega", eta_left=0),
                   unit(2, 1, "marine", carried_by=1))
    events, after = run(w, "explore.2")
    assert of_type(events, "UnitArrived") == [{"unit_id": 1, "sector_id": "1,0", "poi_id": "vega"}]
    assert (after.units[1].sector_id, after.units[1].poi_id, after.units[1].state) == (
        "1,0", "vega", UnitState.OPERATIONAL)
    assert after.units[2].sector_id == "1,0" and after.units[2].carried_by == 1


def test_explore_5_sensors_meet_signature_for_lrs_range() -> None:
    # Sensors 1 sees Signature 10 one Sector away, not two; Sensors 2 sees two.
    w = with_units(world(), unit(1, 1, "warship"), unit(2, 2, "warship", "1,0", "vega"),
                   unit(3, 2, "warship", "2,0", None))
    _, after = run(w, "explore.5")
    assert after.civs[1].detected_units == {2}
    assert after.civs[2].detected_units == {1}
    w2 = with_units(w, unit(4, 1, "scout"))
    _, after = run(w2, "explore.5")
    assert after.civs[1].detected_units == {2, 3}


def test_explore_5_a_cloak_hides_a_unit_from_weak_sensors() -> None:
    # Sensors 2 against Signature 10 less Cloak 5: 2 * 5 // 10 = one Sector, where a plain hull is seen at two.
    w = with_units(world(), unit(1, 1, "scout"), unit(2, 2, "ghost", "2,0", None), unit(3, 2, "ghost", "1,0", None),
                   unit(4, 2, "warship", "2,0", None))
    _, after = run(w, "explore.5")
    assert after.civs[1].detected_units == {3, 4}


def test_explore_5_finds_celestial_bodies_and_charts_their_sectors() -> None:
    w = replace(with_units(world(), unit(1, 1, "scout")), options=RuleOptions(full_star_map=False))
    events, after = run(w, "explore.5")
    found = of_type(events, "DetectionUpdated")[0]
    # A star (Signature 100) is seen 20 Sectors off, the station (5) only in the Sector; the rift is hidden.
    assert found["pois"] == ["far", "relay", "vega"]
    assert "1,0" in after.civs[1].charted


def test_explore_5_optional_gm_roll_finds_a_hidden_object() -> None:
    w = replace(with_units(world(), unit(1, 1, "scout")), options=RuleOptions(gm_detection_rolls=True))
    events, after = run(w, "explore.5", dice=[13])  # 13 + Sensors 2 = 15: found
    assert "rift" in after.civs[1].known_pois
    assert of_type(events, "DiceRolled")[0]["sides"] == 20
    _, after = run(w, "explore.5", dice=[12])
    assert "rift" not in after.civs[1].known_pois


def test_explore_6_close_scan_surveys_the_planets_in_the_sector() -> None:
    w = with_units(world(), unit(1, 1, "scout", "1,0", "vega"), unit(2, 2, "ghost", "1,0", None))
    events, after = run(w, "explore.6")
    scan = of_type(events, "CloseScanned")[0]
    assert scan["planets"] == ["vega-2"] and scan["pois"] == ["rift", "vega"]
    assert after.civs[1].surveyed_planets == {"vega-2"}
    assert 2 in after.civs[1].detected_units


def _facing() -> World:
    w = with_units(world(), unit(1, 1, "warship"), unit(2, 2, "scout", "1,0", "vega"))
    return run(w, "explore.5")[1]


def test_explore_7_a_skirmish_needs_a_seen_enemy_within_weapons_range() -> None:
    w = _facing()
    events, after = run(w, "explore.7", order(1, "explore.7", "StartSkirmish", sector_id="1,0", target_civ_id=2))
    assert of_type(events, "SkirmishDeclared")[0]["attacker_civ"] == 1
    assert len(after.skirmishes) == 1
    # Vega's scout is unarmed: it cannot start one.
    events, _ = run(w, "explore.7", order(2, "explore.7", "StartSkirmish", sector_id="0,0", target_civ_id=1))
    assert of_type(events, "OrderRejected")[0]["reason"].startswith("none of your armed units")


def test_explore_7_a_unit_beyond_its_move_rate_is_out_of_weapons_range() -> None:
    # Two Sectors are 8 MP, within a Move Rate of 8; three are 12.
    w = with_units(world(), unit(1, 1, "warship"), unit(2, 2, "scout", "2,0", None), unit(3, 2, "scout", "3,0", None))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], detected_units=frozenset({2, 3}))})
    events, _ = run(w, "explore.7", order(1, "explore.7", "StartSkirmish", sector_id="2,0", target_civ_id=2),
                    order(1, "explore.7", "StartSkirmish", sector_id="3,0", target_civ_id=2))
    assert [e["sector_id"] for e in of_type(events, "SkirmishDeclared")] == ["2,0"]
    assert of_type(events, "OrderRejected")[0]["field"] == "payload.sector_id"


def test_explore_8_messages_need_communications_range() -> None:
    w = _facing()
    events, after = run(w, "explore.8", order(1, "explore.8", "SendMessage", to_civ_id=2, text="Greetings"))
    assert of_type(events, "MessageDelivered")[0]["seen_by"] == [1, 2]
    assert (1, 2) in after.contacts


def test_explore_11_gifts_pass_between_units_at_the_same_destination() -> None:
    w = with_units(world(), unit(1, 1, "freighter", ore=30), unit(2, 2, "freighter"))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], detected_units=frozenset({2}))})
    events, after = run(w, "explore.11", order(1, "explore.11", "Gift", unit_id=1, to_unit_id=2, ore=10, mu=100))
    assert of_type(events, "GiftDelivered")
    assert (after.units[1].ore, after.units[2].ore) == (20, 10)
    assert (after.civs[1].mu, after.civs[2].mu) == (900, 600)


def test_explore_14_a_course_needs_operational_sensors() -> None:
    w = with_units(world(), replace(unit(1, 1, "blind-hauler"), name="Vega-2"))
    try:
        validate_order(order(1, "explore.14", "PlotCourse", unit_id=1, sector_id="1,0"), w)
    except OrderProblem as problem:
        assert problem.message == "Blind Hauler *Vega-2* has no operational sensors: it cannot plot a course."
    else:
        raise AssertionError("a unit without sensors plotted a course")


def test_explore_14_eta_is_four_movement_points_a_sector() -> None:
    w = with_units(world(), unit(1, 1, "scout"))
    events, after = run(w, "explore.14", order(1, "explore.14", "PlotCourse", unit_id=1, sector_id="3,0"))
    assert of_type(events, "CoursePlotted") == [{"unit_id": 1, "sector_id": "3,0", "poi_id": None, "eta": 12}]
    assert after.units[1].state is UnitState.EN_ROUTE


def test_explore_14_without_ftl_a_unit_stays_in_its_sector() -> None:
    w = with_units(world(), unit(1, 1, "colony-ship", poi="relay"))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], known_pois=frozenset({"sol", "vega"}))})
    events, _ = run(w, "explore.14", order(1, "explore.14", "PlotCourse", unit_id=1, sector_id="1,0"))
    assert "no FTL drive" in of_type(events, "OrderRejected")[0]["reason"]
    events, _ = run(w, "explore.14", order(1, "explore.14", "PlotCourse", unit_id=1, sector_id="0,0",
                                          poi_id="sol"))
    assert of_type(events, "CoursePlotted")[0]["eta"] == 1


def test_explore_14_needs_star_charts_for_the_destination() -> None:
    w = replace(with_units(world(), unit(1, 1, "scout")), options=RuleOptions(full_star_map=False))
    events, _ = run(w, "explore.14", order(1, "explore.14", "PlotCourse", unit_id=1, sector_id="3,0"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "Sector 3,0 is not on your Star Charts."


def test_explore_14_legal_orders_offer_courses_only_to_units_that_can_plot() -> None:
    w = with_units(world(), unit(1, 1, "scout"), unit(2, 1, "blind-hauler"),
                   unit(3, 1, "builder", state=UnitState.ENGAGED, task="construction:9"))
    offers = [o for o in legal_orders(w, 1, "explore.14") if o.kind == "PlotCourse"]
    assert [o.payload["unit_id"] for o in offers] == [1]
    assert "3,0" in [c.value for c in offers[0].form_field("sector_id").choices]
