"""REST endpoints of the ground war (issue 18): the ground-war panel for a viewer and the GM's ruling on a world
ordered destroyed. Thin: each calls one selector or service."""

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
from game.modules.ground_war.selectors import destruction_desk, ground_war_for
from game.modules.ground_war.services import destruction_rule


class DestructionRulingInput(serializers.Serializer[dict[str, Any]]):
    confirm = serializers.BooleanField()
    reason = serializers.CharField(max_length=2000, allow_blank=True)


class GroundWar(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """Per colony the viewer may know of: the forces on each side (another's as far as the viewer detects
        them), terrain and weather, the odds of an invasion with the viewer's battalions there, the occupation and
        its rebellion risk; the last ground battles; the worlds ordered destroyed (the GM: all of them)."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(ground_war_for(viewer, campaign))


class DestructionRuling(APIView):
    @extend_schema(request=DestructionRulingInput)
    def post(self, request: Request, campaign_id: int, destruction_id: int) -> Response:
        """The GM confirms or refuses a world's destruction, with a reason the players read."""
        data = _valid(DestructionRulingInput, request.data)
        destruction_rule(request.user, campaign_id, destruction_id=destruction_id, **data)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(destruction_desk(viewer, campaign))


URLS: list[URLPattern] = [
    path("campaigns/<int:campaign_id>/ground-war/", GroundWar.as_view(), name="api-ground-war"),
    path("campaigns/<int:campaign_id>/ground-war/destructions/<int:destruction_id>/ruling/",
         DestructionRuling.as_view(), name="api-destruction-ruling"),
]
BATCHED_READS = frozenset({"ground-war"})
