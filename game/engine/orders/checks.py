"""The legality checks: given the world, may this civilization give this order now? Each refuses with an
`OrderProblem` naming the field at fault and the reason, in words a player can act on.

A check runs after the payload's shape is checked against the kind's declared fields, so it reads the values
as declared. Offers probe the same checks with a partial payload (the unit alone): a check then stops at what
it can judge. The steps check every order again when they resolve it, so one that has become illegal since it
was given (its unit destroyed, its Ore spent by an earlier order) is refused with the same reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from game.engine import diplomacy, factions, fleets, ground_war, rule_module, rulings, supply, survey
from game.engine.designer import Price, mine_price, unit_price
from game.engine.factions import FACTIONS_BY_KEY
from game.engine.orders.model import Choice, OrderCommand, OrderProblem
from game.engine.units import Specials
from game.engine.world import (
    Unit,
    UnitState,
    World,
    can_reach_in_one_round,
    colonization_price,
    course_cost,
    is_armed,
    is_present,
    sector_distance,
    site_occupier,
    terraforming_price,
    unit_label,
)
from game.engine.yards import crash_price


def owned_units(world: World, civ_id: int) -> Iterator[Unit]:
    """The civilization's units, in the world's order (`World.units_by_civ`)."""
    return iter(world.units_by_civ.get(civ_id, ()))


def own_unit(order: OrderCommand, world: World, name: str = "unit_id") -> Unit:
    unit = world.units.get(order.payload[name])
    if unit is None or unit.civ_id != order.civ_id or unit.state is UnitState.DESTROYED:
        raise OrderProblem(f"payload.{name}", f"you have no unit #{order.payload.get(name)}.")
    return unit


def free(world: World, unit: Unit, name: str, doing: str) -> None:
    """Not Engaged, En Route, Under Construction or riding in a hold."""
    label = unit_label(world, unit)
    if unit.carried_by is not None:
        raise OrderProblem(f"payload.{name}", f"{label} rides in a cargo hold: unload it first to {doing}.")
    if unit.state is not UnitState.OPERATIONAL:
        state = unit.state.value.replace("_", " ")
        raise OrderProblem(f"payload.{name}", f"{label} is {state}: it cannot {doing}.")


# Explore 14 and Exterminate 10 — Plot a Course.


def check_plot_course(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    free(world, unit, "unit_id", "plot a course")
    # With the movement orders module a fleet's unit moves with it (a world without fleets asks nothing more).
    in_fleets = bool(world.fleets) and rule_module.rule_value(world.options, fleets.MOVES_WITH_ITS_FLEET, False)
    fleet = fleets.fleet_of(world, unit.unit_id) if in_fleets else None
    if fleet is not None:
        raise OrderProblem("payload.unit_id", f"{label} moves with {fleet.name}: set the fleet's course, or take it "
                                              "out of the fleet first.")
    design = world.design_of(unit)
    if design.stats.sensors <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no operational sensors: it cannot plot a course.")
    if design.stats.movement_rate <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no Movement Rate: it cannot move.")
    if "sector_id" not in order.payload:
        return  # an offer's probe: the unit itself can plot a course
    sector = order.payload["sector_id"]
    civ = world.civs[order.civ_id]
    if sector not in world.sectors:
        raise OrderProblem("payload.sector_id", f"there is no Sector {sector}.")
    if not world.options.full_star_map and sector not in civ.charted:
        raise OrderProblem("payload.sector_id", f"Sector {sector} is not on your Star Charts.")
    poi = order.payload.get("poi_id")
    if poi is not None:
        # Named, never by id: a place the civilization has not charted is not named at all.
        if poi not in world.pois or poi not in civ.known_pois:
            raise OrderProblem("payload.poi_id", "that Point of Interest is not on your Star Charts.")
        if world.pois[poi].sector_id != sector:
            raise OrderProblem("payload.poi_id", f"{world.pois[poi].name} is not in Sector {sector}: choose a Point of "
                                                 "Interest there, or none.")
    if sector == unit.sector_id and poi == unit.poi_id:
        raise OrderProblem("payload.sector_id", f"{label} is already there.")
    if course_cost(world, unit, sector, poi) is None:
        raise OrderProblem(
            "payload.sector_id", f"{label} has no FTL drive: it cannot leave Sector {unit.sector_id}."
        )


# Explore 7 — the choice to start a skirmish.


def refuse_pacifist(world: World, civ_id: int) -> None:
    """A Pacifist faction "may never Attack, only Defend" (while the factions' restrictions apply): it starts no
    skirmish and takes or destroys no colony, even one it could after a fight it won defending."""
    civ = world.civs.get(civ_id)  # a civilization not in the world yet (before the Start) has no faction
    faction = FACTIONS_BY_KEY.get(civ.faction) if civ is not None else None
    if faction is not None and not faction.may_attack and \
            rule_module.rule_value(world.options, factions.PACIFISTS_NEVER_ATTACK, False):
        raise OrderProblem("kind", f"the {faction.name} are Pacifists: they may never attack, only defend.")


def check_start_skirmish(order: OrderCommand, world: World) -> None:
    sector = order.payload["sector_id"]
    target = order.payload["target_civ_id"]
    if target == order.civ_id or target not in world.civs:
        raise OrderProblem("payload.target_civ_id", "choose another civilization.")
    refuse_pacifist(world, order.civ_id)
    civ = world.civs[order.civ_id]
    faction = FACTIONS_BY_KEY.get(civ.faction)
    if faction is not None and rule_module.rule_value(world.options, factions.ATTACKS_A_ROUND_LIMITED, False):
        # "Each player may attack one other player this phase"; Aggressive factions twice. The skirmishes this
        # round's Explore 7 has declared so far are those still "declared".
        attacked = {s.defender_civ for s in world.skirmishes.values()
                    if s.attacker_civ == order.civ_id and s.status == "declared"}
        if target not in attacked and len(attacked) >= faction.attacks_per_conflict:
            raise OrderProblem("payload.target_civ_id", f"the {faction.name} may attack "
                                                        f"{faction.attacks_per_conflict} civilization(s) a round.")
    if rule_module.rule_value(world.options, diplomacy.RELATIONS_IN_FORCE, False):  # the diplomacy module
        stance = world.stance(order.civ_id, target)
        if stance == "alliance":
            raise OrderProblem("payload.target_civ_id", f"you are allied with {world.civs[target].name}: allies "
                                                        "do not fight.")
        if stance == "peace":
            raise OrderProblem("payload.target_civ_id", f"you are at peace with {world.civs[target].name}: "
                                                        "declare war first (Explore 9).")
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
        for u in owned_units(world, order.civ_id)
    ):
        raise OrderProblem(
            "payload.sector_id", f"none of your armed units is within weapons range of {sector}."
        )


# Explore 8 — communications.


def comms_partners(world: World, civ_id: int) -> set[int]:
    """Civilizations with a seen unit within communications range of one of `civ_id`'s units."""
    civ = world.civs[civ_id]
    mine = {u.sector_id for u in owned_units(world, civ_id) if is_present(u)}
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
    to_civ = order.payload["to_civ_id"]
    if to_civ not in comms_partners(world, order.civ_id):
        raise OrderProblem(
            "payload.to_civ_id", "none of your units is within communications range of theirs."
        )


# Explore 11 — gifts and trade goods at the same destination.


def check_gift(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    other = world.units.get(order.payload["to_unit_id"])
    if (
        other is None
        or other.civ_id == order.civ_id
        or not is_present(other)
        or other.unit_id not in world.civs[order.civ_id].detected_units
    ):
        raise OrderProblem("payload.to_unit_id", "choose a unit of another civilization that you can see.")
    if not is_present(unit) or (unit.sector_id, unit.poi_id) != (other.sector_id, other.poi_id):
        raise OrderProblem("payload.to_unit_id", f"{unit_label(world, unit)} is not at the same destination.")
    ore, mu = (order.payload.get("ore") or 0), (order.payload.get("mu") or 0)
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


# Exterminate 3 — engaged units join the fight or evade.


JOIN_OR_EVADE = (Choice("join", "Join the fight"), Choice("evade", "Evade"))


def open_skirmish_of(world: World, unit: Unit) -> str | None:
    for skirmish in world.skirmishes.values():
        if skirmish.status == "begun" and unit.unit_id in skirmish.unit_ids:
            return skirmish.skirmish_id
    return None


def check_join_or_evade(order: OrderCommand, world: World) -> None:
    unit = own_unit(order, world)
    label = unit_label(world, unit)
    choice = order.payload["choice"]
    if open_skirmish_of(world, unit) is None or unit.state is not UnitState.ENGAGED:
        raise OrderProblem("payload.unit_id", f"{label} is not an Engaged unit in a skirmish.")
    design = world.design_of(unit)
    if choice == "join" and not is_armed(design):
        raise OrderProblem("payload.choice", f"{label} has no weapons: it cannot join the fight.")
    if choice == "evade" and design.stats.movement_rate <= 0:
        raise OrderProblem("payload.choice", f"{label} cannot move: it cannot evade.")


# Exterminate 8 and 9 — the victor's options.


def won_skirmish_in(world: World, civ_id: int, sector: str) -> int | None:
    """The civilization beaten by `civ_id` in a skirmish in `sector` this phase, if any."""
    for s in world.skirmishes.values():
        if s.status == "over" and s.victor_civ == civ_id and s.sector_id == sector:
            return s.defender_civ if civ_id == s.attacker_civ else s.attacker_civ
    return None


def prize_target(order: OrderCommand, world: World) -> Unit:
    """Exterminate 8 — a remaining non-offensive unit of the beaten side in the victor's Sector."""
    unit = world.units.get(order.payload["unit_id"])
    if unit is None or unit.state is UnitState.DESTROYED:
        raise OrderProblem("payload.unit_id", f"there is no unit #{order.payload.get('unit_id')}.")
    if unit.state is UnitState.UNDER_CONSTRUCTION:
        raise OrderProblem(
            "payload.unit_id", f"{unit_label(world, unit)} is Under Construction: a project, not a prize."
        )
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
        if u.civ_id == civ_id and u.sector_id == sector
        and u.state not in (UnitState.DESTROYED, UnitState.UNDER_CONSTRUCTION)
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
    pool = world.crew_pools.get(order.civ_id, 0)
    if needed > pool and rule_module.rule_value(world.options, supply.CREWS_COUNT, False):  # replaced from the pool
        raise OrderProblem("payload.unit_id",
                           f"{unit_label(world, unit)} needs a crew of {needed}; your crew pool holds only {pool}.")


def check_destroy_unit(order: OrderCommand, world: World) -> None:
    prize_target(order, world)


def beaten_colony(order: OrderCommand, world: World) -> int:
    colony = world.colonies.get(order.payload["colony_id"])
    if colony is None:
        raise OrderProblem("payload.colony_id", f"there is no colony #{order.payload.get('colony_id')}.")
    sector = world.planet_sector(colony.planet_id)
    if colony.occupied_by is not None:
        raise OrderProblem("payload.colony_id", "this colony is already occupied.")
    if won_skirmish_in(world, order.civ_id, sector) != colony.civ_id:
        raise OrderProblem("payload.colony_id", "you did not beat its owner in a skirmish in its Sector.")
    return colony.colony_id


def check_occupy(order: OrderCommand, world: World) -> None:
    if rule_module.rule_value(world.options, ground_war.ONLY_INVASION_CAPTURES, False):
        raise OrderProblem("kind", "only ground forces capture planets (Cluster War §9.2): give an Invade order.")
    refuse_pacifist(world, order.civ_id)
    colony = world.colonies[beaten_colony(order, world)]
    unit = own_unit(order, world)
    free(world, unit, "unit_id", "occupy a colony")
    if unit.sector_id != world.planet_sector(colony.planet_id):
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} is not in the colony's Sector.")


def check_destroy_colony(order: OrderCommand, world: World) -> None:
    refuse_pacifist(world, order.civ_id)
    beaten_colony(order, world)


def free_unit_able(
    order: OrderCommand, world: World, able: Callable[[Specials], bool], lacking: str, doing: str
) -> Unit:
    """The order's unit: the civilization's own, with the special ability the order needs (else "<unit>
    `lacking`."), and free (`free`) to `doing`."""
    unit = own_unit(order, world)
    if not able(world.design_of(unit).specials):
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} {lacking}.")
    free(world, unit, "unit_id", doing)
    return unit


