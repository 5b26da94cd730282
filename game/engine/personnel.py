"""Personnel missions (issue 15): agents, envoys, saboteurs and away teams as Personnel-scale units with Centaurus
Gate sheets; the mission catalogue; what the system proposes for a mission (Explore 12) and what its report does
(Explore 4). Rulings in docs/rules.md, "Personnel and missions".

Cluster War §10 leaves "the success of any specific intelligence operation" to the GM and sets hard limits (no
seeing an enemy's future orders, no eliminating a player); the Alpha Centauri Probe Phase gives a table. Here the
Centaurus Gate check decides success and risk, the GM confirms or edits the proposal, and the Probe table is one
mission of the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.dice import Dice
from game.engine.gate import check, sheet
from game.engine.gate.codes import DieCode
from game.engine.world import Agent, Colony, Unit, UnitState, World

AGENT_DESIGN = "starter-human-adult"  # the starter Personnel unit: an agent is one person on the map
PROBE_EXTRA_ROLL_MU = 10  # "You may pay 10 Credits (repeatedly) to roll an extra time on the Probe Table"
MAX_PROBE_EXTRA_ROLLS = 3
BELIEVERS_PROBE_MODIFIER = 1  # "Probe Table rolls vs this Faction are at +1"
UNIVERSITY_REROLL_FROM = 8  # "Opponent's who roll 8+ on Probe Table vs University may reroll"
MAX_COUNTER_INTEL_DICE = 2  # counter-intelligence agents at a colony add a difficulty die each, two at most
TRAIN_MU_PER_PIP = 1  # an advancement's pip, bought at the code's dice per pip (Centaurus Gate), costs 1 MU


@dataclass(frozen=True)
class Role:
    key: str
    label: str
    mu: int
    attributes: Mapping[str, str]
    abilities: Mapping[str, int]
    roles: int = 1  # Centaurus Gate roles: two make a 9-hour crisis clock


def _attrs(**codes: str) -> dict[str, str]:
    return {name: codes.get(name, "2d") for name in sheet.ATTRIBUTES}


ROLES: dict[str, Role] = {r.key: r for r in (
    Role("spy", "Spy", 5, _attrs(perception="3d+1", dexterity="2d+2", technical="2d+1"),
         {"infiltration": 1, "observation": 1}),
    Role("envoy", "Envoy", 5, _attrs(perception="3d+2", knowledge="3d"), {"negotiation": 2}),
    Role("saboteur", "Saboteur", 6, _attrs(technical="3d+2", dexterity="3d"), {"demolition": 1, "hacking": 1}),
    Role("team", "Away team", 8, _attrs(strength="3d", dexterity="3d", knowledge="2d+2", mechanical="2d+2"),
         {"survey": 1, "combat": 1}, roles=2),
)}


@dataclass(frozen=True)
class MissionKind:
    key: str
    label: str
    attribute: str
    difficulty: int  # Centaurus Gate difficulty dice (3..9)
    ability: str  # the ability that makes one capable; without it +1d (+2d for a specialist's work)
    specialist: bool
    arena: sheet.Arena  # where its fallout lands
    hostile: bool  # against another civilization's colony; counter-intelligence can catch it
    target: str  # "colony" (another's), "home" (one's own colony), "here" (the agent's own Sector)
    success: str
    failure: str


MISSIONS: dict[str, MissionKind] = {m.key: m for m in (
    MissionKind("gather_intel", "Gather intelligence", "perception", 4, "observation", False,
                sheet.Arena.PRIVATE, True, "colony",
                "A report on the colony (population, Operational, the units in its Sector), which you then see.",
                "1 Failure: nothing learned; 2: the agent pays an hour; 3+: two hours, and a watchful target "
                "catches the agent."),
    MissionKind("steal_technology", "Steal a technology", "technical", 6, "hacking", True,
                sheet.Arena.ISOTECH, True, "colony",
                "A copy of one of the target's own designs is yours to build.",
                "1 Failure: nothing taken; 2: the agent pays an hour; 3+: two hours and the risk of capture."),
    MissionKind("sabotage", "Sabotage a project or mine", "technical", 5, "demolition", True,
                sheet.Arena.MATERIAL, True, "colony",
                "The target's projects at the colony lose 2d10 Build Points done; with none there, its treasury "
                "loses 2d10 MU.",
                "1 Failure: nothing done; 2: the agent pays an hour; 3+: two hours and the risk of capture."),
    MissionKind("incite_unrest", "Incite unrest", "perception", 5, "negotiation", False,
                sheet.Arena.PUBLIC, True, "colony",
                "Drone riots: the target loses 1d10 MU (the Probe table's Incite Drone Riots).",
                "1 Failure: nothing stirs; 2: the agent pays an hour; 3+: two hours and the risk of capture."),
    MissionKind("assassinate_extract", "Assassinate or extract", "dexterity", 7, "combat", True,
                sheet.Arena.MATERIAL, True, "colony",
                "The person is killed or brought out; the GM narrates what follows (Cluster War: a leader killed "
                "is replaced and no player is eliminated).",
                "1 Failure: no chance came; 2: the agent pays an hour; 3+: two hours and the risk of capture."),
    MissionKind("negotiate", "Negotiate", "perception", 4, "negotiation", False,
                sheet.Arena.PUBLIC, False, "colony",
                "Contact is made: the two civilizations may speak from now on; the GM narrates the terms.",
                "1 Failure: no agreement; 2: the envoy pays an hour; 3+: two hours, and the hosts are offended."),
    MissionKind("survey", "Survey in person", "knowledge", 3, "survey", False,
                sheet.Arena.INTELLECTUAL, False, "here",
                "The planets of the agent's Sector are surveyed (deposits and flags known).",
                "1 Failure: nothing found; 2: the team pays an hour; 3+: two hours."),
    MissionKind("probe", "Probe (Alpha Centauri)", "perception", 5, "infiltration", False,
                sheet.Arena.PRIVATE, True, "colony",
                "One roll on the Probe table, plus one per 10 MU paid: take units, steal a technology, sabotage, "
                "infiltrate datalinks, incite riots or drain reserves.",
                "1 Failure: no roll; 2: the agent pays an hour; 3+: two hours and the risk of capture."),
    MissionKind("counter_intelligence", "Counter-intelligence at home", "perception", 4, "observation", False,
                sheet.Arena.PRIVATE, False, "home",
                "For the round, each hostile mission against the colony rolls a difficulty die more (two at "
                "most) and an agent who misses its risk roll, or fails horribly, is caught.",
                "Nothing: the watch is kept whatever the dice."),
)}

PROBE_TABLE: dict[int, tuple[str, str]] = {
    1: ("mind_control", "Mind Control: take 1d5 units"),
    2: ("steal_technology", "Steal Technology"),
    3: ("sabotage_base", "Sabotage Base: the target loses 2d10 MU"),
    4: ("infiltrate_datalinks", "Infiltrate Datalinks: the target's figures"),
    5: ("incite_drone_riots", "Incite Drone Riots: the target loses 1d10 MU"),
    6: ("drain_energy_reserves", "Drain Energy Reserves: take 1d10 MU"),
}


def codes_of(agent: Agent) -> dict[str, DieCode]:
    return {name: DieCode.parse(text) for name, text in agent.attributes.items()}


def new_agent(unit_id: int, role: Role) -> Agent:
    clock = sheet.Clock(roles=role.roles)
    return Agent(unit_id, role.key, dict(role.attributes), dict(role.abilities), clock=clock.most, roles=role.roles)


def is_free_agent(world: World, unit: Unit) -> bool:
    agent = world.agents.get(unit.unit_id)
    return (agent is not None and agent.held_by is None and unit.state is UnitState.OPERATIONAL
            and unit.carried_by is None)


def colony_sector(world: World, colony: Colony) -> str:
    return world.planet_sector(colony.planet_id)


def counter_intel_at(world: World, colony: Colony) -> list[int]:
    """The owner's agents keeping watch at the colony this round."""
    return sorted(a.unit_id for a in world.agents.values()
                  if world.units[a.unit_id].civ_id == colony.civ_id
                  and world.units[a.unit_id].task == f"counter_intel:{colony.colony_id}")


