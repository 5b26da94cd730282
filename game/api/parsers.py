"""JSON in, refused early when PostgreSQL could not store it: a NUL character or a lone surrogate anywhere in the
body (a key or a string deep in an order's payload) would otherwise fail the insert with a server error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers
from rest_framework.parsers import JSONParser


def _unstorable(text: str) -> bool:
    return "\x00" in text or any("\ud800" <= char <= "\udfff" for char in text)


def _first_unstorable(value: Any, path: str) -> str | None:
    if isinstance(value, str):
        return path if _unstorable(value) else None
    items: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for key, inner in value.items():
            if _unstorable(key):
                return path or "body"
            items.append((f"{path}.{key}" if path else key, inner))
    elif isinstance(value, list):
        items = [(f"{path}.{index}" if path else str(index), inner) for index, inner in enumerate(value)]
    for inner_path, inner in items:
        found = _first_unstorable(inner, inner_path)
        if found is not None:
            return found
    return None


class StorableJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        field = _first_unstorable(data, "")
        if field is not None:
            raise serializers.ValidationError({field: ["Text may not contain NUL or unpaired surrogate characters."]})
        return data