# Expand 1 — cargo.


def _cargo_ship(order: OrderCommand, world: World) -> Unit:
    unit = free_unit_able(order, world, lambda s: s.cargo_capacity > 0, "has no cargo hold", "load or unload")
    label = unit_label(world, unit)
    if unit.poi_id is None:
        raise OrderProblem(
            "payload.unit_id", f"{label} is in open space: cargo moves at a Point of Interest."
        )
    return unit


def check_load(order: OrderCommand, world: World) -> None:
    unit = _cargo_ship(order, world)
    assert unit.poi_id is not None
    ore, rider_ids = (order.payload.get("ore") or 0), (order.payload.get("rider_ids") or [])
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
    ore, rider_ids = (order.payload.get("ore") or 0), (order.payload.get("rider_ids") or [])
    if ore > unit.ore:
        raise OrderProblem("payload.ore", f"{unit_label(world, unit)} carries only {unit.ore} Ore.")
    for rider_id in rider_ids:
        rider = world.units.get(rider_id)
        if rider is None or rider.carried_by != unit.unit_id:
            raise OrderProblem("payload.rider_ids", f"unit #{rider_id} is not in this hold.")


# Expand 5, 6, 7 — colonize, construct, terraform.


def affordable(world: World, civ_id: int, price: Price, field_name: str, what: str) -> None:
    """Refuse an order whose MU price the treasury cannot pay now, saying both numbers."""
    treasury = world.civs[civ_id].mu
    if price.mu > treasury:
        raise OrderProblem(field_name, f"{what} costs {price.mu:,} MU; your treasury holds {treasury:,}.")


