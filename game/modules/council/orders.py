"""The Council module's orders (game.engine.council holds the rules): the secret bids for the Planetary Governor's
election (Exploit 1, in a round the Council meets); the Governor's powers, preventing one attack and putting a
Proposal to the Council (Explore 9); every civilization's vote on it (Explore 10). All of them need the module
(`module_ac_council`) on. Checks refuse naming the field; offers list what a civilization can order now."""

from __future__ import annotations

from game.engine import council
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderProblem
from game.engine.world import World

PROPOSAL_CHOICES = tuple(Choice(p.key, f"{p.name} ({p.printed}: {p.effect})") for p in council.PROPOSALS)
BALLOT_CHOICES = (Choice("yes", "For"), Choice("no", "Against"))
MAX_BID_MU = 1_000_000


def meets(world: World, round_number: int) -> bool:
    """Whether the Council meets in this round: every `council_every_rounds` rounds, in Exploit 1."""
    every = world.options.council_every
    return every > 0 and round_number % every == 0


def _council_on(world: World) -> None:
    if not world.options.council_every:
        raise OrderProblem("kind", "the Council is not part of this campaign (the module is off).")


def _governor(order: OrderCommand, world: World) -> None:
    _council_on(world)
    if world.governor != order.civ_id:
        raise OrderProblem("kind", "only the Planetary Governor may do this.")


def _civ(order: OrderCommand, world: World, name: str) -> int:
    civ_id = order.payload[name]
    if civ_id not in world.civs:
        raise OrderProblem(f"payload.{name}", "choose a civilization.")
    return int(civ_id)


def check_prevent_attack(order: OrderCommand, world: World) -> None:
    _governor(order, world)
    attacker, target = _civ(order, world, "attacker_civ_id"), _civ(order, world, "target_civ_id")
    if attacker == target:
        raise OrderProblem("payload.target_civ_id", "a civilization does not attack itself.")
    if attacker == order.civ_id:
        raise OrderProblem("payload.attacker_civ_id", "you need no order to call off your own attack.")


def offer_prevent_attack(world: World, civ_id: int) -> list[Offer]:
    if not world.options.council_every or world.governor != civ_id:
        return []
    others = tuple(Choice(c, world.civs[c].name) for c in sorted(world.civs) if c != civ_id)
    everyone = tuple(Choice(c, world.civs[c].name) for c in sorted(world.civs))
    return [Offer(subject="As Planetary Governor you may prevent one attack this round",
                  choices={"attacker_civ_id": others, "target_civ_id": everyone})]


def check_council_proposal(order: OrderCommand, world: World) -> None:
    _governor(order, world)
    if world.council_proposal:
        raise OrderProblem("payload.proposal", "a Proposal is already before the Council.")


def offer_council_proposal(world: World, civ_id: int) -> list[Offer]:
    if not world.options.council_every or world.governor != civ_id or world.council_proposal:
        return []
    return [Offer(subject="As Planetary Governor you may put one Proposal to the Council; it votes in Explore 10")]


def check_council_vote(order: OrderCommand, world: World) -> None:
    _council_on(world)
    if not world.council_proposal:
        raise OrderProblem("kind", "no Proposal is before the Council.")


def offer_council_vote(world: World, civ_id: int) -> list[Offer]:
    if not world.options.council_every or not world.council_proposal:
        return []
    card = council.PROPOSALS_BY_KEY[world.council_proposal]
    weight = council.ballot_weights(world).get(civ_id, 0)
    return [Offer(subject=f"{card.name}: {card.effect}. Your votes: {weight}")]


def check_council_bid(order: OrderCommand, world: World) -> None:
    if not world.options.council_every:
        raise OrderProblem("kind", "the Council is not part of this campaign (the module is off).")
    mu = order.payload["mu"]
    if mu > world.civs[order.civ_id].mu:
        raise OrderProblem("payload.mu", f"your treasury holds only {world.civs[order.civ_id].mu} MU.")


def offer_council_bid(world: World, civ_id: int) -> list[Offer]:
    if not world.options.council_every:
        return []
    every = world.options.council_every
    return [Offer(subject=f"The Council meets every {every} round{'s' if every > 1 else ''}, in Exploit 1",
                  maxima={"mu": world.civs[civ_id].mu}, have={"mu": world.civs[civ_id].mu})]
