"""The diplomacy module (Cluster War §11, §13): treaties proposed in Explore 9 and answered in Explore 10, broken
treaties and war, the stances Explore 7 obeys, trade levels in Exploit 7 with the 25% cap, tribute in Exploit 9,
and the Alpha Centauri Pacifists' restriction."""

from __future__ import annotations

from dataclasses import replace

from game.engine import diplomacy
from game.engine.apply import apply_events
from game.engine.diplomacy import Relation
from game.engine.events import Event
from game.engine.orders import legal_orders
from game.engine.settings_catalogue import from_world, in_world
from game.engine.world import Civilization, Colony, RuleOptions, World, world_from_dict, world_to_dict
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world

ON = RuleOptions(diplomacy=True)


def _met(options: RuleOptions = ON) -> World:
    """Sol's warship and Vega's scout see each other, a Sector apart: in communications and weapons range."""
    w = with_units(world(options=options), unit(1, 1, "warship"), unit(2, 2, "scout", "1,0", "vega"))
    return run(w, "explore.5")[1]


def _agree(w: World, treaty: str, **extra: object) -> tuple[list[Event], World]:
    """Sol proposes in Explore 9, Vega accepts in Explore 10."""
    events, w = run(w, "explore.9", order(1, "explore.9", "ProposeTreaty", to_civ_id=2, treaty=treaty, **extra))
    answered, w = run(w, "explore.10", order(2, "explore.10", "AnswerTreaty", from_civ_id=1, treaty=treaty,
                                             answer="accept"))
    return events + answered, w


def test_nothing_is_offered_or_played_while_the_module_is_off() -> None:
    w = _met(RuleOptions())
    assert [o.kind for o in legal_orders(w, 1, "explore.9")] == ["Declare"]
    events, after = run(w, "explore.9", order(1, "explore.9", "ProposeTreaty", to_civ_id=2, treaty="peace"))
    assert [e.type for e in events] == ["StepResolved"] and after.proposals == {}
    assert {o.kind for o in legal_orders(_met(), 1, "explore.9")} == {"Declare", "ProposeTreaty", "DeclareWar"}


def test_a_treaty_proposed_in_explore_9_and_accepted_in_explore_10_sets_the_stance_both_see() -> None:
    events, after = _agree(_met(), "peace", terms="No warships in Vega.")
    proposed = of_type(events, "TreatyProposed")[0]
    assert proposed["seen_by"] == [1, 2] and proposed["terms"] == "No warships in Vega."
    assert of_type(events, "TreatyAccepted")[0]["seen_by"] == [1, 2]
    assert after.stance(1, 2) == "peace" and after.relation(2, 1).treaties == ("peace",)
    assert after.relation(1, 2).terms == "No warships in Vega." and after.proposals == {}


def test_a_proposal_needs_a_communications_link() -> None:
    far = with_units(world(options=ON), unit(1, 1, "warship"), unit(2, 2, "scout", "3,0", None))
    events, _ = run(far, "explore.9", order(1, "explore.9", "ProposeTreaty", to_civ_id=2, treaty="peace"))
    assert of_type(events, "OrderRejected")[0]["reason"] == (
        "none of your units is within communications range of theirs.")


def test_an_unanswered_proposal_lapses_and_a_declined_one_changes_nothing() -> None:
    _, w = run(_met(), "explore.9", order(1, "explore.9", "ProposeTreaty", to_civ_id=2, treaty="alliance"))
    events, after = run(w, "explore.10")
    assert of_type(events, "TreatyLapsed")[0]["treaty"] == "alliance" and after.proposals == {}
    events, after = run(w, "explore.10", order(2, "explore.10", "AnswerTreaty", from_civ_id=1, treaty="alliance",
                                               answer="decline"))
    assert of_type(events, "TreatyDeclined") and after.stance(1, 2) == "neutral"


