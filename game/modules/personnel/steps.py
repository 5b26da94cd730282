"""The personnel module's part of the round (game.engine.personnel holds the rules; this module turns them into
events): its hook after Explore 12 carries out the module's orders, its hook after Explore 4 sends the reports."""

from __future__ import annotations

from dataclasses import replace

from game.engine import personnel
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.orders import OrderCommand
from game.engine.orders.prices import order_price
from game.engine.rule_module import OrderHandler
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ
from game.engine.world import World
from game.modules.personnel.orders import mission_target, train_cost


def _recruit(order: OrderCommand, world: World) -> list[Event]:
    role = personnel.ROLES[order.payload["role"]]
    colony = world.colonies[order.payload["colony_id"]]
    poi = world.planets[colony.planet_id].poi_id
    unit_id = world.next_id
    agent = personnel.new_agent(unit_id, role)
    return [to_civ(order.civ_id, "AgentRecruited", {
        "unit_id": unit_id, "civ_id": order.civ_id, "role": role.key, "name": order.payload["name"],
        "sector_id": world.pois[poi].sector_id, "poi_id": poi, "mu": order_price(world, order).mu,
        "agent": {**vars(agent), "conditions": list(agent.conditions)}})]


def _train(order: OrderCommand, world: World) -> list[Event]:
    attribute, pips = order.payload["attribute"], order.payload["pips"]
    before, after, _ = train_cost(world, order.payload["unit_id"], attribute, pips)
    return [to_civ(order.civ_id, "AgentTrained", {"unit_id": order.payload["unit_id"], "civ_id": order.civ_id,
                                                   "attribute": attribute, "before": before, "after": after,
                                                   "mu": order_price(world, order).mu})]


def _mission(dice: Dice, round_number: int) -> OrderHandler:
    def handle(order: OrderCommand, world: World) -> list[Event]:
        unit = world.units[order.payload["unit_id"]]
        kind = personnel.MISSIONS[order.payload["mission"]]
        colony = mission_target(order, world, unit)
        mission_id = world.next_id
        proposal = {**personnel.propose(world, world.agents[unit.unit_id], kind, colony, dice,
                                        f"mission {mission_id} ({kind.label})",
                                        extra_rolls=order.payload.get("extra_rolls") or 0),
                    "cost": order_price(world, order).mu}  # the extra rolls bought, as the form priced them
        return [Event("MissionProposed", {
            "mission_id": mission_id, "civ_id": order.civ_id, "agent_id": unit.unit_id, "kind": kind.key,
            "label": kind.label, "round": round_number, "colony_id": colony.colony_id if colony else None,
            "target_civ": colony.civ_id if colony and colony.civ_id != order.civ_id else None,
            "grade": proposal["grade"], "proposal": proposal}, Visibility.GM)]
    return handle


def new_orders(step_input: StepInput, dice: Dice) -> list[Event]:
    """Explore 12, while the module is on: recruit, train, and send agents on missions; each mission's dice are
    rolled now and its outcome proposed to the GM, who rules on it before the next Explore 4.

    Recruiting and training first, counter-intelligence next (its watch is kept before the round's hostile
    missions are rolled), then the missions in the order given."""
    def rank(order: OrderCommand) -> int:
        mission = order.payload.get("mission")
        return 0 if order.kind != "Mission" else 1 if mission == "counter_intelligence" else 2
    ordered = replace(step_input, orders=tuple(sorted(step_input.orders, key=rank)))
    return run_orders(ordered, {"RecruitAgent": _recruit, "TrainAgent": _train,
                                "Mission": _mission(dice, step_input.pointer.round)})


def reports(step_input: StepInput, dice: Dice) -> list[Event]:
    """Explore 4, with the module on or off (a mission sent while it was on still reports): each mission of the
    last Explore 12 not yet reported, as the GM ruled on it or as proposed: its report to the sender (private), the
    world changes it makes, and a caught agent told to the civilization that caught it."""
    world = step_input.world
    events: list[Event] = []
    for mission in sorted(world.missions.values(), key=lambda m: m.mission_id):
        if mission.status == "reported":
            continue
        proposal = mission.proposal
        kind = personnel.MISSIONS[mission.kind]
        caught = bool(proposal.get("caught"))
        events.append(to_civ(mission.civ_id, "MissionReported", {
            "mission_id": mission.mission_id, "civ_id": mission.civ_id, "agent_id": mission.agent_id,
            "kind": mission.kind, "label": kind.label, "colony_id": mission.colony_id,
            "grade": str(proposal.get("grade", "success")), "success": bool(proposal.get("success")),
            "caught": caught, "narration": mission.narration,
            "outcome": personnel.report(world, mission.mission_id)}))
        if caught and mission.target_civ is not None and mission.colony_id is not None:
            events.append(to_civ(mission.target_civ, "AgentCaught", {
                "mission_id": mission.mission_id, "civ_id": mission.target_civ, "agent_id": mission.agent_id,
                "from_civ": mission.civ_id, "label": kind.label, "colony_id": mission.colony_id}))
    return events
