"""Every write to a campaign, each behind one named service: lock, check, call the engine, persist the events and
the new state in one transaction, then publish and enqueue only once it has committed."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from datetime import timedelta
from functools import partial
from typing import Any

import yaml
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from combat.engine.registry import COMBAT_SYSTEMS, combat_system
from game import realtime
from game.engine import events as engine_events
from game.engine.apply import apply_events
from game.engine.dice import SeededDice, step_seed
from game.engine.orders import OrderCommand, OrderProblem, validate_order
from game.engine.phases import ALL_STEPS, Pointer
from game.engine.resolve import StepInput, resolve_step
from game.engine.scenario import ScenarioProblem, assign_civilizations, parse_scenario
from game.engine.world import World, world_from_dict, world_to_dict
from game.errors import Conflict, Forbidden, NotFound, ServiceError
from game.models import Campaign, Civilization, Event, EventWitness, Membership, Order, Readiness, StepResolution
from game.selectors import Viewer, viewer_for

logger = logging.getLogger(__name__)
Role = Membership.Role
PUBLIC, CIV, GM = engine_events.Visibility.PUBLIC, engine_events.Visibility.CIV, engine_events.Visibility.GM

User = AbstractBaseUser | AnonymousUser
DEFAULT_COMBAT_SYSTEM = "instant_mass"


def _locked_campaign(campaign_id: int) -> Campaign:
    campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
    if campaign is None:
        raise NotFound("No such campaign.")
    return campaign


def _append_events(
    campaign: Campaign, events: Sequence[engine_events.Event], actor: User | None = None
) -> list[Event]:
    """Number the events after the campaign's last one and store them; push them once the transaction commits.
    The caller holds the campaign's row lock, so numbers never collide or skip."""
    rows = [
        Event(
            campaign=campaign,
            seq=campaign.last_seq + offset,
            type=event.type,
            payload=event.payload,
            visibility=event.visibility.value,
            civilization_id=event.civ_id,
            actor_id=actor.pk if actor is not None and actor.is_authenticated else None,
            round=campaign.round,
            step_index=campaign.step_index,
        )
        for offset, event in enumerate(events, start=1)
    ]
    Event.objects.bulk_create(rows)
    civ_ids = set(Civilization.objects.filter(campaign=campaign).values_list("pk", flat=True))
    EventWitness.objects.bulk_create(
        EventWitness(event_id=row.pk, civilization_id=civ_id)
        for row, event in zip(rows, events, strict=True)
        if event.visibility is GM
        for civ_id in set(event.payload.get("seen_by", ())) & civ_ids
    )
    campaign.last_seq += len(rows)
    campaign.save(update_fields=["last_seq"])
    # Re-read so `created_at` and ids are what the database holds, for the pushed message.
    stored = list(Event.objects.filter(campaign=campaign, seq__gt=campaign.last_seq - len(rows)))
    messages = [row.as_message() for row in stored]
    transaction.on_commit(partial(realtime.publish_events, campaign.pk, messages), robust=True)
    return stored


def _require_gm(viewer: Viewer) -> None:
    if not viewer.is_gm:
        raise Forbidden("Only the campaign's Game Master can do that.")


def _require_player(viewer: Viewer) -> int:
    if not viewer.is_player or viewer.civ_id is None:
        raise Forbidden("Only a player with a civilization in this campaign can do that.")
    return viewer.civ_id


def _check_pointer(campaign: Campaign, expected_round: int, expected_step: str, doing: str) -> None:
    if (campaign.round, campaign.step.key) != (expected_round, expected_step):
        raise Conflict(
            f"Cannot {doing} round {expected_round} {expected_step}: the campaign is now at round {campaign.round}, "
            f"{campaign.step.label}. Reload to see where it stands."
        )


def _require_open(campaign: Campaign, doing: str) -> None:
    if campaign.status == Campaign.Status.RESOLVING:
        raise Conflict(f"Cannot {doing} now: {campaign.step.label} is closed and being resolved.")


# --- campaigns and membership ------------------------------------------------------------------------------------

