"""The Django admin: staff only (the admin's own `is_staff` check), for support and inspection. The event log is
the record of the campaign, so here it can be read, never added to, edited or deleted."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from game import visibility
from game.models import (
    Campaign,
    Civilization,
    ColonyRow,
    Event,
    EventWitness,
    Membership,
    Order,
    ProjectRow,
    Readiness,
    StepResolution,
    UnitRow,
)


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # the stubs are generic, the class is not
    list_display = ("name", "round", "step_index", "status", "is_public", "created_at")
    list_filter = ("status", "is_public")
    search_fields = ("name",)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # the stubs are generic, the class is not
    list_display = ("campaign", "user", "role", "joined_at")
    list_filter = ("role",)


@admin.register(Civilization)
class CivilizationAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # the stubs are generic, the class is not
    list_display = ("name", "campaign")


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # the stubs are generic, the class is not
    list_display = ("campaign", "civilization", "round", "step_index", "kind", "created_at")


@admin.register(Readiness)
class ReadinessAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # the stubs are generic, the class is not
    list_display = ("civilization", "round", "step_index", "created_at")


@admin.register(StepResolution)
class StepResolutionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # the stubs are generic, the class is not
    list_display = ("campaign", "round", "step_index", "status", "attempts", "queued_at", "finished_at")
    list_filter = ("status",)


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # the stubs are generic, the class is not
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ("campaign", "seq", "type", "visibility", "read_by", "round", "step_index", "created_at")
    list_filter = ("visibility", "type")

    @admin.display(description="Read by")
    def read_by(self, event: Event) -> str:
        """Who may read the event, by the same rule every page and socket applies (game.visibility)."""
        civ_ids = list(Civilization.objects.filter(campaign_id=event.campaign_id).values_list("pk", flat=True))
        return ", ".join(visibility.readers(event.as_message(), civ_ids))


@admin.register(EventWitness)
class EventWitnessAdmin(ReadOnlyAdmin):
    list_display = ("event", "civilization")


# The world's current units, colonies and projects (game.unit_rows): written from the event log's world, so read
# here, never edited (an edit would not be in the record; the GM changes the world through rulings and events).


@admin.register(UnitRow)
class UnitRowAdmin(ReadOnlyAdmin):
    list_display = ("unit_id", "name", "campaign", "civilization", "design_id", "scale", "sector_id", "state", "hp")
    list_filter = ("state", "scale", "campaign", "civilization")
    search_fields = ("name", "design_id", "sector_id", "poi_id")
    list_select_related = ("campaign", "civilization")


@admin.register(ColonyRow)
class ColonyRowAdmin(ReadOnlyAdmin):
    list_display = ("colony_id", "planet_id", "campaign", "civilization", "sector_id", "population", "operational")
    list_filter = ("operational", "campaign", "civilization")
    search_fields = ("planet_id", "sector_id")
    list_select_related = ("campaign", "civilization")


@admin.register(ProjectRow)
class ProjectRowAdmin(ReadOnlyAdmin):
    list_display = ("project_id", "kind", "campaign", "civilization", "site", "design_id", "completed")
    list_filter = ("kind", "completed", "campaign", "civilization")
    search_fields = ("site", "design_id")
    list_select_related = ("campaign", "civilization")
