"""Pages: the battle reports a viewer may read, one battle as a replay, and the skirmishes to set up or estimate.
Each reads through `combat.selectors`, so a page shows exactly what the API would."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from combat import selectors
from game.errors import NotFound
from game.visibility import campaign_for


def _not_found(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/not_found.html", status=404)


def battle_list(request: HttpRequest, campaign_id: int) -> HttpResponse:
    try:
        campaign, viewer = campaign_for(request.user, campaign_id)
    except NotFound:
        return _not_found(request)
    battles = selectors.battle_rows_for(viewer, campaign)
    return render(request, "combat/battles.html", {"campaign": campaign, "viewer": viewer, "battles": battles,
                                                   "live_battles": selectors.live_battles_for(viewer, campaign)})


def battle_page(request: HttpRequest, campaign_id: int, battle_id: int) -> HttpResponse:
    try:
        campaign, viewer, battle = selectors.battle_for(request.user, campaign_id, battle_id)
    except NotFound:
        return _not_found(request)
    report = selectors.battle_report(viewer, campaign, battle)
    return render(request, "combat/battle.html", {"campaign": campaign, "viewer": viewer, "report": report})


def skirmish_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    try:
        campaign, viewer = campaign_for(request.user, campaign_id)
    except NotFound:
        return _not_found(request)
    if not (viewer.is_gm or viewer.is_player):
        return _not_found(request)
    return render(request, "combat/skirmishes.html", {
        "campaign": campaign, "viewer": viewer, "skirmishes": selectors.skirmishes_for(viewer, campaign),
        "systems": selectors.combat_systems(),
    })


def live_battle_page(request: HttpRequest, campaign_id: int, battle_id: int) -> HttpResponse:
    """A Centurion battle, played by its two sides and watched by the GM and (once published) spectators; the page
    reads the battle over the API and refetches it on each push."""
    try:
        campaign, viewer, live, version = selectors.live_battle_for(request.user, campaign_id, battle_id)
    except NotFound:
        return _not_found(request)
    return render(request, "combat/live_battle.html", {
        "campaign": campaign, "viewer": viewer, "battle": selectors.live_battle_json(viewer, campaign, live, version),
        "map_kinds": selectors.map_kinds(),
    })
