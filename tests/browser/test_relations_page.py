"""Diplomacy, the Council and a victory in a real browser on real processes (Daphne, a Celery worker, PostgreSQL,
Redis): Sol, on a 375 px phone, proposes peace and a full trade agreement through the order forms of Explore 9;
Vega reads both waiting and accepts them through the forms of Explore 10; the trade income of Exploit shows on both
pages; Vega breaks the trade agreement and Sol, Vega and the GM all read it in the thread, live. In round 2's
Council Vega's secret bid, made through the order form, elects it Planetary Governor, which every page shows with
the tallies. Then the GM switches on Alpha Centauri's economic victory and, from the desk, raises Sol's Economy with
a reason; Sol reads the victory reached in its Social Factors and, at the end of Exploit, every page announces Sol's
economic victory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, advance_unwatched, scenario_cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.browser.test_order_forms import choose, give
from tests.live import advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database, its world replaced by the scenario
SCENARIO = Path(__file__).with_name("diplomacy.yaml")


def propose(treaty: str) -> Callable[[Locator], None]:
    def fill(form: Locator) -> None:
        choose(form.get_by_label("To", exact=True), "(")  # the one civilization in range, its stance in brackets
        choose(form.get_by_label("Treaty", exact=True), treaty)
    return fill


def accept(form: Locator) -> None:
    choose(form.get_by_label("Answer", exact=True), "Accept")


@pytest.mark.timeout(600)
def test_two_players_agree_peace_and_trade_see_the_income_and_both_read_the_broken_treaty(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    base, gm = scenario_cluster(cluster_factory, SCENARIO.read_text())

    sol = browser.new_context(**PHONE).new_page()
    sign_in(sol, base, "player1")
    open_campaign(sol, base, CAMPAIGN)
    vega = browser.new_context().new_page()
    sign_in(vega, base, "player2")
    open_campaign(vega, base, CAMPAIGN)
    expect(sol.locator("#dp")).to_be_visible(timeout=15_000)
    expect(sol.locator("#dp-counterparts li[data-civ]")).to_contain_text("Neutral")

    # Round 1, Explore 9: Sol proposes peace and a full trade agreement.
    advance_to(gm, CAMPAIGN, "explore.9", 1)
    expect(sol.locator("#legal-orders[data-pointer='1:explore.9']")).to_be_attached(timeout=15_000)
    give(sol, "ProposeTreaty", None, propose("Peace"))
    give(sol, "ProposeTreaty", None, propose("Trade agreement (full"))

    # Explore 10: Vega reads both waiting and accepts them.
    advance_to(gm, CAMPAIGN, "explore.10", 1)
    waiting = vega.locator("#dp-counterparts li[data-civ] .dp-waiting")
    expect(waiting).to_have_count(2, timeout=15_000)
    expect(waiting.first).to_contain_text("They propose: Peace")
    expect(vega.locator("#legal-orders[data-pointer='1:explore.10']")).to_be_attached(timeout=15_000)
    give(vega, "AnswerTreaty", "Peace from", accept)
    give(vega, "AnswerTreaty", "Trade agreement (full", accept)

    # Exploit: the income of full trade, 10% of the partner's 100 MU of taxes, on both pages.
    # Sol's page closed for the steps in between (read again after); Vega's follows them live.
    advance_unwatched(gm, CAMPAIGN, "exploit.8", 1, sol)
    open_campaign(sol, base, CAMPAIGN)
    expect(sol.locator("#dp-counterparts li[data-civ]")).to_have_attribute("data-stance", "peace")
    expect(sol.locator("#dp-income")).to_have_text("Trade income in the last Exploit: 10 MU")
    expect(sol.locator("#dp-counterparts .dp-trade")).to_contain_text("you gained 10 MU, they 10 MU")
    expect(vega.locator("#dp-income")).to_have_text("Trade income in the last Exploit: 10 MU")
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"

    # Round 2, Explore 9: Vega breaks the trade agreement; Sol, Vega and the GM read it.
    advance_unwatched(gm, CAMPAIGN, "explore.9", 2, sol, vega)
    open_campaign(vega, base, CAMPAIGN)
    expect(vega.locator("#legal-orders[data-pointer='2:explore.9']")).to_be_attached(timeout=15_000)

    def break_trade(form: Locator) -> None:
        choose(form.get_by_label("Treaty", exact=True), "Trade agreement")
        form.get_by_label("Why (they read it)", exact=True).fill("Your ore is poor.")

    give(vega, "BreakTreaty", None, break_trade)
    advance_to(gm, CAMPAIGN, "explore.10", 2)
    open_campaign(sol, base, CAMPAIGN)
    desk = browser.new_context().new_page()
    sign_in(desk, base, "gm")
    open_campaign(desk, base, CAMPAIGN)
    for page, where in ((sol, "#dp-counterparts"), (vega, "#dp-counterparts"), (desk, "#dp-pairs")):
        thread = page.locator(f"{where} .dp-thread li[data-type=TreatyBroken]")
        expect(thread).to_contain_text("broke its trade treaty", timeout=15_000)
        expect(thread).to_contain_text("Your ore is poor.")
    expect(sol.locator("#dp-counterparts li[data-civ]")).to_contain_text("treaties: peace")

    # The economic victory: the setting, the GM's ruling on Sol's Economy (refused without a reason), the distance.
    status, body = gm.request("POST", f"/api/campaigns/{CAMPAIGN}/settings/",
                              {"changes": {"victory_ac_economic": 50}, "reason": "Alpha Centauri's victories"})
    assert status == 200, body
    adjust = desk.locator("#dp-adjust")
    adjust.locator("#dp-adjust-civ_id").select_option(index=0)
    adjust.get_by_label("By", exact=True).fill("51")
    adjust.get_by_role("button", name="Change the score").click()
    expect(desk.locator("#dp-adjust-reason-error")).to_contain_text("reason")
    adjust.get_by_label("Reason (they read it)", exact=True).fill("A trade empire")
    adjust.get_by_role("button", name="Change the score").click()
    expect(desk.locator("#dp-msg")).to_have_text("Score changed; the civilization reads it.")
    expect(sol.locator("#dp-social [data-victory=economic]")).to_have_text("Economic victory: reached")
    expect(vega.locator("#dp-social [data-victory=economic]")).to_have_text("Economic victory: 51 more to go")
    # The Council of round 2 (Exploit 1): Vega bids 15 MU through the order form and is elected Governor.
    advance_unwatched(gm, CAMPAIGN, "exploit.1", 2, sol, desk)
    for page in (sol, desk):
        open_campaign(page, base, CAMPAIGN)
    expect(vega.locator("#legal-orders[data-pointer='2:exploit.1']")).to_be_attached(timeout=15_000)
    give(vega, "CouncilBid", None, lambda form: form.get_by_label("MU to bid", exact=True).fill("15"))
    advance_to(gm, CAMPAIGN, "exploit.2", 2)
    for page in (sol, vega, desk):
        expect(page.locator("#dp-governor")).to_contain_text("Planetary Governor:", timeout=15_000)
        expect(page.locator("#dp-tallies li").first).to_contain_text("15 MU bid")
    advance_unwatched(gm, CAMPAIGN, "exploit.9", 2, sol, desk)
    for page in (sol, desk):
        open_campaign(page, base, CAMPAIGN)
    # Advanced by hand: the campaign ends instead of opening the next step (advance() waits for that).
    status, body = gm.request("POST", f"/api/campaigns/{CAMPAIGN}/advance/", {"round": 2, "step": "exploit.9"})
    assert status == 202, body
    for page in (sol, vega, desk):
        end = page.locator("#campaign-end")
        expect(end).to_be_visible(timeout=20_000)
        expect(end).to_contain_text("Economic victory")
