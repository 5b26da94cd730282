"""Exterminate: "one Civilization's Units attack another Civilization's Units, and the ensuing firefight is
resolved." Every skirmish declared in Explore 7 runs through these steps together.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine import factions, fleets, rule_module, rulings, supply
from game.engine.combat import CombatSide, CombatUnit, Skirmish
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civs
from game.engine.steps.explore import movement
from game.engine.world import (
    SkirmishState,
    Unit,
    UnitState,
    World,
    can_reach_in_one_round,
    is_armed,
    is_present,
    unit_label,
)


def _with_status(world: World, status: str) -> list[SkirmishState]:
    return sorted((s for s in world.skirmishes.values() if s.status == status), key=lambda s: s.skirmish_id)


def _sides(s: SkirmishState) -> list[int]:
    return [s.attacker_civ, s.defender_civ]


def exterminate_1_who_can_fight(step_input: StepInput, dice: Dice) -> list[Event]:
    """1. Skirmishes can only occur between Units in the same Sector, OR between Units which can reach each
    other using their Move Rating.

    The defender's units in the Sector are in it; so are the attacker's, and its armed, Operational units
    elsewhere whose Move Rate reaches the Sector, which move there to fight. A unit Under Construction is a
    project, not a combatant: it is in no skirmish.
    """
    world = step_input.world
    declared = _with_status(world, "declared")
    contested = {s.sector_id for s in declared}
    armed = {design_id: is_armed(design) for design_id, design in world.designs.items()}
    # One pass over the units, in the world's order: who is in each contested Sector, and each civilization's
    # armed, Operational units that are present somewhere, who may move in to fight. Whether one of those reaches
    # a Sector depends on where it is and its design alone (`can_reach_in_one_round`), so they are grouped by
    # that: asked once for each group, not for each of an empire's thousands of units.
    present_in: dict[str, list[Unit]] = {}
    fighters: dict[int, dict[tuple[str, str, bool], list[Unit]]] = {}
    for u in world.units.values():
        if u.sector_id in contested and is_present(u):
            present_in.setdefault(u.sector_id, []).append(u)
        if armed[u.design_id] and u.state is UnitState.OPERATIONAL and is_present(u):
            key = (u.sector_id, u.design_id, u.poi_id is None)  # `course_cost` asks whether it is at a POI
            fighters.setdefault(u.civ_id, {}).setdefault(key, []).append(u)
    events: list[Event] = []
    # With the movement orders module a fleet fights together: its members elsewhere move in with the others.
    fleet_mates: Callable[[World, set[int], str], set[int]] | None = rule_module.rule_value(
        world.options, fleets.FLEET_MATES, None)
    for s in declared:
        here = [u for u in present_in.get(s.sector_id, []) if u.civ_id in (s.attacker_civ, s.defender_civ)]
        moved = sorted(
            u.unit_id
            for group in fighters.get(s.attacker_civ, {}).values()
            if group[0].sector_id != s.sector_id and can_reach_in_one_round(world, group[0], s.sector_id)
            for u in group
        )
        if fleet_mates is not None:
            moved = sorted({*moved, *fleet_mates(world, set(moved), s.sector_id)})
        if not moved and not any(u.civ_id == s.attacker_civ for u in here):
            events.append(
                to_civs(
                    _sides(s)[:1],
                    "SkirmishCancelled",
                    {
                        "skirmish_id": s.skirmish_id,
                        "reason": "no unit of the attacker can reach the Sector",
                    },
                )
            )
            continue
        events.append(
            to_civs(
                _sides(s),
                "SkirmishOpened",
                {
                    "skirmish_id": s.skirmish_id,
                    "unit_ids": sorted([u.unit_id for u in here] + moved),
                    "moved": moved,
                },
            )
        )
    return events


def _aware(world: World, watcher: int, watched: int, s: SkirmishState) -> bool:
    civ = world.civs[watcher]
    return any(world.units[u].civ_id == watched for u in s.unit_ids if u in civ.detected_units) or any(
        world.colonies[c].civ_id == watched
        and world.planet_sector(world.colonies[c].planet_id) == s.sector_id
        for c in civ.detected_colonies
        if c in world.colonies
    )


def exterminate_2_one_side_must_be_aware(step_input: StepInput, dice: Dice) -> list[Event]:
    """2. Skirmishes can only begin if one side becomes aware of the other. (Usually this happens during the
    EXPLORE phase, see above.)"""
    world = step_input.world
    events: list[Event] = []
    for s in _with_status(world, "open"):
        if _aware(world, s.attacker_civ, s.defender_civ, s) or _aware(
            world, s.defender_civ, s.attacker_civ, s
        ):
            events.append(to_civs(_sides(s), "SkirmishBegan", {"skirmish_id": s.skirmish_id}))
        else:
            events.append(
                to_civs(
                    _sides(s),
                    "SkirmishCancelled",
                    {
                        "skirmish_id": s.skirmish_id,
                        "reason": "neither side is aware of the other",
                    },
                )
            )
    return events


def _join_or_evade(order: OrderCommand, world: World) -> list[Event]:
    unit = world.units[order.payload["unit_id"]]
    skirmish = next(
        s for s in world.skirmishes.values() if s.status == "begun" and unit.unit_id in s.unit_ids
    )
    kind = "UnitEvaded" if order.payload["choice"] == "evade" else "UnitJoinedFight"
    return [to_civs(_sides(skirmish), kind, {"skirmish_id": skirmish.skirmish_id, "unit_id": unit.unit_id})]


def exterminate_3_engaged_units_join_or_evade(step_input: StepInput, dice: Dice) -> list[Event]:
    """3. A unit which was Engaged in an activity such as Construction when combat starts can elect to join
    the fight (if it has weapons) or Evade (if it can move.) If it survives the combat it can resume its
    former task with no real loss in productivity. However, if it is destroyed, it makes no progress on its
    task this Round.

    An Engaged unit that gives no order stays where it is and is in the fight; it keeps its task either way. (A
    research unit in the fight, or evading it, is interrupted: the research module's hook after this step.)
    """
    return run_orders(step_input, {"JoinOrEvade": _join_or_evade})


def combat_unit(world: World, unit: Unit, full_strength: bool = False) -> CombatUnit:
    design = world.design_of(unit)
    return CombatUnit(
        unit_id=unit.unit_id,
        civ_id=unit.civ_id,
        name=unit_label(world, unit),
        multiplier=design.scale.multiplier,
        hp=float(design.stats.hp) if full_strength else unit.hp,
        max_hp=float(design.stats.hp),
        evasion=design.stats.evasion,
        targeting=factions.targeting_with_force_bonus(world.civs[unit.civ_id].faction, design.stats.targeting),
        weapons=design.weapons,
        defenses=design.defenses,
        ore_carried=unit.ore,
        crew=design.crew,
        attack_factor=supply.attack_factor(world, unit),
    )


def exterminate_4_fight(step_input: StepInput, dice: Dice) -> list[Event]:
    """4. The skirmish is played out using one of the COMBAT SYSTEMS detailed below. Generally, the more Units
    involved in the Skirmish, the simpler the combat ruleset that should be used.

    Units riding in the hold of a destroyed carrier are lost with it.
    """
    world = step_input.world
    events: list[Event] = []
    for s in _with_status(world, "begun"):
        fighters = [world.units[u] for u in s.unit_ids if u in world.units and is_present(world.units[u])]
        sides = tuple(
            CombatSide(name, (civ,), tuple(combat_unit(world, u) for u in fighters if u.civ_id == civ))
            for name, civ in (("attacker", s.attacker_civ), ("defender", s.defender_civ))
        )
        outcomes: list[dict[str, object]] = []
        lost: set[int] = set()
        victor: str | None = "attacker"
        if all(side.units for side in sides):
            if step_input.combat_system is None:
                raise ValueError("Exterminate 4 needs the campaign's combat system to fight a skirmish.")
            result = step_input.combat_system.fight(
                Skirmish(s.skirmish_id, s.sector_id, (sides[0], sides[1])), dice
            )
            victor = result.victor
            outcomes = [
                {
                    "unit_id": o.unit_id,
                    "hp_left": o.hp_left,
                    "destroyed": o.destroyed,
                    "escaped": o.escaped,
                    "surrendered": o.surrendered,
                }
                for o in result.units
            ]
            lost = {o.unit_id for o in result.units if o.destroyed}
            events.extend(result.events)
        riders = sorted(rider.unit_id for carrier in lost for rider in world.riders(carrier))
        events.append(
            to_civs(
                _sides(s),
                "SkirmishFought",
                {
                    "skirmish_id": s.skirmish_id,
                    "victor_side": victor,
                    "outcomes": outcomes,
                    "riders_lost": riders,
                },
            )
        )
    return events


def _fought_in(world: World) -> dict[int, SkirmishState]:
    """Unit id -> the first skirmish (in the world's order) that lists it: one pass over the skirmishes, not a
    search of every skirmish's thousands of units for each wreck."""
    fought_in: dict[int, SkirmishState] = {}
    for s in world.skirmishes.values():
        for unit_id in s.unit_ids:
            fought_in.setdefault(unit_id, s)
    return fought_in


def _witnesses(fought_in: dict[int, SkirmishState], unit: Unit) -> list[int]:
    s = fought_in.get(unit.unit_id)
    return _sides(s) if s is not None else [unit.civ_id]


def exterminate_5_wrecks_become_space_junk(step_input: StepInput, dice: Dice) -> list[Event]:
    """5. Destroyed Units become Space Junk worth 25% of their initial bulwark rating."""
    world = step_input.world
    fought_in = _fought_in(world)
    return [
        to_civs(
            _witnesses(fought_in, unit),
            "SpaceJunkCreated",
            {
                "unit_id": unit.unit_id,
                "sector_id": unit.sector_id,
                "junk": rulings.wreck_junk(step_input.bulwark(combat_unit(world, unit, full_strength=True))),
            },
        )
        for unit in _wrecks(world)
    ]


def _wrecks(world: World) -> list[Unit]:
    """The destroyed units, by id: only they are sorted, not every unit."""
    destroyed = UnitState.DESTROYED  # looked up once: on Python 3.11 a UnitState member costs a unit's reading
    return sorted((u for u in world.units.values() if u.state is destroyed), key=lambda u: u.unit_id)


def wreck(world: World, unit: Unit, witnesses: list[int]) -> Event:
    return to_civs(
        witnesses,
        "UnitWrecked",
        {
            "unit_id": unit.unit_id,
            "sector_id": unit.sector_id,
            "ore": unit.ore,
            "junk": rulings.ore_junk(unit.ore),
        },
    )


def exterminate_6_carried_ore_becomes_junk(step_input: StepInput, dice: Dice) -> list[Event]:
    """6. If a destroyed unit contained Ore, 50% of it is converted into Space Junk.

    The wreck then leaves the world.
    """
    world = step_input.world
    fought_in = _fought_in(world)
    return [
        wreck(world, unit, _witnesses(fought_in, unit))
        for unit in _wrecks(world)
    ]


def exterminate_7_victor(step_input: StepInput, dice: Dice) -> list[Event]:
    """7. A skirmish is over when all combat-capable units of one side have either been destroyed,
    surrendered, captured, or escaped. The side with combat units remaining is declared the Victor.

    Only units present in the Sector count: an armed design still Under Construction is no combat unit.
    """
    world = step_input.world
    events: list[Event] = []
    for s in _with_status(world, "fought"):
        out = set(s.escaped) | set(s.surrendered)
        standing = {
            unit.civ_id
            for unit in (world.units[u] for u in s.unit_ids if u in world.units and u not in out)
            if is_present(unit) and is_armed(world.design_of(unit))
        }
        victor = standing.pop() if len(standing) == 1 else None
        events.append(
            to_civs(_sides(s), "VictorDeclared", {"skirmish_id": s.skirmish_id, "victor_civ": victor})
        )
    return events


def _capture(order: OrderCommand, world: World, round_number: int) -> list[Event]:
    """With the crew module the prize crew comes out of the victor's pool (game.engine.supply)."""
    unit = world.units[order.payload["unit_id"]]
    prize = [supply.draw_crew(world, order.civ_id, unit.unit_id, round_number, prize=True)
             ] if rule_module.rule_value(world.options, supply.CREWS_COUNT, False) else []
    return [
        to_civs(
            [order.civ_id, unit.civ_id],
            "UnitCaptured",
            {
                "unit_id": unit.unit_id,
                "from_civ": unit.civ_id,
                "civ_id": order.civ_id,
            },
        ),
        *prize,
    ]


def _destroy(order: OrderCommand, world: World, step_input: StepInput) -> list[Event]:
    unit = world.units[order.payload["unit_id"]]
    witnesses = [order.civ_id, unit.civ_id]
    junk = rulings.wreck_junk(step_input.bulwark(combat_unit(world, unit, full_strength=True)))
    return [
        to_civs(
            witnesses,
            "SpaceJunkCreated",
            {"unit_id": unit.unit_id, "sector_id": unit.sector_id, "junk": junk},
        ),
        wreck(world, unit, witnesses),
    ]


def exterminate_8_capture_or_destroy(step_input: StepInput, dice: Dice) -> list[Event]:
    """8. After a skirmish is resolved, the Victor has the option of Capturing or Destroying any remaining
    non-offensive Units. You must have enough crew available to man Captured ships and vehicles.

    A unit destroyed here becomes Space Junk as in steps 5 and 6.
    """
    return run_orders(
        step_input,
        {
            "Capture": lambda order, world: _capture(order, world, step_input.pointer.round),
            "DestroyUnit": lambda order, world: _destroy(order, world, step_input),
        },
    )


def _occupy(order: OrderCommand, world: World) -> list[Event]:
    colony = world.colonies[order.payload["colony_id"]]
    return [
        to_civs(
            [order.civ_id, colony.civ_id],
            "ColonyOccupied",
            {
                "colony_id": colony.colony_id,
                "civ_id": order.civ_id,
                "unit_id": order.payload["unit_id"],
            },
        )
    ]


def _destroy_colony(order: OrderCommand, world: World) -> list[Event]:
    colony = world.colonies[order.payload["colony_id"]]
    return [
        to_civs(
            [order.civ_id, colony.civ_id],
            "ColonyDestroyed",
            {
                "colony_id": colony.colony_id,
                "civ_id": colony.civ_id,
                "planet_id": colony.planet_id,
            },
        )
    ]


def exterminate_9_occupy_or_destroy_colonies(step_input: StepInput, dice: Dice) -> list[Event]:
    """9. Next the Victor can Occupy or Destroy any Colonies in the sector. (Occupying a Colony Engages a Unit
    indefinitely.)

    The ground war module's Invade and DestroyWorld orders (game.modules.ground_war) run among these: the dice
    are for its ground battles."""
    return run_orders(step_input, {"Occupy": _occupy, "DestroyColony": _destroy_colony}, dice)


def exterminate_10_plot_a_course(step_input: StepInput, dice: Dice) -> list[Event]:
    """10. Any units not currently Engaged may Plot a Course to another Sector and begin moving towards it.

    The phase's skirmishes are over after this step and leave the world; with the crew module the crews that
    came through one are counted blooded first (game.engine.supply).
    """
    events = movement(step_input) + supply.battles_survived(step_input.world)
    skirmishes = sorted(step_input.world.skirmishes)
    if skirmishes:
        events.append(
            to_civs(
                {c for s in step_input.world.skirmishes.values() for c in _sides(s)},
                "SkirmishesClosed",
                {"skirmish_ids": skirmishes},
            )
        )
    return events
