"""A player's pages at scale (issue 19): for a civilization of 7 units and of 5,000 units on a 30x30 map, in a
generated campaign (`big_scenario`) opened at Explore 14 (every unit that may move is offered a course):

- the size of `view/`, `map/` and `legal-orders/` read through the API as the page does: the raw JSON, and what is
  sent to a browser (which asks for gzip);
- the time to interactive of the player's page in Chromium (Playwright) on a real Daphne and Celery worker: from
  navigation until the units are listed and the Plot a Course form can be sent, and until the main thread is last
  busy (its last long task, over 50 ms, ends) within a quiet second after that.

Run from the project root: `python benchmarks/pages.py`. DATABASE_URL defaults to
postgres://postgres@127.0.0.1:5432/centaurian_bench (created if missing; migrated on every run), REDIS_URL to
redis://127.0.0.1:6379/8. The aims: the 5,000-unit view under 250 kB as sent, the page interactive under 1 s.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a plain script from any directory

SIDE = 30  # Sectors a side: the 30x30 map
SIZES = (7, 5000)  # units of the civilization whose player reads the pages
AIM_BYTES = 250_000
AIM_MS = 1000
LOADS = 5  # page loads timed for each size; the first warms the server's caches
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/8"
# Usable: the empire drawn with its units listed, and the Plot a Course form there with its button enabled.
INTERACTIVE = """() => document.body.dataset.empire === 'ready' && document.querySelector('#unit-groups details')
    && document.querySelector(
      '#legal-orders:not([hidden]) form[data-kind=PlotCourse] button[type=submit]:not(:disabled)')"""
# Long tasks (over 50 ms of main thread) from the page's start, kept where the benchmark can read them.
LONG_TASKS = """window.cvLongTasks = [];
new PerformanceObserver((list) => {
  window.cvLongTasks.push(...list.getEntries().map((e) => e.startTime + e.duration));
}).observe({type: 'longtask', buffered: true});"""


def big_scenario(units: int, side: int = SIDE) -> str:
    """A scenario: a `side` x `side` map with a star system in every third Sector, the civilization "Big" with
    `units` Light Corvettes spread over its systems and "Small" with 7. Every Sector is charted
    (`full_star_map`)."""
    sectors = [f"{q},{r}" for q in range(side) for r in range(side)]
    systems = [s for index, s in enumerate(sectors) if index % 3 == 0]
    world = {
        "next_id": units + 100,
        "options": {"full_star_map": True},
        "sectors": [{"sector_id": s} for s in sectors],
        "pois": [{"poi_id": f"star-{s}", "sector_id": s, "kind": "star_system", "name": f"Star {s}"}
                 for s in systems],
        "civs": [{"civ_id": 1, "name": "Big", "mu": 100}, {"civ_id": 2, "name": "Small", "mu": 100}],
        "units": [
            *({"unit_id": 10 + n, "civ_id": 1, "design_id": "starter-light-corvette", "name": f"Big {n + 1}",
               "sector_id": systems[n % len(systems)], "poi_id": f"star-{systems[n % len(systems)]}"}
              for n in range(units)),
            *({"unit_id": 10 + units + n, "civ_id": 2, "design_id": "starter-light-corvette",
               "name": f"Small {n + 1}", "sector_id": systems[-1], "poi_id": f"star-{systems[-1]}"}
              for n in range(7)),
        ],
    }
    return yaml.safe_dump({"title": f"{units} units on a {side}x{side} map", "world": world}, sort_keys=False)


def big_campaign(units: int, prefix: str, password: str | None = None) -> tuple[int, Any]:
    """A campaign of `big_scenario(units)` at Explore 14, its GM and two players (named after `prefix`); returns
    its id and the player of the civilization of `units` units (of 7 units: the small one's)."""
    from django.contrib.auth import get_user_model

    from game import services
    from game.engine.phases import ALL_STEPS, STEPS_BY_KEY
    from game.models import Campaign

    users = get_user_model().objects
    gm = users.create_user(f"{prefix}-gm", password=password)
    players = [users.create_user(f"{prefix}-p{n}", password=password) for n in (1, 2)]
    campaign = services.campaign_create(gm, name=prefix, seed=prefix)
    for n, player in enumerate(players):
        services.campaign_join(player, invite_token=campaign.invite_token, civ_name=f"civ {n}")
    services.campaign_load_scenario(gm, campaign.pk, text=big_scenario(units))
    Campaign.objects.filter(pk=campaign.pk).update(step_index=ALL_STEPS.index(STEPS_BY_KEY["explore.14"]))
    # The first civilization is the big one, the second has 7 units.
    return campaign.pk, players[0] if units > 7 else players[1]


def page_sizes(units: int) -> tuple[dict[str, int], dict[str, int]]:
    """The raw JSON of view/, map/ and legal-orders/, and what is sent to a browser (gzipped), in bytes."""
    from django.db import transaction
    from rest_framework.test import APIClient

    with transaction.atomic():  # a throwaway campaign, rolled back afterwards
        campaign_id, player = big_campaign(units, "pages")
        client = APIClient(SERVER_NAME="localhost")
        client.force_authenticate(player)
        paths = ("view/", "map/", "legal-orders/")
        raw = {path: len(client.get(f"/api/campaigns/{campaign_id}/{path}").content) for path in paths}
        sent = {path: len(client.get(f"/api/campaigns/{campaign_id}/{path}", HTTP_ACCEPT_ENCODING="gzip").content)
                for path in paths}
        transaction.set_rollback(True)
    return raw, sent


def page_timings(base: str, username: str, campaign_id: int) -> list[tuple[float, float]]:
    """LOADS loads of the player's page: (usable, main thread last busy) in ms from navigation."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS
    from tests.browser.test_live_loop import sign_in

    timings = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        sign_in(page, base, username)
        for _ in range(LOADS):
            page.goto(f"{base}/campaigns/{campaign_id}/", wait_until="commit")
            page.wait_for_function(INTERACTIVE, polling="raf", timeout=60_000)
            usable = float(page.evaluate("performance.now()"))
            page.wait_for_timeout(1000)  # a quiet second: whatever is still drawn after it shows as long tasks
            busy = float(page.evaluate("Math.max(0, ...window.cvLongTasks)"))
            timings.append((usable, max(usable, busy)))
        browser.close()
    return timings


def main() -> None:
    from benchmarks.round import setup_django

    setup_django()
    from django.contrib.auth import get_user_model

    from cvsite.cluster import start_cluster
    from game.models import Campaign
    from tests.live import DEMO_PASSWORD

    print(f"A player's pages on a {SIDE}x{SIDE} map, bytes of JSON (raw / as sent, gzipped):")
    for units in SIZES:
        raw, sent = page_sizes(units)
        verdict = "" if units <= 7 else f"  aim: view/ under {AIM_BYTES:,} as sent: " + (
            "met" if sent["view/"] < AIM_BYTES else "NOT met")
        print(f"  {units:>5} units: " + ", ".join(f"{p} {raw[p]:,} / {sent[p]:,}" for p in raw) + verdict)

    # The campaigns the browser opens are committed (Daphne reads them) and deleted afterwards.
    prefix = f"pages-{uuid.uuid4().hex[:8]}"
    campaigns = {units: big_campaign(units, f"{prefix}-{units}", DEMO_PASSWORD) for units in SIZES}
    log_dir = Path(tempfile.mkdtemp(prefix="cv-pages-"))
    cluster = start_cluster(os.environ["DATABASE_URL"], os.environ.get("REDIS_URL", DEFAULT_REDIS_URL), log_dir,
                            daphnes=1, workers=1)
    try:
        base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
        timings = {units: page_timings(base, player.username, campaign_id)
                   for units, (campaign_id, player) in campaigns.items()}
    finally:
        cluster.stop_all()
        Campaign.objects.filter(pk__in=[campaign_id for campaign_id, _ in campaigns.values()]).delete()
        get_user_model().objects.filter(username__startswith=prefix).delete()

    print(f"The player's page in Chromium, ms from navigation, {LOADS} loads (the first warms the server), "
          "median of the others:")
    for units, loads in timings.items():
        usable = statistics.median(u for u, _ in loads[1:])
        busy = statistics.median(b for _, b in loads[1:])
        verdict = "" if units <= 7 else f"  aim: interactive under {AIM_MS:,} ms: " + (
            "met" if busy < AIM_MS else "NOT met")
        print(f"  {units:>5} units: usable (units listed, Plot a Course ready) {usable:,.0f}, main thread last busy "
              f"{busy:,.0f} (each load: {', '.join(f'{u:.0f}/{b:.0f}' for u, b in loads)}){verdict}")


if __name__ == "__main__":
    main()
