"""Orders are commands a player gives for one step; each kind says in which steps it is legal and checks
itself.

A kind checks its payload's shape (`validate`), then, given the world, whether the civilization may give it
now (`check`), and it can list the orders of its kind a civilization could give now (`offer`), which is what
the player's screen offers. The steps check every order again when they resolve it, so one that has become
illegal since it was given (its unit destroyed, its Ore spent by an earlier order) is rejected with the same
reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine import rulings
from game.engine.phases import StepKind, step_by_key
from game.engine.world import (
    Unit,
    UnitState,
    World,
    can_reach_in_one_round,
    course_cost,
    is_armed,
    is_present,
    sector_distance,
    unit_label,
)


class OrderProblem(ValueError):
    """An order that cannot be accepted, with the field at fault, in words a player can act on."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message


@dataclass(frozen=True)
class OrderCommand:
    civ_id: int
    step_key: str
    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LegalOrder:
    """An order a civilization can give now: `payload` is fixed, each key of `choices` needs one of its
    values."""

    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    choices: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)


Validator = Callable[[OrderCommand], None]
WorldCheck = Callable[[OrderCommand, World], None]
Offer = Callable[[World, int], list[LegalOrder]]


@dataclass(frozen=True)
class OrderKind:
    name: str
    steps: frozenset[str]  # the step keys in which this order is legal
    validate: Validator
    check: WorldCheck | None = None
    offer: Offer | None = None


def _orders_steps() -> frozenset[str]:
    from game.engine.phases import ALL_STEPS

    return frozenset(step.key for step in ALL_STEPS if step.kind is StepKind.ORDERS)


def _validate_declaration(order: OrderCommand) -> None:
    text = order.payload.get("text")
    if not isinstance(text, str) or not text.strip():
        raise OrderProblem("payload.text", "write what your civilization does in this step.")
    if len(text) > 4000:
        raise OrderProblem("payload.text", "keep a declaration under 4,000 characters.")


# A free-text declaration to the GM, legal in every step that takes orders: how a hand-refereed game gives
# orders, and the fallback for any choice the structured order kinds do not cover yet.
ORDER_KINDS: dict[str, OrderKind] = {
    "Declare": OrderKind("Declare", _orders_steps(), _validate_declaration),
}


def register_order_kind(kind: OrderKind) -> None:
    if kind.name in ORDER_KINDS:
        raise ValueError(f"Order kind {kind.name} is registered twice.")
    ORDER_KINDS[kind.name] = kind


def validate_order(order: OrderCommand, world: World | None = None) -> None:
    """Raise `OrderProblem` naming the field if the order is not legal in its step (and, given the world, for
    this civilization now); return quietly if it is."""
    step = step_by_key(order.step_key)
    kind = ORDER_KINDS.get(order.kind)
    if kind is None:
        known = ", ".join(sorted(ORDER_KINDS))
        raise OrderProblem("kind", f"unknown order {order.kind!r}; the orders are: {known}.")
    if step.key not in kind.steps:
        raise OrderProblem("kind", f"{order.kind} cannot be ordered in {step.label}.")
    kind.validate(order)
    if world is not None and kind.check is not None:
        kind.check(order, world)


def legal_orders(world: World, civ_id: int, step_key: str) -> list[LegalOrder]:
    """What `civ_id` can order in `step_key` now; a free-text Declare is always among them in an orders step.
    """
    step = step_by_key(step_key)
    offered: list[LegalOrder] = []
    for kind in ORDER_KINDS.values():
        if step.key not in kind.steps:
            continue
        if kind.offer is None:
            offered.append(LegalOrder(kind.name))
        else:
            offered.extend(kind.offer(world, civ_id))
    return offered


# Payload shape.


def _int(order: OrderCommand, name: str, minimum: int = 0) -> int:
    value = order.payload.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise OrderProblem(f"payload.{name}", f"give a whole number of at least {minimum}.")
    return value


