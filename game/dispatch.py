"""The one way a service hands work to a Celery worker: by the task's name, once the transaction has committed.
Services never import tasks (tasks import services); a task is looked up in the Celery app's registry when it
is enqueued, so on the embedded default (`task_always_eager`) it runs in this process, and on a broker a worker
runs it."""

from __future__ import annotations

from typing import Any

from celery import current_app
from django.db import transaction

# The tasks services enqueue, by the names they are registered under (game.tasks, combat.tasks).
RESOLVE_STEP = "game.tasks.resolve_step"
SWEEP_STUCK_RESOLUTIONS = "game.tasks.sweep_stuck_resolutions"
STEP_OPENED = "game.tasks.step_opened"
BOTS_PLAY = "game.tasks.bots_play"
STEP_CLOCK = "game.tasks.step_clock"
SEND_NOTICE = "game.tasks.send_notice"
DEADLINES_PASS = "game.tasks.deadlines_pass"
STEP_READY = "game.tasks.step_ready"
ODDS_RUN = "combat.tasks.odds_run"
BATTLE_CHOICES_EXPIRE = "combat.tasks.battle_choices_expire"
LIVE_BATTLES_EXPIRE = "combat.tasks.live_battles_expire"


def enqueue_after_commit(task_name: str, *args: Any) -> None:
    """Enqueue the task once the transaction commits (at once outside one). A rolled-back write enqueues nothing;
    a task that fails to enqueue or, run eagerly, fails, is logged and never undoes the write: the sweep
    (`game.tasks.sweep_stuck_resolutions`) enqueues what is left waiting."""
    def enqueue_on_commit() -> None:  # named: Django names a robust callback that raised in its log line
        enqueue(task_name, *args)

    transaction.on_commit(enqueue_on_commit, robust=True)


def enqueue(task_name: str, *args: Any) -> None:
    # `send_task` would ignore `task_always_eager`; the registered task's `apply_async` honours it. The apps'
    # tasks modules register on first use (Celery's autodiscovery runs when the default modules are imported).
    if task_name not in current_app.tasks:
        current_app.loader.import_default_modules()
    current_app.tasks[task_name].apply_async(args=args)
