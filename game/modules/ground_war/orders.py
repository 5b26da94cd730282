"""The ground war module's orders (Cluster War §6.5, §9.2, §9.4): raise battalions at a training base (Expand 6),
invade a colony and order a world destroyed (Exterminate 9). Checks refuse naming the field; offers list what a
civilization can order now (game.engine.ground_war)."""

from __future__ import annotations

from game.engine import ground_war
from game.engine.ground_forces import GROUND_TYPES, TRAINING_BASE_SIZE, battalion_type
from game.engine.orders.checks import refuse_pacifist, won_skirmish_in
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderProblem
from game.engine.orders.offers import unit_choices
from game.engine.rulings import colony_mu_cost
from game.engine.world import Colony, World

KIND_CHOICES = tuple(Choice(t.key, f"{t.name} (AR {t.ar[0]}/{t.ar[1]}, DR {t.dr[0]}/{t.dr[1]}, {t.cp} CP)")
                     for t in GROUND_TYPES.values())
DESTRUCTION_CHOICES = tuple(Choice(k, label) for k, label in ground_war.DESTRUCTION.items())
MAX_RAISED = TRAINING_BASE_SIZE


def _module_on(world: World) -> None:
    if not world.options.ground_war:
        raise OrderProblem("kind", "the ground war is not part of this campaign (the module is off).")


def _colony(world: World, order: OrderCommand) -> Colony:
    colony = world.colonies.get(order.payload["colony_id"])
    if colony is None:
        raise OrderProblem("payload.colony_id", f"there is no colony #{order.payload.get('colony_id')}.")
    return colony


def raise_price(world: World, kind: str, count: int) -> int:
    """§6.5 price of `count` battalions, in MU at the campaign's money scale."""
    return colony_mu_cost(GROUND_TYPES[kind].cp * count, world.options.cp_per_mu)


def base_room(world: World, colony: Colony, index: ground_war.GroundIndex | None = None) -> int:
    """§6.5 "A military or training base houses ground forces up to its size rating": what is left of the colony's
    base once its holder's battalions there are counted (ruling: every colony has a size-25 training base)."""
    here = ground_war.ground_units_at(world, colony.civ_id, ground_war.colony_poi(world, colony), index)
    return TRAINING_BASE_SIZE - sum(battalion_type(u.design_id).size for u in here)


def check_raise(order: OrderCommand, world: World) -> None:
    _module_on(world)
    if "colony_id" not in order.payload:
        return  # an offer's probe
    colony = _colony(world, order)
    if colony.civ_id != order.civ_id:
        raise OrderProblem("payload.colony_id", "ground forces are raised at a colony of yours.")
    if not colony.operational or colony.occupied_by is not None:
        raise OrderProblem("payload.colony_id", "its training base works only while the colony is Operational "
                                                "and not occupied.")
    if "kind" not in order.payload or "count" not in order.payload:
        return
    kind, count = GROUND_TYPES[order.payload["kind"]], order.payload["count"]
    room = base_room(world, colony)
    if kind.size * count > room:
        raise OrderProblem("payload.count", f"{count} {kind.name} take {kind.size * count} of the base; "
                                            f"it has room for {room}.")
    price, mu = raise_price(world, kind.key, count), world.civs[order.civ_id].mu
    if price > mu:
        raise OrderProblem("payload.count", f"{count} {kind.name} cost {price:,} MU; you have {mu:,}.")


def offer_raise(world: World, civ_id: int) -> list[Offer]:
    if not world.options.ground_war:
        return []
    index = ground_war.ground_index(world)
    rooms = {c.colony_id: base_room(world, c, index) for c in world.colonies.values()
             if c.civ_id == civ_id and c.operational and c.occupied_by is None}
    colonies = sorted((world.colonies[c] for c, room in rooms.items() if room > 0), key=lambda c: c.colony_id)
    if not colonies:
        return []
    choices = tuple(Choice(c.colony_id, f"{world.planets[c.planet_id].name} (room for {rooms[c.colony_id]})")
                    for c in colonies)
    kinds = tuple(Choice(k.value, k.label, {"mu": raise_price(world, str(k.value), 1)}) for k in KIND_CHOICES)
    return [Offer(choices={"colony_id": choices, "kind": kinds}, maxima={"count": MAX_RAISED},
                  have={"mu": world.civs[civ_id].mu})]


