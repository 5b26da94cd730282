"""Inserting many rows in one go. On PostgreSQL COPY takes tens of thousands of rows in a fraction of the time an
INSERT of model instances needs: Django 5.2's `bulk_create` binds each column as an array that psycopg quotes in
Python, element by element (1.9 s of a 50,000-unit round's profile went there). Elsewhere (SQLite, the embedded
default) `bulk_create` is used. And one row in one INSERT without the ORM, which took longer to build it than
PostgreSQL took to run it; and the columns of a row read without the ORM, for the same reason."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection, models
from django.db.models.expressions import Col
from django.db.models.fields import AutoFieldMixin
from psycopg.types.json import Jsonb

from game.json_text import json_bytes

BATCH = 2_000  # rows a statement where there is no COPY


def insert_rows(model: type[models.Model], rows: Sequence[Mapping[str, Any]],
                json_columns: Collection[str] = ()) -> None:
    """Insert `rows` (column name to value, every row the same columns) into `model`'s table; `json_columns` hold
    JSON values."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create([model(**row) for row in rows], batch_size=BATCH)
        return
    columns = list(rows[0])
    names = ", ".join(connection.ops.quote_name(column) for column in columns)
    json_at = [index for index, column in enumerate(columns) if column in json_columns]
    with connection.cursor() as cursor, cursor.copy(
            f"COPY {connection.ops.quote_name(model._meta.db_table)} ({names}) FROM STDIN") as copy:
        for row in rows:
            values = list(row.values())
            for index in json_at:
                values[index] = Jsonb(values[index], dumps=json_bytes)
            copy.write_row(values)


def insert_row(model: type[models.Model], row: Mapping[str, Any], json_columns: Collection[str] = ()) -> int:
    """Insert one row (column name to value; `json_columns` hold JSON values) into `model`'s PostgreSQL table
    and return its id: one INSERT, its text built once for each set of columns."""
    values: list[Any] = [Jsonb(value, dumps=json_bytes) if column in json_columns else value
                         for column, value in row.items()]
    with connection.cursor() as cursor:
        cursor.execute(_inserting_one(model, tuple(row)), values)
        (row_id,) = cursor.fetchone()
    return int(row_id)


@cache
def _inserting_one(model: type[models.Model], columns: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    return (f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(column) for column in columns)}) "
            f"VALUES ({', '.join(['%s'] * len(columns))}) RETURNING {quote(model._meta.pk.attname)}")


def insert_objects(objects: Sequence[models.Model]) -> None:
    """Insert unsaved instances of one model as `bulk_create` would (defaults and `auto_now_add` filled in), but
    without filling in their ids: for records nobody reads back at once (a step's battles, whose reports bound as
    arrays cost 0.2 s of a 50,000-unit round)."""
    if not objects:
        return
    model = type(objects[0])
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create(objects, batch_size=BATCH)
        return
    columns = {field.column: field for field in model._meta.concrete_fields
               if field.column is not None and not isinstance(field, AutoFieldMixin)}  # a concrete field has one
    # The values `bulk_create` would bind (a JSON field's already adapted, with its own encoder).
    insert_rows(model, [{column: field.get_db_prep_save(field.pre_save(instance, True), connection)
                         for column, field in columns.items()} for instance in objects])


@dataclass(frozen=True)
class ReadColumns:
    """Fields of a model to read in a statement built by hand: their columns for its SELECT, and the converters a
    query would apply to what it reads (JSON, and SQLite's times)."""

    names: list[str]  # the fields' attribute names, in the statement's order
    selected: str  # their columns, qualified by the table, for the statement's SELECT
    converted: list[tuple[int, Col, list[Callable[[Any, Any, Any], Any]]]]  # where a value read needs converting

    def values(self, row: Sequence[Any]) -> list[Any]:
        """The fields' values from the statement's `row` (these columns first), as a query would give them."""
        values = list(row[:len(self.names)])
        for index, column, converters in self.converted:
            for convert in converters:
                values[index] = convert(values[index], column, connection)
        return values


def read_columns(model: type[models.Model], fields: Sequence[models.Field[Any, Any]]) -> ReadColumns:
    """`fields` (concrete fields of `model`) to read by hand."""
    quote = connection.ops.quote_name
    table = model._meta.db_table
    converted = []
    for index, field in enumerate(fields):
        read_as = field.get_col(table)
        converters = connection.ops.get_db_converters(read_as) + read_as.get_db_converters(connection)
        if converters:
            converted.append((index, read_as, converters))
    return ReadColumns([field.attname for field in fields],
                       ", ".join(f"{quote(table)}.{quote(field.column or '')}" for field in fields), converted)