def action_for(world: World, agent: Agent, kind: MissionKind, colony: Colony | None, *,
               watch: bool = True) -> check.Action:
    """The check a mission takes: its attribute, its difficulty with the circumstances (counter-intelligence
    at the target unless `watch` is False; a condition that impairs), and whether the agent lacks the ability."""
    adjustments: list[str] = []
    if kind.hostile and colony is not None and watch:
        adjustments += ["disadvantage"] * min(MAX_COUNTER_INTEL_DICE, len(counter_intel_at(world, colony)))
    if any(sheet.CONDITIONS[c].impairs for c in agent.conditions):
        adjustments.append("condition_impairs")
    lacks = "none" if agent.abilities.get(kind.ability, 0) else ("specialist" if kind.specialist else "plain")
    return check.Action(codes_of(agent)[kind.attribute], kind.difficulty, adjustments=tuple(adjustments),
                        lacks_ability=lacks,
                        discard_venture=int("painful_harm" in agent.conditions))


def odds(world: World, agent: Agent, kind: MissionKind, colony: Colony | None) -> dict[str, Any]:
    """What a player sees before ordering: the difficulty dice left, the chance of no Failure, and the chance
    the risk roll reaches its base (before the difficulty dice raise it). Counter-intelligence at the target is
    the target's secret, so the odds are those of an unwatched colony."""
    action = action_for(world, agent, kind, colony, watch=False)
    left = check.difficulty_dice(action.difficulty, action.attribute, adjustments=action.adjustments,
                                 lacks_ability=action.lacks_ability)
    base = check.DIFFICULTIES[kind.difficulty].base_risk
    return {"attribute": kind.attribute, "code": str(action.attribute), "difficulty": kind.difficulty,
            "dice_left": left, "success": round(check.success_chance(
                action.attribute, action.difficulty, action.adjustments, action.lacks_ability), 3),
            "risk_base": base, "risk_avoided": round(check.risk_chance(action.attribute, base), 3),
            "adjustments": list(action.adjustments), "lacks_ability": action.lacks_ability}


