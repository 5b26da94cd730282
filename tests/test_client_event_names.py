"""The pages' scripts and templates name events and order kinds only as the server declares them (issue 35): a
type renamed or dropped in the catalogue, or misspelt in a script, would leave a panel that never refreshes."""

from __future__ import annotations

import re
from pathlib import Path

from game.engine.orders import order_kinds
from game.event_catalogue import all_event_types

FRONTEND = Path(__file__).resolve().parents[1] / "frontend"
CLIENT = sorted([*FRONTEND.glob("static/frontend/*.js"), *FRONTEND.glob("templates/frontend/*.html")])
# A quoted CamelCase word: how an event type or an order kind is written in a script; a JavaScript error class's
# own name (`this.name = "HttpError"`) is not one.
NAMED = re.compile(r"""(?<!name = )["'`]([A-Z][a-z]+(?:[A-Z][a-z0-9]*)+)["'`]""")


def test_every_event_or_order_kind_a_page_names_is_declared_by_the_server() -> None:
    declared = set(all_event_types()) | set(order_kinds())
    undeclared = sorted({f"{path.name}: {name}" for path in CLIENT
                         for name in NAMED.findall(path.read_text()) if name not in declared})
    assert not undeclared, "names the catalogue does not declare: " + ", ".join(undeclared)


def test_the_check_finds_the_panels_event_lists() -> None:
    named = {name for path in CLIENT for name in NAMED.findall(path.read_text())}
    assert {"SettingsInForce", "RepairStarted", "TradeRouteOpened", "PlotCourse"} <= named
