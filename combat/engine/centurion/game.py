"""Centurion's Basic Game as a state machine: the turns and phases of "THE SEQUENCE OF PLAY", movement with its
zones of control and stacking, combat at odds on the Combat Results Table, retreats, and the victory of "BASIC GAME
VICTORY CONDITIONS". One `Action` at a time is applied to a `Battle`; the dice are injected and every roll is
recorded, so a battle is replayed exactly from its setup, its seed and its actions.

Rulings where the rules are silent or leave a chart out are in docs/rules.md, "Centurion"."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from combat.engine.centurion.hexmap import TERRAIN_RULES, BattleMap, HexCoord, hex_distance
from game.engine.dice import Dice
from game.engine.events import Event

GAME_TURNS = 10  # "At the end of ten Game-Turns ..."
STACKING_LIMIT = 3  # "As many as three Friendly units ... may occupy the same hex"
COMMAND_RADIUS = 5  # "a Friendly Command unit within five hexes of an attacking force"
SIGHT_RADIUS = 3  # "a Friendly unit within three hexes of the stack in question"
RETREAT_HEXES = 2  # ruling: the CRT's retreats are of two hexes

# The odds columns of the Combat Results Table, attacker to defender.
ODDS: tuple[tuple[int, int], ...] = ((1, 5), (1, 4), (1, 3), (1, 2), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1))


class Result(StrEnum):
    AE = "AE"  # attacker eliminated
    AR = "AR"  # attacker retreats
    EX = "EX"  # exchange
    DR = "DR"  # defender retreats
    DE = "DE"  # defender eliminated


# Ruling (docs/rules.md, "Centurion"): the rules print no table; this is the SPI table of the period, one row per
# die face (1 to 6), one column per odds ratio above. Low rolls favour the attacker.
_A, _R, _X, _D, _E = Result.AE, Result.AR, Result.EX, Result.DR, Result.DE
CRT: tuple[tuple[Result, ...], ...] = (
    (_R, _R, _D, _D, _D, _E, _E, _E, _E, _E),
    (_A, _R, _R, _D, _D, _D, _E, _E, _E, _E),
    (_A, _A, _R, _R, _X, _D, _D, _E, _E, _E),
    (_A, _A, _A, _R, _R, _X, _D, _D, _E, _E),
    (_A, _A, _A, _A, _R, _R, _X, _D, _D, _E),
    (_A, _A, _A, _A, _A, _R, _R, _X, _D, _D),
)


class Phase(StrEnum):
    SETUP = "setup"  # ruling: before turn 1 each side may rearrange its counters on its own edge
    MOVEMENT = "movement"
    COMBAT = "combat"
    OVER = "over"


class IllegalAction(ValueError):
    """An action the rules do not allow now; `field` names the part of the action at fault."""

    def __init__(self, message: str, field: str = "action") -> None:
        super().__init__(message)
        self.field = field


@dataclass
class Counter:
    counter_id: str
    side: str
    name: str
    attack: int  # Melee Attack Factor
    defense: int  # Melee Defense Factor
    movement: int  # Movement Factor Allowance
    command: bool = False
    unit_id: int | None = None  # the campaign unit; None for a command counter
    at: HexCoord | None = None  # None once eliminated
    retreats: int = 0  # times it was retreated by a combat result

    def as_payload(self) -> dict[str, Any]:
        return {
            "id": self.counter_id, "side": self.side, "name": self.name, "attack": self.attack,
            "defense": self.defense, "movement": self.movement, "command": self.command, "unit_id": self.unit_id,
            "at": [self.at.col, self.at.row] if self.at else None, "retreats": self.retreats,
        }

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> Counter:
        at = data["at"]
        return cls(data["id"], data["side"], data["name"], data["attack"], data["defense"], data["movement"],
                   data["command"], data["unit_id"], HexCoord(*at) if at else None, data.get("retreats", 0))


@dataclass
class Battle:
    """Where a battle stands. Mutable: actions change it in place (a replay builds it anew from the setup)."""

    map: BattleMap
    sides: tuple[str, str]  # the First Player's side, then the Second's
    counters: dict[str, Counter]
    turn: int = 1
    active: str = ""
    phase: Phase = Phase.MOVEMENT
    moved: set[str] = field(default_factory=set)
    attacked_with: set[str] = field(default_factory=set)
    attacked: set[str] = field(default_factory=set)
    victor: str | None = None
    start_units: dict[str, int] = field(default_factory=dict)
    # What a player (the bot) works out once a phase, such as how far each hex is from the enemy, who cannot move
    # in one's own phase; keyed by (turn, side, phase, what).
    memo: dict[tuple[int, str, str, str], Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.active = self.active or self.sides[0]
        if not self.start_units:
            self.start_units = {side: sum(1 for c in self.counters.values() if c.side == side and not c.command)
                                for side in self.sides}

    # --- reading the board ----------------------------------------------------------------------------------------

    def enemy_of(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def at(self, coord: HexCoord) -> list[Counter]:
        return [c for c in self.counters.values() if c.at == coord]

    def on_board(self, side: str | None = None) -> list[Counter]:
        return [c for c in self.counters.values() if c.at is not None and (side is None or c.side == side)]

    def occupied(self) -> dict[HexCoord, list[Counter]]:
        board: dict[HexCoord, list[Counter]] = {}
        for counter in self.counters.values():
            if counter.at is not None:
                board.setdefault(counter.at, []).append(counter)
        return board

    def controlled_by(self, side: str) -> set[HexCoord]:
        """Zones of Control: "Every combat-unit (except Command units) exerts a Zone of Control which extends into
        the six hexes immediately surrounding it"; "Command units do not exert a Zone of Control unless they are
        stacked with other types of Friendly units" (and then the other units exert it anyway)."""
        zone: set[HexCoord] = set()
        for counter in self.on_board(side):
            if not counter.command and counter.at is not None:
                zone.update(self.map.neighbours(counter.at))
        return zone

    def losses(self, side: str) -> int:
        return sum(1 for c in self.counters.values() if c.side == side and not c.command and c.at is None)

    def loss_share(self, side: str) -> float:
        """"units lost compared to total units at start"."""
        start = self.start_units.get(side, 0)
        return self.losses(side) / start if start else 0.0

    # --- movement --------------------------------------------------------------------------------------------------

    def deployment(self, side: str) -> set[HexCoord]:
        """The side's setup area: the First Player's two west columns, the Second's two east ones."""
        columns = (1, 2) if side == self.sides[0] else (self.map.width - 1, self.map.width)
        return {h for h in self.map.terrain if h.col in columns and self.map.cost(h) is not None}

    def placeable(self, counter: Counter) -> dict[HexCoord, int]:
        """In the setup phase: the hexes of the side's area the counter may be placed in (stacking kept)."""
        board = self.occupied()
        return {h: 0 for h in self.deployment(counter.side)
                if counter.command or sum(1 for c in board.get(h, []) if not c.command and c is not counter)
                < STACKING_LIMIT}

    def reachable(self, counter: Counter) -> dict[HexCoord, int]:
        """Every hex the counter may end its move in, with the Movement Factors it costs (its own hex, 0)."""
        if counter.at is None or counter.side != self.active:
            return {}
        if self.phase == Phase.SETUP:
            return self.placeable(counter)
        if self.phase != Phase.MOVEMENT:
            return {}
        if counter.counter_id in self.moved:
            return {}  # Case (I): "once a unit has been moved ... it may not be moved again"
        enemy_zone = self.controlled_by(self.enemy_of(counter.side))
        if counter.at in enemy_zone:
            return {}  # ZOC (B): "Opposing units which are adjacent to each other may not move at all."
        board = self.occupied()
        costs = {counter.at: 0}
        frontier = [counter.at]
        while frontier:  # the costs are small integers, so a relaxation to a fixed point is quick enough
            nxt: list[HexCoord] = []
            for here in frontier:
                if here != counter.at and here in enemy_zone:
                    continue  # ZOC (A): "Units must stop and move no further upon entering an Enemy-controlled hex."
                for there in self.map.neighbours(here):
                    cost = self.map.cost(there)
                    if cost is None:
                        continue
                    total = costs[here] + cost
                    if total > counter.movement or total >= costs.get(there, counter.movement + 1):
                        continue
                    stack = board.get(there, [])
                    if any(c.side != counter.side for c in stack):
                        continue  # Case (G): "Units may never enter or pass through a hex containing Enemy units."
                    if not counter.command and sum(1 for c in stack if not c.command) >= STACKING_LIMIT:
                        continue  # Case (F) and Stacking (B): command units do not count
                    costs[there] = total
                    nxt.append(there)
            frontier = nxt
        return costs

    # --- combat ----------------------------------------------------------------------------------------------------

    def attackers_of(self, target: HexCoord) -> list[Counter]:
        """Friendly units that may still attack the enemy hex `target` this Combat Phase (Case A, C)."""
        return [c for c in self.on_board(self.active)
                if not c.command and c.attack > 0 and c.counter_id not in self.attacked_with
                and c.at is not None and hex_distance(c.at, target) == 1]

    def commanded(self, attackers: Iterable[Counter], target: HexCoord) -> bool:
        """Case (J): a Friendly Command unit within five hexes of the attacking force rounds the odds in the
        Attacker's favour; "The presence of an Enemy Command unit negates this effect." Ruling: the enemy's
        command negates it when it is within five hexes of the hex attacked."""
        side = self.active
        force = [c.at for c in attackers if c.at is not None]
        friendly = any(c.command and c.at is not None and any(hex_distance(c.at, h) <= COMMAND_RADIUS for h in force)
                       for c in self.on_board(side))
        enemy = any(c.command and c.at is not None and hex_distance(c.at, target) <= COMMAND_RADIUS
                    for c in self.on_board(self.enemy_of(side)))
        return friendly and not enemy

    def odds(self, attackers: list[Counter], target: HexCoord) -> dict[str, Any]:
        """What an attack would be fought at, before it is made: the totals, the ratio as rounded, the terrain
        shift and the column of the Combat Results Table."""
        attack = sum(c.attack for c in attackers)
        defense = sum(c.defense for c in self.at(target))
        commanded = self.commanded(attackers, target)
        column = odds_column(attack, defense, attacker_favour=commanded)
        shift = TERRAIN_RULES[self.map.terrain[target]].defense_shift
        final = max(0, column - shift)
        return {"attack": attack, "defense": defense, "commanded": commanded, "rounded": odds_label(column),
                "shift": shift, "column": final, "odds": odds_label(final)}


