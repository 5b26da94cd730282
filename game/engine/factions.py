"""The seven factions of the Alpha Centauri card game as civilization presets: traits, starting Social Factor
scores and restrictions, as "THE FACTIONS" gives them. A preset replaces the Advantage Point race design."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Score(Enum):
    """The six major Social Factors and their sub-factors ("MAJOR SOCIAL FACTORS & SUB FACTORS")."""

    ECONOMY = ("E", "Economy", "E")
    MILITARY = ("M", "Military", "M")
    RESEARCH = ("R", "Research", "R")
    POPULATION = ("P", "Population", "P")
    ECOLOGY = ("C", "Planetary Ecology", "C")
    ESPIONAGE = ("B", "Espionage", "B")
    ENERGY = ("EE", "Economy Energy", "E")
    COMMERCE = ("EC", "Economy Commerce", "E")
    EFFICIENCY = ("EF", "Economy Efficiency", "E")
    TRANSPORT = ("ET", "Economy Transport", "E")
    INDUSTRY = ("EI", "Economy Industry", "E")
    # The source lists Mining as a second "EI"; its cards all use EM.
    MINING = ("EM", "Economy Mining", "E")
    AGRICULTURE = ("EA", "Economy Agriculture & Terraforming", "E")
    ATTACK = ("MA", "Military Attack & Weapons", "M")
    DEFENSE = ("MD", "Military Defense", "M")
    MOBILITY = ("MM", "Military Mobility & Coordination", "M")
    ELECTRONIC_WARFARE = ("ME", "Military Electronic Warfare", "M")
    SUPPORT = ("MS", "Military Support", "M")
    MORALE = ("MO", "Military Morale", "M")
    PSI = ("MP", "Military Psi Combat", "M")
    BIOLOGY = ("RB", "Research Medical Biology & Genetics", "R")
    PHYSICS = ("RP", "Research Mathematics & Physical Science", "R")
    INFRASTRUCTURE = ("RI", "Research Infrastructure, Computers & Applied Engineering", "R")
    GROWTH = ("PG", "Population Growth & Habitation", "P")
    CONTROL = ("PC", "Population Control & Pacification", "P")

    def __init__(self, code: str, title: str, major_code: str) -> None:
        self.code = code
        self.title = title
        self.major_code = major_code


@dataclass(frozen=True)
class Faction:
    key: str
    name: str
    traits: tuple[str, ...]
    starting_scores: tuple[tuple[Score, int], ...]
    forbidden_social_engineering: str  # "May not play ... Z card"
    attacks_per_conflict: int = 1  # Pacifists 0 ("may never Attack, only Defend"); Aggressive 2
    conflict_force_bonus: int = 0
    probe_modifier_against: int = 0  # added to opponents' Probe Table rolls against this faction
    probe_reroll_against_from: int | None = None  # opponents rolling this or more against it may reroll
    research_roll_modifier: int = 0
    extra_research_rolls: int = 0  # per turn
    extra_exploration_rolls: int = 0  # per turn
    extra_card_draws: int = 0  # per turn
    free_council_votes: int = 0
    extra_starting_credits: int = 0
    extra_base_cost: int = 0
    mind_worms_give_units: bool = False
    # The Cluster War §3.1 attitude with the same restriction, so one order check serves both setups
    # (docs/rules.md, "Factions").
    cw_attitude: str = "neutral"

    def score(self, score: Score) -> int:
        return sum(value for s, value in self.starting_scores if s is score)

    @property
    def may_attack(self) -> bool:
        return self.attacks_per_conflict > 0


def _scores(**by_code: int) -> tuple[tuple[Score, int], ...]:
    codes = {s.code: s for s in Score}
    return tuple((codes[code], value) for code, value in by_code.items())


FACTIONS: tuple[Faction, ...] = (
    Faction("believers", "Believers", ("Aggressive", "Explore", "Conquer", "Fundamentalist"),
            _scores(C=-2, PC=2), "Knowledge", attacks_per_conflict=2, conflict_force_bonus=2,
            probe_modifier_against=1, research_roll_modifier=-1),
    Faction("gaians", "Gaians", ("Pacifist", "Explore", "Green"),
            _scores(C=1, PC=-1, MO=-1, EF=2), "Free Market", attacks_per_conflict=0,
            extra_exploration_rolls=1, mind_worms_give_units=True, cw_attitude="peaceful"),
    Faction("hive", "Hive", ("Aggressive", "Conquer", "Build", "Police State"),
            _scores(PG=1, EI=1, EC=-2, MD=2, PC=2), "Democracy", attacks_per_conflict=2),
    Faction("morgan", "Morgan Industries", ("Pacifist", "Build", "Free Market"),
            _scores(EC=3, EI=2, MS=-1), "Planned", attacks_per_conflict=0, extra_starting_credits=50,
            extra_base_cost=5, cw_attitude="peaceful"),
    Faction("peacekeepers", "Peacekeepers", ("Explore", "Discover", "Democracy"),
            _scores(EF=-1, PG=1, PC=3), "Police State", free_council_votes=10, extra_card_draws=1),
    Faction("spartans", "Spartans", ("Discover", "Conquer", "Power"),
            _scores(MO=2, PC=1, EI=-1, MM=2, MS=2), "Wealth"),
    Faction("university", "University", ("Discover", "Knowledge"),
            _scores(RI=4, PC=-2), "Fundamentalist", probe_reroll_against_from=8, extra_research_rolls=1),
)

FACTIONS_BY_KEY: dict[str, Faction] = {f.key: f for f in FACTIONS}
