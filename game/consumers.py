"""The campaign websocket: push-only. Writes go over HTTP; each pushed event is filtered for this viewer."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from game.errors import NotFound
from game.realtime import campaign_group
from game.selectors import Viewer, campaign_for, message_for

CLOSE_NOT_ALLOWED = 4403


class CampaignConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    viewer: Viewer

    async def connect(self) -> None:
        self.campaign_id = int(self.scope["url_route"]["kwargs"]["campaign_id"])
        try:
            _, self.viewer = await database_sync_to_async(campaign_for)(self.scope["user"], self.campaign_id)
        except NotFound:
            await self.close(code=CLOSE_NOT_ALLOWED)
            return
        await self.channel_layer.group_add(campaign_group(self.campaign_id), self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "viewer": {"role": self.viewer.role, "civ_id": self.viewer.civ_id}})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(campaign_group(self.campaign_id), self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        await self.send_json({"type": "error", "error": "This socket only pushes; send orders over HTTP."})

    async def campaign_events(self, message: dict[str, Any]) -> None:
        for stored in message["events"]:
            event = message_for(self.viewer, stored)
            if event is not None:
                await self.send_json({"type": "event", "event": event})

    async def campaign_progress(self, message: dict[str, Any]) -> None:
        await self.send_json({"type": "progress", "progress": message["progress"]})

    async def campaign_odds(self, message: dict[str, Any]) -> None:
        # An odds simulation's progress and result are for the person who asked (combat.services.odds_run).
        if self.viewer.user_id is not None and self.viewer.user_id == message["user_id"]:
            await self.send_json({"type": "odds", "odds": message["odds"]})
