"""One whole round (all 42 steps) of a large campaign, resolved the way the app does it, on PostgreSQL.

Builds 16 civilizations, 2,000 Points of Interest and 50,000 units, stores the World in `Campaign.world` like the
app, gives the orders a busy round would see (a raid per civilization, courses, cargo, construction, salvage)
through `services.order_submit` while their step is open, and resolves every step through
`services.step_advance` + `services.step_resolve` in this process (the worker's part, called directly instead of
through Celery). First the same round through the engine alone, in memory (what the steps cost), then through
the app (what a GM waits for: the engine plus loading and storing the World and the events at every step). Prints
seconds per phase, the slowest steps, the total and the unit count. The aim (issue 3): the whole round under 5
seconds on the 2-core machine. (The app's battles roll their own dice per skirmish, so its results need not
match the in-memory pass.)

Run from the project root: `python benchmarks/round.py --units 25000 50000 100000` (default 50,000): the
scaling table at the end gives each size's round (each in a process of its own) and its growth against the size
before. Nobody watches the campaign unless `--watched` (every kind of viewer has it open, so every step's push is
cut for the GM, each civilization and the spectators, as when the whole table is online). DATABASE_URL defaults to
postgres://postgres@127.0.0.1:5432/centaurian_bench (created if missing; migrated on every run; the campaigns an earlier
run left are deleted first).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a plain script from any directory

from game.engine.combat import Defense, Weapon
from game.engine.phases import ALL_STEPS
from game.engine.units import Scale, Specials, UnitDesign, UnitStats
from game.engine.world import (
    Civilization,
    Colony,
    ConstructionProject,
    Mine,
    Planet,
    PointOfInterest,
    Sector,
    TerraformProject,
    Unit,
    UnitState,
    World,
    sector_id,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/centaurian_bench"
CIVS = 16
POIS = 2_000
UNITS = 50_000
GRID = 64  # a 64 x 64 hex map; every other Sector of a civilization's region holds a Point of Interest
REGIONS = 4  # 4 x 4 regions, one civilization each
AIM_SECONDS = 5.0
BENCHMARK_NAME = "Round benchmark "  # the campaigns this benchmark makes, and deletes when it runs again


def ensure_database(url: str) -> None:
    """Create the benchmark's database if it does not exist (connecting to the server's `postgres` database)."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    server = parts._replace(path="/postgres").geturl()
    with psycopg.connect(server, autocommit=True) as connection:
        if connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
            connection.execute(f'CREATE DATABASE "{name}"')


def setup_django() -> None:
    os.environ.setdefault("DATABASE_URL", DEFAULT_DATABASE_URL)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cvsite.settings")
    os.environ.setdefault("DEBUG", "0")  # DEBUG keeps every query's SQL, a world's JSON each time
    ensure_database(os.environ["DATABASE_URL"])
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _design(design_id: str, name: str, scale: Scale, sensors: int = 1, movement: int = 1, armed: bool = False,
            specials: Specials | None = None, crew: int = 10) -> UnitDesign:
    stats = UnitStats(sensors=sensors, signature=10, movement_rate=movement, targeting=1, evasion=1,
                      weapons=1 if armed else 0, defenses=1 if armed else 0, hp=10)
    return UnitDesign(design_id, name, scale, stats,
                      weapons=(Weapon("energy", 4.0),) if armed else (),
                      defenses=(Defense("ballistic", 2.0),) if armed else (),
                      specials=specials or Specials(), crew=crew)


DESIGNS = (
    _design("warship", "Warship", Scale.CORVETTE, movement=8, armed=True, specials=Specials(ftl=True)),
    _design("scout", "Scout", Scale.CORVETTE, sensors=2, movement=8, specials=Specials(ftl=True)),
    _design("freighter", "Freighter", Scale.CORVETTE, movement=8, specials=Specials(cargo_capacity=500, ftl=True)),
    _design("builder", "Builder", Scale.VEHICLE, specials=Specials(construction_bp=50), crew=2),
    _design("terraformer", "Terraformer", Scale.VEHICLE, specials=Specials(terraform_tp=4), crew=2),
    _design("salvager", "Salvager", Scale.VEHICLE, specials=Specials(salvage=True, cargo_capacity=50), crew=2),
)
# Unit mix, per 20 units of a civilization.
MIX = ("warship",) * 8 + ("scout",) * 4 + ("freighter",) * 3 + ("builder", "terraformer", "salvager") + ("scout",) * 2


