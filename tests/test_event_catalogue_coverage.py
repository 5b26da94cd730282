"""Every event type the catalogue declares is emitted by some test: a declaration nobody emits is either dead or
untested. Runs last, and only means something when the whole suite ran (tests/conftest.py records the types)."""

from __future__ import annotations

import pytest

from game.event_catalogue import all_event_types
from tests.conftest import EMITTED_EVENT_TYPES, WHOLE_SUITE


def test_every_declared_event_type_is_emitted_by_some_test(request: pytest.FixtureRequest) -> None:
    if not request.config.stash.get(WHOLE_SUITE, False):
        pytest.skip("Only the whole suite emits every event type.")
    assert sorted(set(all_event_types()) - EMITTED_EVENT_TYPES) == []
