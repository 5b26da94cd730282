"""The order registry and the step table: a kind is declared once (its fields are its payload's shape and its
form), a step is bound to its function by an explicit table, and either mistake stops the import."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import (
    Choice,
    Field,
    Offer,
    OrderCommand,
    OrderKind,
    OrderKindError,
    OrderProblem,
    declare,
    legal_orders,
    order_kinds,
    registry,
    validate_order,
)
from game.engine.orders.checks import own_unit
from game.engine.phases import STEPS_BY_KEY, StepKind
from game.engine.step_input import StepInput
from game.engine.steps import STEP_FUNCTIONS, StepTableError, check_step_table, explore
from game.engine.steps.common import run_orders, to_civ
from game.engine.world import World
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world

WIDGETS = {"choice", "multichoice", "sequence", "integer", "text"}  # sequence: picks in order (waypoints)

# --- A toy order kind: one declaration and one step function, nothing else touched. ---------------------------


def _check_jettison(command: OrderCommand, w: World) -> None:
    ship = own_unit(command, w)
    if command.payload["ore"] > ship.ore:
        raise OrderProblem("payload.ore", f"{ship.name} carries only {ship.ore} Ore.")


def _offer_jettison(w: World, civ_id: int) -> list[Offer]:
    return [Offer({"unit_id": u.unit_id}, u.name, maxima={"ore": u.ore})
            for u in w.units.values() if u.civ_id == civ_id and u.ore > 0]


JETTISON = OrderKind(
    "Jettison", "Jettison Ore", "Dump Ore from a unit's hold into its Sector as Space Junk.",
    frozenset({"exploit.8"}),
    (Field("unit_id", "Unit", "unit"), Field("ore", "Ore to dump", "integer", minimum=1)),
    _check_jettison, _offer_jettison,
)


def _jettison(command: OrderCommand, w: World) -> list[Event]:
    ship = w.units[command.payload["unit_id"]]
    return [to_civ(command.civ_id, "SpaceJunkCreated", {"sector_id": ship.sector_id, "junk": command.payload["ore"]})]


def exploit_8_salvage_or_jettison(step_input: StepInput, dice: Dice) -> list[Event]:
    return run_orders(step_input, {"Jettison": _jettison})


@pytest.fixture
def jettison(monkeypatch: pytest.MonkeyPatch) -> OrderKind:
    monkeypatch.setitem(STEP_FUNCTIONS, "exploit.8", exploit_8_salvage_or_jettison)
    monkeypatch.setattr(registry, "_ORDER_KINDS", dict(registry._ORDER_KINDS))  # the toy kind goes with the test
    declare(JETTISON)
    return JETTISON


def test_a_new_order_kind_is_one_declaration_and_its_step_function(jettison: OrderKind) -> None:
    check_step_table({**STEP_FUNCTIONS})
    w = with_units(world(), unit(1, 1, "freighter", ore=30))

    offer = next(o for o in legal_orders(w, 1, "exploit.8") if o.kind == "Jettison")
    assert offer.as_dict() == {
        "kind": "Jettison", "label": "Jettison Ore", "title": "Jettison Ore: U1",
        "description": "Dump Ore from a unit's hold into its Sector as Space Junk.",
        "payload": {"unit_id": 1},
        "fields": [{"name": "ore", "label": "Ore to dump", "type": "integer", "required": True, "min": 1, "max": 30}],
    }
    with pytest.raises(OrderProblem) as shape:
        validate_order(order(1, "exploit.8", "Jettison", unit_id=1, ore=0), w)
    assert (shape.value.field, shape.value.message) == ("payload.ore", "give a whole number of at least 1.")
    with pytest.raises(OrderProblem) as too_much:
        validate_order(order(1, "exploit.8", "Jettison", unit_id=1, ore=31), w)
    assert too_much.value.message == "U1 carries only 30 Ore."

    events, after = run(w, "exploit.8", order(1, "exploit.8", "Jettison", unit_id=1, ore=12))
    assert of_type(events, "SpaceJunkCreated") == [{"sector_id": "0,0", "junk": 12}]
    assert after.sectors["0,0"].junk == 12


# --- The step table. ------------------------------------------------------------------------------------------


def test_a_misnamed_step_function_stops_the_import() -> None:
    with pytest.raises(StepTableError, match=r"explore\.7 is bound to explore_8_communications"):
        check_step_table({**STEP_FUNCTIONS, "explore.7": explore.explore_8_communications})


def test_a_step_left_without_its_function_stops_the_import() -> None:
    table = {key: function for key, function in STEP_FUNCTIONS.items() if key != "expand.5"}
    with pytest.raises(StepTableError, match=r"expand.5 \(orders\) has no step function"):
        check_step_table(table)


def test_a_function_bound_to_no_step_or_to_a_gm_ruling_stops_the_import(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(StepTableError, match=r"'explore\.99' is not a step of the round"):
        check_step_table({**STEP_FUNCTIONS, "explore.99": explore.explore_8_communications})
    # Every TODO step is filled by a module now: a GM ruling step is made up for the check.
    ruling = replace(STEPS_BY_KEY["exploit.2"], kind=StepKind.GM_RULING)
    monkeypatch.setitem(STEPS_BY_KEY, "exploit.2", ruling)
    with pytest.raises(StepTableError, match=r"exploit\.2 is a GM ruling step"):
        check_step_table({**STEP_FUNCTIONS, "exploit.2": explore.explore_8_communications})


# --- Declarations. --------------------------------------------------------------------------------------------


def test_a_kind_for_a_step_that_takes_no_orders_is_refused() -> None:
    with pytest.raises(OrderKindError, match=r"explore\.1, which is not a step that takes orders"):
        declare(replace(JETTISON, steps=frozenset({"explore.1"})))
    with pytest.raises(OrderKindError, match="declared twice"):
        declare(replace(JETTISON, name="PlotCourse"))
    assert "Jettison" not in order_kinds()


def test_a_field_chosen_among_things_of_the_world_needs_an_offer() -> None:
    with pytest.raises(OrderKindError, match="needs an offer finder"):
        declare(replace(JETTISON, offer=None))
    with pytest.raises(ValueError, match="unknown type 'sector_id'"):
        Field("sector_id", "Destination", "sector_id")


def test_every_declared_field_is_a_form_field_a_player_can_read() -> None:
    for kind in order_kinds().values():
        assert kind.label and kind.description and kind.steps, kind.name
        for declared in kind.fields:
            assert declared.widget in WIDGETS, (kind.name, declared.name)
            # Words a player reads, not identifiers ("sector_id", "poi", "rider_ids").
            assert declared.label[0].isupper() and "_" not in declared.label, (kind.name, declared.label)
            assert declared.label not in (declared.name, declared.type), (kind.name, declared.label)


# --- Validation: a refusal names the field and the reason. -----------------------------------------------------


def test_a_refused_order_names_the_field_and_the_reason() -> None:
    w = with_units(world(), unit(1, 1, "scout"))
    cases = [
        (order(1, "explore.14", "PlotCourse", unit_id=1), "payload.sector_id", "Destination is required."),
        (order(1, "explore.14", "PlotCourse", unit_id=1, sector_id="9,9"), "payload.sector_id",
         "there is no Sector 9,9."),
        (order(1, "explore.14", "Declare", text="x" * 4001), "payload.text", "keep it under 4,000 characters."),
        (order(1, "exterminate.3", "JoinOrEvade", unit_id=1, choice="flee"), "payload.choice",
         "choose Join the fight or Evade."),
        (order(1, "expand.1", "LoadCargo", unit_id=1, rider_ids=[1, "a"]), "payload.rider_ids",
         "give a list of unit numbers."),
        (order(1, "explore.14", "Salvage", unit_id=1), "kind", "Salvage cannot be ordered in Explore 14."),
    ]
    for command, field_name, message in cases:
        with pytest.raises(OrderProblem) as refused:
            validate_order(command, w)
        assert (refused.value.field, refused.value.message) == (field_name, message)


def test_an_optional_field_may_be_left_out_and_an_optional_choice_may_be_none() -> None:
    w = with_units(world(), unit(1, 1, "scout"), unit(2, 1, "blind-hauler"))
    validate_order(order(1, "explore.14", "PlotCourse", unit_id=1, sector_id="1,0", poi_id=None), w)
    validate_order(order(1, "explore.14", "PlotCourse", unit_id=1, sector_id="1,0"), w)
    validate_order(order(1, "expand.1", "UnloadCargo", unit_id=2), w)
    # An amount or a list is left out, not null: the step functions read a left-out amount as none.
    nulls = (("ore", "give a whole number of at least 0."), ("rider_ids", "give a list of unit numbers."))
    for field_name, message in nulls:
        with pytest.raises(OrderProblem) as refused:
            validate_order(order(1, "expand.1", "UnloadCargo", unit_id=2, **{field_name: None}), w)
        assert (refused.value.field, refused.value.message) == (f"payload.{field_name}", message)


# --- Offers: the form, with choices by name and ranges from the world. ------------------------------------------


def test_offers_name_their_choices_and_give_the_form_in_the_api_shape() -> None:
    w = with_units(world(), unit(1, 1, "scout"))
    (course,) = [o.as_dict() for o in legal_orders(w, 1, "explore.14") if o.kind == "PlotCourse"]
    assert set(course) == {"kind", "label", "title", "description", "payload", "fields"}
    assert course["payload"] == {"unit_id": 1}
    assert course["title"] == "Plot a course: U1 (Scout)"
    sector, poi = course["fields"]
    assert (sector["name"], sector["label"], sector["type"], sector["required"]) == (
        "sector_id", "Destination", "choice", True)
    assert {"value": "0,0", "label": "Sector 0,0 — Sol"} in sector["choices"]
    assert {"value": "3,0", "label": "Sector 3,0"} in sector["choices"]  # Far Star is not on Sol's charts
    assert (poi["name"], poi["required"], poi["choices"]) == (
        "poi_id", False, [{"value": "sol", "label": "Sol (Sector 0,0)"}])


def test_units_with_the_same_destinations_share_one_offer_listing_the_sectors_once() -> None:
    w = with_units(world(), unit(1, 1, "scout"), unit(2, 1, "warship"), unit(3, 1, "colony-ship"))
    offers = [o for o in legal_orders(w, 1, "explore.14") if o.kind == "PlotCourse"]
    ftl, local = offers
    assert ftl.payload == {} and ftl.title == "Plot a course: units with an FTL drive"
    assert ftl.form_field("unit_id").choices == (Choice(1, "U1 (Scout)"), Choice(2, "U2 (Warship)"))
    assert len(ftl.form_field("sector_id").choices) == len(w.sectors)
    # A unit without an FTL drive moves between the Points of Interest of its own Sector only.
    assert local.payload == {"unit_id": 3}
    assert [c.value for c in local.form_field("sector_id").choices] == ["0,0"]


def test_amounts_are_bounded_by_what_the_hold_carries_and_the_treasury_holds() -> None:
    w = with_units(world(), unit(1, 1, "freighter", ore=30), unit(2, 2, "freighter"))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], detected_units=frozenset({2}))})
    (gift,) = legal_orders(w, 1, "explore.11")[1:]
    assert gift.form_field("to_unit_id").choices == (Choice(2, "U2 (Freighter, Vega)"),)
    assert (gift.form_field("ore").maximum, gift.form_field("mu").maximum) == (30, 1_000)

    w = replace(with_units(world(), unit(1, 1, "blind-hauler"), unit(2, 1, "marine")), ore_stocks={(1, "sol"): 500})
    (load,) = [o for o in legal_orders(w, 1, "expand.1") if o.kind == "LoadCargo"]
    assert load.form_field("ore").maximum == 100  # the hold's room, though 500 are stocked
    assert load.form_field("rider_ids").as_dict() == {
        "name": "rider_ids", "label": "Units to carry", "type": "multichoice", "required": False,
        "choices": [{"value": 2, "label": "U2 (Marine)"}]}


def test_a_message_and_a_declaration_are_written_in_a_text_field() -> None:
    w = with_units(world(), unit(1, 1, "scout"), unit(2, 2, "scout", "1,0", "vega"))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], detected_units=frozenset({2}))})
    declare_offer, message = legal_orders(w, 1, "explore.8")
    assert [f.as_dict() for f in declare_offer.fields] == [
        {"name": "text", "label": "What your civilization does", "type": "text", "required": True,
         "max_length": 4000}]
    assert [f.name for f in message.fields] == ["to_civ_id", "text", "attachment"]
    assert message.form_field("to_civ_id").choices == (Choice(2, "Vega"),)


def test_the_scenario_format_takes_each_kind_with_its_declared_fields() -> None:
    schema = json.loads((Path(__file__).resolve().parents[2] / "docs" / "scenario.schema.json").read_text())
    payloads = {rule["if"]["properties"]["kind"]["const"]: rule["then"]["properties"].get("payload", {})
                for rule in schema["$defs"]["order"]["allOf"]}
    for name, kind in order_kinds().items():
        payload = payloads[name]
        assert set(payload.get("properties", {})) == {f.name for f in kind.fields}, name
        assert set(payload.get("required", [])) == {f.name for f in kind.fields if f.required}, name