def _opt_int(order: OrderCommand, name: str) -> int:
    return _int(order, name) if name in order.payload else 0


def _str(order: OrderCommand, name: str) -> str:
    value = order.payload.get(name)
    if not isinstance(value, str) or not value:
        raise OrderProblem(f"payload.{name}", "this is required.")
    return value


def _int_list(order: OrderCommand, name: str) -> list[int]:
    value = order.payload.get(name, [])
    if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
        raise OrderProblem(f"payload.{name}", "give a list of unit numbers.")
    return value


def _shape(
    *ints: str,
    strings: tuple[str, ...] = (),
    optional_ints: tuple[str, ...] = (),
    lists: tuple[str, ...] = (),
) -> Validator:
    def validate(order: OrderCommand) -> None:
        for name in ints:
            _int(order, name)
        for name in strings:
            _str(order, name)
        for name in optional_ints:
            _opt_int(order, name)
        for name in lists:
            _int_list(order, name)

    return validate


# World checks shared by several kinds.


def own_unit(order: OrderCommand, world: World, name: str = "unit_id") -> Unit:
    unit = world.units.get(_int(order, name))
    if unit is None or unit.civ_id != order.civ_id or unit.state is UnitState.DESTROYED:
        raise OrderProblem(f"payload.{name}", f"you have no unit #{order.payload.get(name)}.")
    return unit


def _free(world: World, unit: Unit, name: str, doing: str) -> None:
    """Not Engaged, En Route, Under Construction or riding in a hold."""
    label = unit_label(world, unit)
    if unit.carried_by is not None:
        raise OrderProblem(f"payload.{name}", f"{label} rides in a cargo hold: unload it first to {doing}.")
    if unit.state is not UnitState.OPERATIONAL:
        state = unit.state.value.replace("_", " ")
        raise OrderProblem(f"payload.{name}", f"{label} is {state}: it cannot {doing}.")


def _owned_units(world: World, civ_id: int) -> list[Unit]:
    return [u for u in world.units.values() if u.civ_id == civ_id]


def _offer_units(
    kind: str, world: World, civ_id: int, check: WorldCheck, extra: Mapping[str, Any] | None = None
) -> list[LegalOrder]:
    """One offer per own unit for which the order (with `extra`) would pass its check."""
    offers = []
    for unit in _owned_units(world, civ_id):
        payload = {"unit_id": unit.unit_id, **(extra or {})}
        try:
            check(OrderCommand(civ_id, "", kind, payload), world)
        except OrderProblem:
            continue
        offers.append(LegalOrder(kind, payload))
    return offers


# Explore 14 and Exterminate 10 — Plot a Course.


