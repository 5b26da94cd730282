"""Cluster War supply and stress (§4.3, §7.0) and crew (§17.2; Exterminate 8's prize crews), as Centaurian Vector
plays them: the pure rules the core and other modules ask of the supply and crew modules (`game.modules.supply`,
`game.modules.crew` hold their step work and events).

Supply: a civilization's grid is the reach of its operational colonies and way stations, one Sector round each
(§7.0 "Supply grid range = 1-hex radius per colony"; a CW hex is a CV Sector); a unit in it, or over an ally's
colony (§4.3 "a friendly empire's colony that has granted supply rights"), is in supply. At the round's end
(Exploit 9, §4.3 "at the end of the turn") every unit out of supply gains 10% stress and rolls d100 against it
(`game.modules.supply.steps`).

Crew: a pool per civilization fed by its colonies' population; a new unit draws its design crew from it, a
captured one its prize crew (`draw_crew`, Exterminate 8); grades (green..elite) change Attack (`attack_factor`) and
rise with drilling and battles survived (`battles_survived`, Exterminate 10; the rest `game.modules.crew.steps`).
The rulings are in docs/rules.md, "Warfare and logistics (issue 18)".
"""

from __future__ import annotations

from game.engine import rule_module
from game.engine.events import Event, Visibility
from game.engine.world import (
    Unit,
    UnitState,
    World,
    is_armed,
    sector_coords,
    sector_distance,
    sector_id,
)

# §7.0: one hex round a colony (or a way station); touching reaches join one grid.
SUPPLY_RANGE_SECTORS = 1
_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Ruling (the combat effect): stress "combines ... morale and equipment break down": a stressed unit's Attack
# falls by its tag, at most by half.
STRESS_ATTACK_CAP = 50

# §17.2: Attack by grade (what each step up needs: `game.modules.crew.steps`).
GRADES = ("green", "regular", "veteran", "elite")
GRADE_ATTACK = {"green": -10, "regular": 0, "veteran": 10, "elite": 20}
PRIZE_GRADE = "green"  # §17.2: a crew on a ship new to it drops a level; a prize crew is regulars on a strange hull


def _civ_event(civ_id: int, event_type: str, payload: dict[str, object]) -> Event:
    return Event(event_type, payload, Visibility.CIV, civ_id)


def around(sector: str, reach: int = SUPPLY_RANGE_SECTORS) -> set[str]:
    """The Sectors within `reach` of `sector` (axial hex coordinates)."""
    found = {sector}
    edge = {sector}
    for _ in range(reach):
        edge = {sector_id(a + dq, b + dr) for a, b in map(sector_coords, edge) for dq, dr in _NEIGHBOURS} - found
        found |= edge
    return found


def grid_sources(world: World, civ_id: int) -> list[str]:
    """Where the civilization's grid starts (§7.0): its operational colonies not occupied by an enemy, and its
    way stations (LRS and communications gear, a unit whose design has the special) standing in a Sector, not
    carried (`World.supply_sources` finds them once per world)."""
    return sorted(world.supply_sources.get(civ_id, ()))


def supply_grid(world: World, civ_id: int) -> frozenset[str]:
    """Every Sector of the civilization's grid: its sources' reach, on the map (a world without Sectors: all of it)."""
    return frozenset(s for source in grid_sources(world, civ_id) for s in around(source)
                     if not world.sectors or s in world.sectors)


def grid_parts(world: World, civ_id: int) -> list[list[str]]:
    """The grid's connected parts, each its sources (§7.0: "If these hexes touch another part of the grid, it is
    connected"): two reaches touch when their sources are at most 2 x range + 1 Sectors apart. Largest first."""
    sources = grid_sources(world, civ_id)
    parts: list[list[str]] = []
    for source in sources:
        joined = [p for p in parts if any(sector_distance(source, s) <= 2 * SUPPLY_RANGE_SECTORS + 1 for s in p)]
        merged = [source, *(s for p in joined for s in p)]
        parts = [p for p in parts if p not in joined] + [sorted(merged)]
    return sorted(parts, key=lambda p: (-len(p), p))


def _allied_colony_sectors(world: World, civ_id: int) -> set[str]:
    """Ruling (§4.3 supply rights): an ally (the stance "alliance", not at war) has granted them; its operational
    colonies supply the civilization's units over them, in their own Sector."""
    allies = {b if a == civ_id else a for (a, b), relation in world.relations.items()
              if civ_id in (a, b) and relation.stance == "alliance" and not world.at_war(a, b)}
    if not allies:
        return set()
    return {world.planet_sector(c.planet_id) for c in world.colonies.values()
            if c.civ_id in allies and c.operational}


