"""The unit designer: costs from Cluster War Appendix A, combat figures, impossible designs refused."""

from dataclasses import replace

import pytest

from game.engine.combat import Defense, Weapon
from game.engine.designer import (
    CLOAKING_RESEARCH,
    DesignProblem,
    add_defense,
    add_weapon,
    design_cost,
    design_problems,
    diceless_fighting_power,
    ftl_research_key,
    start_design,
    validate_design,
    with_stats,
)
from game.engine.units import STARTER_UNITS, Scale, Specials

STARTER = {unit.name: unit for unit in STARTER_UNITS}


def corvette():
    return start_design(Scale.CORVETTE, "d-1", "Picket", civ_id=7)


# The starter hull at Corvette scale: HP 10 (10 MU), Sensors 1 (3), Movement 1 (3), Targeting 1 (2),
# Evasion 1 (2).
@pytest.mark.parametrize(("name", "mu", "bp"), [
    ("Human Adult", 1, 1),  # 0.02 MU and 0.01 BP round up to the one-unit minimum
    ("Utility Truck", 1, 1),
    ("Light Space Fighter", 2, 1),
    ("Light Corvette", 20, 10),
    ("Light Destroyer", 200, 100),
    ("Light Cruiser", 2_000, 1_000),
    ("Light Dreadnought", 30_000, 10_000),  # + the FTL drive, 10 MU at written scale
])
def test_starter_unit_costs_scale_with_the_multiplier(name, mu, bp):
    cost = design_cost(STARTER[name])
    assert (cost.mu, cost.build_points, cost.ore) == (mu, bp, bp)


def test_every_starter_unit_is_a_valid_design():
    for unit in STARTER_UNITS:
        validate_design(unit)


def test_hull_spaces_become_build_points_and_ore_one_to_one():
    design = with_stats(corvette(), hp=7)
    cost = design_cost(design)
    assert cost.hull_spaces == 7
    assert cost.build_points == cost.ore == 7


def test_beam_weapons_cost_rating_times_three_as_appendix_a():
    # App. A: "5x3-pt beam emitters would cost 5x3 x 3 CPs or 45 CPs"
    base = design_cost(corvette()).mu
    design = corvette()
    for _ in range(5):
        design = add_weapon(design, Weapon("energy", 3))
    assert design.stats.weapons == 5
    assert design_cost(design).mu - base == 45


def test_a_first_generation_shield_of_dr_2_costs_six():
    # §9.6: first-gen shield generators cost 6 CP each
    base = design_cost(corvette()).mu
    assert design_cost(add_defense(corvette(), Defense("energy", 2))).mu - base == 6


def test_shipyard_bays_give_three_build_points_a_quarter_each_on_a_corvette_hull():
    design = replace(corvette(), specials=Specials(construction_bp=7))  # needs 3 bays
    lines = {line.item: line for line in design_cost(design).lines}
    assert lines["shipyard bays"].quantity == 3
    assert lines["shipyard bays"].mu == 9


def test_a_fighter_cargo_bay_holds_a_tenth_of_a_starship_bay():
    # App. A: "Cargo bays on fighters and gunboats are capable of handling 1/10th"
    fighter = replace(start_design(Scale.FIGHTER, "f", "Hauler"), specials=Specials(cargo_capacity=4))
    lines = {line.item: line for line in design_cost(fighter).lines}
    assert lines["cargo bays"].quantity == 2


def test_a_one_way_colony_ship_costs_ten_percent_more_rounded_up():
    assert design_cost(replace(corvette(), specials=Specials(colonize=True))).mu == 22  # 20 x 1.1
    hauler = replace(corvette(), specials=Specials(cargo_capacity=20))  # + one cargo bay, 1 MU
    assert design_cost(hauler).mu == 21
    colony = replace(hauler, specials=replace(hauler.specials, colonize=True))
    assert design_cost(colony).mu == 24  # 23.1 rounds up


def test_cloaking_costs_fifteen_percent_a_point():
    cloaked = replace(corvette(), specials=Specials(cloak=2))
    assert design_cost(cloaked).mu == 26  # 20 x 1.30


