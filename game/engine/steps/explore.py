"""Explore: "Units move, Civilizations make discoveries, and Players learn more about the Galaxy."

Steps 3, 4, 12 and 13 are the rule modules' (their hooks, game/modules); 9 and 10 in steps/diplomacy.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import takewhile

from game.engine import factions, fleets, rule_module, rulings, survey
from game.engine.apply import apply_events
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ, to_civs
from game.engine.world import (
    Civilization,
    UnitGroups,
    UnitState,
    World,
    course_cost,
    sector_coords,
)

# Tasks that engage a unit only "until the start of the next Round" (Expand 1 cargo, Exploit 8 salvage).
ONE_ROUND_TASKS = frozenset({"cargo", "salvage", "raid"})  # raid: a commerce raid (Exploit 2)
# The states of a unit that Explore 1 may move or release. A tuple read once: on Python 3.11 each lookup of a
# UnitState member costs more than reading the unit it is compared with.
EN_ROUTE_OR_ENGAGED = (UnitState.EN_ROUTE, UnitState.ENGAGED)


def explore_1_en_route_ships_cover_their_move_rate(step_input: StepInput, dice: Dice) -> list[Event]:
    """1. Ships currently En Route cover a distance equal to their Move Rate.

    This is also the start of the round, when cargo and salvage work (Engaged "until the start of the next
    Round") ends.
    """
    world = step_input.world
    # With the movement orders module a fleet moves first, at its slowest member's rate (§4.0): its units are moved.
    fleets_move: Callable[[World], tuple[list[Event], set[int]]] | None = rule_module.rule_value(
        world.options, fleets.FLEETS_MOVE, None)
    events, in_fleets = fleets_move(world) if fleets_move is not None else ([], set())
    # Only the En Route and the Engaged have anything to do now: those alone are sorted by id, not every unit.
    for unit in sorted((u for u in world.units.values() if u.state in EN_ROUTE_OR_ENGAGED), key=lambda u: u.unit_id):
        if unit.state is UnitState.ENGAGED and unit.task in ONE_ROUND_TASKS:
            events.append(to_civ(unit.civ_id, "UnitReleased", {"unit_id": unit.unit_id, "task": unit.task}))
        elif unit.state is UnitState.EN_ROUTE and unit.unit_id not in in_fleets:
            mp = world.design_of(unit).stats.movement_rate
            events.append(
                to_civ(
                    unit.civ_id,
                    "UnitMoved",
                    {
                        "unit_id": unit.unit_id,
                        "mp": mp,
                        "eta_left": max(0, unit.eta_left - mp),
                    },
                )
            )
    return events


def explore_2_en_route_units_arrive(step_input: StepInput, dice: Dice) -> list[Event]:
    """2. An En Route Unit whose ETA has been met or exceeded now arrives at its Destination and is
    Operational.

    (The movement orders module, game/modules/fleets, by its hook after this step: a fleet that arrives reaches its
    waypoint, or intercepts its target.)"""
    world = step_input.world
    en_route = UnitState.EN_ROUTE  # looked up once (see EN_ROUTE_OR_ENGAGED)
    # The arriving alone are sorted by id, not every unit.
    arriving = sorted((u for u in world.units.values() if u.state is en_route and u.eta_left <= 0),
                      key=lambda u: u.unit_id)
    return [
        to_civ(
            unit.civ_id,
            "UnitArrived",
            {
                "unit_id": unit.unit_id,
                "sector_id": unit.destination_sector,
                "poi_id": unit.destination_poi,
            },
        )
        for unit in arriving
    ]


def explore_3_research_rolls(step_input: StepInput, dice: Dice) -> list[Event]:
    """3. Any Research Projects whose Research Time has been met or exceeded now officially become finished
    Inventions you can build right away.

    (The research module, game/modules/research, by its hook after this step: each funded project pays its MU
    and rolls on the campaign's research system; a project's last success makes its technology known.)
    """
    return []


def explore_4_spies_report(step_input: StepInput, dice: Dice) -> list[Event]:
    """4. If you have any spies active in the field, they will now report their findings for this quarter.

    (The personnel module, game/modules/personnel, by its hook after this step: each mission of the last Explore
    12, as the GM ruled on it or as proposed, reports to its sender alone; its effects take hold now; an agent
    counter-intelligence caught is told to its captor.)
    """
    return []


HEX_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

Cell = tuple[int, int]  # a Sector's axial hex coordinates


def _distance_field(sources: set[Cell], radius: int, bounds: tuple[int, int, int, int]) -> dict[Cell, int]:
    """Hex distance from the nearest source, out to `radius`: one breadth-first pass for all of a civilization's
    observers, so detection costs the area covered, not observers times targets. A shortest hex path between
    two Sectors can keep each axial coordinate monotone, so staying inside the map's q/r bounds loses none.
    The field lists its cells nearest first (`_out_to` relies on it)."""
    q_min, q_max, r_min, r_max = bounds
    field = dict.fromkeys(sources, 0)
    frontier = list(sources)
    for distance in range(1, radius + 1):
        reached = []
        for q, r in frontier:
            for dq, dr in HEX_STEPS:
                cell = (q + dq, r + dr)
                if cell not in field and q_min <= cell[0] <= q_max and r_min <= cell[1] <= r_max:
                    field[cell] = distance
                    reached.append(cell)
        frontier = reached
    return field


def _out_to(field: dict[Cell, int], reach: int) -> Iterator[tuple[Cell, int]]:
    """The cells of `field` at most `reach` away: it lists them nearest first, so the walk stops there."""
    return takewhile(lambda item: item[1] <= reach, field.items())


def _unit_sensors(world: World, groups_at: UnitGroups) -> dict[int, dict[str, int]]:
    """Civ id -> Sector -> the best Sensors of its units there (no entry where none has Sensors)."""
    best_by_civ: dict[int, dict[str, int]] = {}
    for sector, groups in groups_at.items():
        for design_id, civ_id in groups:
            sensors = world.designs[design_id].stats.sensors
            best = best_by_civ.setdefault(civ_id, {})
            if sensors > best.get(sector, 0):
                best[sector] = sensors
    return best_by_civ


def _observers(world: World, civ_id: int, unit_sensors: dict[str, int]) -> dict[str, int]:
    """Sector -> the best Sensors the civilization has there (units and operational colonies)."""
    best = dict(unit_sensors)
    for colony in world.colonies.values():
        if colony.civ_id == civ_id and colony.operational:
            sector = world.planet_sector(colony.planet_id)
            best[sector] = max(best.get(sector, 0), rulings.COLONY_SENSORS)
    return best


def _gm_finds(dice: Dice, civ: Civilization, poi_id: str, sensors: int) -> bool:
    # A faction with extra exploration rolls (the Gaians) rolls again when a roll fails.
    return any(
        dice.roll(rulings.HIDDEN_DETECTION_DIE, f"civ {civ.civ_id} detects hidden {poi_id}") + sensors
        >= rulings.HIDDEN_DETECTION_TARGET
        for _ in range(factions.exploration_rolls(civ.faction))
    )


def explore_5_long_range_sensors_detect(step_input: StepInput, dice: Dice) -> list[Event]:
    """5. Determine whether or not planets and other celestial bodies exist within your civilization's LRS
    range. (Optional: GM Rolls to determine whether or not you detect cloaked, hidden, or other anomalies in
    your LRS range.)

    Other civilizations' units and colonies are detected here too: what a civilization sees this round is what
    lets it start a skirmish (Explore 7) or speak (Explore 8).
    """
    world = step_input.world
    groups_at = world.unit_groups
    unit_sensors = _unit_sensors(world, groups_at)
    coords = {sector: sector_coords(sector) for sector in world.sectors}
    qs, rs = [c[0] for c in coords.values()] or [0], [c[1] for c in coords.values()] or [0]
    bounds = (min(qs), max(qs), min(rs), max(rs))
    pois = [(sector_coords(poi.sector_id), poi.poi_id, poi.signature) for poi in world.pois.values()]
    colonies_at: dict[Cell, list[int]] = {}
    for colony in world.colonies.values():
        colonies_at.setdefault(sector_coords(world.planet_sector(colony.planet_id)), []).append(colony.colony_id)
    # What each Sector shows: its units by (signature less cloak, cloak), then by owner. A sensor reading decides
    # for a whole group at once.
    shows = {design_id: (d.stats.signature - d.specials.cloak, d.specials.cloak)
             for design_id, d in world.designs.items()}
    showing: dict[Cell, dict[tuple[int, int], dict[int, list[int]]]] = {}
    for sector, groups in groups_at.items():
        looks = showing.setdefault(sector_coords(sector), {})
        for (design_id, owner), unit_ids in groups.items():
            looks.setdefault(shows[design_id], {}).setdefault(owner, []).extend(unit_ids)
    brightest = max(
        [
            rulings.COLONY_SIGNATURE,
            *(p.signature for p in world.pois.values()),
            *(d.stats.signature for d in world.designs.values()),
        ]
    )
    events: list[Event] = []
    for civ_id in sorted(world.civs):
        civ = world.civs[civ_id]
        by_sensors: dict[int, set[Cell]] = {}
        for sector, sensors in _observers(world, civ_id, unit_sensors.get(civ_id, {})).items():
            by_sensors.setdefault(sensors, set()).add(sector_coords(sector))
        fields = [
            (sensors, _distance_field(sources, rulings.lrs_range(sensors, brightest), bounds))
            for sensors, sources in sorted(by_sensors.items(), reverse=True)  # best sensors first
        ]
        seen_units: set[int] = set()
        seen_colonies: set[int] = set()
        best_at: dict[str, int] = {}
        unfound = pois  # a POI found by better sensors is not looked for again
        for sensors, field in fields:
            # Units and colonies are seen from a few Sectors away, stars from across the map: each walk stops
            # at its own reach.
            reach = {
                (visible, cloak): rulings.lrs_range(sensors, visible) if survey.sees_through(world, sensors, cloak)
                else -1
                for visible, cloak in set(shows.values())
            }
            for cell, distance in _out_to(field, max(reach.values(), default=-1)):
                for look, owners in showing.get(cell, {}).items():
                    if distance <= reach[look]:
                        for owner, unit_ids in owners.items():
                            if owner != civ_id:
                                seen_units.update(unit_ids)
            for cell, _ in _out_to(field, rulings.lrs_range(sensors, rulings.COLONY_SIGNATURE)):
                seen_colonies.update(c for c in colonies_at.get(cell, ()) if world.colonies[c].civ_id != civ_id)
            missed = []
            for poi in unfound:
                cell, poi_id, signature = poi
                if 0 <= field.get(cell, -1) <= rulings.lrs_range(sensors, signature):
                    best_at[poi_id] = sensors
                else:
                    missed.append(poi)
            unfound = missed
        seen_pois: set[str] = set()
        for poi_id, sensors in sorted(best_at.items()):
            hidden = world.pois[poi_id].hidden
            if (
                hidden == 0
                or poi_id in civ.known_pois
                or (hidden == 1 and world.options.gm_detection_rolls and _gm_finds(dice, civ, poi_id, sensors))
            ):
                seen_pois.add(poi_id)
        events.append(
            to_civ(
                civ_id,
                "DetectionUpdated",
                {
                    "civ_id": civ_id,
                    "units": sorted(seen_units),
                    "colonies": sorted(seen_colonies),
                    "pois": sorted(seen_pois - civ.known_pois),
                    "sectors": sorted({world.pois[p].sector_id for p in seen_pois} - civ.charted),
                },
            )
        )
    return events


def explore_6_close_scan(step_input: StepInput, dice: Dice) -> list[Event]:
    """6. If you have a ship is in the same sector as a planet, enemy ship, or other object of interest, you
    may now thoroughly scan/explore/analyze it. (Optional: GM rolls to determine whether or not you detect
    extremely well-hidden short-range anomalies.)

    Scanning is never a loss, so every civilization scans whatever shares a Sector with its units; a scanned
    planet is surveyed (its Ore and flags become known). Hidden objects (level 1) are found at close range;
    extremely well-hidden ones (level 2) only by the optional GM roll.

    With the detection and survey module (game.engine.survey) a scan is scouting: planets are found, not surveyed;
    the surveys begun in the last Explore 14 end just before the scan (the module's step hook, game.modules.survey),
    and a cloaked unit is seen only by better sensors (§12.0).
    """
    world = step_input.world
    scans_survey = rule_module.rule_value(world.options, survey.SCANS_SURVEY, True)
    events: list[Event] = []
    groups_at = world.unit_groups
    pois_by_sector: dict[str, list[str]] = {}
    for poi in world.pois.values():
        pois_by_sector.setdefault(poi.sector_id, []).append(poi.poi_id)
    planets_by_poi: dict[str, list[str]] = {}
    for planet in world.planets.values():
        planets_by_poi.setdefault(planet.poi_id, []).append(planet.planet_id)
    colonies_by_sector: dict[str, list[int]] = {}
    for colony in world.colonies.values():
        colonies_by_sector.setdefault(world.planet_sector(colony.planet_id), []).append(colony.colony_id)
    # Scanning takes working sensors, as plotting a course does (docs/rules.md, Explore 6): each civilization's
    # best Sensors in each Sector.
    unit_sensors = _unit_sensors(world, groups_at)
    for civ_id in sorted(world.civs):
        civ = world.civs[civ_id]
        pois: set[str] = set()
        units: set[int] = set()
        best = {
            sector: sensors
            for sector, sensors in unit_sensors.get(civ_id, {}).items()
            if sensors >= rulings.MIN_SCAN_SENSORS
        }
        for sector, sensors in sorted(best.items()):
            for (design_id, owner), unit_ids in groups_at[sector].items():
                design = world.designs[design_id]
                if (
                    owner != civ_id
                    and rulings.lrs_range(sensors, design.stats.signature, design.specials.cloak) >= 0
                    and survey.sees_through(world, sensors, design.specials.cloak)
                ):
                    units.update(unit_ids)
            for poi_id in sorted(pois_by_sector.get(sector, ())):
                hidden = world.pois[poi_id].hidden
                if (
                    hidden < 2
                    or poi_id in civ.known_pois
                    or (world.options.gm_detection_rolls and _gm_finds(dice, civ, poi_id, sensors))
                ):
                    pois.add(poi_id)
        planets = {p for poi in pois for p in planets_by_poi.get(poi, ())}
        colonies = {c for s in best for c in colonies_by_sector.get(s, ()) if world.colonies[c].civ_id != civ_id}
        new = {
            "pois": sorted(pois - civ.known_pois),
            # With the survey module a close scan is scouting: planets are surveyed by a Survey (§12.1).
            "planets": sorted(planets - civ.surveyed_planets) if scans_survey else [],
            "units": sorted(units - civ.detected_units),
            "colonies": sorted(colonies - civ.detected_colonies),
        }
        if any(new.values()):
            events.append(to_civ(civ_id, "CloseScanned", {"civ_id": civ_id, **new}))
    return events


def _declare_skirmish(order: OrderCommand, world: World, round_number: int) -> list[Event]:
    sector, target = order.payload["sector_id"], order.payload["target_civ_id"]
    for s in world.skirmishes.values():
        # Two declarations between the same pair in one Sector are one skirmish.
        if s.sector_id == sector and {s.attacker_civ, s.defender_civ} == {order.civ_id, target}:
            return []
    return [
        to_civs(
            [order.civ_id],
            "SkirmishDeclared",
            {
                "skirmish_id": f"{round_number}:{sector}:{order.civ_id}:{target}",
                "sector_id": sector,
                "attacker_civ": order.civ_id,
                "defender_civ": target,
            },
        )
    ]


def explore_7_choice_to_start_a_skirmish(step_input: StepInput, dice: Dice) -> list[Event]:
    """7. If a unit within your civilization is within Weapons Range of another civilization's units and can
    see them, you now have the option of starting a skirmish. (See EXTERMINATE.)"""
    round_number = step_input.pointer.round
    return run_orders(
        step_input,
        {
            "StartSkirmish": lambda order, world: _declare_skirmish(order, world, round_number),
        },
    )


def _message(order: OrderCommand, world: World) -> list[Event]:
    to_civ_id = order.payload["to_civ_id"]
    events = [to_civs([order.civ_id, to_civ_id], "MessageDelivered",
                      {"from_civ": order.civ_id, "to_civ": to_civ_id, "text": order.payload["text"]})]
    if order.payload.get("attachment") == "map":
        # Only what the recipient did not know, told to the recipient alone (the sender learns nothing of theirs).
        sender, recipient = world.civs[order.civ_id], world.civs[to_civ_id]
        events.append(to_civ(to_civ_id, "ChartsShared", {
            "from_civ": order.civ_id, "to_civ": to_civ_id, "sectors": sorted(sender.charted - recipient.charted),
            "pois": sorted(sender.known_pois - recipient.known_pois)}))
    return events


def explore_8_communications(step_input: StepInput, dice: Dice) -> list[Event]:
    """8. If a unit within your civilization is within Communications range of another civilization's units,
    you may engage in diplomacy or trade now."""
    return run_orders(step_input, {"SendMessage": _message})  # and the research module's TransferTechnology


def _gift(order: OrderCommand, world: World) -> list[Event]:
    to_unit = world.units[order.payload["to_unit_id"]]
    return [
        to_civs(
            [order.civ_id, to_unit.civ_id],
            "GiftDelivered",
            {
                "from_civ": order.civ_id,
                "to_civ": to_unit.civ_id,
                "from_unit": order.payload["unit_id"],
                "to_unit": to_unit.unit_id,
                "ore": order.payload.get("ore", 0),
                "mu": order.payload.get("mu", 0),
            },
        )
    ]


def explore_11_gifts_and_trade_goods(step_input: StepInput, dice: Dice) -> list[Event]:
    """11. If a unit within your civilization is at the same Destination as another civilization's unit, you
    may deliver gifts or exchange trade goods now."""
    return run_orders(step_input, {"Gift": _gift})


def explore_12_spies_new_orders(step_input: StepInput, dice: Dice) -> list[Event]:
    """12. If you have any spies in the field, you may issue new orders to them now.

    (The personnel module, game/modules/personnel, by its hook after this step: recruit, train, and send agents
    on missions; each mission's dice are rolled now and its outcome proposed to the GM, who rules on it before the
    next Explore 4.)
    """
    return []


def plot_course(order: OrderCommand, world: World) -> list[Event]:
    unit = world.units[order.payload["unit_id"]]
    sector, poi = order.payload["sector_id"], order.payload.get("poi_id")
    eta = course_cost(world, unit, sector, poi)
    return [
        to_civ(
            order.civ_id,
            "CoursePlotted",
            {
                "unit_id": unit.unit_id,
                "sector_id": sector,
                "poi_id": poi,
                "eta": eta,
            },
        )
    ]


def explore_13_research_orders(step_input: StepInput, dice: Dice) -> list[Event]:
    """13. If you have any Researchers not currently Engaged, you may now give the order to research a new
    technology.

    (The research module, game/modules/research, by its hook after this step: a project is started, funded,
    moved or cancelled; its first roll is the next round's Explore 3.)
    """
    return []


def explore_14_plot_a_course(step_input: StepInput, dice: Dice) -> list[Event]:
    """14. Any units not currently Engaged may Plot a Course to another Sector and begin moving towards it.

    ("A unit must have operational Sensors and Star Charts to Plot a Course. When you plot a course, you are
    given an ETA which represents the number of Movement Points you need to expend to get to the
    destination.")

    (With the movement orders module: the fleet and carrier orders too, then every fleet sets out on its next leg.)
    """
    return movement(step_input)


def movement(step_input: StepInput) -> list[Event]:
    """A "Plot a Course" step (Explore 14, Exterminate 10): the step's orders, in the order given (the movement
    orders module's among them), then, with that module, every fleet's next leg from the world they left (its rule
    value `fleets.FLEETS_SET_OUT`)."""
    events = run_orders(step_input, {"PlotCourse": plot_course})
    set_out: Callable[[World], list[Event]] | None = rule_module.rule_value(
        step_input.world.options, fleets.FLEETS_SET_OUT, None)
    if set_out is None:
        return events
    return events + set_out(apply_events(step_input.world, events))
