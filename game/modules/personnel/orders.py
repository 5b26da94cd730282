"""Explore 12 — the personnel module's orders: recruit an agent at a colony, train one, send one on a mission.
Checks refuse naming the field; offers list what a civilization can order now; the prices and a mission's odds
the form shows and the step charges and rolls with (game.engine.personnel)."""

from __future__ import annotations

from typing import Any

from game.engine import personnel
from game.engine.gate import sheet
from game.engine.gate.codes import DieCode, pips_to_raise
from game.engine.orders.checks import own_unit
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderPrice, OrderProblem
from game.engine.world import Colony, Unit, World, unit_label

ROLE_CHOICES = tuple(Choice(r.key, f"{r.label} ({r.mu} MU)") for r in personnel.ROLES.values())
MISSION_CHOICES = tuple(Choice(m.key, m.label) for m in personnel.MISSIONS.values())
ATTRIBUTE_CHOICES = tuple(Choice(a, a.capitalize()) for a in sheet.ATTRIBUTES)
MAX_TRAIN_PIPS = 6  # pips bought in one advancement order


def _module_on(world: World) -> None:
    if not world.options.personnel_missions:
        raise OrderProblem("kind", "personnel missions are not part of this campaign (the module is off).")


def _own_colony(world: World, civ_id: int, colony_id: int, field: str) -> Colony:
    colony = world.colonies.get(colony_id)
    if colony is None or colony.civ_id != civ_id:
        raise OrderProblem(field, f"you have no colony #{colony_id}.")
    return colony


def check_recruit(order: OrderCommand, world: World) -> None:
    _module_on(world)
    if "colony_id" not in order.payload:
        return
    colony = _own_colony(world, order.civ_id, order.payload["colony_id"], "payload.colony_id")
    if not colony.operational:
        raise OrderProblem("payload.colony_id", "agents are recruited at an Operational colony.")
    role = personnel.ROLES[order.payload.get("role", "spy")]
    if world.civs[order.civ_id].mu < role.mu:
        raise OrderProblem("payload.role", f"a {role.label} costs {role.mu} MU; you have "
                                           f"{world.civs[order.civ_id].mu}.")


def offer_recruit(world: World, civ_id: int) -> list[Offer]:
    if not world.options.personnel_missions:
        return []
    colonies = sorted((c for c in world.colonies.values() if c.civ_id == civ_id and c.operational),
                      key=lambda c: c.colony_id)
    if not colonies:
        return []
    choices = tuple(Choice(c.colony_id, world.planets[c.planet_id].name) for c in colonies)
    roles = tuple(Choice(r.key, f"{r.label} ({r.mu} MU)", {"mu": r.mu}) for r in personnel.ROLES.values())
    return [Offer(choices={"colony_id": choices, "role": roles}, have={"mu": world.civs[civ_id].mu})]


def own_agent(order: OrderCommand, world: World) -> Unit:
    unit = own_unit(order, world)
    if unit.unit_id not in world.agents:
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} is not an agent.")
    if not personnel.is_free_agent(world, unit):
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} is busy (on a mission, held, in a hold "
                                              "or travelling).")
    return unit


def train_cost(world: World, unit_id: int, attribute: str, pips: int) -> tuple[str, str, int]:
    before = DieCode.parse(world.agents[unit_id].attributes[attribute])
    after = before.plus_pips(pips)
    return str(before), str(after), pips_to_raise(before, after) * personnel.TRAIN_MU_PER_PIP


def check_train(order: OrderCommand, world: World) -> None:
    _module_on(world)
    unit = own_agent(order, world)
    if "attribute" not in order.payload:
        return
    _, _, mu = train_cost(world, unit.unit_id, order.payload["attribute"], order.payload.get("pips", 1))
    if mu > world.civs[order.civ_id].mu:
        raise OrderProblem("payload.pips", f"that training costs {mu} MU; you have {world.civs[order.civ_id].mu}.")


def _free_agents(world: World, civ_id: int) -> list[Unit]:
    return sorted((u for u in world.units.values() if u.civ_id == civ_id and personnel.is_free_agent(world, u)),
                  key=lambda u: u.unit_id)