def odds_column(attack: int, defense: int, attacker_favour: bool = False) -> int:
    """Case (I): "Combat odds are rounded-off in favor of the Defender. For example: An attack of 26 ... against 9
    ... would round-off to a TWO-to-ONE odds situation"; Case (J): in the Attacker's favour, "26 to 9 would
    round-off at a THREE-to-ONE". The index of the column in `ODDS`. Ruling: odds beyond the table are fought on
    its last column (6-1) or its first (1-5)."""
    if attacker_favour:
        # the lowest column at least as good as the true ratio: a/d >= attack/defense
        for index, (a, d) in enumerate(ODDS):
            if a * defense >= attack * d:
                return index
        return len(ODDS) - 1
    # the highest column no better than the true ratio: a/d <= attack/defense
    best = 0
    for index, (a, d) in enumerate(ODDS):
        if a * defense <= attack * d:
            best = index
    return best


def odds_label(column: int) -> str:
    a, d = ODDS[column]
    return f"{a}-{d}"


# --- actions ------------------------------------------------------------------------------------------------------

def _hex(value: Any, name: str, battle: Battle) -> HexCoord:
    try:
        coord = HexCoord(int(value[0]), int(value[1]))
    except (TypeError, ValueError, IndexError):
        raise IllegalAction("Name a hex as [column, row].", name) from None
    if not battle.map.on_map(coord):
        raise IllegalAction("That hex is off the map.", name)  # Case (J): "Units may not move off the map."
    return coord


