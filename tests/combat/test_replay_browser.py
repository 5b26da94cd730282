"""A spectator on a phone opens a published battle report and steps through its replay, exchange by exchange,
with buttons and keys; an unpublished battle is not there, even by its direct address."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from combat import services as combat_services
from combat.models import Battle
from cvsite.celery import app as celery_app
from game import services
from game.models import Campaign
from tests.browser.conftest import CHROMIUM_ARGS, PHONE
from tests.combat.conftest import SKIRMISH, load_skirmish
from tests.game.conftest import make_table

pytestmark = [pytest.mark.browser, pytest.mark.postgres]


@pytest.fixture
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def reports(transactional_db: None) -> tuple[int, int, int]:
    """A public campaign whose skirmish was fought at Exterminate 4: the battle published, and a second battle
    record not published. Set up before the browser starts: Playwright's sync API runs an event loop in this
    thread, where Django refuses database calls."""
    table = make_table("replay", public=True)
    load_skirmish(table)
    # The resolution runs in this process once the Advance commits, as in embedded mode.
    eager, celery_app.conf.task_always_eager = celery_app.conf.task_always_eager, True
    try:
        services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="exterminate.4")
    finally:
        celery_app.conf.task_always_eager = eager
    assert Campaign.objects.get(pk=table.campaign.pk).step.key == "exterminate.5"
    battle = Battle.objects.get(campaign=table.campaign)
    assert sum(e["type"] == "ExchangeFought" for e in battle.events) >= 2
    hidden = Battle.objects.get(pk=battle.pk)
    hidden.pk, hidden.skirmish_id = None, "1:1,0:vega:sol"
    hidden.save()
    combat_services.battle_publish(table.gm, table.campaign.pk, battle.pk, narrative="Sol's warships broke Vega.")
    return table.campaign.pk, battle.pk, hidden.pk


def test_a_spectator_steps_through_a_published_replay_and_cannot_open_an_unpublished_one(
    live_server: Any, reports: tuple[int, int, int], chromium: Browser,
) -> None:
    campaign_id, _, hidden = reports
    page = chromium.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/campaigns/{campaign_id}/battles/")
    links = page.locator("#battles a")
    expect(links).to_have_count(1)
    links.first.click()
    expect(page.get_by_text("Sol's warships broke Vega.")).to_be_visible()
    title = page.locator("#frame-title")
    expect(title).to_have_text("Before the battle")
    expect(page.get_by_role("button", name="Previous")).to_be_disabled()
    page.get_by_role("button", name="Next").click()
    expect(title).to_have_text("Exchange 1")
    expect(page.locator("#frame-lines")).to_contain_text("strikes")
    page.keyboard.press("ArrowRight")
    expect(title).to_have_text("Exchange 2")
    page.keyboard.press("ArrowLeft")
    expect(title).to_have_text("Exchange 1")
    page.keyboard.press("End")
    expect(title).to_have_text("After the battle")
    expect(page.locator("#frame-lines")).to_contain_text("destroyed")
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    # Both fleets' strength is drawn, and the page fits the phone without scrolling sideways.
    expect(page.locator("#chart polyline")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    response = page.goto(f"{live_server.url}/campaigns/{campaign_id}/battles/{hidden}/")
    assert response is not None and response.status == 404
    api = page.goto(f"{live_server.url}/api/campaigns/{campaign_id}/battles/{hidden}/")
    assert api is not None and api.status == 404


@pytest.fixture
def war(transactional_db: None) -> Iterator[tuple[int, str]]:
    """A skirmish about to be fought, and its first player's user name; odds tasks run in the web process."""
    table = make_table("odds-page")
    load_skirmish(table)
    eager, celery_app.conf.task_always_eager = celery_app.conf.task_always_eager, True
    try:
        yield table.campaign.pk, table.players[0].get_username()
    finally:
        celery_app.conf.task_always_eager = eager


def test_a_player_estimates_the_odds_of_their_skirmish_on_a_phone(
    live_server: Any, war: tuple[int, str], chromium: Browser,
) -> None:
    campaign_id, username = war
    page = chromium.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/campaigns/{campaign_id}/skirmishes/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_label("Battles").fill("200")
    page.get_by_role("button", name="Estimate the odds").click()
    expect(page.locator("progress")).to_be_visible()
    table = page.locator(".odds-table")
    expect(table).to_be_visible(timeout=10_000)
    expect(table.locator("tbody tr")).to_have_count(2)
    expect(page.locator("[data-bind=odds-msg]")).to_contain_text("200 battles with instant_mass")
    assert page.evaluate("document.querySelector('progress').value") == 100
    assert page.evaluate("document.documentElement.scrollWidth") <= 375



@pytest.fixture
def asked(war: tuple[int, str]) -> tuple[int, str]:
    """The war's skirmish fought with Diceless Combat and asking on: Exterminate 4 waits for Sol's offer."""
    campaign_id, _ = war
    campaign = Campaign.objects.get(pk=campaign_id)
    gm = campaign.memberships.get(role="gm").user
    combat_services.skirmish_system_set(gm, campaign_id, SKIRMISH, system="diceless")
    combat_services.skirmish_choices_set(gm, campaign_id, SKIRMISH, ask=True)
    services.step_advance(gm, campaign_id, expected_round=campaign.round, expected_step=campaign.step.key)
    return war


def test_a_player_makes_the_battle_choice_asked_of_them_on_their_page(
    live_server: Any, asked: tuple[int, str], chromium: Browser,
) -> None:
    campaign_id, username = asked
    page = chromium.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/campaigns/{campaign_id}/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Sign in").click()
    panel = page.locator("#battle-choices")
    expect(panel).to_be_visible(timeout=10_000)
    expect(panel).to_contain_text("Offer the enemy a chance to surrender")
    panel.get_by_label("Your terms").fill("Leave Vega")
    panel.get_by_role("button", name="Offer terms").click()
    expect(panel).to_be_hidden(timeout=10_000)
    choices = page.evaluate(f"fetch('/api/campaigns/{campaign_id}/battle-choices/').then((r) => r.json())")
    assert [c["answer"] for c in choices] == [{"choice": "terms", "terms": "Leave Vega"}]
    assert not choices[0]["by_default"]
