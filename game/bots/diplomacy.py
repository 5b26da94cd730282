"""The bot's play of the Planetary Governor's powers and the Council's vote (issue 16), registered on the
strategy's extension point. As Governor it prevents the attack of the strongest civilization it sees on itself and
puts to the Council the Proposal that brings every civilization the most MU; it votes for a Proposal that brings
MU, and for the UN Charter only when it is not about to attack."""

from __future__ import annotations

from game.bots.strategy import JSON, Order, Situation, choices, order, planner, target_civ, visible_strength

# The Proposal cards by what they bring (game.engine.council.PROPOSALS): the most MU first, the UN Charter last.
PROPOSAL_PREFERENCE = ("salvage_unity_fusion_core", "melt_ice_caps", "launch_solar_shade", "global_trade_pact",
                       "global_terraforming", "un_charter")


@planner("PreventAttack")
def plan_prevent_attack(situation: Situation, offers: list[JSON]) -> list[Order]:
    seen = visible_strength(situation)
    for offer in offers:
        attackers = [int(c) for c in choices(offer, "attacker_civ_id") if int(c) in seen]
        if attackers and situation.civ_id in choices(offer, "target_civ_id"):
            strongest = max(attackers, key=lambda c: (seen[c], -c))
            return [order(offer, attacker_civ_id=strongest, target_civ_id=situation.civ_id)]
    return []


@planner("CouncilProposal")
def plan_council_proposal(situation: Situation, offers: list[JSON]) -> list[Order]:
    for offer in offers:
        offered = set(choices(offer, "proposal"))
        best = next((key for key in PROPOSAL_PREFERENCE if key in offered), None)
        if best is not None:
            return [order(offer, proposal=best)]
    return []


@planner("CouncilVote")
def plan_council_vote(situation: Situation, offers: list[JSON]) -> list[Order]:
    """The offer's title names the Proposal and its effect ("UN Charter: no skirmish is fought this round. ...")."""
    plans = []
    for offer in offers:
        peace = "no skirmish" in offer.get("title", "")
        plans.append(order(offer, ballot="no" if peace and target_civ(situation) is not None else "yes"))
    return plans
