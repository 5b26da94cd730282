"""The GM's settings page in a real browser on real processes (Daphne, a Celery worker, PostgreSQL, Redis): before
the first step the GM picks the starting preset and switches a rule module on (both in force at once); once the
round has begun, the GM changes a setting in every other group — a refused value and a missing reason are shown
next to their fields — and saves with a reason. A player's campaign page, open all along, shows each change in its
"Rules in force" without reloading, the round-breaking ones as waiting for the next round, and only the war that
concerns its civilization; a spectator's page shows no war at all. The page fits a phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.live import Client, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database
TERRANS, GAIANS, MORGANS = 1, 2, 3  # the demo's civilizations (player1, player2, player3)
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}


def setting(page: Page, key: str) -> Any:
    return page.locator(f"#settings-groups [data-key={key}]")


def rule(page: Page, key: str) -> Any:
    return page.locator(f"#rules-in-force [data-setting={key}]")


def save(gm: Page, reason: str) -> None:
    gm.get_by_label("Reason (every player reads it)").fill(reason)
    gm.get_by_role("button", name="Save the changes").click()


def test_gm_changes_every_group_of_settings_and_players_see_each_change_live(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"

    player = browser.new_context(**PHONE).new_page()
    sign_in(player, base, "player1")
    open_campaign(player, base, CAMPAIGN)
    spectator = browser.new_page()
    open_campaign(spectator, base, CAMPAIGN)
    for page in (player, spectator):
        page.evaluate("window.notReloaded = true")
        expect(rule(page, "dice_mode")).to_have_text("Server rolls (seeded from the campaign)")

    gm = browser.new_context(**DESKTOP).new_page()
    sign_in(gm, base, "gm")
    open_campaign(gm, base, CAMPAIGN)
    gm.get_by_role("link", name="Settings", exact=True).click()
    expect(gm.get_by_role("heading", name="Campaign settings")).to_be_visible()
    for title in ("Rule modules", "Combat", "Dice and detection", "Starting preset", "Trade and war",
                  "Victory conditions", "Deadlines", "Flow and notifications"):
        expect(gm.locator("fieldset legend", has_text=title)).to_be_visible()
    research = setting(gm, "module_cw_research")
    expect(research).to_contain_text("The engine plays its rules")

    # Before the first step: a rule module and the starting preset are in force at once.
    expect(setting(gm, "starting_preset").locator(".when")).to_have_text(
        "Before the Start only")
    setting(gm, "starting_preset").locator("select").select_option("rich")
    research.get_by_label("Cluster War research").check()
    expect(gm.locator("#settings-summary")).to_contain_text("Cluster War research: now")
    save(gm, "A richer start, and research by hand")
    expect(gm.locator("#settings-msg")).to_have_text("Saved and in force; the players have been told.")
    expect(rule(player, "starting_preset")).to_have_text("Rich")
    expect(rule(player, "module_cw_research")).to_have_text("on")
    expect(player.locator("#log li[data-type=SettingsChanged]").first).to_contain_text(
        "A richer start, and research by hand")

    # The round begins: now the starting preset is fixed and a round-breaking change waits.
    advance_to(Client(base).login("gm"), CAMPAIGN, "explore.3")
    gm.reload()
    expect(setting(gm, "starting_preset").locator("select")).to_be_disabled()
    expect(setting(gm, "starting_preset").locator(".when")).to_have_text("Fixed: the campaign has started")
    expect(setting(gm, "combat_system").locator(".when")).to_have_text("Waits for the next round")

    setting(gm, "module_centurion").get_by_label("Centurion tactical battles").check()
    setting(gm, "combat_system").locator("select").select_option("diceless")
    setting(gm, "combat_system_small").locator("select").select_option("separate_weapon")
    setting(gm, "ask_battle_choices").get_by_label("Ask the sides their battle choices").check()
    setting(gm, "choice_minutes").locator("input").fill("0")
    setting(gm, "dice_mode").locator("select").select_option("entered")
    setting(gm, "gm_detection_rolls").get_by_label("Optional GM detection rolls (Explore 5 and 6)").check()
    setting(gm, "wars").get_by_label("Terran Hegemony and Gaian Accord").check()
    setting(gm, "free_trade").locator(f"select[data-civ='{MORGANS}']").select_option("forbidden")
    setting(gm, "victory_round_limit").locator("input").fill("12")
    setting(gm, "deadline_minutes").locator("input[data-step='explore.7']").fill("90")
    setting(gm, "notify_email").get_by_label("E-mail notifications").uncheck()
    expect(gm.locator("#settings-summary")).to_contain_text("Combat system by default: from the next round")
    expect(gm.locator("#settings-summary")).to_contain_text("Dice: now")

    gm.get_by_role("button", name="Save the changes").click()
    expect(gm.locator("[data-error-for=reason]")).to_have_text("Say why the settings change; the players read it.")
    save(gm, "Tactical battles from next quarter")
    expect(setting(gm, "choice_minutes").locator(".error")).to_have_text("Minutes to make a battle choice: at least 1.")
    setting(gm, "choice_minutes").locator("input").fill("15")
    save(gm, "Tactical battles from next quarter")
    expect(gm.locator("#settings-msg")).to_have_text(
        "Saved. Some changes wait for the next round; the players have been told.")
    expect(gm.locator("#rules-in-force .rules-pending")).to_contain_text("Combat system by default: Diceless")

    # The player's page, never reloaded: what applies now, what waits, and only its own war.
    expect(rule(player, "dice_mode")).to_have_text("The GM's physical rolls")
    expect(rule(player, "choice_minutes")).to_have_text("15")
    expect(rule(player, "victory_round_limit")).to_have_text("12")
    expect(rule(player, "deadline_minutes")).to_have_text("Explore 7 90 min")
    expect(rule(player, "notify_email")).to_have_text("off")
    expect(rule(player, "wars")).to_have_text("Terran Hegemony and Gaian Accord")
    expect(rule(player, "free_trade")).to_have_text("every civilization: allows free trade")
    expect(rule(player, "combat_system")).to_have_text("Instant Mass Combat", ignore_case=True)
    pending = player.locator("#rules-in-force .rules-pending")
    expect(pending).to_contain_text("waits for round 2")
    expect(pending).to_contain_text("Combat system by default: Diceless")
    expect(pending).to_contain_text("Reason: Tactical battles from next quarter")
    expect(player.locator("#victory-rules")).to_contain_text("at the end of round 12")
    expect(player.locator("#log li[data-type=SettingsChanged]").first).to_contain_text("waits for round 2")

    expect(rule(spectator, "dice_mode")).to_have_text("The GM's physical rolls")
    expect(rule(spectator, "wars")).to_have_text("nobody")
    expect(rule(spectator, "free_trade")).to_have_text("every civilization: allows free trade")
    for page in (player, spectator):
        assert page.evaluate("window.notReloaded") is True

    # The same page on a phone: no sideways scroll.
    phone = browser.new_context(**PHONE).new_page()
    sign_in(phone, base, "gm")
    phone.goto(f"{base}/campaigns/{CAMPAIGN}/settings/")
    expect(setting(phone, "dice_mode")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
    small = phone.evaluate("""() => [...document.querySelectorAll('main button, main input, main select')]
        .filter((e) => e.offsetParent !== null && e.type !== 'checkbox')
        .filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.id || e.name || e.dataset.step)""")
    assert small == [], f"touch targets under 44 px: {small}"
