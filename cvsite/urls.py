from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/", include("game.api.urls")),
    path("", include("galaxy.urls")),
    path("", include("combat.urls")),
    path("", include("frontend.urls")),
]
