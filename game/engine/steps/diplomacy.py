"""Explore 9 (Diplomacy) and 10 (Trades): the diplomacy module's treaties (game.engine.diplomacy).

Every event is seen by both parties and the GM ("the GM must get a copy of every message", Cluster War §13).
"""

from __future__ import annotations

from game.engine import council, diplomacy
from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.orders import OrderCommand
from game.engine.orders.diplomacy import proposal_id
from game.engine.research import projects as rp
from game.engine.research.rules import TRANSFER_FEE_MU
from game.engine.rule_module import OrderHandler
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ, to_civs
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
    """9. TODO Diplomacy — filled by the diplomacy module: treaties are proposed (to a civilization within
    communications range), broken, and war declared; and by the Council module: the Planetary Governor may prevent
    one attack declared in Explore 7 and put a Proposal to the Council."""
    world = step_input.world
    handlers: dict[str, OrderHandler] = {}
    if world.options.diplomacy:
        handlers.update({"ProposeTreaty": _propose, "BreakTreaty": _break, "DeclareWar": _war})
    if world.options.council_every:
        handlers.update({"PreventAttack": _once_a_round(
            _prevent_attack, "the Planetary Governor may prevent one attack a round."),
            "CouncilProposal": _propose_to_council})
    return run_orders(step_input, handlers)


def _answer(order: OrderCommand, world: World) -> list[Event]:
    from_civ, treaty = order.payload["from_civ_id"], order.payload["treaty"]
    event = "TreatyAccepted" if order.payload["answer"] == "accept" else "TreatyDeclined"
    return [to_civs([from_civ, order.civ_id], event, {
        "proposal_id": proposal_id(from_civ, order.civ_id, treaty), "from_civ": from_civ, "to_civ": order.civ_id,
        "treaty": treaty, "treaty_label": diplomacy.TREATIES[treaty]})]


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


def _charts(world: World, giver: int, taker: int) -> list[Event]:
    sectors = sorted(world.civs[giver].charted - world.civs[taker].charted)
    pois = sorted(world.civs[giver].known_pois - world.civs[taker].known_pois)
    return [to_civ(taker, "ChartsShared", {"from_civ": giver, "to_civ": taker, "sectors": sectors, "pois": pois})
            ] if sectors or pois else []


def _exchanged_tech(world: World, giver: int, taker: int) -> str | None:
    """The technology a partner gives under a technology exchange: the first in the tech tree that it knows and
    the receiver may research now (its prerequisites known)."""
    catalogue = rp.catalogue_of(world)
    if catalogue is None:
        return None
    known = world.civs[giver].techs
    return next((t.key for t in catalogue.available(world.civs[taker].techs) if t.key in known), None)


def technology_transfer(world: World, from_civ: int, to_civ_id: int, tech: str) -> list[Event]:
    """One technology given under §8.1's terms: by a technology exchange (here) or by the research module's
    TransferTechnology order (Explore 8). "A full transfer costs the receiver 250 CP per transfer" for retooling;
    "if the fee is not paid, the tech is incomplete, and the receiver must open an R&D project to finish
    integrating it" (one success, docs/rules.md "Research — transfers"), on the campaign's research system."""
    receiver = world.civs[to_civ_id]
    complete = receiver.mu >= TRANSFER_FEE_MU
    name = rp.tech_name(world, tech)
    events = [to_civs([from_civ, to_civ_id], "TechnologyTransferred", {
        "from_civ": from_civ, "to_civ": to_civ_id, "tech": tech, "tech_name": name,
        "fee": TRANSFER_FEE_MU if complete else 0, "complete": complete})]
    sites = rp.research_sites(world, to_civ_id)
    busy = any(p.tech == tech for p in rp.open_projects(world, to_civ_id))
    catalogue = rp.catalogue_of(world)
    if not complete and sites and not busy and catalogue is not None:
        # The incomplete technology's own project: one success to integrate it, unfunded until the receiver funds it.
        events.append(to_civ(to_civ_id, "ResearchStarted", {
            "project_id": world.next_id, "civ_id": to_civ_id, "tech": tech, "tech_name": name,
            "system": catalogue.system, "poi_id": sites[0], "mu_per_round": 0, "needed": 1, "unit_ids": []}))
    return events


def treaty_effects(world: World) -> list[Event]:
    """What open borders and technology exchanges in force at the start of the step do by themselves, each round
    (docs/rules.md, "Open borders and technology exchange"): partners with open borders share their star charts;
    partners exchanging technology each give the other one technology under the transfer rules (§8.1)."""
    events: list[Event] = []
    for (a, b), relation in sorted(world.relations.items()):
        for giver, taker in ((a, b), (b, a)):
            if "open_borders" in relation.treaties:
                events += _charts(world, giver, taker)
            tech = _exchanged_tech(world, giver, taker) if "tech_exchange" in relation.treaties else None
            if tech is not None:
                events += technology_transfer(apply_events(world, events), giver, taker, tech)
    return events


def explore_10_trades(step_input: StepInput, dice: Dice) -> list[Event]:
    """10. TODO Trades — filled by the diplomacy module: each treaty proposed in Explore 9 is accepted or
    declined; one left unanswered lapses; open borders and technology exchanges in force act (`treaty_effects`);
    and by the Council module: the Council votes on the Governor's Proposal."""
    votes = council_votes(step_input) if step_input.world.options.council_every else []
    if not step_input.world.options.diplomacy:
        return votes
    events = votes + treaty_effects(step_input.world) + run_orders(step_input, {"AnswerTreaty": _answer})
    answered = {e.payload["proposal_id"] for e in events if e.type in ("TreatyAccepted", "TreatyDeclined")}
    for key, proposal in sorted(step_input.world.proposals.items()):
        if key not in answered:
            events.append(to_civs([proposal.from_civ, proposal.to_civ], "TreatyLapsed", {
                "proposal_id": key, "from_civ": proposal.from_civ, "to_civ": proposal.to_civ,
                "treaty": proposal.treaty, "treaty_label": diplomacy.TREATIES[proposal.treaty]}))
    return events
