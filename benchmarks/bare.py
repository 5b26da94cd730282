"""The yardstick for `benchmarks/load.py`: a bare Channels app, one consumer per socket in one group, forwarding
the frames of one `group_send` as they come. Same settings (so the same Redis channel layer) as the real app.

    daphne benchmarks.bare:application
"""

from __future__ import annotations

import os
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cvsite.settings")
django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

GROUP = "bare-broadcast"


class BareConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    async def connect(self) -> None:
        await self.channel_layer.group_add(GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(GROUP, self.channel_name)

    async def bare_frames(self, message: dict[str, Any]) -> None:
        for text in message["frames"]:
            await self.send(text_data=text)


application = ProtocolTypeRouter({"websocket": URLRouter([path("ws/bare/", BareConsumer.as_asgi())])})
