"""The units list (issue 19): a civilization's units from their rows, filtered and paginated."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.api.views import _valid
from game.selectors.units import units_page


class UnitsQuery(serializers.Serializer[dict[str, Any]]):
    sector = serializers.CharField(max_length=20, required=False, default="")
    state = serializers.CharField(max_length=20, required=False, default="")
    design = serializers.CharField(max_length=80, required=False, default="")
    civ = serializers.IntegerField(required=False, allow_null=True, default=None)
    page = serializers.IntegerField(min_value=1, required=False, default=1)


class Units(APIView):
    @extend_schema(parameters=[UnitsQuery])
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: their civilization's units; the GM: every civilization's (`civ` picks one). Filtered by
        Sector, state and design, 100 a page."""
        query = _valid(UnitsQuery, request.query_params)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(units_page(viewer, campaign, query))