def check_plot_course(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    _free(world, unit, "unit_id", "plot a course")
    design = world.design_of(unit)
    if design.stats.sensors <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no operational sensors: it cannot plot a course.")
    if design.stats.movement_rate <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no Movement Rate: it cannot move.")
    if "sector_id" not in order.payload:
        return  # an offer's probe: the unit itself can plot a course
    sector = _str(order, "sector_id")
    civ = world.civs[order.civ_id]
    if sector not in world.sectors:
        raise OrderProblem("payload.sector_id", f"there is no Sector {sector}.")
    if not world.options.full_star_map and sector not in civ.charted:
        raise OrderProblem("payload.sector_id", f"Sector {sector} is not on your Star Charts.")
    poi = order.payload.get("poi_id")
    if poi is not None:
        if poi not in world.pois or world.pois[poi].sector_id != sector:
            raise OrderProblem("payload.poi_id", f"there is no Point of Interest {poi} in Sector {sector}.")
        if poi not in civ.known_pois:
            raise OrderProblem("payload.poi_id", f"{poi} is not on your Star Charts.")
    if sector == unit.sector_id and poi == unit.poi_id:
        raise OrderProblem("payload.sector_id", f"{label} is already there.")
    if course_cost(world, unit, sector, poi) is None:
        raise OrderProblem(
            "payload.sector_id", f"{label} has no FTL drive: it cannot leave Sector {unit.sector_id}."
        )


def _offer_plot_course(world: World, civ_id: int) -> list[LegalOrder]:
    civ = world.civs[civ_id]
    sectors = tuple(sorted(world.sectors if world.options.full_star_map else civ.charted))
    offers = []
    for offer in _offer_units("PlotCourse", world, civ_id, check_plot_course):
        unit = world.units[offer.payload["unit_id"]]
        reachable = sectors if world.design_of(unit).specials.ftl else (unit.sector_id,)
        pois = tuple(sorted(p for p in civ.known_pois if world.pois[p].sector_id in reachable))
        offers.append(
            LegalOrder("PlotCourse", offer.payload, {"sector_id": reachable, "poi_id": (None, *pois)})
        )
    return offers


# Explore 7 — the choice to start a skirmish.


def check_start_skirmish(order: OrderCommand, world: World) -> None:
    sector = _str(order, "sector_id")
    target = _int(order, "target_civ_id")
    if target == order.civ_id or target not in world.civs:
        raise OrderProblem("payload.target_civ_id", "choose another civilization.")
    civ = world.civs[order.civ_id]
    seen = any(
        world.units[u].sector_id == sector and world.units[u].civ_id == target and is_present(world.units[u])
        for u in civ.detected_units
        if u in world.units
    ) or any(
        world.colonies[c].civ_id == target and world.planet_sector(world.colonies[c].planet_id) == sector
        for c in civ.detected_colonies
        if c in world.colonies
    )
    if not seen:
        raise OrderProblem("payload.sector_id", f"you see nothing of theirs in Sector {sector}.")
    if not any(
        is_armed(world.design_of(u)) and is_present(u) and can_reach_in_one_round(world, u, sector)
        for u in _owned_units(world, order.civ_id)
    ):
        raise OrderProblem(
            "payload.sector_id", f"none of your armed units is within weapons range of {sector}."
        )


def _offer_start_skirmish(world: World, civ_id: int) -> list[LegalOrder]:
    civ = world.civs[civ_id]
    targets = {
        (world.units[u].sector_id, world.units[u].civ_id) for u in civ.detected_units if u in world.units
    }
    targets |= {
        (world.planet_sector(world.colonies[c].planet_id), world.colonies[c].civ_id)
        for c in civ.detected_colonies
        if c in world.colonies
    }
    offers = []
    for sector, target in sorted(targets):
        payload = {"sector_id": sector, "target_civ_id": target}
        try:
            check_start_skirmish(OrderCommand(civ_id, "explore.7", "StartSkirmish", payload), world)
        except OrderProblem:
            continue
        offers.append(LegalOrder("StartSkirmish", payload))
    return offers


# Explore 8 — communications.


def comms_partners(world: World, civ_id: int) -> set[int]:
    """Civilizations with a seen unit within communications range of one of `civ_id`'s units."""
    civ = world.civs[civ_id]
    mine = {u.sector_id for u in _owned_units(world, civ_id) if is_present(u)}
    partners = set()
    for unit_id in civ.detected_units:
        other = world.units.get(unit_id)
        if (
            other is not None
            and other.civ_id != civ_id
            and any(sector_distance(s, other.sector_id) <= rulings.COMMS_RANGE_SECTORS for s in mine)
        ):
            partners.add(other.civ_id)
    return partners


def check_send_message(order: OrderCommand, world: World) -> None:
    to_civ = _int(order, "to_civ_id")
    if to_civ not in comms_partners(world, order.civ_id):
        raise OrderProblem(
            "payload.to_civ_id", "none of your units is within communications range of theirs."
        )


def _offer_send_message(world: World, civ_id: int) -> list[LegalOrder]:
    partners = tuple(sorted(comms_partners(world, civ_id)))
    return [LegalOrder("SendMessage", {}, {"to_civ_id": partners})] if partners else []


# Explore 11 — gifts and trade goods at the same destination.


def check_gift(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    other = world.units.get(_int(order, "to_unit_id"))
    if (
        other is None
        or other.civ_id == order.civ_id
        or not is_present(other)
        or other.unit_id not in world.civs[order.civ_id].detected_units
    ):
        raise OrderProblem("payload.to_unit_id", "choose a unit of another civilization that you can see.")
    if not is_present(unit) or (unit.sector_id, unit.poi_id) != (other.sector_id, other.poi_id):
        raise OrderProblem("payload.to_unit_id", f"{unit_label(world, unit)} is not at the same destination.")
    ore, mu = _opt_int(order, "ore"), _opt_int(order, "mu")
    if ore == 0 and mu == 0:
        raise OrderProblem("payload.ore", "give some Ore or Monetary Units.")
    if ore > unit.ore:
        raise OrderProblem("payload.ore", f"{unit_label(world, unit)} carries only {unit.ore} Ore.")
    if ore > world.cargo_free(other.unit_id):
        raise OrderProblem(
            "payload.ore", f"their hold has room for only {world.cargo_free(other.unit_id)} Ore."
        )
    if mu > world.civs[order.civ_id].mu:
        raise OrderProblem("payload.mu", f"your treasury holds only {world.civs[order.civ_id].mu} MU.")


def _offer_gift(world: World, civ_id: int) -> list[LegalOrder]:
    index = world.units_by_sector()
    offers = []
    for unit in _owned_units(world, civ_id):
        if not is_present(unit):
            continue
        others = tuple(
            o.unit_id
            for o in index.get(unit.sector_id, [])
            if o.civ_id != civ_id
            and o.poi_id == unit.poi_id
            and o.unit_id in world.civs[civ_id].detected_units
        )
        if others:
            offers.append(LegalOrder("Gift", {"unit_id": unit.unit_id}, {"to_unit_id": others}))
    return offers


# Exterminate 3 — engaged units join the fight or evade.


def open_skirmish_of(world: World, unit: Unit) -> str | None:
    for skirmish in world.skirmishes.values():
        if skirmish.status == "begun" and unit.unit_id in skirmish.unit_ids:
            return skirmish.skirmish_id
    return None


def check_join_or_evade(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    choice = _str(order, "choice")
    if choice not in ("join", "evade"):
        raise OrderProblem("payload.choice", "choose join or evade.")
    if open_skirmish_of(world, unit) is None or unit.state is not UnitState.ENGAGED:
        raise OrderProblem("payload.unit_id", f"{label} is not an Engaged unit in a skirmish.")
    design = world.design_of(unit)
    if choice == "join" and not is_armed(design):
        raise OrderProblem("payload.choice", f"{label} has no weapons: it cannot join the fight.")
    if choice == "evade" and design.stats.movement_rate <= 0:
        raise OrderProblem("payload.choice", f"{label} cannot move: it cannot evade.")


def _offer_join_or_evade(world: World, civ_id: int) -> list[LegalOrder]:
    offers = []
    for unit in _owned_units(world, civ_id):
        choices = []
        for choice in ("join", "evade"):
            try:
                check_join_or_evade(
                    OrderCommand(civ_id, "", "JoinOrEvade", {"unit_id": unit.unit_id, "choice": choice}),
                    world,
                )
            except OrderProblem:
                continue
            choices.append(choice)
        if choices:
            offers.append(LegalOrder("JoinOrEvade", {"unit_id": unit.unit_id}, {"choice": tuple(choices)}))
    return offers


# Exterminate 8 and 9 — the victor's options.


def won_skirmish_in(world: World, civ_id: int, sector: str) -> int | None:
    """The civilization beaten by `civ_id` in a skirmish in `sector` this phase, if any."""
    for s in world.skirmishes.values():
        if s.status == "over" and s.victor_civ == civ_id and s.sector_id == sector:
            return s.defender_civ if civ_id == s.attacker_civ else s.attacker_civ
    return None


def prize_target(order: OrderCommand, world: World) -> Unit:
    """Exterminate 8 — a remaining non-offensive unit of the beaten side in the victor's Sector."""
    unit = world.units.get(_int(order, "unit_id"))
    if unit is None or unit.state is UnitState.DESTROYED:
        raise OrderProblem("payload.unit_id", f"there is no unit #{order.payload.get('unit_id')}.")
    loser = won_skirmish_in(world, order.civ_id, unit.sector_id)
    if loser is None or unit.civ_id != loser or unit.carried_by is not None:
        raise OrderProblem("payload.unit_id", "you did not beat its side in a skirmish in its Sector.")
    surrendered = any(unit.unit_id in s.surrendered for s in world.skirmishes.values())
    escaped = any(unit.unit_id in s.escaped for s in world.skirmishes.values())
    if escaped:
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} escaped.")
    if is_armed(world.design_of(unit)) and not surrendered:
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} is armed and has not surrendered.")
    return unit


def prize_crew(world: World, civ_id: int, sector: str) -> int:
    """Exterminate 8 — "You must have enough crew available to man Captured ships": the crew the victor's own
    units in the Sector can spare, less the crews already put aboard the units it captured there."""
    won = [s for s in world.skirmishes.values() if s.victor_civ == civ_id and s.sector_id == sector]
    captured = {unit_id for s in won for unit_id in s.captured}
    spare = sum(
        rulings.spare_crew(world.design_of(u))
        for u in world.units.values()
        if u.civ_id == civ_id and u.sector_id == sector and u.state is not UnitState.DESTROYED
        and u.unit_id not in captured
    )
    manning = sum(world.design_of(world.units[unit_id]).crew for unit_id in captured if unit_id in world.units)
    return spare - manning


def check_capture(order: OrderCommand, world: World) -> None:
    unit = prize_target(order, world)
    needed = world.design_of(unit).crew
    available = prize_crew(world, order.civ_id, unit.sector_id)
    if needed > available:
        raise OrderProblem(
            "payload.unit_id",
            f"{unit_label(world, unit)} needs a crew of {needed}; you can spare only {available} "
            f"in Sector {unit.sector_id}.",
        )


def check_destroy_unit(order: OrderCommand, world: World) -> None:
    prize_target(order, world)


def _offer_prizes(kind: str, check: WorldCheck) -> Offer:
    def offer(world: World, civ_id: int) -> list[LegalOrder]:
        offers = []
        for unit in world.units.values():
            try:
                check(OrderCommand(civ_id, "", kind, {"unit_id": unit.unit_id}), world)
            except OrderProblem:
                continue
            offers.append(LegalOrder(kind, {"unit_id": unit.unit_id}))
        return offers

    return offer


def beaten_colony(order: OrderCommand, world: World) -> int:
    colony = world.colonies.get(_int(order, "colony_id"))
    if colony is None:
        raise OrderProblem("payload.colony_id", f"there is no colony #{order.payload.get('colony_id')}.")
    sector = world.planet_sector(colony.planet_id)
    if colony.occupied_by is not None:
        raise OrderProblem("payload.colony_id", "this colony is already occupied.")
    if won_skirmish_in(world, order.civ_id, sector) != colony.civ_id:
        raise OrderProblem("payload.colony_id", "you did not beat its owner in a skirmish in its Sector.")
    return colony.colony_id


def check_occupy(order: OrderCommand, world: World) -> None:
    colony = world.colonies[beaten_colony(order, world)]
    unit = own_unit(order, world)
    _free(world, unit, "unit_id", "occupy a colony")
    if unit.sector_id != world.planet_sector(colony.planet_id):
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} is not in the colony's Sector.")


