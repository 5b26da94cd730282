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

# Under /api/ every error is JSON, even those Django answers before a view runs (no such address, a body too large,
# a crash); elsewhere the usual pages.
handler400 = "game.api.errors.bad_request"
handler404 = "game.api.errors.not_found"
handler500 = "game.api.errors.server_error"