def offer_train(world: World, civ_id: int) -> list[Offer]:
    if not world.options.personnel_missions:
        return []
    return [Offer(payload={"unit_id": u.unit_id}, subject=u.name, choices={"attribute": tuple(
        Choice(a, f"{a.capitalize()} {world.agents[u.unit_id].attributes[a]}") for a in sheet.ATTRIBUTES)},
        have={"mu": world.civs[civ_id].mu}) for u in _free_agents(world, civ_id)]


def mission_target(order: OrderCommand, world: World, unit: Unit) -> Colony | None:
    """The colony a mission is against (another's, in the agent's Sector) or kept (one's own, for
    counter-intelligence); none for a survey."""
    kind = personnel.MISSIONS[order.payload["mission"]]
    if kind.target == "here":
        return None
    colony_id = order.payload.get("colony_id")
    colony = world.colonies.get(colony_id) if colony_id is not None else None
    if colony is None:
        raise OrderProblem("payload.colony_id", f"{kind.label} needs a colony.")
    if kind.target == "home" and colony.civ_id != order.civ_id:
        raise OrderProblem("payload.colony_id", "counter-intelligence is kept at a colony of your own.")
    if kind.target == "colony" and colony.civ_id == order.civ_id:
        raise OrderProblem("payload.colony_id", f"{kind.label} is done at another civilization's colony.")
    if personnel.colony_sector(world, colony) != unit.sector_id:
        raise OrderProblem("payload.colony_id", f"{unit_label(world, unit)} must be in the colony's Sector; ship "
                                                "it there first.")
    return colony


def check_mission(order: OrderCommand, world: World) -> None:
    _module_on(world)
    unit = own_agent(order, world)
    if "mission" not in order.payload:
        return
    mission_target(order, world, unit)
    extra = order.payload.get("extra_rolls") or 0
    if extra and order.payload["mission"] != "probe":
        raise OrderProblem("payload.extra_rolls", "extra rolls are bought for a Probe only.")
    cost = extra * personnel.PROBE_EXTRA_ROLL_MU
    if cost > world.civs[order.civ_id].mu:
        raise OrderProblem("payload.extra_rolls", f"{extra} extra rolls cost {cost} MU; you have "
                                                  f"{world.civs[order.civ_id].mu}.")


def offer_mission(world: World, civ_id: int) -> list[Offer]:
    """One offer per free agent: the missions and the colonies in its Sector it could aim at."""
    if not world.options.personnel_missions:
        return []
    offers = []
    civ = world.civs[civ_id]
    for unit in _free_agents(world, civ_id):
        here = sorted((c for c in world.colonies.values() if personnel.colony_sector(world, c) == unit.sector_id),
                      key=lambda c: c.colony_id)
        colonies = tuple(Choice(c.colony_id, f"{world.planets[c.planet_id].name} ({world.civs[c.civ_id].name})")
                         for c in here)
        offers.append(Offer(payload={"unit_id": unit.unit_id}, subject=unit.name,
                            choices={"mission": MISSION_CHOICES, "colony_id": colonies},
                            maxima={"extra_rolls": min(personnel.MAX_PROBE_EXTRA_ROLLS,
                                                       civ.mu // personnel.PROBE_EXTRA_ROLL_MU)},
                            have={"mu": civ.mu}))
    return offers


def price_of_recruit(world: World, order: OrderCommand) -> OrderPrice:
    return OrderPrice(personnel.ROLES[order.payload["role"]].mu)


def price_of_training(world: World, order: OrderCommand) -> OrderPrice:
    return OrderPrice(train_cost(world, order.payload["unit_id"], order.payload["attribute"], order.payload["pips"])[2])


def price_of_mission(world: World, order: OrderCommand) -> OrderPrice:
    return OrderPrice((order.payload.get("extra_rolls") or 0) * personnel.PROBE_EXTRA_ROLL_MU)


def mission_odds(world: World, order: OrderCommand) -> dict[str, Any] | None:
    """The odds of the check the system's proposal rolls (`personnel.action_for`)."""
    agent = world.units[order.payload["unit_id"]]
    kind = personnel.MISSIONS[order.payload["mission"]]
    return personnel.odds(world, world.agents[agent.unit_id], kind, mission_target(order, world, agent))
