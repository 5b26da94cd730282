"""Celery tasks: each calls one service. Services enqueue them by name (game.dispatch), never by import."""

from __future__ import annotations

from celery import shared_task

from combat import services
from game import dispatch


@shared_task(name=dispatch.ODDS_RUN)
def odds_run_task(run_id: int) -> str:
    return str(services.odds_run(run_id).status)


@shared_task(name=dispatch.BATTLE_CHOICES_EXPIRE)
def battle_choices_expire_task() -> list[int]:
    return services.battle_choices_expire()


@shared_task(name=dispatch.LIVE_BATTLES_EXPIRE)
def live_battles_expire_task() -> list[int]:
    return services.live_battles_expire()
