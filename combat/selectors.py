"""Reads about battles, each filtered for its viewer. Ruling (docs/rules.md, "Who reads a battle report"): the
GM reads everything, dice included; each side reads what its units could observe; other players and spectators
read the public version once the GM has published it and its delay has run out."""

from __future__ import annotations

from typing import Any

from combat.engine.registry import COMBAT_SYSTEMS
from combat.models import Battle, BattleChoice, DiceMode, OddsRun, SkirmishSetting
from game import state_io
from game.engine.catalogue import Names
from game.engine.combat import ChoiceKind, OfferKind, Withdrawal, is_combat_capable
from game.engine.names import WorldNames
from game.engine.phases import ALL_STEPS
from game.engine.settings_catalogue import skirmish_size
from game.engine.steps.exterminate import combat_unit
from game.engine.world import SkirmishState, World
from game.errors import NotFound
from game.event_catalogue import describe
from game.ledger import User
from game.models import Campaign, Civilization
from game.visibility import (
    Viewer,
    battle_is_public,
    battle_readable,
    battle_side,
    battle_version,
    campaign_for,
    in_skirmish,
    odds_readable,
)

DEFAULT_COMBAT_SYSTEM = "instant_mass"
# A skirmish can still be set up until Exterminate 4 has fought it.
UNFOUGHT = ("declared", "open", "begun")
DEFAULT_CHOICE_MINUTES = 10
ALLOWED_CHOICES: dict[str, tuple[str, ...]] = {
    ChoiceKind.OFFER: tuple(OfferKind),
    ChoiceKind.ANSWER: ("accept", "refuse"),
    ChoiceKind.WITHDRAWAL: tuple(Withdrawal),
}


def combat_systems() -> list[tuple[str, str]]:
    """Every combat system a GM may choose, as (key, title)."""
    return [(key, system.title) for key, system in COMBAT_SYSTEMS.items()]


def dice_modes() -> list[str]:
    return list(DiceMode.values)


def campaign_default_system(campaign: Campaign) -> str:
    """The combat system a skirmish is fought with unless the GM chose another for it."""
    return str(campaign.rule_options.get("combat_system", DEFAULT_COMBAT_SYSTEM))


def entered_by_default(campaign: Campaign) -> bool:
    return bool(campaign.rule_options.get("dice_mode") == DiceMode.ENTERED)


def battles_visible_to(viewer: Viewer, campaign: Campaign) -> list[Battle]:
    return [b for b in Battle.objects.filter(campaign=campaign) if battle_readable(viewer, b, campaign)]


def battle_rows_for(viewer: Viewer, campaign: Campaign) -> list[dict[str, Any]]:
    """The battle list a viewer reads: each battle's summary, whether it is public yet, and whether the viewer's
    civilization fought in it."""
    return [battle_summary(b) | {"is_public": battle_is_public(b, campaign), "own": battle_side(viewer, b) is not None}
            for b in battles_visible_to(viewer, campaign)]


def public_battles(campaign: Campaign) -> list[Battle]:
    return [b for b in Battle.objects.filter(campaign=campaign, published=True) if battle_is_public(b, campaign)]


def battle_for(user: User, campaign_id: int, battle_id: int) -> tuple[Campaign, Viewer, Battle]:
    """A battle the user may read; NotFound otherwise, so an unpublished battle's existence is not revealed."""
    campaign, viewer = campaign_for(user, campaign_id)
    battle = next((b for b in battles_visible_to(viewer, campaign) if b.pk == battle_id), None)
    if battle is None:
        raise NotFound("No such battle report.")
    return campaign, viewer, battle


# --- what a side could observe --------------------------------------------------------------------------------------

# Numbers only a fleet's own side knows: its hit points and its accounting. The other side sees blows land and
# units fall, not how much is left of them.
_UNIT_SECRETS = ("hp", "max_hp", "hp_before", "hp_left", "hp_percent_left", "damage")
_SIDE_SECRETS = ("hit_points_before", "hit_points_left")
# Events that are one side's own accounting (totals, attrition passes): shown to that side only.
_OWN_ACCOUNTS = {"FleetTotalled", "FleetPowerTotalled", "AttritionApplied", "AttritionRated"}
_UNIT_FATES = {"UnitDestroyed", "UnitSurrendered", "UnitEscaped", "UnitDamaged", "UnitUnharmed"}
# The events that open a replay's last frame: the victor's damage and every unit's fate.
_OUTCOME = {"BattleVictorDeclared", "AttritionRated", "AttritionApplied", *_UNIT_FATES}


def _strip(payload: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in payload.items() if k not in keys}


