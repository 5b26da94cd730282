"""A civilization's units read from their rows (issue 19), filtered and a page at a time, so a list of 50,000
units never loads the world. A player reads only their own civilization's units (another's are what their
sensors show, on the map); the GM reads every civilization's."""

from __future__ import annotations

from typing import Any

from game.errors import Forbidden, ServiceError
from game.models import Campaign, UnitRow
from game.visibility import Viewer

PAGE_SIZE = 100
FILTERS = {"sector": "sector_id", "state": "state", "design": "design_id", "civ": "civilization_id"}


def _row_json(row: UnitRow) -> dict[str, Any]:
    return {"unit_id": row.unit_id, "civ_id": row.civilization_id, "name": row.name, "design_id": row.design_id,
            "scale": row.scale, "sector_id": row.sector_id, "poi_id": row.poi_id or None, "state": row.state,
            "hp": row.hp, "task": row.task or None, "record": row.data}


def units_page(viewer: Viewer, campaign: Campaign, query: dict[str, Any]) -> dict[str, Any]:
    """Page `page` (from 1) of the units the viewer may list, filtered by Sector, state, design (and, for the
    GM, civilization)."""
    rows = UnitRow.objects.filter(campaign=campaign)
    if viewer.is_gm:
        pass
    elif viewer.civ_id is not None:
        if query.get("civ") not in (None, viewer.civ_id):
            raise Forbidden("You can list only your own civilization's units.", field="civ")
        rows = rows.filter(civilization_id=viewer.civ_id)
    else:
        raise Forbidden("Only the players and the GM have unit lists.")
    for name, column in FILTERS.items():
        if query.get(name) not in (None, ""):
            rows = rows.filter(**{column: query[name]})
    count = rows.count()
    pages = max(1, -(-count // PAGE_SIZE))
    page = query.get("page") or 1
    if page > pages:
        raise ServiceError(f"There are {pages} pages.", field="page")
    start = (page - 1) * PAGE_SIZE
    return {"count": count, "page": page, "pages": pages, "page_size": PAGE_SIZE,
            "units": [_row_json(row) for row in rows.order_by("unit_id")[start:start + PAGE_SIZE]]}