def target_problem(world: World, civ_id: int, colony: Colony, index: ground_war.GroundIndex | None = None
                   ) -> str | None:
    """Why the civilization may not strike the colony from orbit, or None: it may strike an enemy's colony it has
    fought for (a skirmish won in its Sector this phase, or at war with its holder) with the orbit won (§9.2), or its
    own, held by an occupier."""
    enemy = ground_war.holder(colony)
    if enemy == civ_id:
        return "you hold this colony already."
    if colony.civ_id != civ_id and colony.occupied_by is not None:
        return "this colony is occupied by a third civilization."
    sector = world.planet_sector(colony.planet_id)
    if won_skirmish_in(world, civ_id, sector) != enemy and not world.at_war(civ_id, enemy):
        return "beat its holder in a skirmish in its Sector, or be at war with it."
    if not ground_war.orbit_won(world, civ_id, colony, index):
        return "its holder's armed ships still hold the orbit: win a skirmish there first."
    return None


def _strikes(world: World, civ_id: int) -> bool:
    """Whether the civilization may strike colonies at all now: the module on, and not a Pacifist faction."""
    if not world.options.ground_war:
        return False
    try:
        refuse_pacifist(world, civ_id)
    except OrderProblem:
        return False
    return True


def _target(order: OrderCommand, world: World) -> Colony:
    colony = _colony(world, order)
    problem = target_problem(world, order.civ_id, colony)
    if problem is not None:
        raise OrderProblem("payload.colony_id", problem)
    return colony


def check_invade(order: OrderCommand, world: World) -> None:
    _module_on(world)
    refuse_pacifist(world, order.civ_id)
    colony = _target(order, world)
    if "unit_ids" not in order.payload:
        return  # an offer's probe
    unit_ids = order.payload["unit_ids"] or []
    if not unit_ids:
        raise OrderProblem("payload.unit_ids", "choose the battalions that land.")
    ready = {u.unit_id for u in ground_war.landing_forces(world, order.civ_id, colony)}
    for unit_id in unit_ids:
        if unit_id not in ready:
            raise OrderProblem("payload.unit_ids", f"unit #{unit_id} is no battalion of yours on the ground or in a "
                                                   "hold in the colony's system.")


def offer_invade(world: World, civ_id: int) -> list[Offer]:
    if not _strikes(world, civ_id):
        return []
    index = ground_war.ground_index(world)
    offers = []
    for colony in sorted(world.colonies.values(), key=lambda c: c.colony_id):
        forces = ground_war.landing_forces(world, civ_id, colony, index)  # first: it is empty for most colonies
        if forces and target_problem(world, civ_id, colony, index) is None:
            offers.append(Offer({"colony_id": colony.colony_id}, world.planets[colony.planet_id].name,
                                {"unit_ids": unit_choices(world, forces, civ_id)}))
    return offers


def _in_orbit(world: World, civ_id: int, colony: Colony, index: ground_war.GroundIndex | None = None) -> bool:
    """§9.4 strikes a world from orbit: the civilization has an armed unit present in the colony's Sector."""
    return civ_id in (index or ground_war.ground_index(world)).armed.get(world.planet_sector(colony.planet_id), set())


def check_destroy_world(order: OrderCommand, world: World) -> None:
    _module_on(world)
    refuse_pacifist(world, order.civ_id)
    colony = _target(order, world)
    if not _in_orbit(world, order.civ_id, colony):
        name = world.planets[colony.planet_id].name
        raise OrderProblem("payload.colony_id",
                           f"none of your armed ships is in the Sector of {name}: a world is struck from orbit.")
    if any(d.colony_id == colony.colony_id for d in world.destructions.values()):
        raise OrderProblem("payload.colony_id", "its destruction already waits for the GM.")


def offer_destroy_world(world: World, civ_id: int) -> list[Offer]:
    if not _strikes(world, civ_id):
        return []
    index = ground_war.ground_index(world)
    pending = {d.colony_id for d in world.destructions.values()}
    return [Offer({"colony_id": c.colony_id}, world.planets[c.planet_id].name, {"what": DESTRUCTION_CHOICES})
            for c in sorted(world.colonies.values(), key=lambda c: c.colony_id)
            if c.colony_id not in pending and _in_orbit(world, civ_id, c, index)
            and target_problem(world, civ_id, c, index) is None]
