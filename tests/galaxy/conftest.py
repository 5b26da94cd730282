from __future__ import annotations

from typing import Any

from tests.game.conftest import Table, other_table, stranger, table  # noqa: F401 - shared fixtures

# A small map keeps each generation fast; the rules are the same at 70x70 (benchmarks/galaxy.py).
SMALL = {"width": 30, "height": 30}
GENERATE = {"settings": SMALL, "seed": "galaxy-test", "home_worlds": 3, "min_distance": 8}


def generate(at: Table, **overrides: object) -> dict[str, Any]:
    response = at.client(at.gm).post(at.url("galaxy/generate/"), {**GENERATE, **overrides}, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())
