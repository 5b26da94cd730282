"""Expand 1-9: cargo, things coming online, colonizing, construction and terraforming."""

from __future__ import annotations

from dataclasses import replace

from game.engine.world import Colony, ConstructionProject, TerraformProject, UnitState, World
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world


def _surveyed(w: World, civ_id: int = 1, *planets: str) -> World:
    civ = w.civs[civ_id]
    return replace(w, civs={**w.civs, civ_id: replace(civ, surveyed_planets=frozenset(planets or w.planets))})


def _stock(w: World, poi: str, ore: int, civ_id: int = 1) -> World:
    return replace(w, ore_stocks={**w.ore_stocks, (civ_id, poi): ore})


def test_expand_1_cargo_ships_load_ore_and_units_and_are_engaged_until_next_round() -> None:
    w = _stock(with_units(world(), unit(1, 1, "freighter"), unit(2, 1, "marine")), "sol", 500)
    events, after = run(w, "expand.1", order(1, "expand.1", "LoadCargo", unit_id=1, ore=300, rider_ids=[2]))
    assert of_type(events, "CargoLoaded") == [{"unit_id": 1, "poi_id": "sol", "ore": 300, "rider_ids": [2]}]
    assert after.ore_at(1, "sol") == 200 and after.units[1].ore == 300 and after.units[2].carried_by == 1
    assert (after.units[1].state, after.units[1].task) == (UnitState.ENGAGED, "cargo")
    # Engaged now: it cannot unload in the same step.
    events, _ = run(after, "expand.1", order(1, "expand.1", "UnloadCargo", unit_id=1, ore=10))
    assert "engaged" in of_type(events, "OrderRejected")[0]["reason"]


def test_expand_1_the_hold_takes_no_more_than_its_capacity() -> None:
    w = _stock(with_units(world(), unit(1, 1, "freighter")), "sol", 5_000)
    events, _ = run(w, "expand.1", order(1, "expand.1", "LoadCargo", unit_id=1, ore=2_001))
    assert of_type(events, "OrderRejected")[0]["reason"] == "the hold has room for 2000, not 2001."


def test_expand_1_unloading_puts_ore_in_the_sites_stock() -> None:
    w = with_units(world(), unit(1, 1, "freighter", "1,0", "vega", ore=80))
    _, after = run(w, "expand.1", order(1, "expand.1", "UnloadCargo", unit_id=1, ore=80))
    assert after.ore_at(1, "vega") == 80 and after.units[1].ore == 0


def test_expand_2_colonies_built_last_round_become_operational() -> None:
    w = replace(world(), colonies={5: Colony(5, 1, "terra", 1, 1)})
    _, after = run(w, "expand.2")
    assert after.colonies[5].operational


