"""Centurion played live in real browsers on real processes (Daphne, a Celery worker, PostgreSQL, Redis): a
skirmish the GM has fought with Centurion makes Exterminate 4 wait; its two players play the battle to its end from
two browser contexts (one on a phone: tap a counter, tap a green hex), each page following the other's moves over
the campaign websocket; a spectator watches once the GM publishes; when it is over the worker resolves the fight
again, the campaign moves on and the battle's report replays move by move."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE
from tests.live import Client

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
PASSWORD = "a-long-test-password"  # tests.game.conftest's users
SETUP = """
import json
import re
import time
from combat import services as combat_services
from game import services
from tests.combat.conftest import SKIRMISH, load_skirmish
from tests.game.conftest import make_table
table = make_table("live", public=True)
load_skirmish(table)
combat_services.skirmish_system_set(table.gm, table.campaign.pk, SKIRMISH, system="centurion")
services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="exterminate.4")
print(json.dumps({"campaign": table.campaign.pk, "gm": table.gm.get_username(),
                  "players": [p.get_username() for p in table.players]}))
"""


def sign_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text(username, exact=True)).to_be_visible()


def state(page: Page) -> dict[str, Any]:
    """The battle as this page's viewer may see it, from the API (what the page draws)."""
    return dict(page.evaluate("(url) => fetch(url).then((r) => r.json())", page.url.replace(
        "/campaigns/", "/api/campaigns/").replace("/live-battles/", "/live-battles/")))


def my_turn(page: Page, phase: str, errors: list[str]) -> None:
    expect(page.locator("#c-status")).to_contain_text(f"{phase} phase — your move", timeout=15_000)
    assert errors == [], errors


