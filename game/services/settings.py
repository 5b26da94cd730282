"""The GM changes the campaign's settings: every value checked against its declaration
(`game.engine.settings_catalogue`), a new version stored with the GM's reason, what may change now put in force,
what would break the round in progress kept for the next round's opening (`game.settings_io.into_force`), and
every change told to the players it concerns."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from game import settings_io
from game.engine import events as engine_events
from game.engine import settings_catalogue as catalogue
from game.errors import ServiceError
from game.ledger import User, append_events, locked_campaign
from game.models import Campaign, SettingsVersion
from game.selectors.settings import settings_context, with_world_wars
from game.services import diplomacy
from game.visibility import require_gm_of

PUBLIC, CIV = engine_events.Visibility.PUBLIC, engine_events.Visibility.CIV


def _upcoming(campaign: Campaign) -> dict[str, Any]:
    """The settings as they will be once the changes waiting for the next round are in force."""
    values = with_world_wars(campaign, settings_io.settings_now(campaign))
    for version in SettingsVersion.objects.filter(campaign=campaign, pending=True).order_by("version"):
        values.update(version.values)
    return values


def _told(campaign: Campaign, version: SettingsVersion, before: dict[str, Any], reason: str,
          context: catalogue.Context) -> list[engine_events.Event]:
    """One event everyone reads for the public settings; for who is at war and who trades, one per
    civilization whose part changed, telling it only its part."""
    def event(changes: dict[str, Any], visibility: engine_events.Visibility,
              civ_id: int | None = None) -> engine_events.Event:
        summary = "; ".join(f"{catalogue.BY_KEY[k].label}: {catalogue.shown(k, v, context)}"
                            for k, v in changes.items())
        return engine_events.Event("SettingsChanged", {
            "version": version.version, "summary": summary, "reason": reason, "pending": version.pending,
            "from_round": version.round, "changes": changes}, visibility, civ_id)

    changes: dict[str, Any] = version.values
    public = {k: v for k, v in changes.items() if catalogue.BY_KEY[k].scope == catalogue.Scope.PUBLIC}
    events = [event(public, PUBLIC)] if public else []
    for civ_id in context.civ_ids:
        own = {k: catalogue.for_civ(k, v, civ_id) for k, v in changes.items() if k not in public}
        if any(own[k] != catalogue.for_civ(k, before[k], civ_id) for k in own):
            events.append(event(own, CIV, civ_id))
    return events


def settings_change(gm: User, campaign_id: int, *, changes: dict[str, Any], reason: str) -> list[SettingsVersion]:
    """Change settings, with a reason every player reads. A change that would break the round in progress (a rule
    module, the combat system) waits for the next round and says so; the rest is in force at once. A value that
    does not fit its declaration is refused naming its field, and nothing changes. Returns the versions written
    (one in force now, one waiting, or both)."""
    reason = reason.strip()
    if not reason:
        raise ServiceError("Say why the settings change; the players read it.", field="reason")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        context = settings_context(campaign)
        try:
            cleaned = catalogue.check_changes(changes, context)
        except catalogue.SettingProblem as problem:
            raise ServiceError(problem.message, field=problem.field) from None
        upcoming = _upcoming(campaign)
        cleaned = {key: value for key, value in cleaned.items() if value != upcoming[key]}
        if not cleaned:
            raise ServiceError("These are the settings already in force (or waiting for the next round).",
                               field="changes")
        round_started = campaign.step_index > 0 or campaign.status == Campaign.Status.RESOLVING
        now, later = catalogue.split_by_effect(cleaned, round_started)
        written = []
        events = []
        for values, pending in ((now, False), (later, True)):
            if not values:
                continue
            version = settings_io.version_add(campaign, values, pending=pending, reason=reason,
                                              user_id=int(str(gm.pk)))
            written.append(version)
            events += _told(campaign, version, upcoming, reason, context)
        if now:
            settings_io.put_in_force(campaign, now)
        append_events(campaign, events, gm)
        if "wars" in now and diplomacy.module_on(campaign):  # the world's stances are the record of war
            diplomacy.wars_as_stances(campaign, now["wars"], reason, gm)
    return written
