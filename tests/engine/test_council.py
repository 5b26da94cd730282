"""The Alpha Centauri Council (Exploit 1 every N rounds): the votes of each factor's leader, colonies, units, the
previous Governor, a faction's free votes and secret bids; the Governor elected and doubling its trade-pact income."""

from __future__ import annotations

from dataclasses import replace

from game.engine.diplomacy import Relation
from game.engine.world import Civilization, Colony, RuleOptions, World
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world

EVERY_2 = RuleOptions(council_every=2)


def _three() -> World:
    """Sol (Morgan, 2 colonies), Vega (Peacekeepers, 1 colony, 2 units), Deneb (Spartans)."""
    w = world(options=EVERY_2, civs={1: Civilization(1, "Sol", mu=1_000, faction="morgan"),
                                     2: Civilization(2, "Vega", mu=500, faction="peacekeepers"),
                                     3: Civilization(3, "Deneb", mu=300, faction="spartans")})
    w = replace(w, colonies={1: Colony(1, 1, "terra", 10, 10), 2: Colony(2, 1, "mars", 5, 5),
                             3: Colony(3, 2, "vega-2", 10, 10)})
    return with_units(w, unit(1, 2, "scout"), unit(2, 2, "scout"), unit(3, 3, "warship"))


def test_the_council_tallies_each_leadership_the_free_votes_and_the_secret_bids() -> None:
    # Economy: Morgan EC+3 EI+2 = 5, highest. Military: Spartans MO+2 MM+2 MS+2 (+1 PC) = 6, highest; Research:
    # nobody above 0, all three tied (10 each). Population: Peacekeepers PG+1 PC+3 = 4 (Spartans PC+1 = 1).
    # Ecology and Espionage: all tied at 0 (10 each). Sol: most colonies; Vega: most units; Vega: 10 free votes.
    # Bids: Deneb 25 MU.
    events, after = run(_three(), "exploit.1", order(3, "exploit.1", "CouncilBid", mu=25), round_number=2)
    (voted,) = of_type(events, "CouncilVoted")
    votes = {t["civ_id"]: t["votes"] for t in voted["tallies"]}
    # Sol: E, R, C, B, colonies = 50. Vega: R, P, C, B, units, free 10 = 60. Deneb: M, R, C, B, bid 25 = 65.
    assert votes == {1: 50, 2: 60, 3: 65}
    assert voted["governor"] == 3 and after.governor == 3 and after.governor_terms == 1
    assert after.civs[3].mu == 300 - 25
    assert "25 MU bid" in voted["tallies"][0]["reasons"]
    # Two rounds later Deneb bids nothing but has the previous Governor's 10: 50, Vega 60: Vega governs.
    events, _ = run(after, "exploit.1", round_number=4)
    assert of_type(events, "GovernorElected") == [{"governor": 2, "terms": 1}]


def test_the_council_meets_only_every_n_rounds_and_a_bid_out_of_turn_is_refused() -> None:
    events, after = run(_three(), "exploit.1", order(3, "exploit.1", "CouncilBid", mu=25), round_number=3)
    assert of_type(events, "CouncilVoted") == []
    assert of_type(events, "OrderRejected")[0]["reason"] == (
        "the Council does not meet this round (it meets every 2).")
    assert after.civs[3].mu == 300
    events, _ = run(_three(), "exploit.1", order(3, "exploit.1", "CouncilBid", mu=301), round_number=2)
    assert of_type(events, "OrderRejected")[0]["field"] == "payload.mu"


def test_the_governor_earns_double_from_trade_pacts() -> None:
    w = replace(world(options=EVERY_2), governor=1, governor_terms=1,
                relations={(1, 2): Relation(1, 2, trade="full", treaties=("trade",))},
                colonies={1: Colony(1, 1, "terra", 5, 5, operational=True)})
    w = replace(w, civs={1: replace(w.civs[1], taxes=1_000), 2: replace(w.civs[2], taxes=400)})
    w = replace(w, options=replace(w.options, diplomacy=True))
    # Full trade: Sol 10% of 400 = 40, doubled to 80 as Governor; Vega 10% of 1,000 capped at 100.
    assert of_type(run(w, "exploit.7")[0], "TradeOccurred")[0] | {"seen_by": []} == {
        "civ_a": 1, "civ_b": 2, "gain_a": 80, "gain_b": 100, "seen_by": []}
