"""The campaign's settings as a viewer may read them: the declarations (for the GM's form), the settings in force,
the changes waiting for the next round and the history of every version with the GM's reason; and which settings
were in force at any step of the record."""

from __future__ import annotations

from typing import Any

from combat.selectors import combat_systems
from galaxy.selectors import is_started
from game import state_io
from game.engine import settings_catalogue as catalogue
from game.engine.phases import ALL_STEPS, STEPS_BY_KEY
from game.models import Campaign, Civilization, SettingsVersion
from game.visibility import Viewer


def rule_modules() -> list[tuple[str, str]]:
    """Every rule module a campaign may switch on, as (setting key, title)."""
    return [(key, title) for key, title, _ in catalogue.module_switches()]


def played_modules() -> list[str]:
    """The keys of the rule modules whose rules the engine plays (the others the GM rules by hand)."""
    return sorted(catalogue.built_modules())


def settings_context(campaign: Campaign) -> catalogue.Context:
    civs = dict(Civilization.objects.filter(campaign=campaign).order_by("pk").values_list("pk", "name"))
    return catalogue.Context(civ_ids=tuple(civs), combat_systems=tuple(combat_systems()),
                             started=is_started(campaign), civ_names=civs)


def settings_at(campaign: Campaign, round: int, step_index: int) -> dict[str, Any]:
    """Every setting as it was in force when `round`'s step `step_index` was resolved (or is open)."""
    in_force = [v.values for v in SettingsVersion.objects.filter(campaign=campaign, pending=False).order_by("version")
                if (v.round, v.step_index) <= (round, step_index)]
    return catalogue.fold(in_force)


def _readable(viewer: Viewer, values: dict[str, Any]) -> dict[str, Any]:
    if viewer.is_gm:
        return values
    return {key: catalogue.for_civ(key, value, viewer.civ_id) for key, value in values.items()}


def settings_at_for(viewer: Viewer, campaign: Campaign, round: int, step_key: str) -> dict[str, Any]:
    """The settings in force at a step of the record (`explore.3` of `round`), as this viewer may read them."""
    context = settings_context(campaign)
    step = STEPS_BY_KEY[step_key]
    values = _readable(viewer, settings_at(campaign, round, ALL_STEPS.index(step)))
    return {"round": round, "step": step.key, "label": step.label,
            "values": values, "shown": {key: catalogue.shown(key, value, context) for key, value in values.items()}}


def _described(values: dict[str, Any], context: catalogue.Context) -> list[dict[str, Any]]:
    return [{"key": key, "label": catalogue.BY_KEY[key].label, "value": value,
             "shown": catalogue.shown(key, value, context)} for key, value in values.items()]


def _declaration(setting: catalogue.Setting, context: catalogue.Context) -> dict[str, Any]:
    return {"key": setting.key, "group": setting.group, "label": setting.label, "help": setting.help,
            "kind": setting.kind.value, "default": setting.default, "effect": setting.effect.value,
            "choices": [{"value": v, "label": label} for v, label in catalogue.choices_of(setting, context)],
            "minimum": setting.minimum, "maximum": setting.maximum, "optional": setting.optional,
            "module": setting.module, "scope": setting.scope.value}


def with_world_wars(campaign: Campaign, values: dict[str, Any]) -> dict[str, Any]:
    """With the diplomacy module on, the world's stances are the record of war: "At war" is read from them."""
    if values.get("module_cw_trade"):
        return {**values, "wars": catalogue.from_world(state_io.load_world(campaign))["wars"]}
    return values


def settings_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """What the settings page shows this viewer: hidden entries (who is at war with whom, who trades) only where
    they concern the viewer's civilization; the GM reads everything and may change it."""
    context = settings_context(campaign)
    in_force = _readable(viewer, with_world_wars(campaign, catalogue.read(campaign.rule_options,
                                                                          campaign.victory_conditions)))
    history = []
    for version in SettingsVersion.objects.filter(campaign=campaign).select_related("changed_by").order_by(
            "-version"):
        changes = _readable(viewer, dict(version.values))
        if not viewer.is_gm:
            changes = {k: v for k, v in changes.items() if v or catalogue.BY_KEY[k].scope == catalogue.Scope.PUBLIC}
        if not changes:
            continue
        history.append({
            "version": version.version, "round": version.round, "step": ALL_STEPS[version.step_index].label,
            "pending": version.pending, "reason": version.reason,
            "changed_by": version.changed_by.get_username() if version.changed_by else "",
            "at": version.created_at.isoformat(), "changes": _described(changes, context)})
    pending = [h for h in history if h["pending"]]
    return {
        "can_change": viewer.is_gm,
        "started": context.started,
        "round_started": campaign.step_index > 0 or campaign.status == Campaign.Status.RESOLVING,
        "groups": [{"key": g.key, "title": g.title, "help": g.help} for g in catalogue.GROUPS],
        "settings": [_declaration(s, context) for s in catalogue.SETTINGS],
        "order_steps": [{"key": k, "label": label} for k, label in catalogue.ORDER_STEPS],
        "skirmish_sizes": [{"key": k, "label": label} for k, label, _ in catalogue.SKIRMISH_SIZES],
        "civilizations": [{"id": civ_id, "name": name} for civ_id, name in context.civ_names.items()],
        "in_force": in_force,
        "in_force_shown": {key: catalogue.shown(key, value, context) for key, value in in_force.items()},
        "pending": pending,
        "history": history,
    }
