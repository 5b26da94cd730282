"""A technology as data, and the check every catalogue passes when it is imported.

A catalogue is one source's technologies (`cluster_war.py`, `alpha_centauri.py`), each with its prerequisites,
its difficulty (the successes a project needs, Cluster War §8.0) and what it unlocks. Unlocks are words the rest
of the engine reads: `scale:<SCALE>` a hull size the designer offers, `weapon:<type>` / `defense:<type>` a
component type, `special:<name>` a special ability, `limit:<stat>` +1 to a stat's ceiling per level (incremental
technologies), `score:<code><+n>` an Alpha Centauri Social Factor, anything else a note the tech tree shows (a
ground-force type the World has no unit for yet). A technology's own key is a research key too, so the designer's
FTL and cloak checks (`designer.ftl_research_key`, `CLOAKING_RESEARCH`) read it as they read a race's pick.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum


class Difficulty(StrEnum):
    """Cluster War §8.0 "Successes needed"."""

    DEPLOYMENT = "deployment"  # easy: deployment only (a new hull template, a new ground-force type): 1
    MODERATE = "moderate"  # "advanced beams": one research and one development success: 2
    DIFFICULT = "difficult"  # "most uber techs ... four or more": 4 (docs/rules.md, Research)
    CARD = "card"  # Alpha Centauri: one Breakthrough on the Research table


SUCCESSES: Mapping[Difficulty, int] = {Difficulty.DEPLOYMENT: 1, Difficulty.MODERATE: 2, Difficulty.DIFFICULT: 4,
                                       Difficulty.CARD: 1}


class Kind(StrEnum):
    TECHNOLOGY = "technology"
    FACILITY = "facility"  # Alpha Centauri F: built once known, 20 credits
    SECRET_PROJECT = "secret_project"  # Alpha Centauri S: 40 credits


@dataclass(frozen=True)
class Technology:
    key: str
    name: str
    category: str  # "hull", "drive", "weapon", "defence", "sensor", "cloak", "terraforming", "ground", ...
    difficulty: Difficulty
    requires: tuple[str, ...] = ()
    unlocks: tuple[str, ...] = ()
    kind: Kind = Kind.TECHNOLOGY
    start: bool = False  # the standard start knows it (Cluster War §3.0, docs/rules.md "Research")
    psionic: bool = False  # outside a non-psionic race's tech base: +1 discovery success (§8.0)
    resource: str = ""  # resource-gated (§8.0 jump drives: "obtain monopoles" first)
    extra_successes: int = 0  # beyond the difficulty's (the jump drive's discovery step)
    note: str = ""

    def successes_for(self, psionic_race: bool) -> int:
        """Successes a project on it needs: the difficulty's, its own extra ones, and "+1 discovery success"
        when it lies outside the race's tech base (§8.0)."""
        return SUCCESSES[self.difficulty] + self.extra_successes + (1 if self.psionic and not psionic_race else 0)


class CatalogueError(ValueError):
    """A catalogue that contradicts itself: the server must not start with it."""


@dataclass(frozen=True)
class Catalogue:
    system: str
    title: str
    technologies: tuple[Technology, ...]

    @property
    def by_key(self) -> Mapping[str, Technology]:
        return {t.key: t for t in self.technologies}

    def get(self, key: str) -> Technology | None:
        return self.by_key.get(key)

    @property
    def start_keys(self) -> frozenset[str]:
        return frozenset(t.key for t in self.technologies if t.start)

    def available(self, known: Iterable[str]) -> tuple[Technology, ...]:
        """What may be researched next: not known, every prerequisite known."""
        have = frozenset(known)
        return tuple(t for t in self.technologies if t.key not in have and all(r in have for r in t.requires))


UNLOCK_PREFIXES = ("scale:", "weapon:", "defense:", "special:", "limit:", "score:", "ground:", "note:", "tech:")
SCALES = ("PERSONNEL", "VEHICLE", "FIGHTER", "CORVETTE", "DESTROYER", "CRUISER", "DREADNOUGHT")
SPECIALS = ("construction", "colonize", "terraform", "salvage", "cargo", "mining", "cloak", "research", "ftl")


def check_catalogue(catalogue: Catalogue) -> None:
    """Raise `CatalogueError` naming every problem: a key twice, an unknown prerequisite, a prerequisite cycle, a
    start technology needing one the start lacks, an unlock the engine does not read."""
    problems: list[str] = []
    seen: set[str] = set()
    for tech in catalogue.technologies:
        if tech.key in seen:
            problems.append(f"{tech.key} is declared twice")
        seen.add(tech.key)
        if not tech.name.strip():
            problems.append(f"{tech.key} has no name")
    keys = catalogue.by_key
    for tech in catalogue.technologies:
        for required in tech.requires:
            if required not in keys:
                problems.append(f"{tech.key} requires {required}, which is not in the catalogue")
            elif tech.start and not keys[required].start:
                problems.append(f"{tech.key} is known at the start but needs {required}, which is not")
        for unlock in tech.unlocks:
            if not unlock.startswith(UNLOCK_PREFIXES):
                problems.append(f"{tech.key} unlocks {unlock!r}, which nothing reads")
            elif unlock.startswith("scale:") and unlock[6:] not in SCALES:
                problems.append(f"{tech.key} unlocks an unknown scale {unlock[6:]!r}")
            elif unlock.startswith("special:") and unlock[8:] not in SPECIALS:
                problems.append(f"{tech.key} unlocks an unknown special {unlock[8:]!r}")
    # A prerequisite cycle would leave its technologies unreachable for ever.
    state: dict[str, int] = {}

    def visit(key: str, path: tuple[str, ...]) -> None:
        if state.get(key) == 2 or key not in keys:
            return
        if state.get(key) == 1:
            problems.append("prerequisite cycle " + " -> ".join((*path, key)))
            return
        state[key] = 1
        for required in keys[key].requires:
            visit(required, (*path, key))
        state[key] = 2

    for key in keys:
        visit(key, ())
    if problems:
        raise CatalogueError(f"The {catalogue.title} technology catalogue is wrong: " + "; ".join(problems) + ".")


def unlocked(catalogue: Catalogue, known: Iterable[str]) -> frozenset[str]:
    """The research keys a civilization's known technologies give the designer: their keys and their unlocks (an
    incremental level's `limit:` once per level known)."""
    keys: set[str] = set()
    for key in known:
        tech = catalogue.get(key)
        keys.add(key)
        if tech is not None:
            keys.update(u for u in tech.unlocks if not u.startswith("limit:"))
            keys.update(u[4:] for u in tech.unlocks if u.startswith("tech:"))
    return frozenset(keys)


def limit_raises(catalogue: Catalogue, known: Iterable[str]) -> dict[str, int]:
    """`limit:<stat>` unlocks counted over the known technologies: how far each stat's ceiling is raised."""
    raises: dict[str, int] = {}
    for key in known:
        tech = catalogue.get(key)
        for unlock in tech.unlocks if tech is not None else ():
            if unlock.startswith("limit:"):
                stat = unlock[6:]
                raises[stat] = raises.get(stat, 0) + 1
    return raises
