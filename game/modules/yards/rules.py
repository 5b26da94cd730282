"""Cluster War repair, refits and scrapping (§6.6, §9.6): the module's declaration.

A yard (a Construction unit beside a Suitable Site) or a repair ship takes a damaged unit in for repair, a yard
refits one to another design of its hull or scraps it (Expand 6); the work advances after each Expand 8's
construction. Crash building (§6.7), the module's option of the core's StartConstruction, stays with that order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine.apply import Draft
from game.engine.catalogue import CIV, EventType, Optional
from game.engine.orders.model import Field, OrderKind
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.world import UnitState, YardJob
from game.modules.yards import orders, steps

EVENTS = (
    EventType("RepairStarted", {"unit_id": int, "civ_id": int, "yard_id": int, "bp_needed": int, "mu": int,
                                "rounds": int}, CIV,
              "{unit_id:unit} went in for repair with {yard_id:unit}: {bp_needed} BP of work, {mu:n} MU, about "
              "{rounds} round(s)."),
    EventType("RefitStarted", {"unit_id": int, "civ_id": int, "yard_id": int, "design_id": str, "bp_needed": int,
                               "mu": int, "rounds": int}, CIV,
              "{unit_id:unit} went into {yard_id:unit}'s yard to be refitted as a {design_id:design}: {bp_needed} BP "
              "of work, {mu:n} MU, about {rounds} round(s)."),
    EventType("YardWorkAdvanced", {"unit_id": int, "bp": int, "hp": float, "halted": Optional(str)}, CIV,
              "{unit_id:unit}: {bp} BP of yard work done, {hp:g} hit points[; halted: {halted}]."),
    EventType("RepairCompleted", {"unit_id": int, "hp": float}, CIV,
              "{unit_id:unit} is repaired ({hp:g} hit points) and back in service."),
    EventType("RefitCompleted", {"unit_id": int, "design_id": str}, CIV,
              "{unit_id:unit} is refitted as a {design_id:design} and back in service."),
    EventType("YardWorkAbandoned", {"unit_id": int, "reason": str}, CIV,
              "The yard work on {unit_id:unit} stopped: {reason}."),
    EventType("UnitScrapped", {"unit_id": int, "civ_id": int, "name": str, "design_id": str, "yard_id": int,
                               "poi_id": str, "ore": int}, CIV,
              "{name} ({design_id:design}) was scrapped at {poi_id:poi}: {ore:n} Ore returned."),
)

# The unit and its yard are Engaged on the work until it ends.


def _yard_job(d: Draft, p: dict[str, Any], kind: str, design_id: str = "") -> None:
    d.add_mu(p["civ_id"], -p["mu"])
    d.yard_jobs[p["unit_id"]] = YardJob(p["unit_id"], p["civ_id"], kind, p["yard_id"], p["bp_needed"],
                                        design_id=design_id)
    for unit_id in (p["unit_id"], p["yard_id"]):
        d.unit(unit_id, state=UnitState.ENGAGED, task=f"yard:{p['unit_id']}")


def _repair_started(d: Draft, p: dict[str, Any]) -> None:
    _yard_job(d, p, "repair")


def _refit_started(d: Draft, p: dict[str, Any]) -> None:
    _yard_job(d, p, "refit", p["design_id"])


def _yard_work(d: Draft, p: dict[str, Any]) -> None:
    job = d.yard_jobs[p["unit_id"]]
    d.yard_jobs[job.unit_id] = replace(job, bp_done=job.bp_done + p["bp"])
    d.unit(job.unit_id, hp=float(p["hp"]))


def _yard_job_ends(d: Draft, unit_id: int) -> None:
    job = d.yard_jobs.pop(unit_id)
    d.release((job.unit_id, job.yard_id), task=f"yard:{unit_id}")


def _repaired(d: Draft, p: dict[str, Any]) -> None:
    d.unit(p["unit_id"], hp=float(p["hp"]))
    _yard_job_ends(d, p["unit_id"])


def _refitted(d: Draft, p: dict[str, Any]) -> None:
    d.unit(p["unit_id"], design_id=p["design_id"], low_quality=False)  # §6.7: "A full refit brings [it] up to standard"
    _yard_job_ends(d, p["unit_id"])


def _yard_abandoned(d: Draft, p: dict[str, Any]) -> None:
    _yard_job_ends(d, p["unit_id"])


def _scrapped(d: Draft, p: dict[str, Any]) -> None:
    del d.units[p["unit_id"]]
    d.add_ore(p["civ_id"], p["poi_id"], p["ore"])


MODULE = RuleModule(
    key="yards",
    label="Cluster War repair and refits",
    switch=ModuleSwitch(
        "module_cw_yards",
        "Repair at a yard or by a repair ship, refits, scrapping and crash building (§6.6, §6.7, §9.6).",
        to_options=lambda settings: {"yards": bool(settings["module_cw_yards"])},
        from_options=lambda options: {"module_cw_yards": True} if options.yards else {},
    ),
    is_on=lambda options: options.yards,
    events=EVENTS,
    reducers={
        "RepairStarted": _repair_started,
        "RefitStarted": _refit_started,
        "YardWorkAdvanced": _yard_work,
        "RepairCompleted": _repaired,
        "RefitCompleted": _refitted,
        "YardWorkAbandoned": _yard_abandoned,
        "UnitScrapped": _scrapped,
    },
    orders=(
        ModuleOrder(
            OrderKind(
                "RepairUnit",
                "Repair a unit",
                "A damaged unit is repaired at a yard (a Construction unit in a Sector with your Suitable Site) or "
                "alongside a repair ship: half the damaged share of its price is paid now, the work advances each "
                "Expand 8.",
                frozenset({"expand.6"}),
                (Field("unit_id", "Damaged unit", "unit"), Field("yard_id", "Yard or repair ship", "unit")),
                orders.check_repair,
                orders.offer_repair,
            ),
            steps.repair, orders.price_of_repair,
        ),
        ModuleOrder(
            OrderKind(
                "RefitUnit",
                "Refit a unit",
                "A unit is refitted at a yard to another design of the same hull: the price difference is paid now, "
                "the work (half the new design's Build Points) advances each Expand 8.",
                frozenset({"expand.6"}),
                (Field("unit_id", "Unit", "unit"), Field("yard_id", "Yard", "unit"),
                 Field("design_id", "New design", "design")),
                orders.check_refit,
                orders.offer_refit,
            ),
            steps.refit, orders.price_of_refit,
        ),
        ModuleOrder(
            OrderKind(
                "ScrapUnit",
                "Scrap a unit",
                "A unit is broken up at a yard: half its Ore comes back to your stock there.",
                frozenset({"expand.6"}),
                (Field("unit_id", "Unit", "unit"), Field("yard_id", "Yard", "unit")),
                orders.check_scrap,
                orders.offer_scrap,
            ),
            steps.scrap,
        ),
    ),
    hooks=(StepHook("expand.8", "after", steps.yard_work_advances),),
    order_fields={"StartConstruction": ("crash",)},  # crash building (§6.7)
)
