from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("game.api.urls")),
    path("", include("galaxy.urls")),
    path("", include("combat.urls")),
    path("", include("frontend.urls")),
]
