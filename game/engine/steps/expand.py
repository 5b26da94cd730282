"""Expand: "players claim territory, build new units, and modify their habitat to suit their populations." """

from __future__ import annotations

from game.engine import rulings, yards
from game.engine.designer import mine_output
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.orders.prices import order_price
from game.engine.step_input import StepInput
from game.engine.steps.common import run_orders, to_civ
from game.engine.world import (
    ConstructionProject,
    UnitState,
    World,
    site_occupier,
)


def _load(order: OrderCommand, world: World) -> list[Event]:
    return _cargo_event("CargoLoaded", order, world)


def _unload(order: OrderCommand, world: World) -> list[Event]:
    return _cargo_event("CargoUnloaded", order, world)


def _cargo_event(kind: str, order: OrderCommand, world: World) -> list[Event]:
    unit = world.units[order.payload["unit_id"]]
    return [
        to_civ(
            order.civ_id,
            kind,
            {
                "unit_id": unit.unit_id,
                "poi_id": unit.poi_id,
                "ore": order.payload.get("ore", 0),
                "rider_ids": list(order.payload.get("rider_ids", [])),
            },
        )
    ]


def expand_1_cargo_ships_load_or_unload(step_input: StepInput, dice: Dice) -> list[Event]:
    """1. Cargo ships which arrived in the previous Explore phase may now load or unload Ore or Units. They
    are now Engaged until the start of the next Round.

    Any Operational cargo ship at a Point of Interest may do so (arriving is the usual way to get there, but a
    ship built in place must not be stranded); Ore moves between the hold and the civilization's stock there.
    """
    return run_orders(step_input, {"LoadCargo": _load, "UnloadCargo": _unload})


def expand_2_colonies_become_operational(step_input: StepInput, dice: Dice) -> list[Event]:
    """2. Colonies that were built last Round now become Operational."""
    return [
        to_civ(c.civ_id, "ColonyOperational", {"colony_id": c.colony_id})
        for _, c in sorted(step_input.world.colonies.items())
        if not c.operational
    ]


def expand_3_units_become_operational(step_input: StepInput, dice: Dice) -> list[Event]:
    """3. Units built last Round now come Operational.

    The same moment as Expand 8's "Operational at the start of the next Fiscal Quarter". A project whose unit
    is no longer its civilization's unit Under Construction (a world repaired by the GM, or stored before units
    on the slip were kept out of skirmishes) is closed here, so the round always goes on. (The crew module's hook
    after it mans the units completed, `game.modules.crew.steps`.)
    """
    return project_completions(step_input.world)


def project_completions(world: World) -> list[Event]:
    """Expand 3's work, dice-free: each completed project's mine or unit, or the project closed."""
    events: list[Event] = []
    for _, project in sorted(world.projects.items()):
        if project.mine_id is not None:
            if project.completed:
                planet_id = world.mines[project.mine_id].planet_id
                payload = {"mine_id": project.mine_id, "project_id": project.project_id, "planet_id": planet_id}
                events.append(to_civ(project.civ_id, "MineCompleted", payload))
            continue
        unit = world.units.get(project.unit_id) if project.unit_id is not None else None
        payload = {"unit_id": project.unit_id, "project_id": project.project_id}
        if unit is None or unit.civ_id != project.civ_id or unit.state is not UnitState.UNDER_CONSTRUCTION:
            reason = "the unit it was building is gone"
            events.append(to_civ(project.civ_id, "ConstructionAbandoned", {**payload, "reason": reason}))
        elif project.completed:
            events.append(to_civ(project.civ_id, "UnitCompleted", payload))
    return events


def expand_4_terraforming_becomes_permanent(step_input: StepInput, dice: Dice) -> list[Event]:
    """4. Terraforming that was completed last round now becomes Permanent. (The planet is now Viable.)"""
    return [
        to_civ(t.civ_id, "TerraformingMadePermanent", {"project_id": t.project_id, "planet_id": t.planet_id})
        for _, t in sorted(step_input.world.terraforming.items())
        if t.completed
    ]


def _colonize(order: OrderCommand, world: World) -> list[Event]:
    price = order_price(world, order)
    return [
        to_civ(
            order.civ_id,
            "ColonyFounded",
            {
                "colony_id": world.next_id,
                "civ_id": order.civ_id,
                "planet_id": order.payload["planet_id"],
                "unit_id": order.payload["unit_id"],
                "population": rulings.COLONY_START_POP,
                "mu": price.mu,
            },
        )
    ]


def expand_5_colonize(step_input: StepInput, dice: Dice) -> list[Event]:
    """5. Any unit with the Colonize ability can now begin building a colony if it is in the same sector as a
    Viable Planet. This usually takes only one Fiscal Quarter and consumes the colonization unit.

    The colony costs its Cluster War price (§7.0), paid in MU now (`world.colonization_price`).
    """
    return run_orders(step_input, {"Colonize": _colonize})


