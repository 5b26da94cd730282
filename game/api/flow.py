"""REST endpoints for the flow of a round (issue 13): what the open step waits for and on whom, the GM's run to
the next step that needs someone, a player's "ready for the rest of the phase"."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import selectors, visibility
from game.api.views import PointerInput, _valid
from game.selectors.flow import phase_readiness_for, step_waiting_for
from game.services import flow


class PhaseReadyInput(PointerInput):
    ready = serializers.BooleanField(default=True, help_text="False takes it back.")


class Waiting(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """The GM: what the open step waits for and on whom. A player: whether it waits on them, and their
        readiness for the rest of the phase (and when it was last cleared, and why)."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        if viewer.is_gm:
            return Response(flow.waiting_for(request.user, campaign_id))
        waiting = step_waiting_for(campaign, civ_ids=[viewer.civ_id] if viewer.civ_id else [])
        return Response({"step": waiting["step"], "waiting_on_you": viewer.civ_id in waiting["players"],
                         "phase_readiness": phase_readiness_for(viewer, campaign)})


class RunOn(APIView):
    @extend_schema(request=PointerInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM resolves the open step and runs on, step by step, to the next step that needs someone."""
        data = _valid(PointerInput, request.data)
        flow.round_run_on(request.user, campaign_id, expected_round=data["round"], expected_step=data["step"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.campaign_state(viewer, campaign), status=status.HTTP_202_ACCEPTED)


class PhaseReady(APIView):
    @extend_schema(request=PhaseReadyInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The player is ready for the rest of the open step's phase (`ready: false` takes it back)."""
        data: dict[str, Any] = _valid(PhaseReadyInput, request.data)
        flow.phase_ready_mark(request.user, campaign_id, round=data["round"], step=data["step"], ready=data["ready"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(phase_readiness_for(viewer, campaign))
