"""A simple player for a side that does not move in time (when the GM chooses the bot over passing) and for a
battle fought without players (odds, a campaign that does not play Centurion live): it closes with the nearest
enemy, keeps its command behind its line, and attacks wherever the odds are 1-1 or better."""

from __future__ import annotations

from typing import Any

from combat.engine.centurion.game import Battle, Counter, Phase
from combat.engine.centurion.hexmap import HexCoord, hex_distance

GOOD_ODDS_COLUMN = 4  # 1-1


def _move(battle: Battle, counter: Counter, enemies: dict[HexCoord, int],
          friends: list[HexCoord]) -> HexCoord | None:
    reach = battle.reachable(counter)
    if len(reach) <= 1 or counter.at is None:
        return None
    if counter.command:
        # Stay out of the enemy's reach but close to the own units, to round their attacks up.
        def score(h: HexCoord) -> tuple[int, int, int, HexCoord]:
            near = min((hex_distance(h, f) for f in friends), default=0)
            return (int(enemies.get(h, 99) < 3), near, reach[h], h)
    else:
        def score(h: HexCoord) -> tuple[int, int, int, HexCoord]:
            return (0, enemies.get(h, 99), reach[h], h)
    best = min(reach, key=score)
    return best if best != counter.at else None


def bot_action(battle: Battle) -> dict[str, Any]:
    """The next action for the active side; `end_phase` once it has nothing more to do in this phase."""
    side = battle.active
    enemy = battle.enemy_of(side)
    if battle.phase == Phase.SETUP:
        return {"kind": "end_phase"}  # the deployment as set up
    if battle.phase == Phase.MOVEMENT:
        key = (battle.turn, side, battle.phase.value, "enemy distances")
        if key not in battle.memo:  # the enemy does not move in this phase
            battle.memo.clear()
            battle.memo[key] = battle.map.distances(
                [c.at for c in battle.on_board(enemy) if c.at is not None and not c.command])
        enemies: dict[HexCoord, int] = battle.memo[key]
        for counter in sorted(battle.on_board(side), key=lambda c: (c.command, c.counter_id)):
            if counter.counter_id in battle.moved:
                continue
            friends = [c.at for c in battle.on_board(side) if not c.command and c.at is not None]
            target = _move(battle, counter, enemies, friends)
            if target is not None:
                return {"kind": "move", "counter": counter.counter_id, "to": [target.col, target.row]}
        return {"kind": "end_phase"}
    if battle.phase == Phase.COMBAT:
        for coord, stack in sorted(battle.occupied().items()):
            if stack[0].side != enemy or any(c.counter_id in battle.attacked for c in stack):
                continue
            attackers = _compatible(battle.attackers_of(coord))
            if attackers and battle.odds(attackers, coord)["column"] >= GOOD_ODDS_COLUMN:
                return {"kind": "attack", "attackers": [c.counter_id for c in attackers],
                        "target": [coord.col, coord.row]}
        return {"kind": "end_phase"}
    raise ValueError("The battle is over.")


def _compatible(attackers: list[Counter]) -> list[Counter]:
    """From each hex, the largest group of attackers with the same Movement Factor Allowance (Case G)."""
    chosen: list[Counter] = []
    by_hex: dict[HexCoord | None, list[Counter]] = {}
    for counter in attackers:
        by_hex.setdefault(counter.at, []).append(counter)
    for stack in by_hex.values():
        groups: dict[int, list[Counter]] = {}
        for counter in stack:
            groups.setdefault(counter.movement, []).append(counter)
        best: list[Counter] = max(groups.values(), key=_strength)
        chosen += best
    return chosen


def _strength(group: list[Counter]) -> tuple[int, int]:
    return sum(c.attack for c in group), -group[0].movement
