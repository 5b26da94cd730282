"""Diplomacy through the services and the REST API on PostgreSQL (issue 16): a trade agreement proposed in Explore 9
and accepted in Explore 10 through the order endpoint, its income in Exploit, a broken treaty both parties read in
their thread; the GM's stance with a reason, and the settings' "At war" turned into the world's stance."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import services
from game.engine.phases import ALL_STEPS, STEPS_BY_KEY
from game.models import Campaign, Event
from game.services.settings import settings_change
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db
SCENARIO = Path(__file__).resolve().parent / "diplomacy.yaml"


@pytest.fixture
def pair(db: None) -> Table:
    table = make_table("dip", players=2)
    response = table.client(table.gm).post(table.url("scenario/"), {"text": SCENARIO.read_text()}, format="json")
    assert response.status_code == 200, response.json()
    return table


def at(table: Table, round_number: int, key: str) -> None:
    Campaign.objects.filter(pk=table.campaign.pk).update(round=round_number,
                                                         step_index=ALL_STEPS.index(STEPS_BY_KEY[key]))


def resolve(table: Table) -> None:
    now = Campaign.objects.get(pk=table.campaign.pk)
    services.step_advance(table.gm, now.pk, expected_round=now.round, expected_step=now.step.key)
    assert services.step_resolve(now.pk, now.round, now.step_index)


def order(table: Table, player: int, kind: str, key: str, **payload: Any) -> dict[str, Any]:
    body = {**table.pointer(), "kind": kind, "idempotency_key": f"diplomacy-{key}", "payload": payload}
    response = table.client(table.players[player]).post(table.url("orders/"), body, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def relations(table: Table, player: int) -> dict[str, Any]:
    return dict(table.client(table.players[player]).get(table.url("relations/")).json())


def test_a_trade_agreement_agreed_by_orders_brings_income_and_breaking_it_is_told_to_both(pair: Table) -> None:
    sol, vega = pair.civs[0].pk, pair.civs[1].pk
    at(pair, 1, "explore.9")
    order(pair, 0, "ProposeTreaty", "trade", to_civ_id=vega, treaty="trade_full", terms="Ore at cost")
    resolve(pair)
    (waiting,) = relations(pair, 1)["counterparts"][0]["proposals"]
    assert (waiting["from_name"], waiting["treaty"], waiting["terms"]) == ("dip civ 1", "trade_full", "Ore at cost")
    order(pair, 1, "AnswerTreaty", "yes", from_civ_id=sol, treaty="trade_full", answer="accept")
    resolve(pair)
    mine = relations(pair, 0)["counterparts"][0]
    assert (mine["trade"], mine["trade_percent"], mine["treaties"]) == ("full", 10, ["trade"])
    for key in ("exploit.5", "exploit.7", "exploit.9"):
        at(pair, 1, key)
        resolve(pair)
    # Full trade: 10% of the partner's 40 MU of taxes = 4, within the cap of 25% of one's own 40.
    mine = relations(pair, 0)
    assert mine["counterparts"][0]["income"] == {"round": 1, "mine": 4, "theirs": 4} and mine["trade_income"] == 4
    at(pair, 2, "explore.9")
    order(pair, 1, "BreakTreaty", "break", to_civ_id=sol, treaty="trade", text="Your ore is poor.")
    resolve(pair)
    for player in (0, 1):
        thread = relations(pair, player)["counterparts"][0]["thread"]
        assert thread[0]["type"] == "TreatyBroken" and "Your ore is poor." in thread[0]["description"]
    assert relations(pair, 0)["counterparts"][0]["trade"] == "none"
    assert pair.client(None).get(pair.url("relations/")).status_code in (403, 404)


def test_the_gm_sets_a_stance_with_a_reason_and_the_settings_read_war_from_the_world(pair: Table) -> None:
    sol, vega = pair.civs[0].pk, pair.civs[1].pk
    gm = pair.client(pair.gm)
    refused = gm.post(pair.url("relations/stance/"), {"civ_a": sol, "civ_b": vega, "stance": "war", "reason": ""},
                      format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "reason"
    assert gm.post(pair.url("relations/stance/"), {"civ_a": vega, "civ_b": sol, "stance": "war",
                                                   "reason": "Border raids"}, format="json").status_code == 200
    told = Event.objects.get(campaign=pair.campaign, type="StanceSet")
    assert told.payload["reason"] == "Border raids" and sorted(told.payload["seen_by"]) == sorted([sol, vega])
    assert relations(pair, 1)["counterparts"][0]["stance"] == "war"
    settings = gm.get(pair.url("settings/")).json()
    assert settings["in_force"]["wars"] == [sorted([sol, vega])]
    # The GM makes peace through the settings' "At war": a StanceSet with the reason, not a second record.
    settings_change(pair.gm, pair.campaign.pk, changes={"wars": []}, reason="A truce")
    assert Event.objects.filter(campaign=pair.campaign, type="StanceSet", payload__reason="A truce").exists()
    assert relations(pair, 0)["counterparts"][0]["stance"] == "neutral"
    assert pair.client(pair.players[0]).post(pair.url("relations/stance/"), {
        "civ_a": sol, "civ_b": vega, "stance": "peace", "reason": "mine"}, format="json").status_code == 403


def test_the_gms_economy_ruling_brings_an_economic_victory_at_the_end_of_exploit(pair: Table) -> None:
    sol = pair.civs[0].pk
    gm = pair.client(pair.gm)
    settings_change(pair.gm, pair.campaign.pk, changes={"victory_ac_economic": 50}, reason="Alpha Centauri rules")
    refused = gm.post(pair.url("relations/social/"), {"civ_id": sol, "code": "EC", "delta": 51, "reason": " "},
                      format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "reason"
    assert gm.post(pair.url("relations/social/"), {"civ_id": sol, "code": "EC", "delta": 51,
                                                   "reason": "A trade empire"}, format="json").status_code == 200
    mine = relations(pair, 0)["social"][0]
    assert mine["scores"]["E"] == 51 and mine["victory"]["economic"] == {"score": 51, "needs": 51, "short": 0}
    assert relations(pair, 1)["social"][0]["scores"]["E"] == 0  # a rival reads only its own
    at(pair, 1, "exploit.9")
    resolve(pair)
    ended = Event.objects.get(campaign=pair.campaign, type="CampaignEnded")
    assert ended.payload["reason"] == "economic" and ended.payload["winners"] == [sol]


def test_a_council_vote_with_a_secret_bid_elects_a_governor_everyone_reads(pair: Table) -> None:
    vega = pair.civs[1].pk
    settings_change(pair.gm, pair.campaign.pk, changes={"module_ac_council": True, "council_every_rounds": 1},
                    reason="The Council sits")
    at(pair, 1, "exploit.1")
    order(pair, 1, "CouncilBid", "bid", mu=15)
    resolve(pair)
    voted = Event.objects.get(campaign=pair.campaign, type="CouncilVoted")
    assert voted.visibility == "public" and voted.payload["governor"] == vega
    council = relations(pair, 0)["council"]
    assert council["governor"]["civ_id"] == vega and council["every"] == 1
    # Every tie leads (each factor at 0, one colony and unit each): 80 votes each, and Vega's 15 MU bid.
    assert [(t["civ_id"], t["votes"]) for t in council["last"]["tallies"]] == [(vega, 95), (pair.civs[0].pk, 80)]
    bid = Event.objects.get(campaign=pair.campaign, type="CouncilBidPaid")
    assert (bid.visibility, bid.civilization_id) == ("civ", vega)  # the bid is Vega's secret