def _construct(order: OrderCommand, world: World) -> list[Event]:
    design = world.designs[order.payload["design_id"]]
    planet = world.planets[order.payload["planet_id"]]
    crash = order.payload.get("crash", "")
    price = order_price(world, order)
    project_id, unit_id = world.next_id, world.next_id + 1
    return [
        to_civ(
            order.civ_id,
            "ConstructionStarted",
            {
                "project_id": project_id,
                "unit_id": unit_id,
                "civ_id": order.civ_id,
                "design_id": design.design_id,
                "name": order.payload.get("name") or f"{design.name} {unit_id}",
                "poi_id": planet.poi_id,
                "sector_id": world.pois[planet.poi_id].sector_id,
                "builder_id": order.payload["unit_id"],
                "bp_needed": price.bp,
                "mu": price.mu,
                "hp": design.stats.hp,
                **({"crash": crash} if crash else {}),
            },
        )
    ]


def _build_mine(order: OrderCommand, world: World) -> list[Event]:
    planet = world.planets[order.payload["planet_id"]]
    stations = order.payload["stations"]
    price = order_price(world, order)
    project_id, mine_id = world.next_id, world.next_id + 1
    return [
        to_civ(
            order.civ_id,
            "MineStarted",
            {
                "project_id": project_id,
                "mine_id": mine_id,
                "civ_id": order.civ_id,
                "planet_id": planet.planet_id,
                "poi_id": planet.poi_id,
                "builder_id": order.payload["unit_id"],
                "stations": stations,
                "output": mine_output(stations),
                "bp_needed": price.bp,
                "mu": price.mu,
            },
        )
    ]


def _resume(order: OrderCommand, world: World) -> list[Event]:
    project = world.projects[order.payload["project_id"]]
    return [
        to_civ(
            order.civ_id,
            "ConstructionResumed",
            {"project_id": project.project_id, **_product(project), "builder_id": order.payload["unit_id"]},
        )
    ]


def expand_6_start_construction(step_input: StepInput, dice: Dice) -> list[Event]:
    """6. Any unit with the Construction ability can now begin building any unit the Civilization knows how to
    manufacture, if it is in the same sector as a Suitable Site. Monetary Units equal to the cost of the new
    unit must be spent now.

    A builder may instead take up a project of its civilization already begun at a site in its Sector (one
    whose builders were lost, or to add its Build Points): it was paid for when it began. A mine is a facility
    built the same way (BuildMine, at a planet the civilization holds): its stations' MU now, a BP and an Ore
    each as it is built (Expand 8), operational at the start of the next quarter (Expand 3).

    With the repair and refits module (game.engine.yards) a yard or a repair ship may instead start repairing a
    damaged unit, a yard refitting or scrapping one (Cluster War §6.6, §9.6); with the ground war module
    (game.modules.ground_war) a colony's training base raises battalions.
    """
    return run_orders(
        step_input,
        {"StartConstruction": _construct, "BuildMine": _build_mine, "ResumeConstruction": _resume},
    )


def _terraform(order: OrderCommand, world: World) -> list[Event]:
    planet = world.planets[order.payload["planet_id"]]
    return [
        to_civ(
            order.civ_id,
            "TerraformingStarted",
            {
                "project_id": world.next_id,
                "civ_id": order.civ_id,
                "planet_id": planet.planet_id,
                "unit_id": order.payload["unit_id"],
                "tp_needed": planet.terraform_tp,
                "mu": order_price(world, order).mu,
            },
        )
    ]


def expand_7_start_terraforming(step_input: StepInput, dice: Dice) -> list[Event]:
    """7. Any unit with the Terraform ability may now begin Terraforming. This is an ongoing process taking
    several FQs and costing several MUs up front and one Ore for each Terraforming Point."""
    return run_orders(step_input, {"StartTerraforming": _terraform})


def _output(world: World, unit_ids: tuple[int, ...], task: str, terraform: bool) -> int:
    """Points the working units put in: a destroyed unit is gone, one that evaded or survived still works."""
    total = 0
    for unit_id in unit_ids:
        unit = world.units.get(unit_id)
        if unit is None or unit.state is not UnitState.ENGAGED or unit.task != task:
            continue
        specials = world.design_of(unit).specials
        total += specials.terraform_tp if terraform else specials.construction_bp
    return total