def test_at_war_only_peace_may_be_proposed() -> None:
    w = replace(_met(), wars=frozenset({(1, 2)}))
    events, _ = run(w, "explore.9", order(1, "explore.9", "ProposeTreaty", to_civ_id=2, treaty="trade_full"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "you are at war: make peace first."
    _, after = _agree(w, "peace")
    assert not after.at_war(1, 2) and after.stance(1, 2) == "peace"


def test_allies_do_not_fight_and_a_civilization_at_peace_is_attacked_only_after_a_declaration() -> None:
    _, allied = _agree(_met(), "alliance")
    attack = order(1, "explore.7", "StartSkirmish", sector_id="1,0", target_civ_id=2)
    assert of_type(run(allied, "explore.7", attack)[0], "OrderRejected")[0]["reason"] == (
        "you are allied with Vega: allies do not fight.")
    _, at_peace = _agree(_met(), "peace")
    assert of_type(run(at_peace, "explore.7", attack)[0], "OrderRejected")[0]["reason"] == (
        "you are at peace with Vega: declare war first (Explore 9).")
    events, at_war = run(at_peace, "explore.9", order(1, "explore.9", "DeclareWar", to_civ_id=2, text="Vega lied."))
    assert of_type(events, "WarDeclared")[0]["seen_by"] == [1, 2]
    assert at_war.at_war(1, 2) and at_war.relations == {}  # war ends every treaty
    assert of_type(run(at_war, "explore.7", attack)[0], "SkirmishDeclared")


def test_breaking_a_treaty_is_told_to_both_parties_and_ends_its_effect() -> None:
    _, w = _agree(_met(), "trade_full")
    assert w.relation(1, 2).trade == "full"
    events, after = run(w, "explore.9", order(2, "explore.9", "BreakTreaty", to_civ_id=1, treaty="trade",
                                              text="Your goods are poor."))
    assert of_type(events, "TreatyBroken") == [{"from_civ": 2, "to_civ": 1, "treaty": "trade",
                                                "text": "Your goods are poor.", "seen_by": [1, 2]}]
    assert after.relation(1, 2).trade == "none" and after.relations == {}
    events, _ = run(after, "explore.9", order(2, "explore.9", "BreakTreaty", to_civ_id=1, treaty="trade"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "you have no such treaty with Sol."


def test_breaking_peace_leaves_the_pair_hostile_and_breaking_an_alliance_leaves_the_peace() -> None:
    _, allied = _agree(_met(), "alliance")
    _, w = run(allied, "explore.9", order(1, "explore.9", "BreakTreaty", to_civ_id=2, treaty="alliance"))
    assert w.stance(1, 2) == "peace"
    _, w = run(w, "explore.9", order(1, "explore.9", "BreakTreaty", to_civ_id=2, treaty="peace"))
    assert w.stance(1, 2) == "hostile"


def _trading(w: World, sol_taxes: int, vega_taxes: int) -> World:
    """Sol and Vega far apart (no neighbours' free trade), with these taxes this quarter."""
    w = replace(w, colonies={1: Colony(1, 1, "terra", 5, 5, operational=True)})
    return replace(w, civs={**w.civs, 1: replace(w.civs[1], taxes=sol_taxes), 2: replace(w.civs[2], taxes=vega_taxes)})


def test_cluster_war_trade_levels_and_the_cap_on_a_quarter_of_ones_own_taxes() -> None:
    # The Taurians (1,000) and the Solar Alliance (10,000) in limited trade: 500 capped at 250; the Solarians 50.
    assert diplomacy.trade_gain(1_000, 10_000, "limited") == 250
    assert diplomacy.trade_gain(10_000, 1_000, "limited") == 50
    assert diplomacy.trade_gain(10_000, 1_000, "full") == 100
    assert diplomacy.trade_gain(100, 100, "none") == 0


def test_a_trade_agreement_brings_income_in_exploit_7_and_9_whether_or_not_they_are_neighbours() -> None:
    _, w = _agree(_met(), "trade_full")
    w = _trading(w, 1_000, 400)
    events, w = run(w, "exploit.7")
    # Full trade: Sol gains 10% of 400 = 40; Vega 10% of 1,000 = 100, capped at 25% of its own 400 = 100.
    assert of_type(events, "TradeOccurred") == [{"civ_a": 1, "civ_b": 2, "gain_a": 40, "gain_b": 100,
                                                 "seen_by": [1, 2]}]
    events, after = run(w, "exploit.9")
    assert of_type(events, "TradeTaxesCollected") == [{"civ_id": 1, "mu": 40}, {"civ_id": 2, "mu": 100}]
    assert (after.civs[1].mu, after.civs[2].mu) == (1_040, 600)
    # Without an agreement, civilizations that are not neighbours do not trade.
    assert of_type(run(_trading(_met(), 1_000, 400), "exploit.7")[0], "TradeOccurred") == []


def test_a_trade_agreement_is_not_honoured_at_war() -> None:
    _, w = _agree(_met(), "trade_limited")
    w = replace(_trading(w, 1_000, 400), wars=frozenset({(1, 2)}))
    assert of_type(run(w, "exploit.7")[0], "TradeOccurred") == []


def test_tribute_is_paid_each_quarter_in_exploit_9_as_far_as_the_treasury_goes() -> None:
    _, w = _agree(_met(), "tribute", mu=300)
    events, after = run(w, "exploit.9")
    assert of_type(events, "TributePaid") == [{"from_civ": 1, "to_civ": 2, "mu": 300, "owed": 300,
                                               "seen_by": [1, 2]}]
    assert (after.civs[1].mu, after.civs[2].mu) == (700, 800)
    poor = replace(w, civs={**w.civs, 1: replace(w.civs[1], mu=120)})
    assert of_type(run(poor, "exploit.9")[0], "TributePaid")[0]["mu"] == 120
    events, _ = run(_met(), "explore.9", order(1, "explore.9", "ProposeTreaty", to_civ_id=2, treaty="tribute"))
    assert of_type(events, "OrderRejected")[0]["field"] == "payload.mu"


def test_the_gm_sets_a_stance_with_a_reason_and_the_world_is_the_one_record_of_war() -> None:
    w = _met()
    at_war = apply_events(w, [Event("StanceSet", {"civ_a": 2, "civ_b": 1, "stance": "war", "reason": "raids"})])
    assert at_war.at_war(1, 2)
    # With the module on, the settings' "At war" no longer overrides the world; the settings read it from there.
    rules = {"module_cw_trade": True, "wars": []}
    assert in_world(at_war, rules).at_war(1, 2)
    assert from_world(in_world(at_war, rules))["wars"] == [[1, 2]]
    # Without the module the setting still decides, as before.
    assert not in_world(replace(at_war, options=RuleOptions()), {"wars": []}).at_war(1, 2)
    allied = apply_events(at_war, [Event("StanceSet", {"civ_a": 1, "civ_b": 2, "stance": "alliance",
                                                       "reason": "a ruling"})])
    assert allied.stance(1, 2) == "alliance" and not allied.at_war(1, 2)


def test_relations_and_proposals_survive_the_stored_world() -> None:
    _, w = _agree(_met(), "tribute", mu=50, terms="Paid in Ore")
    _, w = run(w, "explore.9", order(1, "explore.9", "ProposeTreaty", to_civ_id=2, treaty="open_borders"))
    again = world_from_dict(world_to_dict(w))
    assert again.relations == w.relations and again.proposals == w.proposals
    assert again.relation(1, 2) == Relation(1, 2, treaties=("tribute",), tribute_mu=50, tribute_payer=1,
                                            terms="Paid in Ore")
    assert again.options.diplomacy


def test_pacifist_factions_may_never_attack_while_faction_restrictions_apply() -> None:
    w = _met(RuleOptions(faction_restrictions=True))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], faction="gaians")})
    attack = order(1, "explore.7", "StartSkirmish", sector_id="1,0", target_civ_id=2)
    assert of_type(run(w, "explore.7", attack)[0], "OrderRejected")[0]["reason"] == (
        "the Gaians are Pacifists: they may never attack, only defend.")
    free = replace(w, options=RuleOptions())
    assert of_type(run(free, "explore.7", attack)[0], "SkirmishDeclared")
    assert in_world(free, {"module_ac_factions": True}).options.faction_restrictions
    assert not in_world(free, {"module_ac_factions": True, "faction_restrictions": False}).options.faction_restrictions


