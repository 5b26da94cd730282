"""Cluster War weather and terrain (§14): the module's declaration.

A switch and nothing else of its own: with it on, a ground battle is fought on its planet's terrain (from the STEP
code) in weather rolled for it (`game.modules.ground_war`, `game.engine.ground_forces`), and a Centurion battle's
map takes its planet's terrain (`combat.selectors`). Those read `RuleOptions.terrain`.
"""

from __future__ import annotations

from game.engine import ground_war
from game.engine.rule_module import ModuleSwitch, RuleModule

MODULE = RuleModule(
    key="terrain",
    label="Cluster War weather and terrain",
    switch=ModuleSwitch(
        "module_cw_terrain",
        "Weather and terrain as modifiers of Centurion battles and ground war (§14).",
        to_options=lambda settings: {"terrain": bool(settings["module_cw_terrain"])},
        from_options=lambda options: {"module_cw_terrain": True} if options.terrain else {},
    ),
    is_on=lambda options: options.terrain,
    rule_values={ground_war.TERRAIN_COUNTS: True},  # §14: ground battles read the planet's terrain and the weather
)
