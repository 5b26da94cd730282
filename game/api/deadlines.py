"""REST endpoints for deadlines and seats (issue 13): the step's clock, more time, a nudge; who holds which seat,
the GM's hand-over to a bot, a player's delegation for an absence, taking a seat back."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.api.views import _valid
from game.selectors.deadlines import clock_for
from game.selectors.seats import seats_for
from game.services import deadlines, seats


# A blank reason is the service's to refuse: its sentence says why one is needed.
class ExtendInput(serializers.Serializer[dict[str, Any]]):
    minutes = serializers.IntegerField(min_value=1, max_value=deadlines.MAX_MINUTES)
    reason = serializers.CharField(max_length=2000, allow_blank=True)


class NudgeInput(serializers.Serializer[dict[str, Any]]):
    civ_id = serializers.IntegerField()
    text = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class HandToBotInput(serializers.Serializer[dict[str, Any]]):
    civ_id = serializers.IntegerField()
    rounds = serializers.IntegerField(min_value=1, max_value=seats.MAX_ROUNDS, required=False, allow_null=True,
                                      default=None, help_text="How many rounds, from this one; none: until given back.")
    reason = serializers.CharField(max_length=2000, allow_blank=True)


class DelegateInput(serializers.Serializer[dict[str, Any]]):
    delegate_user_id = serializers.IntegerField(required=False, allow_null=True, default=None,
                                                help_text="A member without a civilization; none: the bot.")
    # Stored as the campaign's rounds are: a round past the last a campaign can reach is refused, not overflowed.
    from_round = serializers.IntegerField(min_value=1, max_value=seats.MAX_ROUNDS, required=False, allow_null=True,
                                          default=None)
    until_round = serializers.IntegerField(min_value=1, max_value=seats.MAX_ROUNDS, required=False, allow_null=True,
                                           default=None)
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class TakeBackInput(serializers.Serializer[dict[str, Any]]):
    civ_id = serializers.IntegerField(required=False, allow_null=True, default=None,
                                      help_text="The GM names the civilization; a player takes back their own.")


def _seats(request: Request, campaign_id: int) -> Response:
    campaign, viewer = visibility.campaign_for(request.user, campaign_id)
    return Response(seats_for(viewer, campaign))


class Clock(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """The open step's deadline and whom it waits on (the GM: who is late; a player: whether it is them)."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(clock_for(viewer, campaign))


class Extend(APIView):
    @extend_schema(request=ExtendInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(ExtendInput, request.data)
        deadlines.deadline_extend(request.user, campaign_id, minutes=data["minutes"], reason=data["reason"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(clock_for(viewer, campaign))


class Nudge(APIView):
    @extend_schema(request=NudgeInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(NudgeInput, request.data)
        event = deadlines.player_nudge(request.user, campaign_id, civ_id=data["civ_id"], text=data["text"])
        return Response(event.as_message(), status=status.HTTP_201_CREATED)


class Seats(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """Who holds which seat: every civilization's for the GM, one's own for its player or delegate."""
        return _seats(request, campaign_id)


class HandToBot(APIView):
    @extend_schema(request=HandToBotInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(HandToBotInput, request.data)
        seats.seat_hand_to_bot(request.user, campaign_id, civ_id=data["civ_id"], rounds=data["rounds"],
                               reason=data["reason"])
        return _seats(request, campaign_id)


class Delegate(APIView):
    @extend_schema(request=DelegateInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(DelegateInput, request.data)
        seats.seat_delegate(request.user, campaign_id, delegate_user_id=data["delegate_user_id"],
                            from_round=data["from_round"], until_round=data["until_round"], reason=data["reason"])
        return _seats(request, campaign_id)


class TakeBack(APIView):
    @extend_schema(request=TakeBackInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(TakeBackInput, request.data)
        seats.seat_take_back(request.user, campaign_id, civ_id=data["civ_id"])
        return _seats(request, campaign_id)
