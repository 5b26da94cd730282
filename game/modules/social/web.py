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

from game import visibility
from game.api.views import _valid
from game.modules.social.services import social_adjust
from game.selectors import event_names_for
from game.selectors.diplomacy import relations_for
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
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(relations_for(viewer, campaign, event_names_for(viewer, campaign)))


URLS: list[URLPattern] = [
    path("campaigns/<int:campaign_id>/relations/social/", SocialAdjust.as_view(), name="api-relations-social"),
]
