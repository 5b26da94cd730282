"""Reads about battles, each filtered for its viewer. Ruling (docs/rules.md, "Who reads a battle report"): the
GM reads everything, dice included; each side reads what its units could observe; other players and spectators
read the public version once the GM has published it and its delay has run out."""

from __future__ import annotations

from typing import Any

from combat.engine.centurion.game import Battle as CenturionBattle
from combat.engine.centurion.game import Phase
from combat.engine.centurion.game import view as centurion_view
from combat.engine.centurion.hexmap import HexCoord, MapKind
from combat.engine.centurion.system import Step
from combat.engine.centurion.system import replay as centurion_replay
from combat.engine.registry import COMBAT_SYSTEMS
from combat.models import Battle, BattleChoice, DiceMode, LiveBattle, OddsRun, SkirmishSetting
from game import state_io
from game.engine.catalogue import Names, without_emphasis
from game.engine.combat import ChoiceKind, OfferKind, Withdrawal, is_combat_capable
from game.engine.dice import SeededDice
from game.engine.events import Event as EngineEvent
from game.engine.ground_forces import terrain_of
from game.engine.ground_war import TERRAIN_COUNTS
from game.engine.names import WorldNames
from game.engine.phases import ALL_STEPS
from game.engine.rule_module import rule_value
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
    position,
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


def publication(battle: Battle, campaign: Campaign) -> str:
    """Whether spectators read the battle, in the GM's words: the page says it, and says it again after each
    Publish or Withdraw (so the line never contradicts the answer next to it)."""
    if battle_is_public(battle, campaign):
        return "Published: spectators can read this battle."
    if battle.published:
        return f"Published; spectators can read it from step #{battle.public_from}."
    return "Not published: only the GM and the sides read it."


