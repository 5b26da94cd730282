"""Research rules without a database (issue 14): the R&D table against the printed rows, the chance with stations,
scientists and race traits, the catalogues' own checks, the Alpha Centauri table and limits, and the designer
holding a civilization to what its technologies unlock."""

from __future__ import annotations

from dataclasses import replace

import pytest

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.apply import apply_events
from game.engine.designer import design_problems
from game.engine.research import projects as rp
from game.engine.research.alpha_centauri import CATALOGUE as AC
from game.engine.research.cluster_war import CATALOGUE as CW
from game.engine.research.rules import ac_limit_problem, ac_result, base_chance, cw_chance, proposed_severity
from game.engine.research.technologies import Catalogue, CatalogueError, Difficulty, Kind, Technology, check_catalogue
from game.engine.scenario import parse_scenario, run_scenario
from game.engine.starts import ESCORT, START_DESIGNS, START_TECHS
from game.engine.units import Scale, Specials, UnitDesign, UnitStats
from game.engine.world import (
    Civilization,
    ResearchProject,
    RuleOptions,
    SkirmishState,
    UnitState,
    World,
    world_from_dict,
)
from game.modules.research.steps import research_interruptions

# Rows of the R&D Success Chance Table as printed (cluster-war-digest §8.0): MU spent -> %.
PRINTED = {25: 1, 200: 8, 600: 24, 850: 34, 1200: 48, 1250: 49, 2150: 67, 2400: 72, 2500: 73, 3600: 84, 3800: 85,
           4800: 90, 5200: 91, 6000: 93, 6800: 94, 7600: 95, 9200: 96, 12400: 97, 18800: 98, 31500: 99}


@pytest.mark.parametrize(("spent", "percent"), sorted(PRINTED.items()))
def test_the_rd_table_gives_the_printed_chance(spent: int, percent: int) -> None:
    assert base_chance(spent) == percent
    assert base_chance(spent - 1) == percent - 1  # the highest threshold not above what was spent


def test_below_25_mu_there_is_no_chance_and_nothing_beats_99() -> None:
    assert base_chance(24) == 0 and base_chance(10**9) == 99


def test_stations_add_one_each_but_never_more_than_the_base() -> None:
    assert cw_chance(250, stations=10, scientists=0).chance == 20  # §18: "10% + 10 stations -> 20%"
    assert cw_chance(250, stations=30, scientists=5).chance == 20
    assert cw_chance(31_500, stations=50, scientists=0).chance == 99


def test_extra_intelligence_multiplies_the_mu_and_non_academic_takes_ten_points() -> None:
    assert cw_chance(250, 0, 0, extra_intelligence=4).base == 14  # 250 x 1.4 = 350 MU
    assert cw_chance(250, 0, 0, extra_intelligence=9).base == 14  # at most four levels
    assert cw_chance(250, 0, 0, non_academic=True).chance == 0
    assert cw_chance(1000, 0, 0, non_academic=True).chance == 30


def test_weapons_research_proposes_worse_catastrophes() -> None:
    assert [proposed_severity(r, "hull") for r in (1, 3, 4, 6)] == ["minor", "minor", "serious", "serious"]
    assert [proposed_severity(r, "weapon") for r in (1, 2, 5)] == ["minor", "serious", "disaster"]


def test_the_catalogues_are_valid_and_a_broken_one_stops_the_import() -> None:
    check_catalogue(CW)
    check_catalogue(AC)
    broken = Catalogue("x", "Broken", (Technology("a", "A", "hull", Difficulty.DEPLOYMENT, requires=("b",)),
                                       Technology("b", "B", "hull", Difficulty.DEPLOYMENT, requires=("a",)),
                                       Technology("c", "C", "hull", Difficulty.DEPLOYMENT, unlocks=("scale:HUGE",))))
    with pytest.raises(CatalogueError, match="prerequisite cycle") as problem:
        check_catalogue(broken)
    assert "unknown scale 'HUGE'" in str(problem.value)


def test_successes_needed_follow_the_difficulty_and_the_tech_base() -> None:
    assert CW.by_key["hull_cruiser"].successes_for(False) == 1
    assert CW.by_key["terraforming"].successes_for(False) == 2
    assert CW.by_key["cloaking_technology"].successes_for(False) == 4
    assert CW.by_key["telepathy"].successes_for(False) == 3 and CW.by_key["telepathy"].successes_for(True) == 2
    assert CW.by_key["jump_drive"].successes_for(False) == 3  # discover, research, develop


def test_the_alpha_centauri_table_and_its_limits() -> None:
    assert [ac_result(n) for n in (0, 2, 3, 4, 5, 6, 7, 12)] == [
        "dead_end", "dead_end", "progress", "progress", "copy", "copy", "breakthrough", "breakthrough"]
    assert len([t for t in AC.technologies if t.kind is Kind.SECRET_PROJECT]) == 33
    assert ac_limit_problem(Kind.FACILITY, frozenset()) is not None
    assert ac_limit_problem(Kind.FACILITY, frozenset({"fusion_power"})) is None
    assert ac_limit_problem(Kind.SECRET_PROJECT, frozenset({"fusion_power", "quantum_lab"})) is None
    assert ac_limit_problem(Kind.SECRET_PROJECT, frozenset({"fusion_power"})) is not None


