"""Fleets in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): Sol, on a 375 px phone,
forms a fleet of a battleship (Move Rate 4) and a courier (8) in Explore 14, gives it two waypoints in Exterminate 10
through the order forms (the waypoints picked in order), sees the route drawn on its star map and each leg's ETA at
the slowest ship's speed, and watches it reach the first waypoint in round 2 and the second in round 3. Vega's page
shows none of Sol's fleets."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, SCREENSHOTS, scenario_cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.live import Client, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database, its world replaced by the scenario
SCENARIO = Path(__file__).resolve().parents[1] / "game" / "fleets.yaml"
ACCEPTED = "Order accepted: you can withdraw it until the step closes."


def at_step(gm: Client, page: Page, step: str, round_number: int) -> None:
    advance_to(gm, CAMPAIGN, step, round_number)
    expect(page.locator(f"#legal-orders[data-pointer='{round_number}:{step}']")).to_be_attached(timeout=15_000)


def tall_enough(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None and box["height"] >= 44, f"{selector} is a 44 px touch target"


@pytest.mark.timeout(600)
def test_a_player_on_a_phone_forms_a_fleet_with_two_waypoints_and_watches_it_move_over_two_rounds(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    base, gm = scenario_cluster(cluster_factory, SCENARIO.read_text())

    sol = browser.new_context(**PHONE).new_page()
    sign_in(sol, base, "player1")
    open_campaign(sol, base, CAMPAIGN)
    panel = sol.locator("#fl")
    expect(panel).to_be_visible(timeout=15_000)
    guard = panel.locator("article[data-fleet='50']")
    expect(guard.locator("[data-figure=speed] dd")).to_have_text("4 MP a round (the slowest member's)")
    expect(guard).to_contain_text("Aboard: Red One (Light Space Fighter)")

    # Explore 14: "Form a fleet" leads to the order form; Resolute leads, Swift joins.
    at_step(gm, sol, "explore.14", 1)
    tall_enough(sol, "#fl-form")
    sol.locator("#fl-form").click()
    form = sol.locator("form[data-kind=FormFleet]")
    form.get_by_label("Name of the fleet").fill("Vanguard")
    form.get_by_label("Flagship", exact=True).select_option(label="Resolute (Battleship)")
    form.get_by_label("Swift (Courier)").check()
    form.locator("button[type=submit]").click()
    expect(form.locator("p.msg")).to_have_text(ACCEPTED)

    # Exterminate 10: the new fleet's course, two waypoints in order.
    at_step(gm, sol, "exterminate.10", 1)
    vanguard = panel.locator("article", has_text="Vanguard")
    expect(vanguard.locator("[data-figure=speed] dd")).to_have_text("4 MP a round (the slowest member's)",
                                                                    timeout=15_000)
    expect(vanguard.locator("li[data-unit]", has_text="Resolute")).to_contain_text("slowest")
    course = sol.locator("form[data-kind=FleetCourse]")
    expect(course).to_contain_text("Set a fleet's course: Vanguard")  # Home Guard, in transit, takes no course
    course.get_by_label("Waypoints, in order: stop 1").select_option(label="Sector 1,0")
    course.get_by_label("Waypoints, in order: stop 2").select_option(label="Sector 2,0")
    tall_enough(sol, "form[data-kind=FleetCourse] fieldset.sequence select")
    course.locator("button[type=submit]").click()
    expect(course.locator("p.msg")).to_have_text(ACCEPTED)

    # Round 2: it set out at once, one Sector a round at the battleship's speed; the route is on the map.
    advance_to(gm, CAMPAIGN, "explore.3", 2)
    expect(vanguard.locator("[data-figure=where] dd")).to_have_text("at Sector 1,0", timeout=15_000)
    expect(vanguard.locator("[data-figure=waypoints]")).to_have_text("Waypoints: Sector 2,0")
    expect(vanguard.locator("li[data-leg='1,0>2,0']")).to_have_text("Sector 1,0 → Sector 2,0: ETA 4 MP, 1 round")
    expect(sol.locator("#player-map svg path.map-layer.fleet-route")).to_have_count(1)
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
    sol.locator("#player-map").screenshot(path=str(SCREENSHOTS / "player-fleet-route-phone.png"))
    vanguard.screenshot(path=str(SCREENSHOTS / "player-fleet-panel-phone.png"))

    # Round 3: the second waypoint reached, it holds there.
    advance_to(gm, CAMPAIGN, "explore.3", 3)
    expect(vanguard.locator("[data-figure=where] dd")).to_have_text("at Sector 2,0", timeout=15_000)
    expect(vanguard).to_contain_text("No leg to go: it holds where it is.")

    vega = browser.new_context().new_page()
    sign_in(vega, base, "player2")
    open_campaign(vega, base, CAMPAIGN)
    expect(vega.locator("#fl article[data-fleet]")).to_have_count(1, timeout=15_000)
    expect(vega.locator("#fl")).not_to_contain_text("Vanguard")
