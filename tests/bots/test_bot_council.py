"""The bot as Planetary Governor and Council member (game/bots/diplomacy.py): it prevents the strongest seen
civilization's attack on itself, proposes the richest Proposal, and votes for MU, against the UN Charter when it
means to attack."""

from __future__ import annotations

from game.bots.strategy import decide
from tests.bots.test_strategy import choice_field, offer, situation, unit, view


def test_the_governor_bot_prevents_the_strongest_seen_civilizations_attack_on_itself() -> None:
    seen = view([unit(1, "scout")], others=[unit(7, "corvette", civ=2), unit(8, "corvette", civ=3),
                                            unit(9, "corvette", civ=3)])
    prevent = offer("PreventAttack", {}, choice_field("attacker_civ_id", [2, 3]), choice_field("target_civ_id",
                                                                                                [1, 2, 3]))
    assert decide(situation(seen, [prevent], "explore.9")) == [
        {"kind": "PreventAttack", "payload": {"attacker_civ_id": 3, "target_civ_id": 1}}]
    assert decide(situation(view([unit(1, "scout")]), [prevent], "explore.9")) == []  # nobody seen


def test_the_governor_bot_proposes_the_proposal_that_brings_the_most_mu() -> None:
    cards = offer("CouncilProposal", {}, choice_field("proposal", ["global_terraforming", "un_charter",
                                                                   "salvage_unity_fusion_core"]))
    assert decide(situation(view([unit(1, "scout")]), [cards], "explore.9")) == [
        {"kind": "CouncilProposal", "payload": {"proposal": "salvage_unity_fusion_core"}}]


def test_a_bot_votes_for_mu_and_against_the_un_charter_when_it_means_to_attack() -> None:
    mu = {**offer("CouncilVote"), "title": "Vote: Global Trade Pact: every civilization gains 25 MU. Your votes: 60"}
    charter = {**offer("CouncilVote"), "title": "Vote: UN Charter: no skirmish is fought this round. Your votes: 60"}
    alone = view([unit(1, "scout")])
    rival = view([unit(1, "scout")], others=[unit(7, "corvette", civ=2)])
    ballot = [p["payload"]["ballot"] for s in (alone, rival) for p in decide(situation(s, [mu, charter],
                                                                                       "explore.10"))]
    assert ballot == ["yes", "yes", "yes", "no"]
