"""What open borders and technology exchange do by themselves each round (Explore 10; Cluster War §13 "information
and tech exchange", §8.1 transfers): partners with open borders share their star charts; partners exchanging
technology each give the other one technology under the transfer rules (250 MU retooling, or incomplete)."""

from __future__ import annotations

from dataclasses import replace

from game.engine.diplomacy import Proposal, Relation
from game.engine.research.cluster_war import CATALOGUE
from game.engine.world import RuleOptions, World
from tests.engine.round_fixtures import of_type, order, run, world

START = CATALOGUE.start_keys


def _partners(treaty: str, **options: object) -> World:
    w = world(options=RuleOptions(diplomacy=True, **options),  # type: ignore[arg-type]
              relations={(1, 2): Relation(1, 2, stance="peace", treaties=("peace", treaty))})
    return replace(w, civs={1: replace(w.civs[1], charted=frozenset({"0,0", "3,0"}),
                                       techs=START | {"hull_cruiser", "hull_dreadnought"}),
                            2: replace(w.civs[2], charted=frozenset({"1,0"}), techs=START)})


def test_open_borders_share_each_partners_star_charts_every_round() -> None:
    events, after = run(_partners("open_borders"), "explore.10")
    shared = {(e["from_civ"], e["to_civ"]): (e["sectors"], e["pois"]) for e in of_type(events, "ChartsShared")}
    assert shared == {(1, 2): (["0,0", "3,0"], ["sol"]), (2, 1): (["1,0"], ["vega"])}
    assert after.civs[1].charted == after.civs[2].charted == {"0,0", "1,0", "3,0"}
    assert of_type(run(after, "explore.10")[0], "ChartsShared") == []  # nothing new: nothing said


def test_a_technology_exchange_transfers_one_technology_a_round_in_tech_tree_order() -> None:
    w = _partners("tech_exchange", research="cluster_war")
    events, after = run(w, "explore.10")
    (moved,) = of_type(events, "TechnologyTransferred")
    # Vega lacks the cruiser and the dreadnought; the dreadnought needs the cruiser: the cruiser first, fee paid.
    assert (moved["from_civ"], moved["to_civ"], moved["tech"], moved["fee"]) == (1, 2, "hull_cruiser", 250)
    assert "hull_cruiser" in after.civs[2].techs and after.civs[2].mu == 500 - 250
    events, after = run(after, "explore.10")
    (moved,) = of_type(events, "TechnologyTransferred")
    # Vega has 250 MU left: the dreadnought comes complete; a round later there is nothing left to give.
    assert (moved["tech"], moved["complete"]) == ("hull_dreadnought", True)
    assert of_type(run(after, "explore.10")[0], "TechnologyTransferred") == []


def test_open_borders_accepted_this_step_share_charts_from_the_next_round() -> None:
    w = _partners("peace")
    w = replace(w, proposals={"1:2:open_borders": Proposal("1:2:open_borders", 1, 2, "open_borders")})
    events, after = run(w, "explore.10", order(2, "explore.10", "AnswerTreaty", from_civ_id=1,
                                               treaty="open_borders", answer="accept"))
    assert of_type(events, "TreatyAccepted") and of_type(events, "ChartsShared") == []
    assert len(of_type(run(after, "explore.10")[0], "ChartsShared")) == 2
