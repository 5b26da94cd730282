"""Cluster War ground war on the World (§6.5, §9.2-9.4, §14): who garrisons a colony, who may invade it, the
battle's sides and conditions, the odds before an invasion, rebellion in occupied colonies, destroying worlds.
The module that uses it is `game.modules.ground_war`; the rulings in docs/rules.md, "Ground war".
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from game.engine import rule_module
from game.engine.dice import Dice, SeededDice
from game.engine.ground_forces import (
    DESIGN_PREFIX,
    POP_PER_CITY,
    Conditions,
    Fighter,
    battalion_type,
    fight,
    ground_type_of,
    terrain_of,
)
from game.engine.rulings import CP_PER_POP
from game.engine.world import Colony, Unit, UnitState, World, is_armed, is_present, max_output_of

ODDS_TRIALS = 200  # battles simulated for the odds shown before an invasion
REBELLION_DIE = 10
REBELLION_BASE = 1  # a fully garrisoned colony rises on a 1 in 1d10 (ruling)
REBELLION_PER_MISSING = 3  # each garrison battalion short adds 3 to the range (ruling)

# §9.4: what a player may order destroyed, and the damage it takes (a multiple of the colony's or world's CP).
DESTRUCTION = {"colony": "Destroy the colony", "biosphere": "Glaze the biosphere", "planet": "Crack the planet"}


def is_ground(world: World, unit: Unit) -> bool:
    return ground_type_of(unit.design_id) is not None and unit.design_id in world.designs


def colony_poi(world: World, colony: Colony) -> str:
    return world.planets[colony.planet_id].poi_id


@dataclass(frozen=True)
class GroundIndex:
    """One pass over the units for the questions the offers and the panel ask of every colony, so they stay linear
    in a large world: the battalions at each Point of Interest (on the ground, or in the hold of a carrier present
    there), and the civilizations with an armed unit present in each Sector."""

    battalions: dict[str, list[Unit]]
    armed: dict[str, set[int]]


def ground_index(world: World) -> GroundIndex:
    battalions: dict[str, list[Unit]] = {}
    armed: dict[str, set[int]] = {}
    armed_designs = {k for k, d in world.designs.items() if is_armed(d)}
    for unit in world.units.values():
        if unit.design_id in armed_designs and is_present(unit):
            armed.setdefault(unit.sector_id, set()).add(unit.civ_id)
        if not unit.design_id.startswith(DESIGN_PREFIX) or not is_ground(world, unit):
            continue
        carrier = world.units.get(unit.carried_by) if unit.carried_by is not None else None
        where = carrier if carrier is not None else unit
        if where.poi_id is not None and is_present(where):
            battalions.setdefault(where.poi_id, []).append(unit)
    for here in battalions.values():
        here.sort(key=lambda u: u.unit_id)
    return GroundIndex(battalions, armed)


def ground_units_at(world: World, civ_id: int, poi_id: str, index: GroundIndex | None = None) -> list[Unit]:
    """The civilization's battalions on the ground at `poi_id`: present (not in a hold, not in transit)."""
    here = (index or ground_index(world)).battalions.get(poi_id, [])
    return [u for u in here if u.civ_id == civ_id and u.carried_by is None and is_present(u)]


def cities(colony: Colony) -> int:
    """Cities big enough to raise a rebel army (≥ 10 CP), one per 10 Pop (ruling)."""
    return math.ceil(colony.population / POP_PER_CITY)


def levy(colony: Colony) -> int:
    """Militia battalions a colony raises against an invader: one per city (ruling)."""
    return cities(colony) if colony.operational else 0


def garrison_needed(colony: Colony) -> int:
    """§9.3 "hostile races: 1 garrison unit per city"."""
    return cities(colony)


def holder(colony: Colony) -> int:
    """Who holds the colony's ground: its occupier, else its owner."""
    return colony.occupied_by if colony.occupied_by is not None else colony.civ_id


# The rule values the ground war and the weather and terrain modules set (`RuleModule.rule_values`).
TERRAIN_COUNTS = "weather_and_terrain_modify_ground_battles"  # §14
OCCUPIERS_TAX = "occupiers_collect_taxes"  # §9.3
ONLY_INVASION_CAPTURES = "only_ground_forces_capture_planets"  # §9.2


def conditions_at(world: World, colony: Colony, weather: str = "clear") -> Conditions:
    """The battle's terrain (from the planet's STEP code) and weather, with the weather and terrain module on."""
    if not rule_module.rule_value(world.options, TERRAIN_COUNTS, False):
        return Conditions()
    return Conditions(terrain_of(world.planets[colony.planet_id].step), weather)


def orbit_won(world: World, civ_id: int, colony: Colony, index: GroundIndex | None = None) -> bool:
    """§9.2 "escort the troop ships to an orbital ring": the colony's holder was beaten in a skirmish in its Sector
    this phase, or has no armed unit present there to contest the landing (ruling)."""
    sector = world.planet_sector(colony.planet_id)
    enemy = holder(colony)
    if any(s.status == "over" and s.victor_civ == civ_id and s.sector_id == sector
           and enemy in (s.attacker_civ, s.defender_civ) for s in world.skirmishes.values()):
        return True
    return enemy not in (index or ground_index(world)).armed.get(sector, set())


