"""Personnel missions in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): a player
recruits an agent on their page, ships it in a courier to a rival's colony, reads the odds and orders a mission;
the GM's mission desk shows the proposed rolls and the GM confirms in one click after an edit with a reason (the
agent caught); the player reads the report, and the rival reads only what its counter-intelligence caught. The
player's panel fits a 375 px phone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, SCREENSHOTS, advance_unwatched, scenario_cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.browser.test_order_forms import choose, give
from tests.live import Client, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database, its world replaced by the scenario before it starts
SCENARIO = Path(__file__).with_name("personnel.yaml")


def order(player: Client, kind: str, payload: dict[str, Any], key: str) -> None:
    """The player's order through the API (the shipping between the page's recruit and mission)."""
    state = player.get(f"/api/campaigns/{CAMPAIGN}/")
    status, body = player.request("POST", f"/api/campaigns/{CAMPAIGN}/orders/", {
        "round": state["round"], "step": state["step"], "kind": kind, "payload": payload, "idempotency_key": key})
    assert status == 201, body


def agent_id(player: Client) -> int:
    agents = player.get(f"/api/campaigns/{CAMPAIGN}/missions/")["agents"]
    assert [a["name"] for a in agents] == ["Nightjar"]
    return int(agents[0]["unit_id"])


@pytest.mark.timeout(600)  # four rounds resolved step by step: recruit, load, fly, unload, mission, report
def test_a_player_sends_a_spy_the_gm_rules_and_only_the_catch_reaches_the_rival(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    base, gm = scenario_cluster(cluster_factory, SCENARIO.read_text())
    sol_api = Client(base).login("player1")

    sol = browser.new_context(**PHONE).new_page()
    sign_in(sol, base, "player1")
    open_campaign(sol, base, CAMPAIGN)
    vega = browser.new_context().new_page()
    sign_in(vega, base, "player2")
    open_campaign(vega, base, CAMPAIGN)

    # Round 1, Explore 12: Sol recruits a spy at Terra on its page.
    advance_to(gm, CAMPAIGN, "explore.12", 1)
    expect(sol.locator("#legal-orders[data-pointer='1:explore.12']")).to_be_attached(timeout=15_000)

    def recruit(form: Locator) -> None:
        choose(form.get_by_label("Where", exact=True), "Terra")
        choose(form.get_by_label("Role", exact=True), "Spy")
        form.get_by_label("Name", exact=True).fill("Nightjar")

    give(sol, "RecruitAgent", None, recruit)
    advance_to(gm, CAMPAIGN, "explore.14", 1)
    expect(sol.locator("#ms-my-agents")).to_contain_text("Nightjar (Spy)")
    expect(sol.locator("#ms-my-agents")).to_contain_text("12/12 hours")
    spy = agent_id(sol_api)

    # Shipped: loaded into the courier (Expand 1), the course plotted to Vega (Explore 14, arriving in round 3's
    # Explore 2), unloaded there (round 3's Expand 1).
    advance_unwatched(gm, CAMPAIGN, "expand.1", 1, sol, vega)  # read again in round 4 (Sol) and 5 (Vega)
    order(sol_api, "LoadCargo", {"unit_id": 1, "rider_ids": [spy]}, "load-spy")
    advance_to(gm, CAMPAIGN, "explore.14", 2)
    order(sol_api, "PlotCourse", {"unit_id": 1, "sector_id": "1,0", "poi_id": "vega"}, "course-to-vega")
    advance_to(gm, CAMPAIGN, "expand.1", 3)
    order(sol_api, "UnloadCargo", {"unit_id": 1, "rider_ids": [spy]}, "unload-spy")

    # Round 4, Explore 12: the odds on the page, then the mission ordered from it.
    advance_to(gm, CAMPAIGN, "explore.12", 4)
    open_campaign(sol, base, CAMPAIGN)  # after the GM ran through two rounds, the player comes back to the page
    expect(sol.locator("[data-bind=step_label]")).to_have_text("Explore 12")
    plan = sol.locator("#ms-odds-form")
    plan.get_by_label("Mission", exact=True).select_option(label="Gather intelligence")
    choose(plan.get_by_label("Colony", exact=True), "Vega II")
    odds = sol.locator("#ms-odds")
    # Perception 3d+1 against 4d with Observation: one difficulty die, a Failure half the time.
    expect(odds).to_contain_text("1 difficulty dice left; success 50% before Venture")
    assert sol.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
    sol.get_by_role("button", name="Order this mission").click()
    expect(sol.locator("#ms-player-msg")).to_contain_text("Mission ordered")

    # The GM's desk: the proposed rolls; an edit needs a reason; then the GM's narration and the one-click Confirm.
    advance_to(gm, CAMPAIGN, "explore.13", 4)
    desk = browser.new_context().new_page()
    sign_in(desk, base, "gm")
    open_campaign(desk, base, CAMPAIGN)
    card = desk.locator("#ms-missions li[data-mission]")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("'s Nightjar at Vega II")
    expect(card.locator(".ms-rolls")).to_contain_text("perception 3d+1 vs difficulty 4d -> 1 difficulty d10")
    expect(card.locator(".ms-rolls")).to_contain_text("Risk roll: [")
    expect(desk.locator("#ms-agents")).to_contain_text("Nightjar (Spy)")
    desk.locator("#ms-gm").screenshot(path=SCREENSHOTS / "gm-mission-desk.png")
    card.get_by_text("Edit the outcome").click()
    card.get_by_label("Success").check()
    card.get_by_label("Caught").check()
    card.get_by_role("button", name="Edit outcome").click()
    expect(card.locator("p.msg")).to_contain_text("reason")
    card.get_by_label("Reason for the edit").fill("Vega's wardens were waiting at the spaceport")
    card.get_by_role("button", name="Edit outcome").click()
    expect(desk.locator("#ms-msg")).to_have_text("Ruling recorded.")
    card = desk.locator("#ms-missions li[data-mission]")
    card.get_by_label("Narration").fill("The files were copied; the wardens took Nightjar at the gate.")
    card.get_by_role("button", name="Narrate").click()
    expect(desk.locator("#ms-missions li[data-mission]")).to_contain_text("confirmed")
    desk.locator("#ms-missions li[data-mission]").get_by_role("button", name="Confirm").click()
    expect(desk.locator("#ms-msg")).to_have_text("Ruling recorded.")

    # Round 5, Explore 4: the report is Sol's; Vega reads only the catch.
    advance_unwatched(gm, CAMPAIGN, "explore.5", 5, sol, desk)
    for page in (sol, vega):
        open_campaign(page, base, CAMPAIGN)
        expect(page.locator("[data-bind=step_label]")).to_have_text("Explore 5")
    mission = sol.locator("#ms-my-missions li[data-mission]")
    expect(mission).to_contain_text("Gather intelligence — Nightjar at Vega II")
    expect(mission).to_contain_text("success; the agent was caught. The files were copied")
    expect(mission).to_contain_text("Findings:")
    sol.locator("#ms-player").screenshot(path=SCREENSHOTS / "player-missions-phone.png")
    expect(vega.locator("#ms-caught")).to_contain_text("Nightjar, an agent of ")
    expect(vega.locator("#ms-caught")).to_contain_text("(Gather intelligence)")
    expect(vega.locator("#ms-my-missions li")).to_have_count(0)
    expect(vega.locator("#ms-player")).not_to_contain_text("The files were copied")
    expect(vega.locator("#log")).not_to_contain_text("Report from")
