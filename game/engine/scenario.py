"""Scenario files: a complete situation (rule options, galaxy, civilizations, designs, units, colonies, stocks),
orders per round and step, optional scripted dice, and the numbers the rules should produce, written as
expectations. The format is documented in docs/scenarios.md and its JSON Schema in docs/scenario.schema.json.

Running one is the step pipeline without a database: each step of each round, in the rules' order, for every
civilization, with the events applied to the world after every step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from game.engine.apply import apply_events
from game.engine.combat import BattleChoices, CombatResult, CombatSystem, Skirmish, UnitOutcome
from game.engine.dice import Dice, ScriptedDice, SeededDice, step_seed
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.phases import ALL_STEPS, STEPS_BY_KEY, GalacticDate, Pointer
from game.engine.resolve import resolve_step
from game.engine.settings_catalogue import MAX_ROUNDS
from game.engine.starts import give_start, read_start
from game.engine.step_input import StepInput
from game.engine.victory import VictoryConditions, check_victory
from game.engine.world import World, world_from_dict, world_to_dict

# The bounds of a scenario (docs/scenarios.md, "Bounds"): past them a file is a mistake or an attack, and would
# overflow what a campaign stores (its round, year and seed) or hold a worker for hours.
# The file uploaded or run by `cv_scenario`: about 15,000 units, under the 2.5 MB request body the site reads (a
# larger body is answered 413); the benchmarks' 50,000 units (6.7 MB) are loaded by code, not uploaded.
MAX_SCENARIO_CHARS = 2_000_000
MAX_NESTING = 64  # mappings and lists within each other; a world needs 6
MAX_ALIAS_NODES = 100_000  # what YAML aliases (`*name`) may repeat, all together: an alias bomb repeats billions
MAX_TITLE_CHARS = 200
MAX_SEED_CHARS = 64  # as a campaign's seed
FIRST_YEARS = (1, 100_000)  # as a new campaign's first year
MAX_ROUNDS_PLAYED = 100  # `rounds`, played by `cv_scenario run`: 25 Galactic Standard Years


class ScenarioProblem(ValueError):
    """A scenario that cannot be read, naming the field at fault."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message


@dataclass  # not frozen: the CombatSystem protocol's `key` and `title` are plain attributes
class ScriptedCombat:
    """A narrative battle: the scenario (or the GM) writes each unit's outcome instead of fighting it out, so the
    round's handling of a fight can be checked without the combat system's arithmetic."""

    victor: str | None
    outcomes: Mapping[str, Sequence[Any]]
    key: str = "scripted"
    title: str = "Scripted outcome"

    def fight(self, skirmish: Skirmish, dice: Dice, choices: BattleChoices | None = None) -> CombatResult:
        units = [unit for side in skirmish.sides for unit in side.units]
        return CombatResult(self.victor, tuple(
            UnitOutcome(u.unit_id, *self.outcomes.get(str(u.unit_id), [u.hp, False])) for u in units
        ))


@dataclass(frozen=True)
class ScenarioOrder:
    round: int
    order: OrderCommand


@dataclass(frozen=True)
class Scenario:
    title: str
    world: World
    seed: str = "scenario"
    first_round: int = 1
    rounds: int = 1
    first_year: int = 1
    combat: CombatSystem | None = None
    dice: tuple[int, ...] | None = None  # scripted rolls, used in order across the steps; None: seeded dice
    orders: tuple[ScenarioOrder, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    victory: VictoryConditions | None = None  # the campaign's victory conditions, checked by "victory." expectations

    @property
    def last_pointer(self) -> Pointer:
        return Pointer(self.first_round + self.rounds - 1, len(ALL_STEPS) - 1)


@dataclass(frozen=True)
class ScenarioRun:
    start: World
    log: tuple[tuple[Pointer, Event], ...]
    final: World

    @property
    def events(self) -> list[Event]:
        return [event for _, event in self.log]


def _require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    name = f"{where}{key}"
    if key not in data:
        raise ScenarioProblem(name, "is missing.")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ScenarioProblem(name, f"must be a {expected}, not {type(value).__name__}.")
    return value


def _optional(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], default: Any) -> Any:
    return _require(data, key, kind) if key in data else default


def _within(name: str, value: int, low: int, high: int, why: str = "") -> int:
    if not low <= value <= high:
        raise ScenarioProblem(name, f"must be from {low:,} to {high:,}, not {value:,}{why}.")
    return value


