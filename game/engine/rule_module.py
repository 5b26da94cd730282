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
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import game.modules
from game.engine.catalogue import EventType
from game.engine.events import Event
from game.engine.orders.model import OrderCommand, OrderKind, OrderPrice
from game.engine.world import RuleOptions, World

if TYPE_CHECKING:  # types only: the steps and the settings catalogue import this module to collect the modules
    from game.engine.dice import Dice
    from game.engine.setting import Setting
    from game.engine.step_input import StepInput

# A reducer gets the draft of the world the events change (`game.engine.apply`) and one event's payload.
Reducer = Callable[[Any, dict[str, Any]], None]
OrderHandler = Callable[[OrderCommand, World], list[Event]]


@dataclass(frozen=True)
class ModuleOrder:
    """An order kind of the module and what it does when its step runs it (the events it emits)."""

    kind: OrderKind
    # None: `carry_out_in_step` makes the handler; both None: the module's own step hook carries its orders out,
    # with handlers it makes for the step and in an order of its own (`run_orders` with its table).
    carry_out: OrderHandler | None
    price: Callable[[World, OrderCommand], OrderPrice] | None = None  # None: it costs nothing
    # The odds its roll is made with, as the order's form shows them (`orders.prices.order_odds`); None: no roll.
    odds: Callable[[World, OrderCommand], dict[str, Any] | None] | None = None
    # An order whose carrying out rolls the step's dice or reads the step (its round, say): given the step's input
    # and dice, the handler for that step. Its steps pass their dice to `run_orders`. None for a step that does not
    # carry the order out (the Council's bids in a round it does not meet): the step passes over it, as over an
    # order of a kind it has no handler for.
    carry_out_in_step: Callable[[StepInput, Dice], OrderHandler | None] | None = None
    # Carried out by the step's `run_orders` only in a campaign that plays the module; with it off the order is passed
    # over as if not given, not refused (a core step running other orders of its own among the module's, in the
    # order given: Explore 9's treaties among the Council's orders).
    only_while_on: bool = False

    def __post_init__(self) -> None:
        if self.carry_out is not None and self.carry_out_in_step is not None:
            raise RuleModuleError(f"{self.kind.name}: give carry_out or carry_out_in_step, not both.")

    def handler(self, step_input: StepInput, dice: Dice | None) -> OrderHandler | None:
        """What carries the order out in the step being resolved (None: the module's hook does)."""
        if self.carry_out_in_step is None:
            return self.carry_out
        if dice is None:
            raise RuleModuleError(f"{step_input.step.key} carries out {self.kind.name}, which needs the step's "
                                  "dice: the step must pass them to run_orders.")
        return self.carry_out_in_step(step_input, dice)


@dataclass(frozen=True)
class StepHook:
    """Work the module adds to a core step: its events come `before` or `after` the step's own, in the order
    the rules give (the yards' work after Expand 8's construction, say)."""

    step: str  # a step key: "expand.8"
    when: Literal["before", "after"]
    # An `after` hook's step input carries the step's events before it (`StepInput.step_events`).
    run: Callable[[StepInput, Dice], list[Event]]
    # Run in a campaign that has the module off too: to finish what it began while on (the reports of missions
    # sent before the GM switched the module off); the hook's own work is then nothing when there is none.
    also_when_off: bool = False


@dataclass(frozen=True)
class ModuleSwitch:
    """The campaign setting that switches the module on, as the settings page shows it, with the module's own
    options (shown under it) and how both reach the rules: the `RuleOptions` fields they set, and back."""

    key: str  # "module_cw_yards"
    fills: str  # what it adds to the game, one or two sentences
    options: tuple[Setting, ...] = ()
    # For a module whose switches are `RuleOptions` fields of their own: the settings (with `key` among them) ->
    # those fields, and back ({} when off). Without them the switch and options are kept in `RuleOptions.modules`.
    to_options: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    from_options: Callable[[RuleOptions], dict[str, Any]] | None = None
    step_fills: Mapping[str, str] = field(default_factory=dict)  # a step the rules leave TODO -> what it plays
    # Not a rule module's switch of its own but an option of this other switch (the core's or a module's), shown
    # under it (not a module of `module_switches`): `key` is then declared in `options`, with its label and help.
    option_of: str = ""


