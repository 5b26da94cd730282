"""A small galaxy and helpers for the round's step tests: build a world, resolve one step, apply its events."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.engine.apply import apply_events
from game.engine.combat import CombatResult, Defense, Skirmish, UnitOutcome, Weapon
from game.engine.dice import Dice, ScriptedDice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.phases import ALL_STEPS, GalacticDate, Pointer
from game.engine.resolve import resolve_step
from game.engine.step_input import StepInput
from game.engine.units import Scale, Specials, UnitDesign, UnitStats
from game.engine.world import (
    Civilization,
    Planet,
    PointOfInterest,
    Sector,
    Unit,
    World,
)

LASER = (Weapon("energy", 5.0),)


def design(design_id: str, scale: Scale = Scale.CORVETTE, *, sensors: int = 1, signature: int = 10,
           movement: int = 8, hp: int = 10, weapons: tuple[Weapon, ...] = (), crew: int = 10,
           **specials: Any) -> UnitDesign:
    return UnitDesign(design_id, design_id.replace("-", " ").title(), scale,
                      UnitStats(sensors, signature, movement, 1, 1, 0, 0, hp), weapons=weapons,
                      defenses=(Defense("ballistic", 2.0),) if weapons else (),
                      specials=Specials(**specials), crew=crew)


DESIGNS = {
    d.design_id: d
    for d in (
        design("warship", weapons=LASER, ftl=True),
        design("scout", sensors=2, ftl=True),
        design("blind-hauler", sensors=0, cargo_capacity=100, ftl=True),
        design("freighter", cargo_capacity=2_000, ftl=True),
        design("colony-ship", colonize=True),
        design("builder", Scale.VEHICLE, construction_bp=5, crew=2),
        design("terraformer", Scale.VEHICLE, terraform_tp=4, crew=2),
        design("salvager", Scale.VEHICLE, salvage=True, cargo_capacity=20, crew=2),
        design("marine", Scale.PERSONNEL, movement=1, crew=0),
        design("ghost", signature=10, cloak=5, weapons=LASER, ftl=True),
    )
}


def world(**changes: Any) -> World:
    """Sectors in a row 0,0 - 1,0 - 2,0 - 3,0 and one off it (0,1); Sol and Vega, two civilizations."""
    base = World(
        designs={**World().designs, **DESIGNS},
        sectors={s: Sector(s) for s in ("0,0", "1,0", "2,0", "3,0", "0,1")},
        pois={
            "sol": PointOfInterest("sol", "0,0", "star_system", "Sol"),
            "vega": PointOfInterest("vega", "1,0", "star_system", "Vega"),
            "far": PointOfInterest("far", "3,0", "star_system", "Far Star"),
            "relay": PointOfInterest("relay", "0,0", "station", "Relay", signature=5),
            "rift": PointOfInterest("rift", "1,0", "black_hole", "Rift", hidden=1),
        },
        planets={
            "terra": Planet("terra", "sol", "Terra", ore_deposit=100, viable=True, suitable_site=True),
            "mars": Planet("mars", "sol", "Mars", ore_deposit=2, terraform_tp=6),
            "vega-2": Planet("vega-2", "vega", "Vega II", ore_deposit=50, viable=True, max_population=12,
                             special_resource="Exotic Crystals"),
        },
        civs={1: Civilization(1, "Sol", mu=1_000, known_pois=frozenset({"sol"})),
              2: Civilization(2, "Vega", mu=500, known_pois=frozenset({"vega"}))},
        next_id=100,
    )
    return replace(base, **changes)


def unit(unit_id: int, civ_id: int, design_id: str, sector: str = "0,0", poi: str | None = "sol",
         **changes: Any) -> Unit:
    hp = float(DESIGNS[design_id].stats.hp)
    return replace(Unit(unit_id, civ_id, design_id, f"U{unit_id}", sector, poi, hp=hp), **changes)


def with_units(w: World, *units: Unit) -> World:
    return replace(w, units={**w.units, **{u.unit_id: u for u in units}})


def order(civ_id: int, step_key: str, kind: str, **payload: Any) -> OrderCommand:
    return OrderCommand(civ_id, step_key, kind, payload)


@dataclass
class FakeCombat:
    """A combat system whose result is written in the test: only the round's handling of it is under test."""

    outcomes: dict[int, tuple[float, bool]]  # unit id -> (hp left, destroyed); a unit not listed keeps its HP
    victor: str | None = "attacker"
    key: str = "fake"
    title: str = "Fake"
    fought: list[Skirmish] = field(default_factory=list)
    escaped: frozenset[int] = frozenset()
    surrendered: frozenset[int] = frozenset()

    def fight(self, skirmish: Skirmish, dice: Dice, choices: object = None) -> CombatResult:
        self.fought.append(skirmish)
        units = [u for side in skirmish.sides for u in side.units]
        return CombatResult(self.victor, tuple(
            UnitOutcome(u.unit_id, *self.outcomes.get(u.unit_id, (u.hp, False)), u.unit_id in self.escaped,
                        u.unit_id in self.surrendered)
            for u in units
        ))


def pointer_of(step_key: str, round_number: int = 1) -> Pointer:
    index = next(i for i, s in enumerate(ALL_STEPS) if s.key == step_key)
    return Pointer(round_number, index)


def step_input(w: World, step_key: str, orders: tuple[OrderCommand, ...] = (), round_number: int = 1,
               combat: Any = None) -> StepInput:
    return StepInput(pointer_of(step_key, round_number), GalacticDate.of_round(round_number, 2300),
                     tuple(sorted(w.civs)), orders, w, combat)


def run(w: World, step_key: str, *orders: OrderCommand, dice: list[int] | None = None, combat: Any = None,
        round_number: int = 1) -> tuple[list[Event], World]:
    """Resolve one step on `w` and return its events and the world they make."""
    events = resolve_step(step_input(w, step_key, orders, round_number, combat), ScriptedDice(dice or []))
    return events, apply_events(w, events)


def of_type(events: list[Event], event_type: str) -> list[dict[str, Any]]:
    return [e.payload for e in events if e.type == event_type]
