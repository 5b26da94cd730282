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

from game.api import views

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
