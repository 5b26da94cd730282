"""Orders are commands a player gives for one step. Each kind is declared once (`kinds.py`): its fields, the
steps that take it, its legality check (`checks.py`) and how the orders a civilization can give now are found
(`offers.py`); `registry.py` validates an order and lists the legal ones with their forms. Applying an order is
the job of the step functions (`game.engine.steps`).
"""

from game.engine.orders.model import (
    Choice,
    Field,
    FormField,
    LegalOrder,
    Offer,
    OrderCommand,
    OrderKind,
    OrderProblem,
)
from game.engine.orders.registry import OrderKindError, declare, legal_orders, order_kinds, validate_order

__all__ = [
    "Choice",
    "Field",
    "FormField",
    "LegalOrder",
    "Offer",
    "OrderCommand",
    "OrderKind",
    "OrderKindError",
    "OrderProblem",
    "declare",
    "legal_orders",
    "order_kinds",
    "validate_order",
]
