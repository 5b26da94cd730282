"""Bad input never breaks the API: schemathesis generates requests from the OpenAPI schema (/api/schema/) and sends
them, in-process through Django's WSGI handler on PostgreSQL, as a signed-in GM and as a signed-in player, with
path ids pointing at a real campaign. No response is a server error, and every documented response keeps to
its schema. `CV_FUZZ_EXAMPLES` sets the examples per operation: 20 in a targeted run, 100 for a long run."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from tests.game.conftest import Table

EXAMPLES_PER_OPERATION = int(os.environ.get("CV_FUZZ_EXAMPLES", "20"))
# 100 examples took about 24 minutes as the GM (14 of them galaxy/generate, which makes a galaxy each time) and 15
# as a player on a loaded 2-core machine; 20 about a fifth of that.
pytestmark = [pytest.mark.django_db, pytest.mark.timeout(max(180, 24 * EXAMPLES_PER_OPERATION))]


@contextmanager
def one_connection() -> Iterator[None]:
    """As Django's test client does: a finished request must not close the connection that holds the test's
    transaction."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        yield
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)


@pytest.fixture
def api_schema(db: None) -> Any:
    with one_connection():
        return schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


def session_of(user: Any, table: Table) -> dict[str, Any]:
    """Cookies and headers of a browser session: the session and the CSRF token it sends with writes. The answers
    come uncompressed: schemathesis's WSGI client asks for gzip but does not unpack it, which a browser does."""
    client = Client()
    client.force_login(cast(User, user))
    client.get("/")
    token = client.cookies["csrftoken"].value
    return {"cookies": {"sessionid": client.cookies["sessionid"].value, "csrftoken": token},
            "headers": {"X-CSRFToken": token, "Accept-Encoding": "identity"}, "campaign_id": table.campaign.pk,
            "civ_id": table.civs[0].pk}


@pytest.fixture
def gm_session(table: Table) -> dict[str, Any]:
    return session_of(table.gm, table)


@pytest.fixture
def player_session(table: Table) -> dict[str, Any]:
    return session_of(table.players[0], table)


def call_as(case: Any, session: dict[str, Any]) -> None:
    for name in ("campaign_id", "civ_id"):
        if case.path_parameters and name in case.path_parameters:
            case.path_parameters[name] = session[name]  # a real campaign, so requests get past the lookup
    case.call_and_validate(cookies=session["cookies"], headers=session["headers"],
                           checks=[not_a_server_error, response_schema_conformance])


EXAMPLES = settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, suppress_health_check=list(HealthCheck),
                    derandomize=True, database=None)


def fuzz(api_schema: Any, session: dict[str, Any]) -> list[str]:
    """Each operation of the schema in turn; what broke, one entry per operation."""
    with one_connection():
        return [problem for result in api_schema.get_all_operations() if (problem := fuzz_one(result.ok(), session))]


def fuzz_one(operation: Any, session: dict[str, Any]) -> str:
    @EXAMPLES
    @given(case=operation.as_strategy())
    def run(case: Any) -> None:
        call_as(case, session)

    try:
        run()
    except Exception as error:  # a failing check, reported with the request that made it
        return f"{operation.method.upper()} {operation.path}: {error}"
    return ""


def test_api_as_gm_gives_no_server_error_and_keeps_to_its_schema(api_schema: Any, gm_session: dict[str, Any]) -> None:
    problems = fuzz(api_schema, gm_session)
    assert not problems, "\n\n".join(problems)


def test_api_as_player_gives_no_server_error_and_keeps_to_its_schema(
    api_schema: Any, player_session: dict[str, Any],
) -> None:
    problems = fuzz(api_schema, player_session)
    assert not problems, "\n\n".join(problems)
