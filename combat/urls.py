"""The combat app's API (under /api/) and pages (under /campaigns/<id>/)."""

from __future__ import annotations

from django.urls import path

from combat import views
from combat.api import views as api

_API = "api/campaigns/<int:campaign_id>/"
_SKIRMISH = _API + "skirmishes/<str:skirmish_id>/"

urlpatterns = [
    path(_API + "skirmishes/", api.Skirmishes.as_view(), name="api-skirmishes"),
    path(_SKIRMISH + "system", api.SkirmishSystem.as_view(), name="api-skirmish-system"),
    path(_SKIRMISH + "dice", api.SkirmishDice.as_view(), name="api-skirmish-dice"),
    path(_SKIRMISH + "rolls", api.SkirmishRolls.as_view(), name="api-skirmish-rolls"),
    path(_SKIRMISH + "choices", api.SkirmishChoices.as_view(), name="api-skirmish-choices"),
    path(_API + "battle-choices/", api.BattleChoices.as_view(), name="api-battle-choices"),
    path(_API + "battle-choices/<int:choice_id>/", api.BattleChoiceAnswer.as_view(), name="api-battle-choice"),
    path(_API + "battles/", api.Battles.as_view(), name="api-battles"),
    path(_API + "battles/<int:battle_id>/", api.BattleDetail.as_view(), name="api-battle"),
    path(_API + "battles/<int:battle_id>/publish", api.BattlePublish.as_view(), name="api-battle-publish"),
    path(_API + "live-battles/", api.LiveBattles.as_view(), name="api-live-battles"),
    path(_API + "live-battles/<int:battle_id>/", api.LiveBattleDetail.as_view(), name="api-live-battle"),
    path(_API + "live-battles/<int:battle_id>/act", api.LiveBattleAct.as_view(), name="api-live-battle-act"),
    path(_API + "live-battles/<int:battle_id>/odds", api.LiveBattleOdds.as_view(), name="api-live-battle-odds"),
    path(_API + "live-battles/<int:battle_id>/clock", api.LiveBattleClock.as_view(), name="api-live-battle-clock"),
    path(_API + "live-battles/<int:battle_id>/map", api.LiveBattleMap.as_view(), name="api-live-battle-map"),
    path(_API + "live-battles/<int:battle_id>/publish", api.LiveBattlePublish.as_view(),
         name="api-live-battle-publish"),
    path(_API + "odds", api.Odds.as_view(), name="api-odds"),
    path(_API + "odds/<int:run_id>", api.OddsDetail.as_view(), name="api-odds-run"),
    path("campaigns/<int:campaign_id>/battles/", views.battle_list, name="battles"),
    path("campaigns/<int:campaign_id>/battles/<int:battle_id>/", views.battle_page, name="battle"),
    path("campaigns/<int:campaign_id>/skirmishes/", views.skirmish_page, name="skirmishes"),
    path("campaigns/<int:campaign_id>/live-battles/<int:battle_id>/", views.live_battle_page, name="live-battle"),
]
