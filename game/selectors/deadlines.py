"""The open step's clock for a viewer (issue 13): its deadline, and whom it waits on — the GM reads every late
civilization, a player only whether it waits on them."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from game.models import Campaign, StepClock
from game.selectors.flow import step_waiting_for
from game.visibility import Viewer, active_delegation


def clock_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """`opened_at`, `deadline` (None: none), `passed`, the server's `now` (a page counts down from it, whatever its
    own clock says); for the GM `waiting` (FLOW's summary) and `late` ([{civ_id, name, held_by}] once the deadline
    has passed); for a player `waiting_on_you` and `seat_held_by`."""
    now = timezone.now()
    clock = StepClock.objects.filter(campaign=campaign).first()
    deadline = clock.deadline if clock else None
    passed = deadline is not None and deadline <= now
    answer: dict[str, Any] = {
        "round": campaign.round, "step": campaign.step.key, "label": campaign.step.label,
        "opened_at": clock.opened_at.isoformat() if clock else None,
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
