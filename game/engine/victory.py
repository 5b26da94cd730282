"""Victory: how a campaign is won, checked at the end of Exploit (issue 12; rulings in docs/rules.md, "Victory").

The GM chooses the conditions when the campaign is created, any combination of elimination, a score threshold
and a round limit; the GM may also declare the end at any time. Further victory types come with the Alpha
Centauri module.

A civilization's score is what it holds and makes when the round ends:
* 10 points per colony it holds (its own and not occupied by another civilization),
* 1 point per unit of output a quarter: the MU of taxes it collected this quarter (Exploit 5) and the Ore its
  Operational mines produce a quarter (Exploit 3, never more than the deposit left),
* 2 points per unit it has in service (built: neither Under Construction nor a wreck),
* technology: none (docs/rules.md, "Victory": the score was set before the research module and does not count
  what it learns).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.engine import settings_catalogue, social
from game.engine.catalogue import spoken_list
from game.engine.events import Event, Visibility
from game.engine.world import UnitState, World, mine_yield

POINTS_PER_COLONY = 10
POINTS_PER_OUTPUT = 1
POINTS_PER_UNIT = 2
POINTS_PER_TECHNOLOGY = 1
DIPLOMATIC_TERMS = 3  # "be Planetary Governor for 3 turns in a row": three Councils in a row
SCORE_IN_WORDS = (f"A score is {POINTS_PER_COLONY} points per colony held, {POINTS_PER_OUTPUT} per MU of taxes "
                  f"and Ore mined a quarter, {POINTS_PER_UNIT} per unit in service; technologies learned do not count. "
                  "Victory is checked at the end of each round's Exploit.")


class EndReason(StrEnum):
    ELIMINATION = "elimination"
    SCORE = "score"
    ROUND_LIMIT = "round_limit"
    GM = "gm"
    ECONOMIC = "economic"
    CONQUEST = "conquest"
    TRANSCENDENCE = "transcendence"
    DIPLOMATIC = "diplomatic"


@dataclass(frozen=True)
class VictoryConditions:
    """What ends the campaign besides the GM's word (always available): the last civilization holding colonies
    (`elimination`), a score reached (`score_threshold`), the end of a round (`round_limit`). None: not used."""

    elimination: bool = False
    score_threshold: int | None = None
    round_limit: int | None = None
    # Alpha Centauri's victory types: the Social Factor score to exceed (docs/rules.md, "Alpha Centauri victories").
    ac_economic: int | None = None
    ac_conquest: int | None = None
    ac_transcendence: int | None = None
    ac_diplomatic: int | None = None

    def as_dict(self) -> dict[str, Any]:
        alpha_centauri = {"ac_economic": self.ac_economic, "ac_conquest": self.ac_conquest,
                          "ac_transcendence": self.ac_transcendence, "ac_diplomatic": self.ac_diplomatic}
        # Alpha Centauri's only when set, so a campaign without them stores what it always did.
        return {"elimination": self.elimination, "score_threshold": self.score_threshold,
                "round_limit": self.round_limit, **{k: v for k, v in alpha_centauri.items() if v is not None}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> VictoryConditions:
        return cls(bool(data.get("elimination", False)), data.get("score_threshold"), data.get("round_limit"),
                   data.get("ac_economic"), data.get("ac_conquest"), data.get("ac_transcendence"),
                   data.get("ac_diplomatic"))

    def in_words(self) -> list[str]:
        """How the campaign is won, a line per condition, the GM's word last (it is always there)."""
        lines = []
        if self.elimination:
            lines.append("Elimination: the last civilization holding colonies wins.")
        if self.score_threshold is not None:
            lines.append(f"Score: the first civilization to reach {self.score_threshold:,} points at the end of a "
                         "round wins (the best score, if several reach it together).")
        if self.round_limit is not None:
            lines.append(f"Round limit: at the end of round {self.round_limit}, the best score wins.")
        if self.ac_economic is not None:
            lines.append(f"Economic victory: an Economy score above {self.ac_economic}.")
        if self.ac_conquest is not None:
            lines.append(f"Conquest victory: a Military score above {self.ac_conquest} while occupying another "
                         "civilization's colony.")
        if self.ac_transcendence is not None:
            lines.append(f"Transcendence victory: a Research score above {self.ac_transcendence} or an Ecology "
                         f"score above {self.ac_transcendence // 2}.")
        if self.ac_diplomatic is not None:
            lines.append(f"Diplomatic victory: a Population score above {self.ac_diplomatic} and Planetary Governor "
                         f"{DIPLOMATIC_TERMS} Councils in a row.")
        lines.append("The Game Master may declare the end at any time.")
        return lines

    def problems(self) -> dict[str, str]:
        """Each condition's number that cannot be played, by field, in words the GM can act on: checked against its
        setting's declaration (`victory_<field>`, its bounds included), as the settings page checks it."""
        found = {}
        for name in ("score_threshold", "round_limit", "ac_economic", "ac_conquest", "ac_transcendence",
                     "ac_diplomatic"):
            try:
                settings_catalogue.clean(f"victory_{name}", getattr(self, name), settings_catalogue.Context())
            except settings_catalogue.SettingProblem as problem:
                found[name] = problem.message
        return found


