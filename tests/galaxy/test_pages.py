"""The setup pages are served to the right people only: the galaxy setup to the GM, the designer to the
campaign's civilizations (and the GM), the race builder to a player."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser, User
from django.test import Client

from tests.game.conftest import Table

pytestmark = pytest.mark.postgres


def _get(user: AbstractBaseUser, path: str) -> int:
    client = Client()
    assert isinstance(user, User)
    client.force_login(user)
    return client.get(path).status_code


def test_setup_page_is_the_gms_only(table: Table, stranger: AbstractBaseUser) -> None:
    path = f"/campaigns/{table.campaign.pk}/setup/"
    assert _get(table.gm, path) == 200
    assert _get(table.players[0], path) == 404
    assert _get(stranger, path) == 404


def test_designer_and_race_builder_open_for_a_player(table: Table, stranger: AbstractBaseUser) -> None:
    assert _get(table.players[0], f"/campaigns/{table.campaign.pk}/designer/") == 200
    assert _get(table.gm, f"/campaigns/{table.campaign.pk}/designer/") == 200
    assert _get(stranger, f"/campaigns/{table.campaign.pk}/designer/") == 404
    assert _get(table.players[0], f"/campaigns/{table.campaign.pk}/civilization/") == 200
    assert _get(table.gm, f"/campaigns/{table.campaign.pk}/civilization/") == 404
