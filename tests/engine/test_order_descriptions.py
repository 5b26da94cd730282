"""An order in words: each kind's declaration describes an order in one line, its fields by their labels and the
things it names as the viewer knows them; and the course rule gives the rounds a course takes."""

from __future__ import annotations

from game.engine.names import WorldNames
from game.engine.orders import order_kinds
from game.engine.world import course_cost, course_rounds
from tests.engine.round_fixtures import unit, with_units, world

W = with_units(world(), unit(1, 1, "freighter", name="Providence"), unit(2, 2, "scout", name="Glint"),
               unit(3, 1, "marine", name="Squad"))


def describe(kind: str, viewer: int | None, **payload: object) -> str:
    names = WorldNames(W, viewer, is_gm=viewer is None)
    return order_kinds()[kind].describe(payload, names)


def test_an_order_reads_as_its_label_and_each_field_given_by_its_label() -> None:
    assert describe("Gift", 1, unit_id=1, to_unit_id=2, ore=1500, mu=0) == (
        "Give a gift · From: Providence · To: a unit · Ore: 1,500 · Monetary Units: 0")
    assert describe("LoadCargo", 1, unit_id=1, rider_ids=[3]) == (
        "Load cargo · Cargo ship: Providence · Units to carry: Squad")
    assert describe("JoinOrEvade", 1, unit_id=1, choice="evade") == (
        "Join the fight or evade · Unit: Providence · What it does: Evade")


def test_the_gm_reads_every_name_and_a_player_only_what_their_map_shows() -> None:
    assert describe("Gift", None, unit_id=1, to_unit_id=2, mu=10) == (
        "Give a gift · From: Sol's Providence · To: Vega's Glint · Monetary Units: 10")
    assert describe("PlotCourse", 1, unit_id=1, sector_id="1,0", poi_id="rift") == (
        "Plot a course · Unit: Providence · Destination: Sector 1,0 · Point of interest: an uncharted place")


def test_a_message_is_quoted_on_one_line_and_shortened() -> None:
    text = "Hail,\nneighbours. " + "x" * 200
    line = describe("SendMessage", 1, to_civ_id=2, text=text)
    assert line.startswith("Send a message · To: Vega · Message: “Hail, neighbours. xxx")
    assert line.endswith("…”") and "\n" not in line


def test_a_course_takes_the_rounds_its_move_rate_covers() -> None:
    freighter = W.units[1]  # Move Rate 8: spent at each round's Explore 1, arriving once none is left
    assert course_rounds(W, freighter, 8) == 1 and course_rounds(W, freighter, 9) == 2
    assert course_rounds(W, freighter, course_cost(W, freighter, "0,0", "relay") or 0) == 1  # within the Sector
