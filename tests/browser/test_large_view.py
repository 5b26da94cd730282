"""A player whose civilization fields 5,000 units (`benchmarks.pages.big_scenario` loaded into the demo campaign, at
Explore 14) opens their page on a phone and on a desktop: the big group of units waits closed, the filter finds one
unit by name, its card shows its figures, and "Plot a course" from the card fills the order form for it; the server
accepts the course and the page lists the order. On the desktop, a filter matching every unit lists them a page at a
time. How fast the page is at this size is `benchmarks/pages.py`'s to print, not this test's to assert."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml
from playwright.sync_api import Browser, expect

from benchmarks.pages import big_scenario
from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, scenario_cluster
from tests.browser.test_live_loop import sign_in
from tests.browser.test_player_view import DESKTOP, assert_fits_a_phone
from tests.live import advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database; player1 holds its first civilization, the big one
UNITS = 5000
SCENARIO = big_scenario(UNITS)
WANTED = {"phone": "Big 4321", "desktop": "Big 2718"}  # one unit each, so each page gives its own order


def scenario_unit(name: str) -> dict[str, Any]:
    units: list[dict[str, Any]] = yaml.safe_load(SCENARIO)["world"]["units"]
    return next(u for u in units if u["name"] == name)


def test_player_finds_one_unit_among_5000_sees_its_figures_and_plots_its_course(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    base, gm = scenario_cluster(cluster_factory, SCENARIO)
    advance_to(gm, CAMPAIGN, "explore.14")

    for size, options in {"phone": PHONE, "desktop": DESKTOP}.items():
        page = browser.new_context(**options).new_page()
        sign_in(page, base, "player1")
        page.goto(f"{base}/campaigns/{CAMPAIGN}/")
        expect(page.locator("body[data-empire=ready]")).to_be_attached(timeout=30_000)
        expect(page.locator("[data-figure=units] dd")).to_have_text("5,000")
        groups = page.locator("#unit-groups details")
        expect(groups.locator("summary")).to_have_text(["Operational 5,000"])
        expect(groups.locator("tbody tr")).to_have_count(0)  # a group this big is drawn when opened

        name = WANTED[size]
        unit = scenario_unit(name)
        page.get_by_label("Find a unit").fill(name)
        expect(groups.locator("summary")).to_have_text(["Operational 1 of 5,000"])
        row = groups.locator("tbody tr")
        expect(row).to_have_count(1)
        expect(row).to_contain_text(f"Star {unit['sector_id']} (sector {unit['sector_id']})")
        row.get_by_role("button", name=name).click()

        card = page.locator("#unit-card")
        expect(card.get_by_role("heading")).to_have_text(name)
        expect(card.locator("[data-unit-figure=design] dd")).to_have_text("Light Corvette")
        expect(card.locator("[data-unit-figure=state] dd")).to_have_text("Operational")
        expect(card.locator("[data-unit-figure=where] dd")).to_have_text(
            f"Star {unit['sector_id']} (sector {unit['sector_id']})")
        expect(card.locator("[data-unit-figure=move-rate] dd")).to_contain_text("MP a round")
        if size == "phone":
            assert_fits_a_phone(page)

        card.get_by_role("button", name=f"Plot a course for {name}").click()
        course = page.locator("form[data-kind=PlotCourse]")
        expect(course.get_by_label("Unit")).to_have_value(str(unit["unit_id"]))
        # The scenario's corvettes may only leave their star for its Sector: the one destination offered.
        label = course.get_by_label("Destination").locator("option:checked").inner_text()
        course.get_by_role("button", name="Plot a course").click()
        expect(course.get_by_role("status")).to_have_text("Order accepted: you can withdraw it until the step closes.")
        sector = label.split(" — ")[0]  # the server's words name the Sector, not the place in it
        expect(page.locator("#my-orders li", has_text=f"Plot a course · Unit: {name} · Destination: {sector}")
               ).to_be_visible()

    # Every unit is a Light Corvette: the matches come 50 at a time.
    page.get_by_label("Find a unit").fill("")
    page.locator("#unit-filter").get_by_label("Design").select_option(label="Light Corvette")
    expect(groups.locator("summary")).to_have_text(["Operational 5,000"])
    expect(groups.locator("tbody tr")).to_have_count(50)
    page.get_by_role("button", name="Show 50 more (4,950 not shown)").click()
    expect(groups.locator("tbody tr")).to_have_count(100)
    expect(page.get_by_role("button", name="Show 50 more (4,900 not shown)")).to_be_visible()
