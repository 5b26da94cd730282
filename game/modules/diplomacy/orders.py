"""Explore 9 and 10 — the diplomacy module's orders (game.engine.diplomacy): propose a treaty, break one, declare
war (Explore 9); accept or decline a treaty proposed to you (Explore 10). Checks refuse naming the field; offers
list what a civilization can order now. All of them need the module (`module_cw_trade`) on; their kinds are
declared in `rules.py`."""

from __future__ import annotations

from game.engine import diplomacy
from game.engine.orders.checks import comms_partners
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderProblem
from game.engine.world import World

TREATY_CHOICES = tuple(Choice(key, label) for key, label in diplomacy.TREATIES.items())
IN_FORCE_CHOICES = tuple(Choice(key, label) for key, label in (
    ("peace", "Peace"), ("alliance", "Alliance"), ("trade", "Trade agreement"), ("open_borders", "Open borders"),
    ("tribute", "Tribute"), ("tech_exchange", "Technology exchange")))
ANSWER_CHOICES = (Choice("accept", "Accept"), Choice("decline", "Decline"))
MAX_TRIBUTE_MU = 1_000_000


def proposal_id(from_civ: int, to_civ: int, treaty: str) -> str:
    """One proposal per proposer, recipient and treaty: proposing it again replaces the terms."""
    return f"{from_civ}:{to_civ}:{treaty}"


def _module_on(world: World) -> None:
    if not world.options.diplomacy:
        raise OrderProblem("kind", "treaties are not part of this campaign (the trade module is off).")


def _other_civ(order: OrderCommand, world: World, field: str = "payload.to_civ_id") -> int:
    other = order.payload[field.removeprefix("payload.")]
    if other == order.civ_id or other not in world.civs:
        raise OrderProblem(field, "choose another civilization.")
    return int(other)


def check_propose_treaty(order: OrderCommand, world: World) -> None:
    _module_on(world)
    other = _other_civ(order, world)
    # Cluster War §13: "a communication link is needed".
    if other not in comms_partners(world, order.civ_id):
        raise OrderProblem("payload.to_civ_id", "none of your units is within communications range of theirs.")
    treaty = order.payload["treaty"]
    mu = order.payload.get("mu") or 0
    problem = diplomacy.why_not(treaty, world.stance(order.civ_id, other), world.relation(order.civ_id, other), mu)
    if problem:
        raise OrderProblem("payload.mu" if treaty == "tribute" and mu <= 0 else "payload.treaty", problem)


def offer_propose_treaty(world: World, civ_id: int) -> list[Offer]:
    if not world.options.diplomacy:
        return []
    offers = []
    for other in sorted(comms_partners(world, civ_id)):
        stance, relation = world.stance(civ_id, other), world.relation(civ_id, other)
        # Only the treaties this pair may sign now (at war, only peace); a tribute's amount is the player's.
        treaties = tuple(c for c in TREATY_CHOICES if diplomacy.why_not(str(c.value), stance, relation, 1) is None)
        if treaties:
            trade = relation.trade
            label = (f"{world.civs[other].name} ({diplomacy.STANCE_LABELS[stance].lower()}, "
                     f"{'no' if trade == 'none' else trade} trade)")
            offers.append(Offer(subject=world.civs[other].name,
                                choices={"to_civ_id": (Choice(other, label),), "treaty": treaties},
                                maxima={"mu": world.civs[civ_id].mu}, have={"mu": world.civs[civ_id].mu}))
    return offers


def _in_force(world: World, civ_id: int, other: int) -> tuple[str, ...]:
    return world.relation(civ_id, other).treaties


def check_break_treaty(order: OrderCommand, world: World) -> None:
    _module_on(world)
    other = _other_civ(order, world)
    if order.payload["treaty"] not in _in_force(world, order.civ_id, other):
        raise OrderProblem("payload.treaty", f"you have no such treaty with {world.civs[other].name}.")


def offer_break_treaty(world: World, civ_id: int) -> list[Offer]:
    if not world.options.diplomacy:
        return []
    offers = []
    for (a, b), relation in sorted(world.relations.items()):
        if civ_id in (a, b) and relation.treaties:
            other = b if a == civ_id else a
            offers.append(Offer(payload={"to_civ_id": other}, subject=world.civs[other].name, choices={
                "to_civ_id": (Choice(other, world.civs[other].name),),
                "treaty": tuple(c for c in IN_FORCE_CHOICES if c.value in relation.treaties)}))
    return offers


def check_declare_war(order: OrderCommand, world: World) -> None:
    _module_on(world)
    other = _other_civ(order, world)
    if world.at_war(order.civ_id, other):
        raise OrderProblem("payload.to_civ_id", f"you are already at war with {world.civs[other].name}.")


def offer_declare_war(world: World, civ_id: int) -> list[Offer]:
    if not world.options.diplomacy:
        return []
    # Any civilization it has met: one in communications range, or one it has a relation or has spoken with.
    known = comms_partners(world, civ_id) | {c for p in (*world.contacts, *world.relations) if civ_id in p
                                             for c in p if c != civ_id}
    others = sorted(c for c in known if c in world.civs and not world.at_war(civ_id, c))
    if not others:
        return []
    return [Offer(choices={"to_civ_id": tuple(Choice(c, world.civs[c].name) for c in others)})]


def check_answer_treaty(order: OrderCommand, world: World) -> None:
    _module_on(world)
    other = _other_civ(order, world, "payload.from_civ_id")
    proposal = world.proposals.get(proposal_id(other, order.civ_id, order.payload["treaty"]))
    if proposal is None:
        raise OrderProblem("payload.treaty", f"{world.civs[other].name} has proposed no such treaty to you.")
    if order.payload["answer"] == "accept":
        problem = diplomacy.why_not(proposal.treaty, world.stance(order.civ_id, other),
                                    world.relation(order.civ_id, other), proposal.mu)
        if problem:
            raise OrderProblem("payload.answer", problem)


def offer_answer_treaty(world: World, civ_id: int) -> list[Offer]:
    if not world.options.diplomacy:
        return []
    offers = []
    for _, proposal in sorted(world.proposals.items()):
        if proposal.to_civ != civ_id:
            continue
        sender = world.civs[proposal.from_civ].name
        tribute = f", {proposal.mu} MU a quarter" if proposal.treaty == "tribute" else ""
        terms = f" — {proposal.terms}" if proposal.terms else ""
        offers.append(Offer(
            payload={"from_civ_id": proposal.from_civ, "treaty": proposal.treaty},
            subject=f"{diplomacy.TREATIES[proposal.treaty]} from {sender}{tribute}{terms}",
            choices={"from_civ_id": (Choice(proposal.from_civ, sender),),
                     "treaty": tuple(c for c in TREATY_CHOICES if c.value == proposal.treaty)}))
    return offers