def propose(world: World, agent: Agent, kind: MissionKind, colony: Colony | None, dice: Dice,
            purpose: str, *, extra_rolls: int = 0) -> dict[str, Any]:
    """The system's proposal for one mission: every roll, the Wrench uses an absent player would make, what
    success and the Failure count do, the fallout and whether counter-intelligence catches the agent."""
    if kind.key == "counter_intelligence":
        return {"success": True, "grade": "success", "effects": {}, "caught": False,
                "summary": "keeps watch at the colony this round"}
    action = action_for(world, agent, kind, colony)
    base = check.check(action, dice, purpose, clock_hours=agent.clock)
    wrench = check.wrench_for(base.outcome.failure, base.outcome.risk_total, base.outcome.risk_target,
                              base.outcome.venture_left, agent.clock)
    outcome = check.spend_venture(base.outcome, wrench, (), dice, purpose, clock_hours=agent.clock)
    grade = outcome.grade
    hours = outcome.clock_hours - {check.Grade.BADLY: 1, check.Grade.HORRIBLY: 2}.get(grade, 0)
    condition = None
    fallout_grade = None
    if not outcome.risk_avoided:
        resist = codes_of(agent)[sheet.ARENAS[kind.arena][0]]
        fallout_grade = sheet.fallout(DieCode.of(kind.difficulty), resist, dice, purpose,
                                      hindered="hindered" in agent.conditions)
        condition = sheet.fallout_condition(kind.arena, fallout_grade).key
    watchers = counter_intel_at(world, colony) if colony is not None and kind.hostile else []
    caught = bool(watchers) and (not outcome.risk_avoided or grade is check.Grade.HORRIBLY)
    effects = _effects(world, kind, colony, agent, dice, purpose, extra_rolls)
    return {
        "attribute": kind.attribute, "code": str(action.attribute), "difficulty": kind.difficulty,
        "adjustments": list(action.adjustments), "lacks_ability": action.lacks_ability,
        "dice_left": base.dice_left, "success_faces": list(base.success.faces), "risk_faces": list(base.risk.faces),
        "risk_total": outcome.risk_total, "risk_target": outcome.risk_target, "venture": base.risk.venture,
        "wrench": list(wrench), "venture_left": outcome.venture_left, "failure": outcome.failure,
        "grade": grade.value, "success": grade is check.Grade.SUCCESS, "risk_avoided": outcome.risk_avoided,
        "fallout": None if fallout_grade is None else sheet.grade_name(fallout_grade), "condition": condition,
        "clock_hours": hours, "counter_intel": watchers, "caught": caught, "effects": effects,
    }


