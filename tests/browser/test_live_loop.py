"""The core loop in a real browser: the GM clicks Advance on one Daphne; a worker in another process resolves the
step; a player's page on a second Daphne and a spectator's page show the new step without reloading."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE
from tests.live import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]


def sign_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text(username, exact=True)).to_be_visible()


def open_campaign(page: Page, base: str, campaign_id: int) -> None:
    page.goto(f"{base}/campaigns/{campaign_id}/")
    expect(page.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)


def test_gm_advance_shows_on_player_and_spectator_pages_without_reload(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=2, workers=2)
    cluster.manage("cv_demo")
    daphne_a, daphne_b = (f"http://127.0.0.1:{port}" for port in cluster.daphne_ports)
    campaign_id = 1

    gm = browser.new_page()
    sign_in(gm, daphne_a, "gm")
    open_campaign(gm, daphne_a, campaign_id)
    player = browser.new_context(**PHONE).new_page()
    sign_in(player, daphne_b, "player1")
    open_campaign(player, daphne_b, campaign_id)
    spectator = browser.new_page()
    open_campaign(spectator, daphne_a, campaign_id)
    for page in (gm, player, spectator):
        expect(page.locator("[data-bind=step_label]")).to_have_text("Explore 1")
    for page in (player, spectator):  # a marker that a reload would wipe out
        page.evaluate("window.notReloaded = true")

    clicked = time.monotonic()
    gm.get_by_role("button", name="Advance").click()
    for page in (player, spectator, gm):
        expect(page.locator("[data-bind=step_label]")).to_have_text("Explore 2", timeout=10_000)
    elapsed = time.monotonic() - clicked
    print(f"\nAdvance click to new step shown on all three pages: {elapsed * 1000:.0f} ms")
    for page in (player, spectator):
        assert page.evaluate("window.notReloaded === true"), "the pages must update without reloading"
    # The step's own machinery moved the indicator; it adds no line to the player's chronicle.
    expect(player.locator("#log li[data-type=StepResolved]")).to_have_count(0)
    # The player's phone page fits 375 px without horizontal scrolling.
    assert player.evaluate("document.documentElement.scrollWidth") <= 375


def test_page_says_it_is_reconnecting_and_catches_up(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=2, workers=1)
    cluster.manage("cv_demo")
    daphne_a, daphne_b = (f"http://127.0.0.1:{port}" for port in cluster.daphne_ports)
    spectator = browser.new_page()
    open_campaign(spectator, daphne_b, 1)
    cluster.stop("daphne-b")
    expect(spectator.locator("#conn")).to_have_text("Reconnecting…")
    expect(spectator.locator("#conn")).to_be_visible()

    gm = browser.new_page()
    sign_in(gm, daphne_a, "gm")
    open_campaign(gm, daphne_a, 1)
    gm.get_by_role("button", name="Advance").click()
    expect(gm.locator("[data-bind=step_label]")).to_have_text("Explore 2", timeout=10_000)

    cluster.start_daphne("daphne-b", int(daphne_b.rsplit(":", 1)[1]))
    expect(spectator.locator("#conn")).to_be_hidden(timeout=15_000)
    expect(spectator.locator("[data-bind=step_label]")).to_have_text("Explore 2")
    expect(spectator.locator("#round-1 .step-progress")).to_have_text("1 step resolved.")  # caught up, once
