"""Cluster War supply and stress (§4.3, §7.0) and crew (§17.2; Exterminate 8's prize crews), as Centaurian Vector
plays them: pure rules over a `World`, their events applied by `game.engine.apply`.

Supply: a civilization's grid is the reach of its operational colonies and way stations, one Sector round each
(§7.0 "Supply grid range = 1-hex radius per colony"; a CW hex is a CV Sector); a unit in it, or over an ally's
colony (§4.3 "a friendly empire's colony that has granted supply rights"), is in supply. At the round's end
(Exploit 9, §4.3 "at the end of the turn") every unit out of supply gains 10% stress and rolls d100 against it.

Crew: a pool per civilization fed by its colonies' population; a new unit draws its design crew from it, a
captured one its prize crew; grades (green..elite) change Attack and rise with drilling and battles survived.
The rulings are in docs/rules.md, "Warfare and logistics (issue 18)".
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.rulings import CW_TURNS_PER_FQ
from game.engine.world import (
    Stress,
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

# §4.3: "starts at 10% and increases by 10% for each turn that the unit is out of supplies"; a failure is
# "equal to or lower than the stress tag" on 1d100. Ruling: one check a round (a quarter), the tag rising 10 a
# round: a quarter is the unit of CV's orders, and three rolls a quarter would wreck a patrol before a player
# could answer.
STRESS_STEP = 10
STRESS_DIE = 100
# Ruling (§4.3's mild failure, "a random component takes a point of damage"): a failed check costs the unit 1 HP
# of its sheet, never its last; a repeated failure is the GM's to rule on (surrender, rogue, mutiny, retiring).
STRESS_DAMAGE = 1.0
# Ruling (the combat effect): stress "combines ... morale and equipment break down": a stressed unit's Attack
# falls by its tag, at most by half.
STRESS_ATTACK_CAP = 50

# §17.2: Attack by grade, and what each step up needs: CW turns of drilling since the last grade and battles
# survived in all.
GRADES = ("green", "regular", "veteran", "elite")
GRADE_ATTACK = {"green": -10, "regular": 0, "veteran": 10, "elite": 20}
DRILL_TURNS = 4
BATTLES_NEEDED = {"regular": 0, "veteran": 1, "elite": 2}
# Ruling: each Pop of an operational, unoccupied colony trains this many crew a quarter (a Light Destroyer's crew).
CREW_PER_POP = 100
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


def attack_factor(world: World, unit: Unit) -> float:
    """The unit's Attack in a fight, as a factor: its crew's grade (§17.2, with the crew module) and its stress
    out of supply (with the supply module). 1.0 without either."""
    grade = GRADE_ATTACK[grade_of(world, unit.unit_id)] if world.options.crew else 0
    stress = world.stress.get(unit.unit_id)
    tag = min(stress.tag, STRESS_ATTACK_CAP) if stress is not None and world.options.supply else 0
    if not grade and not tag:
        return 1.0
    return (100 + grade) * (100 - tag) / 10_000


def _stress_check(world: World, unit: Unit, stress: Stress, dice: Dice) -> list[Event]:
    tag = stress.tag + STRESS_STEP
    events = [_civ_event(unit.civ_id, "UnitOutOfSupply",
                         {"unit_id": unit.unit_id, "sector_id": unit.sector_id, "stress": tag})]
    roll = dice.roll(STRESS_DIE, f"stress check of unit {unit.unit_id} ({tag}%)")
    failed = roll <= tag
    payload: dict[str, object] = {"unit_id": unit.unit_id, "stress": tag, "roll": roll, "failed": failed}
    if failed:
        payload["hp_left"] = max(min(unit.hp, 1.0), unit.hp - STRESS_DAMAGE)
        payload["repeated"] = stress.failures >= 1
    events.append(_civ_event(unit.civ_id, "StressChecked", payload))
    return events


def supply_check(world: World, dice: Dice) -> list[Event]:
    """§4.3 at the round's end: a unit back in supply sheds its stress; one out of it is reported and, with
    attrition on, gains 10% stress and rolls its check. Agents are not checked. Records of units gone from the world
    are dropped."""
    if not world.options.supply:
        return []
    events: list[Event] = []
    supplied = {civ_id: supplied_sectors(world, civ_id) for civ_id in world.civs}
    for unit_id, unit in sorted(world.units.items()):
        if not needs_supply(unit) or unit.civ_id not in supplied or unit_id in world.agents:
            continue  # an agent (the personnel module) lives among the people it works on
        stress = world.stress.get(unit_id)
        if unit_in_supply(world, unit, supplied[unit.civ_id]):
            if stress is not None:
                events.append(_civ_event(unit.civ_id, "UnitResupplied", {"unit_id": unit_id}))
        elif world.options.supply_attrition:
            events.extend(_stress_check(world, unit, stress or Stress(unit_id), dice))
        else:
            events.append(_civ_event(unit.civ_id, "UnitOutOfSupply", {"unit_id": unit_id, "sector_id": unit.sector_id}))
    return events + _dropped(world)


def _dropped(world: World) -> list[Event]:
    gone = sorted({*world.stress, *world.crews} - set(world.units))
    return [Event("LogisticsDropped", {"unit_ids": gone}, Visibility.GM)] if gone else []


# Crew.


def pool_growth(world: World, civ_id: int) -> int:
    return CREW_PER_POP * sum(c.population for c in world.colonies.values()
                              if c.civ_id == civ_id and c.operational and c.occupied_by is None)


def _next_grade(grade: str) -> str | None:
    at = GRADES.index(grade)
    return GRADES[at + 1] if at + 1 < len(GRADES) else None


def promotion(world: World, unit: Unit, round_number: int) -> str | None:
    """§17.2: the grade the unit's crew reaches now, if any: 4 CW turns of drilling since its last grade (a quarter
    is three), and for Veteran one battle survived, for Elite two."""
    crew = world.crews.get(unit.unit_id)
    grade, since, battles = (crew.grade, crew.since_round, crew.battles) if crew else ("regular", 0, 0)
    after = _next_grade(grade)
    if after is None or world.design_of(unit).crew <= 0:
        return None
    drilled = (round_number - since) * CW_TURNS_PER_FQ
    return after if drilled >= DRILL_TURNS and battles >= BATTLES_NEEDED[after] else None


def crew_round(world: World, round_number: int) -> list[Event]:
    """At the round's end, with the crew module: each pool grows from its colonies, crews drilled long enough
    (and blooded enough) go up a grade."""
    if not world.options.crew:
        return []
    events: list[Event] = []
    for civ_id in sorted(world.civs):
        grown = pool_growth(world, civ_id)
        if grown:
            events.append(_civ_event(civ_id, "CrewPoolGrew", {
                "civ_id": civ_id, "crew": grown, "pool": world.crew_pools.get(civ_id, 0) + grown}))
    for unit_id, unit in sorted(world.units.items()):
        if unit.state in (UnitState.UNDER_CONSTRUCTION, UnitState.DESTROYED):
            continue
        grade = promotion(world, unit, round_number)
        if grade is not None:
            events.append(_civ_event(unit.civ_id, "CrewPromoted",
                                     {"unit_id": unit_id, "grade": grade, "round": round_number}))
    return events


def draw_crew(world: World, civ_id: int, unit_id: int, round_number: int, *, prize: bool = False) -> Event:
    """A crew drawn from the pool for a unit: a new one (short of the pool, the cadets it has: green), or a prize
    (green, see PRIZE_GRADE). The unit's design crew, or what the pool holds."""
    needed = world.design_of(world.units[unit_id]).crew
    pool = world.crew_pools.get(civ_id, 0)
    drawn = min(needed, pool)
    grade = PRIZE_GRADE if prize or drawn < needed else "regular"
    return _civ_event(civ_id, "CrewDrawn", {"civ_id": civ_id, "unit_id": unit_id, "crew": drawn,
                                            "pool": pool - drawn, "grade": grade, "round": round_number})


def man_new_units(world: World, completed: Iterable[Event], round_number: int) -> list[Event]:
    """Expand 3, with the crew module: each unit that comes Operational draws its crew."""
    if not world.options.crew:
        return []
    events: list[Event] = []
    for event in completed:
        unit = world.units.get(event.payload["unit_id"]) if event.type == "UnitCompleted" else None
        if unit is not None and world.design_of(unit).crew:
            drawn = draw_crew(world, unit.civ_id, unit.unit_id, round_number)
            events.append(drawn)
            world = apply_events(world, [drawn])  # the next unit draws from what is left
    return events


def battles_survived(world: World) -> list[Event]:
    """Exterminate 10, with the crew module: each armed unit still in the world after a skirmish was fought (not
    escaped, not surrendered) has survived a battle (§17.2's advancement counts them); the unarmed stood aside."""
    if not world.options.crew:
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
