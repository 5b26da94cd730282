"""Who may call the API at all, before any view decides what they may do in a campaign."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from game import visibility


class BotsOnlyPlayTheirSeat(BasePermission):
    """A bot's token reaches only its own campaign's endpoints, where `game.visibility.viewer_for` makes it the
    player of the seat it holds and nothing more: it creates no campaign, joins none and reads no other."""

    message = "A bot's account only plays its seat in its own campaign."

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.auth is None:  # signed in by session or not at all: a bot has no password, only its token
            return True
        campaign_id = visibility.bot_campaign(request.user)
        return campaign_id is None or view.kwargs.get("campaign_id") == campaign_id
