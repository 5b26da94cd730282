"""A push costs about what a bare broadcast does: a step's events travel as one batch, and each process cuts the
frame for a kind of viewer (the GM, one civilization's players, everyone else) once, not once per socket, while
each viewer still reads only what they may see."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from asgiref.sync import async_to_sync

from game import selectors, services
from game.consumers import CampaignConsumer
from game.models import Event
from game.visibility import Viewer
from tests.combat.test_odds import listen, received
from tests.game.conftest import Table, make_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"


@pytest.fixture
def demo(db: None) -> Table:
    table = make_table("push", public=True)
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    return table


def test_a_resolved_steps_events_reach_the_sockets_as_one_push(demo: Table) -> None:
    layer, channel = listen(demo.campaign.pk)
    demo.resolve_step()
    pushes = [m for m in received(layer, channel) if m["type"] == "campaign.events"]
    resolved = [p for p in pushes if '"StepResolved"' in "".join(p["texts"])]
    assert len(resolved) == 1
    assert isinstance(resolved[0]["committed_at"], float)
    # Cut where it was published, once for each kind of viewer: the GM, each civilization's players, everyone else.
    frames, texts = resolved[0]["frames"], resolved[0]["texts"]
    assert set(frames) == {"gm", "public", *(f"civ-{civ.pk}" for civ in demo.civs)}
    assert all(json.loads(texts[index])["events"][-1]["type"] == "StepOpened" for index in frames.values())
    assert len(texts) == len(set(texts))  # a text several kinds of viewer read travels once


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
