"""Every write to a campaign, each behind one named service: lock, check, call the engine, persist the events and
the new state in one transaction, then publish and enqueue only once it has committed."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from combat import selectors as combat_selectors
from combat import services as combat_services
from combat.engine.registry import COMBAT_SYSTEMS
from game import dispatch, ledger, settings_io, state_io
from game.engine import events as engine_events
from game.engine import settings_catalogue
from game.engine.apply import apply_events
from game.engine.dice import Dice, DiceExhausted, EnteredDice, SeededDice, step_seed
from game.engine.orders import OrderCommand, OrderProblem, order_kinds, validate_order
from game.engine.orders.kinds import ORDERS_PER_STEP
from game.engine.phases import Pointer
from game.engine.resolve import resolve_step
from game.engine.scenario import MAX_SCENARIO_CHARS as MAX_SCENARIO_CHARS  # the upload's (api.views.ScenarioInput)
from game.engine.scenario import (
    ScenarioProblem,
    assign_civilizations,
    expectation_failures,
    parse_pointer,
    parse_scenario,
    read_scenario_text,
    run_scenario,
)
from game.engine.step_input import StepInput
from game.engine.victory import VictoryConditions, VictoryResult, check_victory, declared_end, score_of
from game.engine.visibility import figures_by_civ
from game.engine.world import World, world_to_dict
from game.errors import WAITING_FOR_ROLLS, Conflict, Forbidden, NotFound, RollsNeeded, ServiceError
from game.event_catalogue import describe, in_chronicle
from game.ledger import User, append_events, locked_campaign, one_push
from game.models import (
    Campaign,
    CivFigures,
    Civilization,
    Event,
    Membership,
    Order,
    Readiness,
    StepClock,
    StepResolution,
)
from game.selectors import dry_run, event_names_for, pending_orders, step_input_for
from game.selectors.deadlines import opening_followed_up
from game.services import seats
from game.visibility import campaign_for, require_gm, require_gm_of, require_player, require_seat, viewer_for

logger = logging.getLogger(__name__)
Role = Membership.Role
PUBLIC, CIV, GM = engine_events.Visibility.PUBLIC, engine_events.Visibility.CIV, engine_events.Visibility.GM

def _check_pointer(campaign: Campaign, expected_round: int, expected_step: str, doing: str) -> None:
    if (campaign.round, campaign.step.key) != (expected_round, expected_step):
        raise Conflict(
            f"Cannot {doing} round {expected_round} {expected_step}: the campaign is now at round {campaign.round}, "
            f"{campaign.step.label}. Reload to see where it stands."
        )


def _require_open(campaign: Campaign, doing: str) -> None:
    if campaign.status == Campaign.Status.ENDED:
        raise Conflict("The campaign has ended.")
    if campaign.status == Campaign.Status.RESOLVING:
        raise Conflict(f"Cannot {doing} now: {campaign.step.label} is closed and being resolved.")


# --- campaigns and membership ------------------------------------------------------------------------------------

def campaign_create(
    gm: User, *, name: str, seed: str = "", rule_options: dict[str, Any] | None = None, is_public: bool = False,
    first_year: int = 1, victory: Mapping[str, Any] | None = None,
    end_visibility: str = Campaign.EndVisibility.KEEP,
) -> Campaign:
    """A new campaign with its GM. `victory`: how it is won besides the GM's word (`elimination`,
    `score_threshold`, `round_limit`, as `game.engine.victory.VictoryConditions`; none by default);
    `end_visibility`: whether it becomes public or private when it ends, or stays as it is."""
    if not gm.is_authenticated:
        raise Forbidden("Sign in to create a campaign.")
    if not name.strip():
        raise ServiceError("Give the campaign a name.", field="name")
    conditions = VictoryConditions.from_dict(victory or {})
    for field, problem in conditions.problems().items():
        raise ServiceError(problem, field=field)
    if end_visibility not in Campaign.EndVisibility.values:
        raise ServiceError("At the end, the campaign is kept as it is, made private or made public.",
                           field="end_visibility")
    # Only declared settings, each checked as the GM's settings page checks it and stored where that page stores
    # it: anything else sent along would be kept for good in every read of the campaign.
    context = settings_catalogue.Context(combat_systems=combat_selectors.combat_systems())
    chosen: dict[str, Any] = {}
    for key, value in (rule_options or {}).items():
        if key not in settings_catalogue.BY_KEY:
            shown = key if len(key) <= 60 else key[:59] + "…"
            raise ServiceError(f"There is no setting {shown!r}; the settings page lists them.",
                               field=f"rule_options.{shown}")
        try:
            chosen[key] = settings_catalogue.clean(key, value, context)
        except settings_catalogue.SettingProblem as problem:
            raise ServiceError(problem.message, field=f"rule_options.{key}") from None
    options, victory_conditions = settings_catalogue.write({}, conditions.as_dict(), chosen)
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=name.strip(), seed=seed or ledger.random_seed(), rule_options=options,
            is_public=is_public, first_year=first_year, victory_conditions=victory_conditions,
            end_visibility=end_visibility,
        )
        Membership.objects.create(campaign=campaign, user_id=gm.pk, role=Role.GM)
        campaign = locked_campaign(campaign.pk)
        settings_io.first_version(campaign, gm.pk)
        append_events(campaign, [engine_events.Event(
            "CampaignCreated", {"name": campaign.name, "date": str(campaign.date)}, PUBLIC)], gm)
    return campaign


def campaign_join(user: User, *, invite_token: str, civ_name: str) -> Civilization:
    """A player joins by the invite link and names their civilization."""
    if not user.is_authenticated:
        raise Forbidden("Sign in or sign up to join a campaign.")
    civ_name = civ_name.strip()
    if not civ_name:
        raise ServiceError("Name your civilization.", field="civ_name")
    if len(civ_name) > 80:
        raise ServiceError("Keep the civilization's name under 80 characters.", field="civ_name")
    campaign_id = Campaign.objects.filter(invite_token=invite_token).values_list("pk", flat=True).first()
    if campaign_id is None:
        raise NotFound("This invite link is not valid (anymore). Ask the GM for a new one.")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        if Membership.objects.filter(campaign=campaign, user_id=user.pk).exists():
            raise Conflict("You are already in this campaign.")
        if Civilization.objects.filter(campaign=campaign, name__iexact=civ_name).exists():
            raise ServiceError(f"A civilization called {civ_name!r} is already in this campaign.", field="civ_name")
        membership = Membership.objects.create(campaign=campaign, user_id=user.pk, role=Role.PLAYER)
        civ = Civilization.objects.create(campaign=campaign, membership=membership, name=civ_name)
        # A guest following a public campaign becomes its player: their open pages now read as that player.
        append_events(campaign, [engine_events.Event("CivilizationJoined", {"civ_id": civ.pk, "name": civ.name},
                                                     PUBLIC)], user, changes_access=True)
    return civ


def campaign_set_public(gm: User, campaign_id: int, *, is_public: bool) -> Campaign:
    with transaction.atomic():
        campaign = locked_campaign(campaign_id, ended_ok=True)  # who may read the record is the GM's choice
        require_gm_of(gm, campaign)
        if campaign.is_public != is_public:
            campaign.is_public = is_public
            campaign.save(update_fields=["is_public"])
            append_events(campaign, [engine_events.Event("VisibilityChanged", {"is_public": is_public}, GM)], gm,
                          changes_access=True)
    return campaign


def membership_remove(gm: User, campaign_id: int, user_id: int) -> None:
    """The GM removes a member: from then on they see the campaign as any guest does (a private one not at all),
    open pages included. A player's civilization stays in the world and the log, without a player."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id, ended_ok=True)
        require_gm_of(gm, campaign)
        membership = Membership.objects.filter(campaign=campaign, user_id=user_id).select_related(
            "civilization", "user").first()
        if membership is None:
            raise NotFound("That user is not a member of this campaign.")
        if membership.role == Role.GM:
            raise Conflict("The Game Master cannot be removed from their own campaign.")
        civ = getattr(membership, "civilization", None)
        payload = {"user_id": user_id, "username": membership.user.get_username(),
                   "civ_id": civ.pk if civ else None, "civ_name": civ.name if civ else ""}
        membership.delete()  # the civilization keeps its place (its membership is set empty)
        seats.seats_end_with_member(campaign, user_id, civ, gm)
        append_events(campaign, [engine_events.Event("MemberRemoved", payload, GM)], gm, changes_access=True)