def build_world(civ_ids: list[int], units_wanted: int = UNITS, seed: int = 7
                ) -> tuple[World, dict[int, dict[str, Any]]]:
    """The campaign's World, and for each civilization what its orders will need (home, raid target, units)."""
    rng = random.Random(seed)
    size = GRID // REGIONS
    sectors = {sector_id(q, r): Sector(sector_id(q, r)) for q in range(GRID) for r in range(GRID)}
    pois: dict[str, PointOfInterest] = {}
    planets: dict[str, Planet] = {}
    region_pois: dict[int, list[str]] = {}
    per_civ = POIS // CIVS
    for index, civ_id in enumerate(civ_ids):
        q0, r0 = (index % REGIONS) * size, (index // REGIONS) * size
        cells = [(q, r) for q in range(q0, q0 + size) for r in range(r0, r0 + size) if (q + r) % 2 == 0]
        chosen = rng.sample(cells, per_civ)
        region_pois[civ_id] = []
        for n, (q, r) in enumerate(chosen):
            poi_id = f"p{civ_id}-{n}"
            pois[poi_id] = PointOfInterest(poi_id, sector_id(q, r), "star_system", f"Star {civ_id}-{n}",
                                           hidden=1 if n % 10 == 9 else 0)
            region_pois[civ_id].append(poi_id)
            for k in range(3):
                planet_id = f"{poi_id}-{k}"
                planets[planet_id] = Planet(planet_id, poi_id, f"Planet {civ_id}-{n}-{k}", ore_deposit=500,
                                            viable=k == 0, suitable_site=k == 0, max_population=1000,
                                            terraform_tp=12)
    civs: dict[int, Civilization] = {}
    units: dict[int, Unit] = {}
    colonies: dict[int, Colony] = {}
    mines: dict[int, Mine] = {}
    projects: dict[int, ConstructionProject] = {}
    terraforming: dict[int, TerraformProject] = {}
    ore_stocks: dict[tuple[int, str], int] = {}
    plans: dict[int, dict[str, Any]] = {}
    terraformed: set[str] = set()
    next_id = 1
    per_civ_units = units_wanted // CIVS
    for index, civ_id in enumerate(civ_ids):
        home = region_pois[civ_id][0]
        target_civ = civ_ids[(index + 1) % CIVS]
        target_home = region_pois[target_civ][0]
        surveyed = frozenset(f"{poi_id}-{k}" for poi_id in region_pois[civ_id][:20] for k in range(3))
        civs[civ_id] = Civilization(civ_id, f"Civ {index + 1}", mu=100_000,
                                    known_pois=frozenset(region_pois[civ_id]), surveyed_planets=surveyed)
        for poi_id in region_pois[civ_id][:20]:  # 20 colonies and mines a civilization
            colonies[next_id] = Colony(next_id, civ_id, f"{poi_id}-0", 200, 180, operational=True)
            mines[next_id + 1] = Mine(next_id + 1, civ_id, f"{poi_id}-0")
            ore_stocks[(civ_id, poi_id)] = 200
            next_id += 2
        plan: dict[str, Any] = {"home": home, "target_civ": target_civ,
                                "raid_sector": pois[target_home].sector_id, "junk_sector": None, "at_home": {}}
        n, first_unit = -1, len(units)
        while len(units) - first_unit < per_civ_units:  # the units Under Construction count too
            n += 1
            design_id = MIX[n % len(MIX)]
            raid = n < 40 and design_id == "warship"  # a raiding party at the neighbour's home
            poi_id = target_home if raid else (home if n < 200 else rng.choice(region_pois[civ_id]))
            unit = Unit(next_id, civ_id, design_id, f"{design_id}-{next_id}", pois[poi_id].sector_id, poi_id, hp=10.0)
            next_id += 1
            room = per_civ_units - (len(units) - first_unit) >= 2
            if design_id == "builder" and n % 40 == 15 and poi_id != home and room:
                project_id, truck_id = next_id, next_id + 1
                next_id += 2
                projects[project_id] = ConstructionProject(project_id, civ_id, poi_id, "starter-utility-truck",
                                                           truck_id, (unit.unit_id,), 10)
                units[truck_id] = Unit(truck_id, civ_id, "starter-utility-truck", f"truck-{truck_id}",
                                       unit.sector_id, poi_id, UnitState.UNDER_CONSTRUCTION, hp=10.0)
                ore_stocks[(civ_id, poi_id)] = ore_stocks.get((civ_id, poi_id), 0) + 5
                unit = replace(unit, state=UnitState.ENGAGED, task=f"construction:{project_id}")
            elif design_id == "terraformer" and n % 40 == 16 and f"{poi_id}-1" not in terraformed:
                terraformed.add(f"{poi_id}-1")
                terraforming[next_id] = TerraformProject(next_id, civ_id, f"{poi_id}-1", (unit.unit_id,), 12)
                unit = replace(unit, state=UnitState.ENGAGED, task=f"terraform:{next_id}")
                next_id += 1
            elif design_id == "salvager" and plan["junk_sector"] is None and poi_id != home:
                sectors[unit.sector_id] = Sector(unit.sector_id, junk=300)
                plan["junk_sector"], plan["salvager"] = unit.sector_id, unit.unit_id
            elif n % 20 == 13 and n >= 200:  # a scout in transit, some arriving this round
                unit = replace(unit, state=UnitState.EN_ROUTE, destination_sector=pois[home].sector_id,
                               destination_poi=home, eta_left=rng.choice((4, 8, 12)))
            units[unit.unit_id] = unit
            if poi_id == home and unit.state is UnitState.OPERATIONAL:
                plan["at_home"].setdefault(design_id, []).append(unit.unit_id)
        plans[civ_id] = plan
    world = World(designs={**World().designs, **{d.design_id: d for d in DESIGNS}}, sectors=sectors, pois=pois,
                  planets=planets, civs=civs, units=units, colonies=colonies, mines=mines, projects=projects,
                  terraforming=terraforming, ore_stocks=ore_stocks, next_id=next_id)
    return world, plans


def orders_for(step: str, plans: dict[int, dict[str, Any]]) -> dict[int, list[tuple[str, dict[str, Any]]]]:
    """The orders each civilization gives in `step`: one of each kind a busy round sees."""
    orders: dict[int, list[tuple[str, dict[str, Any]]]] = defaultdict(list)
    for civ_id, plan in plans.items():
        if step == "explore.7":
            orders[civ_id].append(("StartSkirmish", {"sector_id": plan["raid_sector"],
                                                     "target_civ_id": plan["target_civ"]}))
        elif step == "explore.14":
            orders[civ_id].append(("PlotCourse", {"unit_id": plan["at_home"]["scout"][0],
                                                  "sector_id": plan["raid_sector"]}))
        elif step == "expand.1":
            orders[civ_id].append(("LoadCargo", {"unit_id": plan["at_home"]["freighter"][0], "ore": 50}))
        elif step == "expand.6":
            orders[civ_id].append(("StartConstruction", {"unit_id": plan["at_home"]["builder"][0],
                                                         "planet_id": f"{plan['home']}-0",
                                                         "design_id": "starter-light-space-fighter"}))
        elif step == "exploit.8" and plan["junk_sector"] is not None:
            orders[civ_id].append(("Salvage", {"unit_id": plan["salvager"]}))
    return orders


def resolve_in_memory(world: World, plans: dict[int, dict[str, Any]]) -> tuple[dict[str, float], World]:
    """The round through the engine alone (what the worker computes), without the database: seconds per step."""
    from combat.engine.registry import combat_system
    from game.engine.apply import apply_events
    from game.engine.dice import SeededDice, step_seed
    from game.engine.orders import OrderCommand
    from game.engine.phases import GalacticDate, Pointer
    from game.engine.resolve import resolve_step
    from game.engine.step_input import StepInput

    per_step: dict[str, float] = {}
    for index, step in enumerate(ALL_STEPS):
        orders = tuple(OrderCommand(civ_id, step.key, kind, payload)
                       for civ_id, given in orders_for(step.key, plans).items() for kind, payload in given)
        started = time.perf_counter()
        step_input = StepInput(Pointer(1, index), GalacticDate.of_round(1, 1), tuple(sorted(world.civs)), orders,
                               world, combat_system("instant_mass"))
        events = resolve_step(step_input, SeededDice(step_seed("bench", 1, step.key)))
        world = apply_events(world, events)
        per_step[step.key] = time.perf_counter() - started
        for event in events:
            if event.type == "OrderRejected":
                print(f"  engine refused {event.payload['kind']} of civ {event.civ_id}: {event.payload['reason']}")
    return per_step, world


def report(title: str, per_step: dict[str, float]) -> None:
    phases: dict[str, float] = defaultdict(float)
    for key, seconds in per_step.items():
        phases[key.split(".")[0]] += seconds
    total = sum(per_step.values())
    print(title)
    for phase, seconds in phases.items():
        print(f"  {phase:<12} {seconds:7.2f} s")
    print(f"  {'round':<12} {total:7.2f} s over {len(per_step)} steps, {total / len(per_step):.3f} s a step "
          f"(aim {AIM_SECONDS} s)")
    slowest = sorted(per_step.items(), key=lambda item: item[1], reverse=True)[:5]
    print("  slowest steps: " + ", ".join(f"{key} {seconds:.2f} s" for key, seconds in slowest))


def run(units: int, watched: bool) -> tuple[float, float, float, float, float]:
    """One round at `units` units: seconds of the engine alone (wall, CPU), through the app (wall, CPU), and of
    the snapshot a round stores (in the app's wall time). `watched`: as if a socket of every kind of viewer had
    the campaign open, so every push is cut for each of them (`game.realtime.watched`)."""
    from django.contrib.auth import get_user_model

    from game import dispatch, realtime, services, state_io
    from game.engine.world import world_from_dict
    from game.errors import ServiceError
    from game.models import Campaign, Civilization, Event, UnitRow
    from game.visibility import reading_viewers

    # The worker's part is called below, in this process; nothing goes to Celery.
    dispatch.enqueue = lambda task_name, *args: None

    # Earlier runs' campaigns go first: left in the database, each run's 50,000 unit rows and 13,000 events made
    # the next run's writes slower (1.43 s -> 1.59 s a round after a dozen runs).
    Campaign.objects.filter(name__startswith=BENCHMARK_NAME).delete()
    users = get_user_model()
    tag = f"{time.time_ns():x}"
    gm = users.objects.create_user(f"bench-gm-{tag}")
    campaign = services.campaign_create(gm, name=f"{BENCHMARK_NAME}{tag}", seed="bench",
                                        rule_options={"combat_system": "instant_mass"})
    players = {}
    for index in range(CIVS):
        player = users.objects.create_user(f"bench-{tag}-{index}")
        civ = services.campaign_join(player, invite_token=campaign.invite_token, civ_name=f"Civ {index + 1}")
        players[civ.pk] = player
    if watched:
        for kind in reading_viewers(list(players)):
            realtime.watch(campaign.pk, kind, 1)

    started = time.perf_counter()
    world, plans = build_world(sorted(players), units)
    built = time.perf_counter() - started
    started = time.perf_counter()
    # A new world, as a galaxy start or a scenario stores it: the snapshot and every unit's row.
    state_io.store_snapshot(Campaign.objects.get(pk=campaign.pk), world)
    stored = time.perf_counter() - started
    started = time.perf_counter()
    world_from_dict(Campaign.objects.get(pk=campaign.pk).world)
    parsed = time.perf_counter() - started
    print(f"{len(world.civs)} civilizations, {len(world.pois)} Points of Interest, {len(world.planets)} planets, "
          f"{len(world.units)} units, {len(world.colonies)} colonies, {len(world.sectors)} Sectors")
    print(f"built in {built:.2f} s; snapshot and rows stored in {stored:.2f} s; world_from_dict {parsed:.2f} s")

    cpu = time.process_time()
    engine_steps, _ = resolve_in_memory(world, plans)
    engine_cpu = time.process_time() - cpu
    report("engine only (resolve_step + apply_events in memory, no database):", engine_steps)
    print(f"  CPU time of this process: {engine_cpu:.2f} s (what a shared machine's load does not inflate)")
    per_step: dict[str, float] = {}
    submitted, refused, submitting = 0, 0, 0.0
    snapshot_seconds = 0.0
    store = state_io.store_snapshot

    def timed_store(*args: Any) -> None:
        nonlocal snapshot_seconds
        began = time.perf_counter()
        store(*args)
        snapshot_seconds += time.perf_counter() - began

    state_io.store_snapshot = timed_store  # type: ignore[assignment]  # measured, not changed
    cpu = time.process_time()
    try:
        for index, step in enumerate(ALL_STEPS):
            started = time.perf_counter()
            for civ_id, orders in orders_for(step.key, plans).items():
                for number, (kind, payload) in enumerate(orders):
                    try:
                        services.order_submit(players[civ_id], campaign.pk, round=1, step=step.key, kind=kind,
                                              payload=payload, idempotency_key=f"{step.key}-{number}")
                        submitted += 1
                    except ServiceError as error:
                        refused += 1
                        print(f"  refused {kind} of civ {civ_id}: {error}")
            submitting += time.perf_counter() - started
            started = time.perf_counter()
            services.step_advance(gm, campaign.pk, expected_round=1, expected_step=step.key)
            if not services.step_resolve(campaign.pk, 1, index):
                raise RuntimeError(f"{step.key} was not resolved")
            per_step[step.key] = time.perf_counter() - started
    finally:
        state_io.store_snapshot = store
    app_cpu = time.process_time() - cpu

    final = state_io.load_world(Campaign.objects.get(pk=campaign.pk))
    print(f"orders: {submitted} submitted ({refused} refused) in {submitting:.2f} s, "
          f"{submitting / max(1, submitted + refused):.3f} s each")
    report("through the app (step_advance + step_resolve on PostgreSQL):", per_step)
    print(f"  of which the new round's snapshot: {snapshot_seconds:.2f} s; CPU time of this process (the orders "
          f"included, PostgreSQL's not): {app_cpu:.2f} s")
    events = Event.objects.filter(campaign=campaign).count()
    rows = UnitRow.objects.filter(campaign=campaign).count()
    print(f"units: {len(world.units)} before, {len(final.units)} after ({rows} unit rows); {events} events stored; "
          f"{Civilization.objects.filter(campaign=campaign).count()} civilizations")
    return sum(engine_steps.values()), engine_cpu, sum(per_step.values()), app_cpu, snapshot_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", type=int, nargs="+", default=[UNITS],
                        help="unit counts to run, e.g. --units 25000 50000 100000")
    parser.add_argument("--watched", action="store_true",
                        help="as if the GM, every civilization's players and a spectator had the campaign open: "
                             "every push is cut for each kind of viewer (by default nobody watches)")
    parser.add_argument("--row-file", help=argparse.SUPPRESS)  # a size's own process writes its figures here
    args = parser.parse_args()
    if args.row_file:
        setup_django()
        (units,) = args.units
        print(f"\n=== {units} units ===", flush=True)
        Path(args.row_file).write_text(json.dumps([units, *run(units, args.watched)]))
        return
    results = []
    for units in args.units:
        # Each size in a process of its own: after a round of another size, one process ran the next size's
        # engine 10-20% slower (its heap and caches, not the garbage collector: the same with it off).
        with tempfile.NamedTemporaryFile(suffix=".json") as figures:
            subprocess.run([sys.executable, __file__, "--units", str(units), "--row-file", figures.name,
                            *(["--watched"] if args.watched else [])], check=True)
            results.append(tuple(json.loads(Path(figures.name).read_text())))
    print(f"\nscaling (seconds a round, wall and this process's CPU; x: against the row above), "
          f"{'every kind of viewer' if args.watched else 'nobody'} watching")
    print(f"{'units':>8} {'engine':>8} {'cpu':>6} {'x':>5} {'app':>8} {'cpu':>6} {'x':>5} {'snapshot':>9} "
          f"{'app/engine':>10}")
    previous: tuple[Any, ...] | None = None
    for row in results:
        units, engine, engine_cpu, app, app_cpu, snapshot = row
        growth = ("", "") if previous is None else (f"{engine / previous[1]:.2f}", f"{app / previous[3]:.2f}")
        print(f"{units:>8} {engine:>8.2f} {engine_cpu:>6.2f} {growth[0]:>5} {app:>8.2f} {app_cpu:>6.2f} "
              f"{growth[1]:>5} {snapshot:>9.2f} {app / engine:>9.1f}x")
        previous = row
    print("app/engine: the round through the app against the engine alone, both in this run (issue 35's aim: at "
          "most 2.5x at 50,000 units)")


if __name__ == "__main__":
    main()
