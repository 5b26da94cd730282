"""Explore 9 (Diplomacy) and 10 (Trades), steps the rules leave TODO: the diplomacy module (game.modules.diplomacy)
and the Council module (game.modules.council) fill them. Both modules' Explore 9 orders run here, among each
other in the order given; Explore 10 is the Council's vote (its hook before the step) and then the treaties' answers
(the diplomacy module's hook after it). A technology given under §8.1's terms is the core's (`technology_transfer`),
as a technology exchange and the research module's TransferTechnology both give one.
"""

from __future__ import annotations

from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.research import projects as rp
from game.engine.research.rules import TRANSFER_FEE_MU
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ, to_civs
from game.engine.world import World


def explore_9_diplomacy(step_input: StepInput, dice: Dice) -> list[Event]:
    """9. TODO Diplomacy — filled by the diplomacy module: treaties are proposed (to a civilization within
    communications range), broken, and war declared; and by the Council module: the Planetary Governor may prevent
    one attack declared in Explore 7 and put a Proposal to the Council. Their orders run here, in the order given."""
    return run_orders(step_input, {}, dice)


def technology_transfer(world: World, from_civ: int, to_civ_id: int, tech: str) -> list[Event]:
    """One technology given under §8.1's terms: by a technology exchange (the diplomacy module) or by the research
    module's TransferTechnology order (Explore 8). "A full transfer costs the receiver 250 CP per transfer" for
    retooling; "if the fee is not paid, the tech is incomplete, and the receiver must open an R&D project to finish
    integrating it" (one success, docs/rules.md "Research — transfers"), on the campaign's research system."""
    receiver = world.civs[to_civ_id]
    complete = receiver.mu >= TRANSFER_FEE_MU
    name = rp.tech_name(world, tech)
    events = [to_civs([from_civ, to_civ_id], "TechnologyTransferred", {
        "from_civ": from_civ, "to_civ": to_civ_id, "tech": tech, "tech_name": name,
        "fee": TRANSFER_FEE_MU if complete else 0, "complete": complete})]
    sites = rp.research_sites(world, to_civ_id)
    busy = any(p.tech == tech for p in rp.open_projects(world, to_civ_id))
    catalogue = rp.catalogue_of(world)
    if not complete and sites and not busy and catalogue is not None:
        # The incomplete technology's own project: one success to integrate it, unfunded until the receiver funds it.
        events.append(to_civ(to_civ_id, "ResearchStarted", {
            "project_id": world.next_id, "civ_id": to_civ_id, "tech": tech, "tech_name": name,
            "system": catalogue.system, "poi_id": sites[0], "mu_per_round": 0, "needed": 1, "unit_ids": []}))
    return events


def explore_10_trades(step_input: StepInput, dice: Dice) -> list[Event]:
    """10. TODO Trades — filled by the Council module: the Council votes on the Governor's Proposal (its hook
    before the step); and by the diplomacy module: each treaty proposed in Explore 9 is accepted or declined, one
    left unanswered lapses, open borders and technology exchanges in force act (its hook after the step)."""
    return []
