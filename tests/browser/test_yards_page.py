"""Repair at a yard in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): on a 375 px
phone Sol reads its damaged Light Corvette (4 of 10 hit points) and what a repair at its yard costs and takes (6 MU,
6 BP of work, 2 rounds) before ordering it through the order form of Expand 6; the page shows the work under way
after Expand 8 (9 of 10 hit points, a round to go) and the ship repaired and back in service a round later."""

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
SCENARIO = Path(__file__).with_name("yards.yaml")


@pytest.mark.timeout(600)  # two rounds resolved step by step
def test_a_damaged_ship_is_repaired_at_a_yard_over_rounds_on_a_phone(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    base, gm = scenario_cluster(cluster_factory, SCENARIO.read_text())

    sol = browser.new_context(**PHONE).new_page()
    sign_in(sol, base, "player1")
    open_campaign(sol, base, CAMPAIGN)
    panel = sol.locator("#yd")
    expect(panel).to_be_visible(timeout=15_000)
    battered = panel.locator("li[data-unit='1']")
    # Every figure before committing: hit points, the price, the work and the rounds.
    expect(battered).to_contain_text("4 of 10 hit points")
    expect(battered.locator("[data-choices=repair]")).to_contain_text("With Dock A: 6 MU now, 6 BP of work, 2 rounds")
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"

    # Round 1, Expand 6: the repair, through the order form; its offer names the hit points and the price again.
    advance_to(gm, CAMPAIGN, "expand.6", 1)
    expect(sol.locator("#legal-orders[data-pointer='1:expand.6']")).to_be_attached(timeout=15_000)

    def at_dock(form: Locator) -> None:
        expect(form).to_contain_text("4 of 10 hit points")
        choose(form.get_by_label("Yard or repair ship", exact=True), "6 MU, 6 BP of work, 2 rounds")

    give(sol, "RepairUnit", None, at_dock)
    advance_to(gm, CAMPAIGN, "expand.7", 1)
    expect(battered.locator("[data-work=repair]")).to_contain_text("Under repair at Dock A: 0 of 6 BP, 2 rounds to go",
                                                                  timeout=15_000)

    # Expand 8: 5 BP of work, 9 hit points; a round later the last BP, back in service at 10.
    advance_to(gm, CAMPAIGN, "expand.9", 1)
    expect(battered).to_contain_text("9 of 10 hit points", timeout=15_000)
    expect(battered.locator("[data-work=repair]")).to_contain_text("5 of 6 BP, 1 round to go")
    expect(battered.locator("[data-choices=repair]")).to_have_count(0)  # under repair: nothing more to order
    panel.screenshot(path=SCREENSHOTS / "player-yards-phone.png")
    advance_to(gm, CAMPAIGN, "expand.9", 2)
    expect(battered).to_contain_text("10 of 10 hit points", timeout=15_000)
    expect(battered.locator("[data-work]")).to_have_count(0)  # out of the yard, back in service
    expect(panel).to_contain_text("No damaged unit waits for repair.")
    units = sol.locator("#unit-groups")
    expect(units).to_contain_text("Battered")
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
