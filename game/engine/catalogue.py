"""The event catalogue: every event type declared once, with its payload's fields, who may see it, whether it
belongs in the chronicle, and a one-line description template.

A declaration is the contract between the engine that emits an event, the log that stores it, and every page that
shows it. `Catalogue.validate` checks a payload against it; `Catalogue.describe` renders its template with the
names a viewer knows (`Names`), so no page words an event of its own.

Templates are `str.format` text with three additions:
* `{field:kind}` names an id: `kind` is a `Names` method (`unit`, `civ`, `sector`, `poi`, ...) or one of `FORMATS`
  (`n` a whole number with thousands, `#noun` a count of a list: "3 units", `words` snake_case as words, ...);
* `[ ... ]` is an optional clause: it is left out when a field in it is absent (missing, None, False, "" or []);
* `fallback` is said instead when a field outside every clause is absent.
This module is the game's own declarations (the round's steps and the game services); the combat and galaxy
engines declare theirs next to the code that emits them, and `game.event_catalogue` puts them together.
"""

from __future__ import annotations

import re
import string
import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any, Protocol, Union, get_args, get_origin

from game.engine.events import Event, Visibility


class Audience(StrEnum):
    """Who may read an event: the visibility it is stored with, in words."""

    PUBLIC = "everyone, spectators included"
    CIV = "its civilization (and the GM)"
    WITNESSES = "the civilizations in its seen_by (and the GM)"
    GM = "the GM only"

    def admits(self, event: Event) -> bool:
        if self is Audience.WITNESSES:
            return event.visibility is Visibility.GM and "seen_by" in event.payload
        return event.visibility is {
            Audience.PUBLIC: Visibility.PUBLIC, Audience.CIV: Visibility.CIV, Audience.GM: Visibility.GM
        }[self]


@dataclass(frozen=True)
class Optional:
    """A payload field that may be missing or null."""

    kind: Any


class Names(Protocol):
    """What one viewer calls the things an event names by id. Never None, never a bare id: what the viewer may not
    know is "a unit", "a colony", ..."""

    def unit(self, unit_id: int) -> str: ...
    def civ(self, civ_id: int) -> str: ...
    def sector(self, sector_id: str) -> str: ...
    def poi(self, poi_id: str) -> str: ...
    def planet(self, planet_id: str) -> str: ...
    def design(self, design_id: str) -> str: ...
    def colony(self, colony_id: int) -> str: ...
    def project(self, project_id: int) -> str: ...
    def skirmish(self, skirmish_id: str) -> str: ...
    def side(self, side_id: str) -> str: ...


NAME_KINDS = frozenset({"unit", "civ", "sector", "poi", "planet", "design", "colony", "project", "skirmish", "side"})
_PLURALS = {"colony": "colonies", "point of interest": "points of interest", "unit": "units"}


def _count(noun: str) -> Callable[[Any], str]:
    def count(values: Any) -> str:
        number = values if isinstance(values, int) else len(values)
        return f"{number} {noun if number == 1 else _PLURALS.get(noun, noun + 's')}"

    return count


def spoken_list(items: Any) -> str:
    """"Vega", "Altair and Vega", "Altair, Sol and Vega"."""
    items = [str(item) for item in items]
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def _hits(hits: Any) -> str:
    return ", ".join(f"{h['weapon_type'] or 'all weapons'}: d20 {h['roll']} = {h['percent']}%" for h in hits)


FORMATS: dict[str, Callable[[Any], str]] = {
    "n": lambda value: f"{value:,.0f}",
    "g": lambda value: f"{value:g}",
    "words": lambda value: re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(value)).replace("_", " ").lower(),
    "flag": lambda value: "",  # a clause that is said only when a flag is set
    "hits": _hits,
    "rolls": lambda rolls: ", ".join(str(r) for r in rolls),
    "and": spoken_list,
    # A publication's delay: said only when there is one.
    "later": lambda steps: f" ({steps} step{'' if steps == 1 else 's'} from now)" if steps else "",
}


