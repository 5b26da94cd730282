"""The diplomacy module's steps (game.engine.diplomacy; docs/rules.md "Diplomacy and trade"): carrying out the
treaties proposed, broken and war declared in Explore 9 (among the Council's orders, in the order given), its hook
after the core's Explore 10 (the treaties in force act, the answers, the lapses) and the tributes Exploit 9 pays
(`RuleModule.rule_values`: after the trade taxes, before the round's end checks).

Every event is seen by both parties and the GM ("the GM must get a copy of every message", Cluster War §13).
"""

from __future__ import annotations

from game.engine import diplomacy
from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.research import projects as rp
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ, to_civs
from game.engine.steps.diplomacy import technology_transfer
from game.engine.world import World
from game.modules.diplomacy.orders import proposal_id


def propose(order: OrderCommand, world: World) -> list[Event]:
    to_civ, treaty = order.payload["to_civ_id"], order.payload["treaty"]
    return [to_civs([order.civ_id, to_civ], "TreatyProposed", {
        "proposal_id": proposal_id(order.civ_id, to_civ, treaty), "from_civ": order.civ_id, "to_civ": to_civ,
        "treaty": treaty, "treaty_label": diplomacy.TREATIES[treaty],
        "mu": (order.payload.get("mu") or 0) if treaty == "tribute" else 0,
        "terms": order.payload.get("terms") or ""})]


def break_treaty(order: OrderCommand, world: World) -> list[Event]:
    to_civ = order.payload["to_civ_id"]
    return [to_civs([order.civ_id, to_civ], "TreatyBroken", {
        "from_civ": order.civ_id, "to_civ": to_civ, "treaty": order.payload["treaty"],
        "text": order.payload.get("text") or ""})]


def declare_war(order: OrderCommand, world: World) -> list[Event]:
    to_civ = order.payload["to_civ_id"]
    return [to_civs([order.civ_id, to_civ], "WarDeclared", {
        "from_civ": order.civ_id, "to_civ": to_civ, "text": order.payload.get("text") or ""})]


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


def treaties_answered(step_input: StepInput, dice: Dice) -> list[Event]:
    """Explore 10, after the Council's vote (the core's step): open borders and technology exchanges in force act
    (`treaty_effects`); each treaty proposed in Explore 9 is accepted or declined; one left unanswered lapses."""
    events = treaty_effects(step_input.world) + run_orders(step_input, {"AnswerTreaty": _answer})
    answered = {e.payload["proposal_id"] for e in events if e.type in ("TreatyAccepted", "TreatyDeclined")}
    for key, proposal in sorted(step_input.world.proposals.items()):
        if key not in answered:
            events.append(to_civs([proposal.from_civ, proposal.to_civ], "TreatyLapsed", {
                "proposal_id": key, "from_civ": proposal.from_civ, "to_civ": proposal.to_civ,
                "treaty": proposal.treaty, "treaty_label": diplomacy.TREATIES[proposal.treaty]}))
    return events


def tributes_paid(world: World) -> list[Event]:
    """Exploit 9, after the trade taxes: each tribute in force is paid, as much as the payer's treasury (with its
    trade taxes) holds."""
    events: list[Event] = []
    treasury = {civ_id: civ.mu + civ.trade_gain for civ_id, civ in world.civs.items()}
    for (a, b), relation in sorted(world.relations.items()):
        if relation.tribute_payer is None or relation.tribute_mu <= 0:
            continue
        payer = relation.tribute_payer
        taker = b if payer == a else a
        mu = min(relation.tribute_mu, max(treasury[payer], 0))
        treasury[payer] -= mu
        treasury[taker] += mu
        events.append(to_civs([payer, taker], "TributePaid", {"from_civ": payer, "to_civ": taker, "mu": mu,
                                                              "owed": relation.tribute_mu}))
    return events
