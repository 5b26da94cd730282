"""What each viewer gets to see of a campaign's world, their notes, "since you were away", and the standings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import services
from game.engine.phases import ALL_STEPS
from game.models import Campaign, CivFigures
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"


@pytest.fixture
def demo(db: None) -> Table:
    table = make_table("demo", public=True)
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    return table


# The demo's civilizations' units: the standard start's, named in demo.yaml.
DEMO_UNITS = (
    {"Vigilant", "Resolute", "Sentinel", "Mayflower", "Yard One", "Providence", "Pathfinder"},
    {"Lotus", "Willow", "Thorn", "Second Spring", "Seedbed", "Harvest", "Deirdre"},
    {"Ledger", "Dividend", "Audit", "Venture", "Foundry", "Bullion", "Margin"},
)


def unit_names(view: dict[str, Any]) -> set[str]:
    return {u["name"] for u in view["units"]} | {u["name"] for u in view["other_units"]}


def test_a_player_sees_their_empire_and_not_the_others(demo: Table) -> None:
    body = demo.client(demo.players[0]).get(demo.url("view/")).json()
    assert body["kind"] == "civ" and body["civ_id"] == demo.civs[0].pk
    assert unit_names(body["view"]) == DEMO_UNITS[0]
    assert body["figures_now"] == {"mu": 1250, "ore": 60, "units": 7, "colonies": 1, "population": 40}
    other = demo.client(demo.players[0]).get(demo.url(f"view/?civ={demo.civs[1].pk}"))
    assert other.status_code == 404


def test_the_gm_sees_any_civilization_side_by_side(demo: Table) -> None:
    client = demo.client(demo.gm)
    views = [client.get(demo.url(f"view/?civ={civ.pk}")).json() for civ in demo.civs]
    assert [unit_names(v["view"]) for v in views] == list(DEMO_UNITS)


def test_a_spectator_sees_the_public_map_only(demo: Table) -> None:
    body = demo.client(None).get(demo.url("view/")).json()
    assert body["kind"] == "public"
    text = str(body)
    assert "Sol" in text and "The Maw" not in text  # hidden objects stay hidden
    for secret in ("Vigilant", "Lotus", "Ledger", "earth", "ore"):
        assert secret not in text
    assert demo.client(None).get(demo.url(f"view/?civ={demo.civs[0].pk}")).json()["kind"] == "public"


def test_notes_are_a_private_thread_between_a_civilization_and_the_gm(demo: Table) -> None:
    player = demo.client(demo.players[0])
    assert player.post(demo.url("notes/"), {"text": "Is the Maw real?"}, format="json").status_code == 201
    reply = {"text": "Your scientists are unsure.", "civ_id": demo.civs[0].pk}
    assert demo.client(demo.gm).post(demo.url("notes/"), reply, format="json").status_code == 201
    thread = player.get(demo.url("notes/")).json()
    assert [(n["payload"]["from"], n["payload"]["text"]) for n in thread] == [
        ("player", "Is the Maw real?"), ("gm", "Your scientists are unsure.")]
    assert demo.client(demo.players[1]).get(demo.url("notes/")).json() == []
    assert demo.client(None).get(demo.url("notes/")).json() == []
    inbox = demo.client(demo.gm).get(demo.url("notes/")).json()
    assert len(inbox) == 2


def test_a_note_can_be_attached_only_to_one_of_the_civilizations_orders(demo: Table) -> None:
    Campaign.objects.filter(pk=demo.campaign.pk).update(step_index=13)
    order = services.order_submit(demo.players[1], demo.campaign.pk, round=1, step="explore.14", kind="Declare",
                                  payload={"text": "Hide"}, idempotency_key="note-order-1")[0]
    response = demo.client(demo.players[0]).post(demo.url("notes/"), {"text": "x", "order_id": order.pk},
                                                 format="json")
    assert response.status_code == 400 and response.json()["field"] == "order_id"
    mine = demo.client(demo.players[1]).post(demo.url("notes/"), {"text": "Why?", "order_id": order.pk},
                                             format="json")
    assert mine.status_code == 201


def test_since_you_were_away_lists_what_came_after_the_last_look(demo: Table) -> None:
    player = demo.client(demo.players[0])
    first = player.get(demo.url("away/")).json()
    assert first["last_seen"] == 0 and any(e["type"] == "ScenarioLoaded" for e in first["events"])
    last = max(e["seq"] for e in first["events"])
    assert player.post(demo.url("seen/"), {"seq": last}, format="json").status_code == 200
    services.ruling_post(demo.gm, demo.campaign.pk, civ_id=demo.civs[0].pk, text="Solar flare: no scans.")
    away = player.get(demo.url("away/")).json()
    assert [e["type"] for e in away["events"]] == ["GmRuling"]
    assert player.post(demo.url("seen/"), {"seq": 10_000}, format="json").status_code == 400


def test_figures_are_kept_per_round_for_the_charts(demo: Table) -> None:
    assert CivFigures.objects.filter(civilization__campaign=demo.campaign, round=1).count() == 3
    Campaign.objects.filter(pk=demo.campaign.pk).update(step_index=len(ALL_STEPS) - 1)
    services.step_advance(demo.gm, demo.campaign.pk, expected_round=1, expected_step="exploit.9")
    services.step_resolve(demo.campaign.pk, 1, len(ALL_STEPS) - 1)
    history = demo.client(demo.players[0]).get(demo.url("view/")).json()["figures"]
    assert [h["round"] for h in history] == [1, 2]


def test_published_standings_reach_spectators(demo: Table) -> None:
    response = demo.client(demo.gm).post(demo.url("standings/"), {"figures": ["colonies", "population"]},
                                         format="json")
    assert response.status_code == 201
    events = demo.client(None).get(demo.url("events/")).json()["events"]
    standings = [e for e in events if e["type"] == "StandingsPublished"]
    assert standings[0]["payload"]["rows"][0] == {"civ_id": demo.civs[0].pk, "name": demo.civs[0].name,
                                                  "colonies": 1, "population": 40}
    bad = demo.client(demo.gm).post(demo.url("standings/"), {"figures": ["secrets"]}, format="json")
    assert bad.status_code == 400
    assert demo.client(demo.players[0]).post(demo.url("standings/"), {"figures": ["mu"]},
                                             format="json").status_code == 403