def _absent(value: Any) -> bool:
    """Left out of a line: a count of 0 is said, a missing or empty value is not."""
    return value is None or value is False or value == "" or value == [] or value == ()


_CLAUSE = re.compile(r"\[([^\[\]]*)\]")
_FORMATTER = string.Formatter()


@cache
def _pieces(template: str) -> tuple[str, ...]:
    """Splitting on the clause pattern (one group) alternates text outside clauses and each clause's text."""
    return tuple(_CLAUSE.split(template))


@cache
def _parts(text: str) -> tuple[tuple[str, str | None, str], ...]:
    """`text` as (literal, field name, format spec) parts. Templates are parsed once each, not once for every
    event described (a large round describes tens of thousands)."""
    return tuple((literal, name, spec or "") for literal, name, spec, _ in _FORMATTER.parse(text))


def _fields(text: str) -> list[tuple[str, str]]:
    return [(name, spec) for _, name, spec in _parts(text) if name is not None]


@dataclass(frozen=True)
class EventType:
    """One event type: `name` (past tense), its payload `fields` (name -> type; `Optional(...)` when it may be
    missing), who may see it (`audience`, the first being the usual), a one-line `template`, and `chronicle`:
    True for what a reader came for, False for machinery (step bookkeeping, dice, acknowledgements) that only moves
    the step indicator or is told elsewhere (a battle's blow by blow is its report's)."""

    name: str
    fields: Mapping[str, Any]
    audience: tuple[Audience, ...]
    template: str
    chronicle: bool = True
    fallback: str = ""

    def __post_init__(self) -> None:
        if not self.audience:
            raise ValueError(f"{self.name}: say who may see it.")
        known = set(self.fields) | ({"seen_by"} if Audience.WITNESSES in self.audience else set())
        outside = _CLAUSE.sub("", self.template)
        for text in (self.template, self.fallback):
            for name, spec in _fields(_CLAUSE.sub(lambda m: m.group(1), text)):
                if name not in known:
                    raise ValueError(f"{self.name}: its template names {name!r}, which the payload does not have.")
                kind = spec.split(":")[0]
                if spec and kind not in NAME_KINDS and kind not in FORMATS and not kind.startswith("#"):
                    raise ValueError(f"{self.name}: {spec!r} is neither a kind of name nor a format.")
        for name, _ in _fields(outside):
            kind = self.fields.get(name, list[int])
            if not self.fallback and (isinstance(kind, Optional) or nullable(kind)):
                raise ValueError(f"{self.name}: {name!r} may be absent; put it in a [clause] or give a fallback.")

    @property
    def payload_fields(self) -> dict[str, Any]:
        """The declared fields, with `seen_by` for events several civilizations witness."""
        if Audience.WITNESSES in self.audience:
            return {"seen_by": list[int], **self.fields}
        return dict(self.fields)


def nullable(kind: Any) -> bool:
    return get_origin(kind) in (Union, types.UnionType) and type(None) in get_args(kind)


class EventProblem(ValueError):
    """An event that does not match its declaration, saying which field and how."""


def _type_problem(value: Any, kind: Any, where: str) -> str | None:
    """Why `value` is not of the declared `kind`, or None when it is."""
    if kind is Any:
        return None
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        problems = [_type_problem(value, option, where) for option in get_args(kind)]
        return None if None in problems else f"{where} is {value!r}, not {_type_name(kind)}"
    if kind is type(None):
        return None if value is None else f"{where} is {value!r}, not null"
    if origin in (list, tuple) or kind in (list, tuple):
        if not isinstance(value, (list, tuple)):
            return f"{where} is {value!r}, not a list"
        (item,) = get_args(kind) or (Any,)
        return next((p for i, v in enumerate(value) if (p := _type_problem(v, item, f"{where}[{i}]"))), None)
    if origin is dict or kind is dict:
        if not isinstance(value, Mapping):
            return f"{where} is {value!r}, not an object"
        _, item = get_args(kind) or (str, Any)
        return next((p for k, v in value.items() if (p := _type_problem(v, item, f"{where}.{k}"))), None)
    if kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind)
    return None if ok else f"{where} is {value!r}, not {_type_name(kind)}"


