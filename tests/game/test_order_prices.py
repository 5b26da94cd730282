"""The price a player reads on an order's form is the price the step charges (issue 36): for every priced order
kind, the form's quote (order-price/, what player.js shows) equals what the treasury loses when the step carries
the order out, read through the API on PostgreSQL. The order is one the legal-orders read offers, as the page would
fill it in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.game.conftest import Table, scenario_table

pytestmark = pytest.mark.django_db
SCENARIO = Path(__file__).resolve().parent / "prices.yaml"

# (kind, step, payload): one order of each priced kind that succeeds in the scenario.
PRICED_ORDERS: list[tuple[str, str, dict[str, Any]]] = [
    ("StartConstruction", "expand.6", {"unit_id": 1, "planet_id": "terra", "design_id": "starter-light-corvette"}),
    ("StartConstruction", "expand.6", {"unit_id": 1, "planet_id": "terra", "design_id": "starter-light-corvette",
                                       "crash": "double"}),
    ("BuildMine", "expand.6", {"unit_id": 1, "planet_id": "terra", "stations": 3}),
    ("Colonize", "expand.5", {"unit_id": 2, "planet_id": "luna"}),
    ("StartTerraforming", "expand.7", {"unit_id": 3, "planet_id": "mars"}),
    ("RepairUnit", "expand.6", {"unit_id": 4, "yard_id": 1}),
    ("RefitUnit", "expand.6", {"unit_id": 5, "yard_id": 1, "design_id": "gunboat"}),
    ("RaiseGroundForces", "expand.6", {"colony_id": 20, "kind": "marines", "count": 3}),
    ("RecruitAgent", "explore.12", {"colony_id": 20, "role": "spy", "name": "Wren"}),
    ("TrainAgent", "explore.12", {"unit_id": 6, "attribute": "perception", "pips": 2}),
    ("Mission", "explore.12", {"unit_id": 6, "mission": "probe", "colony_id": 22, "extra_rolls": 2}),
    ("StartResearch", "explore.13", {"tech": "hull_corvette", "poi_id": "sol", "mu_per_round": 50}),
    ("FundResearch", "explore.13", {"project_id": 50, "mu_per_round": 40}),
    ("SocialEngineering", "exploit.1", {"choice": "free_market"}),
    ("CouncilBid", "exploit.1", {"mu": 25}),
    ("Gift", "explore.11", {"unit_id": 6, "to_unit_id": 7, "mu": 30}),
]


def _offered(table: Table, kind: str, payload: dict[str, Any]) -> None:
    """The order is one the player's form offers: an offer of the kind whose fixed payload and choices take it."""
    legal = table.client(table.players[0]).get(table.url("legal-orders/")).json()
    shared = {f["choices_id"]: f["choices"] for o in legal for f in o["fields"] if "choices_id" in f}

    def takes(offer: dict[str, Any]) -> bool:
        if any(payload.get(k) != v for k, v in offer["payload"].items()):
            return False
        for field in offer["fields"]:
            choices = field.get("choices") or shared.get(field.get("choices_ref", ""))
            if (field["name"] in payload and choices is not None and field["type"] == "choice"
                    and payload[field["name"]] not in [c["value"] for c in choices]):
                return False
        return True

    assert any(takes(o) for o in legal if o["kind"] == kind), f"{kind} {payload} is not offered"


def _treasury(table: Table) -> int:
    return int(table.client(table.players[0]).get(table.url("view/")).json()["view"]["civ"]["mu"])


@pytest.mark.parametrize(("kind", "step", "payload"), PRICED_ORDERS,
                         ids=[f"{k}-{p.get('crash', '')}".rstrip("-") for k, _, p in PRICED_ORDERS])
def test_the_price_shown_on_the_form_is_the_price_the_step_charges(
        db: None, kind: str, step: str, payload: dict[str, Any]) -> None:
    table = scenario_table("prices", SCENARIO, players=2)
    table.move_to(1, step)
    _offered(table, kind, payload)
    player = table.client(table.players[0])
    quote = player.post(table.url("order-price/"), {"kind": kind, "payload": payload}, format="json")
    assert quote.status_code == 200, quote.json()
    shown = quote.json()["cost"]
    before = _treasury(table)
    given = player.post(table.url("orders/"), {**table.pointer(), "kind": kind, "payload": payload,
                                               "idempotency_key": f"price-{kind}"}, format="json")
    assert given.status_code == 201, given.json()
    table.resolve_step()
    events = player.get(table.url("events/")).json()
    refused = [e for e in (events.get("events", events) if isinstance(events, dict) else events)
               if e.get("type") == "OrderRejected"]
    assert not refused, refused
    assert before - _treasury(table) == shown.get("mu", 0), (shown, before)
    if shown.get("mu_each_round"):
        # Research: the MU a round is paid at the project's roll, Explore 3 of the next round.
        before = _treasury(table)
        table.move_to(2, "explore.3")
        table.resolve_step()
        assert before - _treasury(table) == shown["mu_each_round"]


def test_an_order_priced_before_the_world_exists_is_refused_in_words_and_an_outsider_cannot_price_one(
        table: Table) -> None:
    order = {"kind": "Declare", "payload": {"text": "We build."}}
    early = table.client(table.players[0]).post(table.url("order-price/"), order, format="json")
    assert early.status_code == 400 and "has started" in str(early.json()), early.json()
    assert table.client(table.gm).post(table.url("order-price/"), order, format="json").status_code == 403