def _planet_here(order: OrderCommand, world: World, unit: Unit) -> str:
    planet_id: str = order.payload["planet_id"]
    if planet_id not in world.planets or planet_id not in world.civs[order.civ_id].surveyed_planets:
        # With the survey module only a Survey surveys (game.modules.survey): it says how to get one.
        how = rule_module.rule_value(world.options, survey.UNSURVEYED_HINT, "")
        raise OrderProblem("payload.planet_id", f"you have not surveyed a planet {planet_id}{how}.")
    if world.planet_sector(planet_id) != unit.sector_id:
        raise OrderProblem(
            "payload.planet_id", f"{unit_label(world, unit)} is not in the Sector of {planet_id}."
        )
    return planet_id


def check_colonize(order: OrderCommand, world: World) -> None:
    unit = free_unit_able(order, world, lambda s: s.colonize, "cannot Colonize", "colonize")
    if "planet_id" not in order.payload:
        return
    planet_id = _planet_here(order, world, unit)
    if not world.planets[planet_id].viable:
        raise OrderProblem("payload.planet_id", f"{planet_id} is not a Viable Planet.")
    if any(c.planet_id == planet_id for c in world.colonies.values()):
        raise OrderProblem("payload.planet_id", f"{planet_id} already has a colony.")
    price = colonization_price(world, order.civ_id, planet_id)
    affordable(world, order.civ_id, price, "payload.planet_id", f"a colony on {world.planets[planet_id].name}")


