"""What an order would cost and the odds it would be rolled with, asked by the order form before it is sent: the
engine's `order_price` and `order_odds`, the functions the step that carries the order out charges and rolls with,
so the figure a player reads is the one charged (issue 36)."""

from __future__ import annotations

from typing import Any

from game import state_io
from game.engine.orders import OrderCommand, OrderProblem, order_kinds, validate_order
from game.engine.orders.prices import order_odds, order_price
from game.errors import Forbidden, ServiceError
from game.models import Campaign
from game.visibility import Viewer


def order_quote(viewer: Viewer, campaign: Campaign, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The price of the order as given (`cost`: MU paid when it is carried out, Build Points and Ore as the work
    goes on, `mu_each_round` paid at each research roll), what the treasury holds, and the odds of its roll; refused
    (400, naming the field) as the order itself would be."""
    if not viewer.is_player or viewer.civ_id is None:
        raise Forbidden("Only a player prices orders for their civilization.")
    order_kind = order_kinds().get(kind)
    if order_kind is None:
        raise ServiceError(f"There is no order {kind!r}.", field="kind")
    step_key = campaign.step.key if campaign.step.key in order_kind.steps else min(order_kind.steps)
    command = OrderCommand(viewer.civ_id, step_key, kind, payload)
    world = state_io.load_world(campaign)
    if viewer.civ_id not in world.civs:
        raise ServiceError("Your civilization has no place in the world yet: orders are priced once the campaign "
                           "has started.", field="kind")
    try:
        validate_order(command, world)
    except OrderProblem as problem:
        raise ServiceError(problem.message, field=problem.field) from None
    return {"kind": kind, "cost": order_price(world, command).as_dict(), "have": {"mu": world.civs[viewer.civ_id].mu},
            "odds": order_odds(world, command)}
