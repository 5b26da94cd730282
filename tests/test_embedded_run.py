"""The one-command start works on embedded defaults: SQLite, the in-memory channel layer, Celery in-process."""

from __future__ import annotations

from pathlib import Path

import pytest

from cvsite.cluster import start_cluster
from tests.live import Client, next_event


def test_embedded_app_resolves_a_step_in_process_and_pushes_it(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CV_SQLITE_PATH", str(tmp_path / "embedded.sqlite3"))
    cluster = start_cluster("", "", tmp_path / "logs", daphnes=1, workers=0)
    try:
        printed = cluster.manage("cv_demo", "--base-url", "http://example.test")
        assert "sign in as gm / centauri-demo" in printed and "Spectator:" in printed
        assert printed.count("Player:") == 3
        base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
        gm = Client(base).login("gm")
        spectator = Client(base)
        with spectator.websocket(1) as socket:
            status, state = gm.request("POST", "/api/campaigns/1/advance/", {"round": 1, "step": "explore.1"})
            assert status == 202, state
            opened = next_event(socket, "StepOpened")
        assert opened["payload"]["step"] == "explore.2"
        assert gm.get("/api/campaigns/1/")["step"] == "explore.2"
    finally:
        cluster.stop_all()
