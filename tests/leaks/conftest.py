from __future__ import annotations

import pytest

from tests.faults.conftest import isolated_cluster, own_redis  # noqa: F401  (fixtures, shared)
from tests.game.conftest import Table, make_table


@pytest.fixture
def table(db: None) -> Table:
    return make_table("leak")
