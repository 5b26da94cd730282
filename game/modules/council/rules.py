"""The Alpha Centauri Council: the module's declaration.

Every `council_every_rounds` rounds the Council meets in Exploit 1 and elects the Planetary Governor, after social
engineering and the secret bids (CouncilBid, run among the step's orders; the election is its hook after the step).
The Governor earns double from trade pacts (Exploit 7: the rule value `council.GOVERNOR_DOUBLES_TRADE`), may prevent
one attack and put a Proposal to the Council in Explore 9 (orders run among that step's), which every civilization
votes on before Explore 10's own work (its hook before the step). The rule math (`game.engine.council`: the tallies,
the Proposal cards, the ballots' weights) stays in the core; the Governor and the pending Proposal are world state.
"""

from __future__ import annotations

from typing import Any

from game.engine import council
from game.engine.apply import Draft
from game.engine.catalogue import CIV, PUBLIC, WITNESSES, EventType, Optional
from game.engine.orders.model import Field, OrderKind, OrderPrice
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.setting import Effect, Kind, Setting
from game.modules.council import orders, steps

# The election (Exploit 1), the Governor's powers (Explore 9) and the vote on its Proposal (Explore 10): public but
# for a civilization's own bid and an attack prevented, seen by the Governor and, when there was one, its parties.
EVENTS = (
    EventType("CouncilBidPaid", {"civ_id": int, "mu": int}, CIV,
              "{civ_id:civ} paid its secret bid of {mu} MU to the Council."),
    EventType("CouncilVoted", {"round": int, "governor": int, "tallies": list[dict[str, Any]]}, PUBLIC,
              "The Council met in round {round}: {governor:civ} was elected Planetary Governor."),
    EventType("GovernorElected", {"governor": int, "terms": int}, PUBLIC,
              "{governor:civ} is Planetary Governor ({terms} Council(s) in a row)."),
    EventType("AttackPrevented", {"governor": int, "attacker": int, "target": int, "skirmish_ids": list[int],
                                  "unused": bool},
              WITNESSES, "The Planetary Governor {governor:civ} prevented {attacker:civ}'s attack on {target:civ}"
              "[ ({skirmish_ids:#skirmish} cancelled)][; no such attack was declared{unused:flag}]."),
    EventType("CouncilProposalMade", {"governor": int, "proposal": str, "name": str, "effect": str}, PUBLIC,
              "The Planetary Governor {governor:civ} put {name} to the Council: {effect}."),
    EventType("CouncilProposalVoted", {"proposal": str, "name": str, "yes": int, "no": int, "passed": bool,
                                       "mu_each": Optional(int), "ballots": list[dict[str, Any]]}, PUBLIC,
              "The Council voted on {name}: {yes} for, {no} against[: passed{passed:flag}][; each civilization gains "
              "{mu_each} MU]."),
)


def _bid(d: Draft, p: dict[str, Any]) -> None:
    d.add_mu(p["civ_id"], -p["mu"])


def _elected(d: Draft, p: dict[str, Any]) -> None:
    d.governor, d.governor_terms = p["governor"], p["terms"]


def _proposal_made(d: Draft, p: dict[str, Any]) -> None:
    d.council_proposal = p["proposal"]


def _proposal_voted(d: Draft, p: dict[str, Any]) -> None:
    d.council_proposal = ""
    for civ_id in list(d.civs):
        d.add_mu(civ_id, p.get("mu_each") or 0)


def _to_options(settings: Any) -> dict[str, Any]:
    return {"council_every": int(settings.get("council_every_rounds", 4)) if settings["module_ac_council"] else 0}


MODULE = RuleModule(
    key="council",
    label="Alpha Centauri council",
    switch=ModuleSwitch(
        "module_ac_council",
        "The Council: the Planetary Governor vote.",
        to_options=_to_options,
        from_options=lambda options: ({"module_ac_council": True, "council_every_rounds": options.council_every}
                                      if options.council_every else {}),
        options=(Setting(
            "council_every_rounds", "modules", "The Council meets every … rounds",
            "How often the Planetary Governor vote is held.", Kind.INT, 4, Effect.NEXT_ROUND, minimum=1,
            maximum=40),),
        step_fills={
            "explore.9": "the Planetary Governor may call off one attack declared in Explore 7 and put a Proposal to "
                         "the Council.",
            "explore.10": "vote on the Planetary Governor's Proposal with your Council votes.",
            "exploit.1": "in a round the Council meets, bid MU in secret for the Planetary Governor's election.",
        },
    ),
    is_on=lambda options: options.council_every > 0,
    rule_values={council.GOVERNOR_DOUBLES_TRADE: True},
    events=EVENTS,
    reducers={"CouncilBidPaid": _bid, "GovernorElected": _elected, "CouncilProposalMade": _proposal_made,
              "CouncilProposalVoted": _proposal_voted},
    orders=(
        ModuleOrder(
            OrderKind(
                "CouncilBid",
                "Bid in the Council",
                "A secret bid of MU for the Planetary Governor's election: one vote per MU, paid whether you win or "
                "not. Only in a round the Council meets.",
                frozenset({"exploit.1"}),
                (Field("mu", "MU to bid", "integer", minimum=1, maximum=orders.MAX_BID_MU),),
                orders.check_council_bid,
                orders.offer_council_bid,
                given_in=orders.meets,
            ),
            None,
            lambda w, o: OrderPrice(o.payload["mu"]),
            carry_out_in_step=steps.bids,
        ),
        ModuleOrder(
            OrderKind(
                "PreventAttack",
                "Prevent an attack (Planetary Governor)",
                "As Planetary Governor, call off one civilization's attack on another this round: every skirmish it "
                "declared against them in Explore 7 is cancelled. Once a round.",
                frozenset({"explore.9"}),
                (Field("attacker_civ_id", "Attacker", "civ"), Field("target_civ_id", "Its target", "civ")),
                orders.check_prevent_attack,
                orders.offer_prevent_attack,
            ),
            None,
            carry_out_in_step=steps.prevent_attack,
        ),
        ModuleOrder(
            OrderKind(
                "CouncilProposal",
                "Put a Proposal to the Council (Planetary Governor)",
                "As Planetary Governor, put one Proposal card to the Council; every civilization votes on it in "
                "Explore 10 with its Council votes, and it passes with more votes for than against.",
                frozenset({"explore.9"}),
                (Field("proposal", "Proposal", "option", options=orders.PROPOSAL_CHOICES),),
                orders.check_council_proposal,
                orders.offer_council_proposal,
            ),
            None,
            carry_out_in_step=steps.proposal,
        ),
        ModuleOrder(
            OrderKind(
                "CouncilVote",
                "Vote on the Council's Proposal",
                "Vote for or against the Proposal the Planetary Governor put to the Council, with your Council "
                "votes; not voting is abstaining.",
                frozenset({"explore.10"}),
                (Field("ballot", "Your vote", "option", options=orders.BALLOT_CHOICES),),
                orders.check_council_vote,
                orders.offer_council_vote,
            ),
            None,  # counted by the hook before Explore 10 (steps.council_votes)
        ),
    ),
    hooks=(StepHook("exploit.1", "after", steps.election), StepHook("explore.10", "before", steps.council_votes)),
)
