from __future__ import annotations

from django.urls import path

from game.api import deadlines, flow, settings, views

urlpatterns = [
    path("campaigns/", views.CampaignList.as_view(), name="api-campaigns"),
    path("campaigns/join/", views.Join.as_view(), name="api-join"),
    path("round-steps/", views.RoundSteps.as_view(), name="api-round-steps"),
    path("campaigns/<int:campaign_id>/", views.CampaignDetail.as_view(), name="api-campaign"),
    path("campaigns/<int:campaign_id>/advance/", views.Advance.as_view(), name="api-advance"),
    path("campaigns/<int:campaign_id>/preview/", views.Preview.as_view(), name="api-preview"),
    path("campaigns/<int:campaign_id>/undo/", views.Undo.as_view(), name="api-undo"),
    path("campaigns/<int:campaign_id>/end/", views.End.as_view(), name="api-end"),
    path("campaigns/<int:campaign_id>/dice/", views.Dice.as_view(), name="api-dice"),
    path("campaigns/<int:campaign_id>/orders/", views.Orders.as_view(), name="api-orders"),
    path("campaigns/<int:campaign_id>/orders/<int:order_id>/", views.OrderDetail.as_view(), name="api-order"),
    path("campaigns/<int:campaign_id>/legal-orders/", views.LegalOrders.as_view(), name="api-legal-orders"),
    path("campaigns/<int:campaign_id>/course-eta/", views.CourseEta.as_view(), name="api-course-eta"),
    path("campaigns/<int:campaign_id>/ready/", views.Ready.as_view(), name="api-ready"),
    path("campaigns/<int:campaign_id>/ready-phase/", flow.PhaseReady.as_view(), name="api-ready-phase"),
    path("campaigns/<int:campaign_id>/run-on/", flow.RunOn.as_view(), name="api-run-on"),
    path("campaigns/<int:campaign_id>/waiting/", flow.Waiting.as_view(), name="api-waiting"),
    path("campaigns/<int:campaign_id>/rulings/", views.Rulings.as_view(), name="api-rulings"),
    path("campaigns/<int:campaign_id>/visibility/", views.Visibility.as_view(), name="api-visibility"),
    path("campaigns/<int:campaign_id>/members/<int:user_id>/", views.Member.as_view(), name="api-member"),
    path("campaigns/<int:campaign_id>/scenario/", views.ScenarioLoad.as_view(), name="api-scenario"),
    path("campaigns/<int:campaign_id>/view/", views.WorldView.as_view(), name="api-view"),
    path("campaigns/<int:campaign_id>/away/", views.Away.as_view(), name="api-away"),
    path("campaigns/<int:campaign_id>/seen/", views.Seen.as_view(), name="api-seen"),
    path("campaigns/<int:campaign_id>/notes/", views.Notes.as_view(), name="api-notes"),
    path("campaigns/<int:campaign_id>/standings/", views.Standings.as_view(), name="api-standings"),
    path("campaigns/<int:campaign_id>/events/", views.Events.as_view(), name="api-events"),
    path("campaigns/<int:campaign_id>/settings/", settings.Settings.as_view(), name="api-settings"),
    path("campaigns/<int:campaign_id>/clock/", deadlines.Clock.as_view(), name="api-clock"),
    path("campaigns/<int:campaign_id>/clock/extend/", deadlines.Extend.as_view(), name="api-clock-extend"),
    path("campaigns/<int:campaign_id>/nudge/", deadlines.Nudge.as_view(), name="api-nudge"),
    path("campaigns/<int:campaign_id>/seats/", deadlines.Seats.as_view(), name="api-seats"),
    path("campaigns/<int:campaign_id>/seats/hand-to-bot/", deadlines.HandToBot.as_view(), name="api-seat-bot"),
    path("campaigns/<int:campaign_id>/seats/delegate/", deadlines.Delegate.as_view(), name="api-seat-delegate"),
    path("campaigns/<int:campaign_id>/seats/take-back/", deadlines.TakeBack.as_view(), name="api-seat-take-back"),
]