def apply(battle: Battle, side: str, action: dict[str, Any], dice: Dice) -> list[Event]:
    """Apply one side's action: {"kind": "move", "counter", "to"}, {"kind": "attack", "attackers", "target"} or
    {"kind": "end_phase"}. Raises IllegalAction, leaving the battle as it was."""
    if battle.phase == Phase.OVER:
        raise IllegalAction("The battle is over.")
    if side != battle.active:
        raise IllegalAction("It is not your turn.", "side")
    kind = action.get("kind")
    if kind == "move":
        return _move(battle, action)
    if kind == "attack":
        return _attack(battle, action, dice)
    if kind == "end_phase":
        return end_phase(battle)
    raise IllegalAction("An action is move, attack or end_phase.", "kind")


def _move(battle: Battle, action: dict[str, Any]) -> list[Event]:
    if battle.phase not in (Phase.SETUP, Phase.MOVEMENT):
        raise IllegalAction("Units move in the Movement Phase; this is the Combat Phase.", "kind")
    counter = battle.counters.get(str(action.get("counter")))
    if counter is None or counter.side != battle.active or counter.at is None:
        raise IllegalAction("Choose one of your units on the map.", "counter")
    target = _hex(action.get("to"), "to", battle)
    reachable = battle.reachable(counter)
    if target not in reachable or target == counter.at:
        if counter.counter_id in battle.moved:
            raise IllegalAction(f"{counter.name} has already moved this phase.", "counter")
        if not reachable:
            raise IllegalAction(f"{counter.name} is adjacent to the enemy and may not move.", "counter")
        raise IllegalAction(f"{counter.name} cannot reach that hex this phase.", "to")
    origin = counter.at
    counter.at = target
    if battle.phase == Phase.MOVEMENT:  # in the setup a counter may be placed again
        battle.moved.add(counter.counter_id)
    return [Event("CenturionMoved", {"turn": battle.turn, "side": counter.side, "counter": counter.counter_id,
                                     "name": counter.name, "from": [origin.col, origin.row],
                                     "to": [target.col, target.row], "cost": reachable[target]})]


