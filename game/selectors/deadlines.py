"""The open step's clock for a viewer (issue 13): its deadline, and whom it waits on — the GM reads every late
civilization, a player only whether it waits on them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Exists, Q, QuerySet
from django.utils import timezone

from game.engine.phases import StepKind
from game.models import Campaign, Event, Membership, PhaseReadiness, StepClock
from game.selectors.flow import step_waiting_for
from game.visibility import Viewer, active_delegation, active_delegations

# What opens a step: the campaign's Start opens round 1's first step, then each resolution or undo the next.
OPENING_EVENTS = ("StepOpened", "CampaignStarted")


def deadline_minutes(campaign: Campaign) -> int | None:
    """The open step's allowance in minutes from the `deadline_minutes` setting ({step key: minutes}); None: no
    deadline."""
    minutes = (campaign.rule_options.get("deadline_minutes") or {}).get(campaign.step.key)
    return minutes if isinstance(minutes, int) and not isinstance(minutes, bool) and minutes > 0 else None


def members_with_address(campaign: Campaign) -> QuerySet[Membership]:
    return Membership.objects.filter(campaign=campaign).exclude(user__email="")


def opening_followed_up(campaign: Campaign) -> bool:
    """Whether the step `campaign` has just opened gives `game.services.flow.step_opened` anything to do: a clock
    to start with a deadline (or one to reset: the run the GM asked for, the deadline of the step before), players
    to mail, bots to play, a "ready for the rest of the phase" to review, a run to go on. Asked by the opening's
    transaction, its lock held, in one query: a step that needs none of it books no task, which would compete for
    the machine with the processes pushing the opening to the pages."""
    if campaign.rule_options.get("auto_run", False) or deadline_minutes(campaign):
        return True
    left_running = StepClock.objects.filter(Q(run_on=True) | Q(deadline__isnull=False), campaign=campaign)
    readiness = PhaseReadiness.objects.filter(civilization__campaign=campaign, round=campaign.round,
                                              phase=campaign.step.phase.value)
    follow_ups = Q(Exists(left_running)) | Q(Exists(readiness))
    if campaign.step.kind is StepKind.ORDERS:  # only a step that takes orders mails its players, or has bots play
        follow_ups |= Q(Exists(active_delegations(campaign).filter(is_bot=True)))
        if campaign.rule_options.get("notify_email", True):
            follow_ups |= Q(Exists(members_with_address(campaign)))
    return Campaign.objects.filter(follow_ups, pk=campaign.pk).exists()


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
    opened_at = clock.opened_at if clock else step_opened_at(campaign)  # a step without a deadline starts none
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
