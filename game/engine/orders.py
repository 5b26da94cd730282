"""Orders are commands a player gives for one step; each kind says in which steps it is legal and checks itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine.phases import StepKind, step_by_key


class OrderProblem(ValueError):
    """An order that cannot be accepted, with the field at fault, in words a player can act on."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message


@dataclass(frozen=True)
class OrderCommand:
    civ_id: int
    step_key: str
    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)


Validator = Callable[[OrderCommand], None]


@dataclass(frozen=True)
class OrderKind:
    name: str
    steps: frozenset[str]  # the step keys in which this order is legal
    validate: Validator


def _orders_steps() -> frozenset[str]:
    from game.engine.phases import ALL_STEPS

    return frozenset(step.key for step in ALL_STEPS if step.kind is StepKind.ORDERS)


def _validate_declaration(order: OrderCommand) -> None:
    text = order.payload.get("text")
    if not isinstance(text, str) or not text.strip():
        raise OrderProblem("payload.text", "write what your civilization does in this step.")
    if len(text) > 4000:
        raise OrderProblem("payload.text", "keep a declaration under 4,000 characters.")


# A free-text declaration to the GM, legal in every step that takes orders: how a hand-refereed game gives orders,
# and the fallback for any choice the structured order kinds do not cover yet.
ORDER_KINDS: dict[str, OrderKind] = {
    "Declare": OrderKind("Declare", _orders_steps(), _validate_declaration),
}


def register_order_kind(kind: OrderKind) -> None:
    if kind.name in ORDER_KINDS:
        raise ValueError(f"Order kind {kind.name} is registered twice.")
    ORDER_KINDS[kind.name] = kind


def validate_order(order: OrderCommand) -> None:
    """Raise `OrderProblem` naming the field if the order is not legal in its step; return quietly if it is."""
    step = step_by_key(order.step_key)
    kind = ORDER_KINDS.get(order.kind)
    if kind is None:
        known = ", ".join(sorted(ORDER_KINDS))
        raise OrderProblem("kind", f"unknown order {order.kind!r}; the orders are: {known}.")
    if step.key not in kind.steps:
        raise OrderProblem("kind", f"{order.kind} cannot be ordered in {step.label}.")
    kind.validate(order)
