"""Alpha Centauri's victory types as campaign settings (docs/rules.md, "Alpha Centauri victories"): each threshold
read on the Social Factor scores (faction, social engineering, the GM's adjustments), the distance shown to each,
and the order in which they are checked."""

from __future__ import annotations

from dataclasses import replace

from game.engine import social
from game.engine.apply import apply_events
from game.engine.events import Event, Visibility
from game.engine.victory import EndReason, VictoryConditions, alpha_centauri_distances, check_victory
from game.engine.world import Colony, World
from tests.engine.round_fixtures import world


def _with(factions: dict[int, str], cards: dict[int, tuple[str, ...]]) -> World:
    w = world()
    civs = {c: replace(civ, faction=factions.get(c, "")) for c, civ in w.civs.items()}
    return replace(w, civs=civs, social=cards)


def test_economic_victory_is_an_economy_score_above_the_threshold() -> None:
    # Morgan EC+3 EI+2, Free Market EC+4, Wealth EC+2 EI+2: Economy 13.
    w = _with({1: "morgan"}, {1: ("free_market", "wealth")})
    assert social.scores(w, 1)["E"] == 13
    assert check_victory(w, VictoryConditions(ac_economic=13), 4) is None  # "> 50": equal is not enough
    result = check_victory(w, VictoryConditions(ac_economic=12), 4)
    assert result is not None and (result.reason, result.winners) == (EndReason.ECONOMIC, (1,))
    assert result.explanation == "Economic victory: Sol, an Economy score above 12."
    assert alpha_centauri_distances(w, VictoryConditions(ac_economic=50), 1)["economic"] == {
        "score": 13, "needs": 51, "short": 38}


def test_the_gms_adjustment_counts_towards_a_victory() -> None:
    w = _with({2: "peacekeepers"}, {})
    adjusted = apply_events(w, [Event("SocialFactorAdjusted", {"civ_id": 2, "code": "EC", "title": "Economy Commerce",
                                                               "delta": 51, "reason": "A trade empire"},
                                      Visibility.CIV, 2)])
    # Peacekeepers EF-1; +51 Commerce: Economy 50, not above 50. One more and Vega wins.
    assert social.scores(adjusted, 2)["E"] == 50
    assert check_victory(adjusted, VictoryConditions(ac_economic=50), 1) is None
    more = apply_events(adjusted, [Event("SocialFactorAdjusted", {"civ_id": 2, "code": "EI", "title": "Industry",
                                                                  "delta": 1, "reason": "Factories"},
                                         Visibility.CIV, 2)])
    result = check_victory(more, VictoryConditions(ac_economic=50), 1)
    assert result is not None and result.winners == (2,)


def test_conquest_victory_needs_the_military_score_and_a_colony_taken() -> None:
    # Spartans MO+2 MM+2 MS+2; Power MS+2 MO+2: Military 10.
    w = _with({1: "spartans"}, {1: ("power",)})
    conditions = VictoryConditions(ac_conquest=9)
    assert check_victory(w, conditions, 2) is None
    assert alpha_centauri_distances(w, conditions, 1)["conquest"] == {"score": 10, "needs": 10, "short": 0,
                                                                      "occupies": False}
    taken = replace(w, colonies={5: Colony(5, 2, "vega-2", 10, 10, operational=True, occupied_by=1)})
    result = check_victory(taken, conditions, 2)
    assert result is not None and (result.reason, result.winners) == (EndReason.CONQUEST, (1,))


def test_transcendence_victory_is_research_above_the_threshold_or_ecology_above_half_of_it() -> None:
    university = _with({1: "university"}, {})  # RI+4: Research 4
    result = check_victory(university, VictoryConditions(ac_transcendence=3), 3)
    assert result is not None and result.reason is EndReason.TRANSCENDENCE
    gaians = _with({2: "gaians"}, {2: ("green",)})  # C+1, Green C+2: Ecology 3, above 5 // 2 = 2
    result = check_victory(gaians, VictoryConditions(ac_transcendence=5), 3)
    assert result is not None and result.winners == (2,)
    assert check_victory(gaians, VictoryConditions(ac_transcendence=6), 3) is None


def test_an_economic_victory_is_checked_before_the_score_threshold() -> None:
    w = _with({1: "morgan"}, {1: ("free_market", "wealth")})
    result = check_victory(w, VictoryConditions(score_threshold=1, ac_economic=12), 1)
    assert result is not None and result.reason is EndReason.ECONOMIC
    assert VictoryConditions.from_dict(VictoryConditions(ac_economic=50).as_dict()).ac_economic == 50


def test_diplomatic_victory_is_population_above_the_threshold_and_three_councils_in_a_row() -> None:
    # Peacekeepers PG+1 PC+3: Population 4.
    w = replace(_with({2: "peacekeepers"}, {}), governor=2, governor_terms=2)
    conditions = VictoryConditions(ac_diplomatic=3)
    assert check_victory(w, conditions, 8) is None
    assert alpha_centauri_distances(w, conditions, 2)["diplomatic"]["terms_short"] == 1
    result = check_victory(replace(w, governor_terms=3), conditions, 8)
    assert result is not None and (result.reason, result.winners) == (EndReason.DIPLOMATIC, (2,))
