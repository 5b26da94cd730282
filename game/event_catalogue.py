"""The one event catalogue of the project: the game's event types with the combat and galaxy engines'.

`game.engine` may not import the other engines, so the whole catalogue is put together here, and everything that
validates, describes or documents events (the ledger, the selectors, the battle report, the OpenAPI schema) asks
this module."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings

from combat.engine.events import COMBAT_EVENTS
from galaxy.engine.events import GALAXY_EVENTS
from game.engine.catalogue import GAME_EVENTS, Catalogue, EventType, Names, Optional, nullable
from game.engine.events import Event, Visibility
from game.engine.rule_module import rule_modules

# What the OpenAPI schema reads of a declaration, so the edges never import the engine.
__all__ = ["EventType", "Optional", "Visibility", "nullable"]

CATALOGUE = Catalogue(GAME_EVENTS, *(module.events for module in rule_modules()), COMBAT_EVENTS, GALAXY_EVENTS)


def all_event_types() -> dict[str, EventType]:
    return dict(CATALOGUE.types)


def validate_event(event_type: str, payload: dict[str, Any]) -> None:
    CATALOGUE.validate(event_type, payload)


def check_event(event: Event) -> None:
    CATALOGUE.check(event)


def check_appended(events: Iterable[Event]) -> None:
    """Where events are appended to a campaign's log: with `settings.CV_CHECK_EVENTS` (on in tests) each must
    match its declaration, so a payload that drifts from the catalogue fails the test that produced it."""
    if settings.CV_CHECK_EVENTS:
        for event in events:
            CATALOGUE.check(event)


def describe(event_type: str, payload: dict[str, Any], names: Names) -> str:
    return CATALOGUE.describe(event_type, payload, names)


def in_chronicle(event_type: str) -> bool:
    return CATALOGUE.chronicle(event_type)
