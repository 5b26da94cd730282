"""Cluster War research (§8.0-8.1) and Alpha Centauri's Research table: the module's declaration.

A civilization starts, funds, moves or cancels research projects in Explore 13; each open project rolls in the next
Explore 3 on the campaign's research system (`module_cw_research`, option `research_system`); a technology is
transferred by order in Explore 8 (and by a technology exchange in Explore 10, the core's diplomacy); a skirmish
pulls research units from their work in Exterminate 3. The rule math stays in the core (`game.engine.research`:
the catalogues, the R&D and Research tables, what the World says of research), read by the designer, the names and
the diplomacy too; the module tells it which system the campaign plays (`projects.SYSTEM_PLAYED`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.engine.apply import Draft
from game.engine.catalogue import CIV, PUBLIC, WITNESSES, EventType, Optional
from game.engine.orders.model import Field, OrderKind
from game.engine.research import projects as rp
from game.engine.research.rules import CLUSTER_WAR
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.setting import Effect, Kind, Setting
from game.engine.world import ResearchProject, RuleOptions, UnitState
from game.modules.research import orders, steps

# Explore 3, 8 and 13, Exterminate 3, the GM's research desk (and Explore 10's technology exchange). A civilization's
# research is its own; a transfer is seen by both sides; the GM's rulings carry the reason.
EVENTS = (
    EventType("ResearchStarted", {"project_id": int, "civ_id": int, "tech": str, "tech_name": str, "system": str,
                                  "poi_id": str, "mu_per_round": int, "needed": int, "unit_ids": list[int],
                                  "paid": Optional(int), "successes": Optional(int)}, CIV,
              "{civ_id:civ} started researching {tech_name} at {poi_id:poi}: {mu_per_round} MU a round, "
              "successes needed: {needed}[, {unit_ids:#unit} engaged][, {paid} MU paid now]."),
    EventType("ResearchFunded", {"project_id": int, "civ_id": int, "tech_name": str, "mu_per_round": int}, CIV,
              "{tech_name} is now funded with {mu_per_round} MU a round.",
              fallback="{tech_name} is no longer funded: what it spent on this success is lost at the next roll."),
    EventType("ResearchExtraRollsBought", {"project_id": int, "civ_id": int, "tech_name": str, "rolls": int,
                                           "mu": int}, CIV,
              "{civ_id:civ} bought {rolls} extra Research table roll(s) for {tech_name} ({mu} MU)."),
    EventType("ResearchMoved", {"project_id": int, "civ_id": int, "tech_name": str, "poi_id": str,
                                "released": list[int], "joined": list[int]}, CIV,
              "{tech_name} research moved to {poi_id:poi}[; {released:#unit} released][; {joined:#unit} engaged]."),
    EventType("ResearchCancelled", {"project_id": int, "civ_id": int, "tech_name": str, "reason": str}, CIV,
              "{tech_name} research was cancelled: {reason}."),
    EventType("ResearchUnfunded", {"project_id": int, "civ_id": int, "tech_name": str, "lost": int}, CIV,
              "{tech_name} went unfunded this round: the {lost} MU spent on its current success are lost."),
    EventType("ResearchRolled", {"project_id": int, "civ_id": int, "tech": str, "tech_name": str, "mu": int,
                                 "spent": int, "effective": int, "base": int, "bonus": int, "chance": int,
                                 "roll": int, "outcome": str, "spent_after": int, "successes_after": int,
                                 "needed": int, "catastrophe": Optional(str)}, CIV,
              "{tech_name}: {spent} MU on this success, {chance}% ({base}% + {bonus}), rolled {roll}: {outcome} "
              "(successes: {successes_after} of {needed})."),
    EventType("ResearchTableRolled", {"project_id": int, "civ_id": int, "tech_name": str, "roll": int,
                                      "modifier": int, "total": int, "result": str, "progress_after": int,
                                      "copied": Optional(str), "free": bool}, CIV,
              "Research table for {tech_name}: rolled {roll}, {total} with modifiers: {result:words}"
              "[ (copied {copied})]."),
    EventType("TechnologyLearned", {"civ_id": int, "tech": str, "tech_name": str, "how": str,
                                    "project_id": Optional(int), "reason": Optional(str)}, CIV,
              "{civ_id:civ} now knows {tech_name} ({how:words})[: {reason}]."),
    EventType("ResearchCatastrophe", {"project_id": int, "civ_id": int, "tech_name": str, "poi_id": str,
                                      "proposed": str, "severity_roll": int}, CIV,
              "Catastrophe at {poi_id:poi}: {tech_name} research rolled 100; all spending on this success is lost. "
              "Proposed severity: {proposed} (the GM rules)."),
    EventType("CatastropheRuled", {"project_id": int, "civ_id": int, "tech_name": str, "severity": str,
                                   "proposed": str, "reason": str, "damaged": list[int], "hp_after": dict[str, float],
                                   "successes_after": int}, CIV,
              "The GM ruled the {tech_name} catastrophe {severity} (proposed {proposed})[; {damaged:#unit} damaged]. "
              "Reason: {reason}"),
    EventType("ResearchInterrupted", {"project_id": int, "civ_id": int, "unit_id": int, "skirmish_id": str}, CIV,
              "{unit_id:unit} was pulled from research by {skirmish_id:skirmish}: no bonus at the next roll."),
    EventType("TechnologyTransferred", {"from_civ": int, "to_civ": int, "tech": str, "tech_name": str, "fee": int,
                                        "complete": bool}, WITNESSES,
              "{from_civ:civ} transferred {tech_name} to {to_civ:civ}[: complete, {fee} MU retooling{complete:flag}].",
              fallback="{from_civ:civ} transferred {tech_name} to {to_civ:civ}: incomplete, a project must finish it."),
    EventType("ResearchAdjusted", {"project_id": int, "civ_id": int, "tech_name": str, "successes": int,
                                   "spent": int, "scientists": int, "reason": str}, CIV,
              "The GM adjusted {tech_name}: {successes} successes, {spent} MU on this success, {scientists} gifted "
              "scientists. Reason: {reason}"),
    EventType("ResearchPublished", {"civ_id": int, "techs": list[str], "reason": str}, PUBLIC,
              "The GM published {civ_id:civ}'s technologies: {techs:#technology}.[ {reason}]"),
)


def _research(d: Draft, project_id: int, **changes: Any) -> None:
    d.research[project_id] = replace(d.research[project_id], **changes)


def _close_research(d: Draft, project_id: int) -> None:
    project = d.research.pop(project_id, None)
    if project is not None:
        d.release(project.unit_ids, task=f"research:{project_id}")


def _research_started(d: Draft, p: dict[str, Any]) -> None:
    d.claim_id(p["project_id"])
    d.research[p["project_id"]] = ResearchProject(
        p["project_id"], p["civ_id"], p["tech"], p["system"], p["poi_id"], p["mu_per_round"], p["needed"],
        p.get("successes", 0), unit_ids=tuple(p["unit_ids"]))
    for unit_id in p["unit_ids"]:
        d.unit(unit_id, state=UnitState.ENGAGED, task=f"research:{p['project_id']}")
    d.add_mu(p["civ_id"], -p.get("paid", 0))


def _research_funded(d: Draft, p: dict[str, Any]) -> None:
    _research(d, p["project_id"], mu_per_round=p["mu_per_round"])


def _research_rolls_bought(d: Draft, p: dict[str, Any]) -> None:
    _research(d, p["project_id"], extra_rolls=d.research[p["project_id"]].extra_rolls + p["rolls"])
    d.add_mu(p["civ_id"], -p["mu"])


def _research_moved(d: Draft, p: dict[str, Any]) -> None:
    d.release(p["released"], task=f"research:{p['project_id']}")
    _research(d, p["project_id"], poi_id=p["poi_id"], unit_ids=tuple(p["joined"]))
    for unit_id in p["joined"]:
        d.unit(unit_id, state=UnitState.ENGAGED, task=f"research:{p['project_id']}")


def _research_cancelled(d: Draft, p: dict[str, Any]) -> None:
    _close_research(d, p["project_id"])


def _research_unfunded(d: Draft, p: dict[str, Any]) -> None:
    _research(d, p["project_id"], spent=0, interrupted=())


def _research_rolled(d: Draft, p: dict[str, Any]) -> None:
    d.add_mu(p["civ_id"], -p["mu"])
    _research(d, p["project_id"], spent=p["spent_after"], successes=p["successes_after"],
              catastrophe=p.get("catastrophe") or d.research[p["project_id"]].catastrophe, interrupted=())


def _research_table_rolled(d: Draft, p: dict[str, Any]) -> None:
    civ = d.civs[p["civ_id"]]
    d.civs[civ.civ_id] = replace(civ, research_progress=p["progress_after"])
    if p["project_id"] in d.research:
        _research(d, p["project_id"], extra_rolls=0)


def _learned(d: Draft, p: dict[str, Any]) -> None:
    civ = d.civs[p["civ_id"]]
    d.civs[civ.civ_id] = replace(civ, techs=civ.techs | {p["tech"]})
    if p.get("project_id") is not None:
        _close_research(d, p["project_id"])


def _transferred(d: Draft, p: dict[str, Any]) -> None:
    if p["complete"]:
        civ = d.civs[p["to_civ"]]
        d.civs[civ.civ_id] = replace(civ, techs=civ.techs | {p["tech"]}, mu=civ.mu - p["fee"])


def _interrupted(d: Draft, p: dict[str, Any]) -> None:
    project = d.research.get(p["project_id"])
    if project is not None:
        _research(d, project.project_id, interrupted=tuple(sorted({*project.interrupted, p["unit_id"]})))


def _catastrophe_ruled(d: Draft, p: dict[str, Any]) -> None:
    _research(d, p["project_id"], catastrophe="", successes=p["successes_after"])
    for unit_id in p["damaged"]:
        unit = d.units[unit_id]
        d.unit(unit_id, hp=p["hp_after"].get(str(unit_id), unit.hp))


def _research_adjusted(d: Draft, p: dict[str, Any]) -> None:
    _research(d, p["project_id"], successes=p["successes"], spent=p["spent"], scientists=p["scientists"])


def _to_options(settings: Mapping[str, Any]) -> dict[str, Any]:
    on = bool(settings["module_cw_research"])
    return {"research": settings.get("research_system", CLUSTER_WAR) if on else ""}


def _system_played(options: RuleOptions) -> str:
    return options.research


MODULE = RuleModule(
    key="research",
    label="Cluster War research",
    switch=ModuleSwitch(
        "module_cw_research",
        "R&D: research points, projects and their results.",
        to_options=_to_options,
        # the module only when the world has it on, so a world without it reads as before
        from_options=lambda options: ({"module_cw_research": True, "research_system": options.research}
                                      if options.research else {}),
        options=(Setting(
            "research_system", "modules", "Research system",
            "Cluster War §8.0: each project rolls d100 against the R&D table on what it spent; Alpha Centauri: one "
            "free Research table roll a round (Dead End, Progress, Copy, Breakthrough).",
            Kind.CHOICE, CLUSTER_WAR, Effect.NEXT_ROUND,
            (("cluster_war", "Cluster War R&D roll"), ("alpha_centauri", "Alpha Centauri Research table"))),),
        step_fills={
            "explore.3": "each funded research project pays its MU a round and rolls for its next success (on the "
                         "campaign's research system); a project's last success makes its technology known, to "
                         "build at once.",
            "explore.13": "start a research project at a colony or science unit, fund, move or cancel one; its "
                          "units are Engaged on it and its first roll is next round's Explore 3.",
        },
    ),
    is_on=lambda options: bool(options.research),
    rule_values={rp.SYSTEM_PLAYED: _system_played},
    events=EVENTS,
    reducers={
        "ResearchStarted": _research_started,
        "ResearchFunded": _research_funded,
        "ResearchExtraRollsBought": _research_rolls_bought,
        "ResearchMoved": _research_moved,
        "ResearchCancelled": _research_cancelled,
        "ResearchUnfunded": _research_unfunded,
        "ResearchRolled": _research_rolled,
        "ResearchTableRolled": _research_table_rolled,
        "TechnologyLearned": _learned,
        "TechnologyTransferred": _transferred,
        "ResearchInterrupted": _interrupted,
        "CatastropheRuled": _catastrophe_ruled,
        "ResearchAdjusted": _research_adjusted,
    },
    # Explore 13's kinds are carried out by its hook (carry_out None); Explore 8's transfer among the core step's
    # orders.
    orders=(
        ModuleOrder(
            OrderKind(
                "StartResearch",
                "Start a research project",
                "Research a technology at one of your colonies or science units: MU a round, paid as each round's roll "
                "is made; units with science stations there add +1% each (never more than the table's chance).",
                frozenset({"explore.13"}),
                (Field("tech", "Technology", "tech"), Field("poi_id", "Where", "poi"),
                 Field("mu_per_round", "MU a round", "integer", maximum=orders.MAX_MU_PER_ROUND),
                 Field("unit_ids", "Research units", "units", required=False)),
                orders.check_start_research,
                orders.offer_start_research,
            ),
            None, orders.start_price, orders.start_odds,
        ),
        ModuleOrder(
            OrderKind(
                "FundResearch",
                "Fund a research project",
                "Change what a project gets each round (0 stops it: what it spent on its current success is lost at "
                "the next roll); on the Alpha Centauri table, buy extra rolls at 10 MU each.",
                frozenset({"explore.13"}),
                (Field("project_id", "Project", "project"),
                 Field("mu_per_round", "MU a round", "integer", maximum=orders.MAX_MU_PER_ROUND),
                 Field("extra_rolls", "Extra rolls (Alpha Centauri)", "integer", required=False,
                       maximum=orders.MAX_EXTRA_ROLLS)),
                orders.check_fund_research,
                orders.offer_project,
            ),
            None, orders.fund_price, orders.fund_odds,
        ),
        ModuleOrder(
            OrderKind(
                "MoveResearch",
                "Move a research project",
                "Carry a project to another colony or science unit; its units stay behind, spending is kept.",
                frozenset({"explore.13"}),
                (Field("project_id", "Project", "project"), Field("poi_id", "Where", "poi"),
                 Field("unit_ids", "Research units there", "units", required=False)),
                orders.check_move_research,
                orders.offer_move_research,
            ),
            None,
        ),
        ModuleOrder(
            OrderKind(
                "CancelResearch",
                "Cancel a research project",
                "Stop a project for good: its units are free, its spending and partial successes are lost.",
                frozenset({"explore.13"}),
                (Field("project_id", "Project", "project"),),
                orders.check_cancel_research,
                orders.offer_cancel_research,
            ),
            None,
        ),
        ModuleOrder(
            OrderKind(
                "TransferTechnology",
                "Transfer a technology",
                "Give a technology to a civilization you can speak with (§8.1): it pays 250 MU to retool if it can, or "
                "gets it incomplete and must finish it with a project of its own.",
                frozenset({"explore.8"}),
                (Field("to_civ_id", "To", "civ"), Field("tech", "Technology", "tech")),
                orders.check_transfer_technology,
                orders.offer_transfer_technology,
            ),
            steps.transfer_technology,
        ),
    ),
    hooks=(
        StepHook("explore.3", "after", steps.research_rolls),
        # With the module off too: its orders are refused (as they were), and a project left open still loses a
        # unit a skirmish pulls away.
        StepHook("explore.13", "after", steps.research_orders, also_when_off=True),
        StepHook("exterminate.3", "after", steps.interruptions, also_when_off=True),
    ),
)
