"""REST endpoint of the diplomacy module (issue 16): the GM's stance ruling, answered with the relations page's read
(`GET relations/`, which the core serves: it shows the Social Factors and the Council too). Thin: one service.
`game.api.urls` collects `URLS`."""

from __future__ import annotations

from typing import Any

from django.urls import URLPattern, path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game.api.diplomacy import relations_answer
from game.api.views import _valid
from game.modules.diplomacy.services import stance_set
from game.services.desk import REASON_LIMIT


class StanceInput(serializers.Serializer[dict[str, Any]]):
    civ_a = serializers.IntegerField()
    civ_b = serializers.IntegerField()
    stance = serializers.CharField(max_length=20)
    reason = serializers.CharField(max_length=REASON_LIMIT, allow_blank=True)


class StanceRuling(APIView):
    @extend_schema(request=StanceInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM sets two civilizations' stance, with a reason both read."""
        stance_set(request.user, campaign_id, **_valid(StanceInput, request.data))
        return relations_answer(request, campaign_id)


URLS: list[URLPattern] = [
    path("campaigns/<int:campaign_id>/relations/stance/", StanceRuling.as_view(), name="api-relations-stance"),
]