def _world(techs: frozenset[str], research: str = "cluster_war") -> World:
    return World(civs={1: Civilization(1, "Sol", techs=techs)}, options=RuleOptions(research=research))


def test_the_standard_start_knows_what_its_designs_use() -> None:
    world = _world(START_TECHS)
    known = rp.researched(world, 1)
    assert known is not None
    for design in START_DESIGNS:
        assert design_problems(design, known, gated=True, raises=rp.stat_raises(world, 1)) == ()


def test_the_designer_offers_only_what_the_civilization_knows() -> None:
    world = _world(START_TECHS)
    known = rp.researched(world, 1)
    assert known is not None
    cruiser = UnitDesign("c", "Cruiser", Scale.CRUISER, UnitStats(1, 10, 1, 1, 1, 0, 0, 10))
    assert [p.field for p in design_problems(cruiser, known, gated=True)] == ["scale"]
    missile = UnitDesign("m", "Missile Boat", Scale.CORVETTE, UnitStats(1, 10, 1, 5, 1, 0, 0, 10),
                         specials=Specials(terraform_tp=3))
    fields = [p.field for p in design_problems(missile, known, gated=True)]
    assert fields[:2] == ["stats.targeting", "specials.terraform_tp"]
    with_computers = _world(START_TECHS | {"battle_computers_1", "terraforming"})
    raised = rp.researched(with_computers, 1)
    assert raised is not None
    assert design_problems(missile, raised, gated=True, raises=rp.stat_raises(with_computers, 1)) == ()
    # With the module off the designer is as it was.
    assert rp.researched(_world(frozenset(), research=""), 1) is None
    assert design_problems(cruiser) == ()
    assert ESCORT in START_DESIGNS


def _lab_scenario(orders: list[dict[str, object]], rounds: int = 1) -> dict[str, object]:
    lab = {"design_id": "lab", "name": "Lab", "scale": "CORVETTE", "specials": {"research": 2}, "crew": 1,
           "stats": {"sensors": 1, "signature": 10, "movement_rate": 1, "targeting": 1, "evasion": 1, "weapons": 0,
                     "defenses": 0, "hp": 10}}
    return {
        "title": "Labs at Sol and Mars", "round": 1, "rounds": rounds, "dice": [99] * 5,
        "world": {"next_id": 50, "options": {"research": "cluster_war"}, "designs": [lab],
                  "sectors": [{"sector_id": "0,0"}],
                  "pois": [{"poi_id": "sol", "sector_id": "0,0", "kind": "star_system", "name": "Sol"},
                           {"poi_id": "mars", "sector_id": "0,0", "kind": "station", "name": "Mars Yard"}],
                  "civs": [{"civ_id": 1, "name": "Sol", "mu": 1000, "techs": ["hull_corvette", "hull_destroyer"]}],
                  "units": [{"unit_id": 2, "civ_id": 1, "design_id": "lab", "name": "A", "sector_id": "0,0",
                             "poi_id": "sol"},
                            {"unit_id": 3, "civ_id": 1, "design_id": "lab", "name": "B", "sector_id": "0,0",
                             "poi_id": "mars"}]},
        "orders": orders, "expect": {"civs.1.mu": 0}}


def test_a_moved_project_keeps_its_spending_and_frees_its_units_and_a_cancelled_one_frees_them_too() -> None:
    start = {"round": 1, "civ_id": 1, "step": "explore.13", "kind": "StartResearch",
             "payload": {"tech": "hull_cruiser", "poi_id": "sol", "mu_per_round": 100, "unit_ids": [2]}}
    move = {"round": 2, "civ_id": 1, "step": "explore.13", "kind": "MoveResearch",
            "payload": {"project_id": 50, "poi_id": "mars", "unit_ids": [3]}}
    run = run_scenario(parse_scenario(_lab_scenario([start, move], rounds=2), COMBAT_SYSTEMS))
    project = run.final.research[50]
    assert (project.poi_id, project.unit_ids, project.spent) == ("mars", (3,), 100)  # the 99 failed at Sol
    assert run.final.units[2].task is None and run.final.units[3].task == "research:50"
    cancel = {"round": 2, "civ_id": 1, "step": "explore.13", "kind": "CancelResearch", "payload": {"project_id": 50}}
    run = run_scenario(parse_scenario(_lab_scenario([start, cancel], rounds=2), COMBAT_SYSTEMS))
    assert run.final.research == {} and run.final.units[2].task is None
    assert "ResearchCancelled" in [e.type for e in run.events]


def test_a_skirmish_interrupts_a_research_unit_whose_stations_then_do_not_count() -> None:
    world = world_from_dict(_lab_scenario([])["world"])  # type: ignore[arg-type]
    world = replace(world, units={**world.units, 2: replace(world.units[2], state=UnitState.ENGAGED,
                                                                task="research:50")},
                    research={50: ResearchProject(50, 1, "hull_cruiser", "cluster_war", "sol", 100, unit_ids=(2,))},
                    skirmishes={"1:0,0:9:1": SkirmishState("1:0,0:9:1", "0,0", 9, 1, "begun", (2,))})
    assert rp.stations(world, world.research[50]) == 2
    events = research_interruptions(world)
    assert [(e.type, e.payload["unit_id"]) for e in events] == [("ResearchInterrupted", 2)]
    after = apply_events(world, events)
    assert rp.stations(after, after.research[50]) == 0
    assert rp.next_chance(after, after.research[50]).bonus == 0
