"""The parts of an order: the command a player sends, a refusal, a kind's declaration with its fields, and an
offer with the form a client shows for it.

A kind's fields are its one schema: `OrderKind.check_shape` derives the payload's shape check from them, and
`legal_orders` derives each offer's form from them, so a field's name, label, type and range are written once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine.catalogue import Names, spoken_list
from game.engine.world import World


class OrderProblem(ValueError):
    """An order that cannot be accepted, with the field at fault, in words a player can act on."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message


@dataclass(frozen=True)
class OrderCommand:
    civ_id: int
    step_key: str
    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Choice:
    """One value a form field may take, with the words a player reads for it, and what choosing it costs
    ({"mu": 300, "bp": 10, "ore": 10}: only the keys that apply) when the order's price depends on it."""

    value: int | str
    label: str
    cost: Mapping[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value, "label": self.label}
        if self.cost:
            out["cost"] = dict(self.cost)
        return out


# A field's type -> the widget a client draws for it. The id types name a thing of the world (a unit, a
# Sector, ...): the client picks one among the offer's choices; "units" picks several; "option" picks one of the
# declared options.
WIDGETS: dict[str, str] = {
    "unit": "choice",
    "civ": "choice",
    "colony": "choice",
    "project": "choice",
    "sector": "choice",
    "poi": "choice",
    "planet": "choice",
    "design": "choice",
    "option": "choice",
    "tech": "choice",  # a technology of the campaign's research catalogue, by key
    "units": "multichoice",
    "fleet": "choice",  # one of the civilization's fleets (game.engine.fleets), by id
    "sectors": "sequence",  # Sectors in the order given (a fleet's waypoints): several picks, order kept
    "integer": "integer",
    "text": "text",
}
_WHOLE_NUMBERS = frozenset({"unit", "civ", "colony", "project", "fleet", "integer"})  # ids that are ints, and amounts
_NAMES = frozenset({"sector", "poi", "planet", "design", "option", "tech"})  # ids that are strings
QUOTE_LIMIT = 120  # characters of a text quoted in an order's one-line description
# What one order may carry, so a payload stays the size of what a player fills in: an id that names a thing of the
# world is short, and a list picks among the units a civilization can have at one place.
NAME_LIMIT = 100  # characters of an id by name (a Sector, a design, a technology, ...)
LIST_LIMIT = 1000  # units an order lists


