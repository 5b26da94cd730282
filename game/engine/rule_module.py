"""What a rule module declares, and the core's one door to the modules: `rule_modules()`.

A rule module (`game/modules/<key>/rules.py`) names its event types and the reducers that apply them, its order
kinds with the functions that carry them out in their steps, and its step hooks: work it adds before or after a
core step's own, run only in campaigns that switch it on. The core collects these from the ordered list in
`game.modules` and never names a module, so adding one touches no core file.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from game.engine.catalogue import EventType
from game.engine.events import Event
from game.engine.orders.model import OrderCommand, OrderKind, OrderPrice
from game.engine.world import RuleOptions, World
from game.modules import RULE_MODULES

if TYPE_CHECKING:  # types only: the steps and the settings catalogue import this module to collect the modules
    from game.engine.dice import Dice
    from game.engine.settings_model import Setting
    from game.engine.step_input import StepInput

# A reducer gets the draft of the world the events change (`game.engine.apply`) and one event's payload.
Reducer = Callable[[Any, dict[str, Any]], None]
OrderHandler = Callable[[OrderCommand, World], list[Event]]


@dataclass(frozen=True)
class ModuleOrder:
    """An order kind of the module and what it does when its step runs it (the events it emits)."""

    kind: OrderKind
    carry_out: OrderHandler
    price: Callable[[World, OrderCommand], OrderPrice] | None = None  # None: it costs nothing


@dataclass(frozen=True)
class StepHook:
    """Work the module adds to a core step: its events come `before` or `after` the step's own, in the order
    the rules give (the yards' work after Expand 8's construction, say)."""

    step: str  # a step key: "expand.8"
    when: Literal["before", "after"]
    run: Callable[[StepInput, Dice], list[Event]]


@dataclass(frozen=True)
class ModuleSwitch:
    """The campaign setting that switches the module on, as the settings page shows it, with the module's own
    options (shown under it) and how both reach the rules: the `RuleOptions` fields they set, and back."""

    key: str  # "module_cw_yards"
    fills: str  # what it adds to the game, one or two sentences
    to_options: Callable[[Mapping[str, Any]], dict[str, Any]]  # the settings (with `key` among them) -> fields
    from_options: Callable[[RuleOptions], dict[str, Any]]  # a world's fields -> the settings ({} when off)
    options: tuple[Setting, ...] = ()
    step_fills: Mapping[str, str] = field(default_factory=dict)  # a step the rules leave TODO -> what it plays


@dataclass(frozen=True)
class RuleModule:
    key: str
    label: str
    switch: ModuleSwitch
    is_on: Callable[[RuleOptions], bool]  # whether a campaign with these switches plays the module
    events: tuple[EventType, ...] = ()
    reducers: Mapping[str, Reducer] = field(default_factory=dict)
    orders: tuple[ModuleOrder, ...] = ()
    hooks: tuple[StepHook, ...] = ()

    def hooks_at(self, step_key: str, when: str) -> list[StepHook]:
        return [hook for hook in self.hooks if hook.step == step_key and hook.when == when]


class RuleModuleError(RuntimeError):
    """A module's declaration the core cannot take: the server must not start with it."""


@cache
def rule_modules() -> tuple[RuleModule, ...]:
    """The declared modules, in `game.modules.RULE_MODULES` order (imported on first use, as each module's rules
    import the core that asks for them)."""
    return tuple(load_rule_module(key) for key in RULE_MODULES)


def load_rule_module(key: str, package: str = "game.modules") -> RuleModule:
    declared = getattr(importlib.import_module(f"{package}.{key}.rules"), "MODULE", None)
    if not isinstance(declared, RuleModule) or declared.key != key:
        raise RuleModuleError(f"{package}.{key}.rules must declare MODULE = RuleModule(key={key!r}, ...).")
    return declared


def module_order_handlers(step_key: str) -> dict[str, OrderHandler]:
    """The modules' order kinds a step carries out, with their handlers (whether or not the campaign plays the
    module: its check refuses the order then)."""
    return {order.kind.name: order.carry_out for module in rule_modules() for order in module.orders
            if step_key in order.kind.steps}


def module_prices() -> dict[str, Callable[[World, OrderCommand], OrderPrice]]:
    return {order.kind.name: order.price for module in rule_modules() for order in module.orders
            if order.price is not None}
