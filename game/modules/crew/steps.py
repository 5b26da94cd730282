"""The crew module's part of the round (Cluster War §17.2): a unit coming Operational draws its crew (a hook after
Expand 3's own work), and at the round's end each pool grows from its colonies and drilled crews go up a grade (a
hook after Exploit 9's). What the core still asks of crews (a prize crew drawn in Exterminate 8's capture, the
battles survived counted in Exterminate 10, a grade's Attack in a fight) stays in `game.engine.supply`."""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.rulings import CW_TURNS_PER_FQ
from game.engine.step_input import StepInput
from game.engine.steps.expand import project_completions
from game.engine.supply import GRADES, draw_crew
from game.engine.world import Unit, UnitState, World

# §17.2: what each step up needs: CW turns of drilling since the last grade and battles survived in all.
DRILL_TURNS = 4
BATTLES_NEEDED = {"regular": 0, "veteran": 1, "elite": 2}
# Ruling: each Pop of an operational, unoccupied colony trains this many crew a quarter (a Light Destroyer's crew).
CREW_PER_POP = 100


def _civ_event(civ_id: int, event_type: str, payload: dict[str, object]) -> Event:
    return Event(event_type, payload, Visibility.CIV, civ_id)


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


def units_manned(step_input: StepInput, dice: Dice) -> list[Event]:
    """After Expand 3's own work: the units it completed (its UnitCompleted events, found again on the world as the
    step found it) draw their crews, in its order."""
    world = step_input.world
    return man_new_units(world, project_completions(world), step_input.pointer.round)


def round_end(step_input: StepInput, dice: Dice) -> list[Event]:
    """After Exploit 9's own work and the supply module's stress checks (`RULE_MODULES` puts supply first)."""
    return crew_round(step_input.world, step_input.pointer.round)
