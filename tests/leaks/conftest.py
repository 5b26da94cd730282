from __future__ import annotations

import pytest

from tests.game.conftest import Table, make_table


@pytest.fixture
def table(db: None) -> Table:
    return make_table("leak")