def in_supply(world: World, civ_id: int, sector: str) -> bool:
    """Is `sector` in the civilization's supply (its grid, or over an ally's colony)? The one answer every module
    asks, e.g. the ground war's "out of the enemy's supply"."""
    return bool(around(sector) & world.supply_sources.get(civ_id, frozenset())) or (
        sector in _allied_colony_sectors(world, civ_id))


def needs_supply(unit: Unit) -> bool:
    """Units that draw supplies: every built unit not riding in a hold (§4.3: craft in hangars are covered by
    their carrier)."""
    return unit.carried_by is None and unit.state not in (UnitState.UNDER_CONSTRUCTION, UnitState.DESTROYED)


def supplied_sectors(world: World, civ_id: int) -> frozenset[str]:
    return supply_grid(world, civ_id) | _allied_colony_sectors(world, civ_id)


def unit_in_supply(world: World, unit: Unit, supplied: frozenset[str] | None = None) -> bool:
    """A unit's supply: where it is now (a unit en route, where it has got to); a rider, its carrier's."""
    where = unit if unit.carried_by is None else world.units.get(unit.carried_by, unit)
    sectors = supplied_sectors(world, unit.civ_id) if supplied is None else supplied
    return where.sector_id in sectors


def grade_of(world: World, unit_id: int) -> str:
    crew = world.crews.get(unit_id)
    return crew.grade if crew is not None else "regular"


# The rule values the crew and supply modules set (`RuleModule.rule_values`), read by the core's combat and captures.
CREWS_COUNT = "crews_come_from_the_pool_with_grades"  # §17.2: prize crews, grades in a fight, battles survived
STRESS_COUNTS = "stress_out_of_supply_weakens_attack"  # §7.0


def attack_factor(world: World, unit: Unit) -> float:
    """The unit's Attack in a fight, as a factor: its crew's grade (§17.2, with the crew module) and its stress
    out of supply (with the supply module). 1.0 without either."""
    crews = rule_module.rule_value(world.options, CREWS_COUNT, False)
    grade = GRADE_ATTACK[grade_of(world, unit.unit_id)] if crews else 0
    stress = world.stress.get(unit.unit_id)
    tag = (min(stress.tag, STRESS_ATTACK_CAP)
           if stress is not None and rule_module.rule_value(world.options, STRESS_COUNTS, False) else 0)
    if not grade and not tag:
        return 1.0
    return (100 + grade) * (100 - tag) / 10_000


# Crew.


def draw_crew(world: World, civ_id: int, unit_id: int, round_number: int, *, prize: bool = False) -> Event:
    """A crew drawn from the pool for a unit: a new one (short of the pool, the cadets it has: green), or a prize
    (green, see PRIZE_GRADE). The unit's design crew, or what the pool holds."""
    needed = world.design_of(world.units[unit_id]).crew
    pool = world.crew_pools.get(civ_id, 0)
    drawn = min(needed, pool)
    grade = PRIZE_GRADE if prize or drawn < needed else "regular"
    return _civ_event(civ_id, "CrewDrawn", {"civ_id": civ_id, "unit_id": unit_id, "crew": drawn,
                                            "pool": pool - drawn, "grade": grade, "round": round_number})


def battles_survived(world: World) -> list[Event]:
    """Exterminate 10, with the crew module: each armed unit still in the world after a skirmish was fought (not
    escaped, not surrendered) has survived a battle (§17.2's advancement counts them); the unarmed stood aside."""
    if not rule_module.rule_value(world.options, CREWS_COUNT, False):
        return []
    survivors: dict[int, list[int]] = {}
    for s in world.skirmishes.values():
        if s.status not in ("fought", "over"):
            continue
        for unit_id in s.unit_ids:
            unit = world.units.get(unit_id)
            if (unit is not None and unit.state is not UnitState.DESTROYED and unit_id not in s.escaped
                    and unit_id not in s.surrendered and is_armed(world.design_of(unit))):
                survivors.setdefault(unit.civ_id, []).append(unit_id)
    return [_civ_event(civ_id, "BattleSurvived", {"civ_id": civ_id, "unit_ids": sorted(set(ids))})
            for civ_id, ids in sorted(survivors.items())]
