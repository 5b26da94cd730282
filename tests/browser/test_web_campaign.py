"""Issue 12's acceptance test: a campaign made the web way is playable. In real browsers on real processes the GM
creates a campaign with the New campaign form, two players join by the invite link and submit a faction, the GM
generates a small galaxy on Galaxy setup (a fixed seed), moves the second home world next to the first so the two
civilizations can meet, approves both and starts. Each player then gets the standard start (Cluster War §3.0) and,
through the forms of their own page, over three rounds builds a ship, founds a colony, builds a mine, sends a
message, gives a gift, and loads and unloads cargo; after each resolution the pages show the effect."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from cvsite.cluster import Cluster
from tests.browser.test_live_loop import sign_in
from tests.browser.test_order_forms import ACCEPTED, choose, figure, give, unit_row
from tests.live import Client, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
# Seed "web-campaign-a" on a 12x12 map proposes home worlds at 0804 and 0108; the GM moves the second to 0704,
# the next hex: Vega's units are one Sector from Sol's, in sensor and communications range (docs/rules.md,
# Explore 5 and 8), and a Survey Scout crosses to Vega's home in one round. Each home system holds a second
# viable planet, surveyed with the start, for the colony ship.
SEED = "web-campaign-a"
SOL_HOME, VEGA_HOME = "0804", "0704"
SOL_WORLD, VEGA_WORLD = "0804 A4", "0704 A2"  # the home planets
SOL_COLONY, VEGA_COLONY = "0804 A2", "0704 A1"


def number(text: str) -> int:
    """The first whole number of a page's text ("1,250 MU" → 1250)."""
    found = re.search(r"-?[\d,]+", text)
    assert found, text
    return int(found.group().replace(",", ""))


def treasury(page: Page) -> int:
    return number(figure(page, "mu").inner_text())


def ore_at(page: Page, poi: str) -> int:
    """Ore in stock at a home system, as the "Ore at" list reads it."""
    site = page.locator("#ore-sites li", has_text=poi)
    expect(site).to_have_count(1)
    return number(site.inner_text().split(":")[-1])


def fill_in(label: str, amount: int) -> Callable[[Locator], None]:
    """A form's filling: `amount` in the field labelled `label`."""
    def fill(form: Locator) -> None:
        form.get_by_label(label).fill(str(amount))
    return fill


class Campaign:
    """The GM's API client (for Advance between the players' orders) and the players' pages."""

    def __init__(self, gm: Client, campaign_id: int, sol: Page, vega: Page) -> None:
        self.gm, self.campaign_id, self.sol, self.vega = gm, campaign_id, sol, vega

    def resolve_to(self, step: str, round_number: int) -> None:
        """The GM resolves steps until `step` of `round_number` is open; both players' pages have its forms."""
        advance_to(self.gm, self.campaign_id, step, round_number)
        for page in (self.sol, self.vega):
            expect(page.locator(f"#legal-orders[data-pointer='{round_number}:{step}']")).to_be_attached(
                timeout=15_000)


def create_the_campaign_the_web_way(base: str, browser: Browser) -> tuple[int, Page, Page, Page]:
    """The GM creates the campaign, the players join and submit a faction, the GM sets the galaxy up and starts."""
    gm = browser.new_context(**DESKTOP).new_page()
    sign_in(gm, base, "gm")
    gm.goto(f"{base}/")
    gm.get_by_label("Campaign name").fill("First Contact")
    gm.get_by_role("button", name="Create campaign").click()
    expect(gm.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)
    campaign_id = int(gm.url.rstrip("/").split("/")[-1])
    invite_url = gm.locator("#invite").input_value()

    players = []
    for username, civ_name in (("player1", "Sol"), ("player2", "Vega")):
        page = browser.new_context(**DESKTOP).new_page()
        sign_in(page, base, username)
        page.goto(invite_url)
        page.get_by_label("Name your civilization").fill(civ_name)
        page.get_by_role("button", name="Join the campaign").click()
        expect(page.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)
        page.goto(f"{base}/campaigns/{campaign_id}/civilization/")
        page.get_by_role("button", name="Submit faction to the GM").click()
        expect(page.locator("#setup-status")).to_contain_text(": waiting for the GM's approval.")
        players.append(page)

    gm.get_by_role("link", name="Galaxy setup").click()
    gm.get_by_label("Width (hexes)").fill("12")
    gm.get_by_label("Height (hexes)").fill("12")
    gm.get_by_label("Home worlds", exact=True).fill("2")
    gm.get_by_label("Fewest hexes between capitals").fill("6")
    gm.get_by_label("Seed", exact=True).fill(SEED)
    gm.get_by_role("button", name="Generate").click()
    expect(gm.locator("#galaxy-msg")).to_contain_text("Generated", timeout=20_000)
    expect(gm.locator("#home-worlds tbody tr").nth(0)).to_contain_text(SOL_HOME)
    gm.get_by_label("Move home world 2 to hex").fill(VEGA_HOME)
    gm.locator("#home-worlds tr[data-home='2']").get_by_role("button", name="Move").click()
    expect(gm.locator("#home-msg")).to_have_text(f"Home world 2 moved to {VEGA_HOME}.")
    expect(gm.locator("#home-worlds tr[data-home='2']")).to_contain_text(VEGA_HOME)
    for name in ("Sol", "Vega"):
        gm.locator("#setup-civs li", has_text=name).get_by_role("button", name="Approve").click()
        expect(gm.locator("#setup-civs li", has_text=name)).to_contain_text("approved")
    gm.get_by_role("button", name="Start campaign").click()
    expect(gm).to_have_url(f"{base}/campaigns/{campaign_id}/", timeout=20_000)

    for page in players:
        page.goto(f"{base}/campaigns/{campaign_id}/")
        expect(page.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)
    return campaign_id, gm, players[0], players[1]


