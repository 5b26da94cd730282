"""The Council module's part of the round (game.engine.council holds the rules; this module turns them into events):
Exploit 1's bids, run among the step's orders, and its hook after the step, which elects the Planetary Governor in a
round the Council meets; the Governor's powers in Explore 9, run among that step's orders; its hook before Explore
10, the Council's vote on the Governor's Proposal."""

from __future__ import annotations

from dataclasses import replace

from game.engine import council
from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.orders import OrderCommand
from game.engine.orders.prices import order_price
from game.engine.rule_module import OrderHandler
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ, to_civs
from game.engine.world import World
from game.modules.council.orders import meets


def _bid(order: OrderCommand, world: World) -> list[Event]:
    return [to_civ(order.civ_id, "CouncilBidPaid", {"civ_id": order.civ_id, "mu": order_price(world, order).mu})]


def bids(step_input: StepInput, dice: Dice) -> OrderHandler | None:
    """Exploit 1's bids are paid in a round the Council meets; in another the step passes over them (the hook after
    the step refuses them)."""
    return _bid if meets(step_input.world, step_input.pointer.round) else None


def election(step_input: StepInput, dice: Dice) -> list[Event]:
    """Exploit 1, after social engineering and the bids (the step's events): in a round the Council meets, the
    Planetary Governor is elected on the world they leave; in another, the bids given are refused."""
    world = step_input.world
    if not meets(world, step_input.pointer.round):
        return [to_civ(o.civ_id, "OrderRejected", {
            "kind": o.kind, "payload": dict(o.payload), "field": "kind",
            "reason": f"the Council does not meet this round (it meets every {world.options.council_every})."})
            for o in step_input.orders if o.kind == "CouncilBid" and o.step_key == step_input.step.key]
    events = list(step_input.step_events)
    after = apply_events(world, events)
    paid = {e.payload["civ_id"]: e.payload["mu"] for e in events if e.type == "CouncilBidPaid"}
    table = council.tallies(after, paid)
    if not table:
        return []
    winner = table[0].civ_id
    terms = after.governor_terms + 1 if winner == after.governor else 1
    return [Event("CouncilVoted", {
        "round": step_input.pointer.round, "governor": winner,
        "tallies": [{"civ_id": t.civ_id, "votes": t.votes, "reasons": list(t.reasons)} for t in table]},
        Visibility.PUBLIC),
        Event("GovernorElected", {"governor": winner, "terms": terms}, Visibility.PUBLIC)]


def _prevent_attack(order: OrderCommand, world: World) -> list[Event]:
    attacker, target = order.payload["attacker_civ_id"], order.payload["target_civ_id"]
    cancelled = [s for _, s in sorted(world.skirmishes.items()) if s.status == "declared"
                 and (s.attacker_civ, s.defender_civ) == (attacker, target)]
    events = [to_civs([attacker, target], "SkirmishCancelled", {
        "skirmish_id": s.skirmish_id, "reason": "the Planetary Governor prevented this attack"}) for s in cancelled]
    # The attacker and its target learn of it only when there was an attack to prevent.
    return [*events, to_civs([order.civ_id, attacker, target] if cancelled else [order.civ_id], "AttackPrevented", {
        "governor": order.civ_id, "attacker": attacker, "target": target,
        "skirmish_ids": [s.skirmish_id for s in cancelled], "unused": not cancelled})]


def propose_to_council(order: OrderCommand, world: World) -> list[Event]:
    card = council.PROPOSALS_BY_KEY[order.payload["proposal"]]
    return [Event("CouncilProposalMade", {"governor": order.civ_id, "proposal": card.key, "name": card.name,
                                          "effect": card.effect}, Visibility.PUBLIC)]


def _once_a_round(handler: OrderHandler, reason: str) -> OrderHandler:
    """The handler for the first such order of the step; later ones are refused ("prevent one attack this turn")."""
    done: list[int] = []

    def once(order: OrderCommand, world: World) -> list[Event]:
        if done:
            return [to_civ(order.civ_id, "OrderRejected", {"kind": order.kind, "payload": dict(order.payload),
                                                           "field": "kind", "reason": reason})]
        done.append(order.civ_id)
        return handler(order, world)
    return once


def prevent_attack(step_input: StepInput, dice: Dice) -> OrderHandler | None:
    """Explore 9, among the step's orders while the Council is on: the Governor calls off one attack a round."""
    if not step_input.world.options.council_every:
        return None
    return _once_a_round(_prevent_attack, "the Planetary Governor may prevent one attack a round.")


def proposal(step_input: StepInput, dice: Dice) -> OrderHandler | None:
    """Explore 9, among the step's orders while the Council is on: the Governor's Proposal."""
    return propose_to_council if step_input.world.options.council_every else None


def _ballot(order: OrderCommand, world: World) -> list[Event]:
    return []  # counted by `council_votes`, once every ballot has been checked


def council_votes(step_input: StepInput, dice: Dice) -> list[Event]:
    """Explore 10, before the step's own work: the Council's vote on the Governor's Proposal: each civilization's
    last valid ballot, weighed by its votes; a UN Charter passed calls off this round's skirmishes."""
    world = step_input.world
    ballots_given = replace(step_input, orders=tuple(o for o in step_input.orders if o.kind == "CouncilVote"))
    events = run_orders(ballots_given, {"CouncilVote": _ballot})
    if not world.council_proposal:
        return events
    refused = {(e.civ_id, e.payload["kind"]) for e in events if e.type == "OrderRejected"}
    ballots = {o.civ_id: o.payload["ballot"] for o in step_input.orders
               if o.kind == "CouncilVote" and o.step_key == step_input.step.key and (o.civ_id, o.kind) not in refused}
    weights = council.ballot_weights(world)
    yes = sum(weights.get(c, 0) for c, b in ballots.items() if b == "yes")
    no = sum(weights.get(c, 0) for c, b in ballots.items() if b == "no")
    card = council.PROPOSALS_BY_KEY[world.council_proposal]
    passed = yes > no
    events.append(Event("CouncilProposalVoted", {
        "proposal": card.key, "name": card.name, "yes": yes, "no": no, "passed": passed,
        **({"mu_each": card.mu_each} if passed and card.mu_each else {}),
        "ballots": [{"civ_id": c, "ballot": b, "votes": weights.get(c, 0)} for c, b in sorted(ballots.items())]},
        Visibility.PUBLIC))
    if passed and card.skips_conflict:
        events += [to_civs([s.attacker_civ, s.defender_civ], "SkirmishCancelled", {
            "skirmish_id": s.skirmish_id, "reason": f"the Council passed the {card.name}"})
            for _, s in sorted(world.skirmishes.items()) if s.status == "declared"]
    return events
