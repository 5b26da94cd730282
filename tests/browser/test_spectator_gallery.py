"""The spectator's gallery on real processes (Daphne, a Celery worker, PostgreSQL, Redis) and in a real browser.

The demo campaign is played until a skirmish is fought: Terran Hegemony's corvette attacks the Morgan Combine at
Morgan Prime (ordered at Explore 7, fought at Exterminate 4), with private notes, a private ruling and an odds
run on the way. An anonymous spectator then tries every page and every API path of the campaign and finds nothing
private; the GM publishes standings and the battle, and the spectator's gallery shows them live, the chronicle
round by round, and opens the battle's replay, on a desktop and on a phone."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from combat import urls as combat_urls
from cvsite.cluster import Cluster
from galaxy import urls as galaxy_urls
from game.api import urls as game_api_urls
from tests.browser.conftest import PHONE, SCREENSHOTS
from tests.live import Client, advance, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
CAMPAIGN = 1

# What no spectator may read: the units of game/scenarios/demo.yaml, its designs, a hidden Point of Interest and
# a planet nobody has surveyed, the orders' kinds and the private events they cause, and (added per run) the
# notes' and private ruling's text, the GM's seed and invite token.
UNIT_NAMES = ("Vigilant", "Mayflower", "Lotus", "Deirdre", "Ledger", "Dividend", "Foundry", "Seedbed", "Yard One")
SECRETS = (*UNIT_NAMES, "Patrol Corvette", "Colony Ship", "Construction Crawler", "The Maw", "Chiron",
           "StartSkirmish", "OrderAccepted", "SkirmishDeclared", "DetectionUpdated", "ExchangeFought",
           "BattleStarted", "centauri-demo-seed")
NOTE = "Note for the GM only: the Terran corvette goes for Morgan Prime"
GM_NOTE = "GM to Terran only: your scouts saw two corvettes"
PRIVATE_RULING = "Private ruling: the Terran spies report nothing"


@dataclass
class Played:
    """The demo campaign after its first battle, and the ids a spectator could try."""

    base: str
    gm: Client
    battle_id: int
    order_id: int
    run_id: int
    skirmish_id: str
    secrets: tuple[str, ...]


def api(suffix: str = "") -> str:
    return f"/api/campaigns/{CAMPAIGN}/{suffix}"


def play_to_a_fought_battle(base: str) -> Played:
    """Play the demo campaign (made by `cv_demo`) to Exterminate 5 of round 1, just after its first battle."""
    gm = Client(base).login("gm")
    terran = Client(base).login("player1")
    terran_civ = terran.get(api())["viewer"]["civ_id"]
    advance_to(gm, CAMPAIGN, "explore.7", round_number=1)
    attack = next(o for o in terran.get(api("legal-orders/")) if o["kind"] == "StartSkirmish")
    assert attack["payload"]["sector_id"] == "0,1"  # Morgan Prime, where the Combine's corvettes are
    status, order = terran.request("POST", api("orders/"), {"round": 1, "step": "explore.7", "kind": "StartSkirmish",
                                                            "payload": attack["payload"],
                                                            "idempotency_key": "attack-morgan-prime"})
    assert status == 201, order
    notes: tuple[tuple[Client, dict[str, Any]], ...] = ((terran, {"text": NOTE, "order_id": order["id"]}),
                                                          (gm, {"text": GM_NOTE, "civ_id": terran_civ}))
    for client, note_body in notes:
        status, note = client.request("POST", api("notes/"), note_body)
        assert status == 201, note
    status, ruling = gm.request("POST", api("rulings/"), {"civ_id": terran_civ, "text": PRIVATE_RULING})
    assert status == 201, ruling
    advance_to(gm, CAMPAIGN, "exterminate.1", round_number=1)
    (skirmish,) = terran.get(api("skirmishes/"))
    status, run = terran.request("POST", api("odds"), {"skirmish_id": skirmish["skirmish_id"], "battles": 50})
    assert status == 202, run
    advance_to(gm, CAMPAIGN, "exterminate.5", round_number=1)
    (battle,) = gm.get(api("battles/"))
    assert not battle["published"]
    gm_state = gm.get(api())
    secrets = (*SECRETS, NOTE, GM_NOTE, PRIVATE_RULING, gm_state["invite_token"])
    return Played(base, gm, battle["id"], order["id"], run["id"], skirmish["skirmish_id"], secrets)


def leaks(text: str, secrets: tuple[str, ...]) -> list[str]:
    return [s for s in secrets if s in text]


def fetch(client: Client, method: str, path: str, body: Any = None) -> tuple[int, str]:
    """Any answer, JSON or a page, as text (following redirects, as a browser would)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "X-CSRFToken": client._cookie("csrftoken"),
               "Referer": client.base_url + "/"}
    request = urllib.request.Request(client.base_url + path, data=data, method=method, headers=headers)
    try:
        with client.opener.open(request) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


