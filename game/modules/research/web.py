"""REST endpoints of research (issue 14): a viewer's research (a player's tree, projects and rolls; the GM's
overview; a spectator's published technologies), the odds before re-funding, and the GM's rulings. Thin: each calls
one selector or service. `game.api.urls` and `game.api.reads` collect `URLS` and `BATCHED_READS`."""

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
from game.modules.research.selectors import research_for, research_odds
from game.modules.research.services import (
    catastrophe_rule,
    discovery_grant,
    project_adjust,
    research_publish,
)
from game.selectors import event_names_for
from game.services.desk import REASON_LIMIT


class OddsQuery(serializers.Serializer[dict[str, Any]]):
    project_id = serializers.IntegerField()
    mu = serializers.IntegerField(min_value=0)


class CatastropheInput(serializers.Serializer[dict[str, Any]]):
    project_id = serializers.IntegerField()
    severity = serializers.CharField(max_length=20)
    reason = serializers.CharField(max_length=REASON_LIMIT, allow_blank=True, required=False, default="")


class GrantInput(serializers.Serializer[dict[str, Any]]):
    civ_id = serializers.IntegerField()
    tech = serializers.CharField(max_length=80)
    reason = serializers.CharField(max_length=REASON_LIMIT, allow_blank=True)


class AdjustInput(serializers.Serializer[dict[str, Any]]):
    project_id = serializers.IntegerField()
    successes = serializers.IntegerField(min_value=0)
    spent = serializers.IntegerField(min_value=0)
    scientists = serializers.IntegerField(min_value=0)
    reason = serializers.CharField(max_length=REASON_LIMIT, allow_blank=True)


class PublishInput(serializers.Serializer[dict[str, Any]]):
    civ_id = serializers.IntegerField()
    reason = serializers.CharField(max_length=REASON_LIMIT, allow_blank=True, required=False, default="")


def _answer(request: Request, campaign_id: int) -> Response:
    campaign, viewer = visibility.campaign_for(request.user, campaign_id)
    return Response(research_for(viewer, campaign, event_names_for(viewer, campaign)))


class Research(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: their tech tree, projects with odds and every roll. The GM: every civilization's research and
        the catastrophes waiting for a ruling. A spectator: the technologies the GM published."""
        return _answer(request, campaign_id)


class ResearchOdds(APIView):
    @extend_schema(parameters=[OddsQuery])
    def get(self, request: Request, campaign_id: int) -> Response:
        """A project's next chance at `mu` MU a round: the MU on this success and the stations' bonus."""
        query = _valid(OddsQuery, request.query_params)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(research_odds(viewer, campaign, **query))


class CatastropheRuling(APIView):
    @extend_schema(request=CatastropheInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM confirms a catastrophe's proposed severity, or changes it with a reason."""
        catastrophe_rule(request.user, campaign_id, **_valid(CatastropheInput, request.data))
        return _answer(request, campaign_id)


class DiscoveryGrant(APIView):
    @extend_schema(request=GrantInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM grants a civilization a discovery, with the reason (seen in action, an accident, a survey)."""
        discovery_grant(request.user, campaign_id, **_valid(GrantInput, request.data))
        return _answer(request, campaign_id)


class ProjectAdjust(APIView):
    @extend_schema(request=AdjustInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM sets a project's successes, spending and gifted scientists, with a reason."""
        project_adjust(request.user, campaign_id, **_valid(AdjustInput, request.data))
        return _answer(request, campaign_id)


class ResearchPublish(APIView):
    @extend_schema(request=PublishInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM tells everyone, spectators included, what a civilization knows."""
        research_publish(request.user, campaign_id, **_valid(PublishInput, request.data))
        return _answer(request, campaign_id)


URLS: list[URLPattern] = [
    path("campaigns/<int:campaign_id>/research/", Research.as_view(), name="api-research"),
    path("campaigns/<int:campaign_id>/research/odds/", ResearchOdds.as_view(), name="api-research-odds"),
    path("campaigns/<int:campaign_id>/research/catastrophe/", CatastropheRuling.as_view(),
         name="api-research-catastrophe"),
    path("campaigns/<int:campaign_id>/research/grant/", DiscoveryGrant.as_view(), name="api-research-grant"),
    path("campaigns/<int:campaign_id>/research/adjust/", ProjectAdjust.as_view(), name="api-research-adjust"),
    path("campaigns/<int:campaign_id>/research/publish/", ResearchPublish.as_view(), name="api-research-publish"),
]
BATCHED_READS = frozenset({"research"})
