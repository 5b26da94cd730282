"""Celery tasks: each calls one service. Services enqueue them by name (game.dispatch), never by import."""

from __future__ import annotations

from celery import Task, shared_task
from django.conf import settings

from game import dispatch, services
from game.bots.client import BotClient, in_process
from game.bots.play import play_turn
from game.services import bots, deadlines, flow

# A step a worker resolves within this many seconds reaches browsers as one frame with its closing; a longer one
# pushes the closing first, so pages show that it is being resolved.
CLOSING_ANNOUNCED_AFTER = 0.3


@shared_task(bind=True, name=dispatch.RESOLVE_STEP)
def resolve_step_task(self: Task[..., bool], campaign_id: int, round: int, step_index: int) -> bool:
    # In-process (the embedded default) the press waits for the outcome anyway: nothing to announce.
    announce_after = None if self.request.is_eager else CLOSING_ANNOUNCED_AFTER
    return services.step_resolve(campaign_id, round, step_index, announce_after=announce_after)


@shared_task(name=dispatch.SWEEP_STUCK_RESOLUTIONS)
def sweep_stuck_resolutions() -> list[int]:
    return services.stuck_resolutions_requeue(settings.CV_RESOLUTION_STUCK_SECONDS)


@shared_task(name=dispatch.STEP_CLOCK)
def step_clock_task(campaign_id: int, round: int, step_index: int) -> None:
    deadlines.clock_open(campaign_id, round, step_index)


@shared_task(name=dispatch.DEADLINES_PASS)
def deadlines_pass_task() -> list[int]:
    return deadlines.deadlines_pass()


@shared_task(name=dispatch.SEND_NOTICE)
def send_notice_task(user_id: int, subject: str, body: str) -> int:
    return deadlines.notice_send(user_id, subject, body)


@shared_task(name=dispatch.STEP_OPENED)
def step_opened_task(campaign_id: int, round: int, step_index: int) -> None:
    flow.step_opened(campaign_id, round, step_index)


@shared_task(name=dispatch.STEP_READY)
def step_ready_task(campaign_id: int, round: int, step_index: int) -> None:
    flow.step_ready(campaign_id, round, step_index)


@shared_task(name=dispatch.BOTS_PLAY)
def bots_play_task(campaign_id: int, round: int, step_index: int) -> int:
    """Every seat a bot holds plays the open step, through the API with the bot's own token; returns the orders
    given."""
    return sum(play_turn(BotClient(in_process(seat.token), campaign_id), seat.seed).orders
               for seat in bots.bot_seats(campaign_id, round, step_index))