def expand_8_construction_advances(step_input: StepInput, dice: Dice) -> list[Event]:
    """8. All building projects currently under construction advance by however many Build Points the
    Construction Units building them can output in one FQ. Ore is consumed at a rate of 1:1 per BP. If a
    civilization has insufficient ore at the site, apply as much ore as possible to this project, then all
    other projects at this site halt until more ore is available. If a unit finishes Construction, it has the
    option of applying any leftover Build Points to another project currently under construction at the same
    site, provided enough ore is on hand at the site.) Any new unit that is now fully built will become
    Operational at the start of the next Fiscal Quarter.

    Projects at a site go in the order they were started; leftover Build Points always pass to the next one.
    A project without a builder at work (its builders were destroyed or captured) keeps its Build Points and
    waits for a builder to resume it (Expand 6). While another civilization occupies a colony of its owner at
    the site, every project there halts and its builders are freed. With the repair and refits module, repairs and
    refits advance after it (`game.modules.yards`).
    """
    world = step_input.world
    sites: dict[tuple[int, str], list[ConstructionProject]] = {}
    for _, project in sorted(world.projects.items()):
        if not project.completed:
            sites.setdefault((project.civ_id, project.poi_id), []).append(project)
    events: list[Event] = []
    for (civ_id, poi_id), projects in sorted(sites.items()):
        occupier = site_occupier(world, civ_id, poi_id)
        if occupier is not None:
            reason = f"{world.pois[poi_id].name} is occupied by {world.civs[occupier].name}"
            for project in projects:
                events.append(_halted(project, reason))
                task = f"construction:{project.project_id}"
                events.extend(
                    to_civ(civ_id, "UnitReleased", {"unit_id": builder_id, "task": task})
                    for builder_id in project.builder_ids
                    if builder_id in world.units and world.units[builder_id].task == task
                )
            continue
        ore = world.ore_at(civ_id, poi_id)
        leftover = 0
        for project in projects:
            # Crash building (§6.7, game.engine.yards) halves the time: its builders' Build Points count twice.
            speed = yards.CRASH_SPEED if project.crash else 1
            available = leftover + speed * _output(
                world, project.builder_ids, f"construction:{project.project_id}", False
            )
            leftover = 0
            if available <= 0:
                events.append(_halted(project, "no builder is at work on it; a builder at the site can resume it"))
                continue
            bp = min(available, project.bp_needed - project.bp_done, ore)
            if bp > 0:
                ore -= bp
                events.append(
                    to_civ(
                        civ_id,
                        "ConstructionAdvanced",
                        {
                            "project_id": project.project_id,
                            "bp": bp,
                            "ore": bp,
                        },
                    )
                )
            if project.bp_done + bp >= project.bp_needed:
                events.append(
                    to_civ(
                        civ_id,
                        "ConstructionCompleted",
                        {"project_id": project.project_id, **_product(project)},
                    )
                )
                leftover = available - bp
            elif bp < available:
                # Short of Ore: this project took what there was; the rest of the site waits.
                short = available - bp
                events.append(
                    _halted(project, f"{short} Ore short at {world.pois[poi_id].name}", ore_short=short)
                )
                break
    return events


def _product(project: ConstructionProject) -> dict[str, int | None]:
    """What a project builds, as its events name it: the unit, or the mine."""
    return {"mine_id": project.mine_id} if project.mine_id is not None else {"unit_id": project.unit_id}


def _halted(project: ConstructionProject, reason: str, **details: int) -> Event:
    payload = {"project_id": project.project_id, "poi_id": project.poi_id, "reason": reason, **details}
    return to_civ(project.civ_id, "ConstructionHalted", payload)


def expand_9_terraforming_advances(step_input: StepInput, dice: Dice) -> list[Event]:
    """9. All Terraforming projects currently under underway advance by however many Terraforming Points the
    Terraforming Units building them can output in one FQ. Ore is consumed at a rate of one per TP. If a
    Terraforming Unit has insufficient ore on hand to continue the terraforming this Round, then apply as much
    ore as possible and then wait for next Round. For each Round that passes after this one, the project loses
    one Terraforming Point per Fiscal Quarter. If a unit finishes Terraforming, any leftover TP this Round are
    wasted.

    Ore "on hand" is the civilization's stock at the planet's Point of Interest. A project that ran short
    loses a point in each later round in which it gets no Ore at all.
    """
    world = step_input.world
    stocks: dict[tuple[int, str], int] = {}
    events: list[Event] = []
    for _, project in sorted(world.terraforming.items()):
        if project.completed:
            continue
        tp = _output(world, project.unit_ids, f"terraform:{project.project_id}", True)
        if tp <= 0:
            continue
        site = (project.civ_id, world.planets[project.planet_id].poi_id)
        ore = stocks.setdefault(site, world.ore_at(*site))
        wanted = min(tp, project.tp_needed - project.tp_done)
        used = min(wanted, ore)
        stocks[site] = ore - used
        if used > 0:
            change = used
        else:
            change = -min(rulings.TERRAFORM_DECAY_PER_ROUND, project.tp_done) if project.starved else 0
        events.append(
            to_civ(
                project.civ_id,
                "TerraformingAdvanced",
                {
                    "project_id": project.project_id,
                    "tp": change,
                    "ore": used,
                    "starved": used < wanted,
                },
            )
        )
        if project.tp_done + change >= project.tp_needed:
            events.append(to_civ(project.civ_id, "TerraformingCompleted", {"project_id": project.project_id}))
    return events
