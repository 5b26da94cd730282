"""A round that flows, in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): the GM
plays the demo's first round with "Run to the next step that needs someone" alone, pressing no more often than
there are steps that waited for someone; the dashboard says at each stop what the step waits for and on whom,
and a player's page, on a phone, offers "Ready for the rest of Explore" and says when and why it was cleared."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, SCREENSHOTS
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.live import Client

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database
STEPS_IN_A_ROUND = 42
TERRANS = 1  # player1's civilization in the demo


def test_a_round_is_played_with_no_more_gm_presses_than_steps_that_waited_for_someone(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    api = f"/api/campaigns/{CAMPAIGN}/"
    gm_api = Client(base).login("gm")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    gm = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_in(gm, base, "gm")
    open_campaign(gm, base, CAMPAIGN)
    expect(gm.locator("#flow-summary")).to_have_text("Explore 1 waits for nobody: it can be resolved now.")

    # Player 1 says, on their phone, that they are done with Explore; the two others do the same through the API.
    player = browser.new_context(**PHONE).new_page()
    sign_in(player, base, "player1")
    open_campaign(player, base, CAMPAIGN)
    player.get_by_role("button", name="Ready for the rest of Explore").click()
    expect(player.locator("#flow-phase-state")).to_contain_text("You are ready for every step left in Explore")
    assert player.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
    for name in ("player2", "player3"):
        status, body = Client(base).login(name).request("POST", api + "ready-phase/", {"round": 1, "step": "explore.1"})
        assert status == 200 and body["ready"], body

    presses = 0
    waited: list[tuple[str, str]] = []  # each step the run stopped at, and what the dashboard said it waits for
    expand_ready_at = ""
    terrans_told: list[dict[str, Any]] = []
    while gm_api.get(api)["round"] == 1:
        gm.get_by_role("button", name="Run to the next step that needs someone").click()
        presses += 1
        progress = gm.locator("#flow-progress")
        expect(progress).to_have_attribute("data-stops", str(presses), timeout=240_000)
        stopped = str(progress.get_attribute("data-stopped"))
        label = stopped.replace(".", " ").title()
        expect(gm.locator("#flow-progress-text")).to_contain_text(f"Stopped at {label}")
        expect(gm.locator("[data-bind=step_label]")).to_have_text(label)
        dashboard = gm.locator("#flow-summary")
        expect(dashboard).to_contain_text(f"{label} waits for ")
        expect(dashboard).to_have_attribute("data-needs-someone", "yes")
        waited.append((stopped, dashboard.inner_text()))
        if presses == 1:
            gm.screenshot(path=str(SCREENSHOTS / "gm-run-on.png"), full_page=True)
        if stopped.startswith("explore.") and not terrans_told:
            # Once something new cleared the Terrans' readiness for Explore, their page says when and why.
            terrans_told = [e for e in gm_api.get(api + "events/?since=0")["events"]
                            if e["type"] == "PhaseReadinessCleared" and e["civ_id"] == TERRANS]
            if terrans_told:
                payload = terrans_told[0]["payload"]
                expect(player.locator("#flow-phase-cleared")).to_have_text(
                    f"Your ready for the rest of Explore was cleared at {payload['step']}: {payload['reason']}")
                expect(player.get_by_role("button", name="Ready for the rest of Explore")).to_be_visible()
        if stopped.startswith("expand.") and not expand_ready_at:
            # In Expand every player is done with orders for the rest of the phase.
            expand_ready_at = stopped
            player.get_by_role("button", name="Ready for the rest of Expand").click()
            expect(player.locator("#flow-phase-state")).to_contain_text("You are ready for every step left in Expand")
            for name in ("player2", "player3"):
                status, body = Client(base).login(name).request("POST", api + "ready-phase/",
                                                                {"round": 1, "step": stopped})
                assert status == 200, body
            expect(dashboard).not_to_contain_text("Terran Hegemony")

    # Every step of the round was still resolved, one by one, each with its own events.
    events = gm_api.get(api + "events/?since=0")["events"]
    resolved = [e["payload"]["step"] for e in events if e["type"] == "StepResolved" and e["round"] == 1]
    assert len(resolved) == STEPS_IN_A_ROUND
    # The GM pressed once per stop (the first press started the round, the last stop is in round 2): never more
    # often than there were steps that waited for someone, and far fewer times than there are steps.
    assert presses <= len(waited) < STEPS_IN_A_ROUND // 2, waited
    # After everyone said they were ready for the rest of Expand, no later Expand step waited for them.
    assert expand_ready_at, waited
    assert [step for step, _ in waited if step.startswith("expand.") and step > expand_ready_at] == [], waited
    # Explore: their readiness held until something new concerned them (a first contact at Explore 5, say), which
    # cleared it and told each of them; an Explore step that then waited for players came after such a clearing.
    cleared = {e["civ_id"]: e for e in events
               if e["type"] == "PhaseReadinessCleared" and e["payload"]["phase"] == "explore"}
    for step, summary in waited:
        if step.startswith("explore.") and "orders or ready" in summary:
            assert cleared, f"{step} stopped for players who were ready for the rest of Explore: {summary}"
    assert all(e["payload"]["reason"] for e in cleared.values())
    print("stops:", [step for step, _ in waited], "cleared in Explore:", sorted(cleared))
    player.screenshot(path=str(SCREENSHOTS / "player-ready-for-the-phase.png"), full_page=True)
    assert player.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"

    # The GM's part fits a phone too: what the step waits for, and the run's button, a full touch target.
    gm_phone = browser.new_context(**PHONE).new_page()
    sign_in(gm_phone, base, "gm")
    open_campaign(gm_phone, base, CAMPAIGN)
    expect(gm_phone.locator("#flow-summary")).to_contain_text(" waits for ")
    panel = gm_phone.locator("#flow-gm").bounding_box()
    button = gm_phone.get_by_role("button", name="Run to the next step that needs someone").bounding_box()
    assert panel and button and panel["x"] + panel["width"] <= 375 and button["height"] >= 44, (panel, button)
    gm_phone.locator("#flow-gm").screenshot(path=str(SCREENSHOTS / "gm-run-on-phone.png"))
