"""The only way a `World` changes: apply a step's events, in order, to the state before the step.

Every event that changes state carries all it needs (absolute values or explicit deltas, and the ids of
anything it creates), so `apply_events(old, events)` reproduces the stored new state exactly. Events without a
handler here (`StepResolved`, `DiceRolled`, battle reports, rejected orders) are records only and change
nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields, replace
from functools import cached_property
from operator import attrgetter
from typing import Any, NoReturn
from weakref import ref

from game.engine import yards
from game.engine.diplomacy import Proposal, Relation
from game.engine.events import Event
from game.engine.rule_module import RuleModule, RuleModuleError, for_the_modules
from game.engine.units import UnitDesign
from game.engine.world import (
    UNIT_INDEXES,
    Agent,
    Civilization,
    Colony,
    ConstructionProject,
    Crew,
    Fleet,
    Mine,
    Mission,
    Planet,
    ResearchProject,
    Sector,
    SkirmishState,
    Stress,
    TerraformProject,
    TradeRoute,
    Unit,
    UnitState,
    World,
    WorldDestruction,
    YardJob,
    pair,
)


class _Units(dict[int, Unit]):
    """A draft's copy of the world's units, noting each unit set or deleted as the world the draft last froze had
    it, so the new world's index of holds is that one's updated for those alone: a step resolving its orders one
    by one made a world per order, and each scanned every unit for it again (at 100,000 units, 6 ms an order).
    Every change goes through `__setitem__` or `__delitem__`; the others that would bypass them are refused."""

    def __init__(self, units: Mapping[int, Unit]) -> None:
        super().__init__(units)
        self.changed: dict[int, Unit | None] = {}  # unit id -> the unit before (None: there was none)

    def __setitem__(self, unit_id: int, unit: Unit) -> None:
        self._note(unit_id)
        super().__setitem__(unit_id, unit)

    def __delitem__(self, unit_id: int) -> None:
        self._note(unit_id)
        super().__delitem__(unit_id)

    def _note(self, unit_id: int) -> None:
        if unit_id not in self.changed:
            self.changed[unit_id] = self.get(unit_id)

    def _untracked(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("Set or delete the draft's units one by one, so their holds follow.")

    pop = popitem = setdefault = update = clear = __ior__ = _untracked

    def holds_after(self, before: Mapping[int, frozenset[int]]) -> Mapping[int, frozenset[int]]:
        """The holds `before` (the last frozen world's), updated for the units changed since."""
        holds = dict(before)
        for unit_id, old in self.changed.items():
            new = self.get(unit_id)
            was = old.carried_by if old is not None else None
            now = new.carried_by if new is not None else None
            if was == now:
                continue
            if was is not None:
                holds[was] = holds[was] - {unit_id}
                if not holds[was]:
                    del holds[was]
            if now is not None:
                holds[now] = holds.get(now, frozenset()) | {unit_id}
        return holds


UNIT_FIELD_POSITIONS = {f.name: position for position, f in enumerate(fields(Unit))}
_unit_values = attrgetter(*UNIT_FIELD_POSITIONS)  # all of a unit's fields, in order


def _changed(unit: Unit, changes: dict[str, Any]) -> Unit:
    """`replace(unit, **changes)` at half its cost: the unit's fields read at once, the changed ones put in
    their place, and the unit built from them in order, without `replace`'s generic walk over every field (a
    round changes about one unit in five)."""
    values = list(_unit_values(unit))
    for name, value in changes.items():
        values[UNIT_FIELD_POSITIONS[name]] = value
    return Unit(*values)


class _Draft:
    """Mutable copies of a world's tables for one batch of events, frozen again at the end. A table is copied
    only when a handler first touches it, so resolving orders one by one stays cheap in a large world."""

    TABLES = ("sectors", "planets", "civs", "units", "colonies", "mines", "projects", "terraforming", "ore_stocks",
              "research", "skirmishes", "agents", "missions", "designs", "relations", "proposals", "social",
              "social_adjustments", "stress", "crews", "crew_pools", "trade_routes", "yard_jobs", "fleets",
              "destructions")

    def __init__(self, world: World) -> None:
        self.world = world
        self.frozen = world  # the world it froze last
        self.next_id = world.next_id
        self.governor, self.governor_terms = world.governor, world.governor_terms
        self.council_proposal = world.council_proposal

    @cached_property
    def sectors(self) -> dict[str, Sector]:
        return dict(self.world.sectors)

    @cached_property
    def planets(self) -> dict[str, Planet]:
        return dict(self.world.planets)

    @cached_property
    def civs(self) -> dict[int, Civilization]:
        return dict(self.world.civs)

    @cached_property
    def units(self) -> _Units:
        return _Units(self.world.units)

    @cached_property
    def colonies(self) -> dict[int, Colony]:
        return dict(self.world.colonies)

    @cached_property
    def mines(self) -> dict[int, Mine]:
        return dict(self.world.mines)

    @cached_property
    def projects(self) -> dict[int, ConstructionProject]:
        return dict(self.world.projects)

    @cached_property
    def terraforming(self) -> dict[int, TerraformProject]:
        return dict(self.world.terraforming)

    @cached_property
    def ore_stocks(self) -> dict[tuple[int, str], int]:
        return dict(self.world.ore_stocks)

    @cached_property
    def skirmishes(self) -> dict[str, SkirmishState]:
        return dict(self.world.skirmishes)

    @cached_property
    def agents(self) -> dict[int, Agent]:
        return dict(self.world.agents)

    @cached_property
    def missions(self) -> dict[int, Mission]:
        return dict(self.world.missions)

    @cached_property
    def designs(self) -> dict[str, UnitDesign]:
        return dict(self.world.designs)

    @cached_property
    def research(self) -> dict[int, ResearchProject]:
        return dict(self.world.research)

    @cached_property
    def contacts(self) -> set[tuple[int, int]]:
        return set(self.world.contacts)

    @cached_property
    def relations(self) -> dict[tuple[int, int], Relation]:
        return dict(self.world.relations)

    @cached_property
    def proposals(self) -> dict[str, Proposal]:
        return dict(self.world.proposals)

    @cached_property
    def social(self) -> dict[int, tuple[str, ...]]:
        return dict(self.world.social)

    @cached_property
    def fleets(self) -> dict[int, Fleet]:
        return dict(self.world.fleets)

    @cached_property
    def social_adjustments(self) -> dict[int, Mapping[str, int]]:
        return dict(self.world.social_adjustments)

    @cached_property
    def yard_jobs(self) -> dict[int, YardJob]:
        return dict(self.world.yard_jobs)

    @cached_property
    def wars(self) -> set[tuple[int, int]]:
        return set(self.world.wars)

    @cached_property
    def trade_routes(self) -> dict[int, TradeRoute]:
        return dict(self.world.trade_routes)

    @cached_property
    def destructions(self) -> dict[int, WorldDestruction]:
        return dict(self.world.destructions)

    @cached_property
    def stress(self) -> dict[int, Stress]:
        return dict(self.world.stress)

    @cached_property
    def crews(self) -> dict[int, Crew]:
        return dict(self.world.crews)

    @cached_property
    def crew_pools(self) -> dict[int, int]:
        return dict(self.world.crew_pools)

    def freeze(self) -> World:
        touched: dict[str, Any] = {name: vars(self)[name] for name in self.TABLES if name in vars(self)}
        touched.update(governor=self.governor, governor_terms=self.governor_terms,
                       council_proposal=self.council_proposal)
        for pairs in ("contacts", "wars"):
            if pairs in vars(self):
                touched[pairs] = frozenset(vars(self)[pairs])
        world = replace(self.world, next_id=self.next_id, **touched)
        units: _Units | None = vars(self).get("units")
        if "holds" in vars(self.frozen):  # the index of holds, as `World.holds` would build it, without a scan
            vars(world)["holds"] = self.frozen.holds if units is None else units.holds_after(self.frozen.holds)
        if units is None or not units.changed:
            vars(world).update((name, vars(self.frozen)[name]) for name in UNIT_INDEXES if name in vars(self.frozen))
        vars(world)[_UNITS_CHANGED] = (ref(self.frozen), frozenset(units.changed if units is not None else ()))
        if units is not None:
            units.changed.clear()
        self.frozen = world
        return world

    def take(self, events: Iterable[Event]) -> None:
        handlers = all_handlers()
        for event in events:
            handler = handlers.get(event.type)
            if handler is not None:
                handler(self, event.payload)

    # Small helpers the handlers share.

    def unit(self, unit_id: int, **changes: Any) -> None:
        self.units[unit_id] = _changed(self.units[unit_id], changes)

    def skirmish(self, skirmish_id: str, **changes: Any) -> None:
        self.skirmishes[skirmish_id] = replace(self.skirmishes[skirmish_id], **changes)

    def add_ore(self, civ_id: int, poi_id: str, ore: int) -> None:
        key = (civ_id, poi_id)
        left = self.ore_stocks.get(key, 0) + ore
        if left:
            self.ore_stocks[key] = left
        else:
            self.ore_stocks.pop(key, None)

    def add_mu(self, civ_id: int, mu: int) -> None:
        civ = self.civs[civ_id]
        self.civs[civ_id] = replace(civ, mu=civ.mu + mu)

    def add_junk(self, sector_id: str, junk: int) -> None:
        sector = self.sectors[sector_id]
        self.sectors[sector_id] = replace(sector, junk=sector.junk + junk)

    def claim_id(self, new_id: int) -> None:
        self.next_id = max(self.next_id, new_id + 1)

    def release(self, unit_ids: Iterable[int], task: str | None = None) -> None:
        """Make the units Operational again; given a `task`, only those still on it (a builder captured and put
        to other work since keeps its new task)."""
        for unit_id in unit_ids:
            unit = self.units.get(unit_id)
            if unit is not None and (task is None or unit.task == task):
                self.unit(unit_id, state=UnitState.OPERATIONAL, task=None)

    def end_task(self, unit_id: int) -> None:
        """The unit leaves its task for good (wrecked, captured or released): a project no longer counts it
        among its workers, and a colony it occupied is free."""
        kind, _, ref = (self.units[unit_id].task or "").partition(":")
        if kind == "occupy" and int(ref) in self.colonies:
            self.colonies[int(ref)] = replace(self.colonies[int(ref)], occupied_by=None)
        elif kind == "construction" and int(ref) in self.projects:
            project = self.projects[int(ref)]
            builders = tuple(b for b in project.builder_ids if b != unit_id)
            self.projects[project.project_id] = replace(project, builder_ids=builders)
        elif kind == "terraform" and int(ref) in self.terraforming:
            terraform = self.terraforming[int(ref)]
            workers = tuple(u for u in terraform.unit_ids if u != unit_id)
            self.terraforming[terraform.project_id] = replace(terraform, unit_ids=workers)
        elif kind == "trade" and int(ref) in self.trade_routes:  # a freighter or escort leaves its route
            route = self.trade_routes[int(ref)]
            self.trade_routes[route.route_id] = replace(
                route, freighter_ids=tuple(u for u in route.freighter_ids if u != unit_id),
                escort_ids=tuple(u for u in route.escort_ids if u != unit_id))
        elif kind == "research" and int(ref) in self.research:
            research = self.research[int(ref)]
            self.research[research.project_id] = replace(
                research, unit_ids=tuple(u for u in research.unit_ids if u != unit_id))

    @cached_property
    def _holds(self) -> dict[int, set[int]]:
        """Carrier -> the units riding in it, from the world's index, kept up to date by `carry`."""
        return {carrier: set(riders) for carrier, riders in self.world.holds.items()}

    def riders(self, carrier_id: int) -> list[int]:
        return sorted(self._holds.get(carrier_id, ()))

    def carry(self, rider_id: int, carrier_id: int | None, **changes: Any) -> None:
        old = self.units[rider_id].carried_by
        if old is not None:
            self._holds[old].discard(rider_id)
        if carrier_id is not None:
            self._holds.setdefault(carrier_id, set()).add(rider_id)
        self.unit(rider_id, carried_by=carrier_id, **changes)


Draft = _Draft  # what a rule module's reducers change (`game.engine.rule_module.Reducer`)
Handler = Callable[[_Draft, dict[str, Any]], None]
_HANDLERS: dict[str, Handler] = {}


def handles(event_type: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        _HANDLERS[event_type] = handler
        return handler

    return register


def _with_reducers(modules: tuple[RuleModule, ...]) -> dict[str, Handler]:
    """The core's handlers and the rule modules' reducers: one event type, one way to apply it."""
    handlers = dict(_HANDLERS)
    for module in modules:
        for event_type, reducer in module.reducers.items():
            if event_type in handlers:
                raise RuleModuleError(f"The {module.key} module's reducer for {event_type} is declared twice.")
            handlers[event_type] = reducer
    return handlers


all_handlers = for_the_modules(_with_reducers)


def apply_events(world: World, events: Iterable[Event]) -> World:
    draft = _Draft(world)
    draft.take(events)
    return draft.freeze()


_UNITS_CHANGED = "_units_changed"  # kept in a frozen world's __dict__, as its cached indexes are


def units_changed(before: World, after: World) -> frozenset[int] | None:
    """The ids of the units set or deleted in `after` since `before`, when `after` was made from `before` by
    applying events; None when it was not (compare the two). Noted as the events are applied, so what stores a
    step's changes need not compare 50,000 units that are equal but were not touched. The note holds `before`
    weakly: a world must not keep every world before it alive."""
    note: tuple[ref[World], frozenset[int]] | None = vars(after).get(_UNITS_CHANGED)
    if note is None or note[0]() is not before:
        return None
    return note[1]


class RunningWorld:
    """The world as a step's orders leave it, one after another (`steps.common.run_orders`): each order is checked
    against `world`, then its events are applied with `apply`. One draft serves them all, its tables copied from
    the step's world once and changed in place after that: a draft for each order copied a large world's units
    every time (at 100,000 units, 2 ms an order to copy and free them, more than the orders' own work). So a
    `world` it gave holds only until the next `apply`."""

    def __init__(self, world: World) -> None:
        self.world = world
        self._draft = _Draft(world)

    def apply(self, events: Iterable[Event]) -> None:
        self._draft.take(events)
        self.world = self._draft.freeze()


# Explore


@handles("UnitReleased")
def _released(d: _Draft, p: dict[str, Any]) -> None:
    d.end_task(p["unit_id"])
    d.release([p["unit_id"]])


@handles("UnitMoved")
def _moved(d: _Draft, p: dict[str, Any]) -> None:
    d.unit(p["unit_id"], eta_left=p["eta_left"])


@handles("UnitArrived")
def _arrived(d: _Draft, p: dict[str, Any]) -> None:
    d.unit(
        p["unit_id"],
        sector_id=p["sector_id"],
        poi_id=p["poi_id"],
        state=UnitState.OPERATIONAL,
        destination_sector=None,
        destination_poi=None,
        eta_left=0,
    )
    for rider_id in d.riders(p["unit_id"]):
        d.unit(rider_id, sector_id=p["sector_id"], poi_id=p["poi_id"])


@handles("DetectionUpdated")
def _detected(d: _Draft, p: dict[str, Any]) -> None:
    civ = d.civs[p["civ_id"]]
    d.civs[civ.civ_id] = replace(
        civ,
        detected_units=frozenset(p["units"]),
        detected_colonies=frozenset(p["colonies"]),
        known_pois=civ.known_pois | set(p["pois"]),
        charted=civ.charted | set(p["sectors"]),
    )


@handles("CloseScanned")
def _scanned(d: _Draft, p: dict[str, Any]) -> None:
    civ = d.civs[p["civ_id"]]
    d.civs[civ.civ_id] = replace(
        civ,
        detected_units=civ.detected_units | set(p["units"]),
        known_pois=civ.known_pois | set(p["pois"]),
        surveyed_planets=civ.surveyed_planets | set(p["planets"]),
        detected_colonies=civ.detected_colonies | set(p["colonies"]),
    )


@handles("SkirmishDeclared")
def _declared(d: _Draft, p: dict[str, Any]) -> None:
    d.skirmishes[p["skirmish_id"]] = SkirmishState(
        p["skirmish_id"], p["sector_id"], p["attacker_civ"], p["defender_civ"]
    )


@handles("MessageDelivered")
def _message(d: _Draft, p: dict[str, Any]) -> None:
    d.contacts.add(pair(p["from_civ"], p["to_civ"]))


@handles("ChartsShared")
def _charts(d: _Draft, p: dict[str, Any]) -> None:
    civ = d.civs[p["to_civ"]]
    d.civs[civ.civ_id] = replace(civ, charted=civ.charted | set(p["sectors"]),
                                 known_pois=civ.known_pois | set(p["pois"]))


@handles("GiftDelivered")
def _gift(d: _Draft, p: dict[str, Any]) -> None:
    giver, taker = d.units[p["from_unit"]], d.units[p["to_unit"]]
    d.unit(giver.unit_id, ore=giver.ore - p["ore"])
    d.unit(taker.unit_id, ore=taker.ore + p["ore"])
    d.add_mu(p["from_civ"], -p["mu"])
    d.add_mu(p["to_civ"], p["mu"])


@handles("CoursePlotted")
def _course(d: _Draft, p: dict[str, Any]) -> None:
    d.unit(
        p["unit_id"],
        state=UnitState.EN_ROUTE,
        destination_sector=p["sector_id"],
        destination_poi=p["poi_id"],
        eta_left=p["eta"],
        task=None,
    )


# Exterminate


@handles("SkirmishOpened")
def _opened(d: _Draft, p: dict[str, Any]) -> None:
    sector = d.skirmishes[p["skirmish_id"]].sector_id
    for unit_id in p["moved"]:
        d.unit(unit_id, sector_id=sector, poi_id=None)
    d.skirmish(p["skirmish_id"], status="open", unit_ids=tuple(p["unit_ids"]))


@handles("SkirmishCancelled")
def _cancelled(d: _Draft, p: dict[str, Any]) -> None:
    d.skirmish(p["skirmish_id"], status="cancelled")


@handles("SkirmishBegan")
def _began(d: _Draft, p: dict[str, Any]) -> None:
    d.skirmish(p["skirmish_id"], status="begun")


@handles("UnitEvaded")
def _evaded(d: _Draft, p: dict[str, Any]) -> None:
    s = d.skirmishes[p["skirmish_id"]]
    d.skirmish(
        s.skirmish_id,
        unit_ids=tuple(u for u in s.unit_ids if u != p["unit_id"]),
        escaped=(*s.escaped, p["unit_id"]),
    )


@handles("SkirmishFought")
def _fought(d: _Draft, p: dict[str, Any]) -> None:
    s = d.skirmishes[p["skirmish_id"]]
    escaped, surrendered = list(s.escaped), list(s.surrendered)
    for outcome in p["outcomes"]:
        unit_id = outcome["unit_id"]
        state = UnitState.DESTROYED if outcome["destroyed"] else d.units[unit_id].state
        d.unit(unit_id, hp=float(outcome["hp_left"]), state=state)
        if outcome["escaped"]:
            escaped.append(unit_id)
        if outcome["surrendered"]:
            surrendered.append(unit_id)
    for unit_id in p["riders_lost"]:
        d.unit(unit_id, state=UnitState.DESTROYED, hp=0.0)
    d.skirmish(s.skirmish_id, status="fought", escaped=tuple(escaped), surrendered=tuple(surrendered))


@handles("SpaceJunkCreated")
def _junk(d: _Draft, p: dict[str, Any]) -> None:
    d.add_junk(p["sector_id"], p["junk"])


@handles("UnitWrecked")
def _wrecked(d: _Draft, p: dict[str, Any]) -> None:
    for rider_id in d.riders(p["unit_id"]):
        d.carry(rider_id, None)
    if d.units[p["unit_id"]].carried_by is not None:
        d.carry(p["unit_id"], None)
    d.end_task(p["unit_id"])
    del d.units[p["unit_id"]]
    d.add_junk(p["sector_id"], p["junk"])


@handles("VictorDeclared")
def _victor(d: _Draft, p: dict[str, Any]) -> None:
    d.skirmish(p["skirmish_id"], status="over", victor_civ=p["victor_civ"])


@handles("UnitCaptured")
def _captured(d: _Draft, p: dict[str, Any]) -> None:
    sector = d.units[p["unit_id"]].sector_id
    for skirmish in list(d.skirmishes.values()):
        if skirmish.victor_civ == p["civ_id"] and skirmish.sector_id == sector:
            d.skirmish(skirmish.skirmish_id, captured=(*skirmish.captured, p["unit_id"]))
            break
    d.end_task(p["unit_id"])
    d.unit(
        p["unit_id"],
        civ_id=p["civ_id"],
        state=UnitState.OPERATIONAL,
        task=None,
        destination_sector=None,
        destination_poi=None,
        eta_left=0,
    )


@handles("ColonyOccupied")
def _occupied(d: _Draft, p: dict[str, Any]) -> None:
    d.colonies[p["colony_id"]] = replace(d.colonies[p["colony_id"]], occupied_by=p["civ_id"])
    d.unit(p["unit_id"], state=UnitState.ENGAGED, task=f"occupy:{p['colony_id']}")


@handles("ColonyDestroyed")
def _colony_destroyed(d: _Draft, p: dict[str, Any]) -> None:
    del d.colonies[p["colony_id"]]


@handles("SkirmishesClosed")
def _closed(d: _Draft, p: dict[str, Any]) -> None:
    for skirmish_id in p["skirmish_ids"]:
        del d.skirmishes[skirmish_id]


# Expand


@handles("CargoLoaded")
def _loaded(d: _Draft, p: dict[str, Any]) -> None:
    carrier = d.units[p["unit_id"]]
    d.add_ore(carrier.civ_id, p["poi_id"], -p["ore"])
    d.unit(carrier.unit_id, ore=carrier.ore + p["ore"], state=UnitState.ENGAGED, task="cargo")
    for rider_id in p["rider_ids"]:
        d.carry(rider_id, carrier.unit_id)


@handles("CargoUnloaded")
def _unloaded(d: _Draft, p: dict[str, Any]) -> None:
    carrier = d.units[p["unit_id"]]
    d.add_ore(carrier.civ_id, p["poi_id"], p["ore"])
    d.unit(carrier.unit_id, ore=carrier.ore - p["ore"], state=UnitState.ENGAGED, task="cargo")
    for rider_id in p["rider_ids"]:
        d.carry(rider_id, None, sector_id=carrier.sector_id, poi_id=carrier.poi_id)


@handles("ColonyOperational")
def _colony_up(d: _Draft, p: dict[str, Any]) -> None:
    d.colonies[p["colony_id"]] = replace(d.colonies[p["colony_id"]], operational=True)


@handles("UnitCompleted")
def _unit_up(d: _Draft, p: dict[str, Any]) -> None:
    unit = d.units.get(p["unit_id"])
    if unit is not None and unit.state is UnitState.UNDER_CONSTRUCTION:
        d.unit(unit.unit_id, state=UnitState.OPERATIONAL)
    d.projects.pop(p["project_id"], None)


@handles("ConstructionAbandoned")
def _abandoned(d: _Draft, p: dict[str, Any]) -> None:
    project = d.projects.pop(p["project_id"])
    d.release(project.builder_ids, task=f"construction:{project.project_id}")


@handles("TerraformingMadePermanent")
def _permanent(d: _Draft, p: dict[str, Any]) -> None:
    d.planets[p["planet_id"]] = replace(d.planets[p["planet_id"]], viable=True)
    del d.terraforming[p["project_id"]]


@handles("ColonyFounded")
def _founded(d: _Draft, p: dict[str, Any]) -> None:
    del d.units[p["unit_id"]]  # "consumes the colonization unit"
    d.add_mu(p["civ_id"], -p.get("mu", 0))  # stored before colonies had a price: free
    d.colonies[p["colony_id"]] = Colony(
        p["colony_id"], p["civ_id"], p["planet_id"], p["population"], p["population"]
    )
    d.claim_id(p["colony_id"])


@handles("ConstructionStarted")
def _construction(d: _Draft, p: dict[str, Any]) -> None:
    d.add_mu(p["civ_id"], -p["mu"])
    d.units[p["unit_id"]] = Unit(
        p["unit_id"],
        p["civ_id"],
        p["design_id"],
        p["name"],
        p["sector_id"],
        p["poi_id"],
        UnitState.UNDER_CONSTRUCTION,
        hp=float(p["hp"]),
        low_quality=p.get("crash") == yards.CRASH_LOW_QUALITY,  # §6.7
    )
    d.projects[p["project_id"]] = ConstructionProject(
        p["project_id"],
        p["civ_id"],
        p["poi_id"],
        p["design_id"],
        p["unit_id"],
        (p["builder_id"],),
        p["bp_needed"],
        crash=p.get("crash", ""),
    )
    d.unit(p["builder_id"], state=UnitState.ENGAGED, task=f"construction:{p['project_id']}")
    d.claim_id(max(p["unit_id"], p["project_id"]))


@handles("MineStarted")
def _mine_started(d: _Draft, p: dict[str, Any]) -> None:
    d.add_mu(p["civ_id"], -p["mu"])
    d.mines[p["mine_id"]] = Mine(p["mine_id"], p["civ_id"], p["planet_id"], p["output"], operational=False)
    d.projects[p["project_id"]] = ConstructionProject(
        p["project_id"], p["civ_id"], p["poi_id"], "", None, (p["builder_id"],), p["bp_needed"],
        mine_id=p["mine_id"],
    )
    d.unit(p["builder_id"], state=UnitState.ENGAGED, task=f"construction:{p['project_id']}")
    d.claim_id(max(p["mine_id"], p["project_id"]))


@handles("MineCompleted")
def _mine_up(d: _Draft, p: dict[str, Any]) -> None:
    d.mines[p["mine_id"]] = replace(d.mines[p["mine_id"]], operational=True)
    d.projects.pop(p["project_id"], None)


@handles("TerraformingStarted")
def _terraform(d: _Draft, p: dict[str, Any]) -> None:
    d.add_mu(p["civ_id"], -p["mu"])
    d.terraforming[p["project_id"]] = TerraformProject(
        p["project_id"], p["civ_id"], p["planet_id"], (p["unit_id"],), p["tp_needed"]
    )
    d.unit(p["unit_id"], state=UnitState.ENGAGED, task=f"terraform:{p['project_id']}")
    d.claim_id(p["project_id"])


@handles("ConstructionAdvanced")
def _advanced(d: _Draft, p: dict[str, Any]) -> None:
    project = d.projects[p["project_id"]]
    d.projects[project.project_id] = replace(project, bp_done=project.bp_done + p["bp"])
    d.add_ore(project.civ_id, project.poi_id, -p["ore"])


@handles("ConstructionCompleted")
def _built(d: _Draft, p: dict[str, Any]) -> None:
    project = d.projects[p["project_id"]]
    d.projects[project.project_id] = replace(project, completed=True)
    d.release(project.builder_ids, task=f"construction:{project.project_id}")


@handles("ConstructionResumed")
def _resumed(d: _Draft, p: dict[str, Any]) -> None:
    project = d.projects[p["project_id"]]
    if p["builder_id"] not in project.builder_ids:
        project = replace(project, builder_ids=(*project.builder_ids, p["builder_id"]))
        d.projects[project.project_id] = project
    d.unit(p["builder_id"], state=UnitState.ENGAGED, task=f"construction:{project.project_id}")


@handles("TerraformingAdvanced")
def _tp(d: _Draft, p: dict[str, Any]) -> None:
    project = d.terraforming[p["project_id"]]
    d.terraforming[project.project_id] = replace(
        project, tp_done=project.tp_done + p["tp"], starved=p["starved"]
    )
    poi_id = d.planets[project.planet_id].poi_id
    d.add_ore(project.civ_id, poi_id, -p["ore"])


@handles("TerraformingCompleted")
def _terraformed(d: _Draft, p: dict[str, Any]) -> None:
    project = d.terraforming[p["project_id"]]
    d.terraforming[project.project_id] = replace(project, completed=True)
    d.release(project.unit_ids, task=f"terraform:{project.project_id}")


# Exploit


@handles("OreMined")
def _mined(d: _Draft, p: dict[str, Any]) -> None:
    planet = d.planets[p["planet_id"]]
    d.planets[planet.planet_id] = replace(planet, ore_deposit=planet.ore_deposit - p["ore"])
    d.add_ore(p["civ_id"], planet.poi_id, p["ore"])


@handles("SpecialResourceProduced")
def _special(d: _Draft, p: dict[str, Any]) -> None:
    civ = d.civs[p["civ_id"]]
    stock = dict(civ.special_resources)
    stock[p["resource"]] = stock.get(p["resource"], 0) + p["amount"]
    d.civs[civ.civ_id] = replace(civ, special_resources=stock)


@handles("ColonyGrew")
def _grew(d: _Draft, p: dict[str, Any]) -> None:
    d.colonies[p["colony_id"]] = replace(
        d.colonies[p["colony_id"]], population=p["population"], legal_citizens=p["legal_citizens"]
    )


@handles("TaxesCollected")
def _taxes(d: _Draft, p: dict[str, Any]) -> None:
    civ = d.civs[p["civ_id"]]
    d.civs[civ.civ_id] = replace(civ, mu=civ.mu + p["mu"], taxes=p["mu"])


@handles("TradeOccurred")
def _trade(d: _Draft, p: dict[str, Any]) -> None:
    for civ_id, gain in ((p["civ_a"], p["gain_a"]), (p["civ_b"], p["gain_b"])):
        civ = d.civs[civ_id]
        d.civs[civ_id] = replace(civ, trade_gain=civ.trade_gain + gain)


@handles("FactionCardDrawn")
def _card_drawn(d: _Draft, p: dict[str, Any]) -> None:
    d.add_mu(p["civ_id"], p["mu"])




@handles("TradeTaxesCollected")
def _trade_taxes(d: _Draft, p: dict[str, Any]) -> None:
    civ = d.civs[p["civ_id"]]
    d.civs[civ.civ_id] = replace(civ, mu=civ.mu + p["mu"], trade_gain=0)


@handles("SalvageCollected")
def _salvage(d: _Draft, p: dict[str, Any]) -> None:
    unit = d.units[p["unit_id"]]
    d.add_junk(p["sector_id"], -p["ore"])
    d.unit(unit.unit_id, ore=unit.ore + p["ore"], state=UnitState.ENGAGED, task="salvage")




