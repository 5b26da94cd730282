"""What keeps a round moving once a step has opened (issue 13): the steps that need nobody run on, bots play the
seats they hold, deadlines start; and a player's "ready for the rest of the phase" (docs/rules.md, "The flow of a
round")."""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from typing import Any

from django.db import transaction

from game import dispatch, services
from game.engine import events as engine_events
from game.engine.phases import ALL_STEPS, Pointer
from game.errors import Conflict, RollsNeeded
from game.ledger import User, append_events, locked_campaign
from game.models import Campaign, Event, Membership, PhaseReadiness, StepClock
from game.selectors.flow import step_waiting_for
from game.services import bots, deadlines
from game.visibility import Viewer, campaign_for, events_visible_to, require_gm, require_seat, viewer_for

logger = logging.getLogger(__name__)
PUBLIC, CIV = engine_events.Visibility.PUBLIC, engine_events.Visibility.CIV


# --- the GM's run to the next step that needs someone ------------------------------------------------------------

def round_run_on(gm: User, campaign_id: int, *, expected_round: int, expected_step: str) -> None:
    """Advance the open step as Advance does, and keep going, one step (one resolution, its own events) at a
    time, until a step opens that needs someone (`step_waiting_for`); the run stops there and says why."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        # Told before the step's resolution is booked (by Advance, below), which on the embedded default runs the
        # whole run before this press's own push would go out.
        append_events(campaign, [engine_events.Event("RunOnStarted", {
            "round": campaign.round, "step": campaign.step.key, "label": campaign.step.label}, PUBLIC)], gm)
        StepClock.objects.get_or_create(campaign=campaign)
        StepClock.objects.filter(campaign=campaign).update(run_on=True)
        # Advance's checks (the GM, the pointer, an open step) refuse a stale press: all of this rolls back.
        services.step_advance(gm, campaign_id, expected_round=expected_round, expected_step=expected_step)


def waiting_for(user: User, campaign_id: int) -> dict[str, Any]:
    """`step_waiting_for` as the GM's dashboard shows it, with the rolls a dry run of the step asks for in
    entered-dice mode (only the GM may see that)."""
    campaign, viewer = campaign_for(user, campaign_id)
    require_gm(viewer)
    return step_waiting_for(campaign, rolls_needed=_rolls_needed(user, campaign))


def _rolls_needed(gm: User, campaign: Campaign) -> str | None:
    """In entered-dice mode, the roll the open step would ask the GM for (None when it rolls nothing, or the GM
    has typed enough)."""
    if campaign.rule_options.get("dice_mode") != "entered" or campaign.status != Campaign.Status.OPEN:
        return None
    try:
        services.step_preview(gm, campaign.pk, expected_round=campaign.round, expected_step=campaign.step.key)
    except RollsNeeded as needed:
        return f"a d{needed.sides} for {needed.purpose}"
    except Exception:
        # A step that cannot be resolved says so when it is: its resolution fails, with its reason, and stops a run.
        logger.warning("Campaign %s: no dry run of %s", campaign.pk, campaign.step.key, exc_info=True)
    return None


# One thread follows up one opened step at a time: on the embedded default (Celery eager) advancing a step
# resolves it and opens the next inside this call, so the next follow-up is queued here and taken by the loop
# instead of recursing once per step of the round.
_local = threading.local()


def step_opened(campaign_id: int, round: int, step_index: int) -> None:
    """Runs after a step's opening has committed (enqueued by `game.services.step_resolve`): its clock starts, the
    seats bots hold play, and a run goes on. One task, not three: it follows every step, on workers that share the
    machine with the processes pushing that step to the pages."""
    deadlines.clock_open(campaign_id, round, step_index)
    if bots.bot_seats(campaign_id, round, step_index):
        dispatch.enqueue(dispatch.BOTS_PLAY, campaign_id, round, step_index)  # the seats bots hold play first
    _drive(_after_opening, campaign_id, round, step_index)


def step_ready(campaign_id: int, round: int, step_index: int) -> None:
    """Runs after a player said they are ready (`game.services.ready_mark`, `phase_ready_mark`): with `auto_run`,
    a step that waited only on players goes on once all of them are."""
    _drive(_after_ready, campaign_id, round, step_index)


def _drive(follow_up: Callable[[int, int, int], None], campaign_id: int, round: int, step_index: int) -> None:
    queue: list[tuple[Callable[[int, int, int], None], int, int, int]] | None = getattr(_local, "queue", None)
    if queue is not None:  # inside a follow-up of this thread: the loop below takes it next
        queue.append((follow_up, campaign_id, round, step_index))
        return
    _local.queue = queue = [(follow_up, campaign_id, round, step_index)]
    try:
        while queue:
            function, cid, number, index = queue.pop(0)
            function(cid, number, index)
    finally:
        _local.queue = None


def _after_opening(campaign_id: int, round: int, step_index: int) -> None:
    _run_on(campaign_id, Pointer(round, step_index), opened=True)


def _after_ready(campaign_id: int, round: int, step_index: int) -> None:
    _run_on(campaign_id, Pointer(round, step_index), opened=False)


def _run_on(campaign_id: int, pointer: Pointer, *, opened: bool) -> None:
    """Advance the open step if a run is on (the GM's, or `auto_run`) and it needs nobody; at a step that needs
    someone, the GM's run stops and says why (at its opening only, not at every "ready")."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id, ended_ok=True)
        if campaign.pointer != pointer or campaign.status != Campaign.Status.OPEN:
            return
        phase_readiness_review(campaign)
        auto = bool(campaign.rule_options.get("auto_run", False))
        if not (auto or StepClock.objects.filter(campaign=campaign, run_on=True).exists()):
            return
        gm = _gm_of(campaign)
        if gm is None:
            return
        if _steps_run(campaign) >= len(ALL_STEPS):
            # A campaign where nothing needs anyone would otherwise run on round after round by itself.
            services.run_on_stop(campaign, "a whole round went by without a step that needs someone; advance to go "
                                 "on.", always=auto)
            return
        waiting = step_waiting_for(campaign, rolls_needed=_rolls_needed(gm, campaign))
        if waiting["needs_someone"]:
            if opened:
                services.run_on_stop(campaign, waiting["summary"], always=auto)
            return
    with contextlib.suppress(Conflict):  # the GM advanced, undid or ended meanwhile: their press wins
        services.step_advance(gm, campaign_id, expected_round=pointer.round, expected_step=pointer.step.key)


# What starts a count of the steps a run went through: the GM's press, a stop, an undo, a change of settings.
RUN_MARKS = ("RunOnStarted", "RunOnStopped", "StepUndone", "SettingsChanged", "SettingsInForce")


def _steps_run(campaign: Campaign) -> int:
    """The steps resolved since the run (the GM's, or the automatic one) last started or stopped."""
    mark = Event.objects.filter(campaign=campaign, type__in=RUN_MARKS).order_by("-seq").values_list(
        "seq", flat=True).first() or 0
    return Event.objects.filter(campaign=campaign, type="StepResolved", seq__gt=mark, undone=False).count()


def _gm_of(campaign: Campaign) -> User | None:
    """The campaign's GM, in whose name the run advances the steps they asked it to (or set `auto_run` for)."""
    membership = Membership.objects.filter(campaign=campaign, role=Membership.Role.GM).select_related(
        "user").order_by("pk").first()
    return membership.user if membership else None


# --- ready for the rest of the phase -------------------------------------------------------------------------------

def phase_ready_mark(user: User, campaign_id: int, *, round: int, step: str, ready: bool = True) -> bool:
    """The player is ready for every step left in the open step's phase (or, `ready=False`, no longer): each
    counts them ready until something new concerns them (`phase_readiness_review`). Returns whether it holds."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        civ_id = require_seat(viewer_for(user, campaign))
        if (campaign.round, campaign.step.key) != (round, step):
            raise Conflict(f"The campaign is now at round {campaign.round}, {campaign.step.label}. Reload to see "
                           "where it stands.")
        phase = campaign.step.phase.value
        rows = PhaseReadiness.objects.filter(civilization_id=civ_id, round=campaign.round, phase=phase)
        if not ready:
            if rows.delete()[0]:
                _cleared(campaign, civ_id, "you took it back.", user)
            return False
        if rows.exists():
            return True
        PhaseReadiness.objects.create(civilization_id=civ_id, round=campaign.round, phase=phase)
        append_events(campaign, [engine_events.Event("PhaseReadinessGiven", {
            "civ_id": civ_id, "round": campaign.round, "phase": phase}, CIV, civ_id)], user)
        dispatch.enqueue_after_commit(dispatch.STEP_READY, campaign.pk, campaign.round, campaign.step_index)
    return True


def _cleared(campaign: Campaign, civ_id: int, reason: str, actor: User | None = None) -> None:
    append_events(campaign, [engine_events.Event("PhaseReadinessCleared", {
        "civ_id": civ_id, "round": campaign.round, "phase": campaign.step.phase.value, "step": campaign.step.label,
        "reason": reason}, CIV, civ_id)], actor)


def phase_readiness_review(campaign: Campaign) -> None:
    """Clear each "ready for the rest of the phase" that something new concerns since it was given, telling its
    player why. The caller holds the campaign's row lock."""
    for readiness in PhaseReadiness.objects.filter(civilization__campaign=campaign, round=campaign.round,
                                                   phase=campaign.step.phase.value):
        civ_id = readiness.civilization_id
        given = Event.objects.filter(campaign=campaign, type="PhaseReadinessGiven", civilization_id=civ_id,
                                     undone=False).order_by("-seq").values_list("seq", flat=True).first() or 0
        viewer = Viewer(Membership.Role.PLAYER, civ_id)
        for event in events_visible_to(viewer, campaign, since=given).filter(
                type__in=CONCERNS, undone=False).order_by("seq"):
            reason = _concerns(campaign, viewer, civ_id, event)
            if reason:
                readiness.delete()
                _cleared(campaign, civ_id, reason)
                break


# What clears a player's readiness for the rest of the phase (docs/rules.md, "The flow of a round"): the event
# types, each read by `_concerns` for whether it is new to this civilization and about it.
CONCERNS = ("DetectionUpdated", "CloseScanned", "SkirmishDeclared", "BattleChoiceAsked", "MessageDelivered",
            "GiftDelivered", "NoteSent", "GmRuling")


def _concerns(campaign: Campaign, viewer: Viewer, civ_id: int, event: Event) -> str | None:
    payload = event.payload
    if event.type in ("DetectionUpdated", "CloseScanned"):
        # Contact: units or colonies of others that its previous picture of the kind did not show.
        before = events_visible_to(viewer, campaign).filter(type=event.type, seq__lt=event.seq, undone=False,
                                                            civilization_id=civ_id).order_by("-seq").first()
        seen = {(k, i) for k in ("units", "colonies") for i in (before.payload.get(k, []) if before else [])}
        if any((k, i) not in seen for k in ("units", "colonies") for i in payload.get(k, [])):
            return "a new contact: your sensors show others you had not seen."
        return None
    if event.type == "SkirmishDeclared" and civ_id in (payload["attacker_civ"], payload["defender_civ"]):
        return "a skirmish you are in was declared."
    if event.type == "BattleChoiceAsked" and event.civilization_id == civ_id:
        return "a battle asks for your choice."
    if event.type == "MessageDelivered" and payload["to_civ"] == civ_id:
        return "a message came for you."
    if event.type == "GiftDelivered" and payload["to_civ"] == civ_id:
        return "a gift came for you."
    if event.type == "NoteSent" and payload["from"] == "gm" and payload["civ_id"] == civ_id:
        return "the GM wrote you a note."
    if event.type == "GmRuling" and event.civilization_id == civ_id:
        return "the GM ruled on something of yours."
    return None