@dataclass(frozen=True)
class Score:
    civ_id: int
    name: str
    colonies: int
    output: int
    units: int
    technology: int

    @property
    def total(self) -> int:
        return (self.colonies * POINTS_PER_COLONY + self.output * POINTS_PER_OUTPUT + self.units * POINTS_PER_UNIT
                + self.technology * POINTS_PER_TECHNOLOGY)

    def as_dict(self) -> dict[str, Any]:
        return {"civ_id": self.civ_id, "name": self.name, "score": self.total, "colonies": self.colonies,
                "output": self.output, "units": self.units, "technology": self.technology}


def colonies_held(world: World, civ_id: int) -> int:
    """A colony another civilization occupies (Exterminate 9) is not held by its owner."""
    return sum(1 for c in world.colonies.values() if c.civ_id == civ_id and c.occupied_by in (None, civ_id))


def output_of(world: World, civ_id: int) -> int:
    taxes = world.civs[civ_id].taxes
    ore = sum(mine_yield(world, m) for m in world.mines.values()
              if m.civ_id == civ_id and m.operational and m.planet_id in world.planets)
    return taxes + ore


def units_in_service(world: World) -> Counter[int]:
    """Civ id -> its units in service, counted in one pass over the units for every civilization."""
    return Counter(u.civ_id for u in world.units.values()
                   if u.state not in (UnitState.UNDER_CONSTRUCTION, UnitState.DESTROYED))


def technology_of(world: World, civ_id: int) -> int:
    """Technologies do not count toward the score (docs/rules.md, "Victory")."""
    return 0


def score_of(world: World, civ_id: int, in_service: Mapping[int, int] | None = None) -> Score:
    """`in_service`: `units_in_service(world)`, when the caller scores every civilization."""
    units = (units_in_service(world) if in_service is None else in_service).get(civ_id, 0)
    return Score(civ_id, world.civs[civ_id].name, colonies_held(world, civ_id), output_of(world, civ_id), units,
                 technology_of(world, civ_id))


def standings(world: World) -> tuple[Score, ...]:
    """Every civilization's score, best first (equal scores by name, then id, so the order never wavers)."""
    in_service = units_in_service(world)
    return tuple(sorted((score_of(world, civ_id, in_service) for civ_id in world.civs),
                        key=lambda s: (-s.total, s.name, s.civ_id)))


@dataclass(frozen=True)
class VictoryResult:
    reason: EndReason
    winners: tuple[int, ...]
    round: int
    standings: tuple[Score, ...]
    explanation: str

    def event(self) -> Event:
        """The `CampaignEnded` fact everyone reads, with the final standings."""
        names = {s.civ_id: s.name for s in self.standings}
        return Event("CampaignEnded", {
            "reason": self.reason.value, "winners": list(self.winners),
            "winner_names": [names.get(civ_id, f"Civilization {civ_id}") for civ_id in self.winners],
            "round": self.round, "explanation": self.explanation,
            "standings": [s.as_dict() for s in self.standings]}, Visibility.PUBLIC)


def _best(scores: Iterable[Score]) -> tuple[int, ...]:
    """Ruling: equal best scores share the victory."""
    scores = list(scores)
    if not scores:
        return ()
    top = max(s.total for s in scores)
    return tuple(sorted(s.civ_id for s in scores if s.total == top))


def _names(scores: Sequence[Score], civ_ids: Sequence[int]) -> str:
    return spoken_list(s.name for s in scores if s.civ_id in civ_ids)


def occupies_a_colony(world: World, civ_id: int) -> bool:
    """Alpha Centauri's "Capture 1+ Bases": it occupies a colony of another civilization (Exterminate 9)."""
    return any(c.occupied_by == civ_id and c.civ_id != civ_id for c in world.colonies.values())


