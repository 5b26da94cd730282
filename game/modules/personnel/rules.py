"""Centaurus Gate personnel missions: the module's declaration.

Agents (Personnel-scale units with a Centaurus Gate sheet, game.engine.personnel) are recruited at a colony,
trained and sent on missions in Explore 12; the system rolls each mission's dice and proposes its outcome, the GM
rules on it (the mission desk, `MissionAdjudicated`), and the report comes in the next round's Explore 4.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine.apply import Draft
from game.engine.catalogue import CIV, GM, EventType
from game.engine.orders.kinds import UNIT_NAME_LIMIT
from game.engine.orders.model import Field, OrderKind
from game.engine.personnel import AGENT_DESIGN, stolen_design_id
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.world import Agent, Mission, Unit, UnitState, pair
from game.modules.personnel import orders, steps

# The proposal and the GM's ruling on it are the GM's; a report is its sender's alone; a caught agent is told to
# the civilization that caught it.
EVENTS = (
    EventType("AgentRecruited", {"unit_id": int, "civ_id": int, "role": str, "name": str, "sector_id": str,
                                "poi_id": str | None, "mu": int, "agent": dict[str, Any]}, CIV,
              "{civ_id:civ} recruited {name} ({role})[ at {poi_id:poi}] for {mu} MU."),
    EventType("AgentTrained", {"unit_id": int, "civ_id": int, "attribute": str, "before": str, "after": str,
                              "mu": int}, CIV,
              "{unit_id:unit} trained: {attribute} {before} -> {after} ({mu} MU)."),
    EventType("MissionProposed", {"mission_id": int, "civ_id": int, "agent_id": int, "kind": str, "label": str,
                                 "round": int, "colony_id": int | None, "target_civ": int | None, "grade": str,
                                 "proposal": dict[str, Any]}, GM,
              "Mission {mission_id} proposed: {label} by {agent_id:unit} of {civ_id:civ}[ against {colony_id:colony}]"
              " — {grade}."),
    EventType("MissionAdjudicated", {"mission_id": int, "action": str, "reason": str, "narration": str,
                                    "success": bool, "caught": bool, "grade": str}, GM,
              "Mission {mission_id}: the GM's ruling ({action}, {grade}): {reason}"),
    EventType("MissionReported", {"mission_id": int, "civ_id": int, "agent_id": int, "kind": str, "label": str,
                                 "colony_id": int | None, "grade": str, "success": bool, "caught": bool,
                                 "narration": str, "outcome": dict[str, Any]}, CIV,
              "Report from {agent_id:unit}: {label}[ at {colony_id:colony}] — {grade}[{caught:flag}; the agent was"
              " caught][. {narration}]"),
    EventType("AgentCaught", {"mission_id": int, "civ_id": int, "agent_id": int, "from_civ": int, "label": str,
                             "colony_id": int}, CIV,
              "Counter-intelligence caught {agent_id:unit}, an agent of {from_civ:civ}, at {colony_id:colony}"
              " ({label})."),
)

def _agent(d: Draft, unit_id: int, **changes: Any) -> None:
    d.agents[unit_id] = replace(d.agents[unit_id], **changes)


def _recruited(d: Draft, p: dict[str, Any]) -> None:
    design = d.world.designs[AGENT_DESIGN]
    d.units[p["unit_id"]] = Unit(p["unit_id"], p["civ_id"], AGENT_DESIGN, p["name"], p["sector_id"], p["poi_id"],
                                 hp=float(design.stats.hp))
    d.agents[p["unit_id"]] = Agent(**{**p["agent"], "conditions": tuple(p["agent"].get("conditions", ()))})
    d.claim_id(p["unit_id"])
    d.add_mu(p["civ_id"], -p["mu"])


def _trained(d: Draft, p: dict[str, Any]) -> None:
    agent = d.agents[p["unit_id"]]
    _agent(d, agent.unit_id, attributes={**agent.attributes, p["attribute"]: p["after"]},
           advancements=agent.advancements + 1)
    d.add_mu(p["civ_id"], -p["mu"])


def _proposed(d: Draft, p: dict[str, Any]) -> None:
    d.missions[p["mission_id"]] = Mission(p["mission_id"], p["civ_id"], p["agent_id"], p["kind"], p["round"],
                                          p["colony_id"], p["target_civ"], proposal=p["proposal"])
    d.claim_id(p["mission_id"])
    watch = p["kind"] == "counter_intelligence"
    d.unit(p["agent_id"], state=UnitState.ENGAGED,
           task=f"counter_intel:{p['colony_id']}" if watch else f"mission:{p['mission_id']}")
    d.add_mu(p["civ_id"], -p["proposal"].get("cost", 0))


def _adjudicated(d: Draft, p: dict[str, Any]) -> None:
    mission = d.missions[p["mission_id"]]
    proposal = {**mission.proposal, "success": p["success"], "caught": p["caught"], "grade": p["grade"]}
    d.missions[mission.mission_id] = replace(mission, status="confirmed", proposal=proposal,
                                             narration=p["narration"])


def _reported(d: Draft, p: dict[str, Any]) -> None:
    mission = d.missions[p["mission_id"]]
    outcome, sender = p["outcome"], mission.civ_id
    for civ, mu in outcome.get("mu", {}).items():
        d.add_mu(int(civ), mu)
    for unit_id in outcome.get("units_taken", []):
        d.end_task(unit_id)
        d.unit(unit_id, civ_id=sender, state=UnitState.OPERATIONAL, task=None)
    for design_id in outcome.get("designs", []):
        copy = stolen_design_id(design_id, sender)
        d.designs[copy] = replace(d.designs[design_id], design_id=copy, civ_id=sender)
    for project_id, lost in outcome.get("projects", {}).items():
        project = d.projects[int(project_id)]
        d.projects[project.project_id] = replace(project, bp_done=project.bp_done - lost)
    civ = d.civs[sender]
    d.civs[sender] = replace(
        civ, surveyed_planets=civ.surveyed_planets | set(outcome.get("surveyed", [])),
        detected_units=civ.detected_units | set(outcome.get("detected_units", [])),
        detected_colonies=civ.detected_colonies | set(outcome.get("detected_colonies", [])))
    if outcome.get("contact") and mission.target_civ is not None:
        d.contacts.add(pair(sender, mission.target_civ))
    agent = d.agents[mission.agent_id]
    most = 12 if agent.roles == 1 else 9
    condition = mission.proposal.get("condition")
    _agent(d, agent.unit_id, clock=max(0, min(most, agent.clock + mission.proposal.get("clock_hours", 0))),
           conditions=agent.conditions + ((condition,) if condition else ()))
    if not p["caught"]:
        d.release([agent.unit_id])
    d.missions[mission.mission_id] = replace(mission, status="reported")


def _caught(d: Draft, p: dict[str, Any]) -> None:
    _agent(d, p["agent_id"], held_by=p["civ_id"])
    d.unit(p["agent_id"], state=UnitState.ENGAGED, task=f"held:{p['civ_id']}")
    civ = d.civs[p["civ_id"]]
    d.civs[civ.civ_id] = replace(civ, detected_units=civ.detected_units | {p["agent_id"]})


MODULE = RuleModule(
    key="personnel",
    label="Centaurus Gate personnel missions",
    switch=ModuleSwitch(
        "module_cg_personnel",
        "Personnel-scale missions (spies, envoys, away teams) with Centaurus Gate's dice.",
        to_options=lambda settings: {"personnel_missions": bool(settings["module_cg_personnel"])},
        # only when the world has it on, so a world without it reads as before
        from_options=lambda options: {"module_cg_personnel": True} if options.personnel_missions else {},
    ),
    is_on=lambda options: options.personnel_missions,
    events=EVENTS,
    reducers={
        "AgentRecruited": _recruited,
        "AgentTrained": _trained,
        "MissionProposed": _proposed,
        "MissionAdjudicated": _adjudicated,
        "MissionReported": _reported,
        "AgentCaught": _caught,
    },
    # Explore 12's hook carries the three out (carry_out None): recruiting and training first, then the missions,
    # each rolled with the step's dice.
    orders=(
        ModuleOrder(
            OrderKind(
                "RecruitAgent",
                "Recruit an agent",
                "Recruit a spy, envoy, saboteur or away team at one of your Operational colonies; it is a "
                "Personnel-scale unit a ship can carry.",
                frozenset({"explore.12"}),
                (
                    Field("colony_id", "Where", "colony"),
                    Field("role", "Role", "option", options=orders.ROLE_CHOICES),
                    Field("name", "Name", "text", max_length=UNIT_NAME_LIMIT),
                ),
                orders.check_recruit,
                orders.offer_recruit,
            ),
            None, orders.price_of_recruit,
        ),
        ModuleOrder(
            OrderKind(
                "TrainAgent",
                "Train an agent",
                "An advancement: raise one attribute's die code by some pips, each pip costing the code's dice in MU.",
                frozenset({"explore.12"}),
                (
                    Field("unit_id", "Agent", "unit"),
                    Field("attribute", "Attribute", "option", options=orders.ATTRIBUTE_CHOICES),
                    Field("pips", "Pips", "integer", minimum=1, maximum=orders.MAX_TRAIN_PIPS),
                ),
                orders.check_train,
                orders.offer_train,
            ),
            None, orders.price_of_training,
        ),
        ModuleOrder(
            OrderKind(
                "Mission",
                "Send an agent on a mission",
                "The system rolls Centaurus Gate's dice and proposes the outcome; the GM rules on it, and the report "
                "comes in Explore 4 of the next round.",
                frozenset({"explore.12"}),
                (
                    Field("unit_id", "Agent", "unit"),
                    Field("mission", "Mission", "option", options=orders.MISSION_CHOICES),
                    Field("colony_id", "Colony", "colony", required=False),
                    Field("extra_rolls", "Extra Probe rolls (10 MU each)", "integer", required=False, minimum=0,
                          maximum=3),
                ),
                orders.check_mission,
                orders.offer_mission,
            ),
            None, orders.price_of_mission, orders.mission_odds,
        ),
    ),
    hooks=(
        StepHook("explore.4", "after", steps.reports, also_when_off=True),
        StepHook("explore.12", "after", steps.new_orders),
    ),
)
