"""Reads of the personnel module for a viewer: the GM's mission desk (every mission with its proposed rolls, each
agent's conditions and crisis clock); a player's agents, missions, reports, the agents their counter-intelligence
caught, and the odds of a mission before ordering it. Proposals are the GM's: a player reads a mission's outcome
only in its report."""

from __future__ import annotations

from typing import Any

from game import state_io
from game.engine import personnel
from game.engine.gate import sheet
from game.engine.world import Agent, World
from game.errors import Forbidden, ServiceError
from game.models import Campaign, Event
from game.visibility import Viewer, require_gm, require_player


def _agent_json(world: World, agent: Agent) -> dict[str, Any]:
    unit = world.units[agent.unit_id]
    most = sheet.Clock(roles=agent.roles).most
    return {
        "unit_id": agent.unit_id, "name": unit.name, "civ_id": unit.civ_id, "role": agent.role,
        "role_label": personnel.ROLES[agent.role].label, "attributes": dict(agent.attributes),
        "abilities": dict(agent.abilities), "sector_id": unit.sector_id, "poi_id": unit.poi_id,
        "state": unit.state.value, "task": unit.task, "carried_by": unit.carried_by, "held_by": agent.held_by,
        "clock": agent.clock, "clock_most": most, "in_crisis": agent.clock == 0,
        "conditions": [{"key": c, "name": sheet.CONDITIONS[c].name, "rule": sheet.CONDITIONS[c].rule,
                        "impairs": sheet.CONDITIONS[c].impairs} for c in agent.conditions],
        "advancements": agent.advancements,
    }


def _colony_name(world: World, colony_id: int | None) -> str:
    if colony_id is None or colony_id not in world.colonies:
        return ""
    colony = world.colonies[colony_id]
    return f"{world.planets[colony.planet_id].name} ({world.civs[colony.civ_id].name})"


def mission_desk(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """The GM's desk: the missions waiting for their report (proposed or ruled on), newest round first, each
    with its rolls and proposed outcome, and every agent with its conditions and crisis clock."""
    require_gm(viewer)
    world = state_io.load_world(campaign)
    missions = []
    for mission in sorted(world.missions.values(), key=lambda m: (-m.round, m.mission_id)):
        if mission.status == "reported":
            continue
        kind = personnel.MISSIONS[mission.kind]
        missions.append({
            "mission_id": mission.mission_id, "round": mission.round, "status": mission.status,
            "kind": mission.kind, "label": kind.label, "civ": world.civs[mission.civ_id].name,
            "agent": _agent_json(world, world.agents[mission.agent_id]), "colony": _colony_name(world,
                                                                                              mission.colony_id),
            "target_civ": mission.target_civ, "proposal": dict(mission.proposal), "narration": mission.narration,
            "success_text": kind.success, "failure_text": kind.failure,
        })
    return {"enabled": world.options.personnel_missions, "missions": missions,
            "agents": [_agent_json(world, a) for _, a in sorted(world.agents.items())]}


def missions_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """A player's own agents and missions (a mission's outcome only once reported: its report), and what their
    counter-intelligence caught. Nothing of another civilization's missions but what was caught."""
    civ_id = require_player(viewer)
    world = state_io.load_world(campaign)
    reports = {e.payload["mission_id"]: e.payload for e in Event.objects.filter(
        campaign=campaign, type="MissionReported", civilization_id=civ_id, undone=False)}
    missions = []
    for mission in sorted(world.missions.values(), key=lambda m: (-m.round, m.mission_id)):
        if mission.civ_id != civ_id:
            continue
        kind = personnel.MISSIONS[mission.kind]
        report = reports.get(mission.mission_id)
        missions.append({"mission_id": mission.mission_id, "round": mission.round, "kind": mission.kind,
                         "label": kind.label, "agent": world.units[mission.agent_id].name,
                         "colony": _colony_name(world, mission.colony_id),
                         "status": "reported" if report else "awaiting report", "report": report})
    caught = [e.payload for e in Event.objects.filter(campaign=campaign, type="AgentCaught", civilization_id=civ_id,
                                                      undone=False).order_by("seq")]
    for item in caught:
        item["agent"] = world.units[item["agent_id"]].name if item["agent_id"] in world.units else "an agent"
        item["from"] = world.civs[item["from_civ"]].name
        item["colony"] = _colony_name(world, item["colony_id"])
    agents = []
    for _, agent in sorted(world.agents.items()):
        unit = world.units[agent.unit_id]
        if unit.civ_id == civ_id:
            here = sorted(c.colony_id for c in world.colonies.values()
                          if personnel.colony_sector(world, c) == unit.sector_id)
            agents.append({**_agent_json(world, agent),
                           "colonies_here": [{"colony_id": c, "name": _colony_name(world, c)} for c in here]})
    return {"enabled": world.options.personnel_missions, "agents": agents,
            "missions": missions, "caught": caught,
            "catalogue": [{"key": m.key, "label": m.label, "attribute": m.attribute, "difficulty": m.difficulty,
                           "success": m.success, "failure": m.failure} for m in personnel.MISSIONS.values()]}


def mission_odds(viewer: Viewer, campaign: Campaign, *, unit_id: int, mission: str,
                 colony_id: int | None) -> dict[str, Any]:
    """The odds of a mission before ordering it, with the circumstances the player can know."""
    civ_id = require_player(viewer)
    world = state_io.load_world(campaign)
    agent = world.agents.get(unit_id)
    if agent is None or world.units[unit_id].civ_id != civ_id:
        raise Forbidden("That is not one of your agents.")
    kind = personnel.MISSIONS.get(mission)
    if kind is None:
        raise ServiceError("No such mission.", field="mission")
    colony = world.colonies.get(colony_id) if colony_id is not None else None
    return {**personnel.odds(world, agent, kind, colony), "mission": kind.key, "label": kind.label,
            "success_text": kind.success, "failure_text": kind.failure}
