"""Deadlines and the notices around them (issue 13): a step's clock starts when it opens (its deadline from the
`deadline_minutes` setting), the GM grants more time or nudges a late player, and at the deadline the sweep tells
the GM who is late and, with `advance_at_deadline`, advances the step as the GM would. The players a step waits on
are told: on their open page (the clock's `waiting_on_you`) and by e-mail."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from game import dispatch, services
from game.engine import events as engine_events
from game.engine.phases import Pointer
from game.errors import ServiceError
from game.ledger import User, append_events, locked_campaign
from game.models import Campaign, Civilization, Event, Membership, StepClock
from game.selectors.deadlines import current_clock, deadline_minutes, step_opened_at
from game.selectors.flow import step_waiting_for
from game.visibility import active_delegation, require_gm_of

PUBLIC, CIV, GM = engine_events.Visibility.PUBLIC, engine_events.Visibility.CIV, engine_events.Visibility.GM
MAX_MINUTES = 60 * 24 * 14


def clock_open(campaign_id: int, round: int, step_index: int) -> StepClock | None:
    """Start the open step's clock once it has opened (the task `game.tasks.step_clock`, after the opening has
    committed): opened when its opening event was logged, its deadline that plus the setting's minutes. The players
    it waits on are told by e-mail. Nothing when the campaign has moved on; a second run changes nothing."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        if campaign.pointer != Pointer(round, step_index) or campaign.status != Campaign.Status.OPEN:
            return None
        opened_at = step_opened_at(campaign) or timezone.now()
        clock = StepClock.objects.select_for_update().filter(campaign=campaign).first()
        if clock is not None and clock.opened_at == opened_at:
            return clock
        minutes = deadline_minutes(campaign)
        deadline = opened_at + timedelta(minutes=minutes) if minutes else None
        if clock is None:
            clock = StepClock.objects.create(campaign=campaign, opened_at=opened_at, deadline=deadline)
        else:  # the row is locked above: set it here rather than look it up again
            clock.opened_at, clock.deadline = opened_at, deadline
            clock.save(update_fields=["opened_at", "deadline"])
        if minutes and deadline is not None:
            append_events(campaign, [engine_events.Event("DeadlineSet", {
                "step": campaign.step.key, "label": campaign.step.label, "deadline": deadline.isoformat(),
                "minutes": minutes}, PUBLIC)])
        if _may_mail(campaign):  # what the step waits on costs a look at every civilization's orders
            _mail_waited_on(campaign, step_waiting_for(campaign)["players"], deadline, "")
    return clock


def deadline_extend(gm: User, campaign_id: int, *, minutes: int, reason: str) -> StepClock:
    """The GM grants more time for the open step: `minutes` more from its deadline (from now when it has passed or
    there was none). Everyone reads the new deadline and why."""
    reason = reason.strip()
    if not reason:
        raise ServiceError("Say why you grant more time; the players read it.", field="reason")
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_MINUTES:
        raise ServiceError(f"Grant from 1 to {MAX_MINUTES} minutes.", field="minutes")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        if campaign.status != Campaign.Status.OPEN:
            raise ServiceError(f"{campaign.step.label} is not open for orders now.", field="minutes")
        now = timezone.now()
        clock = current_clock(campaign)
        deadline = max(clock.deadline or now, now) if clock else now
        clock, _ = StepClock.objects.update_or_create(campaign=campaign, defaults={
            "opened_at": clock.opened_at if clock else step_opened_at(campaign) or now,
            "deadline": deadline + timedelta(minutes=minutes)})
        assert clock.deadline is not None
        append_events(campaign, [engine_events.Event("DeadlineExtended", {
            "step": campaign.step.key, "label": campaign.step.label, "deadline": clock.deadline.isoformat(),
            "minutes": minutes, "reason": reason}, PUBLIC)], gm)
    return clock