def campaign_load_scenario(gm: User, campaign_id: int, *, text: str) -> Campaign:
    """Start a campaign from a scenario file: its world (galaxy, civilizations, units, stocks), rule options and
    seed. Scenario civilizations go to the campaign's civilizations in the order they joined. Only before the
    first step is resolved; the scenario's own orders and expectations are for testing and are not used."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        if campaign.resolutions.exists():
            raise Conflict("A scenario can only be loaded before the first step is resolved.")
        try:
            scenario = parse_scenario(read_scenario_text(text), COMBAT_SYSTEMS)
        except ScenarioProblem as problem:
            raise ServiceError(f"The scenario's {problem.field} {problem.message}", field=problem.field) from None
        civs = list(Civilization.objects.filter(campaign=campaign).order_by("pk"))
        if len(civs) < len(scenario.world.civs):
            raise ServiceError(
                f"The scenario has {len(scenario.world.civs)} civilizations but only {len(civs)} joined; invite "
                "more players first.", field="text")
        players = {old: (civ.pk, civ.name) for old, civ in zip(sorted(scenario.world.civs), civs, strict=False)}
        world = assign_civilizations(scenario.world, players)
        campaign.seed = scenario.seed
        campaign.first_year = scenario.first_year
        if scenario.combat is not None and scenario.combat.key in COMBAT_SYSTEMS:
            campaign.rule_options = {**campaign.rule_options, "combat_system": scenario.combat.key}
        campaign.round = scenario.first_round
        campaign.save(update_fields=["seed", "first_year", "rule_options", "round"])
        # The scenario's wars, trade and detection rolls become the settings in force, which the steps read.
        settings_io.put_in_force(campaign, settings_catalogue.from_world(world))
        append_events(campaign, [engine_events.Event(
            "ScenarioLoaded", {"title": scenario.title, "civilizations": len(players)}, PUBLIC)], gm)
        state_io.store_snapshot(campaign, world)
        figures_record(campaign, world)
    return campaign


def scenario_play(text: str, *, seed: str | None = None, through: str | None = None) -> dict[str, Any]:
    """Play a scenario file through the rules alone, outside any campaign (`manage.py cv_scenario`); nothing is
    stored. The final state, the event log, and, when played to its end, the expectations it failed."""
    if len(text) > MAX_SCENARIO_CHARS:
        raise ServiceError(f"text: is longer than {MAX_SCENARIO_CHARS:,} characters.", field="text")
    try:
        scenario = parse_scenario(read_scenario_text(text), COMBAT_SYSTEMS)
        last = parse_pointer(through) if through else None
    except ScenarioProblem as problem:
        raise ServiceError(str(problem), field=problem.field) from None
    run = run_scenario(scenario, through=last, seed=seed)
    return {
        "title": scenario.title,
        "state": world_to_dict(run.final),
        "events": [
            {"round": pointer.round, "step": pointer.step.key, "type": event.type, "payload": event.payload,
             "visibility": event.visibility.value, "civ_id": event.civ_id}
            for pointer, event in run.log
        ],
        "expectations_failed": expectation_failures(scenario, run.final) if last is None else [],
    }


# --- orders --------------------------------------------------------------------------------------------------------

def order_submit(
    user: User, campaign_id: int, *, round: int, step: str, kind: str, payload: dict[str, Any],
    idempotency_key: str,
) -> tuple[Order, bool]:
    """Store a player's order for the open step once; the same idempotency key returns the stored order."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        civ_id = require_seat(viewer_for(user, campaign))
        existing = Order.objects.filter(civilization_id=civ_id, idempotency_key=idempotency_key).first()
        if existing is not None:
            return existing, False
        _check_pointer(campaign, round, step, "give orders for")
        _require_open(campaign, "give orders")
        given = Order.objects.filter(campaign=campaign, civilization_id=civ_id, round=round,
                                     step_index=campaign.step_index).count()
        if given >= ORDERS_PER_STEP:
            raise Conflict(f"Your civilization has given {given:,} orders in this step, the most it may "
                           f"({ORDERS_PER_STEP:,}); withdraw one to give another.", field="kind")
        command = OrderCommand(civ_id=civ_id, step_key=step, kind=kind, payload=payload)
        step_input = step_input_for(campaign)
        try:
            validate_order(command, step_input.world)
        except OrderProblem as problem:
            raise ServiceError(problem.message, field=problem.field) from None
        _refuse_what_the_step_would(user, campaign, step_input, command)
        try:
            with transaction.atomic():
                order = Order.objects.create(
                    campaign=campaign, civilization_id=civ_id, round=round, step_index=campaign.step_index,
                    kind=kind, payload=payload, idempotency_key=idempotency_key,
                )
        except IntegrityError:  # the same key raced in from another request
            return Order.objects.get(civilization_id=civ_id, idempotency_key=idempotency_key), False
        append_events(campaign, [engine_events.Event(
            "OrderAccepted", {"order_id": order.pk, "kind": kind, "step": step}, CIV, civ_id)], user)
    return order, True


