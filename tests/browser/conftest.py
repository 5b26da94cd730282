from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from cvsite.cluster import Cluster
from tests.live import Client, advance_to

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
# Each view's browser test saves its screenshots here; the README shows them.
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE: dict[str, Any] = {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def pages_closed_before_the_servers_stop(cluster_factory: Callable[..., Cluster], browser: Browser) -> Iterator[None]:
    """Every page a test opened is closed when it ends, before its processes stop (this fixture asks for the
    cluster first, so it is torn down first): a page left open would keep calling a stopped server for the rest
    of the run, and its open socket slows the server's stop."""
    yield
    for context in browser.contexts:
        context.close()


# The demo campaign in a fresh database (`cv_demo`): its GM and players sign in as gm, player1, player2, ...
DEMO_CAMPAIGN = 1


def scenario_cluster(cluster_factory: Callable[..., Cluster], scenario: str) -> tuple[str, Client]:
    """One Daphne and one worker with the demo's users and campaign, its world replaced by `scenario` (a scenario
    file's text) by its GM: the address of its pages and the GM's API client."""
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = Client(base).login("gm")
    status, body = gm.request("POST", f"/api/campaigns/{DEMO_CAMPAIGN}/scenario/", {"text": scenario})
    assert status == 200, body
    return base, gm


def advance_unwatched(gm: Client, campaign_id: int, step: str, round_number: int, *pages: Page) -> None:
    """Resolve to `step` of `round_number` with `pages` closed, for a story that reads them afresh there and not at
    the steps in between (a page keeping up live, step by step, is test_live_loop's and test_no_undefined's): open
    pages read their panels after every step, which on a 2-core machine slows the worker resolving the next one."""
    for page in pages:
        page.goto("about:blank")
    advance_to(gm, campaign_id, step, round_number)
