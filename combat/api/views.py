"""REST endpoints for skirmishes and battles: parse the input, call one service or selector, return JSON."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from combat import selectors, services
from game.visibility import campaign_for

SYSTEM_KEYS = [key for key, _ in selectors.combat_systems()]


def _valid(serializer_class: type[serializers.Serializer[dict[str, Any]]], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class SystemInput(serializers.Serializer[dict[str, Any]]):
    system = serializers.ChoiceField(choices=["", *SYSTEM_KEYS], allow_blank=True,
                                     help_text="A combat system's key; empty for the campaign's default.")


class DiceInput(serializers.Serializer[dict[str, Any]]):
    dice_mode = serializers.ChoiceField(choices=selectors.dice_modes())


class RollsInput(serializers.Serializer[dict[str, Any]]):
    rolls = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=100), min_length=1,
                                  max_length=1000)
    replace = serializers.BooleanField(default=False, help_text="Replace the rolls entered so far.")


class PublishInput(serializers.Serializer[dict[str, Any]]):
    narrative = serializers.CharField(max_length=20_000, allow_blank=True, default="")
    delay_steps = serializers.IntegerField(min_value=0, max_value=10_000, default=0)
    published = serializers.BooleanField(default=True)


class OddsInput(serializers.Serializer[dict[str, Any]]):
    skirmish_id = serializers.CharField(max_length=120)
    system = serializers.ChoiceField(choices=["", *SYSTEM_KEYS], allow_blank=True, default="")
    battles = serializers.IntegerField(min_value=1, max_value=services.MAX_ODDS_BATTLES, default=1000)


class ChoicesSetInput(serializers.Serializer[dict[str, Any]]):
    ask = serializers.BooleanField()
    minutes = serializers.IntegerField(min_value=1, max_value=7 * 24 * 60, required=False, allow_null=True,
                                       default=None, help_text="Empty: the campaign's choice_minutes.")


class AnswerInput(serializers.Serializer[dict[str, Any]]):
    choice = serializers.CharField(max_length=20)
    terms = serializers.CharField(max_length=2_000, allow_blank=True, default="")


class Skirmishes(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = campaign_for(request.user, campaign_id)
        return Response(selectors.skirmishes_for(viewer, campaign))


class SkirmishSystem(APIView):
    def post(self, request: Request, campaign_id: int, skirmish_id: str) -> Response:
        data = _valid(SystemInput, request.data)
        return Response(services.skirmish_system_set(request.user, campaign_id, skirmish_id, system=data["system"]))


class SkirmishDice(APIView):
    def post(self, request: Request, campaign_id: int, skirmish_id: str) -> Response:
        data = _valid(DiceInput, request.data)
        return Response(services.skirmish_dice_set(request.user, campaign_id, skirmish_id,
                                                   dice_mode=data["dice_mode"]))


class SkirmishRolls(APIView):
    def post(self, request: Request, campaign_id: int, skirmish_id: str) -> Response:
        data = _valid(RollsInput, request.data)
        return Response(services.skirmish_rolls_enter(request.user, campaign_id, skirmish_id, rolls=data["rolls"],
                                                      replace_all=data["replace"]))


class SkirmishChoices(APIView):
    def post(self, request: Request, campaign_id: int, skirmish_id: str) -> Response:
        data = _valid(ChoicesSetInput, request.data)
        return Response(services.skirmish_choices_set(request.user, campaign_id, skirmish_id, ask=data["ask"],
                                                      minutes=data["minutes"]))


class BattleChoices(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = campaign_for(request.user, campaign_id)
        return Response(selectors.battle_choices_for(viewer, campaign))


class BattleChoiceAnswer(APIView):
    def post(self, request: Request, campaign_id: int, choice_id: int) -> Response:
        data = _valid(AnswerInput, request.data)
        choice = services.battle_choice_answer(request.user, campaign_id, choice_id, choice=data["choice"],
                                               terms=data["terms"])
        return Response(selectors.choice_json(choice))


class Battles(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = campaign_for(request.user, campaign_id)
        return Response([selectors.battle_summary(b) for b in selectors.battles_visible_to(viewer, campaign)])


class BattleDetail(APIView):
    def get(self, request: Request, campaign_id: int, battle_id: int) -> Response:
        campaign, viewer, battle = selectors.battle_for(request.user, campaign_id, battle_id)
        return Response(selectors.battle_report(viewer, campaign, battle))


class BattlePublish(APIView):
    def post(self, request: Request, campaign_id: int, battle_id: int) -> Response:
        data = _valid(PublishInput, request.data)
        battle = services.battle_publish(request.user, campaign_id, battle_id, narrative=data["narrative"],
                                         delay_steps=data["delay_steps"], published=data["published"])
        return Response(selectors.battle_summary(battle) | {
            "public_from": battle.public_from, "publication": selectors.publication(battle, battle.campaign)})


class Odds(APIView):
    def post(self, request: Request, campaign_id: int) -> Response:
        data = _valid(OddsInput, request.data)
        run = services.odds_request(request.user, campaign_id, skirmish_id=data["skirmish_id"],
                                    system=data["system"] or None, battles=data["battles"])
        return Response(run.as_json(), status=status.HTTP_202_ACCEPTED)


class OddsDetail(APIView):
    def get(self, request: Request, campaign_id: int, run_id: int) -> Response:
        return Response(selectors.odds_run_for(request.user, campaign_id, run_id).as_json())


# --- Centurion, played live ------------------------------------------------------------------------------------------

class StrictIntegerField(serializers.IntegerField):
    """A JSON integer and nothing else: DRF's own field would take true, 5.0 and "5" as integers, and a battle's
    stored actions are replayed as sent."""

    default_error_messages = {"invalid": "A whole number is required (not true, false, a decimal or text)."}

    def to_internal_value(self, data: Any) -> int:
        if type(data) is not int:
            self.fail("invalid")
        return int(super().to_internal_value(data))


class HexField(serializers.ListField):
    """[column, row]: its length is checked first, so [2, 5, 0, 9] is told it is not a hex."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=StrictIntegerField(min_value=1, max_value=services.MAX_HEX_NUMBER), required=False,
                         **kwargs)

    def to_internal_value(self, data: Any) -> list[int]:
        if not isinstance(data, list) or len(data) != 2:
            raise serializers.ValidationError("A hex is [column, row]: exactly two whole numbers.")
        return list(super().to_internal_value(data))


