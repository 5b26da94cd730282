"""One function per numbered step of the round, named after it, its docstring quoting the rule.

`STEP_FUNCTIONS` binds each step to its function by hand; `check_step_table` refuses, at import, a table that
leaves a step the engine resolves (or that takes orders) without a function, binds a key that is not a step of
the round, or binds a function whose name is not its step's phase and number, so a misnamed or forgotten step
function stops the server from starting instead of silently doing nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.phases import ALL_STEPS, STEPS_BY_KEY, StepKind
from game.engine.step_input import StepResolver
from game.engine.steps import diplomacy, expand, exploit, explore, exterminate

STEP_FUNCTIONS: dict[str, StepResolver] = {
    "explore.1": explore.explore_1_en_route_ships_cover_their_move_rate,
    "explore.2": explore.explore_2_en_route_units_arrive,
    "explore.3": explore.explore_3_research_rolls,
    "explore.4": explore.explore_4_spies_report,
    "explore.5": explore.explore_5_long_range_sensors_detect,
    "explore.6": explore.explore_6_close_scan,
    "explore.7": explore.explore_7_choice_to_start_a_skirmish,
    "explore.8": explore.explore_8_communications,
    "explore.9": diplomacy.explore_9_diplomacy,
    "explore.10": diplomacy.explore_10_trades,
    "explore.11": explore.explore_11_gifts_and_trade_goods,
    "explore.12": explore.explore_12_spies_new_orders,
    "explore.13": explore.explore_13_research_orders,
    "explore.14": explore.explore_14_plot_a_course,
    "exterminate.1": exterminate.exterminate_1_who_can_fight,
    "exterminate.2": exterminate.exterminate_2_one_side_must_be_aware,
    "exterminate.3": exterminate.exterminate_3_engaged_units_join_or_evade,
    "exterminate.4": exterminate.exterminate_4_fight,
    "exterminate.5": exterminate.exterminate_5_wrecks_become_space_junk,
    "exterminate.6": exterminate.exterminate_6_carried_ore_becomes_junk,
    "exterminate.7": exterminate.exterminate_7_victor,
    "exterminate.8": exterminate.exterminate_8_capture_or_destroy,
    "exterminate.9": exterminate.exterminate_9_occupy_or_destroy_colonies,
    "exterminate.10": exterminate.exterminate_10_plot_a_course,
    "expand.1": expand.expand_1_cargo_ships_load_or_unload,
    "expand.2": expand.expand_2_colonies_become_operational,
    "expand.3": expand.expand_3_units_become_operational,
    "expand.4": expand.expand_4_terraforming_becomes_permanent,
    "expand.5": expand.expand_5_colonize,
    "expand.6": expand.expand_6_start_construction,
    "expand.7": expand.expand_7_start_terraforming,
    "expand.8": expand.expand_8_construction_advances,
    "expand.9": expand.expand_9_terraforming_advances,
    "exploit.1": exploit.exploit_1_morale,
    "exploit.2": exploit.exploit_2_trade_routes,
    "exploit.3": exploit.exploit_3_mines_produce_ore,
    "exploit.4": exploit.exploit_4_colonies_grow,
    "exploit.5": exploit.exploit_5_taxes_from_legal_citizens,
    "exploit.6": exploit.exploit_6_special_resources,
    "exploit.7": exploit.exploit_7_trade_between_neighbours,
    "exploit.8": exploit.exploit_8_salvage,
    "exploit.9": exploit.exploit_9_taxes_on_legal_trade,
}


class StepTableError(RuntimeError):
    """The step table does not match the round: the server must not start with it."""


def check_step_table(table: Mapping[str, StepResolver]) -> None:
    """Raise `StepTableError` naming every step left without its function and every binding that is wrong."""
    problems = []
    for step in ALL_STEPS:
        if step.kind is not StepKind.GM_RULING and step.key not in table:
            problems.append(f"{step.key} ({step.kind.value}) has no step function")
    for key, function in table.items():
        bound = STEPS_BY_KEY.get(key)
        if bound is None:
            problems.append(f"{key!r} is not a step of the round")
            continue
        if bound.kind is StepKind.GM_RULING:
            problems.append(f"{key} is a GM ruling step: make it RESOLVED or ORDERS in phases.ROUND first")
        expected = f"{bound.phase.value}_{bound.number}_"
        name = getattr(function, "__name__", repr(function))
        if not name.startswith(expected):
            problems.append(f"{key} is bound to {name}, whose name does not start with {expected}")
    if problems:
        raise StepTableError("The step table is wrong: " + "; ".join(problems) + ".")


check_step_table(STEP_FUNCTIONS)
