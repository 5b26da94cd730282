"""The movement orders module's web part: its REST endpoint (issue 18: a viewer's fleets, their members, speed,
orders and route with the ETA of each leg, `game.modules.fleets.selectors`), and the address a page's batched reads
may ask for. `game.api.urls` and `game.api.reads` collect them."""

from __future__ import annotations

from django.urls import URLPattern, path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.modules.fleets.selectors import fleets_for


class Fleets(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: their own fleets (flagship, members, speed, where each is or is heading, orders, every leg of
        the route with its ETA, the craft aboard). The GM: every civilization's. A spectator: none (a fleet's
        orders are its owner's secret)."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(fleets_for(viewer, campaign))


URLS: list[URLPattern] = [
    path("campaigns/<int:campaign_id>/fleets/", Fleets.as_view(), name="api-fleets"),
]
BATCHED_READS = frozenset({"fleets"})
