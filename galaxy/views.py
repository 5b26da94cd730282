"""Pages of the universe setup. Each renders a shell with its first data; the page script talks to the API."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from galaxy import selectors
from game import visibility
from game.errors import NotFound


def _not_found(request: HttpRequest, message: str = "No such campaign.") -> HttpResponse:
    return render(request, "frontend/not_found.html", {"message": message}, status=404)


@login_required
def setup_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    try:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
    except NotFound:
        return _not_found(request)
    if not viewer.is_gm:
        return _not_found(request, "Only the campaign's Game Master sets up its galaxy.")
    return render(request, "galaxy/setup.html", {"campaign": campaign,
                                                  "setup": selectors.galaxy_setup(viewer, campaign),
                                                  "race_categories": selectors.race_categories()})


@login_required
def designer_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    try:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
    except NotFound:
        return _not_found(request)
    if not (viewer.is_gm or viewer.is_player):
        return _not_found(request, "Designs belong to the civilizations; join the campaign to design units.")
    data = {"campaign_id": campaign.pk, "can_save": viewer.is_player,
            "designs": selectors.designs_visible_to(viewer, campaign),
            "catalogue": selectors.designer_catalogue(viewer)}
    return render(request, "galaxy/designer.html", {"campaign": campaign, "data": data})


@login_required
def civilization_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    try:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
    except NotFound:
        return _not_found(request)
    if not viewer.is_player or viewer.civ_id is None:
        return _not_found(request, "Only a player sets up their civilization.")
    data = {"campaign_id": campaign.pk, "mine": selectors.civ_setup(viewer, campaign, viewer.civ_id),
            "catalogue": selectors.race_catalogue(selectors.campaign_race_items(campaign))}
    return render(request, "galaxy/civilization.html", {"campaign": campaign, "data": data})
