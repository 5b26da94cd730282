"""Every order kind through its form, in a real browser on real processes (Daphne, a Celery worker, PostgreSQL,
Redis): the demo's users play `order_forms.yaml`, where each kind can be given in round 1. For each kind the player
fills the form the server offers, the GM resolves the step, and the effect shows on the players' pages without a
reload. The forms show the price and what the player has before sending; Plot a course takes its destination by
name or on the star map and shows the ETA; a refused order says why next to its field and stores nothing; the GM
reads each order in words, removes a member, and the removed player's page says it has lost the campaign."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import scenario_cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.live import Client, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database, its world replaced by the scenario below
SCENARIO = Path(__file__).with_name("order_forms.yaml")
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
ACCEPTED = "Order accepted: you can withdraw it until the step closes."
Fill = Callable[[Locator], object]


def api(path: str = "") -> str:
    return f"/api/campaigns/{CAMPAIGN}/{path}"


def start(cluster_factory: Callable[..., Cluster], browser: Browser) -> tuple[Client, dict[str, Page]]:
    """The demo campaign (a GM and three players) playing the scenario; the GM's, player1's (Terran Hegemony) and
    player2's (Gaian Accord) pages open at round 1."""
    base, gm = scenario_cluster(cluster_factory, SCENARIO.read_text())
    pages = {}
    for user in ("gm", "player1", "player2"):
        page = browser.new_context(**DESKTOP).new_page()
        sign_in(page, base, user)
        open_campaign(page, base, CAMPAIGN)
        pages[user] = page
    return gm, pages


def resolve_to(gm: Client, pages: dict[str, Page], step: str) -> None:
    """The GM resolves steps until `step` of round 1 is open; each player's page has its forms for it."""
    advance_to(gm, CAMPAIGN, step, round_number=1)
    for user in ("player1", "player2"):
        expect(pages[user].locator(f"#legal-orders[data-pointer='1:{step}']")).to_be_attached(timeout=15_000)


def choose(select: Locator, text: str) -> None:
    """Pick the option whose label contains `text` (labels are the server's names: "Endeavour (Freighter)")."""
    option = select.locator("option", has_text=text)
    expect(option).to_have_count(1)
    select.select_option(value=option.get_attribute("value"))


def give(page: Page, kind: str, offer: str | None = None, fill: Fill | None = None) -> Locator:
    """Fill the form of `kind` (for the offer whose title names `offer`) and send it; the page lists it."""
    form = page.locator(f"form[data-kind={kind}]")
    if offer is not None:
        picker = form.get_by_label("Choose", exact=True)
        if picker.count():
            choose(picker, offer)
        else:
            expect(form).to_contain_text(offer)
    if fill is not None:
        fill(form)
    form.locator("button[type=submit]").click()
    expect(form.locator("p.msg")).to_have_text(ACCEPTED)
    return form


def unit_row(page: Page, state: str, name: str) -> Locator:
    return page.locator(f"#unit-groups details[data-state={state}] tbody tr", has_text=name)


def figure(page: Page, key: str) -> Locator:
    return page.locator(f"[data-figure={key}] dd")


