"""Every answer the API gives to a request it cannot serve is JSON with a message a person can read, even those
Django gives before a view runs: no such address, a method the address does not take, a body over the size limit,
a crash."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from game import services
from game.api import views
from game.api.reads import BATCHED_READS
from game.selectors.settings import played_modules
from tests.game.conftest import Table, _user

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Iterator[Client]:
    # A crash must reach the URL conf's handler as it would in production, not the test.
    user = get_user_model().objects.create_user("errors-gm", password="a-long-test-password")
    browser = Client(raise_request_exception=False)
    browser.force_login(user)
    yield browser


def error_of(response: Any) -> str:
    assert response["Content-Type"].startswith("application/json"), response.content
    body = response.json()
    assert isinstance(body["error"], str) and body["error"]
    return str(body["error"])


def test_an_unknown_api_address_is_a_json_404(client: Client) -> None:
    response = client.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert "/api/no-such-thing/" in error_of(response)


def test_a_method_the_address_does_not_take_is_a_json_405(client: Client) -> None:
    response = client.delete("/api/round-steps/")
    assert response.status_code == 405
    assert "DELETE" in error_of(response)


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_over_the_size_limit_is_a_json_error_naming_the_limit(client: Client) -> None:
    response = client.post("/api/campaigns/", data={"name": "x" * 5000}, content_type="application/json")
    assert response.status_code == 413
    assert "1000 bytes" in error_of(response)


def test_a_crash_is_a_json_500_without_the_details(client: Client) -> None:
    with mock.patch.object(views.RoundSteps, "get", side_effect=RuntimeError("secret internals")):
        response = client.get("/api/round-steps/")
    assert response.status_code == 500
    assert "secret" not in error_of(response)


def test_pages_outside_the_api_keep_their_html_404(client: Client) -> None:
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_a_player_who_joined_before_the_start_reads_every_panel_without_a_server_error(db: None) -> None:
    """Before the start a joined player has no empire in the world yet: every read their page batches answers
    (the ground-war panel answered 500 for a civilization not in the world), with every rule module on."""
    gm = _user("prestart-gm")
    campaign = services.campaign_create(gm, name="Not started", rule_options=dict.fromkeys(played_modules(), True))
    player = _user("prestart-p1")
    civ = services.campaign_join(player, invite_token=campaign.invite_token, civ_name="Early Birds")
    table = Table(campaign, gm, [player], [civ])
    query = "&".join(f"read={name}/" if name else "read=" for name in sorted(BATCHED_READS))
    answers = table.client(player).get(table.url(f"reads/?{query}")).json()
    failed = {address: answer for address, answer in answers.items() if answer["status"] >= 500}
    assert not failed
    assert answers["ground-war/"] == {"status": 200, "body": {
        "enabled": True, "terrain_module": True, "role": "player", "colonies": [], "battles": [], "destructions": []}}