@pytest.mark.timeout(480)  # forty phases played by clicks on a shared two-core machine
def test_two_players_play_a_centurion_battle_to_its_end_while_a_spectator_watches(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    made = json.loads(cluster.manage("shell", "-c", SETUP).strip().splitlines()[-1])
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    campaign = made["campaign"]
    gm = Client(base).login(made["gm"], PASSWORD)
    battles: list[dict[str, Any]] = []
    for _ in range(100):  # the worker resolves the step and opens the battle
        battles = gm.get(f"/api/campaigns/{campaign}/live-battles/")
        if battles:
            break
        time.sleep(0.2)
    assert battles, "the battle was opened"
    battle_path = f"/campaigns/{campaign}/live-battles/{battles[0]['id']}/"
    assert gm.get(f"/api/campaigns/{campaign}/")["failure"].startswith("Waiting for the Centurion battle")

    attacker = browser.new_context(**PHONE).new_page()
    defender = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    spectator = browser.new_context(**PHONE).new_page()
    errors: list[str] = []
    for page in (attacker, defender, spectator):
        page.on("pageerror", lambda error: errors.append(str(error)))  # a script that failed
    sign_in(attacker, base, made["players"][0])
    sign_in(defender, base, made["players"][1])
    # The attacker finds the battle on the campaign's page, the defender on the battles page.
    attacker.goto(f"{base}/campaigns/{campaign}/")
    attacker.get_by_role("link", name="Play your Centurion battle").click()
    defender.goto(f"{base}/campaigns/{campaign}/battles/")
    defender.locator("#live-battles a", has_text="Play the battle").click()
    hidden = spectator.goto(base + battle_path)
    assert hidden is not None and hidden.status == 404  # not published yet
    assert gm.request("POST", f"/api/campaigns/{campaign}/live-battles/{battles[0]['id']}/publish",
                      {"delay_steps": 0})[0] == 200
    spectator.goto(base + battle_path)
    expect(spectator.locator("#c-status")).to_contain_text("Turn 1 of 10")

    assert attacker.evaluate("document.documentElement.scrollWidth") <= 375  # the map scrolls in its own box
    # The setup: each side may rearrange its counters on its own edge; both keep them as they are.
    for page in (attacker, defender):
        my_turn(page, "setup", errors)
        page.get_by_role("button", name="End setup").click()
    # Turn 1, on the phone: tap a counter, see where it may go, tap the hex nearest the enemy.
    my_turn(attacker, "movement", errors)
    expect(defender.locator("#c-status")).to_contain_text("waiting for the other side")
    stack = next(c["at"] for c in state(attacker)["counters"] if c["id"] == "u3")
    attacker.locator(f"[data-hex='{stack[0]},{stack[1]}']").tap()  # the stack of three
    chosen = attacker.locator(".counter.selected")
    expect(chosen).to_have_count(1)
    first = chosen.get_attribute("data-counter")
    attacker.locator(f"[data-hex='{stack[0]},{stack[1]}']").tap()  # tapping the stack again: its next unit
    expect(attacker.locator(".counter.selected")).not_to_have_attribute("data-counter", first or "")
    unit = attacker.locator(".counter.selected").get_attribute("data-counter") or ""
    legal = state(attacker)["legal"][unit]
    expect(attacker.locator(".hex.legal")).to_have_count(len(legal))
    col, row, _ = max(legal, key=lambda h: (h[0], -abs(h[1] - 6)))
    attacker.locator(f"[data-hex='{col},{row}']").tap()
    expect(spectator.locator("#c-log")).to_contain_text("moves out of sight")  # pushed, as its enemy sees it
    assert next(c for c in state(attacker)["counters"] if c["id"] == unit)["at"] == [col, row]
    expect(attacker.locator(f"[data-counter={unit}]")).to_have_class("counter attacker moved")
    # A page that reloads (or reconnects) resumes where the battle stands.
    attacker.reload()
    expect(attacker.locator(f"[data-counter={unit}]")).to_have_class("counter attacker moved")
    my_turn(attacker, "movement", errors)

    attacked = False
    while True:
        current = state(defender)
        if current["phase"] == "over":
            break
        page = attacker if current["active"] == "attacker" else defender
        my_turn(page, current["phase"], errors)
        mine = state(page)
        if mine["phase"] == "movement" and mine["active"] == "attacker" and not attacked and mine["legal"]:
            # close with the enemy, one unit at a time
            # close with the enemy: the stack nearest to it, its selected unit to the legal hex farthest east
            front = max((c for c in mine["counters"] if c["id"] in mine["legal"] and not c["command"]),
                        key=lambda c: c["at"][0], default=None)
            if front is not None:
                page.locator(f"[data-hex='{front['at'][0]},{front['at'][1]}']").click()
                unit = page.locator(".counter.selected").get_attribute("data-counter") or ""
                c, r, _ = max(mine["legal"][unit], key=lambda h: (h[0], -abs(h[1] - 6)))
                page.locator(f"[data-hex='{c},{r}']").click()
                expect(page.locator(f"[data-counter={unit}]")).to_have_class(re.compile("moved"))
        if mine["phase"] == "combat" and mine["targets"] and not attacked:
            target = next(iter(mine["targets"]))
            page.locator(f"[data-hex='{target}']").click()
            expect(page.locator("#c-odds")).to_contain_text("Odds ")
            page.get_by_role("button", name="Attack").click()
            expect(page.locator("#c-die-result")).to_contain_text("Rolled", timeout=10_000)
            attacked = True
        before = page.locator("#c-status").inner_text()
        page.locator("#c-end").click()
        expect(page.locator("#c-status")).not_to_have_text(before)  # the phase is over once the server says so
        expect(page.locator("#c-error")).to_have_text("")
    for page in (attacker, defender, spectator):
        expect(page.locator("#c-status")).to_contain_text("The battle is over", timeout=15_000)
    assert attacked, "an attack was made in the browser"

    # The worker resolves Exterminate 4 again: the campaign moves on, with the battle's outcome.
    for _ in range(150):
        pointer = gm.get(f"/api/campaigns/{campaign}/")
        if pointer["step"] != "exterminate.4":
            break
        time.sleep(0.2)
    assert pointer["step"] == "exterminate.5" and not pointer["failure"]
    reports = gm.get(f"/api/campaigns/{campaign}/battles/")
    assert [r["system"] for r in reports] == ["centurion"]
    # The report replays the battle move by move.
    attacker.goto(f"{base}/campaigns/{campaign}/battles/{reports[0]['id']}/")
    expect(attacker.locator("#c-frame")).to_contain_text("Move 0 of")
    attacker.get_by_role("button", name="Next").first.click()
    expect(attacker.locator("#c-status")).to_contain_text("moves to")
    assert attacker.evaluate("document.documentElement.scrollWidth") <= 375
