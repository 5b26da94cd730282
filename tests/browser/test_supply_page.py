"""Supply and crew in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): Sol, on a 375 px
phone, reads its crew pool and its Raider out of supply under 20% stress with a veteran crew (in the panel and on
the Raider's row among its units), switches on its supply grid's reach and sees it drawn on its star map; when the
round ends (Exploit 9) the Raider, still out of supply, reads 30% stress live. Vega's page shows only its own unit
(in supply); the GM reads both civilizations and draws each one's grid on its map."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, SCREENSHOTS, scenario_cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.live import advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database, its world replaced by the scenario
SCENARIO = Path(__file__).resolve().parents[1] / "game" / "supply.yaml"


@pytest.mark.timeout(600)
def test_a_player_on_a_phone_sees_the_grid_the_stress_of_a_unit_out_of_supply_and_the_crew_pool(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    base, gm = scenario_cluster(cluster_factory, SCENARIO.read_text())

    sol = browser.new_context(**PHONE).new_page()
    sign_in(sol, base, "player1")
    open_campaign(sol, base, CAMPAIGN)
    panel = sol.locator("#sp")
    expect(panel).to_be_visible(timeout=15_000)
    expect(panel.locator("[data-figure=pool] dd")).to_have_text("300 (+1,000 a quarter)")
    raider = panel.locator("li[data-unit='2']")
    expect(raider).to_have_attribute("data-in-supply", "false")
    expect(raider).to_contain_text("out of supply — stress 20%, 1 failed check")
    expect(raider).to_contain_text("veteran crew")
    expect(raider).to_contain_text("fights at 88% Attack")
    expect(panel.locator("[data-others]")).to_have_text("1 other unit in supply with regular crews")
    # The unit's own row in "Your empire" says it too.
    row_badge = sol.locator("#unit-groups tr[data-unit='2'] .sp-badge")
    expect(row_badge).to_have_text("out of supply, stress 20% · veteran crew")
    expect(sol.locator("#unit-groups tr[data-unit='1'] .sp-badge")).to_have_count(0)

    # The grid's reach is a layer the player switches on; the switch is a 44 px touch target.
    toggle = sol.locator("#sp-layer-box")
    box = toggle.bounding_box()
    assert box is not None and box["height"] >= 44
    grid = sol.locator("#player-map svg path.map-layer.supply-grid")
    expect(grid).to_have_count(0)
    toggle.click()
    expect(grid).to_have_count(1)
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
    sol.locator("#player-map").screenshot(path=str(SCREENSHOTS / "player-supply-grid-phone.png"))
    panel.screenshot(path=str(SCREENSHOTS / "player-supply-panel-phone.png"))

    vega = browser.new_context().new_page()
    sign_in(vega, base, "player2")
    open_campaign(vega, base, CAMPAIGN)
    expect(vega.locator("#sp [data-others]")).to_have_text("1 other unit in supply with regular crews",
                                                            timeout=15_000)
    expect(vega.locator("#sp li[data-unit]")).to_have_count(0)  # nothing of Sol's

    # The GM reads both civilizations and draws each one's grid on its map.
    desk = browser.new_context().new_page()
    sign_in(desk, base, "gm")
    open_campaign(desk, base, CAMPAIGN)
    expect(desk.locator("#sp div[data-civ]")).to_have_count(2, timeout=15_000)
    expect(desk.locator("#gm-civ-views .gm-map svg")).to_have_count(2, timeout=15_000)
    desk.locator("#sp-layer-box").click()
    expect(desk.locator("#gm-civ-views .gm-map path.map-layer.supply-grid")).to_have_count(2)

    # The round ends: still out of supply, the Raider's stress rises to 30%, read live.
    advance_to(gm, CAMPAIGN, "explore.1", 2)
    expect(raider).to_contain_text("stress 30%", timeout=15_000)
    expect(row_badge).to_contain_text("stress 30%")
    expect(grid).to_have_count(1)  # the layer stays on as the map is redrawn