def check_destroy_colony(order: OrderCommand, world: World) -> None:
    beaten_colony(order, world)


def _offer_colonies(kind: str) -> Offer:
    def offer(world: World, civ_id: int) -> list[LegalOrder]:
        offers = []
        for colony in world.colonies.values():
            try:
                beaten_colony(OrderCommand(civ_id, "", kind, {"colony_id": colony.colony_id}), world)
            except OrderProblem:
                continue
            if kind == "DestroyColony":
                offers.append(LegalOrder(kind, {"colony_id": colony.colony_id}))
                continue
            sector = world.planet_sector(colony.planet_id)
            units = tuple(
                u.unit_id
                for u in _owned_units(world, civ_id)
                if u.sector_id == sector and u.state is UnitState.OPERATIONAL and u.carried_by is None
            )
            if units:
                offers.append(LegalOrder(kind, {"colony_id": colony.colony_id}, {"unit_id": units}))
        return offers

    return offer


# Expand 1 — cargo.


def _cargo_ship(order: OrderCommand, world: World) -> Unit:
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    if world.design_of(unit).specials.cargo_capacity <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no cargo hold.")
    _free(world, unit, "unit_id", "load or unload")
    if unit.poi_id is None:
        raise OrderProblem(
            "payload.unit_id", f"{label} is in open space: cargo moves at a Point of Interest."
        )
    return unit