@pytest.mark.timeout(600)  # three rounds resolved step by step with two players' pages open, on a loaded 2-core machine
def test_a_campaign_made_the_web_way_is_played_for_three_rounds_through_the_forms(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")  # the users gm, player1 and player2
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    campaign_id, gm_page, sol, vega = create_the_campaign_the_web_way(base, browser)
    gm_page.close()  # the GM advances through the API from here; an idle page reading every step only slows it
    game = Campaign(Client(base).login("gm"), campaign_id, sol, vega)

    # The standard start: Ore at the home system, the home colony with its mine, seven units.
    for page, home, world in ((sol, SOL_HOME, SOL_WORLD), (vega, VEGA_HOME, VEGA_WORLD)):
        expect(figure(page, "units")).to_have_text("7")
        expect(figure(page, "colonies")).to_have_text("1")
        expect(page.locator("#ore-sites")).to_contain_text(f"{home}: 60 Ore")
        expect(page.locator("#colonies li", has_text=world)).to_contain_text("mine: 15 Ore a quarter")

    # Round 1, Explore 8: each sends the other a message, read on the recipient's page.
    game.resolve_to("explore.8", 1)
    for page, to, text in ((sol, "Vega", "Greetings from Sol, neighbour."), (vega, "Sol", "Vega hails Sol.")):
        def message(form: Locator, to: str = to, text: str = text) -> None:
            choose(form.get_by_label("To", exact=True), to)
            form.get_by_label("Message", exact=True).fill(text)
        give(page, "SendMessage", None, message)
    game.resolve_to("explore.11", 1)
    expect(vega.locator("#log")).to_contain_text("Sol to Vega: Greetings from Sol, neighbour.")
    expect(sol.locator("#log")).to_contain_text("Vega to Sol: Vega hails Sol.")

    # Explore 14: Sol's scout sets out for Vega's home, found by name, its ETA shown before it is sent.
    game.resolve_to("explore.14", 1)
    course = sol.locator("form[data-kind=PlotCourse]")
    course.get_by_label("Unit", exact=True).select_option(label="Survey Scout 1 (Survey Scout)")
    course.get_by_label("Find by name").first.fill(VEGA_HOME)  # the Sector's filter; the place's comes next
    destination = course.get_by_label("Destination", exact=True)
    expect(destination.locator("option")).to_have_count(1)
    destination.select_option(index=0)
    choose(course.get_by_label("Point of interest", exact=True), VEGA_HOME)
    expect(course.locator(".eta")).to_contain_text("ETA: 1 round")
    course.get_by_role("button", name="Plot a course").click()
    expect(course.locator("p.msg")).to_have_text(ACCEPTED)

    # Expand 1: each freighter loads Ore at home.
    game.resolve_to("expand.1", 1)
    expect(unit_row(sol, "en_route", "Survey Scout 1")).to_contain_text(VEGA_HOME)
    for page, amount in ((sol, 10), (vega, 20)):
        give(page, "LoadCargo", "Command Freighter 1", fill_in("Ore to load", amount))

    # Expand 5: each founds a colony on the second viable planet of its home system, priced before it is sent.
    game.resolve_to("expand.5", 1)
    for page, home, loaded in ((sol, SOL_HOME, 10), (vega, VEGA_HOME, 20)):
        expect(page.locator("#ore-sites")).to_contain_text(f"{home}: {60 - loaded} Ore")
        expect(unit_row(page, "engaged", "Command Freighter 1")).to_contain_text(f"{loaded} Ore in the hold")
    after_colony = {}
    for page, planet in ((sol, SOL_COLONY), (vega, VEGA_COLONY)):
        before = treasury(page)

        def colonize(form: Locator, planet: str = planet, before: int = before) -> None:
            choose(form.get_by_label("Planet", exact=True), planet)
            expect(form.locator(".price")).to_have_text(re.compile(rf"^costs [\d,]+ MU — you have {before:,} MU"))
            after_colony[planet] = before - number(form.locator(".price").inner_text())

        give(page, "Colonize", "Colony Ship 1", colonize)

    # Expand 6: the colonies are founded and paid for; each builder starts a Patrol Corvette at the home yard.
    game.resolve_to("expand.6", 1)
    for page, planet in ((sol, SOL_COLONY), (vega, VEGA_COLONY)):
        expect(page.locator("#colonies li", has_text=planet)).to_contain_text("not yet operational")
        expect(figure(page, "colonies")).to_have_text("2")
        expect(figure(page, "mu")).to_have_text(f"{after_colony[planet]:,} MU")
    for page, home, name in ((sol, SOL_HOME, "Sentinel"), (vega, VEGA_HOME, "Warden")):
        def construct(form: Locator, home: str = home, name: str = name) -> None:
            choose(form.get_by_label("Site", exact=True), home)
            choose(form.get_by_label("Unit to build"), "Patrol Corvette")
            form.get_by_label("Name of the new unit").fill(name)
            expect(form.locator(".price")).to_have_text(re.compile(r"^costs 70 MU, 10 BP, 10 Ore — you have "))

        give(page, "StartConstruction", "Construction Crawler 1", construct)
    game.resolve_to("expand.7", 1)
    for page, planet, name in ((sol, SOL_COLONY, "Sentinel"), (vega, VEGA_COLONY, "Warden")):
        expect(page.locator("#projects")).to_contain_text(f"Building {name} (Patrol Corvette) at")
        expect(figure(page, "mu")).to_have_text(f"{after_colony[planet] - 70:,} MU")

    # Round 2, Explore 11: Sol's scout is at Vega's home; each gives the other a gift there.
    game.resolve_to("explore.11", 2)
    expect(unit_row(sol, "operational", "Survey Scout 1")).to_contain_text(VEGA_HOME)
    sol_before, vega_before = treasury(sol), treasury(vega)

    def sol_gift(form: Locator) -> None:
        choose(form.get_by_label("To", exact=True), "Patrol Corvette 1")
        form.get_by_label("Monetary Units", exact=True).fill("100")
        expect(form.locator(".price")).to_have_text(re.compile(rf"^costs 100 MU — you have {sol_before:,} MU"))

    def vega_gift(form: Locator) -> None:
        choose(form.get_by_label("To", exact=True), "Survey Scout 1")
        form.get_by_label("Monetary Units", exact=True).fill("40")

    give(sol, "Gift", "Survey Scout 1", sol_gift)
    give(vega, "Gift", "Patrol Corvette 1", vega_gift)
    game.resolve_to("explore.12", 2)
    expect(figure(sol, "mu")).to_have_text(f"{sol_before - 100 + 40:,} MU")
    expect(figure(vega, "mu")).to_have_text(f"{vega_before + 100 - 40:,} MU")

    # Expand 1: the freighters unload their Ore back at home.
    game.resolve_to("expand.1", 2)
    at_home = {}
    for page, home, amount in ((sol, SOL_HOME, 10), (vega, VEGA_HOME, 20)):
        at_home[home] = ore_at(page, home) + amount
        give(page, "UnloadCargo", "Command Freighter 1", fill_in("Ore to unload", amount))
    game.resolve_to("expand.2", 2)
    for page, home in ((sol, SOL_HOME), (vega, VEGA_HOME)):
        expect(unit_row(page, "engaged", "Command Freighter 1")).not_to_contain_text("in the hold")
        expect(page.locator("#ore-sites li", has_text=home)).to_have_text(re.compile(rf": {at_home[home]:,} Ore$"))

    # Expand 6: the new colonies are Operational, the corvettes built; each builder starts a mine on its colony.
    game.resolve_to("expand.6", 2)
    for page, planet, name in ((sol, SOL_COLONY, "Sentinel"), (vega, VEGA_COLONY, "Warden")):
        expect(page.locator("#colonies li", has_text=planet)).not_to_contain_text("not yet operational")
        expect(unit_row(page, "operational", name)).to_contain_text("Patrol Corvette")
        expect(figure(page, "units")).to_have_text("7")  # the colony ship spent, the corvette added

        def mine(form: Locator, planet: str = planet) -> None:
            choose(form.get_by_label("Planet", exact=True), planet)
            form.get_by_label("Mining stations").fill("2")
            expect(form.locator(".price")).to_have_text(re.compile(r"^costs [\d,]+ MU, 2 BP, 2 Ore — you have "))

        give(page, "BuildMine", "Construction Crawler 1", mine)
    game.resolve_to("expand.7", 2)
    for page, planet in ((sol, SOL_COLONY), (vega, VEGA_COLONY)):
        expect(page.locator("#projects")).to_contain_text(f"Building a mine on {planet}")
        expect(page.locator("#colonies li", has_text=planet)).to_contain_text("mine being built")

    # Round 3: built in Expand 8, the mines come online in Expand 3 and dig their first Ore in Exploit 3.
    game.resolve_to("expand.4", 3)
    for page, planet in ((sol, SOL_COLONY), (vega, VEGA_COLONY)):
        expect(page.locator("#projects")).not_to_contain_text("mine")
        expect(page.locator("#colonies li", has_text=planet)).to_contain_text("mine: 6 Ore a quarter")
        expect(page.locator("#log")).to_contain_text(f"The mine on {planet} is operational.")
    game.resolve_to("exploit.4", 3)
    for page, planet in ((sol, SOL_COLONY), (vega, VEGA_COLONY)):
        expect(page.locator("#log")).to_contain_text(f"The mine on {planet} produced 6 Ore.")
