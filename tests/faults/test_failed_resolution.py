"""A resolution that fails in a real worker shows its reason on the GM's dashboard (page and API), tells the GM
alone, and leaves the campaign at the step it was resolving; once the cause is fixed, the same step resolves."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cvsite.cluster import Cluster
from tests.faults.conftest import wait_until
from tests.faults.test_exactly_once import advance, demo
from tests.live import Client, next_event

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
BREAK_WORLD = "from game.models import Campaign; Campaign.objects.update(world={'units': [{'unit_id': 1}]})"


def test_failed_resolution_shows_its_reason_to_the_gm_and_keeps_the_step(
    isolated_cluster: Callable[..., Cluster],
) -> None:
    cluster = isolated_cluster(daphnes=1, workers=1)
    gm, campaign_id = demo(cluster)
    player = Client(gm.base_url).login("player1")
    world = cluster.manage("shell", "-v0", "-c", "from game.models import Campaign; import json; "
                           "print(json.dumps(Campaign.objects.get().world))")
    cluster.manage("shell", "-v0", "-c", BREAK_WORLD)
    with gm.websocket(campaign_id) as socket:
        advance(gm, campaign_id)
        failed = next_event(socket, "ResolutionFailed", timeout=30)
    assert "KeyError" in failed["payload"]["reason"]
    state = gm.get(f"/api/campaigns/{campaign_id}/")
    assert (state["step"], state["status"]) == ("explore.1", "failed") and "KeyError" in state["failure"]
    page = gm.opener.open(f"{gm.base_url}/campaigns/{campaign_id}/").read().decode()
    assert "KeyError" in page  # the reason, on the GM's dashboard
    assert "failure" not in player.get(f"/api/campaigns/{campaign_id}/")
    assert all(e["type"] != "ResolutionFailed" for e in player.get(f"/api/campaigns/{campaign_id}/events/")["events"])
    # The GM (or whoever looks after the server) repairs the world; Advance resolves the same step.
    restore = f"import json; from game.models import Campaign; Campaign.objects.update(world=json.loads({world!r}))"
    cluster.manage("shell", "-v0", "-c", restore)
    advance(gm, campaign_id)
    wait_until(lambda: gm.get(f"/api/campaigns/{campaign_id}/")["step"] == "explore.2", 30, "resolved after repair")