# --- nothing else, whatever URL they try -----------------------------------------------------------------------------

def every_campaign_path(played: Played) -> list[str]:
    """Every route of the game API, the combat app and the galaxy app, filled in with this campaign's ids."""
    ids = {"campaign_id": CAMPAIGN, "order_id": played.order_id, "skirmish_id": played.skirmish_id,
           "battle_id": played.battle_id, "run_id": played.run_id, "hex_label": "0,1", "number": 1, "civ_id": 1,
           "design_id": "patrol-corvette", "user_id": 2,
           # No battle choice is asked, nor a mission or a destruction ordered, in this game; a spectator must get
           # nothing for any id.
           "choice_id": 1, "mission_id": 1, "destruction_id": 1}
    paths = []
    for module, prefix in ((game_api_urls, "/api/"), (combat_urls, "/"), (galaxy_urls, "/")):
        for pattern in module.urlpatterns:
            route = str(pattern.pattern)
            missing = set(re.findall(r"<(?:\w+:)?(\w+)>", route)) - ids.keys()
            assert not missing, f"a new route parameter {missing} in {route}: give the test an id for it"
            paths.append(prefix + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(ids[m.group(1)]), route))
    return paths


def test_a_spectator_reaches_nothing_private_by_any_page_api_path_or_the_websocket(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    spectator = Client(base)
    with spectator.websocket(CAMPAIGN) as socket:
        played = play_to_a_fought_battle(base)
        pushed = []
        try:
            while True:
                pushed.append(socket.recv(timeout=1))
        except TimeoutError:
            pass
    # Everything that was pushed to the spectator while the campaign was played: public events only.
    assert any('"StepResolved"' in str(m) for m in pushed)
    assert not leaks("\n".join(str(m) for m in pushed), played.secrets)

    # The secrets are there to be found: the GM reads them in the log, the notes and a civilization's view.
    gm_reads = "".join(fetch(played.gm, "GET", api(path))[1] for path in ("events/", "notes/", "view/?civ=1"))
    assert set(leaks(gm_reads, played.secrets)) >= {*UNIT_NAMES, NOTE, GM_NOTE, PRIVATE_RULING, "StartSkirmish",
                                                    "ExchangeFought", "Patrol Corvette", "Chiron"}
    # Every path, read and written, by a guest and by a signed-in user who is no member of the campaign.
    cluster.manage("shell", "-c", "from django.contrib.auth.models import User; "
                                  "User.objects.create_user('onlooker', password='centauri-demo')")
    onlooker = Client(base).login("onlooker")
    last_seq = played.gm.get(api())["last_seq"]
    for visitor in (spectator, onlooker):
        for path in every_campaign_path(played):
            tries: tuple[tuple[str, dict[str, Any] | None], ...] = (("GET", None), ("POST", {}), ("DELETE", None))
            for method, body in tries:
                status, answer = fetch(visitor, method, path, body)
                assert not leaks(answer, played.secrets), (method, path, answer)
                # (A spectator's place in the log, seen/, is theirs to keep.)
                if method != "GET" and path.startswith("/api/") and not path.endswith("/seen/"):
                    assert status >= 400, (method, path, status, answer)
        # Writes with well-formed bodies are refused too.
        for path, body in ((api("advance/"), {"round": 1, "step": "exterminate.5"}),
                           (api("orders/"), {"round": 1, "step": "exterminate.5", "kind": "Capture", "payload": {},
                                             "idempotency_key": "spectator-order"}),
                           (api("notes/"), {"text": "hello"}), (api("rulings/"), {"text": "mine now"}),
                           (api("standings/"), {"figures": ["mu"]}), (api("visibility/"), {"is_public": False}),
                           (api("undo/"), {"round": 1, "step": "exterminate.5", "reason": "no"}),
                           (api(f"battles/{played.battle_id}/publish"), {}),
                           (api("odds"), {"skirmish_id": played.skirmish_id})):
            status, answer = visitor.request("POST", path, body)
            assert status in (401, 403, 404) and "CSRF" not in str(answer), (path, status, answer)
        assert visitor.request("DELETE", api(f"orders/{played.order_id}/"))[0] in (401, 403, 404)
    assert played.gm.get(api())["last_seq"] == last_seq, "nothing a visitor sent changed the campaign"

    # The pages, in a browser, once their scripts have run: the overview and the battle list show nothing private;
    # the private pages are not found or ask to sign in.
    page = browser.new_page()
    for path, expected in ((f"/campaigns/{CAMPAIGN}/", 200), (f"/campaigns/{CAMPAIGN}/battles/", 200),
                           (f"/campaigns/{CAMPAIGN}/battles/{played.battle_id}/", 404),
                           (f"/campaigns/{CAMPAIGN}/skirmishes/", 404), (f"/campaigns/{CAMPAIGN}/setup/", "sign in"),
                           (f"/campaigns/{CAMPAIGN}/designer/", "sign in"),
                           (f"/campaigns/{CAMPAIGN}/civilization/", "sign in")):
        response = page.goto(played.base + path)
        assert response is not None
        page.wait_for_load_state("networkidle")
        if expected == "sign in":
            assert page.url.startswith(f"{played.base}/accounts/login/"), (path, page.url)
            expect(page.get_by_role("button", name="Sign in")).to_be_visible()
        else:
            assert response.status == expected, (path, response.status)
        assert not leaks(page.content(), played.secrets), path
    page.goto(f"{played.base}/campaigns/{CAMPAIGN}/")
    expect(page.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)
    expect(page.locator("#no-reports")).to_be_visible()
    expect(page.locator("#round-1 .step-progress")).to_have_text("18 steps resolved.")
    assert not leaks(page.content(), played.secrets)


# --- the gallery ------------------------------------------------------------------------------------------------------

def fits_a_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    small = page.evaluate("""() => [...document.querySelectorAll('a, summary, button')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.textContent.trim(), e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""")
    assert small == [], f"touch targets under 44 px: {small}"
    # Even the widest standings (every figure) fit without scrolling sideways inside their box.
    assert page.evaluate("[...document.querySelectorAll('.table-wrap')].every((w) => w.scrollWidth <= w.clientWidth)")


def test_a_spectator_follows_the_gallery_live_and_opens_a_published_battle_on_desktop_and_phone(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    played = play_to_a_fought_battle(f"http://127.0.0.1:{cluster.daphne_ports[0]}")
    gm = played.gm
    advance_to(gm, CAMPAIGN, "exploit.9", round_number=1)  # the last step of round 1
    gallery = f"{played.base}/campaigns/{CAMPAIGN}/"
    desktop = browser.new_context(**DESKTOP).new_page()
    phone = browser.new_context(**PHONE).new_page()
    for page in (desktop, phone):
        page.goto(gallery)
        expect(page.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)
        page.evaluate("window.notReloaded = true")
        expect(page.get_by_role("heading", name="Round 1 · FQ1 GSY 2400")).to_be_visible()
        expect(page.locator("#no-reports")).to_be_visible()
        expect(page.locator("#gallery-map svg .poi")).to_have_count(5)  # The Maw is hidden
        expect(page.get_by_text("has not published any standings yet")).to_be_visible()

    # The GM publishes standings, then the battle: both appear without a reload.
    status, body = gm.request("POST", api("standings/"), {"figures": ["mu", "colonies", "population"]})
    assert status == 201, body
    status, body = gm.request("POST", api(f"battles/{played.battle_id}/publish"),
                              {"narrative": "Two Morgan corvettes held Morgan Prime against the Terran raid."})
    assert status == 200, body
    for page in (desktop, phone):
        latest = page.locator("#standings-latest table")
        expect(latest.get_by_role("row")).to_have_count(4)
        expect(latest.get_by_role("rowheader", name="Morgan Combine")).to_be_visible()
        expect(page.locator("#gallery-battles li")).to_have_count(1)
        expect(page.locator("#gallery-battles a")).to_have_text("Battle at 0,1 (Morgan Prime)")
        published = page.locator("#round-1 .chronicle-lines li[data-type=BattlePublished]")
        expect(published).to_contain_text("The report of the skirmish in Sector 0,1 is published")
        expect(published.get_by_role("link", name="Read the report")).to_have_attribute(
            "href", f"/campaigns/{CAMPAIGN}/battles/{played.battle_id}/")

    # Round 2 begins: its section comes first, and new events go into it, not into round 1.
    advance(gm, CAMPAIGN)
    status, body = gm.request("POST", api("rulings/"), {"text": "Public ruling: the Maw's gravity is felt by all."})
    assert status == 201, body
    status, body = gm.request("POST", api("standings/"), {"figures": ["mu", "ore", "units", "colonies", "population"]})
    assert status == 201, body
    for page in (desktop, phone):
        first_round = page.locator("#rounds > section").first
        expect(first_round.get_by_role("heading")).to_have_text("Round 2 · FQ2 GSY 2400")
        expect(first_round.locator(".chronicle-lines")).to_contain_text("Public ruling: the Maw's gravity")
        expect(page.locator("#round-1 .chronicle-lines")).not_to_contain_text("Public ruling")
        expect(page.locator("#round-1 .step-progress")).to_have_text("42 steps resolved.")
        expect(page.locator("#standings-latest caption")).to_contain_text("round 2")
        expect(page.locator("#standings-earlier summary")).to_have_text("Earlier standings")
        assert page.evaluate("window.notReloaded === true"), "the gallery updates without reloading"
    phone.locator("#standings-earlier summary").click()
    expect(phone.locator("#standings-earlier caption")).to_contain_text("round 1")

    # Landmarks and headings: each part of the gallery is a named region.
    for name in ("Standings", "Battle reports", "Public map", "Chronicle, round by round"):
        expect(desktop.get_by_role("region", name=name)).to_be_visible()
    expect(desktop.get_by_role("navigation", name="Gallery")).to_be_visible()
    fits_a_phone(phone)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    desktop.screenshot(path=str(SCREENSHOTS / "spectator-desktop.png"), full_page=True)
    phone.screenshot(path=str(SCREENSHOTS / "spectator-phone.png"), full_page=True)

    # Keyboard: a jump link moves focus to its section; Tab reaches the battle report, Enter opens its replay.
    desktop.get_by_role("navigation", name="Gallery").get_by_role("link", name="Battle reports").focus()
    desktop.keyboard.press("Enter")
    expect(desktop.locator("#reports")).to_be_focused()
    desktop.keyboard.press("Tab")
    expect(desktop.locator("#gallery-battles a")).to_be_focused()
    desktop.keyboard.press("Enter")
    desktop.wait_for_url(f"{gallery}battles/{played.battle_id}/")
    expect(desktop.get_by_text("Two Morgan corvettes held Morgan Prime")).to_be_visible()
    expect(desktop.locator("#frame-title")).to_have_text("Before the battle")
    desktop.keyboard.press("End")
    expect(desktop.locator("#frame-title")).to_have_text("After the battle")

    # On the phone, a tap on the report opens the replay, which fits the screen too.
    phone.locator("#gallery-battles a").tap()
    phone.wait_for_url(f"{gallery}battles/{played.battle_id}/")
    phone.get_by_role("button", name="Next").tap()
    expect(phone.locator("#frame-title")).to_have_text("Exchange 1")
    fits_a_phone(phone)
