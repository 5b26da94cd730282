"""Research (issue 14): the module's hooks after Explore 3 (the rolls) and Explore 13 (the orders), its Explore 8
order (a technology transfer, Cluster War §8.1, by the core's `technology_transfer`, which Explore 10's technology
exchange shares) and its hook after Exterminate 3 (a skirmish interrupts research units). The campaign's research
system (`RuleOptions.research`) chooses Cluster War §8.0's R&D roll or Alpha Centauri's Research table.
"""

from __future__ import annotations

from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.factions import FACTIONS_BY_KEY
from game.engine.orders import OrderCommand
from game.engine.orders.prices import order_price
from game.engine.research import projects as rp
from game.engine.research.alpha_centauri import CATALOGUE as AC_CATALOGUE
from game.engine.research.rules import (
    AC_DIE,
    ALPHA_CENTAURI,
    CLUSTER_WAR,
    ac_result,
    cw_outcome,
    proposed_severity,
)
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ
from game.engine.steps.diplomacy import technology_transfer
from game.engine.world import ResearchProject, World


def research_rolls(step_input: StepInput, dice: Dice) -> list[Event]:
    """Explore 3, while the module is on: any Research Projects whose Research Time has been met or exceeded now
    officially become finished Inventions you can build right away.

    Research Time is Cluster War §8.0's successes (docs/rules.md, "Research"): each funded project pays its MU and
    rolls d100 against the R&D table; a project left unfunded loses what it spent on its current success; the last
    success makes the technology known at once. Under the Alpha Centauri system each civilization rolls the
    Research table instead (one free roll, the extra ones it bought, University's).
    """
    world = step_input.world
    if world.options.research == CLUSTER_WAR:
        return _cluster_war_rolls(world, dice)
    if world.options.research == ALPHA_CENTAURI:
        return _alpha_centauri_rolls(world, dice)
    return []


def _learned(project: ResearchProject, world: World, how: str = "research") -> Event:
    return to_civ(project.civ_id, "TechnologyLearned", {
        "civ_id": project.civ_id, "tech": project.tech, "tech_name": rp.tech_name(world, project.tech), "how": how,
        "project_id": project.project_id})


def _cluster_war_rolls(world: World, dice: Dice) -> list[Event]:
    events: list[Event] = []
    treasury = {civ_id: civ.mu for civ_id, civ in world.civs.items()}
    catalogue = rp.catalogue_of(world)
    for project in sorted(world.research.values(), key=lambda p: p.project_id):
        if project.system != CLUSTER_WAR:
            continue
        name = rp.tech_name(world, project.tech)
        mu = project.mu_per_round
        if mu <= 0 or treasury[project.civ_id] < mu:
            # "A project left unfunded for one turn resets that step's CP to 0" (a treasury short of the MU a
            # round leaves it unfunded too).
            if project.spent:
                events.append(to_civ(project.civ_id, "ResearchUnfunded", {
                    "project_id": project.project_id, "civ_id": project.civ_id, "tech_name": name,
                    "lost": project.spent}))
            continue
        treasury[project.civ_id] -= mu
        chance = rp.next_chance(world, project)
        roll = dice.roll(100, f"research: {name} (project {project.project_id})")
        outcome = cw_outcome(roll, chance.chance)
        successes = project.successes + (outcome == "success")
        payload: dict[str, object] = {
            "project_id": project.project_id, "civ_id": project.civ_id, "tech": project.tech, "tech_name": name,
            "mu": mu, **chance.as_payload(), "roll": roll, "outcome": outcome,
            "spent_after": chance.spent if outcome == "failure" else 0, "successes_after": successes,
            "needed": project.needed}
        catastrophe: Event | None = None
        if outcome == "catastrophe":
            tech = catalogue.get(project.tech) if catalogue is not None else None
            severity_roll = dice.roll(6, f"research catastrophe severity: {name}")
            payload["catastrophe"] = proposed_severity(severity_roll, tech.category if tech else "")
            catastrophe = to_civ(project.civ_id, "ResearchCatastrophe", {
                "project_id": project.project_id, "civ_id": project.civ_id, "tech_name": name,
                "poi_id": project.poi_id, "proposed": payload["catastrophe"], "severity_roll": severity_roll})
        events.append(to_civ(project.civ_id, "ResearchRolled", payload))
        if catastrophe is not None:
            events.append(catastrophe)
        if successes >= project.needed:
            events.append(_learned(project, world))
    return events


