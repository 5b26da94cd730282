"""The bot's play of the personnel module: a spy recruited while it has none free, a free agent sent to gather
intelligence on a rival's colony in its Sector, or kept on counter-intelligence at home."""

from __future__ import annotations

import random
from typing import Any

from game.bots import missions  # noqa: F401  (registers the module's planners)
from game.bots.strategy import Situation, decide


def situation(offers: list[dict[str, Any]], mu: int = 200) -> Situation:
    view = {"civ": {"civ_id": 1, "name": "Sol", "mu": mu}, "colonies": [{"colony_id": 1, "civ_id": 1}]}
    return Situation(state={"round": 3}, view=view, offers=offers, rng=random.Random(7))


def mission_offer(colonies: list[int]) -> dict[str, Any]:
    return {"kind": "Mission", "payload": {"unit_id": 9}, "fields": [
        {"name": "mission", "choices": [{"value": "gather_intel"}, {"value": "counter_intelligence"}]},
        {"name": "colony_id", "choices": [{"value": c} for c in colonies]}]}


RECRUIT = {"kind": "RecruitAgent", "payload": {}, "fields": [{"name": "colony_id", "choices": [{"value": 1}]}]}


def test_a_bot_recruits_a_spy_at_home_when_it_has_no_free_agent() -> None:
    assert decide(situation([RECRUIT])) == [
        {"kind": "RecruitAgent", "payload": {"colony_id": 1, "role": "spy", "name": "Agent 3"}}]
    assert decide(situation([RECRUIT], mu=10)) == []


def test_a_free_agent_spies_on_a_rival_colony_in_its_sector_or_keeps_watch_at_home() -> None:
    assert decide(situation([RECRUIT, mission_offer([1, 7])])) == [
        {"kind": "Mission", "payload": {"unit_id": 9, "mission": "gather_intel", "colony_id": 7}}]
    assert decide(situation([mission_offer([1])])) == [
        {"kind": "Mission", "payload": {"unit_id": 9, "mission": "counter_intelligence", "colony_id": 1}}]
