"""Research rules without a database (issue 14): the R&D table against the printed rows, the chance with stations,
scientists and race traits, the catalogues' own checks, the Alpha Centauri table and limits, and the designer
holding a civilization to what its technologies unlock."""

from __future__ import annotations

import pytest

from game.engine.designer import design_problems
from game.engine.research import projects as rp
from game.engine.research.alpha_centauri import CATALOGUE as AC
from game.engine.research.cluster_war import CATALOGUE as CW
from game.engine.research.rules import ac_limit_problem, ac_result, base_chance, cw_chance, proposed_severity
from game.engine.research.technologies import Catalogue, CatalogueError, Difficulty, Kind, Technology, check_catalogue
from game.engine.starts import ESCORT, START_DESIGNS, START_TECHS
from game.engine.units import Scale, Specials, UnitDesign, UnitStats
from game.engine.world import Civilization, RuleOptions, World

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
