"""The rule modules' web parts, collected for the core's URLs and batched reads: a module's package may hold a
`web.py` with `URLS` (its API routes) and `BATCHED_READS` (the addresses a page may ask for in one request)."""

from __future__ import annotations

import importlib
from types import ModuleType

from django.urls import URLPattern

import game.modules


def _web_parts() -> list[ModuleType]:
    parts = []
    for package in game.modules.RULE_MODULES:
        try:
            parts.append(importlib.import_module(f"{package}.web"))
        except ModuleNotFoundError as missing:
            if missing.name != f"{package}.web":
                raise
    return parts


def module_urls() -> list[URLPattern]:
    return [route for part in _web_parts() for route in getattr(part, "URLS", [])]


def module_batched_reads() -> frozenset[str]:
    return frozenset(read for part in _web_parts() for read in getattr(part, "BATCHED_READS", ()))
