"""Explore 9 (Diplomacy) and 10 (Trades): the diplomacy module's treaties (game.engine.diplomacy).

Every event is seen by both parties and the GM ("the GM must get a copy of every message", Cluster War §13).
"""

from __future__ import annotations

from game.engine import diplomacy
from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event
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


def explore_9_diplomacy(step_input: StepInput, dice: Dice) -> list[Event]:
    """9. TODO Diplomacy — filled by the diplomacy module: treaties are proposed (to a civilization within
    communications range), broken, and war declared; and by the Council module: the Planetary Governor may prevent
    one attack declared in Explore 7 and put a Proposal to the Council (its orders, game.modules.council, run among
    these in the order given)."""
    world = step_input.world
    handlers: dict[str, OrderHandler] = {}
    if world.options.diplomacy:
        handlers.update({"ProposeTreaty": _propose, "BreakTreaty": _break, "DeclareWar": _war})
    return run_orders(step_input, handlers, dice)


def _answer(order: OrderCommand, world: World) -> list[Event]:
    from_civ, treaty = order.payload["from_civ_id"], order.payload["treaty"]
    event = "TreatyAccepted" if order.payload["answer"] == "accept" else "TreatyDeclined"
    return [to_civs([from_civ, order.civ_id], event, {
        "proposal_id": proposal_id(from_civ, order.civ_id, treaty), "from_civ": from_civ, "to_civ": order.civ_id,
        "treaty": treaty, "treaty_label": diplomacy.TREATIES[treaty]})]


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
    and by the Council module: the Council votes on the Governor's Proposal first (its hook before the step,
    game.modules.council)."""
    if not step_input.world.options.diplomacy:
        return []
    events = treaty_effects(step_input.world) + run_orders(step_input, {"AnswerTreaty": _answer})
    answered = {e.payload["proposal_id"] for e in events if e.type in ("TreatyAccepted", "TreatyDeclined")}
    for key, proposal in sorted(step_input.world.proposals.items()):
        if key not in answered:
            events.append(to_civs([proposal.from_civ, proposal.to_civ], "TreatyLapsed", {
                "proposal_id": key, "from_civ": proposal.from_civ, "to_civ": proposal.to_civ,
                "treaty": proposal.treaty, "treaty_label": diplomacy.TREATIES[proposal.treaty]}))
    return events
