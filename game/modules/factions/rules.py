"""Alpha Centauri factions (the card game's "THE FACTIONS"): the module's declaration.

A switch with one option and nothing else of its own. The seven factions' modifiers are rule math in the core
(`game.engine.factions`), played wherever a civilization has chosen a faction, with the module on or off; only
the factions' restrictions hang on the switch and its option "Faction restrictions apply": the rule values below,
which the core reads where a restriction changes a check in its middle (Explore 7's `orders.checks`, the social
module's Social Engineering card in Exploit 1). The switch sets `RuleOptions.faction_restrictions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine import factions
from game.engine.rule_module import ModuleSwitch, RuleModule
from game.engine.setting import Effect, Kind, Setting


def _to_options(settings: Mapping[str, Any]) -> dict[str, Any]:
    on = bool(settings["module_ac_factions"]) and settings.get("faction_restrictions", True)
    return {"faction_restrictions": on}


MODULE = RuleModule(
    key="factions",
    label="Alpha Centauri factions",
    switch=ModuleSwitch(
        "module_ac_factions",
        "The seven factions' modifiers and restrictions in play.",
        to_options=_to_options,
        from_options=lambda options: {"module_ac_factions": True} if options.faction_restrictions else {},
        options=(Setting(
            "faction_restrictions", "modules", "Faction restrictions apply",
            "Off: factions keep their modifiers but none of their restrictions.", Kind.BOOL, True,
            Effect.NEXT_ROUND),),
    ),
    is_on=lambda options: options.faction_restrictions,
    rule_values={
        factions.PACIFISTS_NEVER_ATTACK: True,  # Explore 7: a Pacifist "may never Attack, only Defend"
        factions.ATTACKS_A_ROUND_LIMITED: True,  # Explore 7: "Each player may attack one other player this phase"
        factions.SOCIAL_CHOICE_BARRED: True,  # Exploit 1: the Social Engineering card a faction "May not play"
    },
)
