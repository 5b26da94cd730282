"""The yards module's web part: its REST endpoint (what the "Repair and refit at a yard" panel reads, with the
surveys), and the address a page's batched reads may ask for. `game.api.urls` and `game.api.reads` collect them."""

from __future__ import annotations

from django.urls import URLPattern, path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.modules.yards.selectors import yards_for


class Yards(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: their damaged units with hit points, the price, Build Points and rounds of each repair, the
        refits and scrapping their yards offer, the work under way, their surveys and planet cards. The GM: every
        civilization's. A spectator: nothing."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(yards_for(viewer, campaign))


URLS: list[URLPattern] = [path("campaigns/<int:campaign_id>/yards/", Yards.as_view(), name="api-yards")]
BATCHED_READS = frozenset({"yards"})
