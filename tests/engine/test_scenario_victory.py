"""A scenario's `victory` conditions and its `victory.` expectations (docs/scenarios.md, "Expectations"): the
campaign's result at the end of the last round, as the golden Alpha Centauri victories use it."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.scenario import ScenarioProblem, expectation_failures, parse_scenario, run_scenario

ECONOMY_SIX: dict[str, Any] = {
    "title": "Morgan's Economy is 5 (EC+3 EI+2)",
    "world": {"civs": [{"civ_id": 1, "name": "Morgan", "faction": "morgan"}]},
    "victory": {"ac_economic": 4},
    "expect": {"victory.reason": "economic", "victory.winners": [1]},
}


def test_a_victory_expectation_reads_the_result_under_the_scenarios_conditions() -> None:
    scenario = parse_scenario(ECONOMY_SIX, {})
    final = run_scenario(scenario).final
    assert expectation_failures(scenario, final) == []
    above = parse_scenario({**ECONOMY_SIX, "victory": {"ac_economic": 5}}, {})  # 5 is not above 5
    assert expectation_failures(above, final) == [
        "victory.reason: expected 'economic', got None", "victory.winners: expected [1], got None"]


def test_an_unknown_victory_condition_is_refused_naming_the_field() -> None:
    with pytest.raises(ScenarioProblem) as problem:
        parse_scenario({**ECONOMY_SIX, "victory": {"ac_cultural": 10}}, {})
    assert problem.value.field == "victory"
