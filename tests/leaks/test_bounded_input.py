"""No request stores more than it declares, and none too big or too deep to read is a server error: an order keeps
only its kind's fields and a civilization's orders in a step are counted, a new campaign keeps only declared
settings, a body nested thousands deep or an array where an object belongs is a 400 naming what is wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.api.parsers import MAX_DEPTH
from game.engine.orders.kinds import ORDERS_PER_STEP
from game.models import Campaign, Order
from tests.game.conftest import Table

pytestmark = pytest.mark.django_db
JUNK = "x" * 2_400_000  # 2.4 MB, as the probe sent


def declare(table: Table, key: str, **payload: Any) -> Any:
    body = {**table.pointer(), "kind": "Declare", "payload": {"text": "We hold.", **payload}, "idempotency_key": key}
    return table.client(table.players[0]).post(table.url("orders/"), body, format="json")


def test_orders_carrying_an_undeclared_field_are_refused_naming_it_and_the_gms_orders_stay_as_they_were(
    table: Table,
) -> None:
    table.move_to(1, "explore.7")
    assert declare(table, "kept-order-1").status_code == 201
    gm = table.client(table.gm)
    before = gm.get(table.url("orders/")).content
    for number in range(3):
        refused = declare(table, f"junk-order-{number}", notes=JUNK)
        assert refused.status_code == 400, refused.content[:300]
        assert refused.json()["field"] == "payload.notes"
        assert "notes" in refused.json()["error"] and len(refused.content) < 1_000
    assert gm.get(table.url("orders/")).content == before
    assert Order.objects.filter(campaign=table.campaign).count() == 1


def test_a_civilization_gives_at_most_the_cap_of_orders_in_a_step_and_the_next_is_refused_naming_it(
    table: Table,
) -> None:
    table.move_to(1, "explore.7")
    civ = table.civs[0]
    Order.objects.bulk_create(
        Order(campaign=table.campaign, civilization=civ, round=1, step_index=Campaign.objects.get(
            pk=table.campaign.pk).step_index, kind="Declare", payload={"text": "more"}, idempotency_key=f"cap-{n:05d}")
        for n in range(ORDERS_PER_STEP - 1))
    assert declare(table, "the-last-one").status_code == 201
    refused = declare(table, "one-too-many")
    assert refused.status_code == 409 and refused.json()["field"] == "kind"
    assert f"{ORDERS_PER_STEP:,}" in refused.json()["error"]
    assert Order.objects.filter(civilization=civ).count() == ORDERS_PER_STEP
    # Another civilization's orders are its own to count.
    other = {**table.pointer(), "kind": "Declare", "payload": {"text": "Us too."}, "idempotency_key": "other-civ-1"}
    assert table.client(table.players[1]).post(table.url("orders/"), other, format="json").status_code == 201


def test_a_new_campaign_with_an_undeclared_rule_option_is_refused_naming_it_and_not_created(table: Table) -> None:
    client = table.client(table.gm)
    before = Campaign.objects.count()
    body = {"name": "Stuffed", "rule_options": {"dice_mode": "server", "my_notes": "y" * 2 * 1024 * 1024}}
    refused = client.post("/api/campaigns/", body, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "rule_options.my_notes"
    assert Campaign.objects.count() == before
    made = client.post("/api/campaigns/", {"name": "Plain", "rule_options": {"dice_mode": "entered"}}, format="json")
    assert made.status_code == 201
    assert Campaign.objects.get(pk=made.json()["id"]).rule_options == {"dice_mode": "entered"}


def nested(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000])
def test_a_body_nested_too_deep_is_refused_with_a_400_naming_the_bound(table: Table, depth: int) -> None:
    client = table.client(table.players[0])
    body = '{"round": 1, "step": "explore.1", "kind": "Declare", "idempotency_key": "deep-body-1", "payload": ' \
        + nested(depth) + "}"
    refused = client.post(table.url("orders/"), body, content_type="application/json")
    assert refused.status_code == 400, refused.content[:300]
    assert str(MAX_DEPTH) in refused.json()["error"]
    assert not Order.objects.exists()


def test_a_body_as_deep_as_the_bound_is_read(table: Table) -> None:
    body = nested(MAX_DEPTH - 1)
    response = table.client(table.gm).post(table.url("designs/preview"), body, content_type="application/json")
    assert response.status_code == 400  # read, and refused for what it says: a design has no field "a"
    assert str(MAX_DEPTH) not in response.json()["error"]


@pytest.mark.parametrize("address", ["designs/", "designs/preview", "races/items/"])
def test_an_array_where_an_object_belongs_is_a_400(table: Table, address: str) -> None:
    response = table.client(table.gm).post(table.url(address), json.dumps([1, 2]), content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    assert "JSON object" in response.json()["error"]
