"""The campaign's versioned settings in and out of the database: a new version, the settings put in force
(`Campaign.rule_options` and `victory_conditions`, which the rest of the code reads), and the versions that wait
for the next round coming into force when it opens, or going back to waiting when that opening is undone.

It sits with the record (beside game.ledger and game.state_io) because the round's opening in `game.services`
calls it, and `game.services` may not import a services submodule. It returns events; callers append them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Max

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine import events as engine_events
from game.engine import settings_catalogue as catalogue
from game.models import Campaign, Event, SettingsVersion

IN_FORCE = "SettingsInForce"


def settings_now(campaign: Campaign) -> dict[str, Any]:
    return catalogue.read(campaign.rule_options, campaign.victory_conditions)


def put_in_force(campaign: Campaign, values: Mapping[str, Any]) -> None:
    """Set the values where the code reads them; the caller holds the campaign's row lock."""
    campaign.rule_options, campaign.victory_conditions = catalogue.write(
        campaign.rule_options, campaign.victory_conditions, values)
    campaign.save(update_fields=["rule_options", "victory_conditions"])


def version_add(campaign: Campaign, changes: Mapping[str, Any], *, pending: bool, reason: str,
                user_id: int | None) -> SettingsVersion:
    """A new version holding `changes`: in force from the open step, or (pending) from the next round's opening."""
    last = SettingsVersion.objects.filter(campaign=campaign).aggregate(n=Max("version"))["n"] or 0
    return SettingsVersion.objects.create(
        campaign=campaign, version=last + 1, values=dict(changes), pending=pending, reason=reason,
        changed_by_id=user_id, round=campaign.round + 1 if pending else campaign.round,
        step_index=0 if pending else campaign.step_index)


def first_version(campaign: Campaign, user_id: int | None) -> SettingsVersion:
    """Version 1: every setting as the new campaign holds it (its creation's choices, the rest defaults)."""
    return version_add(campaign, settings_now(campaign), pending=False, reason="The campaign was created.",
                       user_id=user_id)


def into_force(campaign: Campaign) -> list[engine_events.Event]:
    """A new round opens (the pointer is at its first step): the versions waiting for it come into force. The
    event keeps the values they replace, so undoing the opening puts them back (`back_to_pending`)."""
    waiting = list(SettingsVersion.objects.filter(campaign=campaign, pending=True, round__lte=campaign.round)
                   .order_by("version"))
    if not waiting:
        return []
    before_all = settings_now(campaign)
    changes: dict[str, Any] = {}
    for version in waiting:
        changes.update(version.values)
    before = {key: before_all[key] for key in changes}
    put_in_force(campaign, changes)
    SettingsVersion.objects.filter(pk__in=[v.pk for v in waiting]).update(
        pending=False, round=campaign.round, step_index=0)
    context = catalogue.Context(combat_systems=tuple((key, s.title) for key, s in COMBAT_SYSTEMS.items()))
    summary = "; ".join(f"{catalogue.BY_KEY[k].label}: {catalogue.shown(k, v, context)}" for k, v in changes.items())
    return [engine_events.Event(IN_FORCE, {
        "versions": [v.version for v in waiting], "round": campaign.round, "summary": summary,
        "changes": changes, "before": before}, engine_events.Visibility.PUBLIC)]


def back_to_pending(campaign: Campaign, after_seq: int) -> None:
    """Undo takes back a round's opening (events after `after_seq`): the versions that came into force with it
    wait for the next round again and the values they replaced are in force. Changes the GM made since stay."""
    for event in Event.objects.filter(campaign=campaign, type=IN_FORCE, seq__gt=after_seq,
                                      undone=False).order_by("-seq"):
        put_in_force(campaign, event.payload["before"])
        SettingsVersion.objects.filter(campaign=campaign, version__in=event.payload["versions"]).update(pending=True)
