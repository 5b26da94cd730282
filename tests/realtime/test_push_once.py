"""A push costs less than a bare broadcast: a step's events travel as one batch, to one member of the campaign's
group for each process's sockets, and each process cuts the frame for a kind of viewer (the GM, one civilization's
players, everyone else) once, not once per socket, and only for the kinds someone watches, while each viewer still
reads only what they may see."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache

from game import realtime, selectors, services
from game.consumers import CampaignConsumer
from game.engine.resolve import resolve_step
from game.models import Campaign, Event
from game.realtime import campaign_group
from game.visibility import Viewer, reading_key
from tests.combat.test_odds import listen, received
from tests.game.conftest import Table, make_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"


@pytest.fixture
def demo(db: None) -> Table:
    cache.clear()  # no socket of an earlier run (a campaign with the same id) counts as watching this one
    table = make_table("push", public=True)
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    return table


def kinds_of_viewer(table: Table) -> set[str]:
    return {"gm", "public", *(f"civ-{civ.pk}" for civ in table.civs)}


@pytest.fixture
def watched_by_every_kind(demo: Table) -> Table:
    """As if the GM, each civilization's players and a spectator had the campaign open."""
    for kind in kinds_of_viewer(demo):
        realtime.watch(demo.campaign.pk, kind, 1)
    return demo


async def open_socket(table: Table, user: Any) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(CampaignConsumer.as_asgi(), f"/ws/campaigns/{table.campaign.pk}/")
    socket.scope["user"] = user
    socket.scope["url_route"] = {"kwargs": {"campaign_id": table.campaign.pk}}
    connected, _ = await socket.connect()
    assert connected
    assert (await socket.receive_json_from())["type"] == "hello"
    return socket


def test_an_advanced_step_reaches_the_sockets_as_one_push_from_its_closing_to_the_next_opening(
    watched_by_every_kind: Table,
) -> None:
    demo = watched_by_every_kind
    layer, channel = listen(demo.campaign.pk)
    demo.resolve_step()
    (push,) = received(layer, channel)
    assert push["type"] == "campaign.events" and isinstance(push["committed_at"], float)
    # Cut where it was published, once for each kind of viewer: the GM, each civilization's players, everyone else.
    frames, texts = push["frames"], push["texts"]
    assert set(frames) == kinds_of_viewer(demo)
    for index in frames.values():
        types = [event["type"] for event in json.loads(texts[index])["events"]]
        assert types[0] == "StepClosed" and types[-2:] == ["StepResolved", "StepOpened"]
    assert len(texts) == len(set(texts))  # a text several kinds of viewer read travels once


def test_a_slow_resolution_pushes_the_steps_closing_first_so_pages_show_it_is_being_resolved(
    watched_by_every_kind: Table,
) -> None:
    demo = watched_by_every_kind
    layer, channel = listen(demo.campaign.pk)
    now = Campaign.objects.get(pk=demo.campaign.pk)
    services.step_advance(demo.gm, now.pk, expected_round=now.round, expected_step=now.step.key)
    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)
        return resolve_step(*args, **kwargs)

    with mock.patch("game.services.resolve_step", slow):
        assert services.step_resolve(now.pk, now.round, now.step_index, announce_after=0.05)
    closing, outcome = (
        [event["type"] for event in json.loads(push["texts"][push["frames"]["public"]])["events"]]
        for push in received(layer, channel))
    assert closing == ["StepClosed"]  # not held for the outcome past announce_after: it went first, alone
    assert outcome[-2:] == ["StepResolved", "StepOpened"] and "StepClosed" not in outcome


def test_a_push_is_cut_only_for_the_kinds_of_viewer_a_socket_watches_the_campaign_as(demo: Table) -> None:
    layer, channel = listen(demo.campaign.pk)
    demo.resolve_step()
    (unwatched,) = received(layer, channel)
    assert unwatched["frames"] == {} and unwatched["texts"] == []  # nobody to read it: nothing cut

    async def gm_watches_while_a_step_is_resolved() -> tuple[set[str], dict[str, Any], set[str]]:
        socket = await open_socket(demo, demo.gm)
        watching = realtime.watched(demo.campaign.pk, sorted(kinds_of_viewer(demo)))
        await sync_to_async(demo.resolve_step)()
        frame = await socket.receive_json_from(timeout=10)
        await socket.disconnect()
        return watching, frame, realtime.watched(demo.campaign.pk, sorted(kinds_of_viewer(demo)))

    watching, frame, after = async_to_sync(gm_watches_while_a_step_is_resolved)()
    assert watching == {"gm"} and after == set()
    assert [event["type"] for event in frame["events"]][-2:] == ["StepResolved", "StepOpened"]
    (watched,) = received(layer, channel)
    assert list(watched["frames"]) == ["gm"]  # cut for the GM's socket only; the others' kinds are not cut at all


