"""An open websocket follows who may see the campaign: when the GM makes it private or removes a member, a socket
whose viewer may no longer see it gets nothing more (a last frame saying so, then close code 4403); a socket whose
viewer's role changes reads from then on as the new role. Real Daphne, real Redis channel layer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from cvsite.cluster import Cluster
from game.consumers import CLOSE_NOT_ALLOWED
from tests.live import Client, frame_events

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def demo(cluster_factory: Callable[..., Cluster]) -> tuple[Cluster, str, Client, int]:
    cluster = cluster_factory(daphnes=1, workers=0)
    cluster.manage("cv_demo")
    base = f"http://127.0.0.1:{cluster.daphne_ports[0]}"
    gm = Client(base).login("gm")
    return cluster, base, gm, gm.get("/api/campaigns/")[0]["id"]


def frames_until_closed(socket: ClientConnection) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame the socket still gets, and the code it is closed with."""
    frames = []
    try:
        while True:
            frames.append(json.loads(socket.recv(timeout=10)))
    except ConnectionClosed as closed:
        return frames, closed.rcvd.code if closed.rcvd else None


def frames_until(socket: ClientConnection, event_type: str) -> list[dict[str, Any]]:
    """Every frame up to and including the event of a type."""
    frames: list[dict[str, Any]] = []
    while not frames or event_type not in [event["type"] for event in frame_events(frames[-1])]:
        frames.append(json.loads(socket.recv(timeout=10)))
    return frames


def post(client: Client, path: str, body: dict[str, Any]) -> Any:
    status, answer = client.request("POST", path, body)
    assert status in (200, 201), (path, status, answer)
    return answer


def member_id(gm: Client, campaign_id: int, username: str) -> int:
    members = gm.get(f"/api/campaigns/{campaign_id}/")["members"]
    return int(next(m["user_id"] for m in members if m["username"] == username))


def test_a_spectators_socket_gets_nothing_once_the_campaign_is_private(
    cluster_factory: Callable[..., Cluster],
) -> None:
    _, base, gm, campaign_id = demo(cluster_factory)
    spectator = Client(base)
    with spectator.websocket(campaign_id) as socket:
        post(gm, f"/api/campaigns/{campaign_id}/visibility/", {"is_public": False})
        post(gm, f"/api/campaigns/{campaign_id}/rulings/", {"text": "Said to everyone, after the doors closed."})
        frames, code = frames_until_closed(socket)
    assert code == CLOSE_NOT_ALLOWED
    assert [f["type"] for f in frames] == ["access"] and frames[0]["allowed"] is False


def test_a_removed_players_socket_gets_nothing_after_the_removal(cluster_factory: Callable[..., Cluster]) -> None:
    _, base, gm, campaign_id = demo(cluster_factory)
    post(gm, f"/api/campaigns/{campaign_id}/visibility/", {"is_public": False})
    player = Client(base).login("player1")
    civ_id = player.get(f"/api/campaigns/{campaign_id}/")["viewer"]["civ_id"]
    with player.websocket(campaign_id) as socket:
        removed = member_id(gm, campaign_id, "player1")
        assert gm.request("DELETE", f"/api/campaigns/{campaign_id}/members/{removed}/")[0] == 204
        post(gm, f"/api/campaigns/{campaign_id}/notes/", {"text": "For your eyes only.", "civ_id": civ_id})
        post(gm, f"/api/campaigns/{campaign_id}/rulings/", {"text": "Said to everyone."})
        frames, code = frames_until_closed(socket)
    assert code == CLOSE_NOT_ALLOWED
    assert [f["type"] for f in frames] == ["access"]
    # And the campaign is gone for them, as for any stranger.
    assert player.request("GET", f"/api/campaigns/{campaign_id}/")[0] == 404


def test_a_socket_reads_as_the_new_role_when_a_spectator_joins_and_when_the_player_is_removed(
    cluster_factory: Callable[..., Cluster],
) -> None:
    cluster, base, gm, campaign_id = demo(cluster_factory)
    cluster.manage("shell", "-c", "from django.contrib.auth import get_user_model; "
                                  "get_user_model().objects.create_user('newcomer', password='centauri-demo')")
    newcomer = Client(base).login("newcomer")
    invite = gm.get(f"/api/campaigns/{campaign_id}/")["invite_token"]
    with newcomer.websocket(campaign_id) as socket:
        civ_id = post(newcomer, "/api/campaigns/join/", {"invite_token": invite, "civ_name": "Late Arrivals"})["civ_id"]
        joined = frames_until(socket, "CivilizationJoined")
        assert {"type": "viewer", "viewer": {"role": "player", "civ_id": civ_id}} in joined
        post(gm, f"/api/campaigns/{campaign_id}/notes/", {"text": "Welcome aboard.", "civ_id": civ_id})
        assert frame_events(frames_until(socket, "NoteSent")[-1])[-1]["payload"]["text"] == "Welcome aboard."

        gm.request("DELETE", f"/api/campaigns/{campaign_id}/members/{member_id(gm, campaign_id, 'newcomer')}/")
        post(gm, f"/api/campaigns/{campaign_id}/notes/", {"text": "Not for you any more.", "civ_id": civ_id})
        post(gm, f"/api/campaigns/{campaign_id}/rulings/", {"text": "Said to everyone."})
        after = frames_until(socket, "GmRuling")
    # The campaign is public: the removed player follows it as any guest, and their old civilization's notes
    # no longer reach them.
    assert {"type": "viewer", "viewer": {"role": "spectator", "civ_id": None}} in after
    assert [event["type"] for frame in after for event in frame_events(frame)] == ["GmRuling"]


def test_a_spectator_handed_a_seat_reads_as_its_player_at_once_without_waiting_for_a_public_event(
    cluster_factory: Callable[..., Cluster],
) -> None:
    cluster, base, gm, campaign_id = demo(cluster_factory)
    cluster.manage("shell", "-c", "from django.contrib.auth import get_user_model; "
                                  "from game.models import Membership; "
                                  "friend = get_user_model().objects.create_user('friend', password='centauri-demo'); "
                                  f"Membership.objects.create(campaign_id={campaign_id}, user=friend, "
                                  "role='spectator')")
    friend, player = Client(base).login("friend"), Client(base).login("player1")
    civ_id = player.get(f"/api/campaigns/{campaign_id}/")["viewer"]["civ_id"]
    with friend.websocket(campaign_id) as socket:
        post(player, f"/api/campaigns/{campaign_id}/seats/delegate/",
             {"delegate_user_id": member_id(gm, campaign_id, "friend"), "reason": "On holiday"})
        # The hand-over is the civilization's news only: it reaches the friend's socket as its new player.
        handed = frames_until(socket, "SeatHandedOver")
    assert {"type": "viewer", "viewer": {"role": "player", "civ_id": civ_id}} in handed
