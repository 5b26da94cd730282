"""Reads about battles, each filtered for its viewer. Ruling (docs/rules.md, "Who reads a battle report"): the
GM reads everything, dice included; each side reads what its units could observe; other players and spectators
read the public version once the GM has published it and its delay has run out."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from combat.engine.registry import COMBAT_SYSTEMS
from combat.models import Battle, BattleChoice, OddsRun, SkirmishSetting
from combat.services import UNFOUGHT, choice_json, position, setting_json
from game import state_io
from game.engine.phases import ALL_STEPS
from game.errors import NotFound
from game.models import Campaign, Civilization
from game.selectors import Viewer, campaign_for

User = AbstractBaseUser | AnonymousUser


def is_public(battle: Battle, campaign: Campaign) -> bool:
    return battle.published and position(campaign.round, campaign.step_index) >= battle.public_from


def battles_visible_to(viewer: Viewer, campaign: Campaign) -> list[Battle]:
    battles = list(Battle.objects.filter(campaign=campaign))
    if viewer.is_gm:
        return battles
    return [b for b in battles if is_public(b, campaign) or (viewer.is_player and b.side_of(viewer.civ_id))]


def public_battles(campaign: Campaign) -> list[Battle]:
    return [b for b in Battle.objects.filter(campaign=campaign, published=True) if is_public(b, campaign)]


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

def _n(value: float) -> str:
    return f"{value:,.0f}"


def _line(event: dict[str, Any], names: dict[str, str]) -> str | None:
    kind, p = event["type"], event["payload"]
    side = names.get(p.get("side_id", ""), p.get("side_id", ""))
    if kind == "FleetTotalled":
        return f"{side}: Fleet Endurance {_n(p['endurance'])}, initiative {_n(p['initiative'])}."
    if kind == "FleetPowerTotalled":
        return f"{side}: Fleet Power {_n(p['fleet_power'])}."
    if kind == "InitiativeDecided":
        return f"{names[p['first']]} has the initiative and strikes first."
    if kind == "ExchangeFought":
        rolls = ", ".join(f"{h['weapon_type'] or 'all weapons'}: d20 {h['roll']} = {h['percent']}%" for h in p["hits"])
        return (f"{names[p['striker']]} strikes ({rolls}): {_n(p['damage'])} damage, {_n(p['resisted'])} resisted, "
                f"{_n(p['dealt'])} dealt.")
    if kind == "BattleVictorDeclared":
        return f"{side} wins on Fleet Power." if p.get("side_id") else "Equal Fleet Power: both fleets perish."
    if kind == "AttritionRated":
        return f"{side}: Attrition Rate {_n(p['attrition_rate'])}, Survival Rate {_n(p['survival_rate'])}."
    if kind == "AttritionApplied":
        return f"{side}: {_n(p['attrition'])} damage shared over {p['units']} units."
    if kind == "SideWithdrew":
        return f"{side} chooses to {p['action'].replace('_', ' ')} after exchange {p['exchange']}."
    if kind == "SettlementOffered":
        return f"{side} offers {names.get(p['to'], p['to'])} {p['kind']}. {p.get('terms') or ''}".strip()
    if kind in ("SettlementAccepted", "SettlementRefused"):
        return f"{side} {'accepts' if kind == 'SettlementAccepted' else 'refuses'} the {p['kind']}."
    if kind in _UNIT_FATES:
        fate = {"UnitDestroyed": "destroyed", "UnitSurrendered": "surrendered", "UnitEscaped": "escaped",
                "UnitDamaged": "damaged", "UnitUnharmed": "unharmed"}[kind]
        left = f", {p['hp_left']:g} of {p['hp_before']:g} HP left" if "hp_left" in p and fate == "damaged" else ""
        return f"{p['name']} ({side}): {fate}{left}."
    return None


def replay(events: list[dict[str, Any]], names: dict[str, str]) -> dict[str, Any]:
    """The report as frames to step through: before the battle, each exchange, the outcome. Each frame has its
    lines and each side's strength in percent of its start, where the viewer knows it: Fleet Endurance in the
    mass systems, hit points in Diceless."""
    frames: list[dict[str, Any]] = [{"title": "Before the battle", "lines": [], "strength": {}}]
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
        line = _line(event, names)
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
    side = battle.side_of(viewer.civ_id) if viewer.is_player else None
    if viewer.is_gm or side is None:
        events, version = battle.events, "gm" if viewer.is_gm else "public"
    else:
        events, version = side_events(battle.events, side), side
    names = _side_names(battle)
    report = battle_summary(battle) | {
        "version": version, "events": events, "junk": battle.junk, "replay": replay(events, names),
        "victor_name": names.get(battle.victor),
    }
    if viewer.is_gm:
        report |= {"dice_mode": battle.dice_mode, "seed": battle.seed, "rolls": battle.rolls,
                   "public_from": battle.public_from, "is_public_now": is_public(battle, campaign)}
    elif not is_public(battle, campaign):
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
        if s.status not in UNFOUGHT or not (viewer.is_gm or viewer.civ_id in (s.attacker_civ, s.defender_civ)):
            continue
        row: dict[str, Any] = {
            "skirmish_id": s.skirmish_id, "sector": s.sector_id, "status": s.status,
            "attacker": civs.get(s.attacker_civ, str(s.attacker_civ)),
            "defender": civs.get(s.defender_civ, str(s.defender_civ)),
        }
        if viewer.is_gm:
            row["setting"] = setting_json(campaign, settings.get(s.skirmish_id), s.skirmish_id)
        rows.append(row)
    return rows


def odds_run_for(user: User, campaign_id: int, run_id: int) -> OddsRun:
    """A simulation is read by whoever asked for it."""
    campaign, viewer = campaign_for(user, campaign_id)
    run = OddsRun.objects.filter(campaign=campaign, pk=run_id).first()
    if run is None or run.requested_by_id != viewer.user_id:
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