@dataclass(frozen=True)
class Field:
    """One payload field of an order kind, as a player fills it in.

    `label` is what the player reads (never an internal name); `minimum`/`maximum` bound an integer (an offer
    may lower the maximum from the world: the Ore a hold can take, the treasury); `max_length` bounds a text;
    `options` are an "option" field's fixed choices. A field that is not `required` may be left out (a choice may
also be null); a step function reads a left-out amount as 0 and a left-out list as empty.
    """

    name: str
    label: str
    type: str
    required: bool = True
    minimum: int = 0
    maximum: int | None = None
    max_length: int | None = None
    options: tuple[Choice, ...] = ()

    def __post_init__(self) -> None:
        if self.type not in WIDGETS:
            raise ValueError(f"Field {self.name}: unknown type {self.type!r}; the types are {sorted(WIDGETS)}.")
        if not self.label.strip():
            raise ValueError(f"Field {self.name} needs a label a player can read.")
        if (self.type == "option") != bool(self.options):
            raise ValueError(f"Field {self.name}: an option field, and only one, lists its options.")
        if self.type == "text" and self.max_length is None:
            raise ValueError(f"Field {self.name}: a text field is bounded (max_length).")
        if self.type == "sectors" and self.maximum is None:
            raise ValueError(f"Field {self.name}: a list of Sectors is bounded (maximum).")

    @property
    def widget(self) -> str:
        return WIDGETS[self.type]

    def check_shape(self, payload: Mapping[str, Any]) -> None:
        """Raise `OrderProblem` naming this field if the payload's value is missing or of the wrong shape."""
        where = f"payload.{self.name}"
        value = payload.get(self.name)
        if value is None and self.required:
            raise OrderProblem(where, f"{self.label} is required.")
        if value is None and (self.name not in payload or self.widget == "choice"):
            return  # left out; a null choice is "none of them" (no Point of Interest: open space)
        if self.type in _WHOLE_NUMBERS:
            if not isinstance(value, int) or isinstance(value, bool) or value < self.minimum:
                raise OrderProblem(where, f"give a whole number of at least {self.minimum}.")
            if self.maximum is not None and value > self.maximum:
                raise OrderProblem(where, f"give a whole number of at most {self.maximum:,}.")
        elif self.type in _NAMES:
            if not isinstance(value, str) or not value:
                raise OrderProblem(where, f"{self.label} is required.")
            if len(value) > NAME_LIMIT:
                raise OrderProblem(where, f"keep it under {NAME_LIMIT} characters.")
            if self.options and value not in {o.value for o in self.options}:
                raise OrderProblem(where, "choose " + " or ".join(str(o.label) for o in self.options) + ".")
        elif self.type == "text":
            if not isinstance(value, str) or not value.strip():
                raise OrderProblem(where, f"write the {self.label.lower()}.")
            if self.max_length is not None and len(value) > self.max_length:
                raise OrderProblem(where, f"keep it under {self.max_length:,} characters.")
        elif self.type == "units":
            if not (isinstance(value, list) and all(_is_int(v) and v >= 0 for v in value)):
                raise OrderProblem(where, "give a list of unit numbers.")
            if len(value) > LIST_LIMIT:
                raise OrderProblem(where, f"give at most {LIST_LIMIT:,} units.")
        elif self.type == "sectors":
            if not (isinstance(value, list) and all(isinstance(v, str) and 0 < len(v) <= NAME_LIMIT for v in value)):
                raise OrderProblem(where, "give a list of Sectors.")
            if self.maximum is not None and len(value) > self.maximum:
                raise OrderProblem(where, f"give at most {self.maximum} Sectors.")

    def value_text(self, value: Any, names: Names) -> str:
        """A given value in words: a thing of the world by what the viewer calls it (`names`), an amount with its
        thousands, a text quoted (shortened to a line)."""
        if self.type == "units":
            return spoken_list(names.unit(v) for v in value)
        if self.type == "sectors":
            return " → ".join(names.sector(v) for v in value)
        if self.type == "option":
            return next((o.label for o in self.options if o.value == value), str(value))
        if self.type == "integer":
            return f"{value:,}"
        if self.type == "text":
            line = " ".join(str(value).split())
            return f"“{line if len(line) <= QUOTE_LIMIT else line[:QUOTE_LIMIT - 1] + '…'}”"
        name_of: Callable[[Any], str] = getattr(names, self.type)
        return name_of(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Offer:
    """One order a kind's offer function finds a civilization can give now.

    `payload` is fixed; for the fields left to fill, `choices` lists the allowed values by name (a field of an
    id type must have them), and `maxima` the most of an amount the world allows. `subject` says, in words,
    what the order is for ("Vigilant (Patrol Corvette)"), empty when the fields say it all. An order that costs
    something says what the civilization `have`s that it could spend ({"mu": 1250, "ore": 40}, Ore at the site)
    and, when its price does not depend on a choice, its `cost` (a choice's price is on the choice).
    """

    payload: Mapping[str, Any] = field(default_factory=dict)
    subject: str = ""
    choices: Mapping[str, tuple[Choice, ...]] = field(default_factory=dict)
    maxima: Mapping[str, int] = field(default_factory=dict)
    have: Mapping[str, int] = field(default_factory=dict)
    cost: Mapping[str, int] = field(default_factory=dict)


WorldCheck = Callable[[OrderCommand, World], None]
OfferFinder = Callable[[World, int], list[Offer]]
RoundCheck = Callable[[World, int], bool]


@dataclass(frozen=True)
class OrderKind:
    """One kind of order, declared once: its payload fields, the steps that take it, the check that refuses it
    with a reason, and how to find the ones a civilization can give now."""

    name: str
    label: str  # what the player reads: "Plot a course"
    description: str  # one line a player reads under the form
    steps: frozenset[str]  # the keys of the ORDERS steps that take it; each step function applies it
    fields: tuple[Field, ...]  # in display order
    check: WorldCheck | None = None  # given the world: may this civilization give it now? Raises OrderProblem.
    offer: OfferFinder | None = None  # None: one offer, every field to fill (only text and amounts)
    # The rounds it may be given in (None: every round); in another its step refuses it (the Council's bids).
    given_in: RoundCheck | None = None

    def check_shape(self, order: OrderCommand) -> None:
        """Every declared field's shape, and no field besides them: what is stored is only what the kind reads."""
        names = [f.name for f in self.fields]
        for given in order.payload:
            if given not in names:
                shown = given if len(given) <= QUOTE_LIMIT else given[:QUOTE_LIMIT - 1] + "…"
                fields = f"its fields are {', '.join(names)}" if names else "it has none"
                raise OrderProblem(f"payload.{shown}", f"{self.label} has no field {shown!r}; {fields}.")
        for declared in self.fields:
            declared.check_shape(order.payload)

    def describe(self, payload: Mapping[str, Any], names: Names) -> str:
        """The order in one line a viewer reads: its label, then each field given, by its label, the things it
        names as `names` calls them ("Plot a course · Unit: Vigilant · Destination: Sector 3,4")."""
        given = [f"{f.label}: {f.value_text(payload[f.name], names)}" for f in self.fields
                 if payload.get(f.name) not in (None, "", [])]
        return " · ".join([self.label, *given])


@dataclass(frozen=True)
class FormField:
    """A field an offer leaves the player to fill in, as the form shows it."""

    name: str
    label: str
    widget: str  # "choice", "multichoice", "sequence", "integer" or "text": the only widgets a client knows
    required: bool
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name, "label": self.label, "type": self.widget, "required": self.required,
        }
        if self.widget in ("choice", "multichoice", "sequence"):
            out["choices"] = [c.as_dict() for c in self.choices]
        if self.widget == "sequence" and self.maximum is not None:
            out["max"] = self.maximum
        if self.widget == "integer":
            out["min"] = self.minimum
            if self.maximum is not None:
                out["max"] = self.maximum
        if self.max_length is not None:
            out["max_length"] = self.max_length
        return out


@dataclass(frozen=True)
class LegalOrder:
    """An order a civilization can give now, with its form: `payload` is sent as-is, `fields` are filled in."""

    kind: str
    label: str
    title: str
    description: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    fields: tuple[FormField, ...] = ()
    have: Mapping[str, int] = field(default_factory=dict)  # what the civilization could spend on it
    cost: Mapping[str, int] = field(default_factory=dict)  # its price, when no choice changes it

    def form_field(self, name: str) -> FormField:
        return next(f for f in self.fields if f.name == name)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "label": self.label,
            "title": self.title,
            "description": self.description,
            "payload": dict(self.payload),
            "fields": [f.as_dict() for f in self.fields],
            **({"have": dict(self.have)} if self.have else {}),
            **({"cost": dict(self.cost)} if self.cost else {}),
        }


@dataclass(frozen=True)
class OrderPrice:
    """What an order costs (`game.engine.orders.prices`)."""

    mu: int = 0
    bp: int = 0
    ore: int = 0
    mu_each_round: int = 0

    def as_dict(self) -> dict[str, int]:
        return {k: v for k, v in (("mu", self.mu), ("bp", self.bp), ("ore", self.ore),
                                  ("mu_each_round", self.mu_each_round)) if v}