def _type_name(kind: Any) -> str:
    if get_origin(kind) in (Union, types.UnionType):
        return " or ".join(_type_name(k) for k in get_args(kind))
    return {int: "an integer", float: "a number", str: "a string", bool: "true or false", type(None): "null"}.get(
        kind, getattr(kind, "__name__", str(kind)))


class Catalogue:
    """Every event type the project emits, each declared exactly once."""

    def __init__(self, *declarations: Iterable[EventType]) -> None:
        self.types: dict[str, EventType] = {}
        for group in declarations:
            for declared in group:
                if declared.name in self.types:
                    raise ValueError(f"{declared.name} is declared twice.")
                self.types[declared.name] = declared

    def __getitem__(self, event_type: str) -> EventType:
        try:
            return self.types[event_type]
        except KeyError:
            raise EventProblem(f"{event_type!r} is not a declared event type (see the event catalogue).") from None

    def validate(self, event_type: str, payload: Mapping[str, Any]) -> None:
        """Raise `EventProblem` naming the first field that is missing, unknown or of the wrong type."""
        declared = self[event_type]
        fields = declared.payload_fields
        for name, kind in fields.items():
            if name not in payload:
                if not isinstance(kind, Optional):
                    raise EventProblem(f"{event_type}: the payload lacks {name!r}.")
                continue
            if isinstance(kind, Optional):
                kind = kind.kind | None
            problem = _type_problem(payload[name], kind, f"{event_type}.{name}")
            if problem:
                raise EventProblem(problem)
        unknown = sorted(set(payload) - set(fields))
        if unknown:
            raise EventProblem(f"{event_type}: the payload has undeclared fields {', '.join(unknown)}.")

    def check(self, event: Event) -> None:
        """`validate`, and the event's visibility is one its declaration allows."""
        self.validate(event.type, event.payload)
        declared = self.types[event.type]
        if not any(audience.admits(event) for audience in declared.audience):
            raise EventProblem(f"{event.type} is shown to {event.visibility.value}, but it is declared for "
                               f"{' or '.join(a.value for a in declared.audience)}.")

    def chronicle(self, event_type: str) -> bool:
        declared = self.types.get(event_type)
        return declared.chronicle if declared else False

    def describe(self, event_type: str, payload: Mapping[str, Any], names: Names) -> str:
        """The event's line for a viewer who calls things by `names`. A field a viewer was not shown (stripped from
        the payload) leaves its clause out; an undeclared type is said plainly rather than failing a page."""
        declared = self.types.get(event_type)
        if declared is None:
            return _words(event_type) + "."

        def render(text: str) -> str | None:
            out = []
            for literal, name, spec in _parts(text):
                out.append(literal)
                if name is None:
                    continue
                value = payload.get(name)
                if _absent(value):
                    return None
                out.append(_render_value(value, spec, names))
            return "".join(out)

        parts: list[str] = []
        for index, piece in enumerate(_pieces(declared.template)):
            rendered = render(piece)
            if index % 2:
                parts.append(rendered or "")
            elif rendered is None:
                return _sentence(render(declared.fallback) or _words(event_type) + ".")
            else:
                parts.append(rendered)
        return _sentence("".join(parts))


