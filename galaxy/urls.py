"""The universe setup's API (under /api/) and its pages (under /campaigns/<id>/)."""

from __future__ import annotations

from django.urls import path

from galaxy import api, views

urlpatterns = [
    path("api/campaigns/<int:campaign_id>/galaxy/", api.Galaxy.as_view(), name="api-galaxy"),
    path("api/campaigns/<int:campaign_id>/galaxy/generate/", api.Generate.as_view(), name="api-galaxy-generate"),
    path("api/campaigns/<int:campaign_id>/galaxy/systems/<str:hex_label>/", api.System.as_view(),
         name="api-galaxy-system"),
    path("api/campaigns/<int:campaign_id>/galaxy/home-worlds/<int:number>/", api.HomeWorld.as_view(),
         name="api-home-world"),
    path("api/campaigns/<int:campaign_id>/start/", api.Start.as_view(), name="api-campaign-start"),
    path("api/campaigns/<int:campaign_id>/starts/", api.StartDefault.as_view(), name="api-start-default"),
    path("api/campaigns/<int:campaign_id>/civilizations/<int:civ_id>/start/", api.CivStart.as_view(),
         name="api-civ-start"),
    path("api/campaigns/<int:campaign_id>/designs/", api.Designs.as_view(), name="api-designs"),
    path("api/campaigns/<int:campaign_id>/designs/preview", api.DesignPreview.as_view(), name="api-design-preview"),
    path("api/campaigns/<int:campaign_id>/designs/<str:design_id>/", api.Design.as_view(), name="api-design"),
    path("api/races/catalogue/", api.RaceCatalogue.as_view(), name="api-race-catalogue"),
    path("api/campaigns/<int:campaign_id>/setup/", api.MySetup.as_view(), name="api-my-setup"),
    path("api/campaigns/<int:campaign_id>/races/items/", api.RaceItems.as_view(), name="api-race-items"),
    path("api/campaigns/<int:campaign_id>/civilizations/<int:civ_id>/setup/", api.CivSetup.as_view(),
         name="api-civ-setup"),
    path("api/campaigns/<int:campaign_id>/civilizations/<int:civ_id>/review/", api.Review.as_view(),
         name="api-civ-review"),
    path("campaigns/<int:campaign_id>/setup/", views.setup_page, name="galaxy-setup"),
    path("campaigns/<int:campaign_id>/designer/", views.designer_page, name="designer"),
    path("campaigns/<int:campaign_id>/civilization/", views.civilization_page, name="civilization-setup"),
]