def alpha_centauri_distances(world: World, conditions: VictoryConditions, civ_id: int) -> dict[str, dict[str, Any]]:
    """How far a civilization is from each enabled Alpha Centauri victory: the score it has, the score it needs
    (one more than the threshold) and, for conquest, whether it occupies a colony."""
    scores = social.scores(world, civ_id)
    out: dict[str, dict[str, Any]] = {}
    if conditions.ac_economic is not None:
        out["economic"] = {"score": scores["E"], "needs": conditions.ac_economic + 1,
                           "short": max(0, conditions.ac_economic + 1 - scores["E"])}
    if conditions.ac_conquest is not None:
        out["conquest"] = {"score": scores["M"], "needs": conditions.ac_conquest + 1,
                           "short": max(0, conditions.ac_conquest + 1 - scores["M"]),
                           "occupies": occupies_a_colony(world, civ_id)}
    if conditions.ac_transcendence is not None:
        research = max(0, conditions.ac_transcendence + 1 - scores["R"])
        ecology = max(0, conditions.ac_transcendence // 2 + 1 - scores["C"])
        out["transcendence"] = {"score": scores["R"], "ecology": scores["C"], "short": min(research, ecology)}
    if conditions.ac_diplomatic is not None:
        terms = world.governor_terms if world.governor == civ_id else 0
        out["diplomatic"] = {"score": scores["P"], "needs": conditions.ac_diplomatic + 1,
                             "short": max(0, conditions.ac_diplomatic + 1 - scores["P"]), "terms": terms,
                             "terms_short": max(0, DIPLOMATIC_TERMS - terms)}
    return out


def _alpha_centauri(world: World, conditions: VictoryConditions, round: int,
                    table: tuple[Score, ...]) -> VictoryResult | None:
    """The first of Alpha Centauri's victories met, diplomatic, economic, conquest, transcendence; civilizations
    meeting it together share it."""
    reached: dict[EndReason, list[int]] = {}
    for s in table:
        distance = alpha_centauri_distances(world, conditions, s.civ_id)
        for key, reason in (("diplomatic", EndReason.DIPLOMATIC), ("economic", EndReason.ECONOMIC),
                            ("conquest", EndReason.CONQUEST), ("transcendence", EndReason.TRANSCENDENCE)):
            if (key in distance and distance[key]["short"] == 0 and distance[key].get("occupies", True)
                    and distance[key].get("terms_short", 0) == 0):
                reached.setdefault(reason, []).append(s.civ_id)
    for reason, what in ((EndReason.DIPLOMATIC, f"a Population score above {conditions.ac_diplomatic} and "
                                                f"Governor {DIPLOMATIC_TERMS} Councils in a row"),
                         (EndReason.ECONOMIC, f"an Economy score above {conditions.ac_economic}"),
                         (EndReason.CONQUEST, f"a Military score above {conditions.ac_conquest} and a colony "
                                              "taken"),
                         (EndReason.TRANSCENDENCE, "transcendence")):
        if reason in reached:
            winners = tuple(sorted(reached[reason]))
            return VictoryResult(reason, winners, round, table,
                                 f"{reason.value.capitalize()} victory: {_names(table, winners)}, {what}.")
    return None


def check_victory(world: World, conditions: VictoryConditions, round: int) -> VictoryResult | None:
    """At the end of Exploit of `round`: the campaign's result if a chosen condition is met, else None. When
    several are met at once, elimination decides first, then the score threshold, then the round limit."""
    table = standings(world)
    holding = [s for s in table if s.colonies > 0]
    # Ruling: elimination needs a rival to outlast, and a world where nobody holds a colony (not set up yet, or
    # everyone lost theirs at once) names no last civilization: the GM may declare the end.
    if conditions.elimination and len(table) > 1 and len(holding) == 1:
        (last,) = holding
        return VictoryResult(EndReason.ELIMINATION, (last.civ_id,), round, table,
                             f"{last.name} is the last civilization holding colonies.")
    alpha_centauri = _alpha_centauri(world, conditions, round, table)
    if alpha_centauri is not None:
        return alpha_centauri
    if conditions.score_threshold is not None:
        reached = [s for s in table if s.total >= conditions.score_threshold]
        if reached:
            winners = _best(reached)
            return VictoryResult(EndReason.SCORE, winners, round, table,
                                 f"{_names(table, winners)} reached {conditions.score_threshold} points.")
    if conditions.round_limit is not None and round >= conditions.round_limit and table:
        winners = _best(table)
        return VictoryResult(EndReason.ROUND_LIMIT, winners, round, table,
                             f"Round {round} was the last; {_names(table, winners)} scored best.")
    return None


def declared_end(world: World, winners: Sequence[int], reason: str, round: int) -> VictoryResult:
    """The GM ends the campaign, naming the winners (or none) and why."""
    unknown = [civ_id for civ_id in winners if civ_id not in world.civs]
    if unknown:
        raise ValueError(f"Civilization {unknown[0]} is not in this campaign's world.")
    return VictoryResult(EndReason.GM, tuple(sorted(set(winners))), round, standings(world), reason)
