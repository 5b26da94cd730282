"""The round engine runs inside the step pipeline: structured orders are checked against the stored world, the
resolution applies its events to it, and what a civilization witnessed reaches only that civilization."""

from __future__ import annotations

import pytest

from game import ledger, services, state_io
from game.engine.world import Civilization as WorldCiv
from game.engine.world import UnitState
from game.models import Campaign
from tests.engine.round_fixtures import unit, with_units, world
from tests.game.conftest import Table
from tests.worlds import put_world

pytestmark = pytest.mark.django_db


def load_world(table: Table, step_index: int) -> None:
    sol, vega = (civ.pk for civ in table.civs[:2])
    w = world(civs={sol: WorldCiv(sol, "Sol", mu=1_000, known_pois=frozenset({"sol"})),
                    vega: WorldCiv(vega, "Vega", mu=500, known_pois=frozenset({"vega"}))})
    w = with_units(w, unit(1, sol, "scout"), unit(2, vega, "warship", "1,0", "vega"))
    put_world(table.campaign.pk, w, step_index=step_index)


def test_explore_14_plot_course_order_puts_the_unit_en_route(table: Table) -> None:
    load_world(table, step_index=13)
    client = table.client(table.players[0])
    body = {**table.pointer(), "kind": "PlotCourse", "payload": {"unit_id": 1, "sector_id": "1,0"},
            "idempotency_key": "plot-course-0001"}
    assert client.post(table.url("orders/"), body, format="json").status_code == 201
    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="explore.14")
    assert services.step_resolve(table.campaign.pk, 1, 13)
    scout = state_io.load_world(Campaign.objects.get(pk=table.campaign.pk)).units[1]
    assert (scout.state, scout.destination_sector) == (UnitState.EN_ROUTE, "1,0")
    assert scout.eta_left > 0


def test_an_illegal_structured_order_is_refused_with_the_rules_reason(table: Table) -> None:
    load_world(table, step_index=13)
    body = {**table.pointer(), "kind": "PlotCourse", "payload": {"unit_id": 2, "sector_id": "0,0"},
            "idempotency_key": "plot-course-0002"}
    response = table.client(table.players[0]).post(table.url("orders/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["field"].startswith("payload")


def test_gm_event_seen_by_a_civilization_reaches_it_and_no_other(table: Table) -> None:
    from django.db import transaction

    from game.engine.events import Event as EngineEvent
    from game.engine.events import Visibility

    witness = table.civs[0]
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=table.campaign.pk)
        ledger.append_events(campaign, [EngineEvent("SkirmishDeclared", {
            "skirmish_id": f"1:0,0:{witness.pk}:{table.civs[2].pk}", "sector_id": "0,0", "attacker_civ": witness.pk,
            "defender_civ": table.civs[2].pk, "seen_by": [witness.pk]},
                                                    Visibility.GM)])
    seen = table.client(table.players[0]).get(table.url("events/")).json()["events"]
    unseen = table.client(table.players[1]).get(table.url("events/")).json()["events"]
    assert any(e["type"] == "SkirmishDeclared" for e in seen)
    assert not any(e["type"] == "SkirmishDeclared" for e in unseen)


def test_player_is_offered_only_the_orders_the_rules_allow_now(table: Table) -> None:
    load_world(table, step_index=13)
    offered = table.client(table.players[0]).get(table.url("legal-orders/")).json()
    plot = [o for o in offered if o["kind"] == "PlotCourse"]
    assert [o["payload"]["unit_id"] for o in plot] == [1]  # the scout is Sol's only unit
    destination = next(f for f in plot[0]["fields"] if f["name"] == "sector_id")
    assert "1,0" in [c["value"] for c in destination["choices"]]
    assert "scout" in plot[0]["title"].lower() or "U1" in plot[0]["title"]
    assert table.client(table.players[1]).get(table.url("legal-orders/")).json() != offered
    assert table.client(table.gm).get(table.url("legal-orders/")).json() == []


def test_an_order_can_be_withdrawn_until_the_step_closes(table: Table) -> None:
    load_world(table, step_index=13)
    client = table.client(table.players[0])
    body = {**table.pointer(), "kind": "Declare", "payload": {"text": "Hold position"},
            "idempotency_key": "withdraw-me-0001"}
    order_id = client.post(table.url("orders/"), body, format="json").json()["id"]
    other = table.client(table.players[1]).delete(table.url(f"orders/{order_id}/"))
    assert other.status_code == 404
    assert client.delete(table.url(f"orders/{order_id}/")).status_code == 204
    again = client.post(table.url("orders/"), {**body, "idempotency_key": "withdraw-me-0002"}, format="json")
    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="explore.14")
    late = client.delete(table.url(f"orders/{again.json()['id']}/"))
    assert late.status_code == 409
