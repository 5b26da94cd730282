"""JSON text on the hot paths: a large step's thousands of events are encoded for the log (COPY) and for the frames
pushed to every kind of viewer. orjson encodes them several times faster than the standard library, to the same
JSON (keys that are not strings become strings, as `json.dumps` makes them; only the spacing differs)."""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def json_bytes(value: Any) -> bytes:
    return orjson.dumps(value, option=_OPTIONS)


def json_text(value: Any) -> str:
    return orjson.dumps(value, option=_OPTIONS).decode()
