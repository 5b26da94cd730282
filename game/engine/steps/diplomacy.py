"""Explore 9 (Diplomacy) and 10 (Trades): the diplomacy module's treaties (game.engine.diplomacy).

Every event is seen by both parties and the GM ("the GM must get a copy of every message", Cluster War §13).
"""

from __future__ import annotations

from game.engine import diplomacy
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.orders.diplomacy import proposal_id
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civs
from game.engine.world import World


def _propose(order: OrderCommand, world: World) -> list[Event]:
    to_civ, treaty = order.payload["to_civ_id"], order.payload["treaty"]
    return [to_civs([order.civ_id, to_civ], "TreatyProposed", {
        "proposal_id": proposal_id(order.civ_id, to_civ, treaty), "from_civ": order.civ_id, "to_civ": to_civ,
        "treaty": treaty, "treaty_label": diplomacy.TREATIES[treaty],
        "mu": (order.payload.get("mu") or 0) if treaty == "tribute" else 0,
        "terms": order.payload.get("terms") or ""})]


def _break(order: OrderCommand, world: World) -> list[Event]:
    to_civ = order.payload["to_civ_id"]
    return [to_civs([order.civ_id, to_civ], "TreatyBroken", {
        "from_civ": order.civ_id, "to_civ": to_civ, "treaty": order.payload["treaty"],
        "text": order.payload.get("text") or ""})]


def _war(order: OrderCommand, world: World) -> list[Event]:
    to_civ = order.payload["to_civ_id"]
    return [to_civs([order.civ_id, to_civ], "WarDeclared", {
        "from_civ": order.civ_id, "to_civ": to_civ, "text": order.payload.get("text") or ""})]


def explore_9_diplomacy(step_input: StepInput, dice: Dice) -> list[Event]:
    """9. TODO Diplomacy — filled by the diplomacy module: treaties are proposed (to a civilization within
    communications range), broken, and war declared."""
    if not step_input.world.options.diplomacy:
        return []
    return run_orders(step_input, {"ProposeTreaty": _propose, "BreakTreaty": _break, "DeclareWar": _war})


def _answer(order: OrderCommand, world: World) -> list[Event]:
    from_civ, treaty = order.payload["from_civ_id"], order.payload["treaty"]
    event = "TreatyAccepted" if order.payload["answer"] == "accept" else "TreatyDeclined"
    return [to_civs([from_civ, order.civ_id], event, {
        "proposal_id": proposal_id(from_civ, order.civ_id, treaty), "from_civ": from_civ, "to_civ": order.civ_id,
        "treaty": treaty, "treaty_label": diplomacy.TREATIES[treaty]})]


def explore_10_trades(step_input: StepInput, dice: Dice) -> list[Event]:
    """10. TODO Trades — filled by the diplomacy module: each treaty proposed in Explore 9 is accepted or
    declined; one left unanswered lapses."""
    if not step_input.world.options.diplomacy:
        return []
    events = run_orders(step_input, {"AnswerTreaty": _answer})
    answered = {e.payload["proposal_id"] for e in events if e.type in ("TreatyAccepted", "TreatyDeclined")}
    for key, proposal in sorted(step_input.world.proposals.items()):
        if key not in answered:
            events.append(to_civs([proposal.from_civ, proposal.to_civ], "TreatyLapsed", {
                "proposal_id": key, "from_civ": proposal.from_civ, "to_civ": proposal.to_civ,
                "treaty": proposal.treaty, "treaty_label": diplomacy.TREATIES[proposal.treaty]}))
    return events