def is_suitable_site(world: World, civ_id: int, planet_id: str) -> bool:
    """A planet flagged Suitable Site, or one with an operational colony of the builder's civilization."""
    return world.planets[planet_id].suitable_site or any(
        c.planet_id == planet_id and c.civ_id == civ_id and c.operational and c.occupied_by is None
        for c in world.colonies.values()
    )


def free_builder(order: OrderCommand, world: World, doing: str) -> Unit:
    """Expand 6 — the order's unit: the civilization's own, able to Construct, and free to start work."""
    return free_unit_able(order, world, lambda s: s.construction_bp > 0, "has no Construction ability", doing)


def check_start_construction(order: OrderCommand, world: World) -> None:
    unit = free_builder(order, world, "start construction")
    if "planet_id" not in order.payload:
        return
    planet_id = _planet_here(order, world, unit)
    if not is_suitable_site(world, order.civ_id, planet_id):
        raise OrderProblem("payload.planet_id", f"{planet_id} is not a Suitable Site.")
    if "design_id" not in order.payload:
        return  # an offer's probe: the site is fine, the design is chosen from those it can afford
    design = world.designs.get(order.payload["design_id"])
    if design is None or design.civ_id not in (None, order.civ_id):
        raise OrderProblem("payload.design_id", "your civilization does not know how to build that.")
    crash = order.payload.get("crash", "")
    if crash and "crash" in rule_module.fields_unplayed(world.options, "StartConstruction"):
        raise OrderProblem("payload.crash", "crash building is not part of this campaign (the module is off).")
    affordable(world, order.civ_id, crash_price(unit_price(design), crash), "payload.design_id", f"a {design.name}")


