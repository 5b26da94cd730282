"""The combat engine's and the combat services' event types, declared for the one event catalogue
(`game.event_catalogue` puts them together with the game's and the galaxy's).

A battle's blow by blow is told in its report (`combat.selectors.replay`, which uses these templates), so those
events stay out of the chronicle; the chronicle tells the skirmish (`SkirmishFought`, `VictorDeclared`)."""

from __future__ import annotations

from typing import Any

from game.engine.catalogue import CIV, GM, Audience, EventType

_FATE_FIELDS: dict[str, Any] = {
    "side_id": str, "unit_id": int, "civ_id": int, "name": str, "hp_before": float, "hp_left": float,
    "hp_percent_left": float, "damage": float,
}


def _fate(name: str, fate: str) -> EventType:
    return EventType(name, _FATE_FIELDS, GM, f"{{name}} ({{side_id:side}}): {fate}.", chronicle=False)


BATTLE_EVENTS = (
    EventType("BattleStarted", {"skirmish_id": str, "sector": str, "system": str, "sides": list[dict[str, Any]]},
              GM, "Battle in {sector:sector} ({system:words}).", chronicle=False),
    EventType("FleetTotalled", {"side_id": str, "damage_potential": dict[str, float],
                                "defensive_potential": dict[str, float], "initiative": float, "endurance": float},
              GM, "{side_id:side}: Fleet Endurance {endurance:n}, initiative {initiative:n}.", chronicle=False),
    EventType("FleetPowerTotalled", {"side_id": str, "fleet_power": float, "units": list[dict[str, Any]]}, GM,
              "{side_id:side}: Fleet Power {fleet_power:n}.", chronicle=False),
    EventType("InitiativeDecided", {"initiative": dict[str, float], "roll_off": list[dict[str, int]], "first": str},
              GM, "{first:side} has the initiative and strikes first.", chronicle=False),
    EventType("ExchangeFought", {"exchange": int, "striker": str, "target": str, "hits": list[dict[str, Any]],
                                 "damage": float, "resisted": float, "dealt": float,
                                 "endurance_left": dict[str, float]}, GM,
              "{striker:side} strikes[ ({hits:hits})]: {damage:n} damage, {resisted:n} resisted, {dealt:n} dealt.",
              chronicle=False),
    EventType("SideWithdrew", {"side_id": str, "exchange": int, "action": str}, GM,
              "{side_id:side} chooses to {action:words} after exchange {exchange}.", chronicle=False),
    EventType("BattleVictorDeclared", {"side_id": str | None, "fleet_power": list[float]}, GM,
              "{side_id:side} wins on Fleet Power.", fallback="Equal Fleet Power: both fleets perish.",
              chronicle=False),
    EventType("SettlementOffered", {"side_id": str, "to": str, "kind": str, "terms": str}, GM,
              "{side_id:side} offers {to:side} {kind:words}.[ {terms}]", chronicle=False),
    EventType("SettlementAccepted", {"side_id": str, "kind": str}, GM, "{side_id:side} accepts the {kind:words}.",
              chronicle=False),
    EventType("SettlementRefused", {"side_id": str, "kind": str}, GM, "{side_id:side} refuses the {kind:words}.",
              chronicle=False),
    EventType("AttritionRated", {"side_id": str, "attrition_rate": float, "survival_rate": float}, GM,
              "{side_id:side}: Attrition Rate {attrition_rate:n}, Survival Rate {survival_rate:n}.", chronicle=False),
    EventType("AttritionApplied", {"side_id": str, "pass": int, "attrition": float, "units": int, "share": float,
                                   "destroyed": list[int], "overflow": float}, GM,
              "{side_id:side}: {attrition:n} damage shared over {units} units.", chronicle=False),
    _fate("UnitDestroyed", "destroyed"),
    _fate("UnitSurrendered", "surrendered"),
    _fate("UnitEscaped", "escaped"),
    EventType("UnitDamaged", _FATE_FIELDS, GM, "{name} ({side_id:side}): damaged[, {hp_left:g} of {hp_before:g} HP "
              "left].", chronicle=False),
    _fate("UnitUnharmed", "unharmed"),
    EventType("BattleEnded", {"skirmish_id": str, "system": str, "victor": str | None, "ending": str,
                              "exchanges": int, "sides": list[dict[str, Any]]}, GM,
              "The battle is over ({ending:words}): {victor:side} won.",
              fallback="The battle is over ({ending:words}): no victor.", chronicle=False),
)