def _render_value(value: Any, spec: str, names: Names) -> str:
    if spec in NAME_KINDS:
        named: str = getattr(names, spec)(value)
        return named
    if spec.startswith("#"):
        return _count(spec[1:])(value)
    if spec:
        return FORMATS[spec](value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


# The words a line may start with when it starts with what `Names` says of something unnamed ("a unit", "the
# attacker", "construction of Vigilant"): they take a capital there. A name is left as its owner wrote it.
_GENERIC_STARTS = ("a ", "an ", "the ", "construction of ", "terraforming of ")


def _sentence(text: str) -> str:
    text = without_emphasis(text)
    return text[:1].upper() + text[1:] if text.startswith(_GENERIC_STARTS) else text


_EMPHASIS = re.compile(r"\*([^*\s](?:[^*]*[^*\s])?)\*")


def without_emphasis(text: str) -> str:
    """`text` as a person reads it: the markdown emphasis the engine puts around a unit's name
    (`world.unit_label`: "Corvette *Vigilant*", kept in the events' payloads) dropped, as a page shows plain text."""
    return _EMPHASIS.sub(r"\1", text)


def _words(event_type: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", event_type).capitalize()


# --- the game's declarations -------------------------------------------------------------------------------------

PUBLIC, CIV, WITNESSES, GM = (Audience.PUBLIC,), (Audience.CIV,), (Audience.WITNESSES,), (Audience.GM,)
ANYONE = (Audience.PUBLIC, Audience.CIV, Audience.WITNESSES, Audience.GM)

# The step pipeline and the round's bookkeeping: they move the step indicator; the chronicle leaves them out.
PIPELINE_EVENTS = (
    EventType("StepClosed", {"round": int, "step": str, "label": str}, PUBLIC,
              "Round {round}, {label}: closed; resolving.", chronicle=False),
    EventType("StepResolved", {"round": int, "step": str, "label": str, "orders": int}, PUBLIC,
              "Round {round}, {label}: resolved[ ({orders:#order})].", chronicle=False),
    EventType("StepOpened", {"round": int, "date": str, "phase": str, "step": str, "label": str}, PUBLIC,
              "Now round {round} ({date}), {label}.", chronicle=False),
    EventType("DiceRolled", {"purpose": str, "sides": int, "result": int}, GM,
              "d{sides} for {purpose}: {result}.", chronicle=False),
    EventType("DiceEntered", {"step": str, "rolls": list[int]}, GM,
              "The GM entered rolls for {step}[: {rolls:rolls}].", chronicle=False),
    EventType("StepUndone", {"round": int, "step": str, "label": str, "reason": str, "undone_after_seq": int},
              PUBLIC, "The GM undid round {round}, {label}: {reason}"),
    EventType("ResolutionFailed", {"step": str, "reason": str}, GM, "Resolving {step} failed: {reason}"),
    EventType("ResultOverridden", {"type": str, "index": int, "reason": str, "before": dict[str, Any],
                                   "after": dict[str, Any], "seen_by": Optional(list[int])}, ANYONE,
              "The GM changed a result ({type:words}): {reason}"),
)

CAMPAIGN_EVENTS = (
    EventType("CampaignCreated", {"name": str, "date": str}, PUBLIC,
              "The campaign {name} begins its records ({date})."),
    EventType("CivilizationJoined", {"civ_id": int, "name": str}, PUBLIC, "{name} joined the campaign."),
    EventType("VisibilityChanged", {"is_public": bool}, GM, "The campaign is now public.{is_public:flag}",
              fallback="The campaign is now private."),
    EventType("MemberRemoved", {"user_id": int, "username": str, "civ_id": Optional(int), "civ_name": str}, GM,
              "The GM removed {username} from the campaign[ (the player of {civ_name})]."),
    EventType("ScenarioLoaded", {"title": str, "civilizations": int}, PUBLIC,
              "The GM loaded the scenario {title} ({civilizations} civilizations)."),
    EventType("OrderAccepted", {"order_id": int, "kind": str, "step": str}, CIV,
              "Order accepted: {kind:words}.", chronicle=False),
    EventType("OrderWithdrawn", {"order_id": int, "kind": str}, CIV, "Order withdrawn: {kind:words}.", chronicle=False),
    EventType("CivilizationReady", {"civ_id": int, "step": str}, CIV, "{civ_id:civ} is ready.", chronicle=False),
    EventType("GmRuling", {"text": str, "step": str}, (Audience.PUBLIC, Audience.CIV), "The GM rules: {text}"),
    EventType("NoteSent", {"from": str, "civ_id": int, "text": str, "order_id": int | None, "author": str}, CIV,
              "Note from {author}: {text}"),
    EventType("StandingsPublished", {"round": int, "date": str, "figures": list[str], "rows": list[dict[str, Any]]},
              PUBLIC, "The GM published the standings for round {round} ({date})."),
    # The end of the campaign (game.engine.victory): who won, why, and every civilization's final score.
    EventType("CampaignEnded", {"reason": str, "winners": list[int], "winner_names": list[str], "round": int,
                                "explanation": str, "standings": list[dict[str, Any]]}, PUBLIC,
              "The campaign is over[, won by {winner_names:and}]: {explanation}"),
    EventType("OrderRejected", {"kind": str, "payload": dict[str, Any], "field": str, "reason": str}, CIV,
              "Order refused ({kind:words}): {reason}"),
)

# Who plays a civilization (game.services.seats): a bot or a member holds its seat for some rounds.
SEAT_EVENTS = (
    EventType("SeatHandedOver", {"civ_id": int, "delegate": str, "is_bot": bool, "from_round": int,
                                 "until_round": Optional(int), "reason": str}, CIV,
              "{delegate} plays {civ_id:civ} from round {from_round}[ to round {until_round}]: {reason}"),
    EventType("SeatTakenBack", {"civ_id": int, "by": str}, CIV, "{by} took back the seat of {civ_id:civ}."),
)

# The flow of a round (game.services.flow): the GM's run to the next step that needs someone, and a player's
# "ready for the rest of the phase", which something new that concerns them clears.
FLOW_EVENTS = (
    EventType("RunOnStarted", {"round": int, "step": str, "label": str}, PUBLIC,
              "The GM runs the round on from {label} to the next step that needs someone.", chronicle=False),
    EventType("RunOnStopped", {"round": int, "step": str, "label": str, "reason": str}, GM,
              "The round stopped running on at {label}: {reason}", chronicle=False),
    EventType("PhaseReadinessGiven", {"civ_id": int, "round": int, "phase": str}, CIV,
              "{civ_id:civ} is ready for the rest of {phase:words}.", chronicle=False),
    EventType("PhaseReadinessCleared", {"civ_id": int, "round": int, "phase": str, "step": str, "reason": str}, CIV,
              "{civ_id:civ} is no longer ready for the rest of {phase:words}: {reason}", chronicle=False),
)

# Deadlines (game.services.deadlines): the open step's clock, more time, a nudge, and the deadline passing.
DEADLINE_EVENTS = (
    EventType("DeadlineSet", {"step": str, "label": str, "deadline": str, "minutes": int}, PUBLIC,
              "{label}: orders are due within {minutes} minutes.", chronicle=False),
    EventType("DeadlineExtended", {"step": str, "label": str, "deadline": str, "minutes": int, "reason": str},
              PUBLIC, "The GM granted {minutes} more minutes for {label}: {reason}"),
    EventType("DeadlinePassed", {"step": str, "label": str, "deadline": str, "late": list[int],
                                 "late_names": list[str], "advanced": bool}, GM,
              "The deadline of {label} passed[; late: {late_names:and}][; the step advances as the GM would"
              "{advanced:flag}]."),
    EventType("PlayerNudged", {"civ_id": int, "step": str, "label": str, "text": str}, CIV,
              "The GM reminds you: {label} waits for your orders.[ {text}]"),
)

# The campaign's settings (game.services.settings): each change with the GM's reason, and the changes that waited
# for a new round coming into force. A change of who is at war or who trades is told to the civilizations it
# concerns only (hidden information); every other change to everyone.
SETTINGS_EVENTS = (
    EventType("SettingsChanged", {"version": int, "summary": str, "reason": str, "pending": bool, "from_round": int,
                                  "changes": dict[str, Any]}, (Audience.PUBLIC, Audience.CIV),
              "The GM changed the settings: {summary}[ (waits for round {from_round}, as it would break the round "
              "in progress{pending:flag})]. Reason: {reason}"),
    EventType("SettingsInForce", {"versions": list[int], "round": int, "summary": str, "changes": dict[str, Any],
                                  "before": dict[str, Any]}, PUBLIC,
              "Round {round} opens with the settings that waited for it: {summary}."),
)

EXPLORE_EVENTS = (
    EventType("UnitReleased", {"unit_id": int, "task": str}, CIV, "{unit_id:unit} finished its {task} work.",
              chronicle=False),
    EventType("UnitMoved", {"unit_id": int, "mp": int, "eta_left": int}, CIV,
              "{unit_id:unit} moved {mp} MP; {eta_left} MP to go.", chronicle=False),
    EventType("UnitArrived", {"unit_id": int, "sector_id": str, "poi_id": str | None}, CIV,
              "{unit_id:unit} arrived at {sector_id:sector}[, {poi_id:poi}]."),
    EventType("DetectionUpdated", {"civ_id": int, "units": list[int], "colonies": list[int], "pois": list[str],
                                   "sectors": list[str]}, CIV,
              "Long-range sensors:[ {units:#unit} of others in range;][ {colonies:#colony} of others in range;]"
              "[ {pois:#point of interest} found;][ {sectors:#sector} charted;] the picture is updated."),
    EventType("CloseScanned", {"civ_id": int, "pois": list[str], "planets": list[str], "units": list[int],
                               "colonies": list[int]}, CIV,
              "Close scan:[ {pois:#point of interest} found;][ {planets:#planet} surveyed;][ {units:#unit} of others "
              "seen;][ {colonies:#colony} of others seen;] the picture is updated."),
    EventType("SkirmishDeclared", {"skirmish_id": str, "sector_id": str, "attacker_civ": int, "defender_civ": int},
              WITNESSES, "{attacker_civ:civ} declared a skirmish against {defender_civ:civ} in {sector_id:sector}."),
    EventType("MessageDelivered", {"from_civ": int, "to_civ": int, "text": str}, WITNESSES,
              "{from_civ:civ} to {to_civ:civ}: {text}"),
    EventType("GiftDelivered", {"from_civ": int, "to_civ": int, "from_unit": int, "to_unit": int, "ore": int,
                                "mu": int}, WITNESSES,
              "{from_civ:civ} gave {to_civ:civ} {ore} Ore and {mu} MU ({from_unit:unit} to {to_unit:unit})."),
    EventType("CoursePlotted", {"unit_id": int, "sector_id": str, "poi_id": str | None, "eta": int | None}, CIV,
              "{unit_id:unit} set course for {sector_id:sector}[, {poi_id:poi}][ (ETA {eta} MP)]."),
)

EXPAND_EVENTS = (
    EventType("CargoLoaded", {"unit_id": int, "poi_id": str | None, "ore": int, "rider_ids": list[int]}, CIV,
              "{unit_id:unit} loaded {ore} Ore[ and {rider_ids:#unit}][ at {poi_id:poi}]."),
    EventType("CargoUnloaded", {"unit_id": int, "poi_id": str | None, "ore": int, "rider_ids": list[int]}, CIV,
              "{unit_id:unit} unloaded {ore} Ore[ and {rider_ids:#unit}][ at {poi_id:poi}]."),
    EventType("ColonyOperational", {"colony_id": int}, CIV, "{colony_id:colony} is operational."),
    EventType("UnitCompleted", {"unit_id": int, "project_id": int}, CIV, "{unit_id:unit} is operational."),
    EventType("TerraformingMadePermanent", {"project_id": int, "planet_id": str}, CIV,
              "Terraforming of {planet_id:planet} is permanent: the planet is viable."),
    EventType("ColonyFounded", {"colony_id": int, "civ_id": int, "planet_id": str, "unit_id": int,
                                "population": int, "mu": int}, CIV,
              "{civ_id:civ} founded a colony on {planet_id:planet} (population {population}) for {mu:n} MU."),
    EventType("ConstructionStarted", {"project_id": int, "unit_id": int, "civ_id": int, "design_id": str, "name": str,
                                      "poi_id": str, "sector_id": str, "builder_id": int, "bp_needed": int, "mu": int,
                                      "hp": float, "crash": Optional(str)}, CIV,
              "Construction of {name} ({design_id:design}) began at {poi_id:poi}: {bp_needed} BP, {mu} MU[, crash "
              "building ({crash:words})]."),
    EventType("TerraformingStarted", {"project_id": int, "civ_id": int, "planet_id": str, "unit_id": int,
                                      "tp_needed": int, "mu": int}, CIV,
              "{unit_id:unit} began terraforming {planet_id:planet}: {tp_needed} TP, {mu} MU."),
    EventType("ConstructionAdvanced", {"project_id": int, "bp": int, "ore": int}, CIV,
              "{project_id:project} advanced {bp} BP ({ore} Ore used)."),
    EventType("ConstructionCompleted", {"project_id": int, "unit_id": Optional(int), "mine_id": Optional(int)}, CIV,
              "[{unit_id:unit}][The mine {mine_id:flag}] is built; operational next quarter."),
    EventType("MineStarted", {"project_id": int, "mine_id": int, "civ_id": int, "planet_id": str, "poi_id": str,
                              "builder_id": int, "stations": int, "output": int, "bp_needed": int, "mu": int}, CIV,
              "{builder_id:unit} began a mine of {stations} stations on {planet_id:planet}: {bp_needed} BP, "
              "{mu} MU."),
    EventType("MineCompleted", {"mine_id": int, "project_id": int, "planet_id": str}, CIV,
              "The mine on {planet_id:planet} is operational."),
    EventType("ConstructionHalted", {"project_id": int, "poi_id": str, "reason": str, "ore_short": Optional(int)},
              CIV, "{project_id:project} at {poi_id:poi} halted: {reason}."),
    EventType("ConstructionAbandoned", {"project_id": int, "unit_id": int, "reason": str}, CIV,
              "A construction project was abandoned: {reason}."),
    EventType("ConstructionResumed", {"project_id": int, "unit_id": Optional(int), "mine_id": Optional(int),
                                      "builder_id": int}, CIV,
              "{builder_id:unit} resumed {project_id:project}."),
    EventType("TerraformingAdvanced", {"project_id": int, "tp": int, "ore": int, "starved": bool}, CIV,
              "{project_id:project} changed by {tp} TP ({ore} Ore used)[; short of Ore{starved:flag}]."),
    EventType("TerraformingCompleted", {"project_id": int}, CIV, "{project_id:project} is complete."),
)

EXPLOIT_EVENTS = (
    EventType("OreMined", {"mine_id": int, "civ_id": int, "planet_id": str, "ore": int}, CIV,
              "The mine on {planet_id:planet} produced {ore} Ore."),
    EventType("ColonyGrew", {"colony_id": int, "population": int, "legal_citizens": int}, CIV,
              "{colony_id:colony} grew to population {population} ({legal_citizens} legal citizens)."),
    EventType("TaxesCollected", {"civ_id": int, "mu": int}, CIV, "{civ_id:civ} collected {mu} MU in taxes."),
    EventType("SpecialResourceProduced", {"civ_id": int, "mine_id": int, "resource": str, "amount": int}, CIV,
              "{civ_id:civ} gained {amount} {resource}."),
    EventType("TradeOccurred", {"civ_a": int, "civ_b": int, "gain_a": int, "gain_b": int,
                                "route_capacity": Optional(int), "intercepts": Optional(int)}, WITNESSES,
              "{civ_a:civ} and {civ_b:civ} traded ({gain_a} and {gain_b} MU of trade)[, by trade route carrying at "
              "most {route_capacity} MU][, raiders caught {intercepts} convoy(s)]."),
    EventType("SalvageCollected", {"unit_id": int, "sector_id": str, "ore": int}, CIV,
              "{unit_id:unit} salvaged {ore} Ore of junk in {sector_id:sector}."),
    EventType("TradeTaxesCollected", {"civ_id": int, "mu": int}, CIV, "{civ_id:civ} collected {mu} MU in trade taxes."),
)

EXTERMINATE_EVENTS = (
    EventType("SkirmishCancelled", {"skirmish_id": str, "reason": str}, WITNESSES,
              "{skirmish_id:skirmish} is off: {reason}."),
    EventType("SkirmishOpened", {"skirmish_id": str, "unit_ids": list[int], "moved": list[int]}, WITNESSES,
              "{skirmish_id:skirmish} opens with {unit_ids:#unit}[ ({moved:#unit} moved in)]."),
    EventType("SkirmishBegan", {"skirmish_id": str}, WITNESSES, "{skirmish_id:skirmish} has begun."),
    EventType("UnitEvaded", {"skirmish_id": str, "unit_id": int}, WITNESSES,
              "{unit_id:unit} evaded {skirmish_id:skirmish}."),
    EventType("UnitJoinedFight", {"skirmish_id": str, "unit_id": int}, WITNESSES,
              "{unit_id:unit} joined {skirmish_id:skirmish}."),
    EventType("SkirmishFought", {"skirmish_id": str, "victor_side": str | None, "outcomes": list[dict[str, Any]],
                                 "riders_lost": list[int]}, WITNESSES,
              "{skirmish_id:skirmish} was fought: the {victor_side} won[; {riders_lost:#unit} lost in the holds].",
              fallback="{skirmish_id:skirmish} was fought: no victor."),
    EventType("SpaceJunkCreated", {"unit_id": int, "sector_id": str, "junk": int}, WITNESSES,
              "{unit_id:unit} is a wreck: {junk} junk in {sector_id:sector}."),
    EventType("UnitWrecked", {"unit_id": int, "sector_id": str, "ore": int, "junk": int}, WITNESSES,
              "{unit_id:unit} broke up in {sector_id:sector}[, its {ore} Ore leaving {junk} junk]."),
    EventType("VictorDeclared", {"skirmish_id": str, "victor_civ": int | None}, WITNESSES,
              "{victor_civ:civ} won {skirmish_id:skirmish}.", fallback="{skirmish_id:skirmish} ended with no victor."),
    EventType("UnitCaptured", {"unit_id": int, "from_civ": int, "civ_id": int}, WITNESSES,
              "{civ_id:civ} captured {unit_id:unit} from {from_civ:civ}."),
    EventType("ColonyOccupied", {"colony_id": int, "civ_id": int, "unit_id": int}, WITNESSES,
              "{civ_id:civ} occupied {colony_id:colony}."),
    EventType("ColonyDestroyed", {"colony_id": int, "civ_id": int, "planet_id": str}, WITNESSES,
              "{civ_id:civ}'s colony on {planet_id:planet} was destroyed."),
    EventType("SkirmishesClosed", {"skirmish_ids": list[str]}, WITNESSES,
              "This round's skirmishes are over ({skirmish_ids:#skirmish}).", chronicle=False),
)

# Star charts shared (Explore 8's messages, and open borders in the diplomacy module) and the factions' extra card
# in Exploit 1. (Treaties, social engineering and the Council: game.modules.diplomacy, .social, .council.)
DIPLOMACY_EVENTS = (
    EventType("ChartsShared", {"from_civ": int, "to_civ": int, "sectors": list[str], "pois": list[str]}, CIV,
              "{from_civ:civ} shared its star charts with {to_civ:civ}:[ {sectors:#sector} charted;][ {pois:#point of "
              "interest} learned of]."),
    EventType("FactionCardDrawn", {"civ_id": int, "faction": str, "mu": int}, CIV,
              "{civ_id:civ} drew its extra card of the round ({faction}): {mu} MU."),
)

GAME_EVENTS = (*PIPELINE_EVENTS, *CAMPAIGN_EVENTS, *SEAT_EVENTS, *FLOW_EVENTS, *EXPLORE_EVENTS,
               *EXPAND_EVENTS, *EXPLOIT_EVENTS, *EXTERMINATE_EVENTS, *SETTINGS_EVENTS, *DEADLINE_EVENTS,
               *DIPLOMACY_EVENTS)
