"""Run a scenario file through the rules and print the resulting state and event log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from game import services
from game.errors import ServiceError


class Command(BaseCommand):
    help = "cv_scenario run FILE [--seed N] [--through ROUND.PHASE.STEP] [--json]"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["run"])
        parser.add_argument("file", type=Path)
        parser.add_argument("--seed", help="Seed for the dice when the scenario scripts none.")
        parser.add_argument("--through", help="Stop after this step, e.g. 1.expand.8 (default: the last).")
        parser.add_argument("--json", action="store_true", help="Print the state and the event log as JSON.")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            played = services.scenario_play(path.read_text(), seed=options["seed"], through=options["through"])
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.", returncode=2) from None
        except (ServiceError, UnicodeDecodeError) as error:
            # A file the command cannot play is a usage error (2): one plain line, no traceback.
            raise CommandError(f"{path}: {getattr(error, 'message', error)}", returncode=2) from None
        failures = played["expectations_failed"]
        if options["json"]:
            self.stdout.write(json.dumps(played, indent=1))
        else:
            state = played["state"]
            self.stdout.write(f"{played['title']}: {len(played['events'])} events, "
                              f"{len(state['units'])} units, {len(state['civs'])} civilizations.")
            for failure in failures:
                self.stdout.write(f"  expectation failed: {failure}")
        if failures:
            raise CommandError(f"{len(failures)} expectation(s) not met.")
