"""REST endpoints of the personnel module (issue 15): the GM's mission desk and rulings, a player's agents,
missions and reports, and the odds before ordering. Thin: each calls one selector or service. `game.api.urls` and
`game.api.reads` collect `URLS` and `BATCHED_READS`."""

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
from game.modules.personnel.selectors import mission_desk, mission_odds, missions_for
from game.modules.personnel.services import NARRATION_LIMIT, mission_adjudicate


class MissionRulingInput(serializers.Serializer[dict[str, Any]]):
    action = serializers.ChoiceField(choices=["confirm", "edit", "narrate"])
    reason = serializers.CharField(max_length=2000, allow_blank=True, required=False, default="")
    narration = serializers.CharField(max_length=NARRATION_LIMIT, allow_blank=True, required=False, default="")
    success = serializers.BooleanField(required=False, allow_null=True, default=None)
    caught = serializers.BooleanField(required=False, allow_null=True, default=None)


class OddsQuery(serializers.Serializer[dict[str, Any]]):
    unit_id = serializers.IntegerField()
    mission = serializers.CharField(max_length=40)
    colony_id = serializers.IntegerField(required=False, allow_null=True, default=None)


class Missions(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """The GM: every mission waiting for its report, with the proposed rolls, and every agent's conditions
        and crisis clock. A player: their agents, missions and reports, and the agents their counter-intelligence
        caught."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        if viewer.is_gm:
            return Response(mission_desk(viewer, campaign))
        return Response(missions_for(viewer, campaign))


class MissionRuling(APIView):
    @extend_schema(request=MissionRulingInput)
    def post(self, request: Request, campaign_id: int, mission_id: int) -> Response:
        """The GM confirms a proposal, edits its outcome with a reason, or narrates it."""
        data = _valid(MissionRulingInput, request.data)
        mission_adjudicate(request.user, campaign_id, mission_id=mission_id, **data)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(mission_desk(viewer, campaign))


class MissionOdds(APIView):
    @extend_schema(parameters=[OddsQuery])
    def get(self, request: Request, campaign_id: int) -> Response:
        """The odds of a mission before ordering it."""
        query = _valid(OddsQuery, request.query_params)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(mission_odds(viewer, campaign, **query))


URLS: list[URLPattern] = [
    path("campaigns/<int:campaign_id>/missions/", Missions.as_view(), name="api-missions"),
    path("campaigns/<int:campaign_id>/missions/odds/", MissionOdds.as_view(), name="api-mission-odds"),
    path("campaigns/<int:campaign_id>/missions/<int:mission_id>/ruling/", MissionRuling.as_view(),
         name="api-mission-ruling"),
]
BATCHED_READS = frozenset({"missions"})
