"""Events are the facts a resolution produces; the event log is the campaign's record of what happened."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Visibility(StrEnum):
    PUBLIC = "public"  # everyone, spectators included
    CIV = "civ"  # one civilization (and the GM)
    GM = "gm"  # the GM only


@dataclass(frozen=True)
class Event:
    """A fact, named in the past tense (`UnitArrived`), with who may see it."""

    type: str
    payload: dict[str, Any] = field(default_factory=dict)
    visibility: Visibility = Visibility.GM
    civ_id: int | None = None

    def __post_init__(self) -> None:
        if (self.visibility is Visibility.CIV) != (self.civ_id is not None):
            raise ValueError("An event is shown to one civilization exactly when it names that civilization.")
