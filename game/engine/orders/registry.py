"""The order kinds by name, checked as they are declared, and the two questions asked of them: is this order
legal (`validate_order`), and what can this civilization order now, with the forms (`legal_orders`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from game.engine import rule_module
from game.engine.orders.kinds import KINDS, ORDERS_STEPS
from game.engine.orders.model import FormField, LegalOrder, Offer, OrderCommand, OrderKind, OrderProblem
from game.engine.phases import step_by_key
from game.engine.world import World

_ORDER_KINDS: dict[str, OrderKind] = {}


class OrderKindError(ValueError):
    """A declaration that cannot work: the server must not start with it."""


def declare(kind: OrderKind) -> None:
    """Add an order kind, refusing one that could never be given or whose form could not be drawn."""
    _check(kind, _ORDER_KINDS)
    _ORDER_KINDS[kind.name] = kind


def _check(kind: OrderKind, known: dict[str, OrderKind]) -> None:
    if kind.name in known:
        raise OrderKindError(f"Order kind {kind.name} is declared twice.")
    if not kind.steps:
        raise OrderKindError(f"Order kind {kind.name} names no step that takes it.")
    for key in sorted(kind.steps - ORDERS_STEPS):
        raise OrderKindError(f"Order kind {kind.name} is declared for {key}, which is not a step that takes orders.")
    names = [f.name for f in kind.fields]
    if len(set(names)) != len(names):
        raise OrderKindError(f"Order kind {kind.name} declares a field twice: {names}.")
    if kind.offer is None:
        for declared in kind.fields:
            if declared.widget in ("choice", "multichoice", "sequence") and not declared.options:
                raise OrderKindError(
                    f"Order kind {kind.name}: its field {declared.name} is chosen among things of the world, "
                    "so the kind needs an offer finder to list them."
                )


for _kind in KINDS:
    declare(_kind)


def _declared_by(modules: tuple[rule_module.RuleModule, ...]) -> dict[str, OrderKind]:
    kinds: dict[str, OrderKind] = {}
    for module in modules:
        for order in module.orders:
            _check(order.kind, {**_ORDER_KINDS, **kinds})
            kinds[order.kind.name] = order.kind
    return kinds


@cache
def _modules_kinds() -> Callable[[], dict[str, OrderKind]]:
    """Made on first use: this module is imported while `rule_module` itself is still being imported."""
    return rule_module.for_the_modules(_declared_by)


def order_kinds() -> dict[str, OrderKind]:
    """Every order kind by name: the core's, then the rule modules' (`game.modules`), in their order."""
    return {**_ORDER_KINDS, **_modules_kinds()()}


def validate_order(order: OrderCommand, world: World | None = None) -> None:
    """Raise `OrderProblem` naming the field if the order is not legal in its step (and, given the world, for
    this civilization now); return quietly if it is."""
    step = step_by_key(order.step_key)
    kind = order_kinds().get(order.kind)
    if kind is None:
        known = ", ".join(sorted(order_kinds()))
        raise OrderProblem("kind", f"unknown order {order.kind!r}; the orders are: {known}.")
    if step.key not in kind.steps:
        raise OrderProblem("kind", f"{order.kind} cannot be ordered in {step.label}.")
    kind.check_shape(order)
    if world is not None and kind.check is not None:
        kind.check(order, world)


# The field types that name a thing of the world by its number (`World.next_id` numbers each new one).
_NUMBERED = frozenset({"unit", "units", "colony", "project", "fleet"})


def legal_orders(world: World, civ_id: int, step_key: str, round_number: int | None = None,
                 made_from: int | None = None) -> list[LegalOrder]:
    """What `civ_id` can order in `step_key` (of round `round_number`, when given) now, each with its form; a
    free-text Declare is always among them in an orders step. In a world the civilization's orders given in the
    step have made, things numbered from `made_from` on are theirs: they are left out, as their numbers are given
    only when the step resolves (other civilizations' orders come in between)."""
    step = step_by_key(step_key)
    offered: list[LegalOrder] = []
    unplayed = {o.kind.name for m in rule_module.rule_modules() if not m.plays(world.options) for o in m.orders}
    for kind in order_kinds().values():
        if kind.name in unplayed:  # a rule module the campaign does not play offers nothing
            continue
        if round_number is not None and kind.given_in is not None and not kind.given_in(world, round_number):
            continue
        if step.key in kind.steps:
            offers = kind.offer(world, civ_id) if kind.offer is not None else [Offer()]
            if made_from is not None:
                offers = [o for o in (_made_before(kind, offer, made_from) for offer in offers) if o is not None]
            offered.extend(_form(kind, offer) for offer in offers)
    return offered


def _made_before(kind: OrderKind, offer: Offer, made_from: int) -> Offer | None:
    """The offer without the things numbered from `made_from` on; None if it is about one, or has nothing left to
    choose for a field it needs."""
    choices = dict(offer.choices)
    for declared in kind.fields:
        if declared.type not in _NUMBERED:
            continue
        fixed = offer.payload.get(declared.name)
        if any(isinstance(v, int) and v >= made_from for v in (fixed if isinstance(fixed, list) else [fixed])):
            return None
        if declared.name in choices:
            choices[declared.name] = tuple(c for c in choices[declared.name]
                                           if not (isinstance(c.value, int) and c.value >= made_from))
            if not choices[declared.name] and declared.required and declared.name not in offer.payload:
                return None
    return replace(offer, choices=choices)


def _form(kind: OrderKind, offer: Offer) -> LegalOrder:
    """The offer as the player's form: the declared fields it leaves to fill, with its choices and maxima."""
    fields = []
    for declared in kind.fields:
        if declared.name in offer.payload:
            continue
        choices = offer.choices.get(declared.name, declared.options)
        if declared.widget in ("choice", "multichoice", "sequence") and not choices:
            if declared.required:
                raise OrderKindError(f"{kind.name} offers nothing to choose for its field {declared.name}.")
            continue  # nothing to pick: the optional field is left out of the form
        maximum = offer.maxima.get(declared.name, declared.maximum)
        if declared.maximum is not None and maximum is not None:
            maximum = min(maximum, declared.maximum)
        integer = declared.widget == "integer"
        bounded = integer or declared.widget == "sequence"  # a sequence's maximum is how many it may list
        fields.append(
            FormField(
                declared.name,
                declared.label,
                declared.widget,
                declared.required,
                choices,
                minimum=declared.minimum if integer else None,
                maximum=maximum if bounded else None,
                max_length=declared.max_length,
            )
        )
    title = f"{kind.label}: {offer.subject}" if offer.subject else kind.label
    return LegalOrder(kind.name, kind.label, title, kind.description, offer.payload, tuple(fields), offer.have,
                      offer.cost)
