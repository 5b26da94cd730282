from __future__ import annotations

from celery import shared_task

from combat import services


@shared_task(name="combat.tasks.odds_run")
def odds_run_task(run_id: int) -> str:
    return str(services.odds_run(run_id).status)
