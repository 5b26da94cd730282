"""Victory (game.engine.victory): a civilization's score, and each condition that ends a campaign, ties included."""

from __future__ import annotations

from dataclasses import replace

from game.engine.catalogue import GAME_EVENTS, Catalogue
from game.engine.names import WorldNames
from game.engine.victory import (
    EndReason,
    VictoryConditions,
    check_victory,
    declared_end,
    score_of,
    standings,
)
from game.engine.world import Colony, Mine, UnitState, World
from tests.engine.round_fixtures import unit, with_units, world


def colony(colony_id: int, civ_id: int, planet_id: str = "terra", occupied_by: int | None = None) -> Colony:
    return Colony(colony_id, civ_id, planet_id, population=5, legal_citizens=5, operational=True,
                  occupied_by=occupied_by)


def two_empires() -> World:
    """Sol: two colonies, a mine of 3 Ore, 6 MU of taxes, a warship and a scout (one more Under Construction).
    Vega: one colony and a scout."""
    w = with_units(world(), unit(1, 1, "warship"), unit(2, 1, "scout"),
                   replace(unit(3, 1, "warship"), state=UnitState.UNDER_CONSTRUCTION),
                   unit(4, 2, "scout", "1,0", "vega"))
    return replace(w, colonies={1: colony(1, 1), 2: colony(2, 1, "mars"), 3: colony(3, 2, "vega-2")},
                   mines={1: Mine(1, 1, "terra", output=3)},
                   civs={**w.civs, 1: replace(w.civs[1], taxes=6)})


def test_score_counts_colonies_output_and_units_in_service_and_no_technology_yet() -> None:
    sol = score_of(two_empires(), 1)
    assert (sol.colonies, sol.output, sol.units, sol.technology) == (2, 6 + 3, 2, 0)
    assert sol.total == 2 * 10 + 9 + 2 * 2


def test_an_occupied_colony_is_not_held_by_its_owner() -> None:
    w = two_empires()
    w = replace(w, colonies={**w.colonies, 3: colony(3, 2, "vega-2", occupied_by=1)})
    assert score_of(w, 2).colonies == 0


def test_a_mine_counts_no_more_ore_than_its_deposit_holds() -> None:
    w = two_empires()
    w = replace(w, planets={**w.planets, "terra": replace(w.planets["terra"], ore_deposit=1)})
    assert score_of(w, 1).output == 6 + 1


def test_standings_put_the_best_score_first() -> None:
    assert [s.name for s in standings(two_empires())] == ["Sol", "Vega"]


def test_no_condition_chosen_never_ends_the_campaign() -> None:
    assert check_victory(two_empires(), VictoryConditions(), 99) is None


def test_elimination_the_last_civilization_holding_colonies_wins() -> None:
    conditions = VictoryConditions(elimination=True)
    assert check_victory(two_empires(), conditions, 3) is None
    w = two_empires()
    w = replace(w, colonies={k: c for k, c in w.colonies.items() if c.civ_id == 1})
    result = check_victory(w, conditions, 3)
    assert result is not None
    assert (result.reason, result.winners, result.round) == (EndReason.ELIMINATION, (1,), 3)
    assert result.explanation == "Sol is the last civilization holding colonies."


def test_elimination_names_nobody_when_nobody_holds_a_colony_or_there_is_no_rival() -> None:
    conditions = VictoryConditions(elimination=True)
    assert check_victory(replace(two_empires(), colonies={}), conditions, 3) is None
    alone = two_empires()
    alone = replace(alone, civs={1: alone.civs[1]}, colonies={1: colony(1, 1)})
    assert check_victory(alone, conditions, 3) is None


def test_score_threshold_the_best_of_those_who_reached_it_wins() -> None:
    assert check_victory(two_empires(), VictoryConditions(score_threshold=34), 2) is None
    result = check_victory(two_empires(), VictoryConditions(score_threshold=33), 2)
    assert result is not None
    assert (result.reason, result.winners) == (EndReason.SCORE, (1,))
    assert result.explanation == "Sol reached 33 points."


def test_score_threshold_reached_with_equal_scores_is_a_shared_victory() -> None:
    w = two_empires()
    w = replace(w, colonies={1: colony(1, 1), 3: colony(3, 2, "vega-2")}, mines={}, units={},
                civs={1: replace(w.civs[1], taxes=0), 2: w.civs[2]})
    result = check_victory(w, VictoryConditions(score_threshold=10), 1)
    assert result is not None
    assert result.winners == (1, 2)
    assert result.explanation == "Sol and Vega reached 10 points."


def test_round_limit_ends_the_campaign_after_its_last_round_with_the_best_score() -> None:
    conditions = VictoryConditions(round_limit=4)
    assert check_victory(two_empires(), conditions, 3) is None
    result = check_victory(two_empires(), conditions, 4)
    assert result is not None
    assert (result.reason, result.winners) == (EndReason.ROUND_LIMIT, (1,))
    assert [s.civ_id for s in result.standings] == [1, 2]


def test_round_limit_with_equal_best_scores_is_a_shared_victory() -> None:
    w = replace(two_empires(), colonies={}, mines={}, units={})
    w = replace(w, civs={civ_id: replace(civ, taxes=0) for civ_id, civ in w.civs.items()})
    result = check_victory(w, VictoryConditions(round_limit=1), 1)
    assert result is not None
    assert result.winners == (1, 2)


def test_elimination_decides_before_the_score_and_the_round_limit() -> None:
    w = two_empires()
    w = replace(w, colonies={3: colony(3, 2, "vega-2")})
    result = check_victory(w, VictoryConditions(elimination=True, score_threshold=1, round_limit=1), 1)
    assert result is not None
    assert (result.reason, result.winners) == (EndReason.ELIMINATION, (2,))


def test_the_gm_may_end_it_naming_winners_or_none() -> None:
    result = declared_end(two_empires(), [2], "Sol conceded.", 5)
    assert (result.reason, result.winners, result.explanation) == (EndReason.GM, (2,), "Sol conceded.")
    assert declared_end(two_empires(), [], "We stop here.", 5).winners == ()


def test_the_end_reads_as_one_line_with_the_winners_for_everyone() -> None:
    catalogue = Catalogue(GAME_EVENTS)
    names = WorldNames(two_empires())
    won = check_victory(two_empires(), VictoryConditions(round_limit=1), 1)
    assert won is not None
    catalogue.check(won.event())
    assert catalogue.describe("CampaignEnded", won.event().payload, names) == (
        "The campaign is over, won by Sol: Round 1 was the last; Sol scored best.")
    nobody = declared_end(two_empires(), [], "We stop here.", 5).event()
    assert catalogue.describe("CampaignEnded", nobody.payload, names) == "The campaign is over: We stop here."
