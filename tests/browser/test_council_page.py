"""The Planetary Governor's Proposal and the factions' sheets in a real browser on real processes (Daphne, a Celery
worker, PostgreSQL, Redis): Sol, the Peacekeepers' player on a 375 px phone, reads its faction's modifiers on its
page; as Planetary Governor it puts Salvage Unity Fusion Core to the Council through the order form of Explore 9;
Vega reads the Proposal waiting; both vote through the forms of Explore 10 and every page, the GM's too, reads the
Proposal passed with each ballot, live."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, SCREENSHOTS, scenario_cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.browser.test_order_forms import choose, give
from tests.live import advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database, its world replaced by the scenario
SCENARIO = Path(__file__).with_name("council.yaml")


def ballot(text: str) -> Callable[[Locator], None]:
    return lambda form: choose(form.get_by_label("Your vote", exact=True), text)


@pytest.mark.timeout(600)
def test_the_governor_puts_a_proposal_the_council_votes_and_a_player_reads_its_factions_modifiers(
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

    # Sol's faction sheet, open on its page: the modifiers as the round plays them.
    sheet = sol.locator("#dp-social .dp-faction")
    expect(sheet).to_be_visible(timeout=30_000)
    expect(sheet.locator("summary")).to_contain_text("Peacekeepers (Explore, Discover, Democracy)")
    expect(sheet.locator(".dp-modifiers")).to_contain_text("10 free votes at the Council")
    expect(sheet.locator(".dp-modifiers")).to_contain_text("1 extra card a round: 10 MU (Exploit 1)")
    expect(sheet.locator(".dp-modifiers")).to_contain_text("May not adopt Police State (Exploit 1)")
    assert sheet.locator("summary").bounding_box()["height"] >= 44  # type: ignore[index]
    expect(sol.locator("#dp-governor")).to_contain_text("Planetary Governor:")

    # Explore 9: the Governor's Proposal through the order form; Vega reads it waiting.
    advance_to(gm, CAMPAIGN, "explore.9", 1)
    expect(sol.locator("#legal-orders[data-pointer='1:explore.9']")).to_be_attached(timeout=30_000)
    give(sol, "CouncilProposal", None,
         lambda form: choose(form.get_by_label("Proposal", exact=True), "Salvage Unity Fusion Core"))
    advance_to(gm, CAMPAIGN, "explore.10", 1)
    expect(vega.locator("#dp-proposal")).to_contain_text(
        "Before the Council: Salvage Unity Fusion Core (every civilization gains 50 MU)", timeout=30_000)

    # Explore 10: Sol for, Vega against; Sol's votes (the previous Governor's and its free votes) carry it.
    expect(vega.locator("#legal-orders[data-pointer='1:explore.10']")).to_be_attached(timeout=30_000)
    give(sol, "CouncilVote", None, ballot("For"))
    give(vega, "CouncilVote", None, ballot("Against"))
    advance_to(gm, CAMPAIGN, "explore.11", 1)
    for page in (sol, vega, desk):
        proposal = page.locator("#dp-proposal")
        expect(proposal).to_contain_text("Salvage Unity Fusion Core passed", timeout=30_000)
        expect(proposal).to_contain_text("against, 70 votes")
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
    sol.locator("#dp").screenshot(path=str(SCREENSHOTS / "player-council-phone.png"))
