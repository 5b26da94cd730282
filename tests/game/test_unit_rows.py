"""Issue 19: the world's units, colonies and projects are rows an admin, a report or an API filter can query. The
event log stays the record: after every golden scenario played through the app (loaded by the GM, its orders
given by its players, each step resolved as the worker does), and after an undo, the rows are exactly the world
replayed from the snapshot and the log. A player lists only their own units, filtered and a page at a time."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
import yaml

from combat.engine.registry import COMBAT_SYSTEMS
from game import services, state_io
from game.engine.phases import Pointer
from game.engine.scenario import parse_scenario
from game.engine.world import World, record_to_dict
from game.errors import ServiceError
from game.models import Campaign, Civilization, ColonyRow, ProjectRow, UnitRow
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db
GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.yaml"))
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"


def _rows_as_world(campaign: Campaign) -> dict[str, dict[int, dict[str, Any]]]:
    projects = ProjectRow.objects.filter(campaign=campaign)
    return {
        "units": {r.unit_id: r.data for r in UnitRow.objects.filter(campaign=campaign)},
        "colonies": {r.colony_id: r.data for r in ColonyRow.objects.filter(campaign=campaign)},
        "projects": {r.project_id: r.data for r in projects.filter(kind="construction")},
        "terraforming": {r.project_id: r.data for r in projects.filter(kind="terraform")},
    }


def _as_rows(world: World) -> dict[str, dict[int, dict[str, Any]]]:
    return {table: {key: record_to_dict(record) for key, record in getattr(world, table).items()}
            for table in ("units", "colonies", "projects", "terraforming")}


def _replayed(campaign: Campaign) -> World:
    """The world rebuilt from the stored snapshot and the log, not the process's cached one."""
    campaign.refresh_from_db()
    return state_io._rebuild(campaign.pk, campaign.state_seq)


def _map_civs(value: Any, key: str, civ_ids: dict[int, int]) -> Any:
    return civ_ids.get(value, value) if "civ" in key and isinstance(value, int) else value


def _play(table: Table, path: Path) -> None:
    """Load the scenario as its GM, then play it to its end: its players give its orders, the steps resolve."""
    scenario = parse_scenario(yaml.safe_load(path.read_text()), COMBAT_SYSTEMS)
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=path.read_text())
    civ_ids = {old: civ.pk for old, civ in zip(sorted(scenario.world.civs), table.civs, strict=False)}
    players = {civ.pk: user for civ, user in zip(table.civs, table.players, strict=True)}
    while True:
        campaign = Campaign.objects.get(pk=table.campaign.pk)
        if campaign.pointer.round > scenario.last_pointer.round or campaign.status != Campaign.Status.OPEN:
            return
        for number, entry in enumerate(scenario.orders):
            order = entry.order
            if entry.round != campaign.round or order.step_key != campaign.step.key:
                continue
            payload = {key: _map_civs(value, key, civ_ids) for key, value in order.payload.items()}
            # An order a seeded roll made illegal is refused, as it would be for a player.
            with contextlib.suppress(ServiceError):
                services.order_submit(players[civ_ids[order.civ_id]], campaign.pk, round=campaign.round,
                                      step=order.step_key, kind=order.kind, payload=payload,
                                      idempotency_key=f"golden-{number}")
        table.resolve_step()
        if Campaign.objects.get(pk=table.campaign.pk).pointer == Pointer(campaign.round, campaign.step_index):
            return  # the step waits (a battle, a choice) or the campaign ended


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_unit_colony_and_project_rows_are_the_replayed_world_after_every_golden_scenario(
        db: None, path: Path) -> None:
    table = make_table(path.stem[:20], players=len(yaml.safe_load(path.read_text())["world"]["civs"]))
    _play(table, path)
    assert _rows_as_world(table.campaign) == _as_rows(_replayed(table.campaign))
    now = Campaign.objects.get(pk=table.campaign.pk)
    services.step_undo(table.gm, now.pk, expected_round=now.round, expected_step=now.step.key,
                       reason="Checking the rows follow an undo.")
    assert _rows_as_world(table.campaign) == _as_rows(_replayed(table.campaign))


def _loaded_demo(table: Table) -> None:
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())


def test_a_player_lists_only_their_own_units_filtered_by_sector_state_and_design(table: Table) -> None:
    _loaded_demo(table)
    mine = UnitRow.objects.filter(campaign=table.campaign, civilization=table.civs[0])
    listed = table.client(table.players[0]).get(table.url("units/")).json()
    assert listed["count"] == mine.count() > 0
    assert {u["civ_id"] for u in listed["units"]} == {table.civs[0].pk}
    first = mine.first()
    assert first is not None
    query = f"units/?sector={first.sector_id}&state={first.state}&design={first.design_id}"
    filtered = table.client(table.players[0]).get(table.url(query)).json()
    assert first.unit_id in {u["unit_id"] for u in filtered["units"]}
    assert all(u["sector_id"] == first.sector_id and u["design_id"] == first.design_id for u in filtered["units"])
    other = table.client(table.players[0]).get(table.url(f"units/?civ={table.civs[1].pk}"))
    assert other.status_code == 403


def test_the_gm_lists_every_civilizations_units_a_page_at_a_time(table: Table) -> None:
    _loaded_demo(table)
    listed = table.client(table.gm).get(table.url("units/")).json()
    assert listed["count"] == UnitRow.objects.filter(campaign=table.campaign).count()
    assert {u["civ_id"] for u in listed["units"]} == {c.pk for c in table.civs}
    assert table.client(table.gm).get(table.url("units/?page=99")).status_code == 400


def test_a_step_writes_only_the_unit_rows_it_changed(table: Table) -> None:
    _loaded_demo(table)
    before = {r.unit_id: r.pk for r in UnitRow.objects.filter(campaign=table.campaign)}
    table.resolve_step()  # Explore 1: nothing is en route in the demo, no unit changes
    assert {r.unit_id: r.pk for r in UnitRow.objects.filter(campaign=table.campaign)} == before


def test_staff_filter_units_in_the_admin_and_cannot_edit_them(table: Table) -> None:
    _loaded_demo(table)
    from django.contrib.auth import get_user_model
    from django.test import Client

    staff = get_user_model().objects.create_user("rows-staff", password="a-long-test-password", is_staff=True,
                                                 is_superuser=True)
    client = Client()
    client.force_login(staff)
    civ = Civilization.objects.filter(campaign=table.campaign).first()
    assert civ is not None
    page = client.get(f"/admin/game/unitrow/?civilization__id__exact={civ.pk}&state=operational")
    assert page.status_code == 200
    row = UnitRow.objects.filter(campaign=table.campaign, civilization=civ).first()
    assert row is not None and row.name in page.content.decode()
    assert client.post(f"/admin/game/unitrow/{row.pk}/change/", {"name": "Renamed"}).status_code == 403


def test_a_new_world_replaces_every_row_even_where_its_project_ids_meet_the_old_worlds(table: Table) -> None:
    from game import unit_rows
    from game.engine.world import ConstructionProject, TerraformProject

    civ = table.civs[0].pk
    old = World(terraforming={5: TerraformProject(5, civ, "p-1", (), 12)})
    new = World(projects={5: ConstructionProject(5, civ, "p", "starter-utility-truck", None, (), 10)})
    unit_rows.store(table.campaign.pk, None, old)
    unit_rows.store(table.campaign.pk, None, new)
    assert _rows_as_world(table.campaign) == _as_rows(new)
