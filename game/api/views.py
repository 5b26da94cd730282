"""REST endpoints: parse the input, call one service or selector, return JSON. Nothing else happens here."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponseNotModified
from django.http.response import HttpResponseBase
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import selectors, services, visibility
from game.api.schema import event_log_schema
from game.selectors import maps
from game.selectors.prices import order_quote


def _step_field(**options: Any) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=sorted(selectors.step_keys()), help_text="Step key, e.g. explore.14",
                                   **options)


class VictoryInput(serializers.Serializer[dict[str, Any]]):
    elimination = serializers.BooleanField(default=False, help_text="The last civilization holding colonies wins.")
    score_threshold = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    round_limit = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)


class CampaignCreateInput(serializers.Serializer[dict[str, Any]]):
    name = serializers.CharField(max_length=120)
    seed = serializers.CharField(max_length=64, required=False, allow_blank=True)
    is_public = serializers.BooleanField(default=False)
    first_year = serializers.IntegerField(min_value=1, max_value=100_000, default=1)
    rule_options = serializers.DictField(required=False, default=dict)
    victory = VictoryInput(required=False, help_text="How the campaign is won besides the GM's word.")
    end_visibility = serializers.ChoiceField(choices=selectors.END_VISIBILITIES, default="keep")


class EndInput(serializers.Serializer[dict[str, Any]]):
    winners = serializers.ListField(child=serializers.IntegerField(), max_length=100, default=list,
                                    help_text="The winning civilizations' ids (none: nobody won).")
    reason = serializers.CharField(max_length=2000)


class JoinInput(serializers.Serializer[dict[str, Any]]):
    invite_token = serializers.CharField(max_length=64)
    civ_name = serializers.CharField(max_length=80)


class PointerInput(serializers.Serializer[dict[str, Any]]):
    round = serializers.IntegerField(min_value=1)
    step = _step_field()


class OverrideInput(serializers.Serializer[dict[str, Any]]):
    index = serializers.IntegerField(min_value=0)
    payload = serializers.DictField()
    reason = serializers.CharField(max_length=2000)


class AdvanceInput(PointerInput):
    overrides = OverrideInput(many=True, required=False, default=list)
    preview_digest = serializers.CharField(max_length=64, required=False, default="", allow_blank=True)


class UndoInput(PointerInput):
    """The open step the GM saw: an Undo sent twice (or from a stale page) is refused, not a second step undone."""

    reason = serializers.CharField(max_length=2000)


class DiceInput(serializers.Serializer[dict[str, Any]]):
    rolls = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=1000), max_length=500)


class OrderInput(PointerInput):
    kind = serializers.CharField(max_length=40)
    payload = serializers.DictField(default=dict)
    idempotency_key = serializers.CharField(max_length=64, min_length=8)


class QuoteInput(serializers.Serializer[dict[str, Any]]):
    kind = serializers.CharField(max_length=40)
    payload = serializers.DictField(default=dict)


class RulingInput(serializers.Serializer[dict[str, Any]]):
    civ_id = serializers.IntegerField(required=False, allow_null=True, default=None)
    text = serializers.CharField(max_length=8000)


class VisibilityInput(serializers.Serializer[dict[str, Any]]):
    is_public = serializers.BooleanField()


class ScenarioInput(serializers.Serializer[dict[str, Any]]):
    text = serializers.CharField(max_length=services.MAX_SCENARIO_CHARS, help_text="The scenario file (YAML or JSON).")


class NoteInput(serializers.Serializer[dict[str, Any]]):
    text = serializers.CharField(max_length=8000)
    civ_id = serializers.IntegerField(required=False, allow_null=True, default=None)
    order_id = serializers.IntegerField(required=False, allow_null=True, default=None)


class SeenInput(serializers.Serializer[dict[str, Any]]):
    seq = serializers.IntegerField(min_value=0)


class StandingsInput(serializers.Serializer[dict[str, Any]]):
    figures = serializers.ListField(child=serializers.CharField(max_length=20), max_length=5)


class CivQuery(serializers.Serializer[dict[str, Any]]):
    civ = serializers.IntegerField(required=False, allow_null=True, default=None)


class EventsQuery(serializers.Serializer[dict[str, Any]]):
    since = serializers.IntegerField(min_value=0, default=0)


class CourseQuery(serializers.Serializer[dict[str, Any]]):
    unit_id = serializers.IntegerField(min_value=0)
    sector_id = serializers.CharField(max_length=40)
    poi_id = serializers.CharField(max_length=80, required=False, allow_blank=True, default="")


def _valid(serializer_class: type[serializers.Serializer[dict[str, Any]]], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class CampaignList(APIView):
    def get(self, request: Request) -> Response:
        campaigns = selectors.campaigns_listed_for(request.user)
        return Response([{"id": c.pk, "name": c.name, "is_public": c.is_public} for c in campaigns])

    @extend_schema(request=CampaignCreateInput)
    def post(self, request: Request) -> Response:
        data = _valid(CampaignCreateInput, request.data)
        campaign = services.campaign_create(
            request.user, name=data["name"], seed=data.get("seed") or "",
            rule_options=data["rule_options"], is_public=data["is_public"], first_year=data["first_year"],
            victory=data.get("victory"), end_visibility=data["end_visibility"],
        )
        viewer = visibility.viewer_for(request.user, campaign)
        return Response(selectors.campaign_state(viewer, campaign), status=status.HTTP_201_CREATED)


class CampaignDetail(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.campaign_state(viewer, campaign))


class RoundSteps(APIView):
    def get(self, request: Request) -> Response:
        return Response(selectors.round_steps())


class Join(APIView):
    @extend_schema(request=JoinInput)
    def post(self, request: Request) -> Response:
        data = _valid(JoinInput, request.data)
        civ = services.campaign_join(request.user, invite_token=data["invite_token"], civ_name=data["civ_name"])
        return Response({"campaign_id": civ.campaign_id, "civ_id": civ.pk, "name": civ.name},
                        status=status.HTTP_201_CREATED)


class Advance(APIView):
    @extend_schema(request=AdvanceInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(AdvanceInput, request.data)
        services.step_advance(request.user, campaign_id, expected_round=data["round"], expected_step=data["step"],
                              overrides=[dict(o) for o in data["overrides"]],
                              preview_digest=data["preview_digest"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.campaign_state(viewer, campaign), status=status.HTTP_202_ACCEPTED)


class End(APIView):
    @extend_schema(request=EndInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """The GM declares the end of the campaign: the winners (or none) and why."""
        data = _valid(EndInput, request.data)
        services.campaign_end(request.user, campaign_id, winners=data["winners"], reason=data["reason"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.campaign_state(viewer, campaign))


class Orders(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.orders_for(viewer, campaign))

    @extend_schema(request=OrderInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(OrderInput, request.data)
        order, created = services.order_submit(
            request.user, campaign_id, round=data["round"], step=data["step"], kind=data["kind"],
            payload=data["payload"], idempotency_key=data["idempotency_key"],
        )
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.order_given(viewer, campaign, order),
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class Preview(APIView):
    @extend_schema(request=PointerInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(PointerInput, request.data)
        return Response(services.step_preview(request.user, campaign_id, expected_round=data["round"],
                                              expected_step=data["step"]))


class Undo(APIView):
    @extend_schema(request=UndoInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(UndoInput, request.data)
        services.step_undo(request.user, campaign_id, expected_round=data["round"], expected_step=data["step"],
                           reason=data["reason"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.campaign_state(viewer, campaign))


class Dice(APIView):
    @extend_schema(request=DiceInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(DiceInput, request.data)
        return Response({"rolls": services.dice_enter(request.user, campaign_id, rolls=data["rolls"])})


class OrderDetail(APIView):
    def delete(self, request: Request, campaign_id: int, order_id: int) -> Response:
        services.order_withdraw(request.user, campaign_id, order_id=order_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LegalOrders(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """The orders the viewer's civilization may give in the open step, each with its form. A choice list that
        several fields share is sent once: in the first of them, with a `choices_id`; the others give
        `choices_ref` (that id) instead of `choices`."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.legal_orders_for(viewer, campaign))


