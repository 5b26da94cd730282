"""The repair and refits module's part of Expand (game.engine.yards): carrying out the orders of Expand 6, and the
yard work it adds after Expand 8's construction."""

from __future__ import annotations

from game.engine import supply, yards
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.orders.prices import order_price
from game.engine.step_input import StepInput
from game.engine.steps.common import to_civ
from game.engine.world import UnitState, World, YardJob
from game.modules.yards.orders import rate_of, yard_site


def repair(order: OrderCommand, world: World) -> list[Event]:
    unit, yard = world.units[order.payload["unit_id"]], world.units[order.payload["yard_id"]]
    quote = yards.repair_quote(world, unit, rate_of(world, order.civ_id, yard))
    payload = {"unit_id": unit.unit_id, "civ_id": order.civ_id, "yard_id": yard.unit_id, "bp_needed": quote.bp,
               "mu": order_price(world, order).mu, "rounds": quote.rounds}
    return [to_civ(order.civ_id, "RepairStarted", payload)]


def refit(order: OrderCommand, world: World) -> list[Event]:
    unit, yard = world.units[order.payload["unit_id"]], world.units[order.payload["yard_id"]]
    design = world.designs[order.payload["design_id"]]
    quote = yards.refit_quote(world, unit, design, rate_of(world, order.civ_id, yard))
    payload = {"unit_id": unit.unit_id, "civ_id": order.civ_id, "yard_id": yard.unit_id,
               "design_id": design.design_id, "bp_needed": quote.bp, "mu": order_price(world, order).mu,
               "rounds": quote.rounds}
    return [to_civ(order.civ_id, "RefitStarted", payload)]


def scrap(order: OrderCommand, world: World) -> list[Event]:
    unit, yard = world.units[order.payload["unit_id"]], world.units[order.payload["yard_id"]]
    site = yard_site(world, order.civ_id, yard)
    assert site is not None  # the order's check found the yard
    payload = {"unit_id": unit.unit_id, "civ_id": order.civ_id, "name": unit.name, "design_id": unit.design_id,
               "yard_id": yard.unit_id, "poi_id": site, "ore": yards.scrap_ore(world, unit)}
    return [to_civ(order.civ_id, "UnitScrapped", payload)]


def _stopped(world: World, job: YardJob) -> str:
    """Why the work cannot go on this round; "" when it can."""
    unit, yard = world.units.get(job.unit_id), world.units.get(job.yard_id)
    task = f"yard:{job.unit_id}"
    if unit is None or unit.state is not UnitState.ENGAGED or unit.task != task:
        return "the unit left the yard or was lost"
    if yard is None or yard.state is not UnitState.ENGAGED or yard.task != task:
        return "its yard or repair ship was lost"
    if yard.sector_id != unit.sector_id or rate_of(world, job.civ_id, yard) <= 0:
        return "it is no longer at a yard"
    return ""


def yard_work_advances(step_input: StepInput, dice: Dice) -> list[Event]:
    """After Expand 8's construction: every repair and refit advances by its yard's (or repair ship's) Build Points
    (§9.6, §6.6); a repaired unit gains hit points as the work goes. No Ore: the MU paid bought the parts. Work
    whose unit or yard is gone or has left stops, and whoever is left is free again."""
    world = step_input.world
    events: list[Event] = []
    for _, job in sorted(world.yard_jobs.items()):
        reason = _stopped(world, job)
        if reason:
            events.append(to_civ(job.civ_id, "YardWorkAbandoned", {"unit_id": job.unit_id, "reason": reason}))
            continue
        unit = world.units[job.unit_id]
        if world.options.supply and not supply.in_supply(world, job.civ_id, unit.sector_id):
            # The supply module: "being out of supply ... stops repairs and building" (its setting); the work waits.
            payload = {"unit_id": job.unit_id, "bp": 0, "hp": unit.hp, "halted": "out of supply"}
            events.append(to_civ(job.civ_id, "YardWorkAdvanced", payload))
            continue
        bp = min(rate_of(world, job.civ_id, world.units[job.yard_id]), job.bp_needed - job.bp_done)
        done = job.bp_done + bp >= job.bp_needed
        full = yards.max_hp(world, unit)
        hp = unit.hp
        if job.kind == "repair":
            hp = full if done else min(full, round(unit.hp + bp * yards.hp_per_bp(world, unit), 2))
        events.append(to_civ(job.civ_id, "YardWorkAdvanced", {"unit_id": job.unit_id, "bp": bp, "hp": hp}))
        if done and job.kind == "repair":
            events.append(to_civ(job.civ_id, "RepairCompleted", {"unit_id": job.unit_id, "hp": hp}))
        elif done:
            events.append(to_civ(job.civ_id, "RefitCompleted", {"unit_id": job.unit_id, "design_id": job.design_id}))
    return events
