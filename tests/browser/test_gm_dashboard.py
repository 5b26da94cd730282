"""The GM's dashboard in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): at a
desktop and at a phone size the GM previews Exploit 5 (taxes), overrides one civilization's TaxesCollected with a
reason, commits, sees the overridden treasury in the side-by-side views, then undoes the step with a reason. A
player's page open meanwhile shows the override note (only the civilization concerned) and the undo, live. And the
rest of the dashboard: orders in, readiness, the notes inbox, a refused override, entered dice, standings, and a
failed resolution shown live with Advance again."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, SCREENSHOTS
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.live import Client, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database
TERRANS = 1  # player1's civilization in the demo
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}


def figure(page: Page, civ_id: int, key: str) -> int:
    cell = page.locator(f"#gm-civ-views [data-civ='{civ_id}'] [data-figure={key}]")
    expect(cell).to_be_visible()
    return int(cell.inner_text())


def assert_fits_a_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
    small = page.evaluate("""() => [...document.querySelectorAll('main button, main input, main select')]
        .filter((e) => e.offsetParent !== null && e.type !== 'checkbox' && e.type !== 'file')
        .filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.id || e.textContent)""")
    assert small == [], f"touch targets under 44 px: {small}"
    checks = page.evaluate("""() => [...document.querySelectorAll('.gm-checks label')]
        .map((l) => l.getBoundingClientRect().height)""")
    assert checks and min(checks) >= 44, checks


def override_commit_and_undo(gm: Page, concerned: Page, other: Page, screenshot: str, mu: int) -> None:
    expect(gm.locator("[data-bind=step_label]")).to_have_text("Exploit 5")
    mu_before = figure(gm, TERRANS, "mu")
    expect(gm.locator(f"#gm-civ-views [data-civ='{TERRANS}'] [data-state=Operational]")).to_contain_text(
        "Operational: 7")
    expect(gm.locator("#gm-progress")).to_be_hidden()
    expect(gm.locator("#gm-needs")).to_be_hidden()
    notes_before = concerned.locator("#log li[data-type=ResultOverridden]").count()

    gm.get_by_role("button", name="Preview the outcome").click()
    taxes = gm.locator("#gm-preview-events li[data-type=TaxesCollected]")
    expect(taxes).to_have_count(3)
    terran = taxes.filter(has_text="Terran Hegemony")
    expect(terran).to_contain_text("only Terran Hegemony")  # the visibility of the proposed event
    expect(gm.locator("#gm-preview-events li[data-type=StepResolved]")).to_contain_text("public")
    # Keyboard only: focus the Override control and press Enter.
    terran.get_by_role("button", name="Override").focus()
    gm.keyboard.press("Enter")
    gm.get_by_label("New payload (JSON)").fill(f'{{"civ_id": {TERRANS}, "mu": {mu}}}')
    gm.get_by_role("button", name="Keep this override").click()
    expect(terran.locator(".msg")).to_have_text("Give a reason; the civilization concerned reads it.")
    reason = f"Tax holiday revoked ({screenshot})"
    gm.get_by_label("Reason (the civilization concerned reads it)").fill(reason)
    gm.get_by_role("button", name="Keep this override").click()
    expect(terran).to_have_class(re.compile(r"\boverridden\b"))
    expect(terran.locator(".payload")).to_contain_text(f"Now: civ: Terran Hegemony · mu: {mu}")
    expect(gm.locator("#gm-override-count")).to_have_text("1 override will be committed.")
    gm.screenshot(path=str(SCREENSHOTS / screenshot), full_page=True)

    gm.evaluate("""() => {
        const box = document.querySelector('#gm-progress');
        window.progressSeen = [];
        new MutationObserver(() => { if (!box.hidden) window.progressSeen.push(box.textContent.trim()); })
            .observe(box, {attributes: true, subtree: true, childList: true, characterData: true});
    }""")
    gm.get_by_role("button", name="Commit this outcome").click()
    expect(gm.locator("[data-bind=step_label]")).to_have_text("Exploit 6", timeout=15_000)
    expect(gm.locator(f"#gm-civ-views [data-civ='{TERRANS}'] [data-figure=mu]")).to_have_text(str(mu_before + mu))
    expect(gm.locator("#gm-progress")).to_be_hidden()
    seen = gm.evaluate("window.progressSeen")
    assert any("Resolving exploit.5 (round 1)" in text for text in seen), seen  # the live progress was shown
    override_note = concerned.locator("#log li[data-type=ResultOverridden]")
    expect(override_note).to_have_count(notes_before + 1)
    expect(override_note.first).to_contain_text(reason)
    expect(concerned.locator("[data-bind=step_label]")).to_have_text("Exploit 6")
    expect(other.locator("[data-bind=step_label]")).to_have_text("Exploit 6")
    expect(other.locator("#log li[data-type=ResultOverridden]")).to_have_count(0)

    expect(gm.get_by_role("button", name="Undo last step")).to_be_enabled()
    gm.get_by_label("Reason (the players read it)").fill(f"Wrong tax rate ({screenshot})")
    gm.get_by_role("button", name="Undo last step").click()
    expect(gm.locator("[data-bind=step_label]")).to_have_text("Exploit 5", timeout=10_000)
    expect(gm.locator("#gm-undo-msg")).to_have_text("Undone: back at Exploit 5.")
    expect(gm.locator("#log li[data-type=TaxesCollected]:not(.undone)")).to_have_count(0)
    expect(gm.locator("#log li[data-type=ResultOverridden]").first).to_have_class(re.compile(r"\bundone\b"))
    expect(gm.locator(f"#gm-civ-views [data-civ='{TERRANS}'] [data-figure=mu]")).to_have_text(str(mu_before))
    for player in (concerned, other):
        expect(player.locator("[data-bind=step_label]")).to_have_text("Exploit 5")
        expect(player.locator("#log li[data-type=StepUndone]").first).to_contain_text(f"Wrong tax rate ({screenshot})")
    expect(concerned.locator("#log li[data-type=ResultOverridden]:not(.undone)")).to_have_count(0)


def test_gm_previews_overrides_commits_and_undoes_while_players_watch_live(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    advance_to(Client(base).login("gm"), CAMPAIGN, "exploit.5")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    concerned = browser.new_context(**PHONE).new_page()
    sign_in(concerned, base, "player1")
    open_campaign(concerned, base, CAMPAIGN)
    other = browser.new_page()
    sign_in(other, base, "player2")
    open_campaign(other, base, CAMPAIGN)
    for page in (concerned, other):
        page.evaluate("window.notReloaded = true")

    desktop = browser.new_context(**DESKTOP).new_page()
    sign_in(desktop, base, "gm")
    open_campaign(desktop, base, CAMPAIGN)
    expect(desktop.locator("#gm-pipeline li[aria-current=step]")).to_contain_text("Exploit 5")
    expect(desktop.locator("#gm-dice-mode")).to_contain_text("the server rolls")
    override_commit_and_undo(desktop, concerned, other, "gm-desktop.png", mu=777)

    phone = browser.new_context(**PHONE).new_page()
    sign_in(phone, base, "gm")
    open_campaign(phone, base, CAMPAIGN)
    assert_fits_a_phone(phone)
    override_commit_and_undo(phone, concerned, other, "gm-phone.png", mu=5)
    assert_fits_a_phone(phone)
    for page in (concerned, other):
        assert page.evaluate("window.notReloaded === true"), "the players' pages update without reloading"


def test_gm_sees_orders_readiness_and_notes_live_replies_and_recovers_from_a_failed_resolution(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = browser.new_context(**DESKTOP).new_page()
    sign_in(gm, base, "gm")
    open_campaign(gm, base, CAMPAIGN)
    advance_to(Client(base).login("gm"), CAMPAIGN, "explore.14")  # Plot a Course: a step that takes orders
    expect(gm.locator("[data-bind=step_label]")).to_have_text("Explore 14", timeout=15_000)
    expect(gm.locator("#gm-orders")).to_have_text("No orders yet for this step.")

    player = Client(base).login("player1")
    legal = player.get(f"/api/campaigns/{CAMPAIGN}/legal-orders/")
    course = next(o for o in legal if o["kind"] == "PlotCourse")  # the FTL units' offer: the unit is a choice
    units = next(f for f in course["fields"] if f["name"] == "unit_id")["choices"]
    vigilant = next(c["value"] for c in units if c["label"].startswith("Vigilant"))
    payload = {**course["payload"], "unit_id": vigilant, "sector_id": "1,0", "poi_id": None}
    status, order = player.request("POST", f"/api/campaigns/{CAMPAIGN}/orders/", {
        "round": 1, "step": "explore.14", "kind": "PlotCourse", "payload": payload, "idempotency_key": "gm-dash-1"})
    assert status == 201, order
    status, _ = player.request("POST", f"/api/campaigns/{CAMPAIGN}/ready/", {"round": 1, "step": "explore.14"})
    assert status == 200
    status, _ = player.request("POST", f"/api/campaigns/{CAMPAIGN}/notes/",
                               {"text": "Is the Maw passable?", "order_id": order["id"]})
    assert status == 201

    orders = gm.locator(f"#gm-orders [data-civ='{TERRANS}']")
    expect(orders).to_contain_text("Terran Hegemony (1)")
    expect(orders).to_contain_text("Plot a course · Unit: Terran Hegemony's Vigilant · Destination: Sector 1,0")
    expect(gm.locator(f"#gm-ready [data-civ='{TERRANS}']")).to_contain_text("ready")
    expect(gm.locator(f"#gm-ready [data-civ='{TERRANS}']")).to_contain_text("1 order")
    note = gm.locator("#gm-notes li").first
    expect(note).to_contain_text("Is the Maw passable?")
    expect(note).to_contain_text(f"about order #{order['id']}")
    note.get_by_role("button", name="Reply to Terran Hegemony").click()
    gm.get_by_label("Note", exact=True).fill("It is not; go round.")
    gm.get_by_role("button", name="Send note").click()
    expect(gm.locator("#gm-note-msg")).to_have_text("Note sent to Terran Hegemony.")
    expect(gm.locator("#gm-notes li.from-gm").first).to_contain_text("It is not; go round.")
    thread = player.get(f"/api/campaigns/{CAMPAIGN}/notes/")
    assert [n["payload"]["text"] for n in thread] == ["Is the Maw passable?", "It is not; go round."]

    # An override that does not fit the world is refused on commit, with the server's reason, and nothing moves.
    gm.get_by_role("button", name="Preview the outcome").click()
    proposed = gm.locator("#gm-preview-events li:not([data-type=StepResolved])").first
    proposed.get_by_role("button", name="Override").click()
    gm.get_by_label("New payload (JSON)").fill('{"unit_id": 99999}')
    gm.get_by_label("Reason (the civilization concerned reads it)").fill("Testing a bad override")
    gm.get_by_role("button", name="Keep this override").click()
    gm.get_by_role("button", name="Commit this outcome").click()
    expect(gm.locator("#gm-preview-msg")).to_contain_text("do not fit the world")
    expect(gm.locator("[data-bind=step_label]")).to_have_text("Explore 14")
    gm.get_by_role("button", name="Discard the preview").click()
    expect(gm.locator("#gm-preview-box")).to_be_hidden()

    gm.get_by_label("Physical rolls for this step (replace those entered; spaces or commas)").fill("3, 5 6")
    gm.get_by_role("button", name="Set the rolls").click()
    expect(gm.locator("#gm-dice-entered")).to_have_text("3, 5, 6")

    gm.get_by_label("Ore", exact=True).check()
    gm.get_by_role("button", name="Publish standings").click()
    expect(gm.locator("#gm-standings-msg")).to_have_text("Standings published.")
    expect(gm.locator("#log li[data-type=StandingsPublished]")).to_have_count(1)

    # A resolution that failed (recorded by the same service a crashed worker uses) shows its reason, live, and
    # Advance again resolves the step.
    cluster.manage("shell", "-c", "from game import services; from game.engine.phases import ALL_STEPS; "
                   "services.step_fail(1, 1, [s.key for s in ALL_STEPS].index('explore.14'), "
                   "RuntimeError('the GM pulled the plug'))")
    expect(gm.locator("#gm-failure")).to_contain_text("RuntimeError: the GM pulled the plug")
    expect(gm.get_by_role("button", name="Advance: resolve this step")).to_be_hidden()
    gm.get_by_role("button", name="Advance again").click()
    expect(gm.locator("[data-bind=step_label]")).to_have_text("Exterminate 1", timeout=15_000)
    expect(gm.locator("#gm-failure")).to_be_hidden()


def test_gm_enters_physical_dice_when_the_preview_asks_for_them(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    # Physical dice only, and GM rolls for hidden objects on (both campaign settings): Explore 5 rolls for The Maw
    # (a hidden black hole).
    cluster.manage("shell", "-c", "from game.models import Campaign; c = Campaign.objects.get(pk=1); "
                   "c.rule_options.update(dice_mode='entered', gm_detection_rolls=True); "
                   "c.save(update_fields=['rule_options'])")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    advance_to(Client(base).login("gm"), CAMPAIGN, "explore.5")
    gm = browser.new_context(**PHONE).new_page()
    sign_in(gm, base, "gm")
    open_campaign(gm, base, CAMPAIGN)
    expect(gm.locator("#gm-dice-mode")).to_have_text("physical dice only (enter every roll)")

    gm.get_by_role("button", name="Preview the outcome").click()
    asked = 0
    rolls = gm.get_by_label("Rolls (whole numbers, separated by spaces or commas)")
    while not gm.locator("#gm-preview-box").is_visible():
        expect(gm.locator("#gm-needs-text")).to_contain_text(re.compile(r"Enter 1 more d\d+ roll for civ \d detects"))
        assert gm.evaluate("document.activeElement.id") == "gm-needs-rolls", "the rolls input takes the focus"
        rolls.fill("1")
        gm.get_by_role("button", name="Enter the rolls and preview again").click()
        asked += 1
        expect(gm.locator("#gm-dice-entered")).to_have_text(", ".join(["1"] * asked))
        # Either the outcome or the next question, once the preview has answered.
        expect(gm.locator("#gm-preview-box:not([hidden]), #gm-needs:not([hidden])")).to_have_count(1)
        assert asked <= 6, "the step keeps asking for rolls"
    assert asked >= 1, "the step asked for physical rolls"
    expect(gm.locator("#gm-preview-rolls li")).to_have_count(asked)
    expect(gm.locator("#gm-preview-rolls li").first).to_contain_text("detects hidden maw: 1")
    gm.get_by_role("button", name="Commit this outcome").click()
    expect(gm.locator("[data-bind=step_label]")).to_have_text("Explore 6", timeout=15_000)
    assert gm.evaluate("document.documentElement.scrollWidth") <= 375
