"""The run to the next step that needs someone on the embedded defaults (SQLite, the in-memory channel layer,
Celery in-process): one press resolves the steps one after another inside the request, without recursion, and
the page's socket gets each of them, in the order they happened."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cvsite.cluster import start_cluster
from tests.live import Client, frame_events


def test_embedded_run_on_resolves_step_after_step_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CV_SQLITE_PATH", str(tmp_path / "embedded.sqlite3"))
    cluster = start_cluster("", "", tmp_path / "logs", daphnes=1, workers=0)
    try:
        cluster.manage("cv_demo", "--base-url", "http://example.test")
        base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
        gm = Client(base).login("gm")
        with gm.websocket(1) as socket:
            status, state = gm.request("POST", "/api/campaigns/1/run-on/", {"round": 1, "step": "explore.1"})
            assert status == 202, state
            # Each step's frame is pushed as its resolution commits, before the step it opens runs on.
            seqs: list[int] = []
            resolved: list[str] = []
            started: dict[str, Any] | None = None
            stopped: dict[str, Any] | None = None
            while stopped is None:
                for pushed in frame_events(json.loads(socket.recv(timeout=10))):
                    seqs.append(pushed["seq"])
                    if pushed["type"] == "StepResolved":
                        resolved.append(pushed["payload"]["step"])
                    elif pushed["type"] == "RunOnStarted":
                        started = pushed
                    elif pushed["type"] == "RunOnStopped":
                        stopped = pushed["payload"]
            assert seqs == sorted(seqs), "frames reached the page out of order"
            assert started is not None and started["seq"] < seqs[-1]
        # The answer comes once the run has stopped: in-process, the whole run is part of the press.
        assert state["step"] == stopped["step"] and state["status"] == "open"
        assert resolved[:3] == ["explore.1", "explore.2", "explore.3"]
        assert "waits for" in stopped["reason"]
        assert gm.get("/api/campaigns/1/waiting/")["needs_someone"] is True
    finally:
        cluster.stop_all()
