"""Run a scenario file through the rules and print the resulting state and event log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from django.core.management.base import BaseCommand, CommandError, CommandParser

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.scenario import (
    ScenarioProblem,
    expectation_failures,
    parse_pointer,
    parse_scenario,
    run_scenario,
)
from game.engine.world import world_to_dict


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
            scenario = parse_scenario(yaml.safe_load(path.read_text()), COMBAT_SYSTEMS)
            through = parse_pointer(options["through"]) if options["through"] else None
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        except yaml.YAMLError as error:
            raise CommandError(f"{path} is not valid YAML: {error}") from None
        except ScenarioProblem as problem:
            raise CommandError(f"{path}: {problem}") from None
        run = run_scenario(scenario, through=through, seed=options["seed"])
        failures = expectation_failures(scenario, run.final) if through is None else []
        if options["json"]:
            self.stdout.write(json.dumps({
                "title": scenario.title,
                "state": world_to_dict(run.final),
                "events": [
                    {"round": pointer.round, "step": pointer.step.key, "type": event.type,
                     "payload": event.payload, "visibility": event.visibility.value, "civ_id": event.civ_id}
                    for pointer, event in run.log
                ],
                "expectations_failed": failures,
            }, indent=1))
        else:
            self.stdout.write(f"{scenario.title}: {len(run.log)} events, "
                              f"{len(run.final.units)} units, {len(run.final.civs)} civilizations.")
            for failure in failures:
                self.stdout.write(f"  expectation failed: {failure}")
        if failures:
            raise CommandError(f"{len(failures)} expectation(s) not met.")
