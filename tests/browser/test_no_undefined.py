"""A whole demo round in real browsers on real processes (Daphne, a Celery worker, PostgreSQL, Redis), read on every
page after every step: the GM's dashboard, two players' pages, a spectator's gallery, and the battle reports once a
battle is fought. The GM advances every step with the Advance button (previewing the taxes first); player1 gives its
orders through the page's forms (a skirmish at Explore 7, a course for another unit at Explore 14) and player2
declares one in its own words; player1's unit designer and civilization pages are read too. No page ever shows a
blank where a word should be ("undefined", "NaN", "null", "None", "[object Object]"), and an order costs the
player's page at most one read on top of its POST."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from cvsite.cluster import Cluster
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.live import Client

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}

# Installed in every page before its own scripts: after each burst of changes, and when asked, it reads what a
# person reads (the rendered text, the options of selects, labels, titles and SVG titles) and keeps any blank.
WATCH = r"""
(() => {
  const BLANK = /\b(undefined|NaN|null|None)\b|\[object Object\]/;
  const seen = new Set();
  const scan = () => {
    if (!document.body) return [...seen];
    const attributes = ["aria-label", "title", "placeholder", "alt"];
    const texts = [
      document.body.innerText,
      ...[...document.querySelectorAll("option, svg title, svg desc")].map((e) => e.textContent),
      ...[...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")]
        .flatMap((e) => attributes.map((name) => e.getAttribute(name) || "")),
    ];
    for (const text of texts) {
      const found = text.match(BLANK);
      if (found) seen.add(text.slice(Math.max(0, found.index - 60), found.index + 60).replace(/\s+/g, " "));
    }
    return [...seen];
  };
  let timer = null;
  new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(scan, 100); })
    .observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
  window.cvBlanks = scan;
})();
"""


def api(suffix: str = "") -> str:
    return f"/api/campaigns/{CAMPAIGN}/{suffix}"


def assert_no_blanks(pages: dict[str, Page], where: str) -> None:
    blanks = {name: page.evaluate("window.cvBlanks()") for name, page in pages.items()}
    assert not any(blanks.values()), f"{where}: {blanks}"


def wait_for_step(pages: dict[str, Page], state: dict[str, Any]) -> None:
    for page in pages.values():
        if page.url.endswith(f"/campaigns/{CAMPAIGN}/"):
            expect(page.locator(f"body[data-round='{state['round']}'][data-step='{state['step']}']")).to_be_attached(
                timeout=15_000)
            expect(page.locator("[data-bind=status]")).to_have_text("open for orders")


def advance_on_the_dashboard(gm_page: Page, gm: Client) -> dict[str, Any]:
    """The GM clicks Advance; returns the next step's state once a worker has resolved this one."""
    before = gm.get(api())
    gm_page.get_by_role("button", name="Advance: resolve this step").click()
    deadline = time.monotonic() + 30
    while True:
        now: dict[str, Any] = gm.get(api())
        assert now["status"] != "failed", now["failure"]
        if now["status"] == "open" and (now["round"], now["step"]) != (before["round"], before["step"]):
            return now
        assert time.monotonic() < deadline, f"{before['step']} was not resolved within 30 s"
        time.sleep(0.1)


def settle(page: Page) -> None:
    """Until the page has finished reading for a second."""
    page.evaluate("""() => new Promise((resolve) => {
        let last = performance.now();
        new PerformanceObserver(() => { last = performance.now(); }).observe({type: "resource"});
        const check = () => (performance.now() - last > 1000 ? resolve() : setTimeout(check, 100));
        check();
    })""")


def order_through_the_form(page: Page, kind: str, fill: Callable[[Any], None]) -> list[str]:
    """Give an order of `kind` with its form and return the API reads the page made for it: from the click until
    the order is listed, its live event has counted it, and the page has had a second to settle. The one read
    expected is of the orders and the offers they leave (batched), so a builder set to work is not offered again."""
    reads: list[str] = []

    def note(request: Request) -> None:
        # A catch-up over others' events the viewer is not pushed (events/?since=) is the socket's, not the order's.
        if request.method == "GET" and "/api/" in request.url and "/events/?since=" not in request.url:
            reads.append(request.url)

    form = page.locator(f"form[data-kind={kind}]")
    fill(form)
    settle(page)  # what the new step set off (the state, the empire's view) is read before the order
    orders_before = page.locator("#my-orders li[data-order]").count()
    page.on("request", note)
    form.locator("button[type=submit]").click()
    expect(form.get_by_role("status")).to_have_text("Order accepted: you can withdraw it until the step closes.")
    expect(page.locator("#my-orders li[data-order]")).to_have_count(orders_before + 1)
    expect(page.locator("#ready-state")).to_contain_text(f"{orders_before + 1} order")
    settle(page)
    page.remove_listener("request", note)
    return reads


def option_labels(select: Any) -> list[str]:
    return list(select.evaluate("(s) => [...s.options].map((o) => o.textContent)"))


