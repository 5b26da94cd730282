"""The Planetary Governor's powers ("The current Governor may play Proposal cards at the end of this Phase ... The
Governor may prevent one attack this turn in Conflict Phase"): the Governor calls off one attack in Explore 9 and
puts a Proposal to the Council, which votes on it in Explore 10."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine.scenario import assign_civilizations
from game.engine.world import Civilization, Colony, RuleOptions, SkirmishState, World
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world


def _council(**changes: Any) -> World:
    """Sol governs; Vega has declared skirmishes on Deneb in two Sectors and on Sol in one."""
    w = world(options=RuleOptions(council_every=2), governor=1, governor_terms=1,
              civs={1: Civilization(1, "Sol", mu=100), 2: Civilization(2, "Vega", mu=100),
                    3: Civilization(3, "Deneb", mu=100)})
    w = replace(w, skirmishes={k: SkirmishState(k, sector, 2, target) for k, sector, target in (
        ("a", "0,0", 3), ("b", "1,0", 3), ("c", "2,0", 1))})
    return replace(w, **changes)


def test_the_governor_may_prevent_one_attack_this_turn() -> None:
    events, after = run(_council(), "explore.9",
                        order(1, "explore.9", "PreventAttack", attacker_civ_id=2, target_civ_id=3),
                        order(1, "explore.9", "PreventAttack", attacker_civ_id=2, target_civ_id=1))
    # Vega's attack on Deneb (both Sectors) is called off; the second order is refused: one attack a round.
    assert {k: s.status for k, s in after.skirmishes.items()} == {"a": "cancelled", "b": "cancelled",
                                                                  "c": "declared"}
    (prevented,) = of_type(events, "AttackPrevented")
    assert prevented["skirmish_ids"] == ["a", "b"] and prevented["seen_by"] == [1, 2, 3]
    assert of_type(events, "OrderRejected")[0]["reason"] == "the Planetary Governor may prevent one attack a round."


def test_only_the_governor_prevents_an_attack_and_one_not_declared_tells_only_the_governor() -> None:
    events, _ = run(_council(), "explore.9",
                    order(3, "explore.9", "PreventAttack", attacker_civ_id=2, target_civ_id=3))
    assert of_type(events, "OrderRejected")[0]["reason"] == "only the Planetary Governor may do this."
    events, after = run(_council(), "explore.9",
                        order(1, "explore.9", "PreventAttack", attacker_civ_id=3, target_civ_id=2))
    (unused,) = of_type(events, "AttackPrevented")
    assert unused["unused"] and unused["seen_by"] == [1]
    assert all(s.status == "declared" for s in after.skirmishes.values())


def _proposed(key: str) -> World:
    # Sol governs with 2 colonies: Sol leads colonies (10) + previous Governor (10) + ties; Vega leads units.
    w = _council(colonies={1: Colony(1, 1, "terra", 10, 10), 2: Colony(2, 1, "mars", 5, 5)})
    w = with_units(w, unit(1, 2, "scout"), unit(2, 2, "scout"))
    events, after = run(w, "explore.9", order(1, "explore.9", "CouncilProposal", proposal=key))
    assert of_type(events, "CouncilProposalMade")[0]["name"]
    assert after.council_proposal == key
    return after


def test_a_proposal_the_council_passes_gives_every_civilization_its_credits() -> None:
    w = _proposed("salvage_unity_fusion_core")
    # All lead the six tied factors (60 each); Sol +colonies +Governor = 80, Vega +units = 70, Deneb 60.
    events, after = run(w, "explore.10", order(1, "explore.10", "CouncilVote", ballot="yes"),
                        order(2, "explore.10", "CouncilVote", ballot="no"))
    (voted,) = of_type(events, "CouncilProposalVoted")
    assert (voted["yes"], voted["no"], voted["passed"], voted["mu_each"]) == (80, 70, True, 50)
    assert [c.mu for c in after.civs.values()] == [150, 150, 150]
    assert after.council_proposal == ""


def test_a_proposal_voted_down_does_nothing_and_the_un_charter_skips_the_conflict_phase() -> None:
    w = _proposed("global_trade_pact")
    events, after = run(w, "explore.10", order(1, "explore.10", "CouncilVote", ballot="yes"),
                        order(2, "explore.10", "CouncilVote", ballot="no"),
                        order(3, "explore.10", "CouncilVote", ballot="no"))
    assert of_type(events, "CouncilProposalVoted")[0]["passed"] is False
    assert [c.mu for c in after.civs.values()] == [100, 100, 100]
    events, after = run(_proposed("un_charter"), "explore.10", order(1, "explore.10", "CouncilVote", ballot="yes"))
    assert {s.status for s in after.skirmishes.values()} == {"cancelled"}
    assert of_type(events, "SkirmishCancelled")[0]["reason"] == "the Council passed the UN Charter"


def test_a_second_proposal_waits_for_the_vote_and_a_vote_needs_a_proposal() -> None:
    events, _ = run(_proposed("un_charter"), "explore.9",
                    order(1, "explore.9", "CouncilProposal", proposal="global_terraforming"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "a Proposal is already before the Council."
    events, _ = run(_council(), "explore.10", order(2, "explore.10", "CouncilVote", ballot="yes"))
    assert of_type(events, "CouncilProposalVoted") == []
    assert of_type(events, "OrderRejected")[0]["reason"] == "no Proposal is before the Council."


def test_a_scenarios_governor_goes_to_the_campaign_civilization_that_plays_it() -> None:
    w = assign_civilizations(_council(), {1: (41, "Ann"), 2: (42, "Bob"), 3: (43, "Cy")})
    assert (w.governor, w.governor_terms) == (41, 1)
    assert {(s.attacker_civ, s.defender_civ) for s in w.skirmishes.values()} == {(42, 43), (42, 41)}
