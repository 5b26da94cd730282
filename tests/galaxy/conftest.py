from __future__ import annotations

from typing import Any

from game.engine.races import EXAMPLE_RACES
from tests.game.conftest import Table, other_table, stranger, table  # noqa: F401 - shared fixtures

# A small map keeps each generation fast; the rules are the same at 70x70 (benchmarks/galaxy.py).
SMALL = {"width": 30, "height": 30}
GENERATE = {"settings": SMALL, "seed": "galaxy-test", "home_worlds": 3, "min_distance": 8}


def generate(at: Table, **overrides: object) -> dict[str, Any]:
    response = at.client(at.gm).post(at.url("galaxy/generate/"), {**GENERATE, **overrides}, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def race_json(index: int) -> dict[str, Any]:
    """One of the four §3.2 example races as the race builder sends it."""
    race = EXAMPLE_RACES[index]
    return {"name": race.name, "home_world": race.home_world, "description": race.description,
            "picks": [{"key": p.key, "levels": p.levels} for p in race.picks]}


def approve_all(at: Table, faction: str = "spartans") -> None:
    """Each civilization picks `faction` and the GM approves it, as the start requires."""
    for player, civ in zip(at.players, at.civs, strict=True):
        submitted = at.client(player).post(at.url("setup/"), {"kind": "faction", "faction": faction}, format="json")
        assert submitted.status_code == 201, submitted.json()
        approved = at.client(at.gm).post(at.url(f"civilizations/{civ.pk}/review/"), {"approve": True}, format="json")
        assert approved.status_code == 200, approved.json()
