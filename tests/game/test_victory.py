"""The end of a campaign in the service layer: checked when Exploit ends, declared by the GM, then read-only with
its final standings, and its visibility as the GM chose at creation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from rest_framework.test import APIClient

from game import selectors, services
from game.engine.phases import ALL_STEPS
from game.errors import ServiceError
from game.models import Campaign, Event
from game.visibility import viewer_for
from tests.game.conftest import Table

pytestmark = pytest.mark.django_db

TWO_EMPIRES = Path(__file__).with_name("two_empires.yaml")
LAST_STEP = len(ALL_STEPS) - 1


def scenario(*, vega_holds_a_colony: bool = True) -> str:
    data = yaml.safe_load(TWO_EMPIRES.read_text())
    if not vega_holds_a_colony:
        data["world"]["colonies"] = [c for c in data["world"]["colonies"] if c["civ_id"] == 1]
    return yaml.safe_dump(data)


def victory_table(prefix: str, *, public: bool = True, end_visibility: str = "keep", text: str | None = None,
                  **victory: Any) -> Table:
    users = get_user_model().objects
    gm = users.create_user(f"{prefix}-gm", password="a-long-test-password")
    campaign = services.campaign_create(gm, name=f"{prefix} campaign", seed=prefix, is_public=public,
                                        victory=victory, end_visibility=end_visibility)
    players: list[AbstractBaseUser] = [users.create_user(f"{prefix}-p{i}", password="a-long-test-password")
                                       for i in (1, 2)]
    civs = [services.campaign_join(p, invite_token=campaign.invite_token, civ_name=name)
            for p, name in zip(players, ("Sol", "Vega"), strict=True)]
    services.campaign_load_scenario(gm, campaign.pk, text=text or scenario())
    return Table(Campaign.objects.get(pk=campaign.pk), gm, players, civs)


def resolve_open_step(table: Table) -> None:
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step=campaign.step.key)
    services.step_resolve(campaign.pk, campaign.round, campaign.step_index)


def resolve_last_step_of_round(table: Table) -> Campaign:
    Campaign.objects.filter(pk=table.campaign.pk).update(step_index=LAST_STEP)
    resolve_open_step(table)
    return Campaign.objects.get(pk=table.campaign.pk)


def types_after(campaign: Campaign, seq: int) -> list[str]:
    return list(Event.objects.filter(campaign=campaign, seq__gt=seq).values_list("type", flat=True))


def test_a_round_limit_ends_the_campaign_when_exploit_ends_with_the_best_score_winning() -> None:
    table = victory_table("limit", round_limit=1)
    resolve_open_step(table)
    assert Campaign.objects.get(pk=table.campaign.pk).status == "open"  # Explore 1 is not the end of a round
    before = Campaign.objects.get(pk=table.campaign.pk).last_seq
    campaign = resolve_last_step_of_round(table)
    # The campaign stays at the step it ended with: no next round opens.
    assert (campaign.status, campaign.round, campaign.step_index) == ("ended", 1, LAST_STEP)
    assert types_after(campaign, before)[-2:] == ["StepResolved", "CampaignEnded"]
    ended = Event.objects.get(campaign=campaign, type="CampaignEnded")
    assert ended.visibility == "public"
    assert (ended.payload["reason"], ended.payload["winners"], ended.payload["winner_names"]) == (
        "round_limit", [table.civs[0].pk], ["Sol"])
    assert [row["name"] for row in ended.payload["standings"]] == ["Sol", "Vega"]


def test_a_round_before_the_limit_goes_on() -> None:
    table = victory_table("early", round_limit=2)
    campaign = resolve_last_step_of_round(table)
    assert (campaign.status, campaign.round, campaign.step.key) == ("open", 2, "explore.1")


def test_elimination_ends_it_when_one_civilization_alone_holds_colonies() -> None:
    table = victory_table("elim", elimination=True, text=scenario(vega_holds_a_colony=False))
    campaign = resolve_last_step_of_round(table)
    ended = Event.objects.get(campaign=campaign, type="CampaignEnded")
    assert (campaign.status, ended.payload["reason"], ended.payload["winner_names"]) == (
        "ended", "elimination", ["Sol"])


def test_a_score_threshold_nobody_reached_lets_the_campaign_go_on() -> None:
    table = victory_table("score", score_threshold=10_000)
    assert resolve_last_step_of_round(table).status == "open"


def test_the_gm_declares_the_end_naming_the_winners_and_why() -> None:
    table = victory_table("gm-end")
    client = table.client(table.gm)
    response = client.post(table.url("end/"), {"winners": [table.civs[1].pk], "reason": "Sol conceded."},
                           format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "ended"
    assert response.json()["victory"]["result"]["winner_names"] == ["Vega"]
    ended = Event.objects.get(campaign=table.campaign, type="CampaignEnded")
    assert (ended.payload["reason"], ended.payload["explanation"]) == ("gm", "Sol conceded.")


def test_only_the_gm_ends_it_and_only_with_a_reason_and_real_civilizations() -> None:
    table = victory_table("gm-only")
    assert table.client(table.players[0]).post(table.url("end/"), {"reason": "I win."},
                                               format="json").status_code == 403
    gm = table.client(table.gm)
    assert gm.post(table.url("end/"), {"reason": " "}, format="json").json()["field"] == "reason"
    refused = gm.post(table.url("end/"), {"winners": [999_999], "reason": "Who?"}, format="json")
    assert (refused.status_code, refused.json()["field"]) == (400, "winners")
    assert Campaign.objects.get(pk=table.campaign.pk).status == "open"


def test_after_the_end_every_write_is_refused_and_nothing_changes() -> None:
    table = victory_table("closed")
    services.campaign_end(table.gm, table.campaign.pk, winners=[], reason="We stop here.")
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    pointer = {"round": campaign.round, "step": campaign.step.key}
    gm, player = table.client(table.gm), table.client(table.players[0])
    attempts: list[tuple[APIClient, str, dict[str, Any]]] = [
        (gm, "advance/", pointer), (gm, "preview/", pointer), (gm, "undo/", {**pointer, "reason": "Oops."}),
        (gm, "dice/", {"rolls": [3]}), (gm, "rulings/", {"text": "One more thing."}),
        (gm, "standings/", {"figures": ["score"]}), (gm, "scenario/", {"text": scenario()}),
        (gm, "end/", {"reason": "Again."}),
        (player, "orders/", {**pointer, "kind": "PlotCourse", "payload": {}, "idempotency_key": "after-the-end"}),
        (player, "ready/", pointer),
    ]
    for client, path, body in attempts:
        response = client.post(table.url(path), body, format="json")
        assert (path, response.status_code, response.json()["error"]) == (path, 409, "The campaign has ended.")
    assert Campaign.objects.get(pk=table.campaign.pk).last_seq == campaign.last_seq
    newcomer = get_user_model().objects.create_user("latecomer", password="a-long-test-password")
    with pytest.raises(ServiceError, match=r"The campaign has ended\."):
        services.campaign_join(newcomer, invite_token=campaign.invite_token, civ_name="Rigel")
    # Ruling: the private notes with the GM stay open for the talk after the game.
    assert player.post(table.url("notes/"), {"text": "Good game!"}, format="json").status_code == 201
    # The chronicle stays readable.
    assert table.client(None).get(table.url("events/")).status_code == 200


def test_a_campaign_made_private_at_the_end_is_no_longer_followed_by_spectators() -> None:
    table = victory_table("private", public=True, end_visibility="private", round_limit=1)
    resolve_last_step_of_round(table)
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    assert not campaign.is_public
    assert types_after(campaign, campaign.last_seq - 2) == ["CampaignEnded", "VisibilityChanged"]
    assert table.client(None).get(table.url()).status_code == 404
    assert table.client(table.players[1]).get(table.url("events/")).status_code == 200


def test_a_campaign_made_public_at_the_end_opens_its_chronicle_to_everyone() -> None:
    table = victory_table("public", public=False, end_visibility="public")
    services.campaign_end(table.gm, table.campaign.pk, winners=[table.civs[0].pk], reason="Sol rules.")
    assert Campaign.objects.get(pk=table.campaign.pk).is_public
    log = table.client(None).get(table.url("events/")).json()["events"]
    assert log[-1]["type"] == "CampaignEnded"
    assert log[-1]["description"] == "The campaign is over, won by Sol: Sol rules."


def test_victory_conditions_are_checked_when_the_campaign_is_created() -> None:
    gm = get_user_model().objects.create_user("creator", password="a-long-test-password")
    with pytest.raises(ServiceError) as problem:
        services.campaign_create(gm, name="Bad", victory={"round_limit": 0})
    assert problem.value.field == "round_limit"
    with pytest.raises(ServiceError) as problem:
        services.campaign_create(gm, name="Bad", end_visibility="sometimes")
    assert problem.value.field == "end_visibility"
    client = APIClient()
    client.force_authenticate(gm)
    created = client.post("/api/campaigns/", {"name": "Good", "victory": {"elimination": True, "round_limit": 8},
                                              "end_visibility": "public"}, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["victory"]["rules"] == [
        "Elimination: the last civilization holding colonies wins.",
        "Round limit: at the end of round 8, the best score wins.",
        "The Game Master may declare the end at any time."]


def scores_seen_by(table: Table, user: AbstractBaseUser) -> dict[str, Any] | None:
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    scores: dict[str, Any] | None = selectors.campaign_state(viewer_for(user, campaign), campaign)["victory"][
        "scores"]
    return scores


def test_the_gm_sees_live_scores_and_players_those_the_gm_publishes_then_everyone_the_final_ones() -> None:
    table = victory_table("scores")
    gm_scores = scores_seen_by(table, table.gm)
    assert gm_scores is not None
    assert [row["name"] for row in gm_scores["rows"]] == ["Sol", "Vega"]
    assert scores_seen_by(table, table.players[0]) is None
    services.standings_publish(table.gm, table.campaign.pk, figures=["colonies", "score"])
    published = scores_seen_by(table, table.players[0])
    assert published is not None
    assert [(r["name"], r["score"]) for r in published["rows"]] == [(r["name"], r["score"])
                                                                   for r in sorted(gm_scores["rows"],
                                                                                   key=lambda r: r["name"])]
    services.campaign_end(table.gm, table.campaign.pk, winners=[], reason="Time is up.")
    final = scores_seen_by(table, table.players[1])
    assert final is not None and final["final"]


def test_the_new_campaign_form_takes_the_conditions_and_says_what_is_wrong() -> None:
    gm = get_user_model().objects.create_user("form-gm", password="a-long-test-password")
    client = Client()
    client.force_login(gm)
    form = {"name": "Formed", "first_year": 2400, "combat_system": "instant_mass", "dice_mode": "server",
            "score_threshold": "", "round_limit": "0", "end_visibility": "private"}
    refused = client.post("/campaigns/new/", form)
    assert refused.status_code == 400
    assert "Give a whole number from 1 up, or leave it empty." in refused.content.decode()
    assert not Campaign.objects.filter(name="Formed").exists()
    created = client.post("/campaigns/new/", {**form, "round_limit": "12", "elimination": "on"})
    assert created.status_code == 302
    campaign = Campaign.objects.get(name="Formed")
    assert campaign.victory_conditions == {"elimination": True, "score_threshold": None, "round_limit": 12}
    assert campaign.end_visibility == "private"
    page = client.get(created["Location"]).content.decode()
    assert "How this campaign is won" in page
