from __future__ import annotations

from django.urls import path

from game.consumers import CampaignConsumer

websocket_urlpatterns = [
    path("ws/campaigns/<int:campaign_id>/", CampaignConsumer.as_asgi()),
]