class CenturionActionInput(serializers.Serializer[dict[str, Any]]):
    """One action, with exactly the fields its kind declares: it is stored in the battle's record and replayed on
    every later action, so nothing else may ride along."""

    FIELDS = {"move": {"kind", "counter", "to"}, "attack": {"kind", "attackers", "target"}, "end_phase": {"kind"}}

    kind = serializers.ChoiceField(choices=list(FIELDS))
    counter = serializers.CharField(max_length=services.MAX_COUNTER_ID, required=False,
                                    help_text="The id of the counter that moves.")
    to = HexField(help_text="The hex it moves to: [column, row].")
    attackers = serializers.ListField(child=serializers.CharField(max_length=services.MAX_COUNTER_ID),
                                      min_length=1, max_length=services.MAX_ATTACKERS, required=False,
                                      help_text="The ids of the counters that attack.")
    target = HexField(help_text="The hex attacked: [column, row].")

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise serializers.ValidationError("An action is an object with its kind.")
        value = dict(super().to_internal_value(data))
        declared = self.FIELDS[value["kind"]]
        for name in data:
            if name not in declared:
                shown = name if len(name) <= services.MAX_COUNTER_ID else f"{name[:services.MAX_COUNTER_ID]}..."
                raise serializers.ValidationError({shown: [
                    f"Not a field of {value['kind']}: it has {', '.join(sorted(declared))}."]})
        for name in sorted(declared - set(value)):
            raise serializers.ValidationError({name: [f"{value['kind']} needs {name}."]})
        return value


class ActionInput(serializers.Serializer[dict[str, Any]]):
    action = CenturionActionInput(help_text='{"kind": "move", "counter", "to": [col, row]}, {"kind": "attack", '
                                            '"attackers": [...], "target": [col, row]} or {"kind": "end_phase"}.')


class ClockInput(serializers.Serializer[dict[str, Any]]):
    minutes = serializers.IntegerField(min_value=1, max_value=7 * 24 * 60)
    out_of_time = serializers.ChoiceField(choices=["bot", "pass"])
    reason = serializers.CharField(max_length=2_000, allow_blank=True, default="")


class MapInput(serializers.Serializer[dict[str, Any]]):
    map_kind = serializers.CharField(max_length=20)
    reason = serializers.CharField(max_length=2_000, allow_blank=True, default="")


class LivePublishInput(serializers.Serializer[dict[str, Any]]):
    delay_steps = serializers.IntegerField(min_value=0, max_value=10_000, default=0)
    published = serializers.BooleanField(default=True)


def _live_json(request: Request, campaign_id: int, battle_id: int) -> dict[str, Any]:
    campaign, viewer, live, version = selectors.live_battle_for(request.user, campaign_id, battle_id)
    return selectors.live_battle_json(viewer, campaign, live, version)


class LiveBattles(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign, viewer = campaign_for(request.user, campaign_id)
        return Response(selectors.live_battles_for(viewer, campaign))


class LiveBattleDetail(APIView):
    def get(self, request: Request, campaign_id: int, battle_id: int) -> Response:
        return Response(_live_json(request, campaign_id, battle_id))


class LiveBattleAct(APIView):
    def post(self, request: Request, campaign_id: int, battle_id: int) -> Response:
        data = _valid(ActionInput, request.data)
        services.live_battle_act(request.user, campaign_id, battle_id, action=data["action"])
        return Response(_live_json(request, campaign_id, battle_id))


class LiveBattleOdds(APIView):
    def get(self, request: Request, campaign_id: int, battle_id: int) -> Response:
        _, _, live, version = selectors.live_battle_for(request.user, campaign_id, battle_id)
        try:
            target = [int(v) for v in request.query_params.get("target", "").split(",")]
            attackers = [a for a in request.query_params.get("attackers", "").split(",") if a]
        except ValueError:
            return Response({"error": "target is col,row.", "field": "target"}, status=status.HTTP_400_BAD_REQUEST)
        return Response(selectors.live_odds(live, version, attackers, target))


class LiveBattleClock(APIView):
    def post(self, request: Request, campaign_id: int, battle_id: int) -> Response:
        data = _valid(ClockInput, request.data)
        services.live_battle_clock_set(request.user, campaign_id, battle_id, minutes=data["minutes"],
                                       out_of_time=data["out_of_time"], reason=data["reason"])
        return Response(_live_json(request, campaign_id, battle_id))


class LiveBattlePublish(APIView):
    def post(self, request: Request, campaign_id: int, battle_id: int) -> Response:
        data = _valid(LivePublishInput, request.data)
        services.live_battle_publish(request.user, campaign_id, battle_id, delay_steps=data["delay_steps"],
                                     published=data["published"])
        return Response(_live_json(request, campaign_id, battle_id))


class LiveBattleMap(APIView):
    def post(self, request: Request, campaign_id: int, battle_id: int) -> Response:
        data = _valid(MapInput, request.data)
        services.live_battle_map_set(request.user, campaign_id, battle_id, map_kind=data["map_kind"],
                                     reason=data["reason"])
        return Response(_live_json(request, campaign_id, battle_id))