def side_events(events: list[dict[str, Any]], side: str) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    for event in events:
        kind, payload = event["type"], dict(event["payload"])
        if kind in _OWN_ACCOUNTS and payload.get("side_id") != side:
            continue
        if kind == "BattleStarted":
            payload["sides"] = [s if s["side_id"] == side else
                                {**s, "units": [_strip(u, _UNIT_SECRETS) for u in s["units"]]}
                                for s in payload["sides"]]
        elif kind in _UNIT_FATES and payload["side_id"] != side:
            payload = _strip(payload, _UNIT_SECRETS)
        elif kind == "ExchangeFought":
            payload["endurance_left"] = {k: v for k, v in payload["endurance_left"].items() if k == side}
        elif kind == "InitiativeDecided":
            payload["initiative"] = {k: v for k, v in payload["initiative"].items() if k == side}
        elif kind == "BattleVictorDeclared":
            payload = _strip(payload, ("fleet_power",))
        elif kind == "BattleEnded":
            payload["sides"] = [s if s["side_id"] == side else _strip(s, _SIDE_SECRETS) for s in payload["sides"]]
        seen.append({"type": kind, "payload": payload})
    return seen


# --- the replay ---------------------------------------------------------------------------------------------------

# Battle events the frames' titles and the summary tell; every other event is a line of its frame.
_UNTOLD = {"BattleStarted", "BattleEnded", "BattleDiceRecorded"}


def _line(event: dict[str, Any], names: Names) -> str | None:
    """The event's line in the replay: its catalogue description, with the sides as this report calls them."""
    if event["type"] in _UNTOLD:
        return None
    return describe(event["type"], event["payload"], names)


def replay(events: list[dict[str, Any]], names: dict[str, str]) -> dict[str, Any]:
    """The report as frames to step through: before the battle, each exchange, the outcome. Each frame has its
    lines and each side's strength in percent of its start, where the viewer knows it: Fleet Endurance in the
    mass systems, hit points in Diceless."""
    frames: list[dict[str, Any]] = [{"title": "Before the battle", "lines": [], "strength": {}}]
    report_names = WorldNames(World(), sides=names)
    start: dict[str, float] = {}
    strength: dict[str, float] = {}

    def percent() -> dict[str, float]:
        return {s: round(100 * v / start[s], 1) if start[s] else 0.0 for s, v in strength.items() if s in start}

    for event in events:
        kind, p = event["type"], event["payload"]
        if kind == "FleetTotalled":
            start[p["side_id"]] = strength[p["side_id"]] = p["endurance"]
        if kind == "BattleEnded" and not start:
            for s in p["sides"]:
                if "hit_points_before" in s:
                    start[s["side_id"]] = s["hit_points_before"]
                    strength[s["side_id"]] = s["hit_points_before"]
            frames[0]["strength"] = percent()
            strength |= {s["side_id"]: s["hit_points_left"] for s in p["sides"] if "hit_points_left" in s}
        if kind == "ExchangeFought":
            strength |= p["endurance_left"]
            frames.append({"title": f"Exchange {p['exchange']}", "lines": [], "strength": {}})
        if kind in _OUTCOME and frames[-1]["title"] != "After the battle":
            frames.append({"title": "After the battle", "lines": [], "strength": {}})
        line = _line(event, report_names)
        if line:
            frames[-1]["lines"].append(line)
        if kind == "FleetTotalled":
            frames[0]["strength"] = percent()
        frames[-1]["strength"] = percent()
    return {"frames": frames, "sides": [names[s] for s in names], "side_ids": list(names)}


def _side_names(battle: Battle) -> dict[str, str]:
    civs = dict(Civilization.objects.filter(campaign_id=battle.campaign_id).values_list("pk", "name"))
    return {s["side_id"]: f"{s['side_id'].title()} ({', '.join(civs.get(c, f'civ {c}') for c in s['civ_ids'])})"
            for s in battle.sides}


def battle_summary(battle: Battle) -> dict[str, Any]:
    system = COMBAT_SYSTEMS.get(battle.system)
    return {
        "id": battle.pk, "skirmish_id": battle.skirmish_id, "sector": battle.sector, "round": battle.round,
        "step": ALL_STEPS[battle.step_index].key, "system": battle.system,
        "system_title": system.title if system else battle.system, "ending": battle.ending,
        "victor": battle.victor or None, "published": battle.published, "narrative": battle.narrative,
    }


def battle_report(viewer: Viewer, campaign: Campaign, battle: Battle) -> dict[str, Any]:
    """The report this viewer may read (the caller got the battle from `battle_for`)."""
    version = battle_version(viewer, battle)
    events = battle.events if version in ("gm", "public") else side_events(battle.events, version)
    names = _side_names(battle)
    report = battle_summary(battle) | {
        "version": version, "events": events, "junk": battle.junk, "replay": replay(events, names),
        "victor_name": names.get(battle.victor),
    }
    if viewer.is_gm:
        report |= {"dice_mode": battle.dice_mode, "seed": battle.seed, "rolls": battle.rolls,
                   "public_from": battle.public_from, "is_public_now": battle_is_public(battle, campaign)}
    elif not battle_is_public(battle, campaign):
        report["narrative"] = ""  # the narrative is for the public version, and that is not out yet
    return report


