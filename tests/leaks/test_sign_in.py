"""Sign-in hardening: failed sign-ins are rate-limited, every form and every session-authenticated write needs
the CSRF token, and the admin is for staff only with the event log read-only."""

from __future__ import annotations

import re
import uuid
from typing import cast

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client

from game.models import Event
from tests.game.conftest import Table

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


def sign_in(client: Client, username: str, password: str) -> int:
    return client.post("/accounts/login/", {"username": username, "password": password}).status_code


def test_five_failed_sign_ins_lock_the_user_name_out_for_a_while() -> None:
    username = f"target-{uuid.uuid4().hex[:8]}"  # the counts live in the shared cache: a name of this run only
    get_user_model().objects.create_user(username, password=PASSWORD)
    client = Client()
    assert [sign_in(client, username, "wrong-guess") for _ in range(5)] == [200] * 5
    response = client.post("/accounts/login/", {"username": username, "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many failed sign-ins" in response.content.decode()
    assert "_auth_user_id" not in client.session  # even the right password is refused while locked out
    other = f"bystander-{uuid.uuid4().hex[:8]}"
    get_user_model().objects.create_user(other, password=PASSWORD)
    assert sign_in(client, other, PASSWORD) == 302  # another user name from the same address is not locked


def test_a_successful_sign_in_clears_the_failures() -> None:
    username = f"forgetful-{uuid.uuid4().hex[:8]}"
    get_user_model().objects.create_user(username, password=PASSWORD)
    client = Client()
    for _ in range(4):
        sign_in(client, username, "wrong-guess")
    assert sign_in(client, username, PASSWORD) == 302
    assert [sign_in(Client(), username, "wrong-guess") for _ in range(5)] == [200] * 5


def test_session_authenticated_api_writes_without_csrf_token_are_refused(table: Table) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(cast(User, table.gm))
    body = {"name": "Forged", "seed": "x"}
    refused = client.post("/api/campaigns/", body, content_type="application/json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["error"]
    client.get("/")  # a page sets the CSRF cookie, as a browser gets it
    token = client.cookies["csrftoken"].value
    accepted = client.post("/api/campaigns/", body, content_type="application/json", headers={"X-CSRFToken": token})
    assert accepted.status_code == 201


def test_every_form_on_the_pages_carries_a_csrf_token(table: Table) -> None:
    client = Client()
    client.force_login(cast(User, table.gm))
    pages = ["/", "/accounts/login/", "/accounts/signup/", f"/campaigns/{table.campaign.pk}/",
             f"/join/{table.campaign.invite_token}/"]
    for page in pages:
        html = client.get(page).content.decode()
        for form in re.findall(r"<form\b.*?</form>", html, flags=re.S | re.I):
            if re.search(r'method="post"', form, flags=re.I):
                assert "csrfmiddlewaretoken" in form, (page, form[:200])


def test_admin_is_for_staff_only_and_the_event_log_is_read_only(table: Table) -> None:
    player = Client()
    player.force_login(cast(User, table.players[0]))
    assert player.get("/admin/game/event/").status_code == 302  # to the admin's sign-in
    staff = get_user_model().objects.create_superuser("staff", password=PASSWORD)
    admin = Client()
    admin.force_login(staff)
    event = Event.objects.filter(campaign=table.campaign).first()
    assert event is not None
    assert admin.get("/admin/game/event/").status_code == 200
    assert admin.get("/admin/game/campaign/").status_code == 200
    assert admin.get("/admin/game/event/add/").status_code == 403
    assert admin.post(f"/admin/game/event/{event.pk}/delete/", {"post": "yes"}).status_code == 403
    admin.post(f"/admin/game/event/{event.pk}/change/", {"type": "Forged"})
    event.refresh_from_db()
    assert event.type != "Forged"
