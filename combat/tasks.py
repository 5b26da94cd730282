from __future__ import annotations

from celery import shared_task

from combat import services


@shared_task(name="combat.tasks.odds_run")
def odds_run_task(run_id: int) -> str:
    return str(services.odds_run(run_id).status)


@shared_task(name="combat.tasks.battle_choices_expire")
def battle_choices_expire_task() -> list[int]:
    return services.battle_choices_expire()
