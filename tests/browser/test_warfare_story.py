"""Issue 18's warfare story in one campaign, in a real browser on real processes (Daphne, a Celery worker,
PostgreSQL, Redis), with the fleets, supply, crew, ground war, terrain, yards, trade and commerce raiding modules on
(warfare_story.yaml). Sol (player1, on a 375 px phone) forms a fleet of its transport Ark, two tank battalions in its
hold, and the frigate Lancer through the order form of Explore 14 and gives it two waypoints in Exterminate 10; the
fleet reaches the first (Sector 1,0, in Sol's supply grid: nothing to say) in round 2 and Vega II, two Sectors out,
in round 3, beyond Sol's grid, which Sol's supply panel and unit row say; Sol invades through the form of
Exterminate 9 and occupies Vega II, which Sol's, Vega's and the GM's pages all show; the occupied colony rises in that
round's Exploit 4 and again in round 4, read on every page. Meanwhile Sol's damaged corvette Battered is repaired at
Dock A (ordered in Expand 6 of round 1, back at 10 of 10 hit points in round 2), and Sol's Corsair raids the route
Vega opens to Lyra in Exploit 2 of round 1: Vega reads its freighter Cog lost to raiders, Sol the convoy caught."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, SCREENSHOTS, advance_unwatched, scenario_cluster
from tests.browser.test_ground_war_page import SOL, VEGA, both_tanks
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.browser.test_order_forms import choose, give
from tests.browser.test_trade_routes_page import open_route
from tests.live import Client

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database, its world replaced by the scenario
SCENARIO = Path(__file__).with_name("warfare_story.yaml")
WAIT = 30_000  # a loaded machine: pushed updates may lag


def orders_open(gm: Client, page: Page, base: str, step: str, round_number: int, *others: Page) -> None:
    """Resolve to `step` with the pages closed and open `page` again, its order forms those of `step`."""
    advance_unwatched(gm, CAMPAIGN, step, round_number, page, *others)
    open_campaign(page, base, CAMPAIGN)
    expect(page.locator(f"#legal-orders[data-pointer='{round_number}:{step}']")).to_be_attached(timeout=60_000)


def reopen(base: str, *pages: Page) -> None:
    for page in pages:
        open_campaign(page, base, CAMPAIGN)


def spearhead(form: Locator) -> None:
    form.get_by_label("Name of the fleet").fill("Spearhead")
    form.get_by_label("Flagship", exact=True).select_option(label="Ark (Transport)")
    form.get_by_label("Lancer (Frigate)").check()


def at_dock(form: Locator) -> None:
    expect(form).to_contain_text("4 of 10 hit points")
    choose(form.get_by_label("Yard or repair ship", exact=True), "6 MU, 6 BP of work, 2 rounds")


@pytest.mark.timeout(900)  # four rounds resolved step by step on a loaded 2-core machine
def test_a_fleet_carries_tanks_out_of_supply_occupies_a_colony_that_rebels_a_ship_is_repaired_a_freighter_raided(
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
    battered = sol.locator("#yd li[data-unit='1']")
    expect(battered).to_contain_text("4 of 10 hit points", timeout=WAIT)
    expect(sol.locator("#sp li[data-unit='2']")).to_have_count(0)  # the Ark at Terra: in supply, nothing to say

    # Round 1, Explore 14: the Ark (tanks aboard) and the Lancer form the fleet Spearhead.
    orders_open(gm, sol, base, "explore.14", 1, vega, desk)
    give(sol, "FormFleet", "0,0", spearhead)

    # Exterminate 10: its course, two waypoints in order: Sector 1,0, in Sol's grid, then Vega's Sector 2,0.
    orders_open(gm, sol, base, "exterminate.10", 1)
    fleet = sol.locator("#fl article", has_text="Spearhead")
    expect(fleet.locator("li[data-unit]")).to_have_count(2, timeout=WAIT)
    course = sol.locator("form[data-kind=FleetCourse]")
    expect(course).to_contain_text("Spearhead")
    choose(course.get_by_label("Waypoints, in order: stop 1"), "Sector 1,0")
    choose(course.get_by_label("Waypoints, in order: stop 2"), "Sector 2,0")
    course.locator("button[type=submit]").click()
    expect(course.locator("p.msg")).to_have_text("Order accepted: you can withdraw it until the step closes.")

    # Expand 6: the corvette's repair at Dock A through the order form.
    orders_open(gm, sol, base, "expand.6", 1)
    give(sol, "RepairUnit", None, at_dock)

    # Exploit 2: Vega opens a route from Deneb I to Lyra I; Sol's Corsair sweeps from 7,0 to Lyra's 8,0.
    orders_open(gm, sol, base, "exploit.2", 1)
    open_campaign(vega, base, CAMPAIGN)
    expect(vega.locator("#legal-orders[data-pointer='1:exploit.2']")).to_be_attached(timeout=60_000)
    expect(battered.locator("[data-work=repair]")).to_contain_text("Under repair at Dock A", timeout=WAIT)
    give(vega, "OpenTradeRoute", None, open_route)
    give(sol, "RaidCommerce", None, lambda form: choose(form.get_by_label("Sweep to", exact=True), "Sector 8,0"))

    # Exploit 8: the raid (a miss at 7,0, then 4 against 30% at Lyra) cost Vega the Cog; both sides read it.
    advance_unwatched(gm, CAMPAIGN, "exploit.8", 1, sol, vega)
    reopen(base, sol, vega)
    lost = vega.locator("#tr-history li[data-type=FreighterLost]")
    expect(lost).to_contain_text("Raiders caught the freighter Cog", timeout=60_000)
    caught = sol.locator("#tr-history li[data-type=CommerceRaided]")
    expect(caught).to_contain_text("caught a convoy", timeout=WAIT)
    expect(caught).to_contain_text("destroyed the freighter Cog")

    # Round 2: the fleet reached its first waypoint, one Sector from Terra: in Sol's supply grid, nothing to say.
    advance_unwatched(gm, CAMPAIGN, "explore.3", 2, sol, vega)
    reopen(base, sol)
    expect(fleet.locator("[data-figure=where] dd")).to_have_text("at Sector 1,0", timeout=WAIT)
    expect(fleet.locator("[data-figure=waypoints]")).to_contain_text("Sector 2,0")
    expect(sol.locator("#sp li[data-unit='2']")).to_have_count(0)

    # Expand 8 finished the repair: Battered is back at 10 of 10 hit points, out of the yard.
    advance_unwatched(gm, CAMPAIGN, "expand.9", 2, sol)
    reopen(base, sol)
    expect(battered).to_contain_text("10 of 10 hit points", timeout=WAIT)
    expect(battered.locator("[data-work]")).to_have_count(0)

    # Round 3: the fleet is at Vega, two Sectors from Terra: out of Sol's supply grid, as the page says.
    orders_open(gm, sol, base, "exterminate.9", 3)
    expect(fleet.locator("[data-figure=where] dd")).to_contain_text("Sector 2,0", timeout=WAIT)
    ark = sol.locator("#sp li[data-unit='2']")
    expect(ark).to_have_attribute("data-in-supply", "false")
    expect(ark).to_contain_text("out of supply")
    expect(sol.locator("#unit-groups tr[data-unit='2'] .sp-badge")).to_contain_text("out of supply")
    # Exterminate 9: before ordering, the defenders and the odds; then the invasion through the form.
    card = sol.locator("#gw-colonies li[data-colony]", has_text="Vega II")
    expect(card).to_contain_text("the levy: 5 Militia")
    expect(card.locator("[data-odds=win]")).to_contain_text("Win")
    give(sol, "Invade", "Vega II", both_tanks)

    # Sol occupies Vega II: Sol's, Vega's and the GM's pages show it.
    advance_unwatched(gm, CAMPAIGN, "expand.1", 3)  # Sol's page stays open: it shows the occupation as it happens
    reopen(base, vega, desk)
    for page in (sol, vega, desk):
        colony = page.locator("#gw-colonies li[data-colony]", has_text="Vega II")
        expect(colony.locator("h4")).to_contain_text(f"occupied by {SOL}", timeout=WAIT)
        expect(page.locator("#gw-battles li", has_text=f"invasion by {SOL}")).to_contain_text(f"{SOL} won")
    expect(card.locator(".gw-risk")).to_contain_text("Rebellion risk 100%")  # 2 battalions for 5 cities
    card.screenshot(path=str(SCREENSHOTS / "player-occupied-colony-phone.png"))

    # Vega II rose in Exploit 4 of round 3 and, a round later, rises again: every page reads both risings.
    advance_unwatched(gm, CAMPAIGN, "exploit.5", 4, sol, vega, desk)
    reopen(base, sol, vega, desk)
    for page in (sol, vega, desk):
        risings = page.locator("#gw-battles li", has_text=f"rebellion by {VEGA}")
        expect(risings).to_have_count(2, timeout=WAIT)
        expect(risings.first).to_contain_text(f"{SOL} held")
    expect(vega.locator("#log")).to_contain_text(f"rises against {SOL}")
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
