"""In a real browser: the GM generates a galaxy on the setup page and sees the proposed home worlds on the map and
in the report; a player opens the unit designer and sees the cost change as they change HP; the GM changes a
civilization's start on the setup page and Start gives it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, expect

from cvsite.cluster import Cluster
from tests.browser.test_live_loop import sign_in
from tests.live import Client

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


def test_gm_changes_a_civilizations_start_on_the_setup_page_and_start_gives_it(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    """A campaign made the web way (created, joined by two players, races approved): on the setup page the GM makes
    the campaign's default Rich, gives Sol a Small start with 777 MU and two more Patrol Corvettes, sees a refusal
    mark its field and change nothing, and Start gives Sol exactly that and Vega the Rich preset."""
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")  # the users gm, player1 and player2
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    api = Client(base).login("gm")
    status, created = api.request("POST", "/api/campaigns/", {"name": "Fresh Start", "is_public": False})
    assert status == 201, created
    campaign_id = created["id"]
    civ_ids = {}
    for username, name in (("player1", "Sol"), ("player2", "Vega")):
        player = Client(base).login(username)
        status, joined = player.request("POST", "/api/campaigns/join/",
                                        {"invite_token": created["invite_token"], "civ_name": name})
        assert status == 201, joined
        civ_ids[name] = joined["civ_id"]
        assert player.request("POST", f"/api/campaigns/{campaign_id}/setup/",
                              {"kind": "faction", "faction": "spartans"})[0] == 201
        assert api.request("POST", f"/api/campaigns/{campaign_id}/civilizations/{joined['civ_id']}/review/",
                           {"approve": True})[0] == 200
    status, _ = api.request("POST", f"/api/campaigns/{campaign_id}/galaxy/generate/", {
        "settings": {"width": 30, "height": 30}, "seed": "fresh-start", "home_worlds": 2, "min_distance": 8})
    assert status == 201

    gm = browser.new_page(viewport={"width": 390, "height": 844})  # the GM sets up on a phone
    sign_in(gm, base, "gm")
    gm.goto(f"{base}/campaigns/{campaign_id}/setup/")
    gm.get_by_label("Every civilization without its own start gets").select_option("rich")
    expect(gm.locator("#start-default-msg")).to_contain_text("Saved")
    sol, vega = (gm.locator(f"#civ-starts form[data-civ='{civ_ids[name]}']") for name in ("Sol", "Vega"))
    expect(vega.locator("[data-summary]")).to_contain_text("Rich: 2,500 MU")

    sol.get_by_label("Preset").select_option("small")
    expect(sol.get_by_label("Treasury (MU)")).to_have_value("500")
    sol.get_by_label("Treasury (MU)").fill("-1")
    sol.get_by_role("button", name="Save start").click()
    expect(sol.locator(".msg")).to_contain_text("mu: must be from 0")
    expect(sol.get_by_label("Treasury (MU)")).to_have_attribute("aria-invalid", "true")
    expect(sol.locator("[data-summary]")).to_contain_text("the campaign's default")  # nothing was saved

    sol.get_by_label("Treasury (MU)").fill("777")
    sol.get_by_label("Patrol Corvette", exact=False).fill("3")
    sol.get_by_role("button", name="Save start").click()
    expect(sol.locator("[data-summary]")).to_contain_text("Small: 777 MU, 30 Ore, 7 units")
    expect(sol.locator("[data-summary]")).to_contain_text("set by you")

    gm.get_by_role("button", name="Start campaign").click()
    expect(gm).to_have_url(f"{base}/campaigns/{campaign_id}/", timeout=20_000)
    status, state = api.request("GET", f"/api/campaigns/{campaign_id}/view/?civ={civ_ids['Sol']}")
    assert status == 200, state
    assert state["figures_now"]["mu"] == 777 and state["figures_now"]["ore"] == 30
    designs = [u["design_id"] for u in state["view"]["units"]]
    assert designs.count("patrol-corvette") == 3 and len(designs) == 7
    _, rich = api.request("GET", f"/api/campaigns/{campaign_id}/view/?civ={civ_ids['Vega']}")
    assert rich["figures_now"]["mu"] == 2500 and rich["figures_now"]["units"] == 9
