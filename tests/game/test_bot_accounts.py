"""A bot's account (issue 33): no sign-up can take its name, a seat still goes to its bot where someone took the
old-style name first, and the bot's token plays its seat and does nothing else."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from game.models import Bot
from game.services.bots import bot_token
from tests.game.conftest import Table, make_table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_signing_up_with_a_bots_name_is_refused_with_a_message(table: Table) -> None:
    name = f"bot-{table.campaign.pk}-{table.civs[0].pk}"  # both ids are public
    response = Client().post("/accounts/signup/", {"username": name, "password1": "a-long-test-password",
                                                   "password2": "a-long-test-password"})
    assert response.status_code == 200
    assert 'are kept for the campaigns\' bots; choose another name.' in html.unescape(response.content.decode())
    assert not get_user_model().objects.filter(username__iexact=name).exists()
    upper = Client().post("/accounts/signup/", {"username": name.upper(), "password1": "a-long-test-password",
                                                "password2": "a-long-test-password"})
    assert upper.status_code == 200 and not get_user_model().objects.filter(username__iexact=name).exists()


def test_a_seat_goes_to_its_bot_though_someone_took_the_bots_old_name_first(table: Table) -> None:
    civ = table.civs[0]
    squatter = get_user_model().objects.create_user(f"bot-{table.campaign.pk}-{civ.pk}", password="a-long-password")
    response = table.client(table.gm).post(table.url("seats/hand-to-bot/"), {
        "civ_id": civ.pk, "rounds": 1, "reason": "Away at the deadline"}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["seats"][0]["is_bot"]
    bot = Bot.objects.get(civilization=civ)
    assert bot.user_id != squatter.pk and not bot.user.has_usable_password()
    # The player's own hand-over of another seat to its bot works the same way.
    other = table.civs[1]
    get_user_model().objects.create_user(f"bot-{table.campaign.pk}-{other.pk}")
    response = table.client(table.players[1]).post(table.url("seats/delegate/"), {"reason": "On holiday"},
                                                   format="json")
    assert response.status_code == 200, response.json()


def test_a_bots_token_plays_its_seat_and_nothing_else(table: Table) -> None:
    civ = table.civs[0]
    assert table.client(table.gm).post(table.url("seats/hand-to-bot/"), {
        "civ_id": civ.pk, "rounds": 1, "reason": "Away"}, format="json").status_code == 200
    bot = APIClient()
    bot.credentials(HTTP_AUTHORIZATION=f"Token {bot_token(Bot.objects.get(civilization=civ).user_id)}")
    assert bot.get(table.url()).json()["viewer"] == {"role": "player", "civ_id": civ.pk}
    assert bot.get(table.url("events/")).status_code == 200

    created = bot.post("/api/campaigns/", {"name": "A bot's own campaign"}, format="json")
    assert created.status_code == 403
    assert created.json()["error"] == "A bot's account only plays its seat in its own campaign."
    public = make_table("open", public=True)
    refused = [bot.post("/api/campaigns/join/", {"invite_token": public.campaign.invite_token,
                                                 "civ_name": "Bots"}, format="json"),
               bot.get(public.url()), bot.get("/api/campaigns/"), bot.get("/api/round-steps/")]
    assert [r.status_code for r in refused] == [403] * len(refused)
    # In its own campaign it is the seat's player, not its GM: no settings, no hand-over of the seat.
    assert bot.post(table.url("visibility/"), {"is_public": True}, format="json").status_code == 403
    assert bot.post(table.url("seats/delegate/"), {}, format="json").status_code == 403
