"""Race design by Advantage Points (Cluster War §3.1, §3.2)."""

from dataclasses import replace

import pytest

from game.engine.races import (
    AP_BUDGETS,
    EXAMPLE_EXTRA_ITEMS,
    EXAMPLE_RACES,
    Category,
    RaceDesign,
    RaceItem,
    RacePick,
    RaceProblem,
    home_world_cost,
    race_cost,
    race_problems,
    starting_bonus,
    validate_race,
)

EXAMPLES = {race.name: race for race in EXAMPLE_RACES}


@pytest.mark.parametrize("name", ["Humans", "Vermin", "The Dominators", "Oolab"])
def test_the_four_example_races_of_3_2_total_exactly_30_ap(name):
    race = EXAMPLES[name]
    assert race_cost(race, EXAMPLE_EXTRA_ITEMS) == 30
    validate_race(race, 30, EXAMPLE_EXTRA_ITEMS)


def test_first_generation_ftl_races_have_30_ap():
    assert AP_BUDGETS == {"pre_ftl": 15, "first_gen_ftl": 30, "second_gen_ftl": 50}


@pytest.mark.parametrize(("step", "ap"), [
    ("5555", 0), ("0000", 8), ("1278", 4), ("3469", 2), ("X555", 10), ("9999", 8), ("x5x5", 20),
])
def test_home_world_costs_per_step_digit(step, ap):
    assert home_world_cost(step) == ap


def test_a_malformed_step_code_is_refused():
    with pytest.raises(RaceProblem) as caught:
        validate_race(RaceDesign("Bad", "55A5"))
    assert caught.value.field == "home_world"


def test_impossible_home_worlds_are_refused():
    asteroids = race_problems(RaceDesign("Rockies", "0050"))
    assert [p.field for p in asteroids] == ["home_world"]
    assert "asteroids" in asteroids[0].reason
    assert race_problems(RaceDesign("Boilers", "5956"))[0].reason == "a water world cannot be an inferno"
    assert race_problems(RaceDesign("Miners", "0020")) == ()


def test_over_budget_is_refused_with_the_total():
    race = RaceDesign("Greedy", "5555", (RacePick("extra_colonies", 3), RacePick("combat_reflexes")))
    with pytest.raises(RaceProblem) as caught:
        validate_race(race)
    assert "40 AP" in caught.value.reason
    validate_race(race, budget=AP_BUDGETS["second_gen_ftl"])


def test_attitudes_and_disadvantages_add_to_the_pool():
    race = RaceDesign("Bold", "5555", (RacePick("extra_colonies", 4), RacePick("very_hostile"),
                                       RacePick("weak"), RacePick("no_missiles")))
    assert race_cost(race) == 40 - 5 - 2 - 5
    validate_race(race, budget=28)


def test_an_unpriced_item_is_refused_until_the_gm_prices_it():
    race = RaceDesign("Sonar folk", "5555", (RacePick("advanced_sonar"),))
    with pytest.raises(RaceProblem) as caught:
        race_cost(race)
    assert caught.value.field == "picks.advanced_sonar"
    gm_item = RaceItem("advanced_sonar", "Advanced Sonar", Category.ABILITY, 1)
    assert race_cost(race, (gm_item,)) == 1
    validate_race(race, extra_items=(gm_item,))


def test_a_gm_item_cannot_reprice_a_checklist_item():
    cheap = RaceItem("combat_reflexes", "Combat reflexes", Category.ABILITY, 1)
    problems = race_problems(RaceDesign("Cheats", "5555"), extra_items=(cheap,))
    assert [p.field for p in problems] == ["extra_items.combat_reflexes"]


def test_group_mind_levels_need_the_one_before():
    race = RaceDesign("Swarm", "5555", (RacePick("group_mind_2"),))
    problem = race_problems(race)[0]
    assert problem.field == "picks.group_mind_2"
    assert "group_mind_1" in problem.reason


def test_combat_reflexes_cannot_combine_with_battle_computers():
    race = RaceDesign("Quick", "5555", (RacePick("combat_reflexes"), RacePick("battle_computers_1")))
    assert [p.field for p in race_problems(race)] == ["picks.combat_reflexes"]


def test_combat_reflexes_cannot_be_bought_twice():
    race = RaceDesign("Quicker", "5555", (RacePick("combat_reflexes", 2),))
    assert "levels must be 1..1" in race_problems(race)[0].reason


def test_extra_intelligence_stops_at_four_levels():
    assert race_problems(RaceDesign("Brains", "5555", (RacePick("extra_intelligence", 4),))) == ()
    assert race_problems(RaceDesign("Brains", "5555", (RacePick("extra_intelligence", 5),)))


def test_only_one_attitude_of_the_scale_but_xenophobia_combines():
    both = RaceDesign("Torn", "5555", (RacePick("peaceful"), RacePick("hostile")))
    assert {p.field for p in race_problems(both)} == {"picks.peaceful", "picks.hostile"}
    assert race_problems(RaceDesign("Scared", "5555", (RacePick("peaceful"), RacePick("xenophobic")))) == ()


def test_one_alternate_ftl_drive_and_warp_speed_needs_warp():
    two = RaceDesign("Drives", "5555", (RacePick("skip_drive"), RacePick("jump_drive")))
    assert race_problems(two)
    speed = RaceDesign("Fast", "5555", (RacePick("warp_cruise_speed"),))
    assert "warp_drive" in race_problems(speed)[0].reason
    validate_race(replace(speed, picks=(RacePick("warp_drive"), RacePick("warp_cruise_speed"))))


def test_keeping_gravity_drives_needs_an_alternate_stl_drive():
    keep = RaceDesign("Belt and braces", "5555", (RacePick("keep_gravity_drive"),))
    assert race_problems(keep)[0].field == "picks.keep_gravity_drive"
    validate_race(replace(keep, picks=(RacePick("stl_warp_drive"), RacePick("keep_gravity_drive"))))


def test_starting_bonuses_of_the_examples():
    assert starting_bonus(EXAMPLES["Humans"]).colony_cp == 500  # 2 x 250 CP per 10 AP
    assert starting_bonus(EXAMPLES["Oolab"]).surveyed_sectors == 1
    assert starting_bonus(EXAMPLES["The Dominators"]).output_cp_lost == 250
    assert starting_bonus(EXAMPLES["Vermin"]).extra_designs == -2
    converted = RaceDesign("Armed", "5555", (RacePick("convert_ap_to_cp", 7),))
    assert starting_bonus(converted).prebuilt_cp == 700


def test_the_vermin_stealth_technology_lets_them_design_cloaked_units():
    assert "cloaking_technology" in EXAMPLES["Vermin"].item_keys()