@dataclass(frozen=True)
class RuleModule:
    key: str
    label: str
    switch: ModuleSwitch
    is_on: Callable[[RuleOptions], bool] | None = None  # None: its switch, kept in `RuleOptions.modules`
    events: tuple[EventType, ...] = ()
    reducers: Mapping[str, Reducer] = field(default_factory=dict)
    orders: tuple[ModuleOrder, ...] = ()
    hooks: tuple[StepHook, ...] = ()
    # Optional fields of core order kinds that only this module's campaigns offer: kind -> field names (the yards'
    # crash building is StartConstruction's `crash`).
    order_fields: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The core's named rule parameters the module sets while a campaign plays it (`rule_value`): where a module
    # changes a core step in its middle (with the survey module a close scan surveys no planet). A value may be a
    # function of the module's that the core calls at that point (the fleets' moves in Explore 1).
    rule_values: Mapping[str, Any] = field(default_factory=dict)

    def plays(self, options: RuleOptions) -> bool:
        """Whether a campaign with these switches plays the module."""
        if self.is_on is not None:
            return self.is_on(options)
        return bool(options.modules.get(self.key, {}).get(self.switch.key))

    def options_from(self, settings: Mapping[str, Any], options: RuleOptions) -> dict[str, Any]:
        """The `RuleOptions` fields the campaign's settings (its switch among them) give the module."""
        if self.switch.to_options is not None:
            return self.switch.to_options(settings)
        own = {self.switch.key: bool(settings[self.switch.key]),
               **{o.key: settings.get(o.key, o.default) for o in self.switch.options}}
        return {"modules": {**options.modules, self.key: own}}

    def settings_from(self, options: RuleOptions) -> dict[str, Any]:
        """The settings a world's `RuleOptions` hold for the module ({} when it is off)."""
        if self.switch.from_options is not None:
            return self.switch.from_options(options)
        return dict(options.modules.get(self.key, {})) if self.plays(options) else {}

    def hooks_at(self, step_key: str, when: str, options: RuleOptions | None = None) -> list[StepHook]:
        """Its hooks of that step; given a campaign's switches, those it runs there (all while it `is_on`, else
        those `also_when_off`)."""
        return [hook for hook in self.hooks if hook.step == step_key and hook.when == when
                and (options is None or hook.also_when_off or self.plays(options))]


class RuleModuleError(RuntimeError):
    """A module's declaration the core cannot take: the server must not start with it."""


_loaded: dict[tuple[str, ...], tuple[RuleModule, ...]] = {}


def rule_modules() -> tuple[RuleModule, ...]:
    """The declared modules, in `game.modules.RULE_MODULES` order: imported on first use (each module's rules import
    the core that asks for them), and again if the list changes (a test plugs a toy module in)."""
    packages = game.modules.RULE_MODULES
    if packages not in _loaded:
        _loaded.clear()
        _loaded[packages] = tuple(load_rule_module(package) for package in packages)
    return _loaded[packages]


T = TypeVar("T")


def for_the_modules(collect: Callable[[tuple[RuleModule, ...]], T]) -> Callable[[], T]:
    """`collect(rule_modules())`, collected again only when the list of modules changes: the core's tables of the
    modules' parts (reducers, order kinds, prices) are built once, not on each event or order."""
    memo: list[tuple[tuple[RuleModule, ...], T]] = []  # keeps the very tuple, so `is` cannot meet a reused id

    def collected() -> T:
        modules = rule_modules()
        if not memo or memo[0][0] is not modules:
            memo[:] = [(modules, collect(modules))]
        return memo[0][1]

    return collected


def load_rule_module(package: str) -> RuleModule:
    key = package.rpartition(".")[2]
    declared = getattr(importlib.import_module(f"{package}.rules"), "MODULE", None)
    if not isinstance(declared, RuleModule) or declared.key != key:
        raise RuleModuleError(f"{package}.rules must declare MODULE = RuleModule(key={key!r}, ...).")
    return declared


def module_order_handlers(step_input: StepInput, dice: Dice | None = None) -> dict[str, OrderHandler]:
    """The modules' order kinds a step carries out, with their handlers (whether or not the campaign plays the
    module: its check refuses the order then; an order `only_while_on` is passed over then)."""
    options = step_input.world.options
    handlers = {order.kind.name: order.handler(step_input, dice) for module in rule_modules()
                for order in module.orders if step_input.step.key in order.kind.steps
                and (not order.only_while_on or module.plays(options))}
    return {name: handler for name, handler in handlers.items() if handler is not None}


# The modules' prices and odds by order kind (`orders.prices.order_price`, `order_odds`).
module_prices = for_the_modules(lambda modules: {
    order.kind.name: order.price for module in modules for order in module.orders if order.price is not None})
module_odds = for_the_modules(lambda modules: {
    order.kind.name: order.odds for module in modules for order in module.orders if order.odds is not None})


def fields_unplayed(options: RuleOptions, kind: str) -> set[str]:
    """The fields of a core order kind that belong to modules a campaign with these switches does not play."""
    return {name for module in rule_modules() if not module.plays(options)
            for name in module.order_fields.get(kind, ())}


def rule_value(options: RuleOptions, name: str, default: Any) -> Any:
    """A core rule parameter as the campaign plays it: set by the first module it plays that declares `name`, else
    the core's `default`."""
    for module in rule_modules():
        if name in module.rule_values and module.plays(options):
            return module.rule_values[name]
    return default
