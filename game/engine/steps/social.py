"""Exploit 1 with the Alpha Centauri social factors module: social engineering (game.engine.social)."""

from __future__ import annotations

from game.engine import social
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ
from game.engine.world import World


def _engineer(order: OrderCommand, world: World) -> list[Event]:
    key = order.payload["choice"]
    cards = social.after_playing(social.in_play(world, order.civ_id), key)
    return [to_civ(order.civ_id, "SocialEngineered", {
        "civ_id": order.civ_id, "choice": key, "name": social.CHOICES_BY_KEY[key].name, "mu": social.UPHEAVAL_MU,
        "cards": list(cards)})]


def exploit_1_social_engineering(step_input: StepInput, dice: Dice) -> list[Event]:
    """1. Optional: TODO Population morale update/manipulation goes here… — filled by the social factors module:
    each civilization may play one Social Engineering card (Alpha Centauri's Social Engineering Phase)."""
    if not step_input.world.options.social:
        return []
    return run_orders(step_input, {"SocialEngineering": _engineer})
