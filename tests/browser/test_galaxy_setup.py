"""In a real browser: the GM generates a galaxy on the setup page and sees the proposed home worlds on the map and
in the report; a player opens the unit designer and sees the cost change as they change HP."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, expect

from cvsite.cluster import Cluster
from tests.browser.test_live_loop import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]


def test_gm_generates_a_galaxy_and_a_player_prices_a_design(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"

    gm = browser.new_page()
    sign_in(gm, base, "gm")
    gm.goto(f"{base}/campaigns/1/setup/")
    gm.get_by_label("Width (hexes)").fill("40")
    gm.get_by_label("Height (hexes)").fill("40")
    gm.get_by_label("Home worlds", exact=True).fill("3")
    gm.get_by_label("Fewest hexes between capitals").fill("10")
    gm.get_by_label("Seed", exact=True).fill("browser-galaxy")
    gm.get_by_role("button", name="Generate").click()
    expect(gm.locator("#galaxy-msg")).to_contain_text("Generated", timeout=20_000)
    expect(gm.locator("#home-worlds tbody tr")).to_have_count(3)
    expect(gm.locator("#galaxy-map circle.home")).to_have_count(3)
    assert gm.locator("#galaxy-map path[data-kind]").count() >= 3  # one path per kind of object

    player = browser.new_page()
    sign_in(player, base, "player1")
    player.goto(f"{base}/campaigns/1/designer/")
    mu = player.locator("#f-mu")
    expect(mu).not_to_have_text("\u2013")  # the placeholder before the first preview
    before = mu.inner_text()
    player.locator("#d-hp").fill("9")
    expect(mu).not_to_have_text(before)
    player.locator("#d-hp").fill("60")
    expect(player.locator("#f-problems li[data-field='stats.hp']")).to_be_visible()
    expect(player.get_by_role("button", name="Save design")).to_be_disabled()
