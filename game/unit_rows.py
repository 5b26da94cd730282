"""The world's units, colonies and projects as rows (issue 19): written from the World the engine works on, so an
admin, a report or an API filter can query them, in the transaction that stores the events that changed them.

Only what changed is written: a step's new world shares every record it did not touch with the world before it
(`apply_events` copies only what a handler replaces), so comparing the two by id finds the changes in one pass;
records that are equal but not the same object (set again to what they were, or a world rebuilt from the log
after an undo) are compared by value. For units, the largest table, the pass reads only the ids `apply_events`
noted it set or deleted (`game.engine.apply.units_changed`): a scan of 50,000 units was most of a step's diff.
The typed columns are what filters read; `data` is the whole record (`record_to_dict`), so a new field needs no
migration.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, models

from game.copy_rows import insert_rows
from game.engine.apply import units_changed
from game.engine.world import (
    Colony,
    ConstructionProject,
    TerraformProject,
    Unit,
    World,
    record_to_dict,
)
from game.models import ColonyRow, ProjectRow, UnitRow

Row = dict[str, Any]  # column -> value, the columns of the table's model


def _unit_row(world: World, unit: Unit) -> Row:
    design = world.designs.get(unit.design_id)
    return {"unit_id": unit.unit_id, "civilization_id": unit.civ_id, "design_id": unit.design_id,
            "name": unit.name[:200], "scale": design.scale.title if design else "", "sector_id": unit.sector_id,
            "poi_id": unit.poi_id or "", "state": unit.state.value, "hp": unit.hp, "task": (unit.task or "")[:80],
            "data": record_to_dict(unit)}


def _colony_row(world: World, colony: Colony) -> Row:
    planet = world.planets.get(colony.planet_id)
    poi = world.pois.get(planet.poi_id) if planet is not None else None
    return {"colony_id": colony.colony_id, "civilization_id": colony.civ_id, "planet_id": colony.planet_id,
            "sector_id": poi.sector_id if poi is not None else "", "population": colony.population,
            "operational": colony.operational, "occupied_by": colony.occupied_by, "data": record_to_dict(colony)}


def _construction_row(world: World, project: ConstructionProject) -> Row:
    return {"project_id": project.project_id, "kind": ProjectRow.Kind.CONSTRUCTION.value,
            "civilization_id": project.civ_id, "site": project.poi_id, "design_id": project.design_id,
            "completed": project.completed, "data": record_to_dict(project)}


def _terraform_row(world: World, project: TerraformProject) -> Row:
    return {"project_id": project.project_id, "kind": ProjectRow.Kind.TERRAFORM.value,
            "civilization_id": project.civ_id, "site": project.planet_id, "design_id": "",
            "completed": project.completed, "data": record_to_dict(project)}


@dataclass(frozen=True)
class _Table:
    """One table of the world kept as rows: where its records are, how one becomes a row, which model holds it."""

    records: Callable[[World], Mapping[Any, Any]]
    row: Callable[[World, Any], Row]
    model: type[models.Model]
    key: str  # the record's id column
    kind: str = ""  # ProjectRow's kind, for the two project tables that share it
    # The ids of the records that may differ between two worlds, when known (None: any may)
    touched: Callable[[World, World], Collection[Any] | None] = lambda before, after: None

    def scope(self, campaign_id: int) -> models.QuerySet[Any]:
        rows = self.model._default_manager.filter(campaign_id=campaign_id)
        return rows.filter(kind=self.kind) if self.kind else rows

    def delete(self, campaign_id: int, ids: list[int]) -> None:
        """Delete the rows of the records `ids`. On PostgreSQL the ids go as one array: as thousands of
        placeholders, psycopg took longer to split and adapt the statement than PostgreSQL took to run it (a
        step's 2,400 rows: 40 ms -> 12 ms)."""
        if connection.vendor != "postgresql":
            self.scope(campaign_id).filter(**{f"{self.key}__in": ids}).delete()
            return
        table = connection.ops.quote_name(self.model._meta.db_table)
        of_kind, kind = (" AND kind = %s", [self.kind]) if self.kind else ("", [])
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {table} WHERE campaign_id = %s AND {self.key} = ANY(%s::bigint[]){of_kind}",
                           [campaign_id, ids, *kind])

    def write(self, campaign_id: int, world: World, records: Sequence[Any]) -> None:
        """Insert the rows of `records` (none of which has a row now)."""
        insert_rows(self.model, [{"campaign_id": campaign_id, **self.row(world, record)} for record in records],
                    json_columns=("data",))


TABLES = (
    _Table(lambda w: w.units, _unit_row, UnitRow, "unit_id", touched=units_changed),
    _Table(lambda w: w.colonies, _colony_row, ColonyRow, "colony_id"),
    _Table(lambda w: w.projects, _construction_row, ProjectRow, "project_id", ProjectRow.Kind.CONSTRUCTION),
    _Table(lambda w: w.terraforming, _terraform_row, ProjectRow, "project_id", ProjectRow.Kind.TERRAFORM),
)


def _diff(before: Mapping[Any, Any], after: Mapping[Any, Any],
          touched: Collection[Any] | None = None) -> tuple[list[Any], list[Any]]:
    """The records of `after` that are new or changed since `before`, and the ids `before` had that are gone;
    given `touched`, only those ids can be either."""
    if before is after:
        return [], []
    if touched is None:
        changed = [record for key, record in after.items()
                   if (old := before.get(key)) is not record and old != record]
        return changed, [key for key in before if key not in after]
    changed = [record for key in touched
               if (record := after.get(key)) is not None and (old := before.get(key)) is not record and old != record]
    return changed, [key for key in touched if key in before and key not in after]


def store(campaign_id: int, before: World | None, after: World) -> None:
    """Write the rows of `after`: only what changed since `before`, or, without it (a new world: a galaxy
    started, a scenario loaded), all of them in place of the campaign's rows. A changed record's row is
    replaced (deleted and inserted again), which costs less than updating it column by column."""
    if before is None:
        for table in TABLES:  # every table emptied first: the two project tables share one id column
            table.scope(campaign_id).delete()
        for table in TABLES:
            table.write(campaign_id, after, list(table.records(after).values()))
        return
    for table in TABLES:
        changed, gone = _diff(table.records(before), table.records(after), table.touched(before, after))
        stale = gone + [getattr(record, table.key) for record in changed]
        if stale:
            table.delete(campaign_id, stale)
        table.write(campaign_id, after, changed)
