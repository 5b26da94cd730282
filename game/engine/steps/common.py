"""What the step functions share: running the orders of a step one by one against the world as it changes."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from game.engine.apply import RunningWorld
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.orders import OrderProblem, validate_order
from game.engine.rule_module import OrderHandler, module_order_handlers
from game.engine.step_input import StepInput
from game.engine.world import World

# While set (`orders_left`), each `run_orders` adds the world as its orders left it: what a player's next order
# of the step would be checked against, before the step's own work after the orders (moves, combat, ...).
_ORDERS_LEFT: ContextVar[list[World] | None] = ContextVar("orders_left", default=None)


@contextmanager
def orders_left() -> Iterator[list[World]]:
    """Note, while in the block, the world each `run_orders` leaves (the last is the step's orders' last)."""
    worlds: list[World] = []
    token = _ORDERS_LEFT.set(worlds)
    try:
        yield worlds
    finally:
        _ORDERS_LEFT.reset(token)


def to_civ(civ_id: int, event_type: str, payload: dict[str, Any]) -> Event:
    return Event(event_type, payload, Visibility.CIV, civ_id)


def to_civs(
    civ_ids: set[int] | list[int] | tuple[int, ...], event_type: str, payload: dict[str, Any]
) -> Event:
    """An event several civilizations see: GM visibility, with the civilizations named in `seen_by`."""
    return Event(event_type, {**payload, "seen_by": sorted(set(civ_ids))}, Visibility.GM)


def run_orders(step_input: StepInput, handlers: Mapping[str, OrderHandler], dice: Dice | None = None) -> list[Event]:
    """Each order of this step, in the order given, checked against the world as the orders before it left it.

    A rejected order changes nothing and tells its civilization why. Free-text `Declare` orders are for the
    GM. The rule modules' orders of the step (`game.modules`) run among them, in the order given; a step whose
    module orders roll dice (`ModuleOrder.carry_out_in_step`) passes its `dice`; a handler the caller gives for a
    module's kind is the one used.
    """
    running = RunningWorld(step_input.world)
    events: list[Event] = []
    handlers = {**module_order_handlers(step_input, dice), **handlers}
    for order in step_input.orders:
        handler = handlers.get(order.kind)
        if handler is None or order.step_key != step_input.step.key:
            continue
        try:
            validate_order(order, running.world)
        except OrderProblem as problem:
            events.append(
                to_civ(
                    order.civ_id,
                    "OrderRejected",
                    {
                        "kind": order.kind,
                        "payload": dict(order.payload),
                        "field": problem.field,
                        "reason": problem.message,
                    },
                )
            )
            continue
        produced = handler(order, running.world)
        events.extend(produced)
        running.apply(produced)
    noted = _ORDERS_LEFT.get()
    if noted is not None:
        noted.append(running.world)
    return events
