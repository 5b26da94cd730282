"""Deadlines and absence (issue 13): a step opens with the deadline its setting gives, the GM grants more time, the
deadline passes once (naming who is late) and, when the campaign says so, the step advances by itself; a seat
handed to a bot or delegated to a member who plays no civilization, played by them and no one else, and taken
back; the players a step waits on are e-mailed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from celery import current_app
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import EmailMessage
from django.db.models import F
from django.utils import timezone

from game import dispatch, services
from game.engine.phases import ALL_STEPS, STEPS_BY_KEY
from game.models import Campaign, Event, Membership, StepClock
from game.services import deadlines, seats
from tests.galaxy.conftest import approve_all, generate
from tests.game.conftest import Table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"
MOVES = ALL_STEPS.index(STEPS_BY_KEY["explore.14"])  # every demo civilization can plot a course
Callbacks = Any  # pytest-django's django_capture_on_commit_callbacks


@pytest.fixture(autouse=True)
def eager_tasks() -> Iterator[None]:
    """Tasks run in this process as their transaction's callbacks run, as on the embedded default (no broker)."""
    before = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = True
    yield
    current_app.conf.task_always_eager = before


def demo_at(table: Table, step_index: int, **options: Any) -> Campaign:
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    Campaign.objects.filter(pk=campaign.pk).update(step_index=step_index,
                                                   rule_options={**campaign.rule_options, **options})
    return Campaign.objects.get(pk=campaign.pk)


def open_moves(table: Table, capture: Callbacks, **options: Any) -> Campaign:
    demo_at(table, MOVES - 1, **options)
    return advance_into_moves(table, capture)


def advance_into_moves(table: Table, capture: Callbacks) -> Campaign:
    """Explore 14 opens the way it does in play: the GM advances Explore 13 and a worker resolves it."""
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    with capture(execute=True):
        services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step="explore.13")
    campaign.refresh_from_db()
    assert campaign.step.key == "explore.14" and campaign.status == "open"
    return campaign


def types_seen(table: Table, user: AbstractBaseUser | None, since: int = 0) -> list[str]:
    response = table.client(user).get(table.url(f"events/?since={since}"))
    assert response.status_code == 200, response.json()
    return [event["type"] for event in response.json()["events"]]


def spectator(table: Table, name: str) -> AbstractBaseUser:
    user = get_user_model().objects.create_user(name, password="a-long-test-password")
    Membership.objects.create(campaign=table.campaign, user=user, role=Membership.Role.SPECTATOR)
    return user


def order(table: Table, user: AbstractBaseUser, key: str) -> Any:
    """A Plot a Course order from the user's own offers: its first unit to the last Sector it may go to."""
    response = table.client(user).get(table.url("legal-orders/"))
    offers = [offer for offer in response.json() if offer["kind"] == "PlotCourse"] if response.status_code == 200 \
        else []
    payload = dict(offers[0]["payload"]) if offers else {}
    for field in offers[0]["fields"] if offers else []:
        if field["required"] and field["name"] not in payload:
            payload[field["name"]] = field["choices"][-1 if field["name"] == "sector_id" else 0]["value"]
    return table.client(user).post(table.url("orders/"), {**table.pointer(), "kind": "PlotCourse",
                                                          "idempotency_key": key, "payload": payload}, format="json")


# --- deadlines ---------------------------------------------------------------------------------------------------

def test_a_step_opens_with_the_deadline_its_setting_gives(table: Table,
                                                          django_capture_on_commit_callbacks: Callbacks) -> None:
    campaign = open_moves(table, django_capture_on_commit_callbacks, deadline_minutes={"explore.14": 30})
    clock = StepClock.objects.get(campaign=campaign)
    opened = Event.objects.filter(campaign=campaign, type="StepOpened").latest("seq")
    assert clock.opened_at == opened.created_at
    assert clock.deadline == opened.created_at + timedelta(minutes=30)
    assert "DeadlineSet" in types_seen(table, table.players[0]), "every player reads the deadline"
    clock_json = table.client(table.players[0]).get(table.url("clock/")).json()
    assert clock_json["deadline"] == clock.deadline.isoformat() and clock_json["waiting_on_you"] is True
    # The next step has no deadline in the setting: its clock has none.
    with django_capture_on_commit_callbacks(execute=True):
        services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step="explore.14")
    assert StepClock.objects.get(campaign=campaign).deadline is None


