"""The campaign settings' declarations: every value checked against its kind and range with the field named, when
a change takes effect, who may read which entries, and the settings Exploit 7 and Explore 5/6 read."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import settings_catalogue as catalogue
from game.engine.phases import ALL_STEPS
from game.engine.rule_module import rule_modules
from game.engine.settings_catalogue import Context, Effect, SettingProblem
from tests.engine.round_fixtures import of_type, run, world
from tests.engine.test_round_exploit import _colonies

CONTEXT = Context(civ_ids=(1, 2, 3), combat_systems=(("instant_mass", "Instant"), ("diceless", "Diceless")),
                  civ_names={1: "Sol", 2: "Vega", 3: "Deneb"})


def problem(changes: dict[str, object], context: Context = CONTEXT) -> SettingProblem:
    with pytest.raises(SettingProblem) as raised:
        catalogue.check_changes(changes, context)
    return raised.value


def test_every_setting_has_a_known_group_a_label_help_and_a_default_that_passes_its_own_check() -> None:
    assert {s.group for s in catalogue.SETTINGS} <= catalogue.GROUP_KEYS
    for setting in catalogue.SETTINGS:
        assert setting.label and setting.help
        assert catalogue.clean(setting.key, setting.default, CONTEXT) == setting.default, setting.key
    # The keys other parts of the app read from rule_options are declared under those names and defaults.
    defaults = {s.key: s.default for s in catalogue.SETTINGS}
    assert defaults["deadline_minutes"] == {} and defaults["advance_at_deadline"] is False
    assert defaults["auto_run"] is False and defaults["notify_email"] is True
    assert {"combat_system", "dice_mode", "choice_minutes"} <= set(defaults)


def test_every_rule_module_is_a_switch_that_waits_for_the_next_round_and_says_its_rules_are_not_built() -> None:
    for key, title, _ in catalogue.MODULES:
        switch = catalogue.BY_KEY[key]
        assert switch.label == title and switch.effect == Effect.NEXT_ROUND and switch.default is False
        built = key in catalogue.BUILT_MODULES
        assert ("The engine plays its rules" if built else "GM rules its steps by hand") in switch.help
    options = [s for s in catalogue.SETTINGS if s.module]
    assert options and all(o.module in catalogue.BY_KEY and o.effect == Effect.NEXT_ROUND for o in options)


def test_bad_values_are_refused_naming_the_field() -> None:
    assert problem({"dice_mode": "loaded"}).field == "changes.dice_mode"
    assert problem({"choice_minutes": 0}).field == "changes.choice_minutes"
    assert problem({"choice_minutes": "ten"}).field == "changes.choice_minutes"
    assert problem({"auto_run": "yes"}).field == "changes.auto_run"
    assert problem({"combat_system": "rock-paper-scissors"}).field == "changes.combat_system"
    assert problem({"deadline_minutes": {"explore.1": 30}}).field == "changes.deadline_minutes.explore.1"
    assert problem({"deadline_minutes": {"explore.7": -5}}).field == "changes.deadline_minutes.explore.7"
    assert problem({"wars": [[1, 9]]}).field == "changes.wars[0]"
    assert problem({"wars": [[2, 2]]}).message == "A civilization is not at war with itself."
    assert problem({"free_trade": {"1": "sometimes"}}).field == "changes.free_trade.1"
    assert problem({"no_such_thing": 1}).field == "changes.no_such_thing"
    assert problem({}).field == "changes"


def test_the_starting_preset_changes_only_before_the_start() -> None:
    assert catalogue.check_changes({"starting_preset": "rich"}, CONTEXT) == {"starting_preset": "rich"}
    assert problem({"starting_preset": "rich"}, replace(CONTEXT, started=True)).field == "changes.starting_preset"


def test_values_are_stored_in_one_spelling() -> None:
    cleaned = catalogue.check_changes({"wars": [[3, 1], [1, 3], [2, 1]], "free_trade": {"2": "forbidden", "1": "free"},
                                       "deadline_minutes": {"expand.5": 60, "explore.7": 30, "exploit.8": None},
                                       "victory_round_limit": None}, CONTEXT)
    assert cleaned == {"wars": [[1, 2], [1, 3]], "free_trade": {"2": "forbidden"},
                       "deadline_minutes": {"explore.7": 30, "expand.5": 60}, "victory_round_limit": None}


def test_a_change_that_would_break_the_round_in_progress_waits_unless_the_round_has_not_started() -> None:
    changes = {"module_cw_research": True, "combat_system": "diceless", "dice_mode": "entered", "auto_run": True}
    now, later = catalogue.split_by_effect(changes, round_started=True)
    assert now == {"dice_mode": "entered", "auto_run": True}
    assert later == {"module_cw_research": True, "combat_system": "diceless"}
    assert catalogue.split_by_effect(changes, round_started=False) == (changes, {})


def test_settings_are_read_and_written_where_the_existing_code_reads_them() -> None:
    options, victory = catalogue.write({"race_items": [1], "starts": {"civs": {"4": {}}}}, {"elimination": True},
                                       {"starting_preset": "small", "victory_round_limit": 12, "dice_mode": "entered"})
    assert options == {"race_items": [1], "starts": {"civs": {"4": {}}, "default": "small"}, "dice_mode": "entered"}
    assert victory == {"elimination": True, "round_limit": 12}
    values = catalogue.read(options, victory)
    assert (values["starting_preset"], values["victory_round_limit"], values["victory_elimination"]) == \
        ("small", 12, True)
    assert values["choice_minutes"] == 10  # not set: the default


def test_a_player_reads_only_the_wars_and_trade_that_concern_them_and_a_spectator_none() -> None:
    wars, trade = [[1, 2], [2, 3]], {"1": "forbidden", "3": "forbidden"}
    assert catalogue.for_civ("wars", wars, 1) == [[1, 2]]
    assert catalogue.for_civ("free_trade", trade, 1) == {"1": "forbidden"}
    assert catalogue.for_civ("wars", wars, None) == [] and catalogue.for_civ("free_trade", trade, None) == {}
    assert catalogue.for_civ("dice_mode", "entered", None) == "entered"
    assert catalogue.shown("wars", wars, CONTEXT) == "Sol and Vega, Vega and Deneb"


def test_each_skirmish_size_takes_its_own_combat_system() -> None:
    assert [catalogue.skirmish_size(n) for n in (1, 4, 5, 20, 21, 500)] == \
        ["small", "small", "medium", "medium", "large", "large"]


def test_exploit_7_reads_who_is_at_war_and_who_trades_from_the_settings() -> None:
    w = _colonies(world())
    assert of_type(run(w, "exploit.7")[0], "TradeOccurred")
    at_war = catalogue.in_world(w, {"wars": [[1, 2]]})
    assert of_type(run(at_war, "exploit.7")[0], "TradeOccurred") == []
    closed = catalogue.in_world(w, {"free_trade": {"2": "forbidden"}})
    assert of_type(run(closed, "exploit.7")[0], "TradeOccurred") == []
    peace = catalogue.in_world(replace(w, wars=frozenset({(1, 2)})), {"wars": []})
    assert of_type(run(peace, "exploit.7")[0], "TradeOccurred")
    assert catalogue.in_world(w, {"gm_detection_rolls": True}).options.gm_detection_rolls
    assert catalogue.from_world(replace(at_war, civs={**w.civs, 2: replace(w.civs[2], forbids_free_trade=True)})) \
        == {"wars": [[1, 2]], "free_trade": {"2": "forbidden"}, "gm_detection_rolls": False}


def test_the_settings_in_force_at_a_step_fold_the_versions_in_order() -> None:
    values = catalogue.fold([{"dice_mode": "entered", "choice_minutes": 5}, {"choice_minutes": 7}])
    assert (values["dice_mode"], values["choice_minutes"], values["auto_run"]) == ("entered", 7, False)


def test_every_step_the_rules_leave_todo_is_told_by_the_modules_that_play_it() -> None:
    todo = {step.key for step in ALL_STEPS if "TODO" in step.rule}
    filled = {key for module in rule_modules() for key in module.switch.step_fills}
    assert todo and todo <= filled
    for step in ALL_STEPS:
        for options in (None, {}, dict.fromkeys(catalogue.built_modules(), True)):
            assert "TODO" not in catalogue.step_rule(step, options), (step.key, options)
