"""Research through the services and the REST API on PostgreSQL (issue 14): a player's tree and projects with their
odds, nothing of them for a rival; a research order in Explore 13 and its first roll in Explore 3; the GM's ruling on
a catastrophe (a change needs a reason), a granted discovery that opens a part in the designer, and the
technologies the GM publishes as all a rival reads of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.models import Event
from tests.game.conftest import Table, scenario_table

pytestmark = pytest.mark.django_db
SCENARIO = Path(__file__).resolve().parent / "research.yaml"
MISSILE_BOAT = {"name": "Missile Boat", "scale": "CORVETTE",
                "stats": {"sensors": 1, "signature": 10, "movement_rate": 1, "targeting": 1, "evasion": 1,
                          "hp": 10},
                "weapons": [{"type": "missile", "average_damage": 3}]}


@pytest.fixture
def lab(db: None) -> Table:
    return scenario_table("lab", SCENARIO, players=2)


def test_a_player_reads_their_tree_and_odds_and_a_rival_reads_none_of_it(lab: Table) -> None:
    mine = lab.client(lab.players[0]).get(lab.url("research/")).json()
    assert mine["enabled"] and mine["system"] == "cluster_war"
    (project,) = mine["projects"]
    assert (project["tech_name"], project["successes"], project["needed"]) == ("Missile Engine Technology", 1, 2)
    # 200 MU a round on nothing spent yet: the table's 8% and the Lab's 3 stations.
    assert project["next_chance"] == {"spent": 200, "effective": 200, "base": 8, "bonus": 3, "chance": 11}
    nodes = {n["key"]: n for n in mine["tree"]["nodes"]}
    assert nodes["missile_engine"]["status"] == "in_progress" and nodes["missile_engine"]["chance"] == 11
    assert nodes["mass_driver"]["status"] == "known" and nodes["warhead_1"]["status"] == "locked"
    assert nodes["hull_destroyer"]["status"] == "available"
    odds = lab.client(lab.players[0]).get(lab.url("research/odds/?project_id=50&mu=400")).json()
    assert odds["chance"] == 16 + 3
    rival = lab.client(lab.players[1])
    assert rival.get(lab.url("research/")).json()["projects"] == []
    assert rival.get(lab.url("research/odds/?project_id=50&mu=400")).json()["field"] == "project_id"


def test_a_research_order_in_explore_13_rolls_in_the_next_explore_3(lab: Table) -> None:
    lab.move_to(1, "explore.13")
    body = {**lab.pointer(), "kind": "StartResearch", "idempotency_key": "vega-cruiser",
            "payload": {"tech": "hull_cruiser", "poi_id": "vega", "mu_per_round": 250}}
    assert lab.client(lab.players[1]).post(lab.url("orders/"), body, format="json").status_code == 201
    lab.resolve_step()
    started = Event.objects.get(campaign=lab.campaign, type="ResearchStarted")
    assert (started.visibility, started.civilization_id) == ("civ", lab.civs[1].pk)
    lab.move_to(2, "explore.3")
    lab.resolve_step()
    rolled = Event.objects.get(campaign=lab.campaign, type="ResearchRolled", payload__tech="hull_cruiser")
    assert rolled.payload["chance"] == 10 and rolled.payload["mu"] == 250
    history = lab.client(lab.players[1]).get(lab.url("research/")).json()["history"]
    assert "ResearchRolled" in [h["type"] for h in history]


def test_the_gm_confirms_or_changes_a_catastrophe_with_a_reason(lab: Table) -> None:
    gm = lab.client(lab.gm)
    url = lab.url("research/catastrophe/")
    refused = gm.post(url, {"project_id": 50, "severity": "minor"}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "reason"
    assert lab.client(lab.players[0]).post(url, {"project_id": 50, "severity": "disaster"},
                                           format="json").status_code == 403
    answer = gm.post(url, {"project_id": 50, "severity": "serious", "reason": "The lab's shielding held"},
                     format="json")
    assert answer.status_code == 200
    ruled = Event.objects.get(campaign=lab.campaign, type="CatastropheRuled")
    assert ruled.payload["severity"] == "serious" and ruled.payload["proposed"] == "disaster"
    assert ruled.payload["damaged"] == [2] and ruled.payload["successes_after"] == 1
    (project,) = lab.client(lab.players[0]).get(lab.url("research/")).json()["projects"]
    assert project["catastrophe"] == "" and project["successes"] == 1
    again = gm.post(url, {"project_id": 50, "severity": "serious"}, format="json")
    assert again.status_code == 400 and again.json()["field"] == "project_id"


def test_a_granted_discovery_opens_its_part_in_the_designer_and_the_gm_publishes_it(lab: Table) -> None:
    player = lab.client(lab.players[0])
    preview = player.post(lab.url("designs/preview"), MISSILE_BOAT, format="json").json()
    assert any(p["field"] == "weapons[0].type" for p in preview["problems"])
    gm = lab.client(lab.gm)
    refused = gm.post(lab.url("research/grant/"), {"civ_id": lab.civs[0].pk, "tech": "missile_engine",
                                                  "reason": ""}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "reason"
    assert gm.post(lab.url("research/grant/"), {"civ_id": lab.civs[0].pk, "tech": "missile_engine",
                                               "reason": "Seen in the battle of Sol"},
                   format="json").status_code == 200
    preview = player.post(lab.url("designs/preview"), MISSILE_BOAT, format="json").json()
    assert preview["problems"] == []
    assert player.get(lab.url("research/")).json()["projects"] == []  # the project on it closed
    rival = lab.client(lab.players[1])
    assert rival.get(lab.url("research/")).json()["role"] == "player"
    assert gm.post(lab.url("research/publish/"), {"civ_id": lab.civs[0].pk, "reason": "The Sol Exhibition"},
                   format="json").status_code == 200
    published = Event.objects.get(campaign=lab.campaign, type="ResearchPublished")
    assert published.visibility == "public" and "missile_engine" in published.payload["techs"]


def test_the_gm_adjusts_a_project_with_a_reason_and_its_last_success_makes_the_technology_known(lab: Table) -> None:
    gm = lab.client(lab.gm)
    url = lab.url("research/adjust/")
    body = {"project_id": 50, "successes": 1, "spent": 150, "scientists": 2, "reason": ""}
    assert gm.post(url, body, format="json").json()["field"] == "reason"
    assert gm.post(url, {**body, "reason": "Two Vegan scientists defect to Sol"}, format="json").status_code == 200
    (project,) = lab.client(lab.players[0]).get(lab.url("research/")).json()["projects"]
    # 200 MU a round on 150 spent: 350 MU, 14%; the Lab's 3 stations and 2 scientists add 5.
    assert (project["spent"], project["scientists"], project["next_chance"]["chance"]) == (150, 2, 19)
    assert gm.post(url, {**body, "successes": 2, "reason": "The prototype works"}, format="json").status_code == 200
    assert Event.objects.filter(campaign=lab.campaign, type="TechnologyLearned", payload__tech="missile_engine",
                                payload__how="research").exists()


def test_the_gm_sees_which_technologies_a_civilization_saw_in_action(lab: Table) -> None:
    overview = lab.client(lab.gm).get(lab.url("research/")).json()
    vega = next(c for c in overview["civs"] if c["civ_id"] == lab.civs[1].pk)
    # Vega detects Sol's Missile Boat: missiles are its next research (it knows mass drivers), a discovery to grant.
    assert vega["seen"] == [{"tech": "missile_engine", "tech_name": "Missile Engine Technology",
                             "seen_on": "Wasp", "owner": "lab civ 1"}]
