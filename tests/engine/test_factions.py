"""The seven Alpha Centauri factions as presets ("THE FACTIONS")."""

import pytest

from game.engine.factions import FACTIONS, FACTIONS_BY_KEY, Score
from game.engine.races import PRICE_LIST, Category


def test_there_are_seven_factions():
    assert [f.name for f in FACTIONS] == ["Believers", "Gaians", "Hive", "Morgan Industries", "Peacekeepers",
                                          "Spartans", "University"]


@pytest.mark.parametrize(("key", "scores"), [
    ("believers", {Score.ECOLOGY: -2, Score.CONTROL: 2}),
    ("gaians", {Score.ECOLOGY: 1, Score.CONTROL: -1, Score.MORALE: -1, Score.EFFICIENCY: 2}),
    ("hive", {Score.GROWTH: 1, Score.INDUSTRY: 1, Score.COMMERCE: -2, Score.DEFENSE: 2, Score.CONTROL: 2}),
    ("morgan", {Score.COMMERCE: 3, Score.INDUSTRY: 2, Score.SUPPORT: -1}),
    ("peacekeepers", {Score.EFFICIENCY: -1, Score.GROWTH: 1, Score.CONTROL: 3}),
    ("spartans", {Score.MORALE: 2, Score.CONTROL: 1, Score.INDUSTRY: -1, Score.MOBILITY: 2,
                  Score.SUPPORT: 2}),
    ("university", {Score.INFRASTRUCTURE: 4, Score.CONTROL: -2}),
])
def test_starting_score_modifiers(key, scores):
    faction = FACTIONS_BY_KEY[key]
    assert {score: faction.score(score) for score in Score if faction.score(score)} == scores


def test_pacifists_may_never_attack_and_aggressive_factions_attack_twice():
    assert {f.key for f in FACTIONS if not f.may_attack} == {"gaians", "morgan"}
    assert {f.key for f in FACTIONS if f.attacks_per_conflict == 2} == {"believers", "hive"}


def test_pacifist_factions_take_the_cluster_war_peaceful_attitude():
    attitudes = {item.key for item in PRICE_LIST if item.category is Category.ATTITUDE}
    assert all(f.cw_attitude in attitudes for f in FACTIONS)
    assert FACTIONS_BY_KEY["gaians"].cw_attitude == "peaceful"


def test_each_faction_is_barred_from_one_social_engineering_card():
    assert {f.key: f.forbidden_social_engineering for f in FACTIONS} == {
        "believers": "Knowledge", "gaians": "Free Market", "hive": "Democracy", "morgan": "Planned",
        "peacekeepers": "Police State", "spartans": "Wealth", "university": "Fundamentalist"}


def test_special_rules():
    believers, gaians, morgan, peacekeepers, university = (
        FACTIONS_BY_KEY[key] for key in ("believers", "gaians", "morgan", "peacekeepers", "university"))
    assert (believers.conflict_force_bonus, believers.probe_modifier_against,
            believers.research_roll_modifier) == (2, 1, -1)
    assert gaians.extra_exploration_rolls == 1
    assert gaians.mind_worms_give_units
    assert (morgan.extra_starting_credits, morgan.extra_base_cost) == (50, 5)
    assert (peacekeepers.free_council_votes, peacekeepers.extra_card_draws) == (10, 1)
    assert (university.extra_research_rolls, university.probe_reroll_against_from) == (1, 8)


def test_every_sub_factor_belongs_to_a_major_factor():
    majors = {s.code for s in Score if s.code == s.major_code}
    assert majors == {"E", "M", "R", "P", "C", "B"}
    assert all(s.major_code in majors for s in Score)
