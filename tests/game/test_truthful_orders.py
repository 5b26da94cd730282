"""Orders that tell the truth (issue 36): what a player is offered and what is accepted take their own orders
already given in the step into account, so an order is not answered "Order accepted" and then refused when the step
resolves for a reason known when it was given."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.game.conftest import Table, scenario_table

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
