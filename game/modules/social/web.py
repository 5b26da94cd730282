"""REST endpoint of the social factors module (issue 16): the GM's change of a civilization's Social Factor score,
answered with the relations page it shows on. Thin: one service, one selector."""

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
from game.modules.social.services import social_adjust
from game.services.desk import REASON_LIMIT


class SocialInput(serializers.Serializer[dict[str, Any]]):
    civ_id = serializers.IntegerField()
    code = serializers.CharField(max_length=4)
    delta = serializers.IntegerField(min_value=-1000, max_value=1000)
    reason = serializers.CharField(max_length=REASON_LIMIT, allow_blank=True)


class SocialAdjust(APIView):
    @extend_schema(request=SocialInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM changes a civilization's Social Factor score (a facility, an event), with a reason it reads."""
        social_adjust(request.user, campaign_id, **_valid(SocialInput, request.data))
        return relations_answer(request, campaign_id)


URLS: list[URLPattern] = [
    path("campaigns/<int:campaign_id>/relations/social/", SocialAdjust.as_view(), name="api-relations-social"),
]
