"""Centurion as the fourth combat system: the skirmish set up as a battle, its actions applied one by one, and the
end turned back into the campaign's terms (units destroyed, damaged, escaped).

A campaign plays a Centurion battle live (`combat.services` keeps its actions); `fight` plays both sides with the
bot, for an odds simulation or a battle nobody plays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from combat.engine.centurion.bot import bot_action
from combat.engine.centurion.game import Battle, Counter, Phase, apply
from combat.engine.centurion.hexmap import BattleMap, MapKind
from combat.engine.centurion.setup import setup_battle
from combat.engine.report import conclude, open_battle
from game.engine.combat import BattleChoices, CombatResult, Ending, Skirmish, UnitOutcome
from game.engine.dice import Dice, step_seed
from game.engine.events import Event

KEY = "centurion"
# A battle has at most 10 turns of 4 phases; no side may take more actions than this in one (a bot's guard).
MAX_ACTIONS_PER_PHASE = 500
RETREAT_DAMAGE = 0.25  # share of its HP a unit loses each time a combat result retreats it


@dataclass(frozen=True)
class Step:
    """One action taken in a battle, as the record keeps it."""

    side: str
    action: dict[str, Any]
    by: str = "player"  # "player", "bot" (a side out of time, played by the bot) or "pass"

    def as_payload(self) -> dict[str, Any]:
        return {"side": self.side, "action": self.action, "by": self.by}


def map_seed(skirmish_id: str) -> int:
    return step_seed("centurion-map", skirmish_id)


def setup_event(battle: Battle) -> Event:
    return Event("CenturionSetUp", {
        "map": battle.map.as_payload(), "sides": list(battle.sides),
        "counters": [c.as_payload() for c in battle.counters.values()],
    })


def from_setup(payload: dict[str, Any]) -> Battle:
    counters = [Counter.from_payload(c) for c in payload["counters"]]
    return Battle(BattleMap.from_payload(payload["map"]), (payload["sides"][0], payload["sides"][1]),
                  {c.counter_id: c for c in counters}, phase=Phase.SETUP)


def replay(setup: dict[str, Any], steps: Sequence[Step], dice: Dice) -> tuple[Battle, list[Event]]:
    """The battle as it stands after `steps`, from its setup, with the dice it was fought with."""
    battle = from_setup(setup)
    events: list[Event] = []
    for step in steps:
        events += apply(battle, step.side, step.action, dice)
    return battle, events


def outcome(skirmish: Skirmish, battle: Battle, events: list[Event]) -> CombatResult:
    """Ruling (docs/rules.md, "Centurion"): an eliminated counter's unit is destroyed; one retreated by a combat
    result is damaged, a quarter of its HP for each retreat; at the end the loser's units still on the map withdraw
    from the Sector (escaped), so Exterminate 7 declares the winner the Victor. A draw leaves both sides standing."""
    outcomes: dict[int, UnitOutcome] = {}
    units = {u.unit_id: u for side in skirmish.sides for u in side.units}
    for counter in battle.counters.values():
        if counter.unit_id is None or counter.unit_id not in units:
            continue
        unit = units[counter.unit_id]
        if counter.at is None:
            outcomes[unit.unit_id] = UnitOutcome(unit.unit_id, 0.0, True)
            continue
        hp = unit.hp * max(0.0, 1 - RETREAT_DAMAGE * counter.retreats)
        loser = battle.victor is not None and counter.side != battle.victor
        outcomes[unit.unit_id] = UnitOutcome(unit.unit_id, hp, hp <= 0, escaped=loser and hp > 0)
    if battle.victor is None:
        ending = Ending.STALEMATE
    elif any(c.at is not None and not c.command for c in battle.on_board(battle.enemy_of(battle.victor))):
        ending = Ending.FLED
    else:
        ending = Ending.VICTORY
    return conclude(skirmish, KEY, events, outcomes, battle.victor, ending, battle.turn)


class CenturionCombat:
    key = KEY
    title = "Centurion (tactical hex battle)"

    def __init__(self, map_kind: MapKind = MapKind.DEEP_SPACE) -> None:
        self.map_kind = map_kind

    def begin(self, skirmish: Skirmish) -> tuple[Battle, list[Event]]:
        """The battle set up, and the report's first events."""
        battle = setup_battle(skirmish, self.map_kind, map_seed(skirmish.skirmish_id))
        events, _, _ = open_battle(skirmish, KEY)
        return battle, [events[0], setup_event(battle)]

    def fight(self, skirmish: Skirmish, dice: Dice, choices: BattleChoices | None = None) -> CombatResult:
        events, _, unopposed = open_battle(skirmish, KEY)
        if unopposed is not None:
            return unopposed
        battle, events = self.begin(skirmish)
        while battle.phase != Phase.OVER:
            for _ in range(MAX_ACTIONS_PER_PHASE):
                phase = (battle.turn, battle.active, battle.phase)
                events += apply(battle, battle.active, bot_action(battle), dice)
                if (battle.turn, battle.active, battle.phase) != phase:
                    break
            else:
                raise RuntimeError("The bot did not end its phase.")
        return outcome(skirmish, battle, events)
