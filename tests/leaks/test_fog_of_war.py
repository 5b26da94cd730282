"""Nothing leaked: three civilizations with different units, colonies, designs and orders; each player, a
spectator and a signed-in stranger call every endpoint of the URL conf (enumerated, so a new one is covered
without touching this test), open every page and read every websocket message through a whole round on real
Daphne, Celery, PostgreSQL and Redis. No one sees another civilization's secrets."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RegexPattern, RoutePattern
from websockets.sync.client import ClientConnection

from cvsite.cluster import Cluster
from game.engine.phases import ALL_STEPS, StepKind
from tests.leaks.scenario import LETTERS, PASSWORD
from tests.live import Client, frame_events

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
PLACEHOLDER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


@dataclass
class Viewer:
    label: str
    client: Client
    civ_id: int | None  # a player's civilization; None for the spectator and the stranger
    words: set[str] = field(default_factory=set)  # what this viewer must never read
    numbers: set[int] = field(default_factory=set)
    messages: list[dict[str, Any]] = field(default_factory=list)

    def leaks_in(self, text: str) -> list[str]:
        found = [w for w in self.words if w in text]
        found += [str(n) for n in self.numbers if re.search(rf"(?<![\d.]){n}(?!\d)", text)]
        return found


def url_templates() -> Iterator[str]:
    """Every route of the URL conf as a template with <name> placeholders (regex routes translated)."""

    def walk(patterns: list[URLPattern | URLResolver], prefix: str) -> Iterator[str]:
        for pattern in patterns:
            route = pattern.pattern
            if isinstance(route, RegexPattern):
                text = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<\1>", route.regex.pattern).lstrip("^").rstrip("$")
                text = text.replace("\\Z", "")
                if re.search(r"[\\()\[\]|?*+]", text):
                    continue  # a route no path can name without guessing (none of ours)
            else:
                assert isinstance(route, RoutePattern)
                text = str(route)
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + text)
            else:
                yield prefix + text

    yield from walk(get_resolver().url_patterns, "/")


def fill(template: str, candidates: Callable[[str], list[str]]) -> Iterator[str]:
    """Paths that use every candidate of every parameter at least once (side by side, not every combination)."""
    placeholders = [(m.group(0), candidates(m.group("name"))) for m in PLACEHOLDER.finditer(template)]
    for index in range(max((len(values) for _, values in placeholders), default=1)):
        path = template
        for placeholder, values in placeholders:
            path = path.replace(placeholder, values[index % len(values)], 1)
        yield path


def fetch(client: Client, method: str, path: str) -> tuple[int, str]:
    headers = {"X-CSRFToken": client._cookie("csrftoken"), "Referer": client.base_url + "/",
               "Content-Type": "application/json"}
    data = b"{}" if method == "POST" else None
    request = urllib.request.Request(client.base_url + path, data=data, method=method, headers=headers)
    try:
        with client.opener.open(request) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def drain_until_opened(viewer: Viewer, socket: ClientConnection, step_after: str) -> None:
    while True:
        try:
            message = json.loads(socket.recv(timeout=60))  # a loaded machine resolves slowly
        except TimeoutError:
            raise AssertionError(f"{viewer.label} never heard that {step_after} opened; last heard: "
                                 f"{viewer.messages[-3:]}") from None
        viewer.messages.append(message)
        if any(event["type"] == "StepOpened" and event["payload"]["step"] == step_after
               for event in frame_events(message)):
            return


@pytest.mark.timeout(300)  # a whole round and two sweeps of every route for five viewers
def test_no_viewer_reads_what_their_civilization_has_not_seen(isolated_cluster: Callable[..., Cluster]) -> None:
    cluster = isolated_cluster(daphnes=1, workers=1)
    setup = json.loads(cluster.manage("shell", "-v0", "-c", "from tests.leaks.scenario import build; build()"))
    campaign_id, civs = setup["campaign_id"], setup["civs"]
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = Client(base).login("leak-gm", PASSWORD)
    viewers = [Viewer(f"player {letter}", Client(base).login(civ["username"], PASSWORD), civ["civ_id"])
               for letter, civ in zip(LETTERS, civs, strict=True)]
    viewers += [Viewer("spectator", Client(base), None),
                Viewer("stranger", Client(base).login("leak-stranger", PASSWORD), None)]
    gm_only = {"leak-seed"}
    for viewer in viewers:
        for civ in civs:
            if civ["civ_id"] != viewer.civ_id:
                viewer.words |= set(civ["words"])
                viewer.numbers |= set(civ["numbers"])
        viewer.words |= gm_only | ({setup["invite_token"]} if viewer.civ_id is None else set())
    own_orders: dict[int | None, int] = {}

    def give_orders(round_number: int, step_index: int) -> None:
        step = ALL_STEPS[step_index]
        for letter, viewer in zip(LETTERS, viewers, strict=False):
            text = f"Secret plan {letter} for {step.key}"
            key = f"leakkey-{letter}-{round_number}-{step_index}"
            for other in viewers:
                if other is not viewer:
                    other.words |= {text, key}
            status, body = viewer.client.request("POST", f"/api/campaigns/{campaign_id}/orders/", {
                "round": round_number, "step": step.key, "kind": "Declare", "payload": {"text": text},
                "idempotency_key": key})
            assert status == 201, body
            own_orders[viewer.civ_id] = own_orders.get(viewer.civ_id, 0) + 1

    def sweep_every_endpoint() -> None:
        state = gm.get(f"/api/campaigns/{campaign_id}/")
        all_civs = [str(c["civ_id"]) for c in civs]
        unit_numbers = [str(min(c["numbers"])) for c in civs]  # one unit of each civilization

        def candidates(name: str) -> list[str]:
            if "campaign" in name:
                return [str(campaign_id)]
            if "token" in name:
                return [setup["invite_token"]]
            if "civ" in name:
                return all_civs
            if name in {"app_label"}:
                return ["game"]
            if "design" in name or "model" in name:
                return [w for c in civs for w in c["words"] if w.startswith("secretdesign")] + ["campaign"]
            return all_civs + unit_numbers + [str(state["last_seq"])]

        requests = []
        for template in url_templates():
            paths = list(fill(template, candidates))
            # No viewer here is staff: every admin route answers with the same sign-in redirect, one path shows it.
            for path in paths[:1] if template.startswith("/admin/") else paths:
                requests += [(path, method) for method in (["GET", "POST"] if path.startswith("/api/") else ["GET"])]

        def sweep_as(viewer: Viewer) -> None:
            for path, method in requests:
                status, body = fetch(viewer.client, method, path)
                for echoed in (path, urllib.parse.quote(path), urllib.parse.quote(path, safe="")):
                    body = body.replace(echoed, "")  # the viewer's own request, echoed (e.g. ?next=): not a leak
                why = re.findall(r"<title>(.*?)</title>|exception_value\">(.*?)</pre>", body, re.S)
                assert status < 500, (viewer.label, method, path, status, why)
                assert not viewer.leaks_in(body), (viewer.label, method, path, viewer.leaks_in(body))

        with ThreadPoolExecutor(len(viewers)) as pool:
            list(pool.map(sweep_as, viewers))  # list(): re-raise a failed assertion here

    sockets = {}
    with gm.websocket(campaign_id) as gm_socket:
        contexts = [viewer.client.websocket(campaign_id) for viewer in viewers]
        for viewer, context in zip(viewers, contexts, strict=True):
            sockets[viewer.label] = context.__enter__()
        try:
            for step_index, step in enumerate(ALL_STEPS):
                if step.kind is StepKind.ORDERS:
                    give_orders(1, step_index)
                if step.key == "explore.7":
                    sweep_every_endpoint()  # orders of every civilization are pending now
                status, body = gm.request("POST", f"/api/campaigns/{campaign_id}/advance/",
                                          {"round": 1, "step": step.key})
                assert status == 202, body
                after = ALL_STEPS[(step_index + 1) % len(ALL_STEPS)].key
                drain_until_opened(Viewer("gm", gm, None), gm_socket, after)
                for viewer in viewers:
                    drain_until_opened(viewer, sockets[viewer.label], after)
        finally:
            for context in contexts:
                context.__exit__(None, None, None)
    assert gm.get(f"/api/campaigns/{campaign_id}/")["round"] == 2
    sweep_every_endpoint()

    for viewer in viewers:
        text = json.dumps(viewer.messages)
        assert not viewer.leaks_in(text), (viewer.label, viewer.leaks_in(text))
        # Counts leak too: a public note of how many orders a step had tells a player what others did.
        for message in viewer.messages:
            for event in frame_events(message):
                assert event["payload"].get("orders", 0) <= (1 if viewer.civ_id is not None else 0), (viewer.label,
                                                                                                       message)
    assert any(event["type"] == "OrderAccepted" for m in viewers[0].messages for event in frame_events(m))
