"""Exploit 1 — the Alpha Centauri social factors module's order: play a Social Engineering card (game.engine.social).
Refused naming the field: the module off, a card already in play, a treasury short of the upheaval, or the card the
civilization's faction may not play (while the factions' restrictions apply)."""

from __future__ import annotations

from game.engine import factions, rule_module, social
from game.engine.factions import FACTIONS_BY_KEY
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderProblem
from game.engine.world import World

SOCIAL_CHOICES = tuple(Choice(c.key, f"{c.name} ({c.kind}: {c.effect_text})") for c in social.CHOICES)


def _barred(world: World, faction: str) -> str | None:
    """The card the faction may not play, while the factions module's restrictions apply (None: every card)."""
    return social.forbidden_choice(faction) if rule_module.rule_value(world.options, factions.SOCIAL_CHOICE_BARRED,
                                                                      False) else None


def check_social_engineering(order: OrderCommand, world: World) -> None:
    if not world.options.social:
        raise OrderProblem("kind", "social engineering is not part of this campaign (the module is off).")
    key = order.payload["choice"]
    civ = world.civs[order.civ_id]
    if key == _barred(world, civ.faction):
        faction = FACTIONS_BY_KEY[civ.faction]
        raise OrderProblem("payload.choice", f"the {faction.name} may not play {social.CHOICES_BY_KEY[key].name}.")
    if key in social.in_play(world, order.civ_id):
        raise OrderProblem("payload.choice", f"{social.CHOICES_BY_KEY[key].name} is already in play.")
    if civ.mu < social.UPHEAVAL_MU:
        raise OrderProblem("payload.choice", f"the upheaval costs {social.UPHEAVAL_MU} MU; you have {civ.mu}.")


def offer_social_engineering(world: World, civ_id: int) -> list[Offer]:
    if not world.options.social:
        return []
    civ = world.civs[civ_id]
    barred = _barred(world, civ.faction)
    playing = social.in_play(world, civ_id)
    choices = tuple(Choice(c.value, c.label, {"mu": social.UPHEAVAL_MU}) for c in SOCIAL_CHOICES
                    if c.value != barred and c.value not in playing)
    return [Offer(choices={"choice": choices}, have={"mu": civ.mu})]
