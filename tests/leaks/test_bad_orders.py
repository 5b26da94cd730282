"""Malformed orders get a clear 400 naming the field, never a server error, and nothing is stored: every order
kind, in a step that takes it, with every payload field of the wrong type or out of range, against an empty
world and against one where the civilization has units."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.orders import order_kinds
from game.engine.phases import ALL_STEPS
from game.engine.world import Civilization as WorldCiv
from game.models import Campaign, Order
from tests.engine.round_fixtures import unit, with_units, world
from tests.game.conftest import Table
from tests.worlds import put_world

pytestmark = pytest.mark.django_db
FIELDS = ("unit_id", "to_unit_id", "target_civ_id", "to_civ_id", "sector_id", "planet_id", "design_id",
          "colony_id", "choice", "text", "ore", "mu", "rider_ids")
BAD_VALUES: tuple[Any, ...] = ("x", "", -1, 10**30, 1.5, True, None, [1, "a"], {"nested": [None]}, "\u00e9" * 5000)


def load_world(table: Table) -> None:
    sol, vega = (civ.pk for civ in table.civs[:2])
    w = world(civs={sol: WorldCiv(sol, "Sol", mu=1_000, known_pois=frozenset({"sol"})),
                    vega: WorldCiv(vega, "Vega", mu=500, known_pois=frozenset({"vega"}))})
    w = with_units(w, unit(1, sol, "freighter"), unit(2, vega, "warship", "1,0", "vega"))
    put_world(table.campaign.pk, w)


@pytest.mark.parametrize("with_world", [False, True], ids=["empty world", "world with units"])
def test_orders_of_every_kind_with_wrong_types_are_refused_naming_the_field(table: Table, with_world: bool) -> None:
    if with_world:
        load_world(table)
    client = table.client(table.players[0])
    attempt = 0
    accepted: list[tuple[str, Any]] = []
    for kind in sorted(order_kinds().values(), key=lambda k: k.name):
        step_index = min(i for i, s in enumerate(ALL_STEPS) if s.key in kind.steps)
        Campaign.objects.filter(pk=table.campaign.pk).update(step_index=step_index)
        for bad in BAD_VALUES:
            attempt += 1
            # Only the kind's own fields: one it does not declare is refused before its type is looked at.
            payload = dict.fromkeys((f.name for f in kind.fields if f.name in FIELDS), bad)
            body = {**table.pointer(), "kind": kind.name, "payload": payload,
                    "idempotency_key": f"bad-order-{attempt:06d}"}
            response = client.post(table.url("orders/"), body, format="json")
            # A free-text Declare takes any string: "x" is a fine declaration. Anything else is refused.
            assert response.status_code in {201, 400}, (kind.name, bad, response.status_code, response.content[:300])
            if response.status_code == 400:
                assert response.json()["field"], (kind.name, bad, response.json())
            else:
                accepted.append((kind.name, bad))
    assert all(kind == "Declare" and isinstance(bad, str) and bad for kind, bad in accepted), accepted
    assert Order.objects.filter(campaign=table.campaign).count() == len(accepted)


def test_order_envelope_of_wrong_types_is_refused_naming_the_field(table: Table) -> None:
    client = table.client(table.players[0])
    good = {**table.pointer(), "kind": "Declare", "payload": {"text": "x"}, "idempotency_key": "envelope-0001"}
    for field, bad in [("round", "one"), ("round", 0), ("step", "explore.99"), ("step", 7), ("kind", ["Declare"]),
                       ("payload", "text"), ("payload", [1]), ("idempotency_key", "short"), ("idempotency_key", None)]:
        response = client.post(table.url("orders/"), {**good, field: bad}, format="json")
        assert response.status_code == 400, (field, bad, response.content[:300])
        assert response.json()["field"] == field
    assert not Order.objects.filter(campaign=table.campaign).exists()