def _attack(battle: Battle, action: dict[str, Any], dice: Dice) -> list[Event]:
    if battle.phase != Phase.COMBAT:
        raise IllegalAction("Attacks are made in the Combat Phase; end your movement first.", "kind")
    target = _hex(action.get("target"), "target", battle)
    defenders = battle.at(target)
    if not defenders or defenders[0].side == battle.active:
        raise IllegalAction("Attack a hex the enemy holds.", "target")
    if any(c.counter_id in battle.attacked for c in defenders):
        raise IllegalAction("That hex was already attacked this phase.", "target")  # Case (C)
    ids = [str(i) for i in action.get("attackers") or []]
    allowed = {c.counter_id: c for c in battle.attackers_of(target)}
    if not ids or len(set(ids)) != len(ids) or any(i not in allowed for i in ids):
        raise IllegalAction("Attack with units adjacent to that hex that have not attacked this phase.",
                            "attackers")
    attackers = [allowed[i] for i in ids]
    by_hex: dict[HexCoord, set[int]] = {}
    for counter in attackers:
        assert counter.at is not None
        by_hex.setdefault(counter.at, set()).add(counter.movement)
    if any(len(allowances) > 1 for allowances in by_hex.values()):
        # Case (G): "Attacking-units stacked together ... must all have the same Movement Factor Allowance"
        raise IllegalAction("Units stacked together attack the same hex only if they have the same Movement "
                            "Factor Allowance.", "attackers")
    odds = battle.odds(attackers, target)
    roll = dice.roll(6, f"Centurion turn {battle.turn}: {battle.active} attacks {target.label()}")
    result = CRT[roll - 1][odds["column"]]
    battle.attacked_with.update(ids)
    battle.attacked.update(c.counter_id for c in defenders)
    eliminated: list[str] = []
    retreated: list[dict[str, Any]] = []
    if result in (Result.DE, Result.EX):
        eliminated += _eliminate(defenders)
    if result == Result.AE:
        eliminated += _eliminate(attackers)
    if result == Result.EX:
        # Ruling: the attacker loses attacking units, weakest first, until their Attack Factors at least match
        # the Defense Factors eliminated.
        lost = 0
        for counter in sorted(attackers, key=lambda c: (c.attack, c.counter_id)):
            if lost >= odds["defense"]:
                break
            lost += counter.attack
            eliminated += _eliminate([counter])
    if result == Result.DR:
        retreated.append(_retreat(battle, defenders, sorted(by_hex)))
    if result == Result.AR:
        for coord in sorted(by_hex):
            retreated.append(_retreat(battle, [c for c in attackers if c.at == coord], [target]))
    for group in retreated:
        eliminated += group["eliminated"]
    events = [Event("CenturionAttacked", {
        "turn": battle.turn, "side": battle.active, "attackers": ids, "target": [target.col, target.row],
        "defenders": [c.counter_id for c in defenders], **odds, "roll": roll, "result": result.value,
        "eliminated": eliminated, "retreats": retreated,
    })]
    if any(not [c for c in battle.on_board(s) if not c.command] for s in battle.sides):
        # Ruling: a side with no combat unit left has lost every one; the game ends at once.
        events += _finish(battle, "annihilation")
    return events


