"""REST endpoints of the relations page (issue 16): a viewer's relations (a player's counterparts with their threads
and trade income; the GM's every pair), Social Factors and Council, and the GM's Social Factor ruling. Thin: each
calls one selector or service. The GM's stance ruling is the diplomacy module's (`game.modules.diplomacy.web`)."""

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
from game.services.social import social_adjust


class SocialInput(serializers.Serializer[dict[str, Any]]):
    civ_id = serializers.IntegerField()
    code = serializers.CharField(max_length=4)
    delta = serializers.IntegerField(min_value=-1000, max_value=1000)
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


class SocialAdjust(APIView):
    @extend_schema(request=SocialInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM changes a civilization's Social Factor score (a facility, an event), with a reason it reads."""
        social_adjust(request.user, campaign_id, **_valid(SocialInput, request.data))
        return _answer(request, campaign_id)
