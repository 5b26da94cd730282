"""Orders that tell the truth (issue 36): what a player is offered and what is accepted take their own orders
already given in the step into account, so an order is not answered "Order accepted" and then refused when the step
resolves for a reason known when it was given."""

from __future__ import annotations

import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game import state_io
from game.models import Campaign
from tests.game.conftest import Table, scenario_table
from tests.worlds import put_world

pytestmark = pytest.mark.django_db
YARDS = Path(__file__).resolve().parent / "yards.yaml"
DOCK_A = 2  # Sol's builder (a yard) at Sol, beside Terra, a Suitable Site
BATTERED = 1  # Sol's damaged Light Corvette at Sol


@pytest.fixture
def docks(db: None) -> Table:
    table = scenario_table("truth", YARDS, players=2)
    table.move_to(1, "expand.6")
    return table


def give(table: Table, kind: str, payload: dict[str, Any]) -> Any:
    return table.client(table.players[0]).post(
        table.url("orders/"),
        {**table.pointer(), "kind": kind, "payload": payload, "idempotency_key": uuid.uuid4().hex}, format="json")


def units_offered(table: Table) -> set[int]:
    """Every unit an offer of the player's names, fixed in its payload or among its fields' choices."""
    offers = table.client(table.players[0]).get(table.url("legal-orders/")).json()
    lists = {f["choices_id"]: f["choices"] for o in offers for f in o["fields"] if "choices_id" in f}
    units = set()
    for offer in offers:
        units |= {v for k, v in offer["payload"].items() if k in ("unit_id", "yard_id")}
        for field in offer["fields"]:
            if field["name"] in ("unit_id", "yard_id"):
                units |= {c["value"] for c in field.get("choices") or lists[field["choices_ref"]]}
    return units


def test_a_builder_set_to_work_is_not_offered_again_and_a_second_order_for_it_is_refused_naming_the_first(
        docks: Table) -> None:
    assert DOCK_A in units_offered(docks)
    build = give(docks, "StartConstruction",
                 {"unit_id": DOCK_A, "planet_id": "terra", "design_id": "starter-light-corvette"})
    assert build.status_code == 201, build.json()
    assert DOCK_A not in units_offered(docks)
    repair = give(docks, "RepairUnit", {"unit_id": BATTERED, "yard_id": DOCK_A})
    assert repair.status_code == 400, repair.json()
    body = repair.json()
    assert "Dock A" in body["error"] and "Start construction" in body["error"], body
    assert "withdraw that order" in body["error"]
    # Withdrawn, the builder is free again: offered, and the repair accepted.
    assert docks.client(docks.players[0]).delete(docks.url(f"orders/{build.json()['id']}/")).status_code == 204
    assert DOCK_A in units_offered(docks)
    assert give(docks, "RepairUnit", {"unit_id": BATTERED, "yard_id": DOCK_A}).status_code == 201


FLEETS = Path(__file__).resolve().parent / "fleets.yaml"


@pytest.fixture
def fleets(db: None) -> Table:
    table = scenario_table("truthfleets", FLEETS, players=2)
    table.move_to(1, "explore.14")
    return table


def offer_of(table: Table, kind: str) -> dict[str, Any]:
    offers: list[dict[str, Any]] = table.client(table.players[0]).get(table.url("legal-orders/")).json()
    (offer,) = [o for o in offers if o["kind"] == kind]
    return offer


def choice_values(offer: dict[str, Any], name: str) -> list[Any] | None:
    """The values the offer's form lets the player choose for a field; None when the form has no such field."""
    field = next((f for f in offer["fields"] if f["name"] == name), None)
    return None if field is None else [c["value"] for c in field["choices"]]


def test_a_fleet_is_offered_intercept_and_follow_only_with_a_target_to_choose_and_the_form_lists_it(
        fleets: Table) -> None:
    """Sol's Home Guard sees nothing and Sol has no other fleet: it may only hold. Once Vega's Corsair is seen, it
    may intercept or follow it, chosen in the form's Target unit field, and the order is taken."""
    standing = offer_of(fleets, "FleetStandingOrder")
    assert choice_values(standing, "standing") == ["hold"]
    world = state_io.load_world(Campaign.objects.get(pk=fleets.campaign.pk))
    sol = fleets.civs[0].pk
    put_world(fleets.campaign.pk, replace(world, civs={**world.civs, sol: replace(world.civs[sol],
                                                                                  detected_units=frozenset({9}))}))
    standing = offer_of(fleets, "FleetStandingOrder")
    assert choice_values(standing, "standing") == ["hold", "intercept", "follow"]
    assert choice_values(standing, "unit_id") == [9]
    given = give(fleets, "FleetStandingOrder", {**standing["payload"], "standing": "intercept", "unit_id": 9})
    assert given.status_code == 201, given.json()


def test_a_course_to_a_point_of_interest_of_another_sector_is_refused_naming_it_not_by_its_id(fleets: Table) -> None:
    course = give(fleets, "PlotCourse", {"unit_id": 2, "sector_id": "1,0", "poi_id": "sol"})
    assert course.status_code == 400
    assert course.json() == {"error": "Sol is not in Sector 1,0: choose a Point of Interest there, or none.",
                             "field": "payload.poi_id"}
    uncharted = give(fleets, "PlotCourse", {"unit_id": 2, "sector_id": "3,0", "poi_id": "vega"})
    assert uncharted.json()["error"] == "that Point of Interest is not on your Star Charts."
