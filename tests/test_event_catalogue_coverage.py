"""Every event type the catalogue declares is emitted by some test: a declaration nobody emits is either dead or
untested. Runs last, and only in a whole-suite run (tests/conftest.py records the types and deselects this test from
a narrowed run)."""

from __future__ import annotations

from game.event_catalogue import all_event_types
from tests.conftest import EMITTED_EVENT_TYPES


def test_every_declared_event_type_is_emitted_by_some_test() -> None:
    assert sorted(set(all_event_types()) - EMITTED_EVENT_TYPES) == []
