"""The battle report every system writes: JSON payloads, one fate per unit, a replayable exchange series."""

from __future__ import annotations

import json
import random

import pytest

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.dice import SeededDice
from game.engine.events import Visibility
from tests.engine.test_combat_units import random_skirmish

FATES = {"UnitDestroyed", "UnitSurrendered", "UnitEscaped", "UnitDamaged", "UnitUnharmed"}


@pytest.mark.parametrize("key", sorted(COMBAT_SYSTEMS))
@pytest.mark.parametrize("seed", range(20))
def test_report_is_json_gm_visible_and_gives_each_unit_one_fate(key: str, seed: int) -> None:
    battle = random_skirmish(random.Random(seed))
    result = COMBAT_SYSTEMS[key].fight(battle, SeededDice(seed))
    json.dumps([event.payload for event in result.events])
    assert all(event.visibility is Visibility.GM for event in result.events)
    assert result.events[0].type == "BattleStarted"
    assert result.events[-1].type == "BattleEnded"
    assert result.events[-1].payload["ending"] == result.ending.value
    fates = [event.payload["unit_id"] for event in result.events if event.type in FATES]
    assert sorted(fates) == sorted(u.unit_id for side in battle.sides for u in side.units)


@pytest.mark.parametrize("key", ["instant_mass", "separate_weapon"])
def test_report_exchanges_chart_both_fleets_from_start_to_end(key: str) -> None:
    battle = random_skirmish(random.Random(3))
    result = COMBAT_SYSTEMS[key].fight(battle, SeededDice(3))
    start = {e.payload["side_id"]: e.payload["endurance"] for e in result.events if e.type == "FleetTotalled"}
    series = [e.payload for e in result.events if e.type == "ExchangeFought"]
    assert [x["exchange"] for x in series] == list(range(1, len(series) + 1))
    assert result.events[-1].payload["exchanges"] == len(series)
    for before, after in zip([{"endurance_left": start}, *series], series, strict=False):
        assert after["endurance_left"][after["target"]] == pytest.approx(
            max(0, before["endurance_left"][after["target"]] - after["dealt"])
        )


@pytest.mark.parametrize("key", sorted(COMBAT_SYSTEMS))
def test_same_seed_gives_the_same_battle_in_every_system(key: str) -> None:
    battle = random_skirmish(random.Random(12))
    system = COMBAT_SYSTEMS[key]
    assert system.fight(battle, SeededDice(8)) == system.fight(battle, SeededDice(8))
