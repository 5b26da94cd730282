"""The open step's clock for a viewer (issue 13): its deadline, and whom it waits on — the GM reads every late
civilization, a player only whether it waits on them."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from game.engine.phases import StepKind
from game.models import Campaign, Civilization, Event, Membership, PhaseReadiness, SeatDelegation, StepClock
from game.selectors.flow import step_waiting_for
from game.visibility import Viewer, active_delegation

# What opens a step: the campaign's Start opens round 1's first step, then each resolution or undo the next.
OPENING_EVENTS = ("StepOpened", "CampaignStarted")


def deadline_minutes(campaign: Campaign) -> int | None:
    """The open step's allowance in minutes from the `deadline_minutes` setting ({step key: minutes}); None: no
    deadline."""
    minutes = (campaign.rule_options.get("deadline_minutes") or {}).get(campaign.step.key)
    return minutes if isinstance(minutes, int) and not isinstance(minutes, bool) and minutes > 0 else None


def opening_followed_up(campaign: Campaign) -> bool:
    """Whether the step `campaign` has just opened may give `game.services.flow.step_opened` anything to do: a clock
    to start with a deadline (or one to reset: the run the GM asked for, the deadline of the step before), players
    to mail, bots to play, a "ready for the rest of the phase" to review, a run to go on. Asked by the opening's
    transaction, its lock held: a step that needs none of it books no task, which would compete for the machine
    with the processes pushing the opening to the pages. A bot's seat counts whatever its rounds: the task finds
    which seats bots hold now (`game.services.bots.bot_seats`)."""
    if campaign.rule_options.get("auto_run", False) or deadline_minutes(campaign):
        return True
    orders = campaign.step.kind is StepKind.ORDERS  # only a step that takes orders has bots play, or mails
    mail = orders and bool(campaign.rule_options.get("notify_email", True))
    with connection.cursor() as cursor:
        cursor.execute(_follow_up_statement(orders, mail), {
            "campaign": campaign.pk, "round": campaign.round, "phase": campaign.step.phase.value})
        (followed_up,) = cursor.fetchone()
    return bool(followed_up)


@cache
def _follow_up_statement(bots: bool, mail: bool) -> str:
    """`opening_followed_up`'s question, one statement written once: the ORM took 1.5-2.8 ms to build its four
    subqueries at every step, PostgreSQL 0.1-0.2 ms to answer them."""
    table = {model: connection.ops.quote_name(model._meta.db_table)
             for model in (StepClock, PhaseReadiness, Civilization, SeatDelegation, Membership, get_user_model())}
    civ_of = f"JOIN {table[Civilization]} civ ON civ.id = entry.civilization_id WHERE civ.campaign_id = %(campaign)s"
    checks = [
        f"SELECT 1 FROM {table[StepClock]} WHERE campaign_id = %(campaign)s AND (run_on OR deadline IS NOT NULL)",
        f"SELECT 1 FROM {table[PhaseReadiness]} entry {civ_of} AND entry.round = %(round)s AND entry.phase = %(phase)s",
    ]
    if bots:
        checks.append(f"SELECT 1 FROM {table[SeatDelegation]} entry {civ_of} AND entry.is_bot "
                      "AND entry.ended_at IS NULL")
    if mail:
        checks.append(f"SELECT 1 FROM {table[Membership]} entry JOIN {table[get_user_model()]} member ON "
                      f"member.id = entry.user_id WHERE entry.campaign_id = %(campaign)s AND member.email <> ''")
    return "SELECT " + " OR ".join(f"EXISTS ({check})" for check in checks)


def step_opened_at(campaign: Campaign) -> datetime | None:
    """When the open step opened: its opening event's time (None before the Start)."""
    return Event.objects.filter(campaign=campaign, type__in=OPENING_EVENTS, undone=False).order_by(
        "-seq").values_list("created_at", flat=True).first()


def current_clock(campaign: Campaign) -> StepClock | None:
    """The open step's clock; None until its clock has started (`game.tasks.step_clock` runs after the opening
    commits), so a step never inherits the deadline of the step before."""
    clock = StepClock.objects.filter(campaign=campaign).first()
    opened = step_opened_at(campaign)
    return clock if clock is not None and (opened is None or clock.opened_at >= opened) else None


def clock_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """`opened_at`, `deadline` (None: none), `passed`, the server's `now` (a page counts down from it, whatever its
    own clock says); for the GM `waiting` (FLOW's summary) and `late` ([{civ_id, name, held_by}] once the deadline
    has passed); for a player `waiting_on_you` and `seat_held_by`."""
    now = timezone.now()
    clock = current_clock(campaign)
    # A step that opened with nothing to follow it up (no deadline, no run) started no clock.
    opened_at = clock.opened_at if clock else step_opened_at(campaign)
    deadline = clock.deadline if clock else None
    passed = deadline is not None and deadline <= now
    answer: dict[str, Any] = {
        "round": campaign.round, "step": campaign.step.key, "label": campaign.step.label,
        "opened_at": opened_at.isoformat() if opened_at else None,
        "deadline": deadline.isoformat() if deadline else None, "passed": passed, "now": now.isoformat(),
    }
    held = None
    if viewer.is_player and viewer.seat_held_by is not None and viewer.civ_id is not None:
        seat = active_delegation(campaign, viewer.civ_id)
        held = "a bot" if seat is None or seat.is_bot else seat.delegate.get_username()
    if not (viewer.is_gm or viewer.is_player) or campaign.status != Campaign.Status.OPEN:
        return answer | ({"waiting_on_you": False, "seat_held_by": held} if viewer.is_player else {})
    waiting = step_waiting_for(campaign)
    if viewer.is_gm:
        players = [{"civ_id": civ, "name": waiting["names"][str(civ)], "held_by": waiting["seats"][str(civ)]}
                   for civ in waiting["players"]]
        return answer | {"waiting": waiting["summary"], "players": players, "late": players if passed else []}
    return answer | {"waiting_on_you": viewer.civ_id in waiting["players"], "seat_held_by": held}
