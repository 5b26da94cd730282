"""The Planetary Governor's powers and the factions' sheets through the REST API on PostgreSQL (issue 16): a loaded
scenario's Governor is the campaign civilization that plays it; the Governor's Proposal, put through the order
endpoint in Explore 9 and voted in Explore 10, is read by everyone on the relations page; a player reads its own
faction's modifiers there."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.models import Event
from tests.game.conftest import Table, make_table
from tests.game.test_diplomacy import at, order, relations, resolve

pytestmark = pytest.mark.django_db
SCENARIO = Path(__file__).resolve().parent / "council.yaml"


@pytest.fixture
def council(db: None) -> Table:
    table = make_table("council", players=2)
    response = table.client(table.gm).post(table.url("scenario/"), {"text": SCENARIO.read_text()}, format="json")
    assert response.status_code == 200, response.json()
    return table


def test_a_player_reads_its_factions_modifiers_and_the_governor_is_the_scenarios(council: Table) -> None:
    sol = relations(council, 0)
    assert sol["council"]["governor"]["civ_id"] == council.civs[0].pk
    (mine,) = sol["social"]
    assert mine["faction_sheet"]["name"] == "Morgan Industries"
    assert "Colonies cost 25% more (Expand 5)" in mine["faction_sheet"]["modifiers"]
    assert "May not adopt Planned (Exploit 1)" in mine["faction_sheet"]["modifiers"]
    (theirs,) = relations(council, 1)["social"]  # each reads its own sheet
    assert theirs["faction_sheet"]["name"] == "University"


def test_the_governors_proposal_is_voted_by_the_council_and_everyone_reads_the_result(council: Table) -> None:
    at(council, 1, "explore.9")
    order(council, 0, "CouncilProposal", "propose", proposal="global_trade_pact")
    resolve(council)
    assert relations(council, 1)["council"]["proposal"] == {
        "key": "global_trade_pact", "name": "Global Trade Pact", "effect": "every civilization gains 25 MU"}
    at(council, 1, "explore.10")
    order(council, 0, "CouncilVote", "sol-votes", ballot="yes")
    order(council, 1, "CouncilVote", "vega-votes", ballot="no")
    resolve(council)
    last = relations(council, 1)["council"]["last_proposal"]
    # Sol: the previous Governor's 10 over Vega's equal leads, so the yes carries.
    assert (last["name"], last["passed"], last["yes"] > last["no"]) == ("Global Trade Pact", True, True)
    assert [b["name"] for b in last["ballots"]] == [council.civs[0].name, council.civs[1].name]
    assert relations(council, 1)["council"]["proposal"] is None
    assert Event.objects.get(campaign=council.campaign, type="CouncilProposalVoted").visibility == "public"


def test_with_factions_alone_the_page_still_shows_a_player_its_factions_sheet(db: None) -> None:
    table = make_table("factions", players=2)
    text = SCENARIO.read_text().replace("options: {council_every: 1, social: true}", "options: {}")
    response = table.client(table.gm).post(table.url("scenario/"), {"text": text}, format="json")
    assert response.status_code == 200, response.json()
    page = relations(table, 1)
    assert page["enabled"] and page["council"] is None
    assert page["social"][0]["faction_sheet"]["name"] == "University"
