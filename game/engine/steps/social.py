"""Exploit 1 with the Alpha Centauri social factors module: social engineering (game.engine.social)."""

from __future__ import annotations

from game.engine import council, factions, social
from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.orders import OrderCommand
from game.engine.orders.prices import order_price
from game.engine.rule_module import OrderHandler
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ
from game.engine.world import World


def _engineer(order: OrderCommand, world: World) -> list[Event]:
    key = order.payload["choice"]
    cards = social.after_playing(social.in_play(world, order.civ_id), key)
    return [to_civ(order.civ_id, "SocialEngineered", {
        "civ_id": order.civ_id, "choice": key, "name": social.CHOICES_BY_KEY[key].name,
        "mu": order_price(world, order).mu,
        "cards": list(cards)})]


def _bid(order: OrderCommand, world: World) -> list[Event]:
    return [to_civ(order.civ_id, "CouncilBidPaid", {"civ_id": order.civ_id, "mu": order_price(world, order).mu})]


def _extra_cards(world: World) -> list[Event]:
    """The Peacekeepers "draw an extra card once per turn": its draw price in MU (game.engine.factions)."""
    return [to_civ(c, "FactionCardDrawn", {"civ_id": c, "faction": factions.FACTIONS_BY_KEY[civ.faction].name,
                                           "mu": factions.card_draw_mu(civ.faction)})
            for c, civ in sorted(world.civs.items()) if factions.card_draw_mu(civ.faction)]


def exploit_1_social_engineering(step_input: StepInput, dice: Dice) -> list[Event]:
    """1. Optional: TODO Population morale update/manipulation goes here… — filled by the social factors module
    (each civilization may play one Social Engineering card, Alpha Centauri's Social Engineering Phase), the
    factions (the Peacekeepers' extra card of the turn) and the Council module (in a round the Council meets, the
    secret bids are paid and the Planetary Governor elected)."""
    world = step_input.world
    meeting = council.meets(world, step_input.pointer.round)
    handlers: dict[str, OrderHandler] = {}
    if world.options.social:
        handlers["SocialEngineering"] = _engineer
    if meeting:
        handlers["CouncilBid"] = _bid
    events = _extra_cards(world) + run_orders(step_input, handlers)
    if world.options.council_every and not meeting:
        events += [to_civ(o.civ_id, "OrderRejected", {
            "kind": o.kind, "payload": dict(o.payload), "field": "kind",
            "reason": f"the Council does not meet this round (it meets every {world.options.council_every})."})
            for o in step_input.orders if o.kind == "CouncilBid" and o.step_key == step_input.step.key]
    if not meeting:
        return events
    after = apply_events(world, events)
    bids = {e.payload["civ_id"]: e.payload["mu"] for e in events if e.type == "CouncilBidPaid"}
    table = council.tallies(after, bids)
    if not table:
        return events
    winner = table[0].civ_id
    terms = after.governor_terms + 1 if winner == after.governor else 1
    events.append(Event("CouncilVoted", {
        "round": step_input.pointer.round, "governor": winner,
        "tallies": [{"civ_id": t.civ_id, "votes": t.votes, "reasons": list(t.reasons)} for t in table]},
        Visibility.PUBLIC))
    events.append(Event("GovernorElected", {"governor": winner, "terms": terms}, Visibility.PUBLIC))
    return events
