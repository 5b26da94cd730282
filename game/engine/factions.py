"""The seven factions of the Alpha Centauri card game as civilization presets: traits, starting Social Factor
scores and restrictions, as "THE FACTIONS" gives them. A preset replaces the Advantage Point race design."""

from __future__ import annotations

import math
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


# How the card game's modifiers act in Centaurian Vector's round (docs/rules.md, "Factions in play"). Each is a
# ruling kept here, read by the step that plays it.

# "In Conflicts add +2 to their Force Total": the Conflict Table's totals are a few bonuses plus the Fog of War's
# 1D10, so a Force point is a tenth of the fight; CV's fights are played by a combat system from the units'
# stats, so each point is +10% to the faction's units' targeting (`combat_strength`).
FORCE_POINT_PERCENT = 10
# "A Base costs 20 Credits"; Morgan's "Bases cost an extra 5 credits" is that share (+25%) of a colony's price.
BASE_COST_CREDITS = 20
# "Players may pay 10 Credits ... to draw extra cards": a card is worth its draw price, credits being MU one for one
# (docs/rules.md, "Research"). The Peacekeepers' extra card each turn is paid as that many MU in Exploit 1.
CARD_DRAW_CREDITS = 10

# The factions' restrictions: named rule values (`rule_module.rule_value`) the Alpha Centauri factions module
# (`game.modules.factions`) sets while a campaign has them on ("Faction restrictions apply"). The modifiers apply
# either way: they come with the faction a civilization chose.
PACIFISTS_NEVER_ATTACK = "pacifists_never_attack"  # Explore 7: "may never Attack, only Defend"
ATTACKS_A_ROUND_LIMITED = "attacks_a_round_limited"  # Explore 7: one civilization attacked a round, Aggressive two
SOCIAL_CHOICE_BARRED = "faction_social_choice_barred"  # Exploit 1: the Social Engineering card a faction may not play


def of(faction_key: str) -> Faction | None:
    return FACTIONS_BY_KEY.get(faction_key)


def targeting_with_force_bonus(faction_key: str, targeting: float) -> float:
    """A unit's targeting with its faction's Conflict Table bonus (the Believers' +2: +20%)."""
    faction = of(faction_key)
    bonus = faction.conflict_force_bonus if faction else 0
    return targeting * (100 + bonus * FORCE_POINT_PERCENT) / 100


def colony_price_mu(faction_key: str, mu: int) -> int:
    """A colony's price in MU with the faction's extra base cost (Morgan: +5 on 20, rounded up)."""
    faction = of(faction_key)
    extra = faction.extra_base_cost if faction else 0
    return mu + math.ceil(mu * extra / BASE_COST_CREDITS)


def card_draw_mu(faction_key: str) -> int:
    """The MU a faction's extra card draws are worth each round (the Peacekeepers: 10)."""
    faction = of(faction_key)
    return faction.extra_card_draws * CARD_DRAW_CREDITS if faction else 0


def exploration_rolls(faction_key: str) -> int:
    """How many times a civilization rolls to find a hidden object (Explore 5): once, the Gaians twice ("an extra
    roll each turn on the Exploration Table")."""
    faction = of(faction_key)
    return 1 + (faction.extra_exploration_rolls if faction else 0)


def modifiers(faction: Faction) -> list[str]:
    """Every modifier and restriction of the faction, as its player reads them and as the round plays them."""
    lines = [f"{score.title} {value:+d} at the start" for score, value in faction.starting_scores]
    if faction.attacks_per_conflict == 0:
        lines.append("Pacifist: may never start a skirmish, only defend (Explore 7)")
    elif faction.attacks_per_conflict > 1:
        lines.append(f"Aggressive: may attack {faction.attacks_per_conflict} civilizations a round (Explore 7)")
    else:
        lines.append("May attack 1 civilization a round (Explore 7)")
    if faction.conflict_force_bonus:
        lines.append(f"+{faction.conflict_force_bonus} Force in conflicts: its units' targeting "
                     f"+{faction.conflict_force_bonus * FORCE_POINT_PERCENT}% (Exterminate 4)")
    if faction.probe_modifier_against:
        lines.append(f"Probe rolls against it +{faction.probe_modifier_against} (Personnel missions)")
    if faction.probe_reroll_against_from is not None:
        lines.append(f"Probe rolls of {faction.probe_reroll_against_from}+ against it may be rerolled")
    if faction.research_roll_modifier:
        lines.append(f"Research rolls {faction.research_roll_modifier:+d} (Explore 3)")
    if faction.extra_research_rolls:
        lines.append(f"{faction.extra_research_rolls} extra Research roll(s) a round (Explore 3)")
    if faction.extra_exploration_rolls:
        lines.append(f"{faction.extra_exploration_rolls} extra roll(s) to find hidden objects (Explore 5)")
    if faction.mind_worms_give_units:
        lines.append("Native life (mind worms) gives it units instead of destroying them (the GM rules)")
    if faction.extra_card_draws:
        lines.append(f"{faction.extra_card_draws} extra card a round: {card_draw_mu(faction.key)} MU (Exploit 1)")
    if faction.free_council_votes:
        lines.append(f"{faction.free_council_votes} free votes at the Council")
    if faction.extra_starting_credits:
        lines.append(f"{faction.extra_starting_credits} extra MU at the start")
    if faction.extra_base_cost:
        lines.append(f"Colonies cost {faction.extra_base_cost * 100 // BASE_COST_CREDITS}% more (Expand 5)")
    lines.append(f"May not adopt {faction.forbidden_social_engineering} (Exploit 1)")
    return lines
