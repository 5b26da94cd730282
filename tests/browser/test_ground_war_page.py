"""The ground war in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): Sol (player1, on a
375 px phone) sends its transport Ark with two Heavy Tank battalions in the hold to Vega's colony Vega II; once there,
Sol's ground-war panel shows the defenders (the levy of five cities), the open terrain and the odds of an invasion
before the order is sent; Sol invades through the order form of Exterminate 9, wins and occupies Vega II, and the GM's
and Vega's pages read the battle and the occupation; two battalions cannot garrison five cities, so in the next round
Vega II rebels, and every page reads the rising (ground_war.yaml)."""

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
SCENARIO = Path(__file__).with_name("ground_war.yaml")
SOL, VEGA = "Terran Hegemony", "Gaian Accord"  # the demo campaign's civilizations play the scenario's Sol and Vega


def to_vega(form: Locator) -> None:
    choose(form.get_by_label("Destination", exact=True), "Sector 1,0")
    choose(form.get_by_label("Point of interest", exact=True), "Vega (")


def both_tanks(form: Locator) -> None:
    form.get_by_label("1st Armored", exact=False).check()
    form.get_by_label("2nd Armored", exact=False).check()


@pytest.mark.timeout(900)  # a loaded 2-core machine: the last run took 9.5 minutes
def test_tanks_carried_to_an_enemy_colony_invade_occupy_it_and_it_rebels_the_next_round(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    base, gm = scenario_cluster(cluster_factory, SCENARIO.read_text())

    sol = browser.new_context(**PHONE).new_page()
    sign_in(sol, base, "player1")
    open_campaign(sol, base, CAMPAIGN)
    vega = browser.new_context().new_page()
    sign_in(vega, base, "player2")
    open_campaign(vega, base, CAMPAIGN)
    desk = browser.new_context().new_page()
    sign_in(desk, base, "gm")
    open_campaign(desk, base, CAMPAIGN)
    expect(sol.locator("#gw")).to_be_visible(timeout=15_000)
    # The GM's desk lists Terra (the tanks wait in the Ark's hold in its system), not yet Vega II.
    expect(desk.locator("#gw-colonies li[data-colony]", has_text="Terra")).to_contain_text("1st Armored — Heavy Tank")
    expect(desk.locator("#gw-colonies li[data-colony]", has_text="Vega II")).to_have_count(0)

    # Round 1, Explore 14: the Ark, tanks in its hold, plots a course to Vega.
    advance_to(gm, CAMPAIGN, "explore.14", 1)
    expect(sol.locator("#legal-orders[data-pointer='1:explore.14']")).to_be_attached(timeout=15_000)
    give(sol, "PlotCourse", None, to_vega)

    # Round 2, Exterminate 9: the Ark is at Vega; before ordering, Sol reads the defenders, the terrain and the odds.
    # Vega's and the GM's pages closed for the round's steps; Sol's follows them live.
    advance_unwatched(gm, CAMPAIGN, "exterminate.9", 2, vega, desk)
    for page in (vega, desk):
        open_campaign(page, base, CAMPAIGN)
    card = sol.locator("#gw-colonies li[data-colony]", has_text="Vega II")
    expect(card).to_contain_text("terrain open/clear", timeout=15_000)
    expect(card).to_contain_text("the levy: 5 Militia")
    expect(card.locator("[data-odds=win]")).to_contain_text("Win")
    expect(card).to_contain_text("The orbit is yours")
    gm_card = desk.locator("#gw-colonies li[data-colony]", has_text="Vega II")
    expect(gm_card).to_contain_text("Pop 50")
    expect(gm_card).to_contain_text("2nd Armored — Heavy Tank (AR 11/1, DR 10/1) in Ark's hold")
    expect(sol.locator("#legal-orders[data-pointer='2:exterminate.9']")).to_be_attached(timeout=15_000)
    give(sol, "Invade", "Vega II", both_tanks)

    # The battle is fought as Exterminate 9 resolves: Sol occupies Vega II; every page reads it.
    advance_to(gm, CAMPAIGN, "expand.1", 2)
    expect(card.locator("h4")).to_contain_text(f"occupied by {SOL}", timeout=15_000)
    expect(card.locator(".gw-risk")).to_contain_text("Rebellion risk 100%")  # 2 of the 5 garrison battalions
    for page in (sol, vega, desk):
        expect(page.locator("#gw-battles li", has_text=f"invasion by {SOL}")).to_contain_text(f"{SOL} won",
                                                                                 timeout=15_000)
    expect(vega.locator("#gw-colonies li[data-colony]", has_text="Vega II").locator("h4")).to_contain_text(
        f"occupied by {SOL}")
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"

    # A later round: Exploit 4 of round 3, Vega II rises (again); its rebel Militia cannot hurt dug-in tanks.
    advance_unwatched(gm, CAMPAIGN, "exploit.5", 3, vega, desk)
    for page in (vega, desk):
        open_campaign(page, base, CAMPAIGN)
    for page in (sol, vega, desk):
        risings = page.locator("#gw-battles li", has_text=f"rebellion by {VEGA}")
        expect(risings).to_have_count(2, timeout=15_000)
        expect(risings.first).to_contain_text(f"{SOL} held")
    expect(vega.locator("#log")).to_contain_text(f"rises against {SOL}")
