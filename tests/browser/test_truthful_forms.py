"""Order forms that tell the truth (issue 36), in a real browser on the order-forms scenario: a Plot a course form
lists the Points of Interest of the destination Sector chosen only, and lets go of one left from another Sector;
once a builder is set to work, the forms no longer offer it for another order, and offer it again once that order
is withdrawn."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Locator, expect

from cvsite.cluster import Cluster
from tests.browser.test_order_forms import ACCEPTED, choose, resolve_to, start

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]


def options(select: Locator) -> Locator:
    return select.locator("option")


def test_the_point_of_interest_follows_the_sector_and_a_builder_at_work_is_not_offered_again(
        cluster_factory: Callable[..., Cluster], browser: Browser) -> None:
    gm, pages = start(cluster_factory, browser)
    terran = pages["player1"]

    resolve_to(gm, pages, "explore.14")
    course = terran.locator("form[data-kind=PlotCourse]")
    course.get_by_label("Unit", exact=True).select_option(label="Pathfinder (Scout)")
    destination, poi = course.get_by_label("Destination", exact=True), course.get_by_label("Point of interest",
                                                                                           exact=True)
    destination.select_option(label="Sector 0,1 — Morgan Prime")
    poi.select_option(label="Morgan Prime (Sector 0,1)")
    destination.select_option(label="Sector 2,0 — Gaia's Star")
    expect(options(poi)).to_have_text(["— none —", "Gaia's Star (Sector 2,0)"])
    expect(poi).to_have_value("")  # Morgan Prime is not in Sector 2,0: let go, not sent
    expect(course.locator(".eta")).to_have_text("ETA: 1 round (8 MP) — arrives FQ2 GSY 2400, round 2.")

    resolve_to(gm, pages, "expand.6")
    build = terran.locator("form[data-kind=StartConstruction]")
    mine = terran.locator("form[data-kind=BuildMine]")
    expect(options(mine.get_by_label("Choose", exact=True)).filter(has_text="Yard One")).to_have_count(1)
    choose(build.get_by_label("Choose", exact=True), "Yard One")
    choose(build.get_by_label("Site", exact=True), "Earth")
    choose(build.get_by_label("Unit to build"), "Scout")
    build.get_by_role("button", name="Start construction").click()
    expect(build.locator("p.msg")).to_have_text(ACCEPTED)
    # Yard One is at work: neither form offers it now.
    expect(options(mine.get_by_label("Choose", exact=True)).filter(has_text="Yard One")).to_have_count(0)
    expect(options(build.get_by_label("Choose", exact=True)).filter(has_text="Yard One")).to_have_count(0)
    # Withdrawn, it is offered again.
    terran.locator("#my-orders li", has_text="Start construction").get_by_role("button", name="Withdraw").click()
    expect(options(mine.get_by_label("Choose", exact=True)).filter(has_text="Yard One")).to_have_count(1)
