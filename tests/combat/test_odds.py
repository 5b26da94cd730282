"""Odds before committing: the GM simulates any skirmish, a player only their own fleet against what their
civilization knows; the simulation runs as a Celery task, its progress is pushed only to whoever asked, and the
result is read back by GET."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from combat.models import OddsRun
from combat.tasks import odds_run_task
from game.consumers import CampaignConsumer
from game.realtime import campaign_group
from game.visibility import Viewer
from tests.combat.conftest import SKIRMISH, load_skirmish
from tests.game.conftest import Table, make_table

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


@pytest.fixture
def war(db: None) -> Table:
    table = make_table("odds")
    load_skirmish(table)
    return table


def ask(table: Table, user: Any, **body: Any) -> Any:
    return table.client(user).post(table.url("odds"), {"skirmish_id": SKIRMISH, **body}, format="json")


def listen(campaign_id: int) -> tuple[Any, str]:
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(campaign_group(campaign_id), channel)
    return layer, channel


def received(layer: Any, channel: str) -> list[dict[str, Any]]:
    async def drain() -> list[dict[str, Any]]:
        messages = []
        while True:
            try:
                messages.append(await asyncio.wait_for(layer.receive(channel), 1.0))
            except TimeoutError:
                return messages
    return async_to_sync(drain)()


def units(run: OddsRun, side: int) -> dict[int, float]:
    return {u["unit_id"]: u["hp"] for u in run.skirmish["sides"][side]["units"]}


def test_a_players_odds_run_as_a_task_push_progress_to_them_and_are_read_back(war: Table) -> None:
    player = war.players[0]
    response = ask(war, player, battles=50, system="instant_mass")
    assert response.status_code == 202 and response.json()["status"] == "queued"
    run_id = response.json()["id"]
    layer, channel = listen(war.campaign.pk)
    assert odds_run_task.apply(args=(run_id,)).get() == "done"

    pushed = [m for m in received(layer, channel) if m["type"] == "campaign.odds"]
    assert {m["user_id"] for m in pushed} == {player.pk}
    done = [m["odds"]["done"] for m in pushed]
    assert done == sorted(done) and done[-1] == 50 and len(done) > 2
    assert pushed[-1]["odds"]["status"] == "done"

    run = war.client(player).get(war.url(f"odds/{run_id}")).json()
    assert run["status"] == "done" and run["done"] == 50
    sides = {s["side_id"]: s for s in run["result"]["sides"]}
    assert 0 <= sides["attacker"]["win_chance"] <= 1 and sides["attacker"]["expected_units_lost"] >= 0
    assert run["result"]["battles"] == 50


def test_a_player_simulates_their_fleet_against_the_enemy_units_they_detect_at_full_strength(war: Table) -> None:
    run = OddsRun.objects.get(pk=ask(war, war.players[0], battles=10).json()["id"])
    assert units(run, 0) == {1: 10.0, 2: 10.0, 3: 10.0}
    assert units(run, 1) == {11: 10.0}  # detected, its damage unseen; unit 12 is not detected
    gm_run = OddsRun.objects.get(pk=ask(war, war.gm, battles=10).json()["id"])
    assert units(gm_run, 1) == {11: 4.0, 12: 10.0}
    assert gm_run.system == "instant_mass"


def test_odds_are_only_for_the_skirmishs_sides_and_read_only_by_who_asked(war: Table) -> None:
    run_id = ask(war, war.players[0], battles=10).json()["id"]
    assert war.client(war.players[1]).get(war.url(f"odds/{run_id}")).status_code == 404
    assert ask(war, war.players[2], battles=10).status_code == 404  # not in this skirmish
    assert ask(war, war.players[0], battles=0).status_code == 400
    assert ask(war, war.players[0], battles=10, system="chess").status_code == 400


def test_the_campaign_socket_forwards_odds_only_to_the_person_who_asked() -> None:
    sent: list[dict[str, Any]] = []
    consumer = CampaignConsumer()
    consumer.viewer = Viewer("player", 7, user_id=3)

    async def send_json(content: dict[str, Any]) -> None:
        sent.append(content)

    consumer.send_json = send_json
    async_to_sync(consumer.campaign_odds)({"user_id": 4, "odds": {"id": 1}})
    async_to_sync(consumer.campaign_odds)({"user_id": 3, "odds": {"id": 2}})
    assert sent == [{"type": "odds", "odds": {"id": 2}}]


def test_a_person_may_have_only_a_few_odds_runs_unfinished_and_is_told_to_wait_for_one(war: Table) -> None:
    player = war.players[0]
    first = [ask(war, player, battles=10).json()["id"] for _ in range(2)]
    refused = ask(war, player, battles=10)
    assert refused.status_code == 429
    assert refused.json()["error"] == ("You have 2 odds simulations queued or running in this campaign, the most "
                                       "you may have at a time (2); wait for one to finish, then ask again.")
    assert OddsRun.objects.filter(requested_by_id=player.pk).count() == 2  # the refused one was not queued
    assert ask(war, war.players[1], battles=10).status_code == 202  # the other side is not held up by it
    odds_run_task.apply(args=(first[0],))
    assert ask(war, player, battles=10).status_code == 202  # one finished: one more may be asked for
    assert [ask(war, war.gm, battles=10).status_code for _ in range(5)] == [202, 202, 202, 202, 429]
