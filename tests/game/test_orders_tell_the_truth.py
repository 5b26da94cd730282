"""No order accepted that is later refused for a reason known at submission (issue 36): a campaign with every rule
module on plays four rounds (the Council meets in the fourth) with scripted players who give every order they are
offered, filled in as the form offers it (the first choice of each field, the least amount), in the order offered.
Each is either refused at once or, once accepted, not refused when its step resolves."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from galaxy import selectors as galaxy_selectors
from galaxy import services as galaxy_services
from game import selectors, services, visibility
from game.engine.phases import StepKind
from game.errors import ServiceError
from game.management.commands.cv_autoplay import galaxy_for, module_settings, modules_named
from game.models import Campaign, Event
from game.services import settings

pytestmark = pytest.mark.django_db
PLAYERS = 3
ROUNDS = 4


def _campaign() -> tuple[User, list[User], int]:
    """The campaign `cv_autoplay --modules all` plays (every module on, a map where neighbours meet), its seats
    played here by their players."""
    users = get_user_model().objects
    gm = users.create_user("truth-gm")
    campaign = services.campaign_create(gm, name="Every module", seed="truth", victory={"round_limit": 8})
    settings.settings_change(gm, campaign.pk, changes=module_settings(modules_named("all"), 8), reason="all modules")
    factions = [f["key"] for f in galaxy_selectors.race_catalogue()["factions"] if f["may_attack"]]
    players = []
    for index in range(PLAYERS):
        player = users.create_user(f"truth-p{index}")
        civ = services.campaign_join(player, invite_token=campaign.invite_token, civ_name=f"Truth {index}")
        galaxy_services.civ_setup_submit(player, campaign.pk, kind="faction", faction=factions[index])
        galaxy_services.civ_setup_review(gm, campaign.pk, civ.pk, approve=True)
        players.append(player)
    galaxy = galaxy_for(PLAYERS, 8)
    galaxy_services.galaxy_generate(gm, campaign.pk, settings=galaxy["settings"], seed="truth",
                                    home_worlds=galaxy["home_worlds"], min_distance=galaxy["min_distance"])
    galaxy_services.campaign_start(gm, campaign.pk)
    return gm, players, campaign.pk


def as_offered(offer: dict[str, Any]) -> dict[str, Any]:
    """The offer's payload with each field filled as its form first shows it: the first choice, the least amount
    (at least 1), a line of text."""
    payload = dict(offer["payload"])
    for field in offer["fields"]:
        choices = [c["value"] for c in field.get("choices", [])]
        if field["type"] == "choice" and choices:
            payload[field["name"]] = choices[0]
        elif field["type"] in ("multichoice", "sequence") and choices:
            payload[field["name"]] = choices[:1]
        elif field["type"] == "integer":
            payload[field["name"]] = min(max(field.get("min", 0), 1), field.get("max", 1))
        elif field["type"] == "text":
            payload[field["name"]] = "As the form offers it."
    return payload


def test_every_offered_order_is_refused_at_once_or_not_refused_when_its_step_resolves() -> None:
    gm, players, campaign_id = _campaign()
    accepted: dict[tuple[int, str], list[tuple[str, dict[str, Any]]]] = {}
    refused_at_once = given = 0
    while (campaign := Campaign.objects.get(pk=campaign_id)).round <= ROUNDS:
        step = campaign.step
        if step.kind is StepKind.ORDERS:
            for player in players:
                viewer = visibility.viewer_for(player, campaign)
                offers = selectors.legal_orders_for(viewer, campaign)
                shared = {f["choices_id"]: f["choices"] for o in offers for f in o["fields"] if "choices_id" in f}
                for offer in offers:
                    if offer["kind"] == "Declare":
                        continue
                    for field in offer["fields"]:  # the lists a form shares are put back, as the page does
                        if "choices_ref" in field:
                            field["choices"] = shared[field["choices_ref"]]
                    payload = as_offered(offer)
                    given += 1
                    try:
                        services.order_submit(player, campaign_id, round=campaign.round, step=step.key,
                                              kind=offer["kind"], payload=payload, idempotency_key=uuid.uuid4().hex)
                    except ServiceError:
                        refused_at_once += 1
                        continue
                    accepted.setdefault((campaign.round, step.key), []).append((offer["kind"], payload))
        services.step_advance(gm, campaign_id, expected_round=campaign.round, expected_step=step.key)
        assert services.step_resolve(campaign_id, campaign.round, campaign.step_index)
        refusals = Event.objects.filter(campaign_id=campaign_id, type="OrderRejected", round=campaign.round,
                                        step_index=campaign.step_index)
        assert [(e.payload["kind"], e.payload["reason"]) for e in refusals] == [], (step.key, accepted)
    assert sum(len(orders) for orders in accepted.values()) > 10 and given > refused_at_once
