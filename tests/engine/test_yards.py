"""Cluster War §6.6, §6.7, §9.6 — repair, refits, scrapping and crash building (module_cw_yards), Expand 6 and 8."""

from __future__ import annotations

from dataclasses import replace

from game.engine.orders import legal_orders
from game.engine.world import RuleOptions, UnitState, World
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world


def _yards(*units: object, **options: object) -> World:
    w = with_units(world(), *units)  # type: ignore[arg-type]
    return replace(w, options=RuleOptions(yards=True, **options))  # type: ignore[arg-type]


def test_9_6_a_damaged_ship_is_repaired_at_a_yard_over_rounds_for_half_the_damaged_share_of_its_price() -> None:
    # A Warship (72 MU, 10 BP, 10 hit points) at 4 hit points; a builder (5 BP a round) at Terra, a Suitable Site.
    w = _yards(unit(1, 1, "warship", hp=4.0), unit(2, 1, "builder"))
    events, w = run(w, "expand.6", order(1, "expand.6", "RepairUnit", unit_id=1, yard_id=2))
    started = of_type(events, "RepairStarted")[0]
    # 60% damaged: 6 BP of work and half of 60% of 72 MU, rounded up; 5 BP a round: 2 rounds.
    assert (started["bp_needed"], started["mu"], started["rounds"]) == (6, 22, 2)
    assert w.civs[1].mu == 1_000 - 22
    assert {w.units[1].state, w.units[2].state} == {UnitState.ENGAGED}
    events, w = run(w, "expand.8")
    assert of_type(events, "YardWorkAdvanced") == [{"unit_id": 1, "bp": 5, "hp": 9.0}]
    assert w.units[1].hp == 9.0 and not of_type(events, "RepairCompleted")
    events, w = run(w, "expand.8", round_number=2)
    assert of_type(events, "RepairCompleted") == [{"unit_id": 1, "hp": 10.0}]
    assert w.units[1].hp == 10.0 and w.units[1].state is UnitState.OPERATIONAL
    assert w.units[2].state is UnitState.OPERATIONAL and not w.yard_jobs


def test_9_6_a_repair_ship_repairs_anywhere_at_its_repair_bays_rate() -> None:
    # Vega has no Suitable Site: the builder there is no yard, the salvager (repair bays) still repairs, 3 BP a round.
    w = _yards(unit(1, 1, "warship", "1,0", "vega", hp=4.0), unit(2, 1, "builder", "1,0", "vega"),
               unit(3, 1, "salvager", "1,0", "vega"))
    events, _ = run(w, "expand.6", order(1, "expand.6", "RepairUnit", unit_id=1, yard_id=2))
    assert "neither a yard" in of_type(events, "OrderRejected")[0]["reason"]
    events, _ = run(w, "expand.6", order(1, "expand.6", "RepairUnit", unit_id=1, yard_id=3))
    assert of_type(events, "RepairStarted")[0]["rounds"] == 2


def test_9_6_the_repair_offer_shows_hit_points_price_and_rounds_before_committing() -> None:
    w = _yards(unit(1, 1, "warship", hp=4.0), unit(2, 1, "builder"), unit(3, 1, "scout"))
    offers = [o for o in legal_orders(w, 1, "expand.6") if o.kind == "RepairUnit"]
    assert len(offers) == 1 and "4 of 10 hit points" in offers[0].title
    choice = offers[0].form_field("yard_id").choices[0]
    assert choice.value == 2 and choice.cost == {"mu": 22}
    assert "22 MU, 6 BP of work, 2 rounds" in choice.label


def test_9_6_work_stops_when_the_yard_is_lost() -> None:
    w = _yards(unit(1, 1, "warship", hp=4.0), unit(2, 1, "builder"))
    _, w = run(w, "expand.6", order(1, "expand.6", "RepairUnit", unit_id=1, yard_id=2))
    w = replace(w, units={k: v for k, v in w.units.items() if k != 2})
    events, w = run(w, "expand.8")
    assert of_type(events, "YardWorkAbandoned") == [{"unit_id": 1, "reason": "its yard or repair ship was lost"}]
    assert w.units[1].state is UnitState.OPERATIONAL and w.units[1].hp == 4.0


