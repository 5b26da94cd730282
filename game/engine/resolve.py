"""The step pipeline: resolve one step of the round for every civilization, in order, and say what happened.

A resolver reads the world before the step and returns events; `apply.apply_events(world, events)` is the
world after it. `resolve_step` does not apply them: the caller stores the events and the new state together.
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.rule_module import rule_modules
from game.engine.step_input import StepInput
from game.engine.steps import STEP_FUNCTIONS
from game.engine.steps.common import orders_left
from game.engine.world import World


def resolve_step(step_input: StepInput, dice: Dice) -> list[Event]:
    step = step_input.step
    # A step with no function (the GM_RULING slots) only records that it was resolved, so the round still
    # advances in the rules' order while its rule module is missing. The rule modules the campaign plays add
    # their work before or after the step's own (`game.engine.rule_module.StepHook`; a hook `also_when_off`
    # runs in a campaign that has its module off too).
    resolver = STEP_FUNCTIONS.get(step.key)
    options = step_input.world.options
    events = [event for module in rule_modules() for hook in module.hooks_at(step.key, "before", options)
              for event in hook.run(step_input, dice)]
    events.extend(resolver(step_input, dice) if resolver else [])
    for module in rule_modules():  # each hook after the step sees the step's events before it (`step_events`)
        for hook in module.hooks_at(step.key, "after", options):
            events.extend(hook.run(replace(step_input, step_events=tuple(events)), dice))
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



def resolve_orders(step_input: StepInput, dice: Dice) -> tuple[list[Event], World]:
    """`resolve_step`, and the world as the step's orders leave it (the step's world when it runs none): what
    one more order of the step would be checked against. A dry run of a civilization's pending orders answers
    what it may still order (`legal_orders`) and whether a new order would be refused when the step resolves."""
    with orders_left() as worlds:
        events = resolve_step(step_input, dice)
    return events, worlds[-1] if worlds else step_input.world
