"""A bot reads only what its player may: the leak scenario's three civilizations (nobody detects anybody, each
with its secret units, colonies, designs and treasury) are handed to their bots, which play a whole round through
the API over HTTP with their tokens, on real Daphne, Celery, PostgreSQL and Redis (the workers' bots play the same
steps: the orders are stored once). Every response a bot received is searched for the other civilizations'
secrets, with the same check the players' leak test uses."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest

from cvsite.cluster import Cluster
from game.bots.client import BotClient, over_http
from game.bots.play import play_turn
from tests.leaks.scenario import LETTERS, PASSWORD
from tests.leaks.test_fog_of_war import Viewer
from tests.live import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
# Besides what a turn reads (the state, the view, the offers), every other read a bot has.
ALSO_READ = ("view/", "legal-orders/", "orders/", "events/?since=0", "notes/", "away/", "")
SEAT_BOTS = """
import json
from game.models import Campaign, Civilization
from game.services import seats, bots
from django.contrib.auth import get_user_model
campaign = Campaign.objects.get()
gm = get_user_model().objects.get(username="leak-gm")
out = {}
for civ in Civilization.objects.filter(campaign=campaign).order_by("pk"):
    seat = seats.seat_hand_to_bot(gm, campaign.pk, civ_id=civ.pk, rounds=None, reason="leak test")
    out[civ.pk] = bots.bot_token(seat.delegate_id)
print(json.dumps(out))
"""


def recorder(sink: list[tuple[str, str]]) -> Callable[[str, str], None]:
    return lambda call, text: sink.append((call, text))


@pytest.mark.timeout(300)
def test_a_bot_never_receives_another_civilizations_hidden_data(cluster_factory: Callable[..., Cluster]) -> None:
    cluster = cluster_factory(daphnes=1, workers=1)
    setup = json.loads(cluster.manage("shell", "-v0", "-c", "from tests.leaks.scenario import build; build()"))
    campaign_id, civs = setup["campaign_id"], setup["civs"]
    tokens = {int(civ): token for civ, token in json.loads(cluster.manage("shell", "-v0", "-c", SEAT_BOTS)).items()}
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = Client(base).login("leak-gm", PASSWORD)
    read: dict[int, list[tuple[str, str]]] = {civ["civ_id"]: [] for civ in civs}
    bots = []
    for letter, civ in zip(LETTERS, civs, strict=True):
        viewer = Viewer(f"bot {letter}", gm, civ["civ_id"], words={"leak-seed", setup["invite_token"]})
        for other in civs:
            if other["civ_id"] != civ["civ_id"]:
                viewer.words |= set(other["words"])
                viewer.numbers |= set(other["numbers"])
        transport = over_http(base, tokens[civ["civ_id"]])
        client = BotClient(transport, campaign_id, record=recorder(read[civ["civ_id"]]))
        bots.append((viewer, transport, client))

    path = f"/api/campaigns/{campaign_id}/"
    state = gm.get(path)
    while state["round"] == 1:
        for viewer, transport, client in bots:
            play_turn(client, f"leak-{viewer.label}")  # unless the workers' bot was quicker
            for endpoint in ALSO_READ:
                status, content = transport("GET", path + endpoint, None)
                assert status == 200, (viewer.label, endpoint, status, content[:300])
                read[viewer.civ_id or 0].append((f"GET {endpoint}", content.decode()))
        status, body = gm.request("POST", path + "advance/", {"round": state["round"], "step": state["step"]})
        assert status == 202, body
        deadline = time.monotonic() + 60
        while (now := gm.get(path))["status"] != "open" or now["step"] == state["step"]:
            assert now["status"] != "failed", now["failure"]
            assert time.monotonic() < deadline, f"{state['step']} was not resolved"
            time.sleep(0.05)
        state = now

    for viewer, _, _ in bots:
        last_read = [text for call, text in read[viewer.civ_id or 0] if call.startswith("GET events/")][-1]
        log = json.loads(last_read)["events"]
        assert {"CivilizationReady", "SeatHandedOver"} <= {e["type"] for e in log}, viewer.label  # a bot played
        for call, text in read[viewer.civ_id or 0]:
            assert not viewer.leaks_in(text), (viewer.label, call, viewer.leaks_in(text))
    # The bots' own reads say they are their civilizations' players (not spectators who would read nothing).
    for viewer, _, client in bots:
        assert client.state()["viewer"] == {"role": "player", "civ_id": viewer.civ_id}