def test_6_6_a_refit_changes_the_design_for_the_price_difference_on_the_same_hull_only_at_a_yard() -> None:
    w = _yards(unit(1, 1, "warship"), unit(2, 1, "builder"))
    events, _ = run(w, "expand.6", order(1, "expand.6", "RefitUnit", unit_id=1, yard_id=2, design_id="builder"))
    assert "a refit keeps the hull" in of_type(events, "OrderRejected")[0]["reason"]
    # Warship 72 MU -> Scout 54 MU: |difference| 18 MU; half the Scout's 10 BP: 5 BP, one round at 5 BP.
    events, w = run(w, "expand.6", order(1, "expand.6", "RefitUnit", unit_id=1, yard_id=2, design_id="scout"))
    assert {k: of_type(events, "RefitStarted")[0][k] for k in ("mu", "bp_needed", "rounds")} == {
        "mu": 18, "bp_needed": 5, "rounds": 1}
    events, w = run(w, "expand.8")
    assert of_type(events, "RefitCompleted") == [{"unit_id": 1, "design_id": "scout"}]
    assert w.units[1].design_id == "scout" and w.units[1].state is UnitState.OPERATIONAL


def test_6_6_scrapping_returns_half_the_ore_rounded_down_at_the_yard() -> None:
    w = _yards(unit(1, 1, "warship"), unit(2, 1, "builder"))
    events, w = run(w, "expand.6", order(1, "expand.6", "ScrapUnit", unit_id=1, yard_id=2))
    assert of_type(events, "UnitScrapped")[0]["ore"] == 5
    assert 1 not in w.units and w.ore_at(1, "sol") == 5


def test_the_yard_orders_are_refused_while_the_module_is_off() -> None:
    w = with_units(world(), unit(1, 1, "warship", hp=4.0), unit(2, 1, "builder"))
    events, _ = run(w, "expand.6", order(1, "expand.6", "RepairUnit", unit_id=1, yard_id=2))
    assert "module is off" in of_type(events, "OrderRejected")[0]["reason"]
    assert not [o for o in legal_orders(w, 1, "expand.6") if o.kind == "RepairUnit"]


def test_9_6_with_the_supply_module_repairs_out_of_supply_wait() -> None:
    # No colony supplies Vega's Sector: the repair ship's work waits ("out of supply ... stops repairs").
    w = _yards(unit(1, 1, "warship", "1,0", "vega", hp=4.0), unit(3, 1, "salvager", "1,0", "vega"), supply=True)
    _, w = run(w, "expand.6", order(1, "expand.6", "RepairUnit", unit_id=1, yard_id=3))
    events, w = run(w, "expand.8")
    assert of_type(events, "YardWorkAdvanced") == [{"unit_id": 1, "bp": 0, "hp": 4.0, "halted": "out of supply"}]
    assert w.units[1].hp == 4.0 and w.yard_jobs[1].bp_done == 0


def test_6_7_crash_building_halves_the_time_for_twice_the_mu_or_builds_low_quality() -> None:
    # A Light Corvette: 20 MU, 10 BP; the builder's 5 BP count twice: one round instead of two.
    w = _yards(unit(1, 1, "builder"), unit(2, 1, "builder"))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], surveyed_planets=frozenset({"terra"}))},
                ore_stocks={(1, "sol"): 100})
    events, w = run(w, "expand.6",
                    order(1, "expand.6", "StartConstruction", unit_id=1, planet_id="terra",
                          design_id="starter-light-corvette", crash="double"),
                    order(1, "expand.6", "StartConstruction", unit_id=2, planet_id="terra",
                          design_id="starter-light-corvette", crash="low_quality"))
    assert [e["mu"] for e in of_type(events, "ConstructionStarted")] == [40, 20]
    events, w = run(w, "expand.8")
    assert len(of_type(events, "ConstructionCompleted")) == 2 and w.ore_at(1, "sol") == 80
    assert [w.units[u].low_quality for u in (101, 103)] == [False, True]
    # "A full refit brings the unit up to standard": its own design, at a yard.
    _, w = run(w, "expand.3", round_number=2)
    events, w = run(w, "expand.6", order(1, "expand.6", "RefitUnit", unit_id=103, yard_id=1,
                                         design_id="starter-light-corvette"), round_number=2)
    assert of_type(events, "RefitStarted")[0]["mu"] == 0
    _, w = run(w, "expand.8", round_number=2)
    assert not w.units[103].low_quality


def test_6_7_no_crash_building_while_the_module_is_off() -> None:
    w = with_units(world(), unit(1, 1, "builder"))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], surveyed_planets=frozenset({"terra"}))})
    events, _ = run(w, "expand.6", order(1, "expand.6", "StartConstruction", unit_id=1, planet_id="terra",
                                         design_id="starter-light-corvette", crash="double"))
    assert "module is off" in of_type(events, "OrderRejected")[0]["reason"]
    offer = next(o for o in legal_orders(w, 1, "expand.6") if o.kind == "StartConstruction")
    assert "crash" not in [f.name for f in offer.fields]
