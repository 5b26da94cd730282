from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from rest_framework.test import APIClient

from game import services
from game.models import Campaign, Civilization


@dataclass
class Table:
    campaign: Campaign
    gm: AbstractBaseUser
    players: list[AbstractBaseUser]
    civs: list[Civilization]

    def client(self, user: AbstractBaseUser | None) -> APIClient:
        client = APIClient(enforce_csrf_checks=False)
        if user is not None:
            client.force_authenticate(user)
        return client

    def url(self, suffix: str = "") -> str:
        return f"/api/campaigns/{self.campaign.pk}/{suffix}"

    def pointer(self) -> dict[str, object]:
        self.campaign.refresh_from_db()
        return {"round": self.campaign.round, "step": self.campaign.step.key}


def _user(name: str) -> AbstractBaseUser:
    return get_user_model().objects.create_user(name, password="a-long-test-password")


def make_table(prefix: str, public: bool = False, players: int = 3) -> Table:
    gm = _user(f"{prefix}-gm")
    campaign = services.campaign_create(gm, name=f"{prefix} campaign", seed=f"{prefix}-seed", is_public=public)
    users = [_user(f"{prefix}-p{i}") for i in range(1, players + 1)]
    civs = [services.campaign_join(u, invite_token=campaign.invite_token, civ_name=f"{prefix} civ {i}")
            for i, u in enumerate(users, start=1)]
    return Table(campaign, gm, users, civs)


@pytest.fixture
def table(db: None) -> Table:
    return make_table("alpha")


@pytest.fixture
def other_table(db: None) -> Table:
    return make_table("beta")


@pytest.fixture
def stranger(db: None) -> AbstractBaseUser:
    return _user("stranger")