# Centurion's battle, action by action: the report a replay steps through (combat.engine.centurion).
CENTURION_EVENTS = (
    EventType("CenturionSetUp", {"map": dict[str, Any], "sides": list[str], "counters": list[dict[str, Any]]}, GM,
              "The battle map is drawn and the counters set up.", chronicle=False),
    EventType("CenturionMoved", {"turn": int, "side": str, "counter": str, "name": str, "from": list[int],
                                 "to": list[int], "cost": int}, GM,
              "Turn {turn}: {name} ({side:side}) moves.", chronicle=False),
    EventType("CenturionAttacked", {"turn": int, "side": str, "attackers": list[str], "target": list[int],
                                    "defenders": list[str], "attack": int, "defense": int, "commanded": bool,
                                    "rounded": str, "shift": int, "column": int, "odds": str, "roll": int,
                                    "result": str, "eliminated": list[str], "retreats": list[dict[str, Any]]}, GM,
              "Turn {turn}: {side:side} attacks at {odds}, rolls {roll}: {result}.", chronicle=False),
    EventType("CenturionPhaseEnded", {"turn": int, "side": str, "phase": str}, GM,
              "Turn {turn}: {side:side} ends its {phase} phase.", chronicle=False),
    EventType("CenturionEnded", {"turn": int, "ending": str, "victor": str | None, "losses": dict[str, int],
                                 "start_units": dict[str, int], "loss_shares": dict[str, float]}, GM,
              "After turn {turn} ({ending:words}) {victor:side} has the lower share of losses.",
              fallback="After turn {turn} ({ending:words}): equal shares of losses, a draw.", chronicle=False),
)

# What the combat services log around a battle: its dice, the GM's setup, the choices asked of a side, publishing.
_CHOICE_FIELDS: dict[str, Any] = {
    "id": int, "round": int, "skirmish_id": str, "kind": str, "side_id": str, "civ_id": int, "exchange": int,
    "detail": dict[str, Any], "allowed": list[str], "deadline": str, "answer": dict[str, Any] | None,
    "answered_at": str | None, "by_default": bool,
}

COMBAT_SERVICE_EVENTS = (
    EventType("BattleDiceRecorded", {"skirmish_id": str, "dice_mode": str, "seed": str,
                                     "rolls": list[dict[str, Any]]}, GM,
              "Dice of {skirmish_id:skirmish} recorded ({dice_mode} dice).", chronicle=False),
    EventType("SkirmishSetUp", {"skirmish_id": str, "system": str, "system_overridden": bool, "dice_mode": str,
                                "entered_rolls": list[int], "ask_choices": bool, "choice_minutes": int}, GM,
              "{skirmish_id:skirmish} is set up: {system:words}, {dice_mode} dice.", chronicle=False),
    EventType("BattleChoiceAsked", _CHOICE_FIELDS, CIV,
              "{skirmish_id:skirmish}: your choice ({kind:words}) is awaited until {deadline}."),
    EventType("BattleChoiceAnswered", _CHOICE_FIELDS, CIV,
              "{skirmish_id:skirmish}: the {kind:words} choice is made[ (by default{by_default:flag})]."),
    EventType("BattlePublished", {"battle_id": int, "skirmish_id": str, "published": bool, "delay_steps": int},
              (Audience.PUBLIC, Audience.GM),
              "The report of {skirmish_id:skirmish} is published{delay_steps:later}.{published:flag}",
              fallback="The report of {skirmish_id:skirmish} is withdrawn."),
)

# A Centurion battle played live (combat.services): opened to each side, the GM's clock, publishing, out of time.
LIVE_BATTLE_EVENTS = (
    EventType("CenturionBattleOpened", {"battle_id": int, "skirmish_id": str, "sector": str, "side_id": str,
                                        "map_kind": str, "turn_minutes": int}, CIV,
              "{skirmish_id:skirmish} is fought as a Centurion battle in {sector:sector}: play it live "
              "({turn_minutes} minutes a phase)."),
    EventType("CenturionClockSet", {"battle_id": int, "skirmish_id": str, "minutes": int, "out_of_time": str,
                                    "reason": str}, GM,
              "The clock of the battle of {skirmish_id:skirmish}: {minutes} minutes a phase, then "
              "{out_of_time:words} ({reason}).", chronicle=False),
    EventType("CenturionMapChosen", {"battle_id": int, "skirmish_id": str, "map_kind": str, "reason": str}, GM,
              "The battle of {skirmish_id:skirmish} is fought on another map: {map_kind:words} ({reason}).",
              chronicle=False),
    EventType("CenturionBattlePublished", {"battle_id": int, "skirmish_id": str, "published": bool,
                                           "delay_steps": int}, (Audience.PUBLIC, Audience.GM),
              "The battle of {skirmish_id:skirmish} can be watched{delay_steps:later}.{published:flag}",
              fallback="The battle of {skirmish_id:skirmish} can no longer be watched."),
    EventType("CenturionOutOfTime", {"battle_id": int, "skirmish_id": str, "side_id": str, "turn": int,
                                     "phase": str, "by": str}, CIV,
              "{skirmish_id:skirmish}: out of time in turn {turn}'s {phase} phase; {by:words} for you."),
)

COMBAT_EVENTS = (*BATTLE_EVENTS, *LIVE_BATTLE_EVENTS, *CENTURION_EVENTS, *COMBAT_SERVICE_EVENTS)
