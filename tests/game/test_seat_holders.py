"""Who may hold a seat (issue 33): a member the GM removes holds none any more (and the seat of theirs a person
held for them ends), a delegation never lets a non-member in, and a member holds one seat at a time."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from game.models import SeatDelegation
from tests.game.conftest import Table, make_table
from tests.game.test_deadlines_and_seats import Callbacks, eager_tasks, open_moves, order, spectator, types_seen

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
__all__ = ["eager_tasks"]  # its fixture, as in the tests these reuse


def delegate(table: Table, player_index: int, user_id: int) -> Any:
    return table.client(table.players[player_index]).post(table.url("seats/delegate/"), {
        "delegate_user_id": user_id, "reason": "On holiday"}, format="json")


def test_a_removed_delegate_no_longer_plays_the_seat_of_a_campaign_made_private(
        db: None, django_capture_on_commit_callbacks: Callbacks) -> None:
    table = make_table("gamma", public=True)
    open_moves(table, django_capture_on_commit_callbacks)
    friend = spectator(table, "friend")
    assert delegate(table, 0, friend.pk).status_code == 200
    assert order(table, friend, "friend-plays").status_code == 201
    gm = table.client(table.gm)
    assert gm.delete(table.url(f"members/{friend.pk}/")).status_code in (200, 204)
    assert gm.post(table.url("visibility/"), {"is_public": False}, format="json").status_code == 200

    assert table.client(friend).get(table.url("view/")).status_code == 404
    assert table.client(friend).get(table.url()).status_code == 404
    assert order(table, friend, "friend-after-removal").status_code == 404
    assert gm.get(table.url("seats/")).json()["seats"] == []
    # The civilization's player is told, and gives orders again.
    assert "SeatTakenBack" in types_seen(table, table.players[0])
    assert "SeatTakenBack" not in types_seen(table, table.players[1])
    assert order(table, table.players[0], "back-at-the-helm").status_code == 201


def test_removing_a_player_ends_the_seat_a_person_holds_for_them(
        table: Table, django_capture_on_commit_callbacks: Callbacks) -> None:
    open_moves(table, django_capture_on_commit_callbacks)
    friend = spectator(table, "friend")
    assert delegate(table, 0, friend.pk).status_code == 200
    assert table.client(table.gm).delete(table.url(f"members/{table.players[0].pk}/")).status_code in (200, 204)
    assert table.client(friend).get(table.url()).json()["viewer"] == {"role": "spectator", "civ_id": None}
    assert order(table, friend, "friend-after-the-player-left").status_code == 403


def test_a_delegation_never_lets_in_someone_who_is_not_a_member(table: Table) -> None:
    # As a delegation left running by a removal before the fix: the stranger is not a member of the private campaign.
    stranger = get_user_model().objects.create_user("stranger", password="a-long-test-password")
    SeatDelegation.objects.create(civilization=table.civs[0], delegate=stranger, from_round=1, reason="old")
    assert table.client(stranger).get(table.url()).status_code == 404


def test_a_member_holds_one_seat_at_a_time(table: Table, django_capture_on_commit_callbacks: Callbacks) -> None:
    open_moves(table, django_capture_on_commit_callbacks)
    friend = spectator(table, "friend")
    assert delegate(table, 0, friend.pk).status_code == 200
    second = table.client(table.players[1]).post(table.url("seats/delegate/"), {
        "delegate_user_id": friend.pk, "reason": "Away too"}, format="json")
    assert second.status_code == 409
    assert second.json() == {"field": "delegate_user_id", "error": (
        f"friend already holds the seat of {table.civs[0].name} (from round 1 until its player takes it back); a "
        "member holds one seat at a time.")}
    assert list(SeatDelegation.objects.filter(delegate_id=friend.pk).values_list("civilization_id", flat=True)) == [
        table.civs[0].pk]
    # Rounds that do not meet are fine: the first absence now ends with round 1, the second starts at round 2.
    later = table.client(table.players[0]).post(table.url("seats/delegate/"), {
        "delegate_user_id": friend.pk, "until_round": 1}, format="json")
    assert later.status_code == 200
    after = table.client(table.players[1]).post(table.url("seats/delegate/"), {
        "delegate_user_id": friend.pk, "from_round": 2, "until_round": 3}, format="json")
    assert after.status_code == 200, after.json()


@pytest.mark.parametrize("field", ["from_round", "until_round"])
def test_a_hand_over_for_rounds_no_campaign_reaches_is_refused_naming_the_field(table: Table, field: str) -> None:
    """A round past the last a campaign can have is a 400 (it overflowed the stored round: a 500), and no seat moves."""
    response = table.client(table.players[0]).post(table.url("seats/delegate/"), {
        "reason": "Away for a while", field: 432_936_840_054}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert not SeatDelegation.objects.filter(civilization__campaign=table.campaign).exists()
