"""The absence flow in real browsers on real processes (Daphne, a Celery worker and beat, PostgreSQL, Redis): the GM
gives Explore 14 a deadline; the Terran player's page (a phone) says the step waits for them and counts down; the
deadline passes with nobody's orders in and the GM's dashboard lists the players late, live; the GM nudges the
Terrans and grants more time, with a reason everyone reads; the GM hands the Terrans' seat to a bot for a round,
with a reason; the player's page says a bot holds the seat and its order
forms are off; the bot plays (its orders and ready appear on both pages); the player takes the seat back and gives
an order through the form."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, expect

from cvsite.cluster import Cluster
from tests.browser.conftest import PHONE, SCREENSHOTS
from tests.browser.test_live_loop import open_campaign, sign_in
from tests.live import Client, advance_to

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.redis]
CAMPAIGN = 1  # the demo campaign in a fresh database
TERRANS = 1  # player1's civilization in the demo
# The deadline is a whole number of minutes; the test does not wait one out: once the step is open, its deadline
# is moved to half a minute away, as if the minute were half over.
SOON = ("from datetime import timedelta; from django.utils import timezone; from game.models import StepClock; "
        "StepClock.objects.update(deadline=timezone.now() + timedelta(seconds=30))")


def passed_events(api: Client) -> list[dict[str, object]]:
    return [e for e in api.get(f"/api/campaigns/{CAMPAIGN}/events/?since=0")["events"] if e["type"] == "DeadlinePassed"]


def test_deadline_passes_the_gm_hands_the_seat_to_a_bot_which_plays_and_the_player_takes_it_back(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.env["CV_SWEEP_SECONDS"] = "1"  # the beat looks for deadlines every second
    cluster.start_beat()
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    api = Client(base).login("gm")
    status, body = api.request("POST", f"/api/campaigns/{CAMPAIGN}/settings/", {
        "changes": {"deadline_minutes": {"explore.14": 1}}, "reason": "Moves are due within a minute"})
    assert status == 200, body
    advance_to(api, CAMPAIGN, "explore.14")
    clock: dict[str, object] = {}
    for _ in range(100):  # the clock starts in a task once the step has opened
        clock = api.get(f"/api/campaigns/{CAMPAIGN}/clock/")
        if clock["deadline"]:
            break
    assert clock["deadline"], clock
    cluster.manage("shell", "-c", SOON)

    player = browser.new_context(**PHONE).new_page()
    sign_in(player, base, "player1")
    open_campaign(player, base, CAMPAIGN)
    expect(player.locator("#dl-waiting")).to_have_text("Explore 14 waits for your orders before the deadline.")
    expect(player.locator("#dl-deadline")).to_contain_text("Explore 14: orders due at")
    expect(player.locator("form[data-kind=PlotCourse]")).to_be_visible()

    gm = browser.new_page()
    sign_in(gm, base, "gm")
    open_campaign(gm, base, CAMPAIGN)
    late = gm.locator("#dl-late")
    expect(gm.locator("#dl-late-h")).to_have_text("Late", timeout=60_000)
    expect(late.locator("li")).to_have_count(3)
    expect(gm.locator("#dl-deadline")).to_contain_text("passed")
    expect(player.locator("#dl-deadline")).to_contain_text("passed")
    # The beat's sweep logs it (the list above says Late from the page's own clock) and the GM's chronicle says so.
    for _ in range(300):
        if passed_events(api):
            break
        time.sleep(0.1)
    expect(gm.locator("#log li[data-type=DeadlinePassed]")).to_contain_text(
        "The deadline of Explore 14 passed; late: Terran Hegemony", timeout=30_000)

    gm.locator("#dl-gm").screenshot(path=str(SCREENSHOTS / "gm-deadline-late.png"))

    # The GM nudges the Terrans (only their page says so), then grants everyone five more minutes, with a reason.
    terrans = late.locator(f"li[data-civ='{TERRANS}']")
    terrans.get_by_role("button", name="Nudge").click()
    expect(player.locator("#dl-waiting")).to_have_text("The GM reminds you: Explore 14 waits for your orders.")
    terrans.get_by_role("button", name="Grant more time").click()
    expect(gm.get_by_label("Why (the players read it)")).to_have_value("Waiting for Terran Hegemony")
    gm.get_by_label("More minutes").fill("5")
    gm.get_by_label("Why (the players read it)").fill("The Terrans' relay is down")
    gm.get_by_role("button", name="Grant more time", exact=True).last.click()
    expect(gm.locator("#dl-late-h")).to_have_text("Waiting on")
    expect(player.locator("#dl-deadline")).to_contain_text("Explore 14: orders due at")
    expect(player.locator("#log li[data-type=DeadlineExtended]")).to_contain_text(
        "The GM granted 5 more minutes for Explore 14: The Terrans' relay is down")

    # The GM hands the Terrans' seat to the bot for this round; a reason is required.
    terrans.get_by_role("button", name="Hand the seat to a bot…").click()
    terrans.get_by_label("Why (Terran Hegemony reads it)").fill("")
    terrans.get_by_role("button", name="Hand Terran Hegemony's seat to the bot").click()
    expect(terrans.get_by_role("alert")).to_contain_text("Say why the seat goes to a bot")
    terrans.get_by_label("Why (Terran Hegemony reads it)").fill("Away at the deadline")
    terrans.get_by_role("button", name="Hand Terran Hegemony's seat to the bot").click()
    seat = gm.locator(f"#dl-seats li[data-civ='{TERRANS}']")
    expect(seat).to_contain_text("Terran Hegemony: a bot, round 1")

    # The player's page says who holds the seat, and its order forms are off, saying why.
    expect(player.locator("#dl-held-text")).to_have_text(
        "A bot holds your seat now; take it back to give orders yourself.")
    expect(player.locator("#dl-orders-held")).to_be_visible()
    expect(player.locator("form[data-kind=PlotCourse] button[type=submit]")).to_be_disabled()
    expect(player.locator("#ready")).to_be_disabled()
    expect(player.locator("#log li[data-type=SeatHandedOver]")).to_contain_text("Away at the deadline")
    player.locator("#dl-player").screenshot(path=str(SCREENSHOTS / "player-seat-held-phone.png"))

    # The bot plays the seat through the API: its orders are the civilization's, and it is ready.
    expect(player.locator("#my-orders li:not(.muted)").first).to_be_visible(timeout=30_000)
    expect(late.locator(f"li[data-civ='{TERRANS}']")).to_have_count(0, timeout=30_000)
    bot_orders = player.locator("#my-orders li:not(.muted)").count()

    # The player takes the seat back and gives an order of their own.
    player.get_by_role("button", name="Take my seat back").click()
    expect(player.locator("#dl-held")).to_be_hidden()
    expect(gm.locator("#dl-seats")).to_contain_text("Every player holds their own seat.")
    course = player.locator("form[data-kind=PlotCourse]")
    expect(course.get_by_role("button", name="Plot a course")).to_be_enabled()
    # The units the bot set on a course are not offered another (the step would refuse it), the others are.
    moved = re.findall(r"Plot a course · Unit: ([^·]+?) ·", player.locator("#my-orders").inner_text())
    offered = course.get_by_label("Unit").locator("option").all_inner_texts()
    assert moved and not [u for u in offered if u.split(" (")[0] in moved], (moved, offered)
    course.get_by_label("Unit").select_option(label=next(u for u in offered if " (" in u))
    course.get_by_label("Destination").select_option(label="Sector 0,1 — Morgan Prime")
    course.get_by_role("button", name="Plot a course").click()
    expect(course.get_by_role("status")).to_have_text("Order accepted: you can withdraw it until the step closes.")
    expect(player.locator("#my-orders li:not(.muted)")).to_have_count(bot_orders + 1)
    assert player.evaluate("document.documentElement.scrollWidth") <= 375, "no horizontal scroll at 375 px"
    assert len(passed_events(api)) == 1, "the sweep, every second since, told the GM once"


FRIEND = ("from django.contrib.auth import get_user_model; from game.models import Membership; "
          "user = get_user_model().objects.create_user('friend', password='centauri-demo'); "
          "Membership.objects.create(campaign_id=1, user=user, role='spectator')")


def test_a_player_plans_an_absence_and_a_member_without_a_civilization_plays_their_seat(
    cluster_factory: Callable[..., Cluster], browser: Browser,
) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    cluster.manage("cv_demo")
    cluster.manage("shell", "-c", FRIEND)
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    advance_to(Client(base).login("gm"), CAMPAIGN, "explore.14")

    # The friend follows the campaign as a spectator until the seat is theirs.
    friend = browser.new_page()
    sign_in(friend, base, "friend")
    open_campaign(friend, base, CAMPAIGN)
    expect(friend.get_by_text("You are a spectator.")).to_be_visible()

    player = browser.new_context(**PHONE).new_page()
    sign_in(player, base, "player1")
    open_campaign(player, base, CAMPAIGN)
    player.get_by_text("Plan an absence").click()
    form = player.locator("#dl-absence-form")
    expect(form.get_by_label("From round")).to_have_value("1")
    form.get_by_label("From round").fill("2")
    form.get_by_label("To round (empty: until I take it back)").fill("1")
    form.get_by_label("Who plays my seat").select_option(label="friend")
    form.get_by_role("button", name="Hand over my seat").click()
    expect(player.locator("#dl-until-error")).to_have_text("The last round cannot come before the first.")
    form.get_by_label("From round").fill("1")
    form.get_by_label("Note (the GM reads it)").fill("On holiday")
    form.get_by_role("button", name="Hand over my seat").click()
    expect(player.locator("#dl-held-text")).to_have_text(
        "friend holds your seat now; take it back to give orders yourself.")
    expect(player.locator("#dl-my-seats")).to_contain_text("friend plays your seat, round 1 — On holiday")
    expect(player.locator("form[data-kind=PlotCourse] button[type=submit]")).to_be_disabled()

    # The friend plays the Terrans' seat as its player would: their open page turns into the Terrans' player page.
    expect(friend.get_by_text("You are a player.")).to_be_visible(timeout=15_000)
    expect(friend.locator("body[data-live=yes]")).to_be_attached(timeout=10_000)
    expect(friend.locator("#dl-my-seats")).to_contain_text("You play this civilization's seat for its player, round 1")
    expect(friend.locator("#dl-absence")).to_be_hidden()
    course = friend.locator("form[data-kind=PlotCourse]")
    course.get_by_label("Unit").select_option(label="Vigilant (Patrol Corvette)")
    course.get_by_label("Destination").select_option(label="Sector 1,0 — Alpha Centauri")
    course.get_by_role("button", name="Plot a course").click()
    expect(course.get_by_role("status")).to_have_text("Order accepted: you can withdraw it until the step closes.")
    given = "Plot a course · Unit: Vigilant · Destination: Sector 1,0"
    expect(player.locator("#my-orders li", has_text=given)).to_be_visible()  # the player's page, live

    # Back from holiday early: the seat is the player's again, and so are the orders.
    player.get_by_role("button", name="Take my seat back").click()
    expect(player.locator("#dl-held")).to_be_hidden()
    course = player.locator("form[data-kind=PlotCourse]")
    course.get_by_label("Unit").select_option(label="Sentinel (Patrol Corvette)")
    course.get_by_label("Destination").select_option(label="Sector 0,1 — Morgan Prime")
    course.get_by_role("button", name="Plot a course").click()
    expect(course.get_by_role("status")).to_have_text("Order accepted: you can withdraw it until the step closes.")
    status, _ = Client(base).login("friend").request("POST", f"/api/campaigns/{CAMPAIGN}/orders/", {
        "round": 1, "step": "explore.14", "kind": "PlotCourse", "idempotency_key": "friend-after-the-holiday",
        "payload": {"unit_id": 107, "sector_id": "1,0"}})
    assert status == 403, "the friend follows the campaign again, without a seat"
