"""What an order costs and the odds it is rolled with, one function per priced kind: the step that carries the
order out charges `order_price(...).mu`, and the form a player fills in shows the same quote (the order-price read),
so the price shown is the price charged (issue 36).

`mu` is paid when the step carries the order out; `bp` and `ore` are spent as the work goes on (Expand 8);
`mu_each_round` is a research project's funding, paid as each round's roll is made (the research module's
Explore 3). A rule module prices its own kinds (`ModuleOrder.price`); a kind priced nowhere costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine import rule_module, yards
from game.engine.designer import Price, mine_price, unit_price
from game.engine.orders.model import OrderCommand, OrderPrice
from game.engine.world import World, colonization_price, terraforming_price


def _of(price: Price) -> OrderPrice:
    return OrderPrice(price.mu, price.build_points, price.ore)


def _construction(world: World, order: OrderCommand) -> OrderPrice:
    design = world.designs[order.payload["design_id"]]
    return _of(yards.crash_price(unit_price(design), order.payload.get("crash") or ""))


PRICES: dict[str, Callable[[World, OrderCommand], OrderPrice]] = {
    "Colonize": lambda w, o: _of(colonization_price(w, o.civ_id, o.payload["planet_id"])),
    "StartConstruction": _construction,
    "BuildMine": lambda w, o: _of(mine_price(o.payload["stations"])),
    "StartTerraforming": lambda w, o: _of(terraforming_price(w.planets[o.payload["planet_id"]])),
    "Gift": lambda w, o: OrderPrice(o.payload.get("mu") or 0, ore=o.payload.get("ore") or 0),  # Ore from the hold
}


def order_price(world: World, order: OrderCommand) -> OrderPrice:
    """What the order costs its civilization when its step carries it out (the order has passed its checks)."""
    price = PRICES.get(order.kind) or rule_module.module_prices().get(order.kind)
    return price(world, order) if price is not None else OrderPrice()


def order_odds(world: World, order: OrderCommand) -> dict[str, Any] | None:
    """The odds the order's roll is made with, by the function its resolution uses: a rule module's kind's by the
    module's own (`ModuleOrder.odds`: a mission's, a Cluster War research project's next roll at the funding
    given); None for an order nothing is rolled for."""
    odds = rule_module.module_odds().get(order.kind)
    return odds(world, order) if odds is not None else None
