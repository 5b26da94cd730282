"""The world's JSON, fog of war, legal orders, and the rule that state changes only by applying events."""

from __future__ import annotations

import json
from dataclasses import replace

from game.engine.apply import apply_events, units_changed
from game.engine.events import Event, Visibility
from game.engine.orders import legal_orders
from game.engine.visibility import civ_view, event_visible_to
from game.engine.world import Colony, Mine, SkirmishState, UnitState, world_from_dict, world_to_dict
from tests.engine.round_fixtures import DESIGNS, run, unit, with_units, world


def test_world_round_trips_through_json() -> None:
    w = with_units(world(), unit(1, 1, "freighter", ore=7, state=UnitState.ENGAGED, task="cargo"),
                   unit(2, 1, "marine", carried_by=1))
    w = replace(w, colonies={3: Colony(3, 1, "terra", 4, 3, True)}, mines={4: Mine(4, 1, "terra")},
                ore_stocks={(1, "sol"): 9}, skirmishes={"s": SkirmishState("s", "0,0", 1, 2, unit_ids=(1,))},
                wars=frozenset({(1, 2)}))
    data = json.loads(json.dumps(world_to_dict(w)))
    assert world_from_dict(data) == w
    assert {d["design_id"] for d in data["designs"]} == set(DESIGNS)


def test_civ_view_shows_own_units_fully_and_others_only_when_detected() -> None:
    w = with_units(world(), unit(1, 1, "scout", ore=3), unit(2, 2, "warship", "1,0", "vega"),
                   unit(3, 2, "warship", "3,0", "far"))
    w = run(w, "explore.5")[1]
    view = civ_view(w, 1)
    assert [u["unit_id"] for u in view["units"]] == [1] and view["units"][0]["ore"] == 3
    assert [u["unit_id"] for u in view["other_units"]] == [2]
    assert "hp" not in view["other_units"][0]
    assert [p["planet_id"] for p in view["planets"] if "ore_deposit" in p] == []  # nothing surveyed yet


def test_event_visible_to_follows_visibility_and_seen_by() -> None:
    assert event_visible_to(Event("StepResolved", {}, Visibility.PUBLIC), 3)
    assert event_visible_to(Event("UnitMoved", {}, Visibility.CIV, 1), 1)
    assert not event_visible_to(Event("UnitMoved", {}, Visibility.CIV, 1), 2)
    assert event_visible_to(Event("SkirmishOpened", {"seen_by": [1, 2]}), 2)
    assert not event_visible_to(Event("SkirmishOpened", {"seen_by": [1, 2]}), 3)


def test_legal_orders_always_include_a_declaration_in_an_orders_step() -> None:
    offers = legal_orders(world(), 1, "expand.5")
    assert [o.kind for o in offers] == ["Declare"]
    w = replace(with_units(world(), unit(1, 1, "colony-ship")),
                civs={**world().civs, 1: replace(world().civs[1], surveyed_planets=frozenset({"terra", "mars"}))})
    colonize = [o for o in legal_orders(w, 1, "expand.5") if o.kind == "Colonize"]
    assert colonize[0].payload == {"unit_id": 1}
    assert [(f.name, [c.value for c in f.choices]) for f in colonize[0].fields] == [("planet_id", ["terra"])]


def test_applying_events_notes_which_units_they_set_or_deleted() -> None:
    """What stores a step's unit rows reads only these ids; a unit left out here would keep a stale row."""
    before = with_units(world(), unit(1, 1, "scout"), unit(2, 1, "warship"), unit(3, 2, "warship", "1,0", "vega"))
    after = apply_events(before, [Event("UnitMoved", {"unit_id": 1, "eta_left": 2}),
                                  Event("UnitWrecked", {"unit_id": 3, "sector_id": "1,0", "junk": 1})])
    assert units_changed(before, after) == frozenset({1, 3})
    junk_only = apply_events(after, [Event("SpaceJunkCreated", {"sector_id": "0,0", "junk": 1})])
    assert units_changed(after, junk_only) == frozenset()
    # Not made from that world by events (a copy, another world): unknown, so the store compares every unit.
    assert units_changed(before, replace(after)) is None
    assert units_changed(world(), after) is None
