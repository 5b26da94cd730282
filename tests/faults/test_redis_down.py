"""While Redis (channel layer, cache and broker in one) is down, on real Daphne, Celery workers, beat and PostgreSQL:
a write answers its true status once and is stored once, sign-in works, and once Redis returns pages catch up from
the log and the GM's step is resolved by the sweep. The figures docs/operations.md quotes are printed (-s)."""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from cvsite.cluster import Cluster
from tests.faults.conftest import RedisServer, sql, wait_until
from tests.faults.test_exactly_once import demo, resolution, resolved_steps, sweeping_cluster
from tests.live import DEMO_PASSWORD, Client, advance_to, next_event

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def timed_request(client: Client, method: str, path: str, body: object) -> tuple[int, object, float]:
    started = time.monotonic()
    status, answer = client.request(method, path, body)
    return status, answer, time.monotonic() - started


def events_of(database_url: str, campaign_id: int, event_type: str) -> int:
    return int(sql(database_url, "SELECT count(*) FROM game_event WHERE campaign_id = %s AND type = %s",
                   campaign_id, event_type)[0][0])


def test_an_order_and_a_note_given_while_redis_is_down_answer_201_once_and_reach_pages_when_it_returns(
    live_database: str, own_redis: RedisServer, tmp_path: Path,
) -> None:
    cluster = sweeping_cluster(live_database, own_redis.url, tmp_path / "logs")
    try:
        gm, campaign_id = demo(cluster)
        player = Client(gm.base_url).login("player1")
        api = f"/api/campaigns/{campaign_id}/"
        state = advance_to(gm, campaign_id, "explore.7")  # the first step that takes orders
        with player.websocket(campaign_id) as socket:
            seen = player.get(api + "events/")["last_seq"]
            own_redis.kill()
            killed_at = time.monotonic()
            # The page's socket is told its push channel is gone (it reconnects with a back-off).
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011
            print(f"\nRedis killed -> the page's socket closed 1011: {time.monotonic() - killed_at:.2f} s")

        order = {"round": state["round"], "step": state["step"], "kind": "Declare",
                 "payload": {"text": "Hold the line"}, "idempotency_key": "while-redis-is-down"}
        status, body, order_seconds = timed_request(player, "POST", api + "orders/", order)
        assert status == 201, body
        status, body, note_seconds = timed_request(player, "POST", api + "notes/", {"text": "Redis is down"})
        assert status == 201, body
        print(f"Redis down: order 201 in {order_seconds * 1000:.0f} ms, note 201 in {note_seconds * 1000:.0f} ms")
        # Each stored once: a client had no 500 to retry on.
        assert [o["idempotency_key"] for o in player.get(api + "orders/")] == ["while-redis-is-down"]
        assert events_of(live_database, campaign_id, "OrderAccepted") == 1
        assert events_of(live_database, campaign_id, "NoteSent") == 1

        def socket_opens() -> bool:
            try:
                with player.websocket(campaign_id):
                    return True
            except Exception:  # refused: the page retries, as here
                return False

        assert not socket_opens()
        own_redis.start()
        restarted_at = time.monotonic()
        reconnected_at = wait_until(socket_opens, 30, "a socket opens again", interval=0.1)
        print(f"Redis back -> a page's socket opens again: {reconnected_at - restarted_at:.2f} s")
        with player.websocket(campaign_id) as socket:
            # What the page catches up on as it reconnects: both writes, in order, nothing twice.
            missed = player.get(api + f"events/?since={seen}")["events"]
            assert [e["type"] for e in missed] == ["OrderAccepted", "NoteSent"]
            # And pushes flow again.
            status, body = player.request("POST", api + "notes/", {"text": "Redis is back"})
            assert status == 201, body
            assert next_event(socket, "NoteSent")["payload"]["text"] == "Redis is back"
    finally:
        cluster.stop_all()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None  # the answer itself is what the test reads


def sign_in(base_url: str, username: str, password: str, next_page: str) -> tuple[int, str, str]:
    """Sign in through the page as a browser does: the answer's status, where it sends the browser, its session."""
    client = Client(base_url)
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(client.jar), _NoRedirect)
    page = opener.open(f"{base_url}/accounts/login/").read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token, "the sign-in page has a CSRF token"
    data = urllib.parse.urlencode({"username": username, "password": password, "next": next_page,
                                   "csrfmiddlewaretoken": token.group(1)}).encode()
    request = urllib.request.Request(f"{base_url}/accounts/login/", data=data,
                                     headers={"Referer": f"{base_url}/accounts/login/"})
    try:
        with opener.open(request) as response:
            return response.status, "", ""
    except urllib.error.HTTPError as answer:
        session = next((c.value or "" for c in client.jar if c.name == "sessionid"), "")
        return answer.code, answer.headers.get("Location", ""), session


def test_sign_in_works_while_redis_is_down_with_the_session_in_postgresql(
    live_database: str, own_redis: RedisServer, tmp_path: Path,
) -> None:
    cluster = sweeping_cluster(live_database, own_redis.url, tmp_path / "logs")
    try:
        gm, campaign_id = demo(cluster)
        own_redis.kill()
        page = f"/campaigns/{campaign_id}/"
        # A wrong password is told so (the failure cannot be counted: nothing is locked out for it).
        status, _, _ = sign_in(gm.base_url, "player1", "not the password", page)
        assert status == 200
        status, location, session = sign_in(gm.base_url, "player1", DEMO_PASSWORD, page)
        assert (status, location) == (302, page)
        assert sql(live_database, "SELECT count(*) FROM django_session WHERE session_key = %s", session) == [(1,)]
    finally:
        cluster.stop_all()


def test_advance_while_redis_is_down_answers_202_and_the_sweep_resolves_the_step_once_redis_returns(
    live_database: str, own_redis: RedisServer, tmp_path: Path,
) -> None:
    cluster: Cluster = sweeping_cluster(live_database, own_redis.url, tmp_path / "logs")
    try:
        gm, campaign_id = demo(cluster)
        api = f"/api/campaigns/{campaign_id}/"
        state = gm.get(api)
        own_redis.kill()
        status, body, seconds = timed_request(gm, "POST", api + "advance/", {"round": state["round"],
                                                                            "step": state["step"]})
        assert status == 202, body
        print(f"\nRedis down: Advance 202 in {seconds * 1000:.0f} ms")
        assert resolution(live_database, campaign_id) == ("queued", 0)
        own_redis.start()
        restarted_at = time.monotonic()
        done_at = wait_until(lambda: resolution(live_database, campaign_id) == ("done", 1), 45, "swept")
        print(f"Redis back -> the step is resolved by the sweep: {done_at - restarted_at:.1f} s")
        assert resolved_steps(gm, campaign_id) == ["explore.1"]
        assert gm.get(api)["step"] == "explore.2"
    finally:
        cluster.stop_all()
