"""REST endpoints for the campaign's settings (issue 13): every member and spectator reads the settings in force
and the history of changes with the GM's reasons (hidden entries filtered for each viewer); the GM changes them."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.api.views import _step_field, _valid
from game.selectors.settings import settings_at_for, settings_for
from game.services.settings import settings_change


class SettingsInput(serializers.Serializer[dict[str, Any]]):
    changes = serializers.DictField(help_text="Setting key -> new value, as GET's `settings` declare them.")
    reason = serializers.CharField(max_length=2000, allow_blank=True,
                                   help_text="Why; every player reads it with the change.")


class SettingsAtQuery(serializers.Serializer[dict[str, Any]]):
    round = serializers.IntegerField(min_value=1, required=False)
    step = _step_field(required=False)


class Settings(APIView):
    @extend_schema(parameters=[SettingsAtQuery])
    def get(self, request: Request, campaign_id: int) -> Response:
        """The settings' declarations, the values in force, the changes waiting for the next round and every
        version with its reason, as this viewer may read them. With `round` and `step`: also `at`, the settings
        that were in force at that step of the record."""
        query = _valid(SettingsAtQuery, request.query_params)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        body = settings_for(viewer, campaign)
        if "round" in query and "step" in query:
            body["at"] = settings_at_for(viewer, campaign, query["round"], query["step"])
        return Response(body)

    @extend_schema(request=SettingsInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM changes settings with a reason: in force now, or (rule modules, combat system) from the next
        round's opening. A value that does not fit is refused naming its field; nothing changes."""
        data = _valid(SettingsInput, request.data)
        settings_change(request.user, campaign_id, changes=data["changes"], reason=data["reason"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(settings_for(viewer, campaign))
