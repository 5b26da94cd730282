"""REST endpoints of diplomacy (issue 16): a viewer's relations (a player's counterparts with their threads and trade
income; the GM's every pair) and the GM's stance ruling. Thin: each calls one selector or service."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.api.views import _valid
from game.selectors import event_names_for
from game.selectors.diplomacy import relations_for
from game.services.desk import REASON_LIMIT
from game.services.diplomacy import stance_set


class StanceInput(serializers.Serializer[dict[str, Any]]):
    civ_a = serializers.IntegerField()
    civ_b = serializers.IntegerField()
    stance = serializers.CharField(max_length=20)
    reason = serializers.CharField(max_length=REASON_LIMIT, allow_blank=True)


def _answer(request: Request, campaign_id: int) -> Response:
    campaign, viewer = visibility.campaign_for(request.user, campaign_id)
    return Response(relations_for(viewer, campaign, event_names_for(viewer, campaign)))


class Relations(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: each other civilization with the stance, trade level, treaties, proposals waiting, the last
        trade income and the thread between them. The GM: every pair. A spectator: nothing but whether the
        module is on."""
        return _answer(request, campaign_id)


class StanceRuling(APIView):
    @extend_schema(request=StanceInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM sets two civilizations' stance, with a reason both read."""
        stance_set(request.user, campaign_id, **_valid(StanceInput, request.data))
        return _answer(request, campaign_id)