def _refusals(events: Sequence[engine_events.Event], command: OrderCommand) -> list[engine_events.Event]:
    """The step's refusals of orders like `command` (same civilization, kind and payload)."""
    return [e for e in events if e.type == "OrderRejected" and e.civ_id == command.civ_id
            and e.payload["kind"] == command.kind and e.payload["payload"] == dict(command.payload)]


def _step_refusal(campaign: Campaign, step_input: StepInput, before: list[OrderCommand], command: OrderCommand
                  ) -> dict[str, Any] | None:
    """The refusal's payload (its field and reason) if the step, run dry with `before` then `command`, refuses
    `command`; None if it takes it."""
    refused = _refusals(dry_run(campaign, step_input, [*before, command])[0], command)
    alike = len(_refusals(dry_run(campaign, step_input, before)[0], command)) if command in before else 0
    return refused[-1].payload if len(refused) > alike else None


def _refuse_what_the_step_would(user: User, campaign: Campaign, step_input: StepInput, command: OrderCommand) -> None:
    """Refuse now an order the step would refuse for a reason known now (issue 36): the step is run dry with the
    civilization's orders already given and this one last: a 400 with the step's reason, which names the order
    already given that stands in its way (a builder it sets to work, a once-a-round power it uses) if there is one.
    (Not a 409: a client reads that as the step having closed.)"""
    given = pending_orders(campaign, command.civ_id)
    commands = [c for _, c in given]
    refusal = _step_refusal(campaign, step_input, commands, command)
    if refusal is None:
        return
    if given and _step_refusal(campaign, step_input, [], command) is None:
        # Alone it would be taken: the first of the orders given after which it is refused stands in its way.
        for count in range(1, len(given) + 1):
            if _step_refusal(campaign, step_input, commands[:count], command) is not None:
                order = given[count - 1][0]
                names = event_names_for(viewer_for(user, campaign), campaign)
                described = order_kinds()[order.kind].describe(order.payload, names)
                raise ServiceError(f"{refusal['reason']} Your order “{described}”, given earlier in this step, "
                                   "stands in its way: withdraw that order to give this one.", field=refusal["field"])
    raise ServiceError(refusal["reason"], field=refusal["field"])