def test_every_order_kind_given_through_its_form_takes_effect_on_the_pages(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    gm, pages = start(cluster_factory, browser)
    terran, gaian, gm_page = pages["player1"], pages["player2"], pages["gm"]

    # Explore 7: a skirmish against the Gaian outpost, and a word to the GM, which the GM reads in words.
    resolve_to(gm, pages, "explore.7")
    give(terran, "StartSkirmish", "Sector 1,0 — Alpha Centauri, against the Gaian Accord")
    give(terran, "Declare", fill=lambda form: form.get_by_label("What your civilization does").fill(
        "The Hegemony claims Alpha Centauri."))
    expect(gm_page.locator("#gm-orders")).to_contain_text(
        "Declare to the GM · What your civilization does: “The Hegemony claims Alpha Centauri.”")
    attack = "Start a skirmish · Where: Sector 1,0 · Against: Gaian Accord"
    expect(gm_page.locator("#gm-orders")).to_contain_text(attack)
    expect(terran.locator("#my-orders")).to_contain_text(attack)

    # Explore 8: a message, read on the recipient's page.
    resolve_to(gm, pages, "explore.8")
    expect(terran.locator("#log")).to_contain_text(
        "Terran Hegemony declared a skirmish against Gaian Accord in Sector 1,0.")

    def message(form: Locator) -> None:
        choose(form.get_by_label("To", exact=True), "Gaian Accord")
        form.get_by_label("Message", exact=True).fill("Lay down your arms at Alpha Centauri.")

    give(terran, "SendMessage", fill=message)

    # Explore 11: a gift, priced before it is sent; the Gaian treasury grows.
    resolve_to(gm, pages, "explore.11")
    expect(gaian.locator("#log")).to_contain_text(
        "Terran Hegemony to Gaian Accord: Lay down your arms at Alpha Centauri.")
    expect(figure(gaian, "mu")).to_have_text("1,000 MU")

    def gift(form: Locator) -> None:
        choose(form.get_by_label("To", exact=True), "Harvest")
        form.get_by_label("Ore", exact=True).fill("5")
        form.get_by_label("Monetary Units", exact=True).fill("100")
        expect(form.locator(".price")).to_have_text("costs 100 MU, 5 Ore — you have 20,000 MU, 20 Ore")

    give(terran, "Gift", "Endeavour", gift)

    # Explore 14: a course by name and on the map, its ETA shown before it is sent.
    resolve_to(gm, pages, "explore.14")
    expect(figure(gaian, "mu")).to_have_text("1,100 MU")
    expect(figure(terran, "mu")).to_have_text("19,900 MU")
    course = terran.locator("form[data-kind=PlotCourse]")
    course.get_by_label("Unit", exact=True).select_option(label="Pathfinder (Scout)")
    course.get_by_label("Find by name").fill("gaia")
    expect(course.get_by_label("Destination", exact=True).locator("option")).to_have_text(["Sector 2,0 — Gaia's Star"])
    expect(course.locator(".eta")).to_have_text("ETA: 1 round (8 MP) — arrives FQ2 GSY 2400, round 2.")
    course.get_by_label("Find by name").fill("")
    course.get_by_label("Destination", exact=True).select_option(label="Sector 0,0 — Sol")
    expect(course.locator(".eta")).to_have_text("ETA: 1 round (1 MP) — arrives FQ2 GSY 2400, round 2.")  # open space
    course.get_by_label("Point of interest", exact=True).select_option(label="Sol (Sector 0,0)")
    expect(course.locator(".eta")).to_have_text("No course: Scout Pathfinder is already there.")  # the server's
    terran.locator("#player-map [data-poi=gaia]").click()  # the map fills the form in
    expect(course.get_by_label("Destination", exact=True)).to_have_value('"2,0"')
    expect(course.get_by_label("Point of interest", exact=True)).to_have_value('"gaia"')
    expect(course.get_by_label("Destination", exact=True)).to_be_focused()
    expect(course.locator(".eta")).to_have_text("ETA: 1 round (8 MP) — arrives FQ2 GSY 2400, round 2.")
    course.get_by_role("button", name="Plot a course").click()
    expect(course.locator("p.msg")).to_have_text(ACCEPTED)

    # Exterminate 3: the Gaian builder at work at Alpha Centauri evades the fight.
    resolve_to(gm, pages, "exterminate.3")
    expect(unit_row(terran, "en_route", "Pathfinder")).to_contain_text("→ Gaia's Star (sector 2,0)")
    give(gaian, "JoinOrEvade", "Seedbed", lambda form: form.get_by_label("What it does").select_option(label="Evade"))

    # Exterminate 8: the Terrans won; they capture the Gaian freighter and destroy the courier.
    resolve_to(gm, pages, "exterminate.8")
    expect(gaian.locator("#log")).to_contain_text("Seedbed evaded")
    give(terran, "Capture", "Bullion")
    give(terran, "DestroyUnit", "Courier")

    # Exterminate 9: one Gaian colony occupied, the other destroyed.
    resolve_to(gm, pages, "exterminate.9")
    expect(terran.locator("#unit-groups tr", has_text="Bullion")).to_be_visible()
    expect(gaian.locator("#unit-groups tr", has_text="Courier")).to_have_count(0)
    expect(gaian.locator("#unit-groups tr", has_text="Bullion")).to_have_count(0)
    give(terran, "Occupy", "Chiron", lambda form: choose(form.get_by_label("Occupying unit"), "Vigilant"))
    give(terran, "DestroyColony", "Proxima")

    # Expand 1: Ore loaded into one freighter and unloaded from the other.
    resolve_to(gm, pages, "expand.1")
    expect(gaian.locator("#colonies li", has_text="Chiron")).to_contain_text("occupied by Terran Hegemony")
    expect(gaian.locator("#colonies li", has_text="Proxima")).to_have_count(0)
    expect(terran.locator("#ore-sites")).to_contain_text("Sol: 40 Ore")

    give(terran, "LoadCargo", "Providence", lambda form: form.get_by_label("Ore to load").fill("10"))
    give(terran, "UnloadCargo", "Endeavour", lambda form: form.get_by_label("Ore to unload").fill("15"))

    # Expand 5: a colony founded on Luna, its price shown first.
    resolve_to(gm, pages, "expand.5")
    expect(terran.locator("#ore-sites")).to_contain_text("Sol: 45 Ore")  # 40 - 10 loaded + 15 unloaded

    def colonize(form: Locator) -> None:
        choose(form.get_by_label("Planet", exact=True), "Luna")
        expect(form.locator(".price")).to_have_text(re.compile(r"^costs [\d,]+ MU — you have 19,900 MU, 45 Ore$"))

    give(terran, "Colonize", "Mayflower", colonize)

    # Expand 6: a new unit, a mine and the project whose builder was lost, each by its own builder.
    resolve_to(gm, pages, "expand.6")
    expect(terran.locator("#colonies")).to_contain_text("Luna")

    def construct(form: Locator) -> None:
        choose(form.get_by_label("Site", exact=True), "Earth")
        choose(form.get_by_label("Unit to build"), "Scout")
        form.get_by_label("Name of the new unit").fill("Swift")
        expect(form.locator(".price")).to_have_text(re.compile(r"^costs [\d,]+ MU, \d+ BP, \d+ Ore — you have "))

    def mine(form: Locator) -> None:
        choose(form.get_by_label("Planet", exact=True), "Earth")
        form.get_by_label("Mining stations").fill("2")
        expect(form.locator(".price")).to_have_text(re.compile(r"^costs [\d,]+ MU, 2 BP, 2 Ore — you have "))

    give(terran, "StartConstruction", "Yard One", construct)
    give(terran, "BuildMine", "Yard Two", mine)
    give(terran, "ResumeConstruction", "Yard Three",
         lambda form: choose(form.get_by_label("Project", exact=True), "Scout at Sol"))

    # Expand 7: Mars terraformed.
    resolve_to(gm, pages, "expand.7")
    projects = terran.locator("#projects")
    expect(projects).to_contain_text("Building Swift (Scout) at Sol")
    expect(projects).to_contain_text("Building a mine on Earth")
    expect(unit_row(terran, "engaged", "Yard Three")).to_contain_text("building Unfinished")
    give(terran, "StartTerraforming", "Greenhouse",
         lambda form: choose(form.get_by_label("Planet", exact=True), "Mars"))

    # Exploit 8: the junk of Sol salvaged.
    resolve_to(gm, pages, "exploit.8")
    expect(projects).to_contain_text("Terraforming Mars")
    give(terran, "Salvage", "Magpie")
    advance_to(gm, CAMPAIGN, "exploit.9", round_number=1)
    expect(unit_row(terran, "engaged", "Magpie")).to_contain_text("salvaging junk")
    expect(terran.locator("#log")).to_contain_text("Magpie salvaged 30 Ore of junk in Sector 0,0.")

    # The GM removes player2 from the campaign, made private: their page stops and says why.
    status, body = gm.request("POST", api("visibility/"), {"is_public": False})
    assert status == 200, body
    member = gm_page.locator("#gm-members li", has_text="player2")
    member.get_by_role("button", name="Remove player2").click()
    expect(member).to_contain_text("Remove player2 (Gaian Accord)? They lose access to this campaign at once")
    member.get_by_role("button", name="Yes, remove player2").click()
    expect(gm_page.locator("#gm-members-msg")).to_have_text("player2 (Gaian Accord) was removed from the campaign.")
    expect(gm_page.locator("#gm-members li", has_text="player2")).to_have_count(0)
    expect(gaian.locator("#conn")).to_contain_text("You can no longer see this campaign.")
    expect(gaian.locator("body[data-live=lost]")).to_be_attached()
    gaian.wait_for_timeout(1500)  # longer than the first back-off: no reconnection replaces the banner
    expect(gaian.locator("#conn")).to_contain_text("You can no longer see this campaign.")


def test_a_gift_the_player_cannot_make_is_stopped_with_its_reason_and_nothing_is_stored(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    gm, pages = start(cluster_factory, browser)
    terran = pages["player1"]
    resolve_to(gm, pages, "explore.11")
    form = terran.locator("form[data-kind=Gift]")
    choose(form.get_by_label("Choose", exact=True), "Endeavour")
    choose(form.get_by_label("To", exact=True), "Harvest")
    send = form.get_by_role("button", name="Give a gift")

    # More Ore than the hold carries: the price line says, in the server's words, that it would be refused.
    form.get_by_label("Ore", exact=True).fill("50")
    expect(form.locator(".price")).to_have_text(re.compile(r"^It would be refused: .+ carries only 20 Ore\.$"))

    # Nothing given at all: the server refuses, and says why next to the field it names.
    form.get_by_label("Ore", exact=True).fill("")
    expect(send).to_be_enabled()
    send.click()
    problem = form.locator(f"#{form.get_by_label('Ore', exact=True).get_attribute('id')}-problem")
    expect(problem).to_have_text("give some Ore or Monetary Units.")
    expect(form.get_by_label("Ore", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(form.locator("p.msg")).to_have_text("Refused: give some Ore or Monetary Units.")
    expect(terran.locator("#my-orders")).to_have_text("No orders given in this step yet.")
    assert gm.get(api("orders/")) == []


def test_a_design_saved_on_the_designer_is_offered_in_the_build_form_without_a_reload(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    gm, pages = start(cluster_factory, browser)
    terran = pages["player1"]
    resolve_to(gm, pages, "expand.6")
    build = terran.locator("form[data-kind=StartConstruction]").get_by_label("Unit to build")
    expect(build.locator("option", has_text="Picket Boat")).to_have_count(0)
    # Saved as the designer page saves it (another tab of the same player): the open campaign page lists it.
    terran.evaluate("""() => CV.http.post(CV.api("designs/"), {name: "Picket Boat",
        scale: "CORVETTE", stats: {sensors: 1, signature: 10, movement_rate: 1, targeting: 1, evasion: 1, hp: 10}})""")
    expect(build.locator("option", has_text="Picket Boat")).to_have_count(1, timeout=15_000)