def _plain_names(value: Any) -> Any:
    """A battle's record as its pages show it: every unit's `name` without the engine's emphasis ("Corvette
    *Vigilant*", `world.unit_label`), which the stored events keep."""
    if isinstance(value, dict):
        return {k: without_emphasis(v) if k == "name" and isinstance(v, str) else _plain_names(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_names(v) for v in value]
    return value


def _junk_named(junk: list[dict[str, Any]], events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each wreck with the name the battle's own record gives it (a destroyed unit is no longer in the world)."""
    started: dict[str, Any] = next((e["payload"] for e in events if e["type"] == "BattleStarted"), {"sides": []})
    names = {u["unit_id"]: u["name"] for side in started["sides"] for u in side["units"]}
    return [{**j, "name": names.get(j["unit_id"], "a unit")} for j in junk]


def battle_report(viewer: Viewer, campaign: Campaign, battle: Battle) -> dict[str, Any]:
    """The report this viewer may read (the caller got the battle from `battle_for`)."""
    version = battle_version(viewer, battle)
    events = _plain_names(battle.events if version in ("gm", "public") else side_events(battle.events, version))
    names = _side_names(battle)
    report = battle_summary(battle) | {
        "version": version, "events": events, "junk": _junk_named(battle.junk, events),
        "replay": replay(events, names),
        "victor_name": names.get(battle.victor),
    }
    if viewer.is_gm:
        report |= {"dice_mode": battle.dice_mode, "seed": battle.seed, "rolls": battle.rolls,
                   "public_from": battle.public_from, "is_public_now": battle_is_public(battle, campaign),
                   "publication": publication(battle, campaign)}
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


# --- Centurion, played live -------------------------------------------------------------------------------------------

def live_state(live: LiveBattle) -> tuple[CenturionBattle, list[EngineEvent], SeededDice]:
    """Where a live battle stands: its actions replayed from its setup with its seed (the dice it was fought with),
    the events they made and those dice (their rolls recorded)."""
    dice = SeededDice(int(live.seed))
    steps = [Step(s["side"], s["action"], s.get("by", "player")) for s in live.steps]
    battle, events = centurion_replay(live.setup, steps, dice)
    return battle, events, dice


def live_is_public(live: LiveBattle, campaign: Campaign) -> bool:
    """Ruling (docs/rules.md, "Centurion"): spectators (and players not in it) watch a live battle once the GM
    publishes it and its delay has run out, like a report."""
    return live.published and position(campaign.round, campaign.step_index) >= live.public_from


def live_version(viewer: Viewer, live: LiveBattle, campaign: Campaign) -> str | None:
    """What the viewer watches: "gm" (everything), their side's id, "public", or None (not theirs to watch)."""
    if viewer.is_gm:
        return "gm"
    side = live.side_of(viewer.civ_id) if viewer.is_player else None
    if side is not None:
        return side
    return "public" if live_is_public(live, campaign) else None


def live_battles_for(viewer: Viewer, campaign: Campaign) -> list[dict[str, Any]]:
    return [{"id": live.pk, "skirmish_id": live.skirmish_id, "sector": live.sector, "round": live.round,
             "status": live.status, "victor": live.victor or None, "mine": live_version(viewer, live, campaign)
             not in ("gm", "public")}
            for live in LiveBattle.objects.filter(campaign=campaign)
            if live_version(viewer, live, campaign) is not None]


def live_battles_playing(campaign: Campaign) -> list[dict[str, Any]]:
    """The Centurion battles the campaign's open step waits for (the flow says who plays them)."""
    return [{"id": live.pk, "skirmish_id": live.skirmish_id, "sector": live.sector,
             "civ_ids": [c for side in live.sides for c in side["civ_ids"]]}
            for live in LiveBattle.objects.filter(campaign=campaign, round=campaign.round,
                                                  step_index=campaign.step_index, status=LiveBattle.Status.PLAYING)]


def live_battle_for(user: User, campaign_id: int, battle_id: int) -> tuple[Campaign, Viewer, LiveBattle, str]:
    """A live battle the user may watch or play, and how they see it; NotFound otherwise, so an unpublished
    battle's existence is not revealed."""
    campaign, viewer = campaign_for(user, campaign_id)
    live = LiveBattle.objects.filter(campaign=campaign, pk=battle_id).first()
    version = live_version(viewer, live, campaign) if live else None
    if live is None or version is None:
        raise NotFound("No such battle.")
    return campaign, viewer, live, version


def _log_line(event: EngineEvent, side: str | None, seen: set[tuple[int, int]] | None,
              counters: dict[str, str]) -> dict[str, Any]:
    """One line of the battle's log as the viewer may read it: an enemy's move out of sight is told without where.
    `seen` None: everything may be read."""
    p = event.payload
    entry: dict[str, Any] = {"type": event.type, "turn": p.get("turn"), "side": p.get("side")}
    if event.type == "CenturionMoved":
        if seen is not None and p["side"] != side and tuple(p["to"]) not in seen:
            return entry | {"text": "An enemy unit moves out of sight."}
        return entry | {"text": f"{without_emphasis(p['name'])} moves to {p['to'][0]:02d}{p['to'][1]:02d}.",
                        "to": p["to"], "counter": p["counter"]}
    if event.type == "CenturionAttacked":
        names = ", ".join(counters.get(c, c) for c in p["attackers"])
        gone = ", ".join(counters.get(c, c) for c in p["eliminated"]) or "nobody"
        return entry | {"text": f"{names} attack {p['target'][0]:02d}{p['target'][1]:02d} at {p['odds']} "
                                f"({p['attack']} to {p['defense']}): rolled {p['roll']}, {p['result']}; "
                                f"eliminated: {gone}.", "roll": p["roll"], "result": p["result"],
                        "odds": p["odds"], "target": p["target"]}
    if event.type == "CenturionPhaseEnded":
        return entry | {"text": f"Turn {p['turn']}: {p['side']} ends the {p['phase']} phase."}
    return entry | {"text": describe(event.type, p, WorldNames(World()))}


def live_battle_json(viewer: Viewer, campaign: Campaign, live: LiveBattle, version: str) -> dict[str, Any]:
    """The live battle as this viewer may see it: the board (enemy stacks out of sight hidden, on the server), its
    turn, phase and clock, the legal moves and attacks of the viewer's side when it is its turn, and the log."""
    battle, events, _ = live_state(live)
    over = battle.phase == Phase.OVER
    side = None if version in ("gm", "public") else version
    if over or version == "gm":
        board = centurion_view(battle, None)
    elif version == "public":
        board = centurion_view(battle, None, spectator=True)
    else:
        board = centurion_view(battle, side)
    board = dict(_plain_names(board))
    hidden = {tuple(c["at"]) for c in board["counters"] if c.get("hidden")}
    visible = {tuple(c["at"]) for c in board["counters"] if not c.get("hidden")}
    seen = None if (over or version == "gm") else visible | {
        (h.col, h.row) for c in battle.on_board(side) if c.at is not None for h in battle.map.within(c.at, 3)}
    names = {c.counter_id: without_emphasis(c.name) for c in battle.counters.values()}
    log = [_log_line(e, side, None if seen is None else seen - hidden, names) for e in events]
    legal: dict[str, list[list[int]]] = {}
    targets: dict[str, list[str]] = {}
    if side is not None and side == battle.active and not over:
        if battle.phase in (Phase.SETUP, Phase.MOVEMENT):
            for counter in battle.on_board(side):
                reach = battle.reachable(counter)
                if len(reach) > 1:
                    legal[counter.counter_id] = [[h.col, h.row, cost] for h, cost in sorted(reach.items())
                                                 if h != counter.at]
        else:
            for coord, stack in sorted(battle.occupied().items()):
                if stack[0].side != side and not any(c.counter_id in battle.attacked for c in stack):
                    attackers = battle.attackers_of(coord)
                    if attackers:
                        targets[f"{coord.col},{coord.row}"] = [c.counter_id for c in attackers]
    civs = dict(Civilization.objects.filter(campaign=campaign).values_list("pk", "name"))
    return board | {
        "id": live.pk, "skirmish_id": live.skirmish_id, "sector": live.sector, "status": live.status,
        "version": live.version, "viewer_side": side, "watching": version,
        "side_names": {s["side_id"]: ", ".join(civs.get(c, f"civ {c}") for c in s["civ_ids"]) for s in live.sides},
        "deadline": live.deadline.isoformat() if live.deadline and not over else None,
        "turn_minutes": live.turn_minutes, "out_of_time": live.out_of_time, "legal": legal, "targets": targets,
        "log": log, "published": live.published if viewer.is_gm else None,
        "campaign_step": ALL_STEPS[campaign.step_index].key,
    }


def live_odds(live: LiveBattle, side: str, attackers: list[str], target: list[int]) -> dict[str, Any]:
    """The odds an attack would be fought at, before it is made (the same rules the attack is resolved by)."""
    battle, _, _ = live_state(live)
    coord = HexCoord(int(target[0]), int(target[1]))
    chosen = [c for c in battle.attackers_of(coord) if c.counter_id in attackers and c.side == side]
    if not chosen or not battle.at(coord):
        raise NotFound("Choose units of yours next to an enemy hex.")
    return battle.odds(chosen, coord)


def map_kinds() -> list[tuple[str, str]]:
    """The maps a GM may fight a Centurion battle on, as (key, label)."""
    return [(kind.value, kind.value.replace("_", " ").capitalize()) for kind in MapKind]


def map_kind_of(world: World, sector_id: str, skirmish: dict[str, Any]) -> MapKind:
    """Ruling (docs/rules.md, "Centurion"): the map is drawn from the Sector: a nebula or an asteroid field where
    one of its points of interest is one; where it has a planet, its surface when every unit fighting is at Personnel
    scale (troops), else its orbit; deep space otherwise."""
    kinds = [poi.kind for poi in world.pois.values() if poi.sector_id == sector_id]
    if any("nebula" in k for k in kinds):
        return MapKind.NEBULA
    if any("asteroid" in k for k in kinds):
        return MapKind.ASTEROID_FIELD
    pois = {poi.poi_id for poi in world.pois.values() if poi.sector_id == sector_id}
    planets = sorted((p for p in world.planets.values() if p.poi_id in pois), key=lambda p: p.planet_id)
    if planets:
        troops = all(u["multiplier"] == 1 for side in skirmish["sides"] for u in side["units"])
        if not troops:
            return MapKind.ORBIT
        # With the weather and terrain module, the surface is the ground war's terrain of the Sector's first planet.
        ground = terrain_of(planets[0].step) if rule_value(world.options, TERRAIN_COUNTS, False) else "open"
        return {"cluttered": MapKind.PLANET_CLUTTERED, "obscured": MapKind.PLANET_OBSCURED}.get(
            ground, MapKind.PLANET_SURFACE)
    return MapKind.DEEP_SPACE