def order_withdraw(user: User, campaign_id: int, *, order_id: int) -> None:
    """Take back one of the civilization's orders while its step is still open (to change it, send a new one)."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        civ_id = require_seat(viewer_for(user, campaign))
        order = Order.objects.filter(pk=order_id, campaign=campaign, civilization_id=civ_id).first()
        if order is None:
            raise NotFound("You have no such order.")
        if (order.round, order.step_index) != (campaign.round, campaign.step_index):
            raise Conflict("That order's step is over; it can no longer be changed.")
        _require_open(campaign, "change orders")
        order.delete()
        append_events(campaign, [engine_events.Event(
            "OrderWithdrawn", {"order_id": order_id, "kind": order.kind}, CIV, civ_id)], user)


def ready_mark(user: User, campaign_id: int, *, round: int, step: str) -> None:
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        civ_id = require_seat(viewer_for(user, campaign))
        _check_pointer(campaign, round, step, "mark ready for")
        _require_open(campaign, "mark ready")
        _, created = Readiness.objects.get_or_create(
            civilization_id=civ_id, round=campaign.round, step_index=campaign.step_index
        )
        if created:
            # Only the GM (and the player themself) learn who is ready; other players do not.
            append_events(campaign, [engine_events.Event("CivilizationReady", {"civ_id": civ_id, "step": step},
                                                          CIV, civ_id)], user)
            # With `auto_run`, a step that waited only on players goes on once they are all ready.
            dispatch.enqueue_after_commit(dispatch.STEP_READY, campaign.pk, campaign.round, campaign.step_index)


# --- GM rulings ------------------------------------------------------------------------------------------------------

def ruling_post(gm: User, campaign_id: int, *, civ_id: int | None, text: str) -> Event:
    """A GM's free-text ruling, to one civilization or to everyone (how the rules' TODO steps are played)."""
    text = text.strip()
    if not text:
        raise ServiceError("Write the ruling.", field="text")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        if civ_id is not None and not Civilization.objects.filter(campaign=campaign, pk=civ_id).exists():
            raise ServiceError("That civilization is not in this campaign.", field="civ_id")
        payload = {"text": text, "step": campaign.step.key}
        event = engine_events.Event("GmRuling", payload, CIV, civ_id) if civ_id else engine_events.Event(
            "GmRuling", payload, PUBLIC)
        (row,) = append_events(campaign, [event], gm)
    return row


# --- the step pipeline -------------------------------------------------------------------------------------------

def step_preview(gm: User, campaign_id: int, *, expected_round: int, expected_step: str) -> dict[str, Any]:
    """What resolving the open step would do, without doing it: the proposed events (numbered, for overrides),
    the rolls, and a digest that a commit with overrides must match. Nothing is stored."""
    campaign, viewer = campaign_for(gm, campaign_id)
    require_gm(viewer)
    _check_pointer(campaign, expected_round, expected_step, "preview")
    _require_open(campaign, "preview")
    with _asking_gm_for_rolls():
        _, events, dice = _step_outcome(campaign, list(campaign.entered_rolls))
    names = event_names_for(viewer, campaign)
    return {
        "round": campaign.round,
        "step": campaign.step.key,
        "events": [{"index": i, **_event_json(e), "description": describe(e.type, e.payload, names),
                    "chronicle": in_chronicle(e.type)} for i, e in enumerate(events)],
        "rolls": [roll.as_payload() for roll in dice.rolls],
        "digest": events_digest(events),
    }


# What an Advance sets afresh on a step's resolution row, when the step was resolved before and undone.
REQUEUED = ["status", "error", "queued_at", "started_at", "entered_rolls", "overrides", "preview_digest",
            "undo_reason"]


def step_advance(
    gm: User, campaign_id: int, *, expected_round: int, expected_step: str,
    overrides: Sequence[dict[str, Any]] = (), preview_digest: str = "",
) -> None:
    """Close the open step and have a worker resolve it (the GM's commit). Overrides replace the payload of
    previewed events, each with a reason, and must be made against the events the step resolves to now (the
    preview's digest). A stale or repeated Advance changes nothing."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        _check_pointer(campaign, expected_round, expected_step, "advance")
        _require_open(campaign, "advance")
        entered = list(campaign.entered_rolls)
        if overrides:
            # Orders wait on this lock, so the outcome cannot change between this check and the resolution.
            with _asking_gm_for_rolls():
                step_input, events, _ = _step_outcome(campaign, entered)
            if preview_digest != events_digest(events):
                raise Conflict("The step's outcome changed since your preview (an order came in or was taken "
                               "back). Preview again, then override.", field="preview_digest")
            _with_overrides(step_input.world, events, overrides)
        # One statement whether the step was resolved before (then undone) or not: queued afresh, attempts kept.
        StepResolution.objects.bulk_create([StepResolution(
            campaign=campaign, round=campaign.round, step_index=campaign.step_index,
            status=StepResolution.Status.QUEUED, error="", queued_at=timezone.now(), started_at=None,
            entered_rolls=entered, overrides=list(overrides), preview_digest=preview_digest if overrides else "",
            undo_reason="",
        )], update_conflicts=True, unique_fields=["campaign", "round", "step_index"], update_fields=REQUEUED)
        campaign.status = Campaign.Status.RESOLVING
        campaign.failure = ""
        campaign.entered_rolls = []
        append_events(campaign, [engine_events.Event(
            "StepClosed", {"round": campaign.round, "step": campaign.step.key, "label": campaign.step.label},
            PUBLIC)], gm, pushed=False,  # pushed with the step's outcome (`step_resolve`)
            saving=("status", "failure", "entered_rolls"))
        dispatch.enqueue_after_commit(dispatch.RESOLVE_STEP, campaign.pk, campaign.round, campaign.step_index)


def step_resolve(campaign_id: int, round: int, step_index: int, *, announce_after: float | None = None) -> bool:
    """Resolve a closed step exactly once. Returns False when there was nothing to do (already resolved, or the
    campaign moved on), so a task delivered twice, or re-run after a crash, is harmless.
    The step's closing reaches browsers with its outcome, as one frame; a resolution that takes longer than
    `announce_after` seconds (a worker's; None: as long as it takes) pushes the closing first, on its own."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        resolution = StepResolution.objects.filter(campaign=campaign, round=round, step_index=step_index).first()
        if resolution is None or resolution.status == StepResolution.Status.DONE or campaign.pointer != Pointer(
            round, step_index
        ):
            return False
        resolution.status = StepResolution.Status.RUNNING
        resolution.attempts += 1
        resolution.started_at = timezone.now()
        resolution.save(update_fields=["status", "attempts", "started_at"])
        closing = Event.objects.filter(campaign=campaign, type="StepClosed", round=round,
                                       step_index=step_index).order_by("-seq").first()
    try:
        with transaction.atomic():
            with one_push(campaign_id, held=[closing.as_message()] if closing else [],
                          announce_after=announce_after):
                campaign = locked_campaign(campaign_id)
                resolution = StepResolution.objects.select_for_update().get(pk=resolution.pk)
                if resolution.status == StepResolution.Status.DONE or campaign.pointer != Pointer(round, step_index):
                    return False
                step_input, events, _ = _step_outcome(campaign, list(resolution.entered_rolls))
                if resolution.overrides:
                    if events_digest(events) != resolution.preview_digest:
                        raise RuntimeError("The step no longer resolves to the outcome the GM overrode.")
                    events = _with_overrides(step_input.world, events, resolution.overrides)
                resolution.seq_before = campaign.last_seq
                append_events(campaign, events, returning=False)
                combat_services.battles_record(campaign, events)
                world = step_input.world
                if state_io.changes_world(events):
                    world = apply_events(world, events)
                    campaign.state_seq = campaign.last_seq
                resolution.status = StepResolution.Status.DONE
                resolution.finished_at = timezone.now()
                resolution.save(update_fields=["status", "finished_at", "seq_before"])
                result = _victory_at_round_end(campaign, world)
                if result is not None:
                    # The campaign stays at the step it ended with; no next step opens.
                    campaign.save(update_fields=["state_seq"])
                    state_io.remember(campaign, world, step_input.world)
                    _end(campaign, result, None)
                    return True
                next_pointer = campaign.pointer.next()
                campaign.round, campaign.step_index = next_pointer.round, next_pointer.step_index
                campaign.status = Campaign.Status.OPEN  # saved with the opening, below
                state_io.remember(campaign, world, step_input.world)
                if campaign.step_index == 0:
                    # A new round: its starting world is a snapshot once the log since the last one grew as large as
                    # the world, so rebuilding never replays more than that.
                    if state_io.snapshot_due(campaign, world):
                        state_io.store_snapshot(campaign, world, world)
                    figures_record(campaign, world)
                    append_events(campaign, settings_io.into_force(campaign))  # what waited for this round
                append_events(campaign, [_step_opened(campaign)], saving=("round", "step_index", "status", "state_seq"))
                followed_up = opening_followed_up(campaign)
            # Booked after the push: on the embedded default it runs the next step at once, which pages must get
            # after this one.
            if followed_up:
                dispatch.enqueue_after_commit(dispatch.STEP_OPENED, campaign.pk, campaign.round, campaign.step_index)
        return True
    except combat_services.LiveBattleWaiting as waiting:
        # Not a failure: the step waits while the two sides play a Centurion battle, then resumes.
        combat_services.live_battle_wait(campaign_id, round, step_index, waiting)
        return False
    except combat_services.ChoiceWaiting as waiting:
        # Not a failure: the step waits for a player's choice, then resumes (combat.services._resume).
        combat_services.battle_choice_wait(campaign_id, round, step_index, waiting)
        return False
    except Exception as error:
        step_fail(campaign_id, round, step_index, error)
        raise


def _victory_at_round_end(campaign: Campaign, world: World) -> VictoryResult | None:
    """Victory is checked once a round, as Exploit's last step is resolved (docs/rules.md, "Victory")."""
    if campaign.pointer.next().round == campaign.round:
        return None
    return check_victory(world, VictoryConditions.from_dict(campaign.victory_conditions), campaign.round)


def _end(campaign: Campaign, result: VictoryResult, gm: User | None) -> None:
    """End the campaign with its result: read-only from now on (`ledger.locked_campaign`), everyone told, and
    its visibility as the GM chose at creation. The caller holds the campaign's row lock."""
    campaign.status = Campaign.Status.ENDED
    campaign.failure = ""
    campaign.save(update_fields=["status", "failure"])
    run_on_stop(campaign, "the campaign has ended.")
    append_events(campaign, [result.event()], gm)
    public_at_end = {Campaign.EndVisibility.PUBLIC: True, Campaign.EndVisibility.PRIVATE: False}.get(
        Campaign.EndVisibility(campaign.end_visibility), campaign.is_public)
    if public_at_end != campaign.is_public:
        campaign.is_public = public_at_end
        campaign.save(update_fields=["is_public"])
        # After the result, so everyone who followed the campaign reads how it ended before a private one closes.
        append_events(campaign, [engine_events.Event("VisibilityChanged", {"is_public": public_at_end}, GM)], gm,
                      changes_access=True)


def campaign_end(gm: User, campaign_id: int, *, winners: Sequence[int], reason: str) -> Event:
    """The GM declares the end of the campaign (always possible, whatever its conditions), naming the winning
    civilizations (or none) and why; the final standings are the world's as it stands."""
    reason = reason.strip()
    if not reason:
        raise ServiceError("Say why the campaign ends; everyone reads it.", field="reason")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        viewer = viewer_for(gm, campaign)
        require_gm(viewer)
        if campaign.status == Campaign.Status.RESOLVING:
            raise Conflict("Wait for the running resolution to finish before ending the campaign.")
        # A choice left waiting would never be decided: its deadline's default could no longer be recorded.
        if any(choice["answered_at"] is None for choice in combat_selectors.battle_choices_for(viewer, campaign)):
            raise Conflict("A battle waits for a civilization's choice: let it be made (or its deadline pass) "
                           "before ending the campaign.")
        try:
            result = declared_end(state_io.load_world(campaign), winners, reason, campaign.round)
        except ValueError as error:
            raise ServiceError(str(error), field="winners") from None
        _end(campaign, result, gm)
    return Event.objects.get(campaign=campaign, type="CampaignEnded", undone=False)


def run_on_stop(campaign: Campaign, reason: str, *, always: bool = False) -> None:
    """The run to the next step that needs someone (`game.services.flow`) ends at the open step, telling the GM
    why; nothing is said when no run was on, unless `always` (a stop of the automatic run). The caller holds the
    campaign's row lock."""
    if StepClock.objects.filter(campaign=campaign, run_on=True).update(run_on=False) or always:
        append_events(campaign, [engine_events.Event("RunOnStopped", {
            "round": campaign.round, "step": campaign.step.key, "label": campaign.step.label, "reason": reason},
            GM)])


def _step_opened(campaign: Campaign) -> engine_events.Event:
    return engine_events.Event(
        "StepOpened",
        {"round": campaign.round, "date": str(campaign.date), "phase": campaign.step.phase.value,
         "step": campaign.step.key, "label": campaign.step.label},
        PUBLIC)


def step_undo(gm: User, campaign_id: int, *, expected_round: int, expected_step: str, reason: str) -> StepResolution:
    """Roll the campaign back to the start of the last resolved step: its world and pointer as they were, its
    events kept in the log but marked undone, and everyone told why. Resolving it again from the same seed,
    orders and rolls gives the same result. The GM names the open step they saw (as for Advance), so a repeated
    or stale Undo (a double click, a second tab, a retry) is refused instead of taking back one more step."""
    reason = reason.strip()
    if not reason:
        raise ServiceError("Say why the step is undone; the players will read it.", field="reason")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        _check_pointer(campaign, expected_round, expected_step, "undo from")
        if campaign.status == Campaign.Status.RESOLVING:
            raise Conflict("Wait for the running resolution to finish before undoing.")
        last = StepResolution.objects.filter(campaign=campaign, status=StepResolution.Status.DONE).order_by(
            "-finished_at", "-pk").first()
        if last is None:
            raise Conflict("There is no resolved step to undo.")
        before = state_io.load_world(campaign)
        try:
            state_io.rewind(campaign, last.seq_before)
        except state_io.WorldUnavailable as error:
            raise Conflict(str(error)) from None
        settings_io.back_to_pending(campaign, last.seq_before)
        Event.objects.filter(campaign=campaign, seq__gt=last.seq_before).update(undone=True)
        state_io.rows_after_undo(campaign, before)
        CivFigures.objects.filter(civilization__campaign=campaign, round__gt=last.round).delete()
        combat_services.battles_forget(campaign, last.round, last.step_index)
        campaign.round, campaign.step_index = last.round, last.step_index
        campaign.status = Campaign.Status.OPEN
        campaign.failure = ""
        campaign.save(update_fields=["round", "step_index", "status", "failure", "state_seq"])
        last.status = StepResolution.Status.UNDONE
        last.undo_reason = reason
        last.save(update_fields=["status", "undo_reason"])
        run_on_stop(campaign, f"the GM undid {campaign.step.label}.")
        append_events(campaign, [engine_events.Event(
            "StepUndone", {"round": last.round, "step": campaign.step.key, "label": campaign.step.label,
                           "reason": reason, "undone_after_seq": last.seq_before}, PUBLIC),
            _step_opened(campaign)], gm)
        # The reopened step's clock starts again (game.services.deadlines); bots and the run on are not re-run.
        dispatch.enqueue_after_commit(dispatch.STEP_CLOCK, campaign.pk, campaign.round, campaign.step_index)
    return last


def dice_enter(gm: User, campaign_id: int, *, rolls: Sequence[int]) -> list[int]:
    """The GM's physical rolls for the open step, used in order before any server roll."""
    if any(not isinstance(r, int) or isinstance(r, bool) or r < 1 for r in rolls):
        raise ServiceError("Rolls are whole numbers from 1 up.", field="rolls")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        _require_open(campaign, "enter rolls")
        campaign.entered_rolls = list(rolls)
        campaign.save(update_fields=["entered_rolls"])
        append_events(campaign, [engine_events.Event(
            "DiceEntered", {"step": campaign.step.key, "rolls": list(rolls)}, GM)], gm)
    return list(rolls)


def _dice(campaign: Campaign, entered: list[int]) -> Dice:
    """The GM's entered rolls first; then seeded rolls, unless the campaign wants physical dice only."""
    seeded = SeededDice(step_seed(campaign.seed, campaign.round, campaign.step.key))
    physical_only = campaign.rule_options.get("dice_mode") == "entered"
    return EnteredDice(entered, None if physical_only else seeded)


def _step_outcome(campaign: Campaign, entered: list[int]) -> tuple[StepInput, list[engine_events.Event], Dice]:
    step_input = _step_input(campaign)
    dice = _dice(campaign, entered)
    return step_input, resolve_step(step_input, dice), dice


@contextmanager
def _asking_gm_for_rolls() -> Iterator[None]:
    """While the GM looks at a step's outcome, rolls that ran out are a question to the GM, not a failure."""
    try:
        yield
    except DiceExhausted as needed:
        raise RollsNeeded(str(needed), needed.purpose, needed.sides) from None


def _event_json(event: engine_events.Event) -> dict[str, Any]:
    return {"type": event.type, "payload": event.payload, "visibility": event.visibility.value,
            "civ_id": event.civ_id}


def events_digest(events: Sequence[engine_events.Event]) -> str:
    text = json.dumps([_event_json(e) for e in events], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _with_overrides(world: World, events: list[engine_events.Event],
                    overrides: Sequence[dict[str, Any]]) -> list[engine_events.Event]:
    """The events with the GM's overridden payloads, each followed by a `ResultOverridden` fact shown to whoever
    could see the original. Refused, naming the override, if it does not fit the step or breaks the state."""
    changed = list(events)
    notes = []
    for number, override in enumerate(overrides):
        where = f"overrides[{number}]"
        index, payload, reason = override.get("index"), override.get("payload"), str(override.get("reason", ""))
        if not isinstance(index, int) or not 0 <= index < len(events):
            raise ServiceError(f"There is no proposed event #{index}.", field=f"{where}.index")
        if not isinstance(payload, dict):
            raise ServiceError("Give the event's new payload as an object.", field=f"{where}.payload")
        if not reason.strip():
            raise ServiceError("Give a reason for every override; the civilization concerned reads it.",
                               field=f"{where}.reason")
        original = events[index]
        changed[index] = engine_events.Event(original.type, payload, original.visibility, original.civ_id)
        notes.append(engine_events.Event(
            "ResultOverridden",
            {"type": original.type, "index": index, "reason": reason.strip(), "before": original.payload,
             "after": payload, **({"seen_by": original.payload["seen_by"]} if "seen_by" in original.payload else {})},
            original.visibility, original.civ_id))
    try:
        apply_events(world, changed)
    except (KeyError, TypeError, ValueError) as error:
        raise ServiceError(f"The overridden results do not fit the world: {error!r}.", field="overrides") from None
    return changed + notes


def step_fail(campaign_id: int, round: int, step_index: int, error: BaseException) -> None:
    """Record why a resolution failed, for the GM; the campaign stays at the step it was resolving. Rolls that ran
    out in physical-dice mode are no failure: the step waits for the GM to enter them and advance again."""
    if isinstance(error, DiceExhausted):
        reason = (f"{WAITING_FOR_ROLLS}a d{error.sides} for {error.purpose}. Enter it (and any more the step needs), "
                  "then advance again.")
        logger.info("Campaign %s round %s step %s waits for entered rolls", campaign_id, round, step_index)
    else:
        reason = f"{type(error).__name__}: {error}"
        logger.exception("Resolving campaign %s round %s step %s failed", campaign_id, round, step_index)
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        StepResolution.objects.filter(campaign=campaign, round=round, step_index=step_index).exclude(
            status=StepResolution.Status.DONE
        ).update(status=StepResolution.Status.FAILED, error=reason, finished_at=timezone.now())
        if (campaign.round, campaign.step_index) == (round, step_index):
            campaign.status = Campaign.Status.FAILED
            campaign.failure = reason
            campaign.save(update_fields=["status", "failure"])
            append_events(campaign, [engine_events.Event(
                "ResolutionFailed", {"step": campaign.step.key, "reason": reason}, GM)])
            run_on_stop(campaign, f"resolving {campaign.step.label} failed.")


def _step_input(campaign: Campaign) -> StepInput:
    orders = Order.objects.filter(campaign=campaign, round=campaign.round, step_index=campaign.step_index)
    return replace(
        step_input_for(campaign, [
            OrderCommand(civ_id=o.civilization_id, step_key=campaign.step.key, kind=o.kind, payload=o.payload)
            for o in orders.order_by("pk")
        ]),
        combat_system=combat_services.campaign_combat_system(campaign),  # the default, or the GM's per skirmish
    )


def stuck_resolutions_requeue(older_than_seconds: int) -> list[int]:
    """Re-enqueue resolutions queued or running for too long (a worker died whole, or Redis lost the task).
    A second run is harmless: `step_resolve` checks the lock and the pointer first."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    stuck = StepResolution.objects.filter(
        Q(started_at__lt=cutoff) | Q(started_at__isnull=True, queued_at__lt=cutoff),
        status__in=[StepResolution.Status.QUEUED, StepResolution.Status.RUNNING],
    )
    requeued = []
    for resolution in stuck:
        dispatch.enqueue_after_commit(dispatch.RESOLVE_STEP, resolution.campaign_id, resolution.round,
                                      resolution.step_index)
        requeued.append(resolution.pk)
    return requeued


def figures_record(campaign: Campaign, world: World) -> None:
    """Each civilization's figures in `world` as the campaign's round starts, for its charts (kept per round)."""
    CivFigures.objects.bulk_create(
        [CivFigures(civilization_id=civ_id, round=campaign.round, figures=figures)
         for civ_id, figures in figures_by_civ(world).items()],
        update_conflicts=True, unique_fields=["civilization", "round"], update_fields=["figures"])


# --- notes, "since you were away", standings ---------------------------------------------------------------------

def note_send(user: User, campaign_id: int, *, text: str, civ_id: int | None = None,
              order_id: int | None = None) -> Event:
    """A private note between a civilization and the GM: a player writes to the GM (optionally about one of
    their orders); the GM writes to one civilization. Nobody else reads it."""
    text = text.strip()
    if not text:
        raise ServiceError("Write the note.", field="text")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id, ended_ok=True)  # notes stay open for the talk after the game
        viewer = viewer_for(user, campaign)
        if viewer.is_gm:
            if civ_id is None or not Civilization.objects.filter(campaign=campaign, pk=civ_id).exists():
                raise ServiceError("Choose the civilization the note is for.", field="civ_id")
            to_civ, sender = civ_id, "gm"
        else:
            to_civ, sender = require_player(viewer), "player"
        if order_id is not None and not Order.objects.filter(
            pk=order_id, campaign=campaign, civilization_id=to_civ
        ).exists():
            raise ServiceError("That order is not one of this civilization's.", field="order_id")
        payload = {"from": sender, "civ_id": to_civ, "text": text, "order_id": order_id,
                   "author": user.get_username()}
        (row,) = append_events(campaign, [engine_events.Event("NoteSent", payload, CIV, to_civ)], user)
    return row


def seen_mark(user: User, campaign_id: int, *, seq: int) -> int:
    """Remember the last event the member has looked at (never moving backwards)."""
    campaign, _ = campaign_for(user, campaign_id)
    if not user.is_authenticated:
        return seq  # a guest's place is kept by their browser
    if seq > campaign.last_seq:
        raise ServiceError(f"There is no event #{seq} yet.", field="seq")
    Membership.objects.filter(campaign=campaign, user_id=user.pk, last_seen_seq__lt=seq).update(last_seen_seq=seq)
    return seq


def standings_publish(gm: User, campaign_id: int, *, figures: Sequence[str]) -> Event:
    """The GM publishes the standings: the chosen figures of every civilization, for spectators and players."""
    allowed = ("mu", "ore", "units", "colonies", "population", "score")
    unknown = [f for f in figures if f not in allowed]
    if unknown or not figures:
        raise ServiceError(f"Choose figures among {', '.join(allowed)}.", field="figures")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        world = state_io.load_world(campaign)
        names = dict(Civilization.objects.filter(campaign=campaign).values_list("pk", "name"))
        rows = []
        figures_now = figures_by_civ(world)
        for civ_id in sorted(world.civs):
            known = {**figures_now[civ_id], "score": score_of(world, civ_id).total}
            rows.append({"civ_id": civ_id, "name": names.get(civ_id, world.civs[civ_id].name),
                         **{f: known[f] for f in figures}})
        (row,) = append_events(campaign, [engine_events.Event(
            "StandingsPublished", {"round": campaign.round, "date": str(campaign.date), "figures": list(figures),
                                   "rows": rows}, PUBLIC)], gm)
    return row