def _eliminate(counters: Iterable[Counter]) -> list[str]:
    gone = []
    for counter in counters:
        if counter.at is not None:
            counter.at = None
            gone.append(counter.counter_id)
    return gone


def _retreat(battle: Battle, stack: list[Counter], away_from: list[HexCoord]) -> dict[str, Any]:
    """Ruling (docs/rules.md, "Centurion"): a retreat moves the stack together two hexes, each farther from where
    it stood, never into an enemy-held, impassable or full hex, nor off the map. It may pass through an
    enemy-controlled hex but not end in one (unless a friendly unit is there). Of the retreats open, the one that
    avoids enemy zones of control, then ends farthest from the other side of the fight, then from the nearest enemy,
    is taken. A stack with no retreat open is
    eliminated."""
    start = stack[0].at
    assert start is not None
    side = stack[0].side
    board = battle.occupied()
    zone = battle.controlled_by(battle.enemy_of(side))
    enemies = [c.at for c in battle.on_board(battle.enemy_of(side)) if c.at is not None]
    moving = sum(1 for c in stack if not c.command)

    def open_hex(coord: HexCoord, final: bool) -> bool:
        if battle.map.cost(coord) is None:
            return False
        there = [c for c in board.get(coord, []) if c not in stack]
        if any(c.side != side for c in there):
            return False
        if sum(1 for c in there if not c.command) + moving > STACKING_LIMIT:
            return False
        return not (final and coord in zone and not there)

    paths: list[tuple[HexCoord, ...]] = [(start,)]
    for step in range(1, RETREAT_HEXES + 1):
        paths = [(*path, nxt) for path in paths for nxt in battle.map.neighbours(path[-1])
                 if hex_distance(start, nxt) == step and open_hex(nxt, step == RETREAT_HEXES)]

    def preference(path: tuple[HexCoord, ...]) -> tuple[int, int, int, HexCoord]:
        through_zone = sum(1 for h in path[1:] if h in zone and not board.get(h))
        away = min(hex_distance(path[-1], h) for h in away_from)
        nearest = min((hex_distance(path[-1], e) for e in enemies), default=0)
        return through_zone, -away, -nearest, path[-1]

    ids = [c.counter_id for c in stack]
    if not paths:
        return {"counters": ids, "path": [], "eliminated": _eliminate(stack)}
    best = min(paths, key=preference)
    for counter in stack:
        counter.at = best[-1]
        counter.retreats += 1
    return {"counters": ids, "path": [[h.col, h.row] for h in best[1:]], "eliminated": []}