def player_nudge(gm: User, campaign_id: int, *, civ_id: int, text: str = "") -> Event:
    """The GM reminds a civilization the open step waits for it: a notice on its page (and an e-mail)."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        if not Civilization.objects.filter(campaign=campaign, pk=civ_id).exists():
            raise ServiceError("That civilization is not in this campaign.", field="civ_id")
        clock = current_clock(campaign)
        (row,) = append_events(campaign, [engine_events.Event("PlayerNudged", {
            "civ_id": civ_id, "step": campaign.step.key, "label": campaign.step.label, "text": text.strip()},
            CIV, civ_id)], gm)
        if _may_mail(campaign):
            _mail_waited_on(campaign, [civ_id], clock.deadline if clock else None, text.strip())
    return row


def deadlines_pass(now: datetime | None = None) -> list[int]:
    """At each open step's deadline (the Celery beat task's body): log `DeadlinePassed` once per deadline, naming
    who is late, and, when the campaign's `advance_at_deadline` is on, advance the step as its GM would (missing
    orders count as none). Returns the campaigns whose deadline passed."""
    now = now or timezone.now()
    passed = []
    due = StepClock.objects.filter(deadline__lte=now, campaign__status=Campaign.Status.OPEN)
    for campaign_id in due.values_list("campaign_id", flat=True):
        with transaction.atomic():
            campaign = locked_campaign(campaign_id)
            clock = current_clock(campaign)  # not a clock left from the step before, before this one's starts
            if campaign.status != Campaign.Status.OPEN or clock is None or clock.deadline is None or \
                    clock.deadline > now:
                continue
            deadline = clock.deadline.isoformat()
            if Event.objects.filter(campaign=campaign, type="DeadlinePassed", round=campaign.round,
                                    step_index=campaign.step_index, payload__deadline=deadline).exists():
                continue
            waiting = step_waiting_for(campaign)
            late = sorted(waiting["players"])
            advance = bool(campaign.rule_options.get("advance_at_deadline", False))
            append_events(campaign, [engine_events.Event("DeadlinePassed", {
                "step": campaign.step.key, "label": campaign.step.label, "deadline": deadline, "late": late,
                "late_names": [waiting["names"][str(civ)] for civ in late], "advanced": advance}, GM)])
            if advance:
                gm = Membership.objects.filter(campaign=campaign, role=Membership.Role.GM).select_related(
                    "user").first()
                if gm is not None:
                    services.step_advance(gm.user, campaign.pk, expected_round=campaign.round,
                                          expected_step=campaign.step.key)
            passed.append(campaign.pk)
    return passed


def _may_mail(campaign: Campaign) -> bool:
    """The campaign's `notify_email` is on and a member has an address."""
    return bool(campaign.rule_options.get("notify_email", True)) and Membership.objects.filter(
        campaign=campaign).exclude(user__email="").exists()


def _mail_waited_on(campaign: Campaign, civ_ids: list[int], deadline: datetime | None, text: str) -> None:
    """E-mail whoever plays each civilization's seat now (its player, or the member holding it; nobody for a bot)
    when they have an address; sent by a task once this commits."""
    for civ in Civilization.objects.filter(campaign=campaign, pk__in=civ_ids).select_related("membership__user"):
        held = active_delegation(campaign, civ.pk)
        user = (None if held.is_bot else held.delegate) if held else (civ.membership.user if civ.membership else None)
        if user is None or not getattr(user, "email", ""):
            continue
        lines = [f"{campaign.name}, round {campaign.round}: {campaign.step.label} waits for the orders of "
                 f"{civ.name}."]
        if deadline is not None:
            lines.append(f"Deadline: {deadline:%Y-%m-%d %H:%M} UTC.")
        if text:
            lines.append(f"The GM says: {text}")
        lines.append(f"{settings.CV_SITE_URL}/campaigns/{campaign.pk}/")
        dispatch.enqueue_after_commit(dispatch.SEND_NOTICE, user.pk,
                                      f"{campaign.name}: {campaign.step.label} waits for you", "\n".join(lines))


def notice_send(user_id: int, subject: str, body: str) -> int:
    """Send one notice by e-mail through Django's mail backend (the task `game.tasks.send_notice`)."""
    user: Any = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not user.email:
        return 0
    return send_mail(subject, body, None, [user.email])
