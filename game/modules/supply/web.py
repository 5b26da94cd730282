"""REST endpoint of supply and crew (issue 18): a viewer's supply grid, units' supply, stress and crew grades, and
crew pool (`game.modules.supply.selectors`). `game.api.urls` and `game.api.reads` collect `URLS` and `BATCHED_READS`."""

from __future__ import annotations

from django.urls import URLPattern, path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.modules.supply.selectors import supply_for


class Supply(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: their supply grid's Sectors, each unit's supply, stress and crew grade, their crew pool. The
        GM: every civilization's. A spectator: nothing (no civilization's grid is public)."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(supply_for(viewer, campaign))


URLS: list[URLPattern] = [path("campaigns/<int:campaign_id>/supply/", Supply.as_view(), name="api-supply")]
BATCHED_READS = frozenset({"supply"})
