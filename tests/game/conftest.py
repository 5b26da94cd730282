from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from rest_framework.test import APIClient

from game import services
from game.engine.phases import ALL_STEPS, STEPS_BY_KEY
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

    def move_to(self, round_number: int, key: str) -> None:
        """Put the campaign's pointer at a step, as if the steps before it had been resolved."""
        Campaign.objects.filter(pk=self.campaign.pk).update(round=round_number,
                                                             step_index=ALL_STEPS.index(STEPS_BY_KEY[key]))

    def resolve_step(self) -> None:
        """The GM advances the open step and it is resolved here (as a worker would)."""
        now = Campaign.objects.get(pk=self.campaign.pk)
        services.step_advance(self.gm, now.pk, expected_round=now.round, expected_step=now.step.key)
        assert services.step_resolve(now.pk, now.round, now.step_index)


def _user(name: str) -> AbstractBaseUser:
    return get_user_model().objects.create_user(name, password="a-long-test-password")


def make_table(prefix: str, public: bool = False, players: int = 3) -> Table:
    gm = _user(f"{prefix}-gm")
    campaign = services.campaign_create(gm, name=f"{prefix} campaign", seed=f"{prefix}-seed", is_public=public)
    users = [_user(f"{prefix}-p{i}") for i in range(1, players + 1)]
    civs = [services.campaign_join(u, invite_token=campaign.invite_token, civ_name=f"{prefix} civ {i}")
            for i, u in enumerate(users, start=1)]
    return Table(campaign, gm, users, civs)


def scenario_table(prefix: str, scenario: Path, players: int) -> Table:
    """A campaign whose GM loaded a scenario file once its players joined."""
    table = make_table(prefix, players=players)
    response = table.client(table.gm).post(table.url("scenario/"), {"text": scenario.read_text()}, format="json")
    assert response.status_code == 200, response.json()
    return table


@pytest.fixture
def table(db: None) -> Table:
    return make_table("alpha")


@pytest.fixture
def other_table(db: None) -> Table:
    return make_table("beta")


@pytest.fixture
def stranger(db: None) -> AbstractBaseUser:
    return _user("stranger")