def attack(form: Any) -> None:
    """The skirmish offer against the Morgan Combine at Morgan Prime (the only one, or chosen among several)."""
    choose = form.get_by_label("Choose")
    if choose.count():
        choose.select_option(label=next(t for t in option_labels(choose) if "Morgan" in t))


def course_for_mayflower(form: Any) -> None:
    """Mayflower (Vigilant stays to fight at Morgan Prime) to the last destination offered: the offer, or the unit
    in it, that names Mayflower."""
    choose, unit = form.get_by_label("Choose"), form.get_by_label("Unit")
    if choose.count():
        for title in option_labels(choose):
            choose.select_option(label=title)
            if "Mayflower" in title or (unit.count() and any("Mayflower" in t for t in option_labels(unit))):
                break
    if unit.count():
        unit.select_option(label=next(t for t in option_labels(unit) if "Mayflower" in t))
    destination = form.get_by_label("Destination")
    destination.select_option(label=option_labels(destination)[-1])


@pytest.mark.timeout(600)  # a whole round with every page open, each read twice, on a loaded 2-core machine
def test_a_demo_round_shows_no_blank_on_any_page_and_an_order_costs_at_most_one_read(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = Client(base).login("gm")
    pages: dict[str, Page] = {}
    for name, user in (("GM dashboard", "gm"), ("player1", "player1"), ("player2", "player2"), ("spectator", None)):
        context = browser.new_context(**DESKTOP)
        context.add_init_script(WATCH)
        page = context.new_page()
        if user:
            sign_in(page, base, user)
        open_campaign(page, base, CAMPAIGN)
        pages[name] = page
    gm_page, terran, gaian = pages["GM dashboard"], pages["player1"], pages["player2"]
    # The player's own other pages: the unit designer (priced by the server as it is drawn) and the civilization.
    designer, civilization = terran.context.new_page(), terran.context.new_page()
    designer.goto(f"{base}/campaigns/{CAMPAIGN}/designer/")
    expect(designer.locator("#f-mu")).to_have_text(re.compile(r"^\d[\d,]*$"))
    civilization.goto(f"{base}/campaigns/{CAMPAIGN}/civilization/")
    expect(civilization.locator("#setup-status")).not_to_be_empty()
    assert_no_blanks({"unit designer": designer, "civilization": civilization}, "the player's other pages")
    reports: dict[str, Page] = {}
    reads_per_order: dict[str, list[str]] = {}
    state = gm.get(api())
    assert (state["round"], state["step"]) == (1, "explore.1")
    wait_for_step(pages, state)
    assert_no_blanks(pages, "Round 1, Explore 1")

    while state["round"] == 1:
        if state["step"] == "explore.7":
            reads_per_order["StartSkirmish"] = order_through_the_form(terran, "StartSkirmish", attack)
        if state["step"] == "explore.14":
            reads_per_order["PlotCourse"] = order_through_the_form(terran, "PlotCourse", course_for_mayflower)
            reads_per_order["Declare"] = order_through_the_form(
                gaian, "Declare", lambda form: form.get_by_role("textbox").fill("The Accord's envoys sail for Sol."))
        if state["step"] == "exterminate.5" and not reports:
            # The battle fought at Exterminate 4: the GM's full report and the one Terran's fleet saw.
            for name, page in (("GM's battle report", gm_page), ("player1's battle report", terran)):
                report = page.context.new_page()
                report.goto(f"{base}/campaigns/{CAMPAIGN}/battles/")
                report.locator("#battles a").first.click()
                expect(report.locator("#frame-title")).to_have_text("Before the battle")
                report.get_by_role("button", name="Last").click()
                expect(report.locator("#frame-title")).to_have_text("After the battle")
                reports[name] = report
        if state["step"] == "exploit.5":
            # The GM previews the taxes before resolving them: the proposed events read as the log's do.
            gm_page.get_by_role("button", name="Preview the outcome").click()
            expect(gm_page.locator("#gm-preview-events li[data-type=TaxesCollected]")).to_have_count(3)
            assert_no_blanks({"GM dashboard": gm_page}, "the GM's preview of Exploit 5")
        state = advance_on_the_dashboard(gm_page, gm)
        wait_for_step(pages, state)
        assert_no_blanks({**pages, **reports}, f"Round {state['round']}, {state['step_label']}")

    assert state["step"] == "explore.1", "the walk went through every step of round 1"
    assert reports, "a battle was fought and its reports read"
    # The round was read as it went: the orders given show in the chronicles they belong to.
    expect(terran.locator("#log li[data-type=CoursePlotted]")).to_contain_text("Mayflower")
    expect(terran.locator("#log li[data-type=StepResolved]")).to_have_count(0)  # machinery moves the step only
    expect(pages["spectator"].locator("#round-1 .step-progress")).to_have_text("42 steps resolved.")
    for kind, reads in reads_per_order.items():
        print(f"\n{kind} by form: POST orders/ and {len(reads)} read(s) {reads}")
        assert len(reads) <= 1, f"{kind}: the page read {reads} after the order's POST"
