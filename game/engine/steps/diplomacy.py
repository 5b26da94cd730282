"""Explore 9 (Diplomacy) and 10 (Trades): the Council's part (game.engine.council). The diplomacy module's treaties
are `game.modules.diplomacy`'s: its orders run among the Council's in Explore 9, its hook after Explore 10's vote.
"""

from __future__ import annotations

from game.engine import council
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.orders import OrderCommand
from game.engine.rule_module import OrderHandler
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ, to_civs
from game.engine.world import World


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


def _propose_to_council(order: OrderCommand, world: World) -> list[Event]:
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


def explore_9_diplomacy(step_input: StepInput, dice: Dice) -> list[Event]:
    """9. TODO Diplomacy — filled by the diplomacy module (game.modules.diplomacy, its orders `only_while_on`, run
    here among these): treaties are proposed (to a civilization within communications range), broken, and war
    declared; and by the Council module: the Planetary Governor may prevent
    one attack declared in Explore 7 and put a Proposal to the Council."""
    world = step_input.world
    handlers: dict[str, OrderHandler] = {}  # the diplomacy module's orders run among these, in the order given
    if world.options.council_every:
        handlers.update({"PreventAttack": _once_a_round(
            _prevent_attack, "the Planetary Governor may prevent one attack a round."),
            "CouncilProposal": _propose_to_council})
    return run_orders(step_input, handlers)


def _ballot(order: OrderCommand, world: World) -> list[Event]:
    return []  # counted by `council_votes`, once every ballot has been checked


def council_votes(step_input: StepInput) -> list[Event]:
    """The Council's vote on the Governor's Proposal: each civilization's last valid ballot, weighed by its votes;
    a UN Charter passed calls off this round's skirmishes."""
    world = step_input.world
    events = run_orders(step_input, {"CouncilVote": _ballot})
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


def explore_10_trades(step_input: StepInput, dice: Dice) -> list[Event]:
    """10. TODO Trades — filled by the diplomacy module: each treaty proposed in Explore 9 is accepted or
    declined; one left unanswered lapses; open borders and technology exchanges in force act (`treaty_effects`);
    and by the Council module: the Council votes on the Governor's Proposal. The diplomacy module's part is its hook
    after this (`game.modules.diplomacy.steps.treaties_answered`)."""
    return council_votes(step_input) if step_input.world.options.council_every else []