def test_expand_5_colonizing_a_viable_planet_consumes_the_unit() -> None:
    w = _surveyed(with_units(world(), unit(1, 1, "colony-ship")))
    events, after = run(w, "expand.5", order(1, "expand.5", "Colonize", unit_id=1, planet_id="mars"),
                        order(1, "expand.5", "Colonize", unit_id=1, planet_id="terra"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "mars is not a Viable Planet."
    assert 1 not in after.units
    assert after.colonies[100] == Colony(100, 1, "terra", 1, 1, operational=False)
    assert run(after, "expand.2")[1].colonies[100].operational


def test_expand_5_colonizing_needs_a_survey() -> None:
    w = with_units(world(), unit(1, 1, "colony-ship"))
    events, _ = run(w, "expand.5", order(1, "expand.5", "Colonize", unit_id=1, planet_id="terra"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "you have not surveyed a planet terra."


def test_expand_6_construction_at_a_suitable_site_pays_its_mu_now() -> None:
    w = _surveyed(with_units(world(), unit(1, 1, "builder")))
    events, after = run(w, "expand.6", order(1, "expand.6", "StartConstruction", unit_id=1, planet_id="terra",
                                             design_id="starter-light-corvette"))
    started = of_type(events, "ConstructionStarted")[0]
    # The designer's price of a Light Corvette: 20 MU now, 10 BP of work.
    assert (started["bp_needed"], started["mu"]) == (10, 20)
    assert after.civs[1].mu == 980
    assert after.units[101].state is UnitState.UNDER_CONSTRUCTION
    assert after.units[1].task == "construction:100"
    events, _ = run(after, "expand.6", order(1, "expand.6", "StartConstruction", unit_id=1, planet_id="mars",
                                             design_id="starter-light-space-fighter"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "Builder *U1* is engaged: it cannot start construction."


def test_expand_6_only_at_a_suitable_site_and_within_the_treasury() -> None:
    w = _surveyed(with_units(world(), unit(1, 1, "builder")))
    w = replace(w, civs={**w.civs, 1: replace(w.civs[1], mu=19)})
    events, _ = run(w, "expand.6", order(1, "expand.6", "StartConstruction", unit_id=1, planet_id="mars",
                                         design_id="starter-light-space-fighter"),
                    order(1, "expand.6", "StartConstruction", unit_id=1, planet_id="terra",
                          design_id="starter-light-corvette"))
    assert [e["reason"] for e in of_type(events, "OrderRejected")] == [
        "mars is not a Suitable Site.", "a Light Corvette costs 20 MU; your treasury holds 19."
    ]


def _projects(w: World, *projects: tuple[int, int, int, int]) -> World:
    """(project id, builder id, BP needed, BP done) at Sol, each with its builder Engaged on it."""
    units = []
    table = {}
    for project_id, builder_id, needed, done in projects:
        units.append(unit(builder_id, 1, "builder", state=UnitState.ENGAGED, task=f"construction:{project_id}"))
        units.append(unit(project_id + 50, 1, "marine", state=UnitState.UNDER_CONSTRUCTION))
        table[project_id] = ConstructionProject(project_id, 1, "sol", "marine", project_id + 50, (builder_id,),
                                                needed, done)
    return replace(with_units(w, *units), projects=table)


def test_expand_8_projects_advance_by_build_points_one_ore_each() -> None:
    w = _stock(_projects(world(), (1, 11, 20, 0)), "sol", 50)
    events, after = run(w, "expand.8")
    assert of_type(events, "ConstructionAdvanced") == [{"project_id": 1, "bp": 5, "ore": 5}]
    assert after.projects[1].bp_done == 5 and after.ore_at(1, "sol") == 45


def test_expand_8_an_ore_shortage_halts_the_other_projects_at_the_site() -> None:
    w = _stock(_projects(world(), (1, 11, 20, 0), (2, 12, 20, 0)), "sol", 3)
    events, after = run(w, "expand.8")
    assert of_type(events, "ConstructionAdvanced") == [{"project_id": 1, "bp": 3, "ore": 3}]
    assert of_type(events, "ConstructionHalted") == [
        {"project_id": 1, "poi_id": "sol", "reason": "2 Ore short at Sol", "ore_short": 2}]
    assert after.projects[2].bp_done == 0 and after.ore_at(1, "sol") == 0


def test_expand_8_leftover_build_points_go_to_the_next_project_at_the_site() -> None:
    w = _stock(_projects(world(), (1, 11, 20, 18), (2, 12, 20, 0)), "sol", 50)
    events, after = run(w, "expand.8")
    # Project 1 needs 2 of builder 11's 5 BP; the other 3 join builder 12's 5 on project 2.
    assert of_type(events, "ConstructionAdvanced") == [
        {"project_id": 1, "bp": 2, "ore": 2}, {"project_id": 2, "bp": 8, "ore": 8}]
    assert after.projects[1].completed and after.units[11].state is UnitState.OPERATIONAL
    assert after.units[51].state is UnitState.UNDER_CONSTRUCTION


def test_expand_3_units_built_last_round_come_operational() -> None:
    w = _stock(_projects(world(), (1, 11, 20, 18)), "sol", 50)
    w = run(w, "expand.8")[1]
    _, after = run(w, "expand.3", round_number=2)
    assert after.units[51].state is UnitState.OPERATIONAL and after.projects == {}


def _terraforming(w: World, done: int = 0, starved: bool = False) -> World:
    w = with_units(w, unit(1, 1, "terraformer", state=UnitState.ENGAGED, task="terraform:9"))
    return replace(w, terraforming={9: TerraformProject(9, 1, "mars", (1,), 6, done, starved)})


def test_expand_7_terraforming_costs_mu_up_front() -> None:
    w = _surveyed(with_units(world(), unit(1, 1, "terraformer")))
    _, after = run(w, "expand.7", order(1, "expand.7", "StartTerraforming", unit_id=1, planet_id="mars"))
    assert after.civs[1].mu == 994 and after.terraforming[100].tp_needed == 6


def test_expand_9_terraforming_advances_one_ore_per_point() -> None:
    _, after = run(_stock(_terraforming(world()), "sol", 10), "expand.9")
    assert after.terraforming[9].tp_done == 4 and after.ore_at(1, "sol") == 6


def test_expand_9_a_starved_project_waits_then_loses_a_point_each_round() -> None:
    events, after = run(_stock(_terraforming(world()), "sol", 1), "expand.9")
    assert of_type(events, "TerraformingAdvanced") == [{"project_id": 9, "tp": 1, "ore": 1, "starved": True}]
    _, after = run(after, "expand.9")
    assert after.terraforming[9].tp_done == 0


def test_expand_9_leftover_points_are_wasted_and_expand_4_makes_it_permanent() -> None:
    events, after = run(_stock(_terraforming(world(), done=5), "sol", 10), "expand.9")
    assert of_type(events, "TerraformingAdvanced")[0]["ore"] == 1  # 1 point needed of 4: 3 wasted
    assert after.terraforming[9].completed and after.units[1].state is UnitState.OPERATIONAL
    _, after = run(after, "expand.4", round_number=2)
    assert after.planets["mars"].viable and after.terraforming == {}