def _alpha_centauri_rolls(world: World, dice: Dice) -> list[Event]:
    """"Each player makes one free roll on the Research Table" (+ bought rolls, + University's one); each roll
    goes to the civilization's oldest open project. Progress is +1 on the next roll only; Copy Technology learns
    the target if an opponent knows it, else one of the opponents' technologies it lacks, chosen by a die."""
    events: list[Event] = []
    for civ_id, civ in sorted(world.civs.items()):
        queue = [p for p in rp.open_projects(world, civ_id) if p.system == ALPHA_CENTAURI]
        if not queue:
            continue
        faction = FACTIONS_BY_KEY.get(civ.faction)
        modifier = faction.research_roll_modifier if faction else 0
        free_rolls = 1 + (faction.extra_research_rolls if faction else 0)
        rolls = [True] * free_rolls + [False] * sum(p.extra_rolls for p in queue)
        known = set(civ.techs)
        progress = civ.research_progress
        for free in rolls:
            while queue and queue[0].tech in known:
                queue.pop(0)
            if not queue:
                break
            project = queue[0]
            name = rp.tech_name(world, project.tech)
            roll = dice.roll(AC_DIE, f"research table: {civ.name}")
            total = roll + modifier + progress
            result = ac_result(total)
            progress = 1 if result == "progress" else 0
            copied = None
            if result == "copy":
                copied = _copy_target(world, civ_id, project.tech, known, dice)
            payload = {"project_id": project.project_id, "civ_id": civ_id, "tech_name": name, "roll": roll,
                       "modifier": total - roll, "total": total, "result": result,
                       "progress_after": progress, "free": free,
                       "copied": rp.tech_name(world, copied) if copied else None}
            events.append(to_civ(civ_id, "ResearchTableRolled", payload))
            if result == "breakthrough" or copied == project.tech:
                events.append(_learned(project, world, "breakthrough" if result == "breakthrough" else "copy"))
                known.add(project.tech)
            elif copied is not None:
                known.add(copied)
                events.append(to_civ(civ_id, "TechnologyLearned", {
                    "civ_id": civ_id, "tech": copied, "tech_name": rp.tech_name(world, copied), "how": "copy",
                    "project_id": None}))
    return events


def _copy_target(world: World, civ_id: int, target: str, known: set[str], dice: Dice) -> str | None:
    """"Put a Marker on an Opponent's Tech": the project's own target if an opponent has it, else a die picks
    among the opponents' technologies (T cards) this civilization lacks; None when there is none to copy."""
    theirs = {k for c, other in world.civs.items() if c != civ_id for k in other.techs}
    if target in theirs:
        return target
    candidates = sorted(k for k in theirs - known if (t := AC_CATALOGUE.get(k)) is not None and t.kind.value ==
                        "technology")
    if not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0]
    return candidates[dice.roll(len(candidates), "research table: which technology to copy") - 1]


def _start(order: OrderCommand, world: World) -> list[Event]:
    catalogue = rp.catalogue_of(world)
    assert catalogue is not None
    tech = catalogue.by_key[order.payload["tech"]]
    project_id = world.next_id
    return [to_civ(order.civ_id, "ResearchStarted", {
        "project_id": project_id, "civ_id": order.civ_id, "tech": tech.key, "tech_name": tech.name,
        "system": catalogue.system, "poi_id": order.payload["poi_id"],
        "mu_per_round": order.payload["mu_per_round"], "needed": rp.needed_for(world, order.civ_id, tech),
        "unit_ids": sorted(order.payload.get("unit_ids") or ()),
        **({"paid": paid} if (paid := order_price(world, order).mu) else {})})]


