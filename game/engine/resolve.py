"""The step pipeline: resolve one step of the round for every civilization, in order, and say what happened.

A resolver reads the world before the step and returns events; `apply.apply_events(world, events)` is the
world after it. `resolve_step` does not apply them: the caller stores the events and the new state together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.combat import CombatSystem, CombatUnit, bulwark_rating
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.orders import OrderCommand
from game.engine.phases import GalacticDate, Pointer, Step
from game.engine.world import World


@dataclass(frozen=True)
class StepInput:
    pointer: Pointer
    date: GalacticDate
    civ_ids: tuple[int, ...]
    orders: tuple[OrderCommand, ...] = field(default=())
    world: World = field(default_factory=World)
    combat_system: CombatSystem | None = (
        None  # the campaign's choice; needed by Exterminate 4 when there is a fight
    )
    # Exterminate 5: junk is 25% of a wreck's bulwark; the combat engine's `bulwark_rating` is handed in here.
    bulwark: Callable[[CombatUnit], float] = bulwark_rating

    @property
    def step(self) -> Step:
        return self.pointer.step


StepResolver = Callable[[StepInput, Dice], list[Event]]

# Step key -> the function that resolves it. A step with no function (the GM_RULING slots) only records that
# it was resolved, so the round still advances in the rules' order while its rule module is missing.
RESOLVERS: dict[str, StepResolver] = {}


def resolve_step(step_input: StepInput, dice: Dice) -> list[Event]:
    step = step_input.step
    resolver = RESOLVERS.get(step.key)
    events = resolver(step_input, dice) if resolver else []
    events.extend(Event("DiceRolled", roll.as_payload(), Visibility.GM) for roll in dice.rolls)
    events.append(
        Event(
            "StepResolved",
            {
                "round": step_input.pointer.round,
                "step": step.key,
                "label": step.label,
                "orders": len(step_input.orders),
            },
            Visibility.PUBLIC,
        )
    )
    return events


def _register_steps() -> None:
    from game.engine.steps import STEP_FUNCTIONS

    RESOLVERS.update(STEP_FUNCTIONS)


_register_steps()