class CourseEta(APIView):
    @extend_schema(parameters=[CourseQuery])
    def get(self, request: Request, campaign_id: int) -> Response:
        """The ETA of a course the viewer's unit could plot now (rounds and arrival date), or the reason it cannot."""
        query = _valid(CourseQuery, request.query_params)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.course_eta(viewer, campaign, query["unit_id"], query["sector_id"],
                                             query["poi_id"] or None))


class OrderPrice(APIView):
    @extend_schema(request=QuoteInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        """What an order would cost the viewer's civilization and the odds of its roll, as the step carrying it
        out charges and rolls; refused (400, naming the field) as the order would be. Stores nothing."""
        data = _valid(QuoteInput, request.data)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(order_quote(viewer, campaign, data["kind"], data["payload"]))


class Ready(APIView):
    @extend_schema(request=PointerInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(PointerInput, request.data)
        services.ready_mark(request.user, campaign_id, round=data["round"], step=data["step"])
        return Response({"ready": True})


class Rulings(APIView):
    @extend_schema(request=RulingInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(RulingInput, request.data)
        event = services.ruling_post(request.user, campaign_id, civ_id=data["civ_id"], text=data["text"])
        return Response(event.as_message(), status=status.HTTP_201_CREATED)


class Visibility(APIView):
    @extend_schema(request=VisibilityInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(VisibilityInput, request.data)
        campaign = services.campaign_set_public(request.user, campaign_id, is_public=data["is_public"])
        return Response({"is_public": campaign.is_public})


class Member(APIView):
    def delete(self, request: Request, campaign_id: int, user_id: int) -> Response:
        """The GM removes a member (the GM's campaign state lists them under `members`)."""
        services.membership_remove(request.user, campaign_id, user_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ScenarioLoad(APIView):
    @extend_schema(request=ScenarioInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(ScenarioInput, request.data)
        services.campaign_load_scenario(request.user, campaign_id, text=data["text"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.campaign_state(viewer, campaign))


class WorldView(APIView):
    @extend_schema(parameters=[CivQuery])
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        civ = _valid(CivQuery, request.query_params)["civ"]
        return Response(maps.view_with_map_version(viewer, campaign, civ))


class WorldMap(APIView):
    def get(self, request: Request, campaign_id: int) -> HttpResponseBase:
        """A player's map (the Sectors, Points of Interest and planets their civilization knows), which their
        `view/` leaves out, with its version (`map_version`, which their `view/` also carries), so a page reads it
        only when the version changed. Its ETag is the version: asked with `If-None-Match` and unchanged, the
        answer is 304 with no body."""
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        version = maps.map_version(viewer, campaign)
        if f'"{version}"' in request.headers.get("If-None-Match", ""):
            return HttpResponseNotModified(headers=_map_headers(version))
        body = maps.versioned_map(viewer, campaign)
        return Response(body, headers=_map_headers(body["map_version"]))


def _map_headers(version: str) -> dict[str, str]:
    return {"ETag": f'"{version}"', "Cache-Control": "private, no-cache"}


class Away(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.away_for(viewer, campaign))


class Seen(APIView):
    @extend_schema(request=SeenInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(SeenInput, request.data)
        return Response({"last_seen": services.seen_mark(request.user, campaign_id, seq=data["seq"])})


class Notes(APIView):
    @extend_schema(parameters=[CivQuery])
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        civ = _valid(CivQuery, request.query_params)["civ"]
        return Response(selectors.notes_for(viewer, campaign, civ))

    @extend_schema(request=NoteInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(NoteInput, request.data)
        event = services.note_send(request.user, campaign_id, text=data["text"], civ_id=data["civ_id"],
                                   order_id=data["order_id"])
        return Response(event.as_message(), status=status.HTTP_201_CREATED)


class Standings(APIView):
    @extend_schema(request=StandingsInput)
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(StandingsInput, request.data)
        event = services.standings_publish(request.user, campaign_id, figures=data["figures"])
        return Response(event.as_message(), status=status.HTTP_201_CREATED)


class Events(APIView):
    @extend_schema(parameters=[EventsQuery], responses=event_log_schema())
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        since = _valid(EventsQuery, request.query_params)["since"]
        events = selectors.event_messages_for(viewer, campaign, since)
        return Response({"events": events, "last_seq": campaign.last_seq})