class _BoundedLoader(yaml.SafeLoader):
    """YAML's safe loader with the scenario's bounds on nesting and on what aliases repeat, checked while the
    document is composed: a file nested thousands deep is refused at depth `MAX_NESTING` (not by a RecursionError
    seconds later), and an alias bomb before it is expanded."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._depth = 0
        self._composed = 0  # nodes composed so far, each alias counted as the nodes it repeats
        self._repeated = 0  # nodes repeated by aliases
        self._sizes: dict[int, int] = {}  # id(node) -> the nodes it holds, itself included

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            anchor = self.peek_event().anchor  # type: ignore[no-untyped-call]
            if anchor in self.anchors:
                size = self._sizes.get(id(self.anchors[anchor]))
                if size is None:
                    raise ScenarioProblem("text", f"repeats, through the alias *{anchor}, a node that holds it: "
                                                  "a scenario cannot contain itself.")
                self._composed += size
                self._repeated += size
                if self._repeated > MAX_ALIAS_NODES:
                    raise ScenarioProblem("text", f"repeats more than {MAX_ALIAS_NODES:,} nodes through aliases "
                                                  "(*name): write them out.")
            return super().compose_node(parent, index)
        self._depth += 1
        if self._depth > MAX_NESTING:
            raise ScenarioProblem("text", f"is nested more than {MAX_NESTING} mappings or lists deep.")
        before = self._composed
        self._composed += 1
        node = super().compose_node(parent, index)
        self._sizes[id(node)] = self._composed - before
        self._depth -= 1
        return node


def read_scenario_text(text: str) -> Any:
    """A scenario file's YAML (or JSON) as data, within the scenario's bounds of nesting and aliases;
    ScenarioProblem naming `text` otherwise, or if it is not YAML. Its length is bounded where a file comes in (the
    upload, `cv_scenario`): code may load a larger one (the benchmarks' 50,000 units)."""
    loader = _BoundedLoader(text)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as error:
        raise ScenarioProblem("text", f"is not valid YAML: {error}") from None
    finally:
        loader.dispose()


def parse_scenario(data: Any, systems: Mapping[str, CombatSystem]) -> Scenario:
    """Read a scenario (the parsed YAML or JSON); `systems` are the combat systems it may name."""
    if not isinstance(data, Mapping):
        raise ScenarioProblem("scenario", "must be a mapping of fields (title, world, orders, …).")
    first_round = _within("first_round" if "first_round" in data else "round",
                          _optional(data, "first_round", int, _optional(data, "round", int, 1)), 1, MAX_ROUNDS)
    most = min(MAX_ROUNDS_PLAYED, MAX_ROUNDS - first_round + 1)
    rounds = _within("rounds", _optional(data, "rounds", int, 1), 1, most,
                     f" (at most {MAX_ROUNDS_PLAYED} rounds are played, up to round {MAX_ROUNDS:,})")
    world_data = _require(data, "world", Mapping)
    try:
        world = world_from_dict(world_data)
    except (KeyError, TypeError, ValueError) as error:
        raise ScenarioProblem("world", f"is not a valid world: {error!r}.") from None
    for index, entry in enumerate(_optional(data, "starts", list, [])):
        world = _give_start(world, entry, f"starts[{index}].")
    orders = tuple(_parse_order(o, i, first_round) for i, o in enumerate(_optional(data, "orders", list, [])))
    for entry in orders:
        if not first_round <= entry.round < first_round + rounds:
            raise ScenarioProblem("orders", f"an order for round {entry.round} falls outside the rounds played.")
    dice = _optional(data, "dice", list, None)
    if dice is not None and not all(isinstance(r, int) and not isinstance(r, bool) and r >= 1 for r in dice):
        raise ScenarioProblem("dice", "scripted rolls are whole numbers from 1.")
    title = _require(data, "title", str)
    if len(title) > MAX_TITLE_CHARS:
        raise ScenarioProblem("title", f"must be one line of at most {MAX_TITLE_CHARS} characters.")
    seed = str(_optional(data, "seed", (str, int), "scenario"))
    if len(seed) > MAX_SEED_CHARS:
        raise ScenarioProblem("seed", f"must be at most {MAX_SEED_CHARS} characters (or digits), as a campaign's "
                                      "seed.")
    return Scenario(
        title=title,
        world=world,
        seed=seed,
        first_round=first_round,
        rounds=rounds,
        first_year=_within("first_year", _optional(data, "first_year", int, 1), *FIRST_YEARS),
        combat=_parse_combat(_optional(data, "combat", Mapping, None), systems),
        dice=tuple(dice) if dice is not None else None,
        orders=orders,
        expect=dict(_optional(data, "expect", Mapping, {})),
        victory=_parse_victory(_optional(data, "victory", Mapping, None)),
    )


def _parse_victory(data: Mapping[str, Any] | None) -> VictoryConditions | None:
    if data is None:
        return None
    known = set(VictoryConditions().as_dict()) | {"ac_economic", "ac_conquest", "ac_transcendence", "ac_diplomatic"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ScenarioProblem("victory", f"has no condition {unknown[0]!r} (one of {', '.join(sorted(known))}).")
    conditions = VictoryConditions.from_dict(data)
    for name, problem in conditions.problems().items():
        raise ScenarioProblem(f"victory.{name}", problem)
    return conditions


def _give_start(world: World, data: Any, where: str) -> World:
    """A civilization given a start (`starts.give_start`, the path a campaign started on the web takes): "this
    civilization starts with the standard preset at its home planet", optionally with the GM's edits and names."""
    if not isinstance(data, Mapping):
        raise ScenarioProblem(where.rstrip("."), "must be a mapping (civ_id, home, start, names).")
    civ_id = _require(data, "civ_id", int, where)
    if civ_id not in world.civs:
        raise ScenarioProblem(f"{where}civ_id", f"there is no civilization {civ_id} in the world.")
    home = _require(data, "home", str, where)
    if home not in world.planets:
        raise ScenarioProblem(f"{where}home", f"there is no planet {home!r} in the world.")
    start, problems = read_start(_require(data, "start", (str, Mapping), where))
    if problems:
        raise ScenarioProblem(f"{where}start.{problems[0].field}", f"{problems[0].reason}.")
    names = _optional(data, "names", Mapping, {})
    if not all(isinstance(v, list) and all(isinstance(n, str) for n in v) for v in names.values()):
        raise ScenarioProblem(f"{where}names", "maps a design id to a list of unit names.")
    return give_start(world, civ_id, home, start, names=names)


def _parse_order(data: Any, index: int, first_round: int) -> ScenarioOrder:
    where = f"orders[{index}]."
    if not isinstance(data, Mapping):
        raise ScenarioProblem(f"orders[{index}]", "must be a mapping (civ_id, step, kind, payload).")
    step = _require(data, "step", str, where)
    if step not in STEPS_BY_KEY:
        raise ScenarioProblem(f"{where}step", f"there is no step {step!r} (steps look like 'explore.14').")
    order = OrderCommand(_require(data, "civ_id", int, where), step, _require(data, "kind", str, where),
                         dict(_optional(data, "payload", Mapping, {})))
    return ScenarioOrder(_optional(data, "round", int, first_round), order)


def _parse_combat(data: Mapping[str, Any] | None, systems: Mapping[str, CombatSystem]) -> CombatSystem | None:
    if data is None:
        return None
    if "system" in data:
        key = _require(data, "system", str, "combat.")
        if key not in systems:
            raise ScenarioProblem("combat.system", f"unknown system {key!r}; choose one of {', '.join(systems)}.")
        return systems[key]
    return ScriptedCombat(_optional(data, "victor", (str, type(None)), None),
                          dict(_require(data, "outcomes", Mapping, "combat.")))


def run_scenario(scenario: Scenario, through: Pointer | None = None, seed: str | None = None,
                 on_step: Callable[[Pointer], None] | None = None) -> ScenarioRun:
    """Play every step from the scenario's first round up to `through` (default: its last step)."""
    last = through or scenario.last_pointer
    script = list(scenario.dice) if scenario.dice is not None else None
    world = scenario.world
    log: list[tuple[Pointer, Event]] = []
    pointer = Pointer(scenario.first_round, 0)
    while pointer <= last:
        step = pointer.step
        orders = tuple(o.order for o in scenario.orders if o.round == pointer.round and o.order.step_key == step.key)
        dice: Dice = ScriptedDice(script) if script is not None else SeededDice(
            step_seed(seed or scenario.seed, pointer.round, step.key))
        step_input = StepInput(pointer, GalacticDate.of_round(pointer.round, scenario.first_year),
                               tuple(sorted(world.civs)), orders, world, scenario.combat)
        events = resolve_step(step_input, dice)
        if script is not None:
            del script[: len(dice.rolls)]
        log.extend((pointer, event) for event in events)
        world = apply_events(world, events)
        if on_step is not None:
            on_step(pointer)
        pointer = pointer.next()
    return ScenarioRun(scenario.world, tuple(log), world)


def lookup(world: World, path: str) -> Any:
    """A value of the world by path: "civs.1.mu", "ore_stocks.1/sol", "sectors.1,0.junk" (attributes and mapping
    keys in turn; a key with "/" is a tuple; a missing key is None)."""
    value: Any = world
    for part in path.split("."):
        if isinstance(value, Mapping):
            key: Any = (tuple(int(p) if p.isdigit() else p for p in part.split("/")) if "/" in part
                        else int(part) if part.isdigit() else part)
            value = value.get(key)
        else:
            value = getattr(value, part)
    return value


def victory_lookup(scenario: Scenario, world: World, path: str) -> Any:
    """A field of the victory the final world gives at the end of the last round ("victory.reason",
    "victory.winners"; None when no condition is met), under the scenario's victory conditions."""
    result = check_victory(world, scenario.victory or VictoryConditions(), scenario.last_pointer.round)
    value = getattr(result, path.removeprefix("victory."), None) if result else None
    return list(value) if isinstance(value, tuple) else value


def expectation_failures(scenario: Scenario, world: World) -> list[str]:
    """Each expectation the final world does not meet, as "path: expected X, got Y"; a "victory." path reads the
    campaign's result (`victory_lookup`)."""
    failures = []
    for path, expected in scenario.expect.items():
        try:
            actual = victory_lookup(scenario, world, path) if path.startswith("victory.") else lookup(world, path)
        except AttributeError:
            failures.append(f"{path}: no such field in the world")
            continue
        if isinstance(actual, frozenset) and isinstance(expected, list):  # a set written as a sorted list
            actual = sorted(actual)
        if actual != expected:
            failures.append(f"{path}: expected {expected!r}, got {actual!r}")
    return failures


def parse_pointer(text: str) -> Pointer:
    """"ROUND.PHASE.STEP", e.g. "2.expand.8", as a pointer."""
    round_text, _, step_key = text.partition(".")
    if not round_text.isdigit() or step_key not in STEPS_BY_KEY:
        raise ScenarioProblem("through", f"{text!r} is not ROUND.PHASE.STEP (for example 1.expand.8).")
    return Pointer(int(round_text), ALL_STEPS.index(STEPS_BY_KEY[step_key]))


# Where a world names a civilization, by record list and field (the world_to_dict shape); pairs are listed apart.
_CIV_FIELDS: dict[str, tuple[str, ...]] = {
    "civs": ("civ_id",),
    "designs": ("civ_id",),
    "units": ("civ_id",),
    "colonies": ("civ_id", "occupied_by"),
    "mines": ("civ_id",),
    "projects": ("civ_id",),
    "terraforming": ("civ_id",),
    "ore_stocks": ("civ_id",),
    "research": ("civ_id",),
    "skirmishes": ("attacker_civ", "defender_civ", "victor_civ"),
    "agents": ("held_by",),
    "missions": ("civ_id", "target_civ"),
    "trade_routes": ("civ_id", "partner_civ"),
    "relations": ("civ_a", "civ_b", "tribute_payer"),
    "proposals": ("from_civ", "to_civ"),
    "social": ("civ_id",),
    "social_adjustments": ("civ_id",),
    "crew_pools": ("civ_id",),  # the crew module
    "destructions": ("civ_id",),
    "fleets": ("civ_id",),  # the movement orders module
}
_CIV_PAIRS = ("wars", "contacts")
_CIV_SCALARS = ("governor",)  # the Planetary Governor


def assign_civilizations(world: World, players: Mapping[int, tuple[int, str]]) -> World:
    """Hand a scenario's civilizations to a campaign's: `players` maps each scenario civ id to the campaign
    civilization's (id, name) that will play it."""
    missing = sorted(set(world.civs) - set(players))
    if missing:
        raise ScenarioProblem("civs", f"no player for scenario civilization(s) {missing}.")
    data = world_to_dict(world)
    new_id = {old: new for old, (new, _) in players.items()}
    for records, names in _CIV_FIELDS.items():
        for record in data.get(records, ()):  # the personnel module's tables are left out while empty
            for name in names:
                if record.get(name) is not None:
                    record[name] = new_id[record[name]]
    for pairs in _CIV_PAIRS:
        data[pairs] = [[new_id[a], new_id[b]] for a, b in data[pairs]]
    for name in _CIV_SCALARS:
        if data.get(name) is not None:
            data[name] = new_id[data[name]]
    civ_names = dict(players.values())
    for civ in data["civs"]:
        civ["name"] = civ_names[civ["civ_id"]]
    return world_from_dict(data)
