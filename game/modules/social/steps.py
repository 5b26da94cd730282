"""The social factors module's part of the round (game.engine.social holds the rules): Exploit 1's Social
Engineering orders, run among the step's orders while the module is on."""

from __future__ import annotations

from game.engine import social
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.orders.prices import order_price
from game.engine.rule_module import OrderHandler
from game.engine.step_input import StepInput
from game.engine.steps.common import to_civ
from game.engine.world import World


def _engineer(order: OrderCommand, world: World) -> list[Event]:
    key = order.payload["choice"]
    cards = social.after_playing(social.in_play(world, order.civ_id), key)
    return [to_civ(order.civ_id, "SocialEngineered", {
        "civ_id": order.civ_id, "choice": key, "name": social.CHOICES_BY_KEY[key].name,
        "mu": order_price(world, order).mu,
        "cards": list(cards)})]


def engineering(step_input: StepInput, dice: Dice) -> OrderHandler | None:
    """Exploit 1: a Social Engineering card played while the module is on; with it off the step passes over it."""
    return _engineer if step_input.world.options.social else None