def check_load(order: OrderCommand, world: World) -> None:
    unit = _cargo_ship(order, world)
    assert unit.poi_id is not None
    ore, rider_ids = _opt_int(order, "ore"), _int_list(order, "rider_ids")
    if "ore" not in order.payload and "rider_ids" not in order.payload:
        return  # an offer's probe
    stock = world.ore_at(order.civ_id, unit.poi_id)
    if ore > stock:
        raise OrderProblem("payload.ore", f"only {stock} Ore is stocked at {unit.poi_id}.")
    space = ore
    for rider_id in rider_ids:
        rider = world.units.get(rider_id)
        if (
            rider is None
            or rider.civ_id != order.civ_id
            or rider.unit_id == unit.unit_id
            or (rider.sector_id, rider.poi_id) != (unit.sector_id, unit.poi_id)
            or rider.state is not UnitState.OPERATIONAL
            or rider.carried_by is not None
        ):
            raise OrderProblem(
                "payload.rider_ids", f"unit #{rider_id} is not an operational unit of yours here."
            )
        space += rulings.cargo_space_of(world.design_of(rider))
    if space > world.cargo_free(unit.unit_id):
        raise OrderProblem(
            "payload.ore", f"the hold has room for {world.cargo_free(unit.unit_id)}, not {space}."
        )