def _fund(order: OrderCommand, world: World) -> list[Event]:
    project = world.research[order.payload["project_id"]]
    name = rp.tech_name(world, project.tech)
    events = [to_civ(order.civ_id, "ResearchFunded", {
        "project_id": project.project_id, "civ_id": order.civ_id, "tech_name": name,
        "mu_per_round": order.payload["mu_per_round"]})]
    rolls = order.payload.get("extra_rolls") or 0
    if rolls:
        events.append(to_civ(order.civ_id, "ResearchExtraRollsBought", {
            "project_id": project.project_id, "civ_id": order.civ_id, "tech_name": name, "rolls": rolls,
            "mu": order_price(world, order).mu}))
    return events


def _move(order: OrderCommand, world: World) -> list[Event]:
    project = world.research[order.payload["project_id"]]
    moved = [to_civ(order.civ_id, "ResearchMoved", {
        "project_id": project.project_id, "civ_id": order.civ_id, "tech_name": rp.tech_name(world, project.tech),
        "poi_id": order.payload["poi_id"], "released": list(project.unit_ids),
        "joined": sorted(order.payload.get("unit_ids") or ())})]
    return moved


def _cancel(order: OrderCommand, world: World) -> list[Event]:
    project = world.research[order.payload["project_id"]]
    return [to_civ(order.civ_id, "ResearchCancelled", {
        "project_id": project.project_id, "civ_id": order.civ_id, "tech_name": rp.tech_name(world, project.tech),
        "reason": "cancelled by order"})]


def research_orders(step_input: StepInput, dice: Dice) -> list[Event]:
    """Explore 13, with the module on or off (off, each order is refused): if you have any Researchers not
    currently Engaged, you may now give the order to research a new technology.

    A project is started, funded, moved or cancelled here; its units with science stations are Engaged on it
    from now on. Its first roll is the next round's Explore 3, and its MU are paid then.
    """
    return run_orders(step_input, {"StartResearch": _start, "FundResearch": _fund, "MoveResearch": _move,
                                   "CancelResearch": _cancel})


def transfer_technology(order: OrderCommand, world: World) -> list[Event]:
    """Explore 8 — §8.1: "a full transfer costs the receiver 250 CP per transfer" for retooling; "if the fee is not
    paid, the tech is incomplete, and the receiver must open an R&D project to finish integrating it" (one
    success, docs/rules.md "Research — transfers")."""
    return technology_transfer(world, order.civ_id, order.payload["to_civ_id"], order.payload["tech"])


def interruptions(step_input: StepInput, dice: Dice) -> list[Event]:
    """Exterminate 3, after its orders, with the module on or off (a project left open still loses the unit's
    stations)."""
    return research_interruptions(step_input.world)


def research_interruptions(world: World) -> list[Event]:
    """A research unit caught in a skirmish that has begun leaves its work for the fight (or to
    evade it): it keeps its task, but its stations do not count at the next roll."""
    events: list[Event] = []
    for skirmish in sorted(world.skirmishes.values(), key=lambda s: s.skirmish_id):
        if skirmish.status != "begun":
            continue
        for unit_id in skirmish.unit_ids:
            unit = world.units.get(unit_id)
            kind, _, ref = ((unit.task or "") if unit else "").partition(":")
            if unit is not None and kind == "research" and int(ref) in world.research:
                events.append(to_civ(unit.civ_id, "ResearchInterrupted", {
                    "project_id": int(ref), "civ_id": unit.civ_id, "unit_id": unit_id,
                    "skirmish_id": skirmish.skirmish_id}))
    return events

