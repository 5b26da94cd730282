"""JSON in, refused early when PostgreSQL could not store it: a NUL character or a lone surrogate anywhere in the
body (a key or a string deep in an order's payload) would otherwise fail the insert with a server error. A body
nested deeper than any request of the API needs is refused too, before it can exhaust the stack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# Levels of arrays and objects in a body: the deepest request (a setting's pairs of civilizations, an order's
# payload) needs five.
MAX_DEPTH = 32
TOO_DEEP = f"The JSON body is nested too deeply: at most {MAX_DEPTH} levels of arrays and objects."


def _unstorable(text: str) -> bool:
    return "\x00" in text or any("\ud800" <= char <= "\udfff" for char in text)


def _first_unstorable(value: Any, path: str, depth: int = 0) -> str | None:
    if isinstance(value, str):
        return path if _unstorable(value) else None
    if depth >= MAX_DEPTH and isinstance(value, dict | list):
        raise ParseError(TOO_DEEP)
    items: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for key, inner in value.items():
            if _unstorable(key):
                return path or "body"
            items.append((f"{path}.{key}" if path else key, inner))
    elif isinstance(value, list):
        items = [(f"{path}.{index}" if path else str(index), inner) for index, inner in enumerate(value)]
    for inner_path, inner in items:
        found = _first_unstorable(inner, inner_path, depth + 1)
        if found is not None:
            return found
    return None


class StorableJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:  # nested deeper than the decoder's stack allows, far beyond the bound
            raise ParseError(TOO_DEEP) from None
        field = _first_unstorable(data, "")
        if field is not None:
            raise serializers.ValidationError({field: ["Text may not contain NUL or unpaired surrogate characters."]})
        return data
