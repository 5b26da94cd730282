"""The bot's API client: every call carries the bot's token and goes through the real URL conf, authentication,
views and serializers, either in-process (Django's WSGI test handler, for a Celery worker or `cv_autoplay` on
the embedded defaults) or over HTTP to a live server."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings
from django.test import Client as DjangoClient


class BotApiError(Exception):
    """The API refused a call: its status and the error it gave (`{"error", "field"}`)."""

    def __init__(self, method: str, path: str, status: int, body: Any) -> None:
        super().__init__(f"{method} {path}: {status} {body}")
        self.status, self.body = status, body


class Transport(Protocol):
    def __call__(self, method: str, path: str, body: dict[str, Any] | None) -> tuple[int, bytes]: ...


def in_process(token: str) -> Transport:
    """Calls the site in this process, as a request from `localhost` would reach it (no CSRF for a token)."""
    client = DjangoClient(HTTP_AUTHORIZATION=f"Token {token}", HTTP_HOST=_host())

    def call(method: str, path: str, body: dict[str, Any] | None) -> tuple[int, bytes]:
        if method == "GET":
            response = client.get(path)
        else:
            response = client.generic(method, path, json.dumps(body or {}), content_type="application/json")
        return response.status_code, response.content

    return call


def _host() -> str:
    hosts = [h for h in settings.ALLOWED_HOSTS if h and not h.startswith(".") and h != "*"]
    return hosts[0] if hosts else "localhost"


def over_http(base_url: str, token: str, timeout: float = 60.0) -> Transport:
    """Calls a live server at `base_url` (`http://host:port`)."""

    def call(method: str, path: str, body: dict[str, Any] | None) -> tuple[int, bytes]:
        data = None if method == "GET" else json.dumps(body or {}).encode()
        request = urllib.request.Request(base_url.rstrip("/") + path, data=data, method=method, headers={
            "Authorization": f"Token {token}", "Content-Type": "application/json", "Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return int(response.status), bytes(response.read())
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    return call


@dataclass
class BotClient:
    """The campaign's endpoints a player uses. `record`, when given, receives every response's text (what the bot
    read), for the leak checks."""

    transport: Transport
    campaign_id: int
    record: Callable[[str, str], None] | None = None

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        full = f"/api/campaigns/{self.campaign_id}/{path}"
        status, content = self.transport(method, full, body)
        text = content.decode(errors="replace")
        if self.record is not None:
            self.record(f"{method} {full}", text)
        parsed = json.loads(text) if text else None
        if status >= 400:
            raise BotApiError(method, full, status, parsed)
        return parsed

    def state(self) -> dict[str, Any]:
        return dict(self._call("GET", ""))

    def view(self) -> dict[str, Any]:
        """`view/`, with a player's map (`map/`, which their view leaves out) put back into it."""
        body = dict(self._call("GET", "view/"))
        if body.get("kind") == "civ" and "sectors" not in body["view"]:
            body["view"].update(self._call("GET", "map/"))
        return body

    def fleets(self) -> list[dict[str, Any]]:
        """The player's fleet panel: each of its fleets with its members, where it is and where it is heading."""
        return list(self._call("GET", "fleets/")["fleets"])

    def legal_orders(self) -> list[dict[str, Any]]:
        """The offers, each field with its choices in full: the API sends a list several fields share once (in the
        field with its `choices_id`) and the others refer to it (`choices_ref`)."""
        offers = list(self._call("GET", "legal-orders/"))
        shared = {f["choices_id"]: f["choices"] for o in offers for f in o["fields"] if "choices_id" in f}
        for form_field in (f for o in offers for f in o["fields"] if "choices_ref" in f):
            form_field["choices"] = shared[form_field["choices_ref"]]
        return offers

    def order(self, round: int, step: str, kind: str, payload: dict[str, Any], key: str) -> dict[str, Any]:
        return dict(self._call("POST", "orders/", {"round": round, "step": step, "kind": kind, "payload": payload,
                                                   "idempotency_key": key}))

    def ready(self, round: int, step: str) -> None:
        self._call("POST", "ready/", {"round": round, "step": step})