def campaign_create(
    gm: User, *, name: str, seed: str, rule_options: dict[str, Any] | None = None, is_public: bool = False,
    first_year: int = 1,
) -> Campaign:
    if not gm.is_authenticated:
        raise Forbidden("Sign in to create a campaign.")
    if not name.strip():
        raise ServiceError("Give the campaign a name.", field="name")
    try:
        combat_system((rule_options or {}).get("combat_system", DEFAULT_COMBAT_SYSTEM))
    except ValueError as error:
        raise ServiceError(str(error), field="rule_options.combat_system") from None
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=name.strip(), seed=seed, rule_options=rule_options or {}, is_public=is_public, first_year=first_year
        )
        Membership.objects.create(campaign=campaign, user_id=gm.pk, role=Role.GM)
        campaign = _locked_campaign(campaign.pk)
        _append_events(campaign, [engine_events.Event(
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
        campaign = _locked_campaign(campaign_id)
        if Membership.objects.filter(campaign=campaign, user_id=user.pk).exists():
            raise Conflict("You are already in this campaign.")
        if Civilization.objects.filter(campaign=campaign, name__iexact=civ_name).exists():
            raise ServiceError(f"A civilization called {civ_name!r} is already in this campaign.", field="civ_name")
        membership = Membership.objects.create(campaign=campaign, user_id=user.pk, role=Role.PLAYER)
        civ = Civilization.objects.create(campaign=campaign, membership=membership, name=civ_name)
        _append_events(campaign, [engine_events.Event("CivilizationJoined", {"civ_id": civ.pk, "name": civ.name},
                                                      PUBLIC)], user)
    return civ


def campaign_set_public(gm: User, campaign_id: int, *, is_public: bool) -> Campaign:
    with transaction.atomic():
        campaign = _locked_campaign(campaign_id)
        _require_gm(viewer_for(gm, campaign))
        if campaign.is_public != is_public:
            campaign.is_public = is_public
            campaign.save(update_fields=["is_public"])
            _append_events(campaign, [engine_events.Event("VisibilityChanged", {"is_public": is_public}, GM)], gm)
    return campaign


def campaign_load_scenario(gm: User, campaign_id: int, *, text: str) -> Campaign:
    """Start a campaign from a scenario file: its world (galaxy, civilizations, units, stocks), rule options and
    seed. Scenario civilizations go to the campaign's civilizations in the order they joined. Only before the
    first step is resolved; the scenario's own orders and expectations are for testing and are not used."""
    with transaction.atomic():
        campaign = _locked_campaign(campaign_id)
        _require_gm(viewer_for(gm, campaign))
        if campaign.resolutions.exists():
            raise Conflict("A scenario can only be loaded before the first step is resolved.")
        try:
            scenario = parse_scenario(yaml.safe_load(text), COMBAT_SYSTEMS)
        except yaml.YAMLError as error:
            raise ServiceError(f"The scenario is not valid YAML: {error}", field="text") from None
        except ScenarioProblem as problem:
            raise ServiceError(f"The scenario's {problem.field} {problem.message}", field=problem.field) from None
        civs = list(Civilization.objects.filter(campaign=campaign).order_by("pk"))
        if len(civs) < len(scenario.world.civs):
            raise ServiceError(
                f"The scenario has {len(scenario.world.civs)} civilizations but only {len(civs)} joined; invite "
                "more players first.", field="text")
        players = {old: (civ.pk, civ.name) for old, civ in zip(sorted(scenario.world.civs), civs, strict=False)}
        world = assign_civilizations(scenario.world, players)
        campaign.world = world_to_dict(world)
        campaign.seed = scenario.seed
        campaign.first_year = scenario.first_year
        if scenario.combat is not None and scenario.combat.key in COMBAT_SYSTEMS:
            campaign.rule_options = {**campaign.rule_options, "combat_system": scenario.combat.key}
        campaign.round = scenario.first_round
        campaign.save(update_fields=["world", "seed", "first_year", "rule_options", "round"])
        _append_events(campaign, [engine_events.Event(
            "ScenarioLoaded", {"title": scenario.title, "civilizations": len(players)}, PUBLIC)], gm)
    return campaign


# --- orders --------------------------------------------------------------------------------------------------------

def order_submit(
    user: User, campaign_id: int, *, round: int, step: str, kind: str, payload: dict[str, Any],
    idempotency_key: str,
) -> tuple[Order, bool]:
    """Store a player's order for the open step once; the same idempotency key returns the stored order."""
    with transaction.atomic():
        campaign = _locked_campaign(campaign_id)
        civ_id = _require_player(viewer_for(user, campaign))
        existing = Order.objects.filter(civilization_id=civ_id, idempotency_key=idempotency_key).first()
        if existing is not None:
            return existing, False
        _check_pointer(campaign, round, step, "give orders for")
        _require_open(campaign, "give orders")
        command = OrderCommand(civ_id=civ_id, step_key=step, kind=kind, payload=payload)
        try:
            validate_order(command, _world(campaign))
        except OrderProblem as problem:
            raise ServiceError(problem.message, field=problem.field) from None
        try:
            with transaction.atomic():
                order = Order.objects.create(
                    campaign=campaign, civilization_id=civ_id, round=round, step_index=campaign.step_index,
                    kind=kind, payload=payload, idempotency_key=idempotency_key,
                )
        except IntegrityError:  # the same key raced in from another request
            return Order.objects.get(civilization_id=civ_id, idempotency_key=idempotency_key), False
        _append_events(campaign, [engine_events.Event(
            "OrderAccepted", {"order_id": order.pk, "kind": kind, "step": step}, CIV, civ_id)], user)
    return order, True


def order_withdraw(user: User, campaign_id: int, *, order_id: int) -> None:
    """Take back one of the civilization's orders while its step is still open (to change it, send a new one)."""
    with transaction.atomic():
        campaign = _locked_campaign(campaign_id)
        civ_id = _require_player(viewer_for(user, campaign))
        order = Order.objects.filter(pk=order_id, campaign=campaign, civilization_id=civ_id).first()
        if order is None:
            raise NotFound("You have no such order.")
        if (order.round, order.step_index) != (campaign.round, campaign.step_index):
            raise Conflict("That order's step is over; it can no longer be changed.")
        _require_open(campaign, "change orders")
        order.delete()
        _append_events(campaign, [engine_events.Event(
            "OrderWithdrawn", {"order_id": order_id, "kind": order.kind}, CIV, civ_id)], user)


def ready_mark(user: User, campaign_id: int, *, round: int, step: str) -> None:
    with transaction.atomic():
        campaign = _locked_campaign(campaign_id)
        civ_id = _require_player(viewer_for(user, campaign))
        _check_pointer(campaign, round, step, "mark ready for")
        _require_open(campaign, "mark ready")
        _, created = Readiness.objects.get_or_create(
            civilization_id=civ_id, round=campaign.round, step_index=campaign.step_index
        )
        if created:
            # Only the GM (and the player themself) learn who is ready; other players do not.
            _append_events(campaign, [engine_events.Event("CivilizationReady", {"civ_id": civ_id, "step": step},
                                                          CIV, civ_id)], user)


# --- GM rulings ------------------------------------------------------------------------------------------------------

def ruling_post(gm: User, campaign_id: int, *, civ_id: int | None, text: str) -> Event:
    """A GM's free-text ruling, to one civilization or to everyone (how the rules' TODO steps are played)."""
    text = text.strip()
    if not text:
        raise ServiceError("Write the ruling.", field="text")
    with transaction.atomic():
        campaign = _locked_campaign(campaign_id)
        _require_gm(viewer_for(gm, campaign))
        if civ_id is not None and not Civilization.objects.filter(campaign=campaign, pk=civ_id).exists():
            raise ServiceError("That civilization is not in this campaign.", field="civ_id")
        payload = {"text": text, "step": campaign.step.key}
        event = engine_events.Event("GmRuling", payload, CIV, civ_id) if civ_id else engine_events.Event(
            "GmRuling", payload, PUBLIC)
        (row,) = _append_events(campaign, [event], gm)
    return row


# --- the step pipeline -------------------------------------------------------------------------------------------

def step_advance(gm: User, campaign_id: int, *, expected_round: int, expected_step: str) -> StepResolution:
    """Close the open step and have a worker resolve it. A stale or repeated Advance changes nothing."""
    with transaction.atomic():
        campaign = _locked_campaign(campaign_id)
        _require_gm(viewer_for(gm, campaign))
        _check_pointer(campaign, expected_round, expected_step, "advance")
        _require_open(campaign, "advance")
        resolution, _ = StepResolution.objects.get_or_create(
            campaign=campaign, round=campaign.round, step_index=campaign.step_index
        )
        resolution.status = StepResolution.Status.QUEUED
        resolution.error = ""
        resolution.queued_at = timezone.now()
        resolution.started_at = None
        resolution.save(update_fields=["status", "error", "queued_at", "started_at"])
        campaign.status = Campaign.Status.RESOLVING
        campaign.failure = ""
        campaign.save(update_fields=["status", "failure"])
        _append_events(campaign, [engine_events.Event(
            "StepClosed", {"round": campaign.round, "step": campaign.step.key, "label": campaign.step.label},
            PUBLIC)], gm)
        transaction.on_commit(partial(_enqueue_resolution, campaign.pk, campaign.round, campaign.step_index),
                              robust=True)
    return resolution


def _enqueue_resolution(campaign_id: int, round: int, step_index: int) -> None:
    from game.tasks import resolve_step_task

    resolve_step_task.delay(campaign_id, round, step_index)


def step_resolve(campaign_id: int, round: int, step_index: int) -> bool:
    """Resolve a closed step exactly once. Returns False when there was nothing to do (already resolved, or the
    campaign moved on), so a task delivered twice, or re-run after a crash, is harmless."""
    from combat import services as combat_services  # combat.services imports this module

    with transaction.atomic():
        campaign = _locked_campaign(campaign_id)
        resolution = StepResolution.objects.filter(campaign=campaign, round=round, step_index=step_index).first()
        if resolution is None or resolution.status == StepResolution.Status.DONE or campaign.pointer != Pointer(
            round, step_index
        ):
            return False
        resolution.status = StepResolution.Status.RUNNING
        resolution.attempts += 1
        resolution.started_at = timezone.now()
        resolution.save(update_fields=["status", "attempts", "started_at"])
    realtime.publish_progress(campaign_id, {"round": round, "step": ALL_STEPS[step_index].key, "state": "running"})
    try:
        with transaction.atomic():
            campaign = _locked_campaign(campaign_id)
            resolution = StepResolution.objects.select_for_update().get(pk=resolution.pk)
            if resolution.status == StepResolution.Status.DONE or campaign.pointer != Pointer(round, step_index):
                return False
            step_input = _step_input(campaign)
            events = resolve_step(step_input, SeededDice(step_seed(campaign.seed, round, campaign.step.key)))
            _append_events(campaign, events)
            combat_services.battles_record(campaign, events)
            campaign.world = world_to_dict(apply_events(step_input.world, events))
            next_pointer = campaign.pointer.next()
            campaign.round, campaign.step_index = next_pointer.round, next_pointer.step_index
            campaign.status = Campaign.Status.OPEN
            campaign.save(update_fields=["round", "step_index", "status", "world"])
            resolution.status = StepResolution.Status.DONE
            resolution.finished_at = timezone.now()
            resolution.save(update_fields=["status", "finished_at"])
            _append_events(campaign, [engine_events.Event(
                "StepOpened",
                {"round": campaign.round, "date": str(campaign.date), "phase": campaign.step.phase.value,
                 "step": campaign.step.key, "label": campaign.step.label},
                PUBLIC)])
        return True
    except Exception as error:
        step_fail(campaign_id, round, step_index, error)
        raise


def step_fail(campaign_id: int, round: int, step_index: int, error: BaseException) -> None:
    """Record why a resolution failed, for the GM; the campaign stays at the step it was resolving."""
    reason = f"{type(error).__name__}: {error}"
    logger.exception("Resolving campaign %s round %s step %s failed", campaign_id, round, step_index)
    with transaction.atomic():
        campaign = _locked_campaign(campaign_id)
        StepResolution.objects.filter(campaign=campaign, round=round, step_index=step_index).exclude(
            status=StepResolution.Status.DONE
        ).update(status=StepResolution.Status.FAILED, error=reason, finished_at=timezone.now())
        if (campaign.round, campaign.step_index) == (round, step_index):
            campaign.status = Campaign.Status.FAILED
            campaign.failure = reason
            campaign.save(update_fields=["status", "failure"])
            _append_events(campaign, [engine_events.Event(
                "ResolutionFailed", {"step": campaign.step.key, "reason": reason}, GM)])


def _world(campaign: Campaign) -> World:
    return world_from_dict(campaign.world) if campaign.world else World()


def _step_input(campaign: Campaign) -> StepInput:
    from combat import services as combat_services  # combat.services imports this module

    orders = Order.objects.filter(campaign=campaign, round=campaign.round, step_index=campaign.step_index)
    return StepInput(
        world=_world(campaign),
        combat_system=combat_services.campaign_combat_system(campaign),  # the default, or the GM's per skirmish
        pointer=campaign.pointer,
        date=campaign.date,
        civ_ids=tuple(Civilization.objects.filter(campaign=campaign).order_by("pk").values_list("pk", flat=True)),
        orders=tuple(
            OrderCommand(civ_id=o.civilization_id, step_key=campaign.step.key, kind=o.kind, payload=o.payload)
            for o in orders.order_by("pk")
        ),
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
        _enqueue_resolution(resolution.campaign_id, resolution.round, resolution.step_index)
        requeued.append(resolution.pk)
    return requeued


def random_seed() -> str:
    """A seed for a campaign whose GM asked for "random"; it is stored, so every result stays reproducible."""
    return secrets.token_hex(8)