# --- skirmishes to set up and odds ----------------------------------------------------------------------------------

def skirmishes_for(viewer: Viewer, campaign: Campaign) -> list[dict[str, Any]]:
    """The unfought skirmishes this viewer may estimate (the GM: all, with their settings; a player: their own)."""
    if not (viewer.is_gm or viewer.is_player):
        return []
    world = state_io.load_world(campaign)
    settings = {s.skirmish_id: s for s in SkirmishSetting.objects.filter(campaign=campaign)}
    civs = {c.civ_id: c.name for c in world.civs.values()}
    rows = []
    for s in sorted(world.skirmishes.values(), key=lambda s: s.skirmish_id):
        if s.status not in UNFOUGHT or not in_skirmish(viewer, s.attacker_civ, s.defender_civ):
            continue
        row: dict[str, Any] = {
            "skirmish_id": s.skirmish_id, "sector": s.sector_id, "status": s.status,
            "attacker": civs.get(s.attacker_civ, str(s.attacker_civ)),
            "defender": civs.get(s.defender_civ, str(s.defender_civ)),
        }
        if viewer.is_gm:
            row["setting"] = setting_json(campaign, settings.get(s.skirmish_id), s.skirmish_id,
                                          _system_for_size(campaign, world, s))
        rows.append(row)
    return rows


def odds_run_for(user: User, campaign_id: int, run_id: int) -> OddsRun:
    """A simulation is read by whoever asked for it."""
    campaign, viewer = campaign_for(user, campaign_id)
    run = OddsRun.objects.filter(campaign=campaign, pk=run_id).first()
    if run is None or not odds_readable(viewer, run.requested_by_id):
        raise NotFound("No such odds simulation of yours.")
    return run


def battle_choices_for(viewer: Viewer, campaign: Campaign) -> list[dict[str, Any]]:
    """This round's battle choices: the GM's all, a player's those asked of their civilization, nobody else's."""
    rows = BattleChoice.objects.filter(campaign=campaign, round=campaign.round)
    if not viewer.is_gm:
        if viewer.civ_id is None:
            return []
        rows = rows.filter(civ_id=viewer.civ_id)
    return [choice_json(row) for row in rows]


def choice_json(choice: BattleChoice) -> dict[str, Any]:
    return {
        "id": choice.pk, "round": choice.round, "skirmish_id": choice.skirmish_id, "kind": choice.kind,
        "side_id": choice.side_id, "civ_id": choice.civ_id, "exchange": choice.exchange, "detail": choice.detail,
        "allowed": list(ALLOWED_CHOICES[choice.kind]), "deadline": choice.deadline.isoformat(),
        "answer": choice.answer, "answered_at": choice.answered_at.isoformat() if choice.answered_at else None,
        "by_default": choice.by_default,
    }


def _system_for_size(campaign: Campaign, world: World, skirmish: SkirmishState) -> str:
    """The campaign's system for the skirmish's size (settings "combat_system_<size>"), once its units are known
    (Exterminate 3); empty: the default."""
    units = [world.units[u] for u in skirmish.unit_ids if u in world.units]
    if not units:
        return ""
    size = skirmish_size(sum(is_combat_capable(combat_unit(world, unit)) for unit in units))
    return str(campaign.rule_options.get(f"combat_system_{size}", ""))


def setting_json(campaign: Campaign, setting: SkirmishSetting | None, skirmish_id: str = "",
                 sized_system: str = "") -> dict[str, Any]:
    """The GM's settings for one skirmish as they apply: the campaign's choice (for its size, else its default)
    where the GM chose nothing."""
    mode = setting.dice_mode if setting and setting.dice_mode else (
        DiceMode.ENTERED if entered_by_default(campaign) else DiceMode.SEEDED)
    return {
        "skirmish_id": setting.skirmish_id if setting else skirmish_id,
        "system": setting.system if setting and setting.system else sized_system or campaign_default_system(campaign),
        "system_overridden": bool(setting and setting.system),
        "dice_mode": str(mode),
        "entered_rolls": list(setting.entered_rolls) if setting else [],
        "ask_choices": bool(setting and setting.ask_choices),
        "choice_minutes": (setting.choice_minutes if setting and setting.choice_minutes
                           else int(campaign.rule_options.get("choice_minutes", DEFAULT_CHOICE_MINUTES))),
    }