def landing_forces(world: World, civ_id: int, colony: Colony, index: GroundIndex | None = None) -> list[Unit]:
    """Battalions that can land on the colony: Operational, on the ground in its system or in a hold of a carrier
    present there (§9.2; ruling: every type lands from a carrier in orbit within the quarter's weeks)."""
    here = (index or ground_index(world)).battalions.get(colony_poi(world, colony), [])
    return [u for u in here if u.civ_id == civ_id and u.state is UnitState.OPERATIONAL]


def defenders_of(world: World, colony: Colony, index: GroundIndex | None = None) -> tuple[list[Fighter], int]:
    """The defence of a colony: its holder's battalions on the ground there, and (while it is its owner's) the levy
    of its cities."""
    here = ground_units_at(world, holder(colony), colony_poi(world, colony), index)
    units = [Fighter(u.unit_id, battalion_type(u.design_id).key) for u in here]
    militia = levy(colony) if colony.occupied_by is None else 0
    return units + [Fighter(None, "militia")] * militia, militia


def fighters(world: World, unit_ids: Iterable[int]) -> list[Fighter]:
    return [Fighter(u, battalion_type(world.units[u].design_id).key) for u in sorted(unit_ids)]


@dataclass(frozen=True)
class Odds:
    win: int  # percent of simulated battles the invader wins
    hold: int  # percent where both sides still stand after the quarter's weeks
    lose: int


def invasion_odds(world: World, colony: Colony, invaders: list[Fighter], defenders: list[Fighter],
                  seed: int = 0) -> Odds:
    """The odds shown before an invasion order is committed: the battle against the `defenders` the viewer knows of
    played `ODDS_TRIALS` times on seeded dice, under the colony's terrain and every weather in proportion (the
    weather is rolled only when it is fought)."""
    if not invaders:
        return Odds(0, 0, 100)
    if not defenders:
        return Odds(100, 0, 0)
    tally = {"invader": 0, None: 0, "defender": 0}
    for trial in range(ODDS_TRIALS):
        weather = ("clear", "clear", "clear", "rain", "rain", "storm")[trial % 6]
        result = fight(invaders, defenders, conditions_at(world, colony, weather), SeededDice(seed * 7919 + trial),
                       "odds")
        tally[result.victor(len(invaders), len(defenders))] += 1
    win, hold = (round(100 * tally[k] / ODDS_TRIALS) for k in ("invader", None))
    return Odds(win, hold, 100 - win - hold)


def rebellion_range(world: World, colony: Colony, index: GroundIndex | None = None) -> int:
    """The 1d10 results on which an occupied colony rises this quarter (ruling on §9.3: "every city big enough to
    raise a rebel army needs a garrison"): 1 when fully garrisoned, 3 more for each battalion short, at most 10."""
    garrison = len(ground_units_at(world, holder(colony), colony_poi(world, colony), index))
    missing = max(0, garrison_needed(colony) - garrison)
    return min(REBELLION_DIE, REBELLION_BASE + REBELLION_PER_MISSING * missing)


def rebellion_risk(world: World, colony: Colony, index: GroundIndex | None = None) -> int:
    """The rebellion range as a percent chance, for the page."""
    return 10 * rebellion_range(world, colony, index)


def rises(world: World, colony: Colony, dice: Dice) -> tuple[int, bool]:
    roll = dice.roll(REBELLION_DIE, f"rebellion at colony {colony.colony_id}")
    return roll, roll <= rebellion_range(world, colony)


def destruction_damage(world: World, colony: Colony, what: str) -> int:
    """§9.4: a colony takes damage ≥ its CP output (without multipliers), a biosphere 100 x the world's CP
    potential; cracking a planet needs a relativistic weapon, priced here as the biosphere (ruling)."""
    if what == "colony":
        return colony.population * CP_PER_POP
    return 100 * max_output_of(world.planets[colony.planet_id])


CRACKED_STEP = "0500"  # §9.4 "a 120 CP 5555 planet becomes a 60 CP asteroid field with STEP 0500"


def glazed_step(step: str) -> str:
    """§9.4 glazing "changes the climate code permanently" without saying how (ruling: the environment digit
    becomes 9, a hostile atmosphere; the temperature rises one step)."""
    code = step or "5555"
    temperature = "X" if code[1] in "9X" else str(int(code[1]) + 1)
    return code[0] + temperature + "9" + code[3]


def taxed_by(world: World, colony: Colony) -> int | None:
    """Exploit 5 — who collects a colony's taxes: its owner; while occupied, nobody (CV's ruling), or with the
    ground war module the occupier ("a rebelling city produces 0 CP for the occupier": one that does not rise
    produces for it, §9.3)."""
    if colony.occupied_by is None:
        return colony.civ_id
    return colony.occupied_by if rule_module.rule_value(world.options, OCCUPIERS_TAX, False) else None