def check_unload(order: OrderCommand, world: World) -> None:
    unit = _cargo_ship(order, world)
    ore, rider_ids = _opt_int(order, "ore"), _int_list(order, "rider_ids")
    if ore > unit.ore:
        raise OrderProblem("payload.ore", f"{unit_label(world, unit)} carries only {unit.ore} Ore.")
    for rider_id in rider_ids:
        rider = world.units.get(rider_id)
        if rider is None or rider.carried_by != unit.unit_id:
            raise OrderProblem("payload.rider_ids", f"unit #{rider_id} is not in this hold.")


# Expand 5, 6, 7 — colonize, construct, terraform.


def _planet_here(order: OrderCommand, world: World, unit: Unit) -> str:
    planet_id = _str(order, "planet_id")
    if planet_id not in world.planets or planet_id not in world.civs[order.civ_id].surveyed_planets:
        raise OrderProblem("payload.planet_id", f"you have not surveyed a planet {planet_id}.")
    if world.planet_sector(planet_id) != unit.sector_id:
        raise OrderProblem(
            "payload.planet_id", f"{unit_label(world, unit)} is not in the Sector of {planet_id}."
        )
    return planet_id


def check_colonize(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    if not world.design_of(unit).specials.colonize:
        raise OrderProblem("payload.unit_id", f"{label} cannot Colonize.")
    _free(world, unit, "unit_id", "colonize")
    if "planet_id" not in order.payload:
        return
    planet_id = _planet_here(order, world, unit)
    if not world.planets[planet_id].viable:
        raise OrderProblem("payload.planet_id", f"{planet_id} is not a Viable Planet.")
    if any(c.planet_id == planet_id for c in world.colonies.values()):
        raise OrderProblem("payload.planet_id", f"{planet_id} already has a colony.")


def is_suitable_site(world: World, civ_id: int, planet_id: str) -> bool:
    """A planet flagged Suitable Site, or one with an operational colony of the builder's civilization."""
    return world.planets[planet_id].suitable_site or any(
        c.planet_id == planet_id and c.civ_id == civ_id and c.operational and c.occupied_by is None
        for c in world.colonies.values()
    )


def check_start_construction(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    if world.design_of(unit).specials.construction_bp <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no Construction ability.")
    _free(world, unit, "unit_id", "start construction")
    if "planet_id" not in order.payload:
        return
    planet_id = _planet_here(order, world, unit)
    if not is_suitable_site(world, order.civ_id, planet_id):
        raise OrderProblem("payload.planet_id", f"{planet_id} is not a Suitable Site.")
    design = world.designs.get(_str(order, "design_id"))
    if design is None or design.civ_id not in (None, order.civ_id):
        raise OrderProblem("payload.design_id", "your civilization does not know how to build that.")
    cost, treasury = rulings.unit_mu_cost(design), world.civs[order.civ_id].mu
    if cost > treasury:
        raise OrderProblem(
            "payload.design_id", f"a {design.name} costs {cost} MU; your treasury holds {treasury}."
        )


def check_start_terraforming(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    if world.design_of(unit).specials.terraform_tp <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no Terraform ability.")
    _free(world, unit, "unit_id", "start terraforming")
    if "planet_id" not in order.payload:
        return
    planet = world.planets[_planet_here(order, world, unit)]
    if planet.viable:
        raise OrderProblem("payload.planet_id", f"{planet.planet_id} is already Viable.")
    if any(t.planet_id == planet.planet_id for t in world.terraforming.values()):
        raise OrderProblem("payload.planet_id", f"{planet.planet_id} is already being terraformed.")
    cost, treasury = planet.terraform_tp * rulings.TERRAFORM_MU_PER_TP, world.civs[order.civ_id].mu
    if cost > treasury:
        raise OrderProblem(
            "payload.planet_id", f"terraforming it costs {cost} MU; your treasury holds {treasury}."
        )


def _offer_planet_work(
    kind: str, check: WorldCheck, extra: Callable[[World, int], Mapping[str, Any]]
) -> Offer:
    def offer(world: World, civ_id: int) -> list[LegalOrder]:
        offers = []
        for probe in _offer_units(kind, world, civ_id, check):
            unit = world.units[probe.payload["unit_id"]]
            planets = []
            for planet_id in sorted(world.civs[civ_id].surveyed_planets):
                payload = {**probe.payload, "planet_id": planet_id, **extra(world, civ_id)}
                try:
                    check(OrderCommand(civ_id, "", kind, payload), world)
                except OrderProblem:
                    continue
                planets.append(planet_id)
            if planets:
                choices: dict[str, tuple[Any, ...]] = {"planet_id": tuple(planets)}
                if kind == "StartConstruction":
                    choices["design_id"] = _buildable(world, civ_id)
                offers.append(LegalOrder(kind, {"unit_id": unit.unit_id}, choices))
        return offers

    return offer


def _buildable(world: World, civ_id: int) -> tuple[str, ...]:
    mu = world.civs[civ_id].mu
    return tuple(
        sorted(
            k
            for k, d in world.designs.items()
            if d.civ_id in (None, civ_id) and rulings.unit_mu_cost(d) <= mu
        )
    )


def _cheapest_design(world: World, civ_id: int) -> Mapping[str, Any]:
    buildable = _buildable(world, civ_id)
    return {"design_id": buildable[0]} if buildable else {"design_id": ""}


# Exploit 8 — salvage.


def check_salvage(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    if not world.design_of(unit).specials.salvage:
        raise OrderProblem("payload.unit_id", f"{label} has no Salvage ability.")
    _free(world, unit, "unit_id", "salvage")
    if world.sectors[unit.sector_id].junk <= 0:
        raise OrderProblem("payload.unit_id", f"there is no Space Junk in Sector {unit.sector_id}.")
    if world.cargo_free(unit.unit_id) <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no room in its hold.")


def _register_kinds() -> None:
    plot_steps = frozenset({"explore.14", "exterminate.10"})
    unit_only = _shape("unit_id")
    for kind in (
        OrderKind(
            "PlotCourse",
            plot_steps,
            _shape("unit_id", strings=("sector_id",)),
            check_plot_course,
            _offer_plot_course,
        ),
        OrderKind(
            "StartSkirmish",
            frozenset({"explore.7"}),
            _shape("target_civ_id", strings=("sector_id",)),
            check_start_skirmish,
            _offer_start_skirmish,
        ),
        OrderKind(
            "SendMessage",
            frozenset({"explore.8"}),
            _shape("to_civ_id", strings=("text",)),
            check_send_message,
            _offer_send_message,
        ),
        OrderKind(
            "Gift",
            frozenset({"explore.11"}),
            _shape("unit_id", "to_unit_id", optional_ints=("ore", "mu")),
            check_gift,
            _offer_gift,
        ),
        OrderKind(
            "JoinOrEvade",
            frozenset({"exterminate.3"}),
            _shape("unit_id", strings=("choice",)),
            check_join_or_evade,
            _offer_join_or_evade,
        ),
        OrderKind(
            "Capture",
            frozenset({"exterminate.8"}),
            unit_only,
            check_capture,
            _offer_prizes("Capture", check_capture),
        ),
        OrderKind(
            "DestroyUnit",
            frozenset({"exterminate.8"}),
            unit_only,
            check_destroy_unit,
            _offer_prizes("DestroyUnit", check_destroy_unit),
        ),
        OrderKind(
            "Occupy",
            frozenset({"exterminate.9"}),
            _shape("colony_id", "unit_id"),
            check_occupy,
            _offer_colonies("Occupy"),
        ),
        OrderKind(
            "DestroyColony",
            frozenset({"exterminate.9"}),
            _shape("colony_id"),
            check_destroy_colony,
            _offer_colonies("DestroyColony"),
        ),
        OrderKind(
            "LoadCargo",
            frozenset({"expand.1"}),
            _shape("unit_id", optional_ints=("ore",), lists=("rider_ids",)),
            check_load,
            lambda w, c: _offer_units("LoadCargo", w, c, check_load),
        ),
        OrderKind(
            "UnloadCargo",
            frozenset({"expand.1"}),
            _shape("unit_id", optional_ints=("ore",), lists=("rider_ids",)),
            check_unload,
            lambda w, c: _offer_units("UnloadCargo", w, c, check_unload),
        ),
        OrderKind(
            "Colonize",
            frozenset({"expand.5"}),
            _shape("unit_id", strings=("planet_id",)),
            check_colonize,
            _offer_planet_work("Colonize", check_colonize, lambda w, c: {}),
        ),
        OrderKind(
            "StartConstruction",
            frozenset({"expand.6"}),
            _shape("unit_id", strings=("planet_id", "design_id")),
            check_start_construction,
            _offer_planet_work("StartConstruction", check_start_construction, _cheapest_design),
        ),
        OrderKind(
            "StartTerraforming",
            frozenset({"expand.7"}),
            _shape("unit_id", strings=("planet_id",)),
            check_start_terraforming,
            _offer_planet_work("StartTerraforming", check_start_terraforming, lambda w, c: {}),
        ),
        OrderKind(
            "Salvage",
            frozenset({"exploit.8"}),
            unit_only,
            check_salvage,
            lambda w, c: _offer_units("Salvage", w, c, check_salvage),
        ),
    ):
        register_order_kind(kind)


_register_kinds()
