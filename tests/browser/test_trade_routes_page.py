"""Trade routes and a raid in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): Sol, on
a 375 px phone, reads Lyra's trade per partner (none yet, a route would open it) and, in Exploit 2's order form,
what a route to Lyra I would bring before sending it; Cygnus, at war with Sol, sends its Corsair raiding across the
route in the same step. After Exploit 7 Sol's map draws the route, its panel tells the raid ("raiders", unnamed:
Sol never saw them), the lost freighter and the trade left; Cygnus's page tells the convoy it caught."""

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
SCENARIO = Path(__file__).with_name("trade_routes.yaml")


def open_route(form: Locator) -> None:
    # Sol's 5% of Lyra's 200 MU of taxes (within 25% of its own 100), the two freighters carrying 24 MU a quarter.
    partner = form.get_by_label("To the partner's colony", exact=True)
    expect(partner.locator("option", has_text="Lyra I")).to_contain_text("up to 10 MU a quarter")
    choose(partner, "Lyra I")
    form.get_by_label("Carrack", exact=False).check()
    form.get_by_label("Cog", exact=False).check()


@pytest.mark.timeout(600)
def test_a_freighter_is_raided_on_a_trade_route_and_both_sides_read_it_on_a_phone(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    base, gm = scenario_cluster(cluster_factory, SCENARIO.read_text())

    sol = browser.new_context(**PHONE).new_page()
    sign_in(sol, base, "player1")
    open_campaign(sol, base, CAMPAIGN)
    cygnus = browser.new_context(**PHONE).new_page()
    sign_in(cygnus, base, "player3")
    open_campaign(cygnus, base, CAMPAIGN)
    lyra_card = sol.locator("#tr-partners [data-partner]", has_text="no trade yet")
    expect(lyra_card).to_contain_text("A route would open limited trade with them.", timeout=15_000)

    # Round 1, Exploit 2: Sol opens the route with both freighters; Cygnus sweeps from 3,0 to Lyra's 4,0.
    advance_to(gm, CAMPAIGN, "exploit.2", 1)
    # Some twenty steps were resolved at once: the pages are opened again rather than left to catch up one by one.
    open_campaign(sol, base, CAMPAIGN)
    open_campaign(cygnus, base, CAMPAIGN)
    expect(sol.locator("#legal-orders[data-pointer='1:exploit.2']")).to_be_attached(timeout=60_000)
    give(sol, "OpenTradeRoute", None, open_route)
    expect(cygnus.locator("#legal-orders[data-pointer='1:exploit.2']")).to_be_attached(timeout=60_000)
    give(cygnus, "RaidCommerce", None,
         lambda form: choose(form.get_by_label("Sweep to", exact=True), "Sector 4,0"))

    # Exploit 8: the raid (roll 6 against 10% at 3,0) cost Sol the Cog and a quarter of the route's trade.
    advance_to(gm, CAMPAIGN, "exploit.8", 1)
    open_campaign(sol, base, CAMPAIGN)
    open_campaign(cygnus, base, CAMPAIGN)
    lost = sol.locator("#tr-history li[data-type=FreighterLost]")
    expect(lost).to_contain_text("Raiders caught the freighter Cog", timeout=60_000)
    expect(lost).not_to_contain_text("Hengrade")  # Sol never saw the raider
    route = sol.locator("#tr-routes [data-route]")
    expect(route).to_contain_text("Raided this round: 1 convoy(s) caught")
    expect(route.locator("[data-figure=freighters] dd")).to_have_text("Carrack (12 MU a quarter)")
    # Sol's 10 MU, capped at what the Carrack carries (12), less a quarter (2): 8.
    expect(sol.locator("#tr-partners [data-partner] [data-figure=mine] dd").first).to_have_text("8 MU")
    expect(sol.locator("#player-map path.map-layer.trade-route")).to_be_attached()
    caught = cygnus.locator("#tr-history li[data-type=CommerceRaided]")
    expect(caught).to_contain_text("caught a convoy", timeout=60_000)
    expect(caught).to_contain_text("destroyed the freighter Cog")
    for page in (sol, cygnus):
        assert page.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
    sol.locator("#tr").screenshot(path=str(SCREENSHOTS / "player-trade-routes-phone.png"))