def holds_planet(world: World, civ_id: int, planet_id: str) -> bool:
    """A planet with a colony of the civilization that no one occupies."""
    return any(
        c.planet_id == planet_id and c.civ_id == civ_id and c.occupied_by is None for c in world.colonies.values()
    )


def check_build_mine(order: OrderCommand, world: World) -> None:
    """Expand 6 — a builder starts a mine at a planet of its Sector that its civilization holds."""
    unit = free_builder(order, world, "build a mine")
    if "planet_id" not in order.payload:
        return
    planet_id = _planet_here(order, world, unit)
    name = world.planets[planet_id].name
    if not holds_planet(world, order.civ_id, planet_id):
        raise OrderProblem("payload.planet_id", f"you hold no colony on {name}: mines are built where you do.")
    if world.planets[planet_id].ore_deposit <= 0:
        raise OrderProblem("payload.planet_id", f"{name} has no Ore left to mine.")
    if any(m.planet_id == planet_id and m.civ_id == order.civ_id for m in world.mines.values()):
        raise OrderProblem("payload.planet_id", f"you already have a mine on {name}.")
    if "stations" not in order.payload:
        return  # an offer's probe: the planet is fine, the number of stations is the player's
    stations = order.payload["stations"]
    affordable(world, order.civ_id, mine_price(stations), "payload.stations", f"a mine of {stations} stations")


def check_resume_construction(order: OrderCommand, world: World) -> None:
    """Expand 6 — a builder takes up a project of its civilization already begun at a site in its Sector."""
    unit = free_builder(order, world, "resume construction")
    if "project_id" not in order.payload:
        return  # an offer's probe: the builder itself can work
    project = world.projects.get(order.payload["project_id"])
    if project is None or project.civ_id != order.civ_id or project.completed:
        raise OrderProblem("payload.project_id", f"you have no project #{order.payload['project_id']} under way.")
    site = world.pois[project.poi_id]
    if unit.sector_id != site.sector_id:
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} is not in the Sector of {site.name}.")
    occupier = site_occupier(world, order.civ_id, site.poi_id)
    if occupier is not None:
        raise OrderProblem(
            "payload.project_id", f"{site.name} is occupied by {world.civs[occupier].name}: no work can be done there."
        )


def check_start_terraforming(order: OrderCommand, world: World) -> None:
    unit = free_unit_able(order, world, lambda s: s.terraform_tp > 0, "has no Terraform ability",
                          "start terraforming")
    if "planet_id" not in order.payload:
        return
    planet = world.planets[_planet_here(order, world, unit)]
    if planet.viable:
        raise OrderProblem("payload.planet_id", f"{planet.planet_id} is already Viable.")
    if any(t.planet_id == planet.planet_id for t in world.terraforming.values()):
        raise OrderProblem("payload.planet_id", f"{planet.planet_id} is already being terraformed.")
    affordable(world, order.civ_id, terraforming_price(planet), "payload.planet_id", "terraforming it")


# Exploit 8 — salvage.


def check_salvage(order: OrderCommand, world: World) -> None:
    unit = free_unit_able(order, world, lambda s: s.salvage, "has no Salvage ability", "salvage")
    label = unit_label(world, unit)
    if world.sectors[unit.sector_id].junk <= 0:
        raise OrderProblem("payload.unit_id", f"there is no Space Junk in Sector {unit.sector_id}.")
    if world.cargo_free(unit.unit_id) <= 0:
        raise OrderProblem("payload.unit_id", f"{label} has no room in its hold.")