def test_a_push_not_cut_by_its_publisher_is_cut_once_per_kind_of_viewer_and_each_reads_only_their_own(
    demo: Table,
) -> None:
    civ_1, civ_2 = demo.civs[0].pk, demo.civs[1].pk
    services.note_send(demo.gm, demo.campaign.pk, text="For the first civilization only.", civ_id=civ_1)
    services.ruling_post(demo.gm, demo.campaign.pk, civ_id=None, text="Said to everyone.")
    stored = [e.as_message() for e in Event.objects.filter(campaign=demo.campaign).order_by("seq")]
    push = {"type": "campaign.events", "access_seq": 0, "committed_at": 1.5, "first_seq": stored[0]["seq"],
            "last_seq": stored[-1]["seq"], "texts": [], "frames": {}}
    viewers = [Viewer("gm", None, demo.gm.pk), Viewer("player", civ_1, demo.players[0].pk),
               Viewer("player", civ_1, demo.players[0].pk), Viewer("player", civ_2, demo.players[1].pk),
               Viewer("spectator"), Viewer("spectator")]
    frames: list[list[str]] = [[] for _ in viewers]
    consumers = []
    for viewer, sent in zip(viewers, frames, strict=True):
        consumer = CampaignConsumer()
        consumer.viewer, consumer.campaign_id = viewer, demo.campaign.pk

        async def send(text_data: str, sent: list[str] = sent) -> None:
            sent.append(text_data)
        consumer.send = send
        consumers.append(consumer)

    async def everyone_at_once() -> None:
        await asyncio.gather(*(consumer.campaign_events(push) for consumer in consumers))

    cut = mock.Mock(wraps=selectors.events_frame_from_log)
    with mock.patch.object(selectors, "events_frame_from_log", cut):
        async_to_sync(everyone_at_once)()
    assert cut.call_count == 4  # the GM, each civilization's players, everyone else

    def notes(sent: list[str]) -> list[Any]:
        (frame,) = [json.loads(text) for text in sent]
        assert (frame["first_seq"], frame["last_seq"]) == (stored[0]["seq"], stored[-1]["seq"])
        return [e["payload"]["text"] for e in frame["events"] if e["type"] in ("NoteSent", "GmRuling")]
    gm, first, same_civ, second, guest, other_guest = frames
    assert notes(gm) == ["For the first civilization only.", "Said to everyone."]
    assert notes(first) == notes(gm) and first == same_civ
    assert notes(second) == ["Said to everyone."] and notes(guest) == ["Said to everyone."] and guest == other_guest


async def members_of_the_campaigns_group(table: Table) -> int:
    layer = get_channel_layer()
    group = campaign_group(table.campaign.pk)
    return int(await layer.connection(layer.consistent_hash(group)).zcard(layer._group_key(group)))


def test_a_processs_sockets_on_a_campaign_share_one_member_of_its_group_and_each_reads_its_own_frame(
    watched_by_every_kind: Table,
) -> None:
    demo = watched_by_every_kind

    async def three_sockets_while_a_step_is_resolved() -> tuple[int, list[dict[str, Any]], int]:
        sockets = [await open_socket(demo, user) for user in (demo.gm, demo.players[0], AnonymousUser())]
        members = await members_of_the_campaigns_group(demo)
        await sync_to_async(demo.resolve_step)()
        frames = [await socket.receive_json_from(timeout=10) for socket in sockets]
        for socket in sockets:
            await socket.disconnect()
        return members, frames, await members_of_the_campaigns_group(demo)

    members, frames, after = async_to_sync(three_sockets_while_a_step_is_resolved)()
    assert members == 1 and after == 0  # one message to this process reaches all three; none once they have gone
    gm, player, spectator = ({e["type"]: e for e in frame["events"]}["StepResolved"]["payload"] for frame in frames)
    assert "orders" in gm and "orders" not in player and "orders" not in spectator  # only the GM learns how many


def test_a_socket_forwards_pushes_in_the_order_they_came_when_one_must_be_cut_from_the_log(demo: Table) -> None:
    services.ruling_post(demo.gm, demo.campaign.pk, civ_id=None, text="First.")
    services.ruling_post(demo.gm, demo.campaign.pk, civ_id=None, text="Second.")
    first, second = Event.objects.filter(campaign=demo.campaign).order_by("-seq")[:2][::-1]
    consumer = CampaignConsumer()
    consumer.viewer, consumer.campaign_id = Viewer("player", demo.civs[0].pk, demo.players[0].pk), demo.campaign.pk
    # The first push was not cut for the socket's kind of viewer (it is read from the log), the second was.
    slow = {"type": "campaign.events", "access_seq": 0, "committed_at": 1.0, "first_seq": first.seq,
            "last_seq": first.seq, "texts": [], "frames": {}}
    fast = {**slow, "first_seq": second.seq, "last_seq": second.seq, "texts": ['{"at hand": true}'],
            "frames": {reading_key(consumer.viewer): 0}}
    sent: list[str] = []

    async def send(text_data: str) -> None:
        sent.append(text_data)
    consumer.send = send

    async def both_pushes() -> None:
        await consumer.take(slow)
        await consumer.take(fast)
        assert consumer.draining is not None
        await consumer.draining

    async_to_sync(both_pushes)()
    from_the_log, at_hand = (json.loads(text) for text in sent)
    assert [e["payload"]["text"] for e in from_the_log["events"] if e["type"] == "GmRuling"] == ["First."]
    assert at_hand == {"at hand": True}


def test_a_page_left_open_longer_than_the_layer_keeps_a_groups_members_still_gets_pushes(
    watched_by_every_kind: Table,
) -> None:
    demo = watched_by_every_kind
    layer = get_channel_layer()

    async def open_past_the_groups_expiry() -> dict[str, Any]:
        socket = await open_socket(demo, demo.gm)
        await asyncio.sleep(3.5)  # the layer drops a member added longer ago than its expiry
        await sync_to_async(demo.resolve_step)()
        frame: dict[str, Any] = await socket.receive_json_from(timeout=10)
        await socket.disconnect()
        return frame

    with mock.patch.object(layer, "group_expiry", 2):  # a day, in production
        frame = async_to_sync(open_past_the_groups_expiry)()
    assert [event["type"] for event in frame["events"]][-2:] == ["StepResolved", "StepOpened"]
