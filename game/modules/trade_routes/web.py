"""REST endpoint of trade routes and raids (Exploit 2): what the viewer may read of them. Thin: one selector.
`game.api.urls` and `game.api.reads` collect `URLS` and `BATCHED_READS`."""

from __future__ import annotations

from django.urls import URLPattern, path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.modules.trade_routes.selectors import trade_routes_for
from game.selectors import event_names_for


class TradeRoutes(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: their routes (sectors, freighters, what they carry, this round's catches), the routes partners
        run to them, the trade each partner should bring at the next Exploit 7 and how, and the route and raid
        events they saw. The GM: every route and event. A spectator: only whether the module is on."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(trade_routes_for(viewer, campaign, event_names_for(viewer, campaign)))


URLS: list[URLPattern] = [
    path("campaigns/<int:campaign_id>/trade-routes/", TradeRoutes.as_view(), name="api-trade-routes"),
]
BATCHED_READS = frozenset({"trade-routes"})
