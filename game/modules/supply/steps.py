"""The supply module's part of the round (Cluster War §4.3): the stress checks at the round's end, a step hook after
Exploit 9's own work. The grid itself (`in_supply`, `supplied_sectors`, `needs_supply`) and what stress does to a
unit's Attack (`attack_factor`) are asked by the core and other modules, so they stay in `game.engine.supply`."""

from __future__ import annotations

from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.step_input import StepInput
from game.engine.supply import needs_supply, supplied_sectors, unit_in_supply
from game.engine.world import Stress, Unit, World

# §4.3: "starts at 10% and increases by 10% for each turn that the unit is out of supplies"; a failure is
# "equal to or lower than the stress tag" on 1d100. Ruling: one check a round (a quarter), the tag rising 10 a
# round: a quarter is the unit of CV's orders, and three rolls a quarter would wreck a patrol before a player
# could answer.
STRESS_STEP = 10
STRESS_DIE = 100
# Ruling (§4.3's mild failure, "a random component takes a point of damage"): a failed check costs the unit 1 HP
# of its sheet, never its last; a repeated failure is the GM's to rule on (surrender, rogue, mutiny, retiring).
STRESS_DAMAGE = 1.0


def _civ_event(civ_id: int, event_type: str, payload: dict[str, object]) -> Event:
    return Event(event_type, payload, Visibility.CIV, civ_id)


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


def round_end_checks(step_input: StepInput, dice: Dice) -> list[Event]:
    """After Exploit 9's own work (the round ends there, §4.3 "at the end of the turn"): the stress checks, on the
    world as the step found it."""
    return supply_check(step_input.world, dice)