def test_fighting_power_is_hp_attack_dr_evasion_initiative_times_multiplier():
    design = add_defense(add_weapon(corvette(), Weapon("ballistic", 2.5)), Defense("ballistic", 1))
    # HP 10 + attack 2.5 + DR 1 + evasion 1 + initiative (Targeting) 1 = 15.5, x1000
    assert diceless_fighting_power(design) == 15_500
    cost = design_cost(design)
    assert cost.fighting_power == 15_500
    assert cost.offensive_potential == 2_500
    assert cost.endurance == 12_000
    assert cost.damage_by_type == (("ballistic", 2_500),)


def test_an_unarmed_design_adds_nothing_to_a_fight():
    cost = design_cost(STARTER["Light Corvette"])
    assert not cost.combat_capable
    assert (cost.fighting_power, cost.offensive_potential, cost.endurance, cost.initiative) == (0, 0, 0, 0)
    assert design_cost(add_weapon(corvette(), Weapon("energy", 1))).combat_capable


def test_damage_is_totalled_per_type_for_separate_weapon_mass_combat():
    design = corvette()
    for weapon in (Weapon("energy", 2), Weapon("ballistic", 1), Weapon("energy", 3)):
        design = add_weapon(design, weapon)
    assert design_cost(design).damage_by_type == (("ballistic", 1_000), ("energy", 5_000))


def _field_of_first_problem(design, researched=frozenset()):
    with pytest.raises(DesignProblem) as caught:
        validate_design(design, researched)
    return caught.value.field


def test_a_stat_outside_the_scales_typical_range_is_refused():
    problem = design_problems(with_stats(corvette(), hp=11))[0]
    assert problem.field == "stats.hp"
    assert "1..10" in problem.reason


def test_negative_stats_and_specials_are_refused():
    assert _field_of_first_problem(with_stats(corvette(), evasion=-1)) == "stats.evasion"
    assert _field_of_first_problem(replace(corvette(), specials=Specials(mining=-3))) == "specials.mining"
    assert _field_of_first_problem(replace(corvette(), crew=-1)) == "crew"


def test_ftl_below_dreadnought_is_refused_at_game_start():
    design = replace(corvette(), specials=Specials(ftl=True))
    problem = design_problems(design)[0]
    assert problem.field == "specials.ftl"
    assert "Dreadnought" in problem.reason


def test_ftl_below_dreadnought_is_allowed_once_researched():
    fighter = replace(start_design(Scale.FIGHTER, "f", "Long-range fighter"), specials=Specials(ftl=True))
    assert ftl_research_key(Scale.FIGHTER) == "fighter_ftl"  # Cluster War's Fighter FTL Technology
    validate_design(fighter, frozenset({"fighter_ftl"}))


def test_cloak_needs_cloaking_technology():
    cloaked = replace(corvette(), specials=Specials(cloak=1))
    assert _field_of_first_problem(cloaked) == "specials.cloak"
    validate_design(cloaked, frozenset({CLOAKING_RESEARCH}))


def test_too_many_components_for_the_hull_is_refused():
    design = with_stats(corvette(), hp=4)  # sensors and drives already take 2 spaces
    design = add_weapon(add_weapon(design, Weapon("energy", 1)), Weapon("energy", 1))
    validate_design(design)
    crowded = add_defense(design, Defense("energy", 1))
    problem = design_problems(crowded)[0]
    assert problem.field == "components"
    assert "5 hull spaces" in problem.reason


def test_weapons_stat_must_match_the_weapon_components():
    design = with_stats(corvette(), weapons=2)
    assert _field_of_first_problem(design) == "stats.weapons"


def test_a_weapon_needs_a_type_and_positive_damage():
    assert _field_of_first_problem(add_weapon(corvette(), Weapon(" ", 1))) == "weapons[0].type"
    no_damage = add_weapon(corvette(), Weapon("energy", 0))
    assert _field_of_first_problem(no_damage) == "weapons[0].average_damage"


def test_all_problems_are_listed_for_the_form():
    design = replace(with_stats(corvette(), hp=0, signature=12), name="")
    fields = [p.field for p in design_problems(design)]
    assert fields == ["name", "stats.signature", "stats.hp"]


def test_start_design_is_the_basic_unit_of_the_scale():
    design = start_design(Scale.DREADNOUGHT, "d-9", "Ark", civ_id=3)
    assert design.stats == STARTER["Light Dreadnought"].stats
    assert design.specials.ftl
    assert (design.design_id, design.name, design.civ_id) == ("d-9", "Ark", 3)
