"""Supply and crew through the REST API on PostgreSQL (issue 18): a player reads their own supply grid, each unit's
supply, stress and crew grade and their crew pool; a rival reads none of it; the GM reads every civilization's; a
spectator's answer is empty."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.game.conftest import Table, scenario_table

pytestmark = pytest.mark.django_db
SCENARIO = Path(__file__).resolve().parent / "supply.yaml"


@pytest.fixture
def grid(db: None) -> Table:
    return scenario_table("grid", SCENARIO, players=2)


def test_a_player_reads_their_grid_stress_and_crew_and_nothing_of_a_rival(grid: Table) -> None:
    mine = grid.client(grid.players[0]).get(grid.url("supply/")).json()
    assert (mine["role"], mine["supply"], mine["attrition"], mine["crew"]) == ("player", True, True, True)
    (civ,) = mine["civs"]
    assert {"0,0", "1,0", "0,1"} <= set(civ["grid"]) and "9,0" not in civ["grid"] and "4,0" not in civ["grid"]
    assert (civ["crew_pool"], civ["pool_growth"]) == (300, 1000)  # 10 Pop x 100 a quarter
    # Only the units that need a word are listed: the Picket, in supply with a regular crew, is counted.
    (raider,) = civ["units"]
    assert (raider["name"], civ["other_units"]) == ("Raider", 1)
    assert (raider["in_supply"], raider["stress"], raider["failures"], raider["grade"]) == (False, 20, 1, "veteran")
    # Veteran +10% Attack, 20% stress -20%: 110 x 80 / 100 = 88%.
    assert raider["attack_percent"] == 88
    rival = grid.client(grid.players[1]).get(grid.url("supply/")).json()
    (theirs,) = rival["civs"]
    assert "0,0" not in theirs["grid"] and (theirs["units"], theirs["other_units"]) == ([], 1)  # Vega's Guard
    assert theirs["crew_pool"] == 50


def test_the_gm_reads_every_civilization_and_a_spectator_nothing(grid: Table) -> None:
    gm = grid.client(grid.gm).get(grid.url("supply/")).json()
    assert gm["role"] == "gm" and [c["name"] for c in gm["civs"]] == ["grid civ 1", "grid civ 2"]
    grid.campaign.is_public = True
    grid.campaign.save(update_fields=["is_public"])
    guest = grid.client(None).get(grid.url("supply/")).json()
    assert guest["role"] == "spectator" and guest["civs"] == []