def test_a_step_without_a_deadline_books_no_follow_up_and_its_clock_reads_when_it_opened(
        table: Table, django_capture_on_commit_callbacks: Callbacks, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing follows the opening (no deadline, bot, address, readiness or run): no task competes with the push,
    and the clock still says when the step opened."""
    booked: list[str] = []
    enqueue = dispatch.enqueue

    def booking(name: str, *args: Any) -> None:
        booked.append(name)
        enqueue(name, *args)

    monkeypatch.setattr(dispatch, "enqueue", booking)
    campaign = open_moves(table, django_capture_on_commit_callbacks)
    assert dispatch.STEP_OPENED not in booked and dispatch.RESOLVE_STEP in booked
    opened = Event.objects.filter(campaign=campaign, type="StepOpened").latest("seq")
    clock_json = table.client(table.players[0]).get(table.url("clock/")).json()
    assert clock_json["opened_at"] == opened.created_at.isoformat() and clock_json["deadline"] is None
    assert clock_json["waiting_on_you"] is True


def test_an_undone_step_opens_again_with_its_whole_allowance(table: Table,
                                                             django_capture_on_commit_callbacks: Callbacks) -> None:
    campaign = open_moves(table, django_capture_on_commit_callbacks, deadline_minutes={"explore.14": 30})
    first = StepClock.objects.get(campaign=campaign).deadline
    with django_capture_on_commit_callbacks(execute=True):
        services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step="explore.14")
    campaign.refresh_from_db()  # at the step after Explore 14
    with django_capture_on_commit_callbacks(execute=True):
        services.step_undo(table.gm, campaign.pk, expected_round=campaign.round, expected_step=campaign.step.key,
                           reason="A course was mistyped")
    reopened = Event.objects.filter(campaign=campaign, type="StepOpened").latest("seq")
    clock = StepClock.objects.get(campaign=campaign)
    assert clock.deadline == reopened.created_at + timedelta(minutes=30) and first is not None
    assert clock.deadline > first


def test_a_step_never_inherits_the_deadline_of_the_step_before(
        table: Table, django_capture_on_commit_callbacks: Callbacks) -> None:
    campaign = open_moves(table, django_capture_on_commit_callbacks, deadline_minutes={"explore.14": 30},
                          advance_at_deadline=True)
    # Until the open step's clock starts (a task, after the opening commits), the clock is the step before's.
    StepClock.objects.filter(campaign=campaign).update(opened_at=F("opened_at") - timedelta(minutes=5),
                                                       deadline=timezone.now() - timedelta(seconds=1))
    assert deadlines.deadlines_pass() == []
    assert table.client(table.gm).get(table.url("clock/")).json()["deadline"] is None
    campaign.refresh_from_db()
    assert campaign.step.key == "explore.14"


def test_the_start_opens_round_one_with_its_deadline(table: Table,
                                                     django_capture_on_commit_callbacks: Callbacks) -> None:
    generate(table)
    approve_all(table)
    Campaign.objects.filter(pk=table.campaign.pk).update(rule_options={"deadline_minutes": {"explore.1": 10}})
    with django_capture_on_commit_callbacks(execute=True):
        assert table.client(table.gm).post(table.url("start/"), {}, format="json").status_code == 201
    started = Event.objects.get(campaign=table.campaign, type="CampaignStarted")
    assert StepClock.objects.get(campaign=table.campaign).deadline == started.created_at + timedelta(minutes=10)


def test_the_gm_grants_more_time_and_everyone_reads_why(table: Table,
                                                         django_capture_on_commit_callbacks: Callbacks) -> None:
    campaign = open_moves(table, django_capture_on_commit_callbacks, deadline_minutes={"explore.14": 30})
    before = StepClock.objects.get(campaign=campaign).deadline
    assert before is not None
    refused = table.client(table.players[0]).post(table.url("clock/extend/"), {"minutes": 5, "reason": "x"},
                                                  format="json")
    assert refused.status_code == 403
    no_reason = table.client(table.gm).post(table.url("clock/extend/"), {"minutes": 5, "reason": " "},
                                            format="json")
    assert no_reason.status_code == 400 and no_reason.json()["field"] == "reason"
    response = table.client(table.gm).post(table.url("clock/extend/"), {"minutes": 15, "reason": "A long week"},
                                           format="json")
    assert response.status_code == 200, response.json()
    assert StepClock.objects.get(campaign=campaign).deadline == before + timedelta(minutes=15)
    seen = table.client(table.players[1]).get(table.url("events/?since=0")).json()["events"]
    extended = [e for e in seen if e["type"] == "DeadlineExtended"]
    assert extended and "A long week" in extended[0]["description"]


def test_the_deadline_passes_once_naming_who_is_late(table: Table,
                                                     django_capture_on_commit_callbacks: Callbacks) -> None:
    campaign = open_moves(table, django_capture_on_commit_callbacks, deadline_minutes={"explore.14": 30})
    ready = table.client(table.players[0]).post(table.url("ready/"), table.pointer(), format="json")
    assert ready.status_code == 200
    assert deadlines.deadlines_pass() == [], "not before the deadline"
    later = timezone.now() + timedelta(minutes=31)
    assert deadlines.deadlines_pass(later) == [campaign.pk]
    assert deadlines.deadlines_pass(later) == [], "once"
    passed = Event.objects.get(campaign=campaign, type="DeadlinePassed")
    assert passed.payload["late"] == [table.civs[1].pk, table.civs[2].pk]
    assert passed.payload["advanced"] is False
    campaign.refresh_from_db()
    assert campaign.step.key == "explore.14", "the GM decides"
    assert "DeadlinePassed" not in types_seen(table, table.players[1]), "who is late is the GM's to know"
    assert "DeadlinePassed" in types_seen(table, table.gm)


def test_advance_at_deadline_advances_the_step_as_the_gm_would(
        table: Table, django_capture_on_commit_callbacks: Callbacks) -> None:
    campaign = open_moves(table, django_capture_on_commit_callbacks, deadline_minutes={"explore.14": 30},
                          advance_at_deadline=True)
    assert order(table, table.players[0], "move-before-deadline").status_code == 201
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.deadlines_pass(timezone.now() + timedelta(minutes=31)) == [campaign.pk]
    campaign.refresh_from_db()
    assert campaign.step_index == MOVES + 1, "Explore 14 was resolved and the next step is open"
    closed = Event.objects.filter(campaign=campaign, type="StepClosed").latest("seq")
    assert closed.actor_id == table.gm.pk and closed.payload["step"] == "explore.14"
    resolved = Event.objects.filter(campaign=campaign, type="StepResolved").latest("seq")
    assert resolved.payload["orders"] == 1, "the order in counts; the missing ones count as none"


def test_the_gm_nudges_a_late_player_and_only_they_read_it(table: Table,
                                                           django_capture_on_commit_callbacks: Callbacks) -> None:
    open_moves(table, django_capture_on_commit_callbacks)
    response = table.client(table.gm).post(table.url("nudge/"), {"civ_id": table.civs[1].pk,
                                                                 "text": "We wait for you"}, format="json")
    assert response.status_code == 201, response.json()
    assert "PlayerNudged" in types_seen(table, table.players[1])
    assert "PlayerNudged" not in types_seen(table, table.players[0])
    assert table.client(table.players[0]).post(table.url("nudge/"), {"civ_id": table.civs[1].pk},
                                               format="json").status_code == 403


# --- seats ---------------------------------------------------------------------------------------------------------

def test_a_seat_handed_to_a_bot_is_the_bots_until_its_player_takes_it_back(
        table: Table, django_capture_on_commit_callbacks: Callbacks) -> None:
    open_moves(table, django_capture_on_commit_callbacks)
    terrans = table.civs[0].pk
    refused = table.client(table.players[1]).post(table.url("seats/hand-to-bot/"), {
        "civ_id": terrans, "rounds": 2, "reason": "late"}, format="json")
    assert refused.status_code == 403, "only the GM hands a seat to a bot"
    response = table.client(table.gm).post(table.url("seats/hand-to-bot/"), {
        "civ_id": terrans, "rounds": 2, "reason": "Away at the deadline"}, format="json")
    assert response.status_code == 200, response.json()
    (seat,) = response.json()["seats"]
    assert (seat["civ_id"], seat["is_bot"], seat["until_round"], seat["active"]) == (terrans, True, 2, True)
    assert "SeatHandedOver" in types_seen(table, table.players[0])
    assert "SeatHandedOver" not in types_seen(table, table.players[1]), "the seat events are the civ's and the GM's"
    assert table.client(table.players[1]).get(table.url("seats/")).json()["seats"] == []
    # The player still reads their civilization but gives no order while the bot holds the seat.
    refused_order = order(table, table.players[0], "while-the-bot-plays")
    assert refused_order.status_code == 403 and "holds your seat" in refused_order.json()["error"]
    assert table.client(table.players[0]).get(table.url("clock/")).json()["seat_held_by"]
    back = table.client(table.players[0]).post(table.url("seats/take-back/"), {}, format="json")
    assert back.status_code == 200 and back.json()["seats"] == []
    assert "SeatTakenBack" in types_seen(table, table.players[0])
    assert "SeatTakenBack" not in types_seen(table, table.players[1])
    assert order(table, table.players[0], "back-at-the-helm").status_code == 201


def test_a_member_without_a_civilization_plays_a_delegated_seat_as_its_player_would(
        table: Table, django_capture_on_commit_callbacks: Callbacks) -> None:
    open_moves(table, django_capture_on_commit_callbacks)
    friend = spectator(table, "friend")
    player, other = table.players[0], table.players[1]
    mine = table.client(player).get(table.url("seats/")).json()
    assert mine["own"] and [c["username"] for c in mine["candidates"]] == ["friend"]
    playing = table.client(other).post(table.url("seats/delegate/"), {"delegate_user_id": other.pk},
                                       format="json")
    assert playing.status_code == 400 and playing.json()["field"] == "delegate_user_id"
    response = table.client(player).post(table.url("seats/delegate/"), {
        "delegate_user_id": friend.pk, "until_round": 3, "reason": "On holiday"}, format="json")
    assert response.status_code == 200, response.json()
    # The friend is the civilization's player now: its orders, its view, and nothing of the others'.
    state = table.client(friend).get(table.url()).json()
    assert state["viewer"] == {"role": "player", "civ_id": table.civs[0].pk}
    assert order(table, friend, "friend-moves").status_code == 201
    assert table.client(friend).get(table.url(f"view/?civ={table.civs[1].pk}")).status_code == 404
    assert types_seen(table, friend) == types_seen(table, player)
    assert order(table, player, "player-while-away").status_code == 403
    # A delegate cannot pass the seat on, nor take it from its player.
    assert table.client(friend).post(table.url("seats/delegate/"), {}, format="json").status_code == 403
    assert table.client(friend).post(table.url("seats/take-back/"), {}, format="json").status_code == 403
    assert table.client(other).post(table.url("seats/take-back/"), {}, format="json").status_code == 404
    assert table.client(player).post(table.url("seats/take-back/"), {}, format="json").status_code == 200
    assert table.client(friend).get(table.url()).json()["viewer"] == {"role": "spectator", "civ_id": None}
    assert order(table, friend, "friend-after").status_code == 403
    assert order(table, player, "player-back").status_code == 201


# --- notices -------------------------------------------------------------------------------------------------------

def test_the_players_a_step_waits_on_are_emailed(table: Table, mailoutbox: list[EmailMessage],
                                                 django_capture_on_commit_callbacks: Callbacks) -> None:
    first, second, third = table.players
    for user, email in ((first, "first@example.org"), (second, "second@example.org")):
        user.email = email  # type: ignore[attr-defined]
        user.save()
    demo_at(table, MOVES - 1, deadline_minutes={"explore.14": 45})
    seats.seat_hand_to_bot(table.gm, table.campaign.pk, civ_id=table.civs[1].pk, rounds=1, reason="away")
    advance_into_moves(table, django_capture_on_commit_callbacks)
    assert not third.email  # type: ignore[attr-defined]
    assert [mail.to for mail in mailoutbox] == [["first@example.org"]], \
        "the waited-on player with an address; not the seat a bot holds, not a player without an address"
    assert "Explore 14" in mailoutbox[0].subject and "Deadline" in mailoutbox[0].body
    with django_capture_on_commit_callbacks(execute=True):
        deadlines.player_nudge(table.gm, table.campaign.pk, civ_id=table.civs[0].pk, text="Only you are missing")
    assert mailoutbox[-1].to == ["first@example.org"] and "Only you are missing" in mailoutbox[-1].body


def test_a_step_without_a_deadline_emails_the_players_it_waits_on_too(
        table: Table, mailoutbox: list[EmailMessage], django_capture_on_commit_callbacks: Callbacks) -> None:
    table.players[0].email = "first@example.org"  # type: ignore[attr-defined]
    table.players[0].save()
    open_moves(table, django_capture_on_commit_callbacks)
    assert [mail.to for mail in mailoutbox] == [["first@example.org"]]
    assert "Explore 14" in mailoutbox[0].subject


def test_no_email_when_the_campaign_turns_notices_off(table: Table, mailoutbox: list[EmailMessage],
                                                      django_capture_on_commit_callbacks: Callbacks) -> None:
    table.players[0].email = "first@example.org"  # type: ignore[attr-defined]
    table.players[0].save()
    open_moves(table, django_capture_on_commit_callbacks, notify_email=False)
    assert mailoutbox == []
