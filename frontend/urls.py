from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from frontend import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/login/", views.RateLimitedLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", views.signup, name="signup"),
    path("campaigns/new/", views.campaign_new, name="campaign-new"),
    path("campaigns/<int:campaign_id>/", views.campaign_page, name="campaign"),
    path("campaigns/<int:campaign_id>/settings/", views.settings_page, name="campaign-settings"),
    path("join/<str:token>/", views.join, name="join"),
]
