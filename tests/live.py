"""Helpers for tests that talk to real running processes over HTTP and websockets, as a browser would."""

from __future__ import annotations

import http.cookiejar
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import weakref
from collections import deque
from contextlib import contextmanager
from typing import Any

from websockets.sync.client import ClientConnection, connect

DEMO_PASSWORD = "centauri-demo"


class Client:
    """A signed-in (or anonymous) HTTP client with its own cookies, sending CSRF like the pages do."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def _cookie(self, name: str) -> str:
        return next((c.value or "" for c in self.jar if c.name == name), "")

    def login(self, username: str, password: str = DEMO_PASSWORD) -> Client:
        page = self.opener.open(f"{self.base_url}/accounts/login/").read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token, "the sign-in page has a CSRF token"
        data = urllib.parse.urlencode({"username": username, "password": password,
                                       "csrfmiddlewaretoken": token.group(1)}).encode()
        request = urllib.request.Request(f"{self.base_url}/accounts/login/", data=data,
                                         headers={"Referer": f"{self.base_url}/accounts/login/"})
        self.opener.open(request)
        assert self._cookie("sessionid"), f"{username} could not sign in"
        return self

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "X-CSRFToken": self._cookie("csrftoken"),
                   "Referer": self.base_url + "/"}
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
        try:
            with self.opener.open(request) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def get(self, path: str) -> Any:
        status, body = self.request("GET", path)
        assert status == 200, (path, status, body)
        return body

    @contextmanager
    def websocket(self, campaign_id: int) -> Any:
        ws_url = self.base_url.replace("http", "ws", 1) + f"/ws/campaigns/{campaign_id}/"
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        headers = {"Origin": self.base_url, **({"Cookie": cookies} if cookies else {})}
        with connect(ws_url, additional_headers=headers, open_timeout=10) as socket:
            hello = json.loads(socket.recv(timeout=10))
            assert hello["type"] == "hello"
            yield socket


def frame_events(frame: dict[str, Any]) -> list[dict[str, Any]]:
    """The events a pushed frame carries (a batch, as the viewer may read it); none for other frames."""
    return list(frame["events"]) if frame.get("type") == "events" else []


# Events of a frame a socket received that `next_event` has not handed out yet (a frame carries a batch).
_UNREAD: weakref.WeakKeyDictionary[ClientConnection, deque[dict[str, Any]]] = weakref.WeakKeyDictionary()


def next_event(socket: ClientConnection, event_type: str, timeout: float = 10.0) -> dict[str, Any]:
    """The next pushed event of a type, skipping other frames and events."""
    unread = _UNREAD.setdefault(socket, deque())
    while True:
        while unread:
            event = unread.popleft()
            if event["type"] == event_type:
                return dict(event)
        unread.extend(frame_events(json.loads(socket.recv(timeout=timeout))))


def advance(gm: Client, campaign_id: int, timeout: float = 30.0) -> dict[str, Any]:
    """Close the open step as the GM and wait until a worker has resolved it and the next step is open."""
    base = f"/api/campaigns/{campaign_id}/"
    state = gm.get(base)
    status, body = gm.request("POST", base + "advance/", {"round": state["round"], "step": state["step"]})
    assert status == 202, body
    deadline = time.monotonic() + timeout
    while True:
        now: dict[str, Any] = gm.get(base)
        assert now["status"] != "failed", now["failure"]
        if now["status"] == "open" and (now["round"], now["step"]) != (state["round"], state["step"]):
            return now
        assert time.monotonic() < deadline, f"{state['step']} was not resolved within {timeout} s"
        time.sleep(0.05)


def advance_to(gm: Client, campaign_id: int, step: str, round_number: int | None = None) -> dict[str, Any]:
    """Advance, one resolved step at a time, until `step` (of `round_number`, if given) is open."""
    state: dict[str, Any] = gm.get(f"/api/campaigns/{campaign_id}/")
    while state["step"] != step or round_number not in (None, state["round"]):
        state = advance(gm, campaign_id)
    return state