def _effects(world: World, kind: MissionKind, colony: Colony | None, agent: Agent, dice: Dice, purpose: str,
             extra_rolls: int) -> dict[str, Any]:
    """What success would do, rolled now so the GM sees the numbers (and can grant them by editing a failure
    into a success). MU are clamped to the treasury when the report goes out."""
    unit = world.units[agent.unit_id]
    target = colony.civ_id if colony is not None else None
    if kind.key == "gather_intel" and colony is not None:
        return {"reveal_colony": True}
    if kind.key == "steal_technology" and target is not None:
        return {"design": _design_to_steal(world, target, unit.civ_id)}
    if kind.key == "sabotage" and colony is not None:
        return {"sabotage": sum(dice.roll(10, f"{purpose}: sabotage d10, die {n + 1}") for n in range(2))}
    if kind.key == "incite_unrest":
        return {"target_mu": -dice.roll(10, f"{purpose}: unrest d10")}
    if kind.key == "negotiate":
        return {"contact": True}
    if kind.key == "survey":
        return {"survey_sector": unit.sector_id}
    if kind.key == "probe" and target is not None:
        return {"probe": [_probe_roll(world, target, unit, dice, f"{purpose}: Probe roll {n + 1}")
                          for n in range(1 + extra_rolls)]}
    return {}


def _design_to_steal(world: World, target: int, thief: int) -> str | None:
    owned = {d.name for d in world.designs.values() if d.civ_id == thief}
    theirs = sorted((d for d in world.designs.values() if d.civ_id == target and d.name not in owned),
                    key=lambda d: d.design_id)
    return theirs[-1].design_id if theirs else None


def _probe_roll(world: World, target: int, unit: Unit, dice: Dice, purpose: str) -> dict[str, Any]:
    """One roll on the Probe table with the target's faction modifiers: "Probe Table rolls vs this Faction are at
    +1" (Believers); "Opponents who roll 8+ on Probe Table vs University may reroll" (the system rerolls once, as
    the prober would)."""
    faction = world.civs[target].faction
    roll = dice.roll(10, purpose)
    if faction == "university" and roll >= UNIVERSITY_REROLL_FROM:
        roll = dice.roll(10, f"{purpose}: re-rolled against the University")
    roll += BELIEVERS_PROBE_MODIFIER if faction == "believers" else 0
    key, label = PROBE_TABLE.get(roll, ("nothing", "Nothing"))
    result: dict[str, Any] = {"roll": roll, "result": key, "label": label}
    if key == "mind_control":
        count = dice.roll(5, f"{purpose}: units taken")
        here = sorted(u.unit_id for u in world.units.values()
                      if u.civ_id == target and u.sector_id == unit.sector_id and u.carried_by is None
                      and u.state is UnitState.OPERATIONAL and u.unit_id not in world.agents)
        result["units"] = here[:count]
    elif key == "steal_technology":
        result["design"] = _design_to_steal(world, target, unit.civ_id)
    elif key == "sabotage_base":
        result["target_mu"] = -(dice.roll(10, f"{purpose}: 2d10, die 1") + dice.roll(10, f"{purpose}: 2d10, die 2"))
    elif key == "incite_drone_riots":
        result["target_mu"] = -dice.roll(10, f"{purpose}: 1d10")
    elif key == "drain_energy_reserves":
        result["drain_mu"] = dice.roll(10, f"{purpose}: 1d10")
    return result


