"""Roles are enforced on the REST API, on PostgreSQL; a refused request changes nothing."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection

from game.models import Campaign, Event, Order
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db


def test_suite_runs_on_postgresql() -> None:
    assert connection.vendor == "postgresql"


def order_body(table: Table, text: str = "Scout the nearest star", key: str | None = None) -> dict[str, object]:
    # Orders are legal in steps that take them; move the demo campaign to Explore 7 (the first such step).
    return {**table.pointer(), "kind": "Declare", "payload": {"text": text},
            "idempotency_key": key or uuid.uuid4().hex}


def move_to_orders_step(table: Table) -> None:
    Campaign.objects.filter(pk=table.campaign.pk).update(step_index=6)


def test_player_cannot_advance(table: Table) -> None:
    before = table.pointer()
    response = table.client(table.players[0]).post(table.url("advance/"), before, format="json")
    assert response.status_code == 403
    assert "Game Master" in response.json()["error"]
    assert table.pointer() == before


def test_gm_advance_closes_the_step_and_queues_its_resolution(table: Table) -> None:
    response = table.client(table.gm).post(table.url("advance/"), table.pointer(), format="json")
    assert response.status_code == 202
    assert response.json()["status"] == "resolving"
    assert Event.objects.filter(campaign=table.campaign, type="StepClosed").exists()


def test_spectator_cannot_submit_orders(db: None) -> None:
    table = make_table("public", public=True)
    move_to_orders_step(table)
    response = table.client(None).post(table.url("orders/"), order_body(table), format="json")
    assert response.status_code == 403
    assert not Order.objects.exists()


def test_gm_cannot_submit_orders_for_a_civilization(table: Table) -> None:
    move_to_orders_step(table)
    response = table.client(table.gm).post(table.url("orders/"), order_body(table), format="json")
    assert response.status_code == 403


def test_stranger_sees_nothing_of_a_private_campaign(table: Table, stranger: object) -> None:
    for client in (table.client(stranger), table.client(None)):  # type: ignore[arg-type]
        for path in ("", "events/", "orders/"):
            response = client.get(table.url(path))
            assert response.status_code == 404
            assert table.campaign.name not in response.content.decode()
        listed = client.get("/api/campaigns/").json()
        assert all(c["id"] != table.campaign.pk for c in listed)


def test_player_of_one_campaign_sees_nothing_of_another(table: Table, other_table: Table) -> None:
    client = table.client(table.players[0])
    assert client.get(other_table.url()).status_code == 404
    assert client.get(other_table.url("events/")).status_code == 404
    listed = {c["id"] for c in client.get("/api/campaigns/").json()}
    assert listed == {table.campaign.pk}


def test_public_campaign_can_be_followed_without_an_account(db: None) -> None:
    table = make_table("open", public=True)
    response = table.client(None).get(table.url())
    assert response.status_code == 200
    assert response.json()["viewer"]["role"] == "spectator"
    assert "invite_token" not in response.json()


def test_player_sees_own_events_not_other_civilizations(table: Table) -> None:
    move_to_orders_step(table)
    for player in table.players[:2]:
        assert table.client(player).post(table.url("orders/"), order_body(table), format="json").status_code == 201
    mine = table.client(table.players[0]).get(table.url("events/")).json()["events"]
    accepted = [e for e in mine if e["type"] == "OrderAccepted"]
    assert [e["civ_id"] for e in accepted] == [table.civs[0].pk]
    spectator_view = make_table("pub", public=True)
    public = spectator_view.client(None).get(spectator_view.url("events/")).json()["events"]
    assert all(e["visibility"] == "public" for e in public)


def test_gm_dashboard_shows_which_players_gave_orders(table: Table) -> None:
    move_to_orders_step(table)
    table.client(table.players[1]).post(table.url("orders/"), order_body(table), format="json")
    table.client(table.players[1]).post(table.url("ready/"), table.pointer(), format="json")
    civs = {c["id"]: c for c in table.client(table.gm).get(table.url()).json()["civilizations"]}
    assert civs[table.civs[1].pk]["orders"] == 1 and civs[table.civs[1].pk]["ready"] is True
    assert civs[table.civs[0].pk]["orders"] == 0 and civs[table.civs[0].pk]["ready"] is False
    # Another player does not learn who is ready.
    seen_by_p1 = {c["id"]: c for c in table.client(table.players[0]).get(table.url()).json()["civilizations"]}
    assert "ready" not in seen_by_p1[table.civs[1].pk]


def test_same_idempotency_key_stores_the_order_once(table: Table) -> None:
    move_to_orders_step(table)
    body = order_body(table, key="key-0001-abcdef")
    client = table.client(table.players[0])
    first = client.post(table.url("orders/"), body, format="json")
    again = client.post(table.url("orders/"), body, format="json")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    assert Order.objects.count() == 1


def test_order_in_a_step_without_orders_is_refused_with_the_reason(table: Table) -> None:
    response = table.client(table.players[0]).post(table.url("orders/"), order_body(table), format="json")
    assert response.status_code == 400
    assert "cannot be ordered in Explore 1" in response.json()["error"]
    assert not Order.objects.exists()


def test_order_after_the_step_closed_is_refused(table: Table) -> None:
    move_to_orders_step(table)
    table.client(table.gm).post(table.url("advance/"), table.pointer(), format="json")
    response = table.client(table.players[0]).post(table.url("orders/"), order_body(table), format="json")
    assert response.status_code == 409
    assert "closed" in response.json()["error"]
    assert not Order.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"round": 1}, "step"),
        ({"round": "soon", "step": "explore.1"}, "round"),
        ({"round": 1, "step": "explore.99"}, "step"),
        ({"round": 0, "step": "explore.1"}, "round"),
    ],
)
def test_malformed_advance_names_the_field_and_changes_nothing(table: Table, body: dict[str, object],
                                                               field: str) -> None:
    seq = Event.objects.filter(campaign=table.campaign).count()
    response = table.client(table.gm).post(table.url("advance/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert Event.objects.filter(campaign=table.campaign).count() == seq


def test_malformed_json_gets_a_readable_error(table: Table) -> None:
    response = table.client(table.gm).post(table.url("advance/"), "{not json", content_type="application/json")
    assert response.status_code == 400
    assert "JSON" in response.json()["error"]


def test_unknown_campaign_is_a_clear_404(table: Table) -> None:
    response = table.client(table.gm).post("/api/campaigns/999999/advance/", table.pointer(), format="json")
    assert response.status_code == 404
    assert response.json()["error"] == "No such campaign."


def test_stale_advance_is_refused_and_changes_nothing(table: Table) -> None:
    stale = {"round": 1, "step": "explore.2"}
    response = table.client(table.gm).post(table.url("advance/"), stale, format="json")
    assert response.status_code == 409
    assert "now at round 1, Explore 1" in response.json()["error"]
    assert table.campaign.__class__.objects.get(pk=table.campaign.pk).status == "open"


def test_duplicate_advance_while_resolving_is_refused(table: Table) -> None:
    client = table.client(table.gm)
    pointer = table.pointer()
    assert client.post(table.url("advance/"), pointer, format="json").status_code == 202
    closed = Event.objects.filter(campaign=table.campaign, type="StepClosed").count()
    again = client.post(table.url("advance/"), pointer, format="json")
    assert again.status_code == 409
    assert "being resolved" in again.json()["error"]
    assert Event.objects.filter(campaign=table.campaign, type="StepClosed").count() == closed


def test_join_with_a_bad_invite_link_is_refused(stranger: object, table: Table) -> None:
    client = table.client(stranger)  # type: ignore[arg-type]
    response = client.post("/api/campaigns/join/", {"invite_token": "nope", "civ_name": "X"}, format="json")
    assert response.status_code == 404
    assert "invite link" in response.json()["error"]


def test_civilization_names_are_unique_in_a_campaign(stranger: object, table: Table) -> None:
    client = table.client(stranger)  # type: ignore[arg-type]
    body = {"invite_token": table.campaign.invite_token, "civ_name": table.civs[0].name.upper()}
    response = client.post("/api/campaigns/join/", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "civ_name"


def test_unknown_combat_system_is_refused_when_creating_a_campaign(stranger: object, table: Table) -> None:
    client = table.client(stranger)  # type: ignore[arg-type]
    body = {"name": "Bad", "rule_options": {"combat_system": "rock-paper-scissors"}}
    response = client.post("/api/campaigns/", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "rule_options.combat_system"
    assert not Campaign.objects.filter(name="Bad").exists()


def test_gm_removes_a_player_who_then_sees_nothing_of_a_private_campaign_while_their_civilization_stays(
    table: Table,
) -> None:
    removed, civ = table.players[1], table.civs[1]
    response = table.client(table.gm).delete(table.url(f"members/{removed.pk}/"))
    assert response.status_code == 204
    assert table.client(removed).get(table.url()).status_code == 404
    civ.refresh_from_db()
    assert civ.membership is None, "the civilization keeps its place in the world and the log"
    logged = Event.objects.get(campaign=table.campaign, type="MemberRemoved")
    assert logged.payload["civ_id"] == civ.pk and logged.visibility == "gm"


def test_only_the_gm_removes_members_and_never_themselves(table: Table) -> None:
    other = table.players[1]
    refused = table.client(table.players[0]).delete(table.url(f"members/{other.pk}/"))
    assert refused.status_code == 403
    assert table.client(other).get(table.url()).status_code == 200
    gm_self = table.client(table.gm).delete(table.url(f"members/{table.gm.pk}/"))
    assert gm_self.status_code == 409
    assert not Event.objects.filter(campaign=table.campaign, type="MemberRemoved").exists()
