"""A campaign played to its victory in real browsers: the GM creates it the web way with a round limit of 1, two
players join by the invite link, the GM loads a two-civilization scenario and resolves the round; when Exploit
ends, the result and the final standings appear on the GM's, each player's and a spectator's page without
reloading, and the campaign is read-only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from cvsite.cluster import Cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.live import Client, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]

TWO_EMPIRES = Path(__file__).resolve().parents[1] / "game" / "two_empires.yaml"


def join(page: Page, invite_url: str, civ_name: str) -> None:
    page.goto(invite_url)
    page.get_by_label("Name your civilization").fill(civ_name)
    page.get_by_role("button", name="Join the campaign").click()
    expect(page.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)


def test_a_campaign_played_to_its_round_limit_announces_the_winner_on_every_page(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=2, workers=2)
    cluster.manage("cv_demo")  # the users gm, player1 and player2
    daphne_a, daphne_b = (f"http://127.0.0.1:{port}" for port in cluster.daphne_ports)

    gm = browser.new_page()
    sign_in(gm, daphne_a, "gm")
    gm.goto(f"{daphne_a}/")
    gm.get_by_label("Campaign name").fill("Last Stand")
    gm.get_by_label("Public: anyone may follow it as a spectator").check()
    gm.get_by_label("Round limit").fill("0")
    gm.get_by_role("button", name="Create campaign").click()
    # Refused before it is sent (the server refuses it too: tests/game/test_victory.py); nothing created.
    assert gm.get_by_label("Round limit").evaluate("input => !input.validity.valid")
    expect(gm).to_have_url(f"{daphne_a}/")
    gm.get_by_label("Round limit").fill("1")
    gm.get_by_role("button", name="Create campaign").click()
    expect(gm.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)
    campaign_id = int(gm.url.rstrip("/").split("/")[-1])
    expect(gm.locator("#victory-rules")).to_contain_text("Round limit: at the end of round 1, the best score wins.")
    expect(gm.locator("#victory-rules")).to_contain_text("Elimination: the last civilization holding colonies wins.")

    invite_url = gm.locator("#invite").input_value()
    players = []
    for username, civ_name in (("player1", "Sol"), ("player2", "Vega")):
        page = browser.new_context().new_page()
        sign_in(page, daphne_b, username)
        join(page, invite_url.replace(daphne_a, daphne_b), civ_name)
        players.append(page)

    gm.reload()
    gm.get_by_text("Start from a scenario file").click()
    gm.locator("#scenario-file").set_input_files(TWO_EMPIRES)
    gm.get_by_role("button", name="Load scenario").click()
    expect(gm.locator("#scenario-msg")).to_have_text("Scenario loaded.")
    # The GM sees the live scores; the players see none until the GM publishes them.
    expect(gm.locator("#victory-scores table")).to_contain_text("Sol")
    expect(players[0].locator("#victory-scores")).to_contain_text("has not published the scores")

    api = Client(daphne_a).login("gm")
    advance_to(api, campaign_id, "exploit.9", 1)
    spectator = browser.new_page()
    open_campaign(spectator, daphne_a, campaign_id)
    for page in (*players, gm):
        page.reload()
        expect(page.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)
    pages = (gm, *players, spectator)
    for page in pages:
        expect(page.locator("[data-bind=step_label]")).to_have_text("Exploit 9")
        expect(page.locator("#campaign-end")).to_be_hidden()
        page.evaluate("window.notReloaded = true")

    gm.get_by_role("button", name="Advance").click()
    for page in pages:
        end = page.locator("#campaign-end")
        expect(end).to_be_visible(timeout=15_000)
        expect(end).to_contain_text("The campaign is over, won by Sol: Round 1 was the last; Sol scored best.")
        expect(end.locator("table caption")).to_have_text("Final standings, round 1")
        expect(end.locator("tbody th")).to_have_text(["Sol", "Vega"])
        expect(page.locator("[data-bind=status]")).to_have_text("the campaign has ended")
        expect(page.locator("#log li[data-type=CampaignEnded]")).to_have_count(1)
        assert page.evaluate("window.notReloaded === true"), "the result must arrive without reloading"
    # Read-only: the GM's controls are off, and the server refuses a write anyway.
    expect(gm.get_by_role("button", name="Advance: resolve this step")).to_be_disabled()
    expect(gm.locator("#gm-end-form")).to_be_hidden()
    status, body = api.request("POST", f"/api/campaigns/{campaign_id}/advance/", {"round": 1, "step": "exploit.9"})
    assert (status, body["error"]) == (409, "The campaign has ended.")


def test_the_gm_ends_the_campaign_from_the_dashboard_and_a_spectator_sees_it_at_once(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    (base,) = (f"http://127.0.0.1:{port}" for port in cluster.daphne_ports)
    gm = browser.new_page()
    sign_in(gm, base, "gm")
    open_campaign(gm, base, 1)
    spectator = browser.new_page()
    open_campaign(spectator, base, 1)
    spectator.evaluate("window.notReloaded = true")

    form = gm.locator("#gm-end-form")
    form.get_by_label("Gaian Accord").check()
    form.get_by_label("Why it ends (everyone reads it)").fill("The Terrans and the Combine conceded.")
    form.get_by_role("button", name="End the campaign…").click()
    expect(form.locator("#gm-end-confirm")).to_contain_text("End the campaign now, Gaian Accord winning?")
    form.get_by_role("button", name="Yes, end the campaign now").click()
    for page in (gm, spectator):
        expect(page.locator("#campaign-end")).to_contain_text(
            "The campaign is over, won by Gaian Accord: The Terrans and the Combine conceded.", timeout=10_000)
        expect(page.locator("#campaign-end tr.winner th")).to_have_text("Gaian Accord")
    assert spectator.evaluate("window.notReloaded === true")
