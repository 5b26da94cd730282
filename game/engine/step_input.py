"""What a step function reads: the step, the date, the civilizations, their orders and the world before the step.

Its own module so that the step functions (which take it) and the pipeline (which calls them) both import it
and neither imports the other's caller: `resolve` -> `steps` -> `step_input`, one direction only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.combat import CombatSystem, CombatUnit, bulwark_rating
from game.engine.dice import Dice
from game.engine.events import Event
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
    # For a rule module's hook after the step (`rule_module.StepHook`): the step's events before it, the core step's
    # own and earlier hooks', so it can build on what the step did (the Council counts the votes once the step's
    # social engineering and bids are in). Empty for the step function and the hooks before it.
    step_events: tuple[Event, ...] = ()

    @property
    def step(self) -> Step:
        return self.pointer.step


StepResolver = Callable[[StepInput, Dice], list[Event]]
