"""Research in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): a player starts a
project from their page on a 375 px phone, reads its odds (and the odds at another funding), re-funds it, reads every
roll over four rounds (the GM's physical dice entered for Explore 3), gets the technology, sees it known in the tech
tree and designs a unit with the missile weapon it unlocked; the GM confirms a catastrophe's severity after a change
without a reason is refused."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, scenario_cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.browser.test_order_forms import choose, give
from tests.live import Client, advance, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database, its world replaced by the scenario
SCENARIO = Path(__file__).with_name("research.yaml")


def roll_research(gm: Client, round_number: int, rolls: list[int]) -> None:
    """Open Explore 3 of the round, enter the GM's dice for its research rolls, and resolve it."""
    advance_to(gm, CAMPAIGN, "explore.3", round_number)
    status, body = gm.request("POST", f"/api/campaigns/{CAMPAIGN}/dice/", {"rolls": rolls})
    assert status == 200, body
    advance(gm, CAMPAIGN)


@pytest.mark.timeout(600)  # four rounds resolved step by step
def test_a_player_researches_a_weapon_over_rounds_and_designs_with_it_and_the_gm_rules_a_catastrophe(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    base, gm = scenario_cluster(cluster_factory, SCENARIO.read_text())

    sol = browser.new_context(**PHONE).new_page()
    sign_in(sol, base, "player1")
    open_campaign(sol, base, CAMPAIGN)
    panel = sol.locator("#rs")
    expect(panel).to_be_visible(timeout=15_000)
    expect(sol.locator("#rs-tree g[data-tech=missile_engine]")).to_have_attribute("data-status", "available")
    expect(sol.locator("#rs-tree g[data-tech=hull_corvette]")).to_have_attribute("data-status", "known")

    # Round 1, Explore 13: the project, from the order form; its odds on the page before the first roll.
    advance_to(gm, CAMPAIGN, "explore.13", 1)
    expect(sol.locator("#legal-orders[data-pointer='1:explore.13']")).to_be_attached(timeout=15_000)

    def start(form: Locator) -> None:
        choose(form.get_by_label("Technology", exact=True), "Missile Engine Technology")
        choose(form.get_by_label("Where", exact=True), "Sol")
        form.get_by_label("MU a round", exact=True).fill("300")

    give(sol, "StartResearch", None, start)
    advance_to(gm, CAMPAIGN, "explore.14", 1)
    project = sol.locator("#rs-projects li[data-project]")
    expect(project).to_contain_text("Missile Engine Technology — 0 of 2 successes")
    expect(project).to_contain_text("Next roll: 300 MU on this success: 12% (12% table + 0% stations)")
    project.get_by_label("Odds at MU a round").fill("500")
    expect(project.locator("p.rs-odds[role=status]")).to_contain_text("At 500 MU a round the next roll has 20%")
    expect(sol.locator("#rs-tree g[data-tech=missile_engine]")).to_have_attribute("data-status", "in_progress")
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"

    # Round 2: a 90 fails; the 300 MU stay on this success. Re-funded at 400 MU a round, the offer saying the odds.
    roll_research(gm, 2, [90])
    history = sol.locator("#rs-history")
    expect(history).to_contain_text("rolled 90: failure (successes: 0 of 2)")
    advance_to(gm, CAMPAIGN, "explore.13", 2)
    expect(sol.locator("#legal-orders[data-pointer='2:explore.13']")).to_be_attached(timeout=15_000)
    fund = sol.locator("form[data-kind=FundResearch]")
    expect(fund).to_contain_text("600 MU on this success: 24%")
    give(sol, "FundResearch", None, lambda form: form.get_by_label("MU a round", exact=True).fill("400"))

    # Round 3: 700 MU, 28%; a 5 is the research success. Round 4: 400 MU, 16%; a 5 is the development success.
    roll_research(gm, 3, [5])
    expect(history).to_contain_text("700 MU on this success, 28% (28% + 0), rolled 5: success (successes: 1 of 2)")
    roll_research(gm, 4, [5])
    expect(history).to_contain_text("now knows Missile Engine Technology (research)")
    expect(sol.locator("#rs-tree g[data-tech=missile_engine]")).to_have_attribute("data-status", "known")
    expect(sol.locator("#rs-no-projects")).to_be_visible()

    # The designer now offers missiles: a Corvette with a missile launcher is saved.
    sol.goto(f"{base}/campaigns/{CAMPAIGN}/designer/")
    sol.locator("#d-name").fill("Missile Boat")
    sol.locator("#d-scale").select_option("CORVETTE")
    sol.locator("#add-weapon").click()
    weapon = sol.locator("#d-weapons li").last
    weapon.get_by_label("weapon type").select_option("missile")
    weapon.get_by_label("Average damage").fill("3")
    save = sol.get_by_role("button", name="Save design")
    expect(save).to_be_enabled()
    save.click()
    expect(sol.locator("#design-msg")).to_have_text("Saved Missile Boat.")

    # The GM: Vega's disaster, changed without a reason (refused), then confirmed as proposed.
    desk = browser.new_context().new_page()
    sign_in(desk, base, "gm")
    open_campaign(desk, base, CAMPAIGN)
    ruling = desk.locator("#rs-civs form[data-catastrophe='50']")
    expect(ruling).to_contain_text("proposed disaster")
    ruling.get_by_label("Severity").select_option("minor")
    ruling.get_by_role("button", name="Rule on the catastrophe").click()
    expect(ruling.locator("p.msg")).to_contain_text("reason")
    ruling.get_by_label("Severity").select_option("disaster")
    ruling.get_by_role("button", name="Rule on the catastrophe").click()
    expect(desk.locator("#rs-msg")).to_have_text("Recorded.")
    expect(desk.locator("#rs-civs form[data-catastrophe]")).to_have_count(0)
    expect(desk.locator("#rs-history")).to_contain_text("ruled the Missile Engine Technology catastrophe disaster")
