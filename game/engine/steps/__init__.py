"""One function per numbered step of the round, named after it, its docstring quoting the rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.steps import expand, exploit, explore, exterminate

if TYPE_CHECKING:
    from game.engine.resolve import StepInput

_PHASES = {"explore": explore, "exterminate": exterminate, "expand": expand, "exploit": exploit}


def _step_functions() -> dict[str, Callable[[StepInput, Dice], list[Event]]]:
    """Step key -> function, found by name: `explore_14_plot_a_course` resolves "explore.14"."""
    found: dict[str, Callable[[StepInput, Dice], list[Event]]] = {}
    for phase, module in _PHASES.items():
        for name, function in vars(module).items():
            parts = name.split("_")
            if parts[0] == phase and len(parts) > 2 and parts[1].isdigit() and callable(function):
                found[f"{phase}.{parts[1]}"] = function
    return found


STEP_FUNCTIONS = _step_functions()
