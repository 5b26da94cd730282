"""The event log as each viewer reads it over REST: every event comes with its line, worded with the names that
viewer's map shows, and says whether it belongs in the chronicle."""

from __future__ import annotations

import pytest
import yaml
from django.test import Client

from game import services
from game.engine.world import Civilization as WorldCiv
from game.event_catalogue import all_event_types
from tests.engine.round_fixtures import unit, with_units, world
from tests.game.conftest import Table, make_table
from tests.worlds import put_world

pytestmark = pytest.mark.django_db


def plotted(table: Table) -> None:
    """Sol's scout Vigilant plots a course to Vega's sector in Explore 14, where Vega's warship Raider waits."""
    sol, vega = (civ.pk for civ in table.civs[:2])
    w = world(civs={sol: WorldCiv(sol, "Sol", mu=1_000, known_pois=frozenset({"sol"})),
                    vega: WorldCiv(vega, "Vega", mu=500, known_pois=frozenset({"vega"}))})
    w = with_units(w, unit(1, sol, "scout", name="Vigilant"), unit(2, vega, "warship", "1,0", "vega", name="Raider"))
    put_world(table.campaign.pk, w, step_index=13)
    body = {**table.pointer(), "kind": "PlotCourse", "payload": {"unit_id": 1, "sector_id": "1,0"},
            "idempotency_key": "plot-course-0001"}
    assert table.client(table.players[0]).post(table.url("orders/"), body, format="json").status_code == 201
    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="explore.14")
    assert services.step_resolve(table.campaign.pk, 1, 13)


def lines(table: Table, user: object) -> dict[str, tuple[str, bool]]:
    events = table.client(user).get(table.url("events/")).json()["events"]  # type: ignore[arg-type]
    return {e["type"]: (e["description"], e["chronicle"]) for e in events}


def test_a_player_reads_their_own_course_by_the_unit_s_name_in_the_chronicle() -> None:
    table = make_table("lines", public=True)
    plotted(table)
    mine = lines(table, table.players[0])
    assert mine["CoursePlotted"][0].startswith("Vigilant set course for Sector 1,0")
    assert mine["CoursePlotted"][1] is True
    # The step's machinery moves the indicator but stays out of the chronicle; a player is not told the order count.
    assert mine["StepResolved"] == ("Round 1, Explore 14: resolved.", False)
    assert lines(table, table.gm)["StepResolved"] == ("Round 1, Explore 14: resolved (1 order).", False)


def test_a_spectator_and_another_player_read_the_public_lines_only() -> None:
    table = make_table("public-lines", public=True)
    plotted(table)
    spectator = lines(table, None)
    assert "CoursePlotted" not in spectator and "CoursePlotted" not in lines(table, table.players[1])
    assert spectator["CivilizationJoined"] == ("public-lines civ 3 joined the campaign.", True)  # names as written
    assert all(line and "None" not in line and "{" not in line for line, _ in spectator.values())


def test_the_api_schema_lists_every_event_type_with_its_declared_payload(client: Client) -> None:
    schema = yaml.safe_load(client.get("/api/schema/").content)
    components = schema["components"]["schemas"]
    mapping = components["EventMessage"]["discriminator"]["mapping"]
    assert set(mapping) == set(all_event_types())
    arrived = components["UnitArrivedPayload"]
    assert arrived["properties"]["poi_id"] == {"type": "string", "nullable": True}
    assert set(arrived["required"]) == {"unit_id", "sector_id", "poi_id"}
    assert components["UnitArrivedMessage"]["properties"]["description"]["type"] == "string"
