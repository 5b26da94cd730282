"""REST endpoints of the universe setup: parse the input, call one service or selector, return JSON."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from galaxy import selectors, services
from game import selectors as game_selectors
from game import visibility


class GenerateInput(serializers.Serializer[dict[str, Any]]):
    settings = serializers.DictField(default=dict)
    seed = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")
    home_worlds = serializers.IntegerField(min_value=1, max_value=50, default=4)
    min_distance = serializers.IntegerField(min_value=0, max_value=200, default=15)


class HomeWorldInput(serializers.Serializer[dict[str, Any]]):
    hex = serializers.CharField(max_length=8)


class SetupInput(serializers.Serializer[dict[str, Any]]):
    kind = serializers.ChoiceField(choices=["race", "faction"])
    race = serializers.DictField(required=False, default=dict)
    faction = serializers.CharField(max_length=24, required=False, allow_blank=True, default="")


class StartDefaultInput(serializers.Serializer[dict[str, Any]]):
    preset = serializers.CharField(max_length=24)


class ReviewInput(serializers.Serializer[dict[str, Any]]):
    approve = serializers.BooleanField()
    comment = serializers.CharField(max_length=4000, required=False, allow_blank=True, default="")


def _object(data: Any, what: str) -> dict[str, Any]:
    """The body as a JSON object: an array or a bare value sent instead is refused, naming what was expected."""
    if not isinstance(data, dict):
        raise serializers.ValidationError(f"Send the {what} as a JSON object.")
    return dict(data)


def _valid(serializer_class: type[serializers.Serializer[dict[str, Any]]], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class Galaxy(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.galaxy_setup(viewer, campaign))


class Generate(APIView):
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(GenerateInput, request.data)
        services.galaxy_generate(request.user, campaign_id, settings=data["settings"], seed=data["seed"] or None,
                                 home_worlds=data["home_worlds"], min_distance=data["min_distance"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.galaxy_setup(viewer, campaign), status=status.HTTP_201_CREATED)


class System(APIView):
    def get(self, request: Request, campaign_id: int, hex_label: str) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.system_detail(viewer, campaign, hex_label))


class HomeWorld(APIView):
    def post(self, request: Request, campaign_id: int, number: int) -> Response:
        data = _valid(HomeWorldInput, request.data)
        services.home_world_move(request.user, campaign_id, number=number, hex_label=data["hex"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.galaxy_setup(viewer, campaign))


class Start(APIView):
    def post(self, request: Request, campaign_id: int) -> Response:
        services.campaign_start(request.user, campaign_id)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(game_selectors.campaign_state(viewer, campaign), status=status.HTTP_201_CREATED)


class StartDefault(APIView):
    """The preset every civilization without its own start is given (GM, before the start)."""

    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(StartDefaultInput, request.data)
        services.start_default_set(request.user, campaign_id, data["preset"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.galaxy_setup(viewer, campaign))


class CivStart(APIView):
    """One civilization's start: {preset, mu, ore, units: [{design_id, count}]}, each checked by field (the engine
    reads it, `starts.read_start`)."""

    def post(self, request: Request, campaign_id: int, civ_id: int) -> Response:
        services.civ_start_set(request.user, campaign_id, civ_id, request.data)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.galaxy_setup(viewer, campaign))


class Designs(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response({"designs": selectors.designs_visible_to(viewer, campaign),
                         "catalogue": selectors.designer_catalogue(viewer)})

    def post(self, request: Request, campaign_id: int) -> Response:
        record = services.design_save(request.user, campaign_id, _object(request.data, "design"))
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.design_detail(viewer, campaign, record.design_id), status=status.HTTP_201_CREATED)


class DesignPreview(APIView):
    def post(self, request: Request, campaign_id: int) -> Response:
        _, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.design_preview(viewer, _object(request.data, "design")))


class Design(APIView):
    def get(self, request: Request, campaign_id: int, design_id: str) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.design_detail(viewer, campaign, design_id))


class RaceCatalogue(APIView):
    def get(self, request: Request) -> Response:
        return Response(selectors.race_catalogue())


class RaceItems(APIView):
    """The campaign's race builder catalogue (members); the GM adds a priced item with POST."""

    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, _ = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.race_catalogue(selectors.campaign_race_items(campaign)))

    def post(self, request: Request, campaign_id: int) -> Response:
        services.race_item_add(request.user, campaign_id, _object(request.data, "race item"))
        campaign, _ = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.race_catalogue(selectors.campaign_race_items(campaign)),
                        status=status.HTTP_201_CREATED)


class CivSetup(APIView):
    def get(self, request: Request, campaign_id: int, civ_id: int) -> Response:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.civ_setup(viewer, campaign, civ_id))


class MySetup(APIView):
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(SetupInput, request.data)
        setup = services.civ_setup_submit(request.user, campaign_id, kind=data["kind"], race=data["race"],
                                          faction=data["faction"] or None)
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.civ_setup(viewer, campaign, setup.civilization_id), status=status.HTTP_201_CREATED)


class Review(APIView):
    def post(self, request: Request, campaign_id: int, civ_id: int) -> Response:
        data = _valid(ReviewInput, request.data)
        services.civ_setup_review(request.user, campaign_id, civ_id, approve=data["approve"], comment=data["comment"])
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
        return Response(selectors.civ_setup(viewer, campaign, civ_id))
