"""REST endpoint of repair, refits and surveys (issue 18): what the "Repair and refit at a yard" panel reads
(`game.selectors.yards`)."""

from __future__ import annotations

from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.selectors.yards import yards_for


class Yards(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: their damaged units with hit points, the price, Build Points and rounds of each repair, the
        refits and scrapping their yards offer, the work under way, their surveys and planet cards. The GM: every
        civilization's. A spectator: nothing."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(yards_for(viewer, campaign))
