"""Trade routes and a raid through the REST API on PostgreSQL (Exploit 2): the orders through `orders/`, the step
resolved with the campaign's seeded dice, and `GET trade-routes/` as each viewer may read it — the raided learns of
the raid but not who did it, the raider what it caught, the partner where the route runs but not its holds, a
spectator nothing. The scenario is the browser test's (tests/browser/trade_routes.yaml: the seed's first raid roll is
6, a catch at 10%)."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.game.conftest import Table, scenario_table

SCENARIO = Path(__file__).parents[1] / "browser" / "trade_routes.yaml"


@pytest.fixture
def trade(db: None) -> Table:
    return scenario_table("trade", SCENARIO, players=3)


def give(table: Table, player: int, kind: str, payload: dict[str, Any]) -> None:
    body = {**table.pointer(), "kind": kind, "payload": payload, "idempotency_key": uuid.uuid4().hex}
    response = table.client(table.players[player]).post(table.url("orders/"), body, format="json")
    assert response.status_code == 201, response.json()


def read(table: Table, player: int | None) -> dict[str, Any]:
    user = table.gm if player is None else table.players[player]
    answer: dict[str, Any] = table.client(user).get(table.url("trade-routes/")).json()
    return answer


def test_a_freighter_is_raided_on_a_route_and_each_side_reads_what_it_may(trade: Table) -> None:
    lyra = trade.civs[1].pk
    before = read(trade, 0)
    (partner,) = [p for p in before["partners"] if p["civ_id"] == lyra]
    assert (partner["level"], partner["mine"], partner["route_problem"]) == ("none", 0, "")
    trade.move_to(1, "exploit.2")
    give(trade, 0, "OpenTradeRoute", {"colony_id": 20, "to_colony_id": 21, "unit_ids": [2, 3]})
    give(trade, 2, "RaidCommerce", {"unit_id": 7, "sector_id": "4,0"})
    for _ in range(6):  # Exploit 2 to 7
        trade.resolve_step()

    mine = read(trade, 0)
    (route,) = mine["routes"]
    assert route["sectors"] == ["0,0", "1,0", "2,0", "3,0", "4,0"] and route["intercepts"] == 1
    assert [f["name"] for f in route["freighters"]] == ["Carrack"] and route["capacity_mu"] == 12
    lost = [h["description"] for h in mine["history"] if h["type"] == "FreighterLost"]
    assert len(lost) == 1 and lost[0].startswith("Raiders caught the freighter Cog") and "Hengrade" not in lost[0]
    assert not [h for h in mine["history"] if h["type"] in ("CommerceRaided", "RaidSwept")]
    (partner,) = [p for p in mine["partners"] if p["civ_id"] == lyra]
    # 5% of Lyra's 200 = 10, capped at the Carrack's 12, less a quarter (2) for the catch.
    assert (partner["how"], partner["mine"], partner["intercepts"]) == ("a trade route", 8, 1)

    raider = read(trade, 2)
    assert raider["routes"] == [] and raider["partner_routes"] == []
    assert [h["type"] for h in raider["history"]] == ["RaidSwept", "CommerceRaided"]

    theirs = read(trade, 1)
    (seen,) = theirs["partner_routes"]
    assert seen["sectors"] == route["sectors"] and "freighters" not in seen and "capacity_mu" not in seen
    assert not [h for h in theirs["history"] if h["type"] in ("FreighterLost", "CommerceRaided")]

    gm = read(trade, None)
    assert gm["role"] == "gm" and len(gm["routes"]) == 1 and gm["routes"][0]["freighters"]
    trade.campaign.is_public = True
    trade.campaign.save(update_fields=["is_public"])
    spectator = trade.client(None).get(trade.url("trade-routes/")).json()
    assert spectator["role"] == "spectator" and "routes" not in spectator
