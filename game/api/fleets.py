"""REST endpoint of fleets (issue 18, movement orders): a viewer's fleets, their members, speed, orders and route
with the ETA of each leg (`game.selectors.fleets`)."""

from __future__ import annotations

from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.selectors.fleets import fleets_for


class Fleets(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: their own fleets (flagship, members, speed, where each is or is heading, orders, every leg of
        the route with its ETA, the craft aboard). The GM: every civilization's. A spectator: none (a fleet's
        orders are its owner's secret)."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(fleets_for(viewer, campaign))