def end_phase(battle: Battle) -> list[Event]:
    """The active side is done with this phase: the First Player's setup gives way to the Second's, and that to the
    first turn; movement gives way to combat, combat to the other side's movement, and after the Second Player's
    combat the Turn Index Marker moves on (after the tenth turn, the game ends)."""
    events = [Event("CenturionPhaseEnded", {"turn": battle.turn, "side": battle.active,
                                            "phase": battle.phase.value})]
    if battle.phase == Phase.SETUP:
        first = battle.active == battle.sides[0]
        battle.active = battle.sides[1] if first else battle.sides[0]
        battle.phase = Phase.SETUP if first else Phase.MOVEMENT
        return events
    if battle.phase == Phase.MOVEMENT:
        battle.phase = Phase.COMBAT
        battle.attacked_with.clear()
        battle.attacked.clear()
        return events
    battle.moved.clear()
    battle.phase = Phase.MOVEMENT
    if battle.active == battle.sides[0]:
        battle.active = battle.sides[1]
        return events
    if battle.turn >= GAME_TURNS:
        return events + _finish(battle, "game_length")
    battle.turn += 1
    battle.active = battle.sides[0]
    return events


def _finish(battle: Battle, ending: str) -> list[Event]:
    """"the side which has suffered the lowest losses (in terms of units lost compared to total units at start) is
    declared the Game-Winner". Ruling: equal shares are a draw."""
    battle.phase = Phase.OVER
    first, second = battle.sides
    shares = {side: battle.loss_share(side) for side in battle.sides}
    if shares[first] != shares[second]:
        battle.victor = first if shares[first] < shares[second] else second
    return [Event("CenturionEnded", {"turn": battle.turn, "ending": ending, "victor": battle.victor,
                                     "losses": {s: battle.losses(s) for s in battle.sides},
                                     "start_units": dict(battle.start_units), "loss_shares": shares})]


def view(battle: Battle, side: str | None, spectator: bool = False) -> dict[str, Any]:
    """The board as one side may see it (None: all of it, for the GM or a finished battle). Stacking (C): "Players
    may only examine the composition of an enemy stack if they have a Friendly unit within three hexes of the stack
    in question"; ruling: a stack out of sight shows as one unknown counter. A spectator (`spectator`, no side) sees
    a stack only as its enemy does, so that watching tells a player nothing their side could not see."""
    counters: list[dict[str, Any]] = []
    positions = {s: [c.at for c in battle.on_board(s) if c.at is not None] for s in battle.sides}
    for coord, stack in sorted(battle.occupied().items()):
        owner = stack[0].side
        looker = battle.enemy_of(owner) if spectator else side
        if looker is not None and owner != looker and not any(
                hex_distance(coord, h) <= SIGHT_RADIUS for h in positions[looker]):
            counters.append({"id": f"?{coord.col}.{coord.row}", "side": stack[0].side, "hidden": True,
                             "at": [coord.col, coord.row]})
            continue
        counters.extend({**c.as_payload(), "hidden": False} for c in stack)
    zones = {s: sorted([h.col, h.row] for h in battle.controlled_by(s)) for s in battle.sides}
    return {
        "map": battle.map.as_payload(), "sides": list(battle.sides), "turn": battle.turn, "turns": GAME_TURNS,
        "active": battle.active, "phase": battle.phase.value, "victor": battle.victor, "counters": counters,
        "zones": zones, "moved": sorted(battle.moved), "attacked_with": sorted(battle.attacked_with),
        "attacked": sorted(battle.attacked), "losses": {s: battle.losses(s) for s in battle.sides},
        "start_units": dict(battle.start_units), "eliminated": [
            c.as_payload() for c in battle.counters.values() if c.at is None],
    }
