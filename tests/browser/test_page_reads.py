"""What an open campaign page costs the server while the game goes on (issue 19): the GM's dashboard, a player's
page and a spectator's gallery follow the steps a GM resolves, each reading what a step changed in one request
(`reads/`), and every panel still shows the step it is at; the GM's side-by-side views only after steps that
changed the world, and still as they are; a player's map only when the version of it their view carries changed
(and then it is drawn)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from cvsite.cluster import Cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.browser.test_no_undefined import settle
from tests.live import Client, advance

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
STEPS = 5  # Explore 1 to 6: steps that take orders
# What a page must read per step, at most: the GM's panels once when the step closes (they show it resolving) and
# once when the next opens, all of them in one `reads/` each time (the state, what the step waits for, the orders,
# the views, the clock...); a player's in one `reads/` with their view, and their map (`map/`) only when the
# version their view carries changed, which these steps leave as it was; a spectator's gallery its battle list
# and its map, in one `reads/`, when a step opens.
BOUND = {"GM": 2, "player": 1, "spectator": 1}
UNIT_STATES = {"operational": "Operational", "en_route": "En Route", "engaged": "Engaged",  # as gm.js shows them
               "under_construction": "Under Construction", "destroyed": "Destroyed"}


def counted(page: Page) -> Counter[str]:
    """The page's requests to the API from now on, by method and address."""
    requests: Counter[str] = Counter()

    def note(request: Request) -> None:
        if "/api/" in request.url:
            requests[f"{request.method} {request.url.split(f'/api/campaigns/{CAMPAIGN}/', 1)[-1]}"] += 1

    page.on("request", note)
    return requests


def test_open_page_reads_little_per_step(cluster_factory: Callable[..., Cluster], browser: Browser) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = Client(base).login("gm")
    pages: dict[str, Page] = {}
    for name, user in (("GM", "gm"), ("player", "player1"), ("spectator", None)):
        page = browser.new_context(**DESKTOP).new_page()
        if user:
            sign_in(page, base, user)
        open_campaign(page, base, CAMPAIGN)
        settle(page)
        pages[name] = page
    requests = {name: counted(page) for name, page in pages.items()}

    for _ in range(STEPS):
        state = advance(gm, CAMPAIGN)
        for page in pages.values():
            expect(page.locator(f"body[data-round='{state['round']}'][data-step='{state['step']}']")).to_be_attached(
                timeout=15_000)
        # Every panel that shows the step shows this one: read live, not only moved by the pushed step.
        expect(pages["GM"].locator("#flow-summary")).to_contain_text(f"{state['step_label']} waits for ")
        expect(pages["player"].locator(f"#legal-orders[data-pointer='{state['round']}:{state['step']}']")
               ).to_be_attached()
        expect(pages["player"].locator("[data-bind=step_rule]")).to_have_text(state["step_rule"])
        for page in pages.values():
            settle(page)
        # The GM's columns, read only after steps that changed the world, show every civilization as it is now.
        for civ in state["civilizations"]:
            now = gm.get(f"/api/campaigns/{CAMPAIGN}/view/?civ={civ['id']}")
            column = pages["GM"].locator(f"#gm-civ-views [data-civ='{civ['id']}']")
            for key in ("mu", "ore", "units", "colonies", "population"):
                expect(column.locator(f"[data-figure={key}]")).to_have_text(str(now["figures_now"][key]))
            by_state = Counter(unit["state"] for unit in now["view"]["units"])
            expect(column.locator("[data-state]")).to_have_count(len(by_state))
            for unit_state, count in by_state.items():
                label = UNIT_STATES[unit_state]
                expect(column.locator(f"[data-state='{label}']")).to_contain_text(f"{label}: {count}")

    for name, counts in requests.items():
        print(f"\n{name}: {sum(counts.values())} requests over {STEPS} steps: {dict(counts)}")
        assert set(counts) <= {*(a for a in counts if a.startswith("GET reads/?")), "GET map/"}, (
            f"{name}: every read after a step goes with the others in reads/ (a player's changed map alone)")
        assert sum(counts.values()) <= BOUND[name] * STEPS, f"{name} read {dict(counts)} over {STEPS} steps"

    # Their civilization finds the hidden Maw before the next step: the player's page reads map/ once, and draws it.
    maw = pages["player"].locator("#player-map [data-poi=maw]")
    expect(maw).to_have_count(0)
    requests["player"].clear()
    cluster.manage("shell", "-v0", "-c", f"from tests.worlds import pois_found; pois_found({CAMPAIGN}, 1, ['maw'])")
    advance(gm, CAMPAIGN)
    expect(maw).to_have_count(1, timeout=15_000)
    settle(pages["player"])
    assert requests["player"]["GET map/"] == 1, dict(requests["player"])
