"""Alpha Centauri social engineering and Social Factor scores (the `module_ac_social` module): the twelve Social
Engineering (Z) cards as choices a civilization makes in Exploit 1, at most one of each type in play, each costing
the upheaval of 20 credits (MU one for one, docs/rules.md "Research"); a faction may not play the card its sheet
forbids. A civilization's scores are its faction's starting scores plus the cards in play, the technologies it knows
and its Landmarks ("MAJOR SOCIAL FACTORS & SUB FACTORS"; a major factor's score is its own plus its sub-factors')."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.engine.factions import FACTIONS_BY_KEY, Score
from game.engine.research import alpha_centauri
from game.engine.world import World

UPHEAVAL_MU = 20  # "A Z card costs 20 Credits to play (Upheaval Cost)"
MAJORS = ("E", "M", "R", "P", "C", "B")
MAJOR_TITLES = ("Economy", "Military", "Research", "Population", "Ecology", "Espionage")
_CODES = {s.code: s for s in Score}


@dataclass(frozen=True)
class Choice:
    key: str
    name: str
    kind: str  # Politics, Economics, Values, Future: "no more than 1 of each type in play"
    effects: tuple[tuple[Score, int], ...]

    @property
    def effect_text(self) -> str:
        return " ".join(f"{s.code}{v:+d}" for s, v in self.effects)


def _choice(key: str, name: str, kind: str, **effects: int) -> Choice:
    return Choice(key, name, kind, tuple((_CODES[code], value) for code, value in effects.items()))


# The card list ("Z = Social Engineering"), as printed.
CHOICES: tuple[Choice, ...] = (
    _choice("police_state", "Police State", "Politics", MS=2, PC=2, EF=-1),
    _choice("democratic", "Democratic", "Politics", EF=1, PG=2, MS=-2),
    _choice("fundamentalist", "Fundamentalist", "Politics", B=2, MO=2, RI=-2),
    _choice("free_market", "Free Market", "Economics", EC=4, C=-1, PC=-1),
    _choice("planned", "Planned", "Economics", PG=2, EI=2, EF=-1),
    _choice("green", "Green", "Economics", EF=1, C=2, PG=-2),
    _choice("power", "Power", "Values", MS=2, MO=2, EI=-2),
    _choice("knowledge", "Knowledge", "Values", RI=2, EF=1, PC=-2),
    _choice("wealth", "Wealth", "Values", EC=2, EI=2, MO=-2),
    _choice("cybernetic", "Cybernetic", "Future", EF=1, C=1, RI=1, PC=-2),
    _choice("eudaimonic", "Eudaimonic", "Future", EC=2, PG=1, EI=1, MO=-2),
    _choice("thought_control", "Thought Control", "Future", MO=1, PC=2, B=1, MS=-2),
)
CHOICES_BY_KEY = {c.key: c for c in CHOICES}
# The faction sheets name the Peacekeepers' forbidden card "Police State" and the Hive's "Democracy"; the card list
# calls the latter "Democratic".
_SHEET_NAMES = {"Democracy": "democratic"}


def forbidden_choice(faction_key: str) -> str | None:
    """The card key a faction "May not play", or None."""
    faction = FACTIONS_BY_KEY.get(faction_key)
    if faction is None:
        return None
    name = faction.forbidden_social_engineering
    return _SHEET_NAMES.get(name) or next((c.key for c in CHOICES if c.name == name), None)


def in_play(world: World, civ_id: int) -> tuple[str, ...]:
    return world.social.get(civ_id, ())


def after_playing(cards: tuple[str, ...], key: str) -> tuple[str, ...]:
    """The cards in play once `key` is played: it replaces the card of its type ("buy a new one to discard an old
    one")."""
    kind = CHOICES_BY_KEY[key].kind
    return tuple(sorted([c for c in cards if CHOICES_BY_KEY[c].kind != kind] + [key]))


# The card list prints three codes that are no Social Factor; each is read as the factor the card plainly means
# (docs/rules.md, "Social Factors"): Bunker's "ED" is Military Defense, Hologram Theatre's "PP" and Nerve Stapling's
# "SC" are Population Control (both pacify drones).
_MISPRINTS = {"ED": "MD", "PP": "PC", "SC": "PC"}
# A colony on a special-resource world is a Landmark ("a natural feature of the planet's surface"), worth what the
# mining Landmarks print (Garland Crater "EM+2").
LANDMARK = ("EM", 2)
_EFFECT = re.compile(r"^score:([A-Z]{1,2})([+-]\d+)$")


@dataclass(frozen=True)
class Source:
    """Something in play that moves a score by itself: a technology, facility or secret project known, a Landmark."""

    name: str
    code: str
    value: int


def sources(world: World, civ_id: int) -> list[Source]:
    """What the civilization's technologies (Alpha Centauri cards it knows, copied ones included) and its colonies'
    Landmarks add to its scores, as the cards print it."""
    found: list[Source] = []
    for key in sorted(world.civs[civ_id].techs):
        card = alpha_centauri.CATALOGUE.get(key)
        if card is None:
            continue
        for unlock in card.unlocks:
            match = _EFFECT.match(unlock)
            if match:
                found.append(Source(card.name, _MISPRINTS.get(match[1], match[1]), int(match[2])))
    for colony in sorted(world.colonies.values(), key=lambda c: c.colony_id):
        planet = world.planets.get(colony.planet_id)
        if colony.civ_id == civ_id and colony.operational and planet and planet.special_resource:
            found.append(Source(f"{planet.name} (Landmark: {planet.special_resource})", *LANDMARK))
    return found


def scores(world: World, civ_id: int) -> dict[str, int]:
    """Every sub-factor's score and each major factor's total (its own score plus its sub-factors'): the faction's
    starting scores, the Social Engineering in play, what technologies and Landmarks add, and the GM's changes."""
    civ = world.civs[civ_id]
    faction = FACTIONS_BY_KEY.get(civ.faction)
    out = dict.fromkeys((s.code for s in Score), 0)
    for score, value in (faction.starting_scores if faction else ()):
        out[score.code] += value
    for key in in_play(world, civ_id):
        for score, value in CHOICES_BY_KEY[key].effects:
            out[score.code] += value
    for source in sources(world, civ_id):
        out[source.code] += source.value
    for code, value in world.social_adjustments.get(civ_id, {}).items():
        out[code] += value
    majors = {m: sum(v for code, v in out.items() if _CODES[code].major_code == m) for m in MAJORS}
    return {**{code: v for code, v in out.items() if code not in MAJORS}, **majors}