def report(world: World, mission_id: int) -> dict[str, Any]:
    """Explore 4: the mission's outcome as it changes the world now (MU clamped to what the target holds, the
    units and designs that still exist), and what the sender learns."""
    mission = world.missions[mission_id]
    proposal = mission.proposal
    sender, target = mission.civ_id, mission.target_civ
    out: dict[str, Any] = {"mu": {}, "units_taken": [], "designs": [], "projects": {}, "surveyed": [],
                           "detected_units": [], "detected_colonies": [], "contact": False, "findings": {}}
    if not proposal.get("success"):
        return out
    effects = dict(proposal.get("effects", {}))
    taken_mu = 0
    gained_mu = 0

    def lose(amount: int) -> None:
        nonlocal taken_mu
        if target is not None:
            taken_mu += min(amount, world.civs[target].mu - taken_mu)

    colony = world.colonies.get(mission.colony_id) if mission.colony_id is not None else None
    for probe in effects.get("probe", []):
        lose(-probe.get("target_mu", 0))
        if probe.get("drain_mu") and target is not None:
            drained = min(probe["drain_mu"], world.civs[target].mu - taken_mu)
            taken_mu += drained
            gained_mu += drained
        if probe.get("design"):
            out["designs"].append(probe["design"])
        out["units_taken"] += [u for u in probe.get("units", []) if u in world.units
                               and world.units[u].civ_id == target]
        if probe["result"] == "infiltrate_datalinks" and target is not None:
            out["findings"]["figures"] = _figures(world, target)
    lose(-effects.get("target_mu", 0))
    if effects.get("design"):
        out["designs"].append(effects["design"])
    if effects.get("sabotage") and colony is not None:
        poi = world.planets[colony.planet_id].poi_id
        hit = {p.project_id: min(p.bp_done, effects["sabotage"]) for p in world.projects.values()
               if p.civ_id == colony.civ_id and p.poi_id == poi and not p.completed}
        if hit:
            out["projects"] = {str(k): v for k, v in sorted(hit.items())}
        else:
            lose(effects["sabotage"])
    if effects.get("reveal_colony") and colony is not None:
        sector = colony_sector(world, colony)
        units = sorted(u.unit_id for u in world.units.values() if u.civ_id == colony.civ_id
                       and u.sector_id == sector and u.state is not UnitState.DESTROYED)
        out["detected_units"] = units
        out["detected_colonies"] = [colony.colony_id]
        out["findings"]["colony"] = {"population": colony.population, "operational": colony.operational,
                                     "units": len(units)}
    if effects.get("contact") and target is not None:
        out["contact"] = True
    if effects.get("survey_sector"):
        pois = {p.poi_id for p in world.pois.values() if p.sector_id == effects["survey_sector"]}
        out["surveyed"] = sorted(p.planet_id for p in world.planets.values() if p.poi_id in pois)
    if target is not None and taken_mu:
        out["mu"][str(target)] = -taken_mu
    if gained_mu:
        out["mu"][str(sender)] = gained_mu
    out["designs"] = [d for d in dict.fromkeys(out["designs"]) if d in world.designs]
    return out


def _figures(world: World, civ_id: int) -> dict[str, int]:
    """Infiltrate Datalinks: "Look at opponent's Hand" is its treasury and holdings, never its orders (Cluster
    War §10: no seeing an enemy's future orders)."""
    return {"mu": world.civs[civ_id].mu,
            "colonies": sum(1 for c in world.colonies.values() if c.civ_id == civ_id),
            "units": sum(1 for u in world.units.values() if u.civ_id == civ_id and u.state is not UnitState.DESTROYED)}


def stolen_design_id(design_id: str, civ_id: int) -> str:
    return f"{design_id}@{civ_id}"