def test_a_faction_attacks_one_civilization_a_round_and_an_aggressive_one_two() -> None:
    w = with_units(world(options=RuleOptions(faction_restrictions=True),
                         civs={**world().civs, 3: Civilization(3, "Deneb", mu=100)}),
                   unit(1, 1, "warship"), unit(2, 2, "scout", "1,0", "vega"), unit(3, 3, "scout", "1,0", "vega"))
    w = run(w, "explore.5")[1]
    attacks = (order(1, "explore.7", "StartSkirmish", sector_id="1,0", target_civ_id=2),
               order(1, "explore.7", "StartSkirmish", sector_id="1,0", target_civ_id=3))
    spartans = replace(w, civs={**w.civs, 1: replace(w.civs[1], faction="spartans")})
    events, _ = run(spartans, "explore.7", *attacks)
    assert len(of_type(events, "SkirmishDeclared")) == 1
    assert of_type(events, "OrderRejected")[0]["reason"] == "the Spartans may attack 1 civilization(s) a round."
    hive = replace(w, civs={**w.civs, 1: replace(w.civs[1], faction="hive")})
    assert len(of_type(run(hive, "explore.7", *attacks)[0], "SkirmishDeclared")) == 2


def test_a_message_may_carry_the_senders_star_charts_which_only_the_recipient_reads() -> None:
    w = _met(RuleOptions())
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], charted=frozenset({"0,0", "2,0"}),
                                              known_pois=frozenset({"sol", "far"}))})
    events, after = run(w, "explore.8", order(1, "explore.8", "SendMessage", to_civ_id=2, text="Our charts",
                                              attachment="map"))
    (shared,) = [e for e in events if e.type == "ChartsShared"]
    assert (shared.visibility.value, shared.civ_id) == ("civ", 2)
    assert "far" in after.civs[2].known_pois and "2,0" in after.civs[2].charted
    assert of_type(events, "MessageDelivered")[0]["text"] == "Our charts"
