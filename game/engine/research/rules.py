"""The two research systems' arithmetic: Cluster War §8.0's R&D roll and Alpha Centauri's Research table.

Pure functions of numbers; the step functions (`steps/explore.py`, Explore 3 and 13) roll the dice and word the
events. Money: the R&D table's Construction Points are MU one for one, as unit prices are (docs/rules.md,
"Research — money"), so a project's MU are looked up in the table as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.research import alpha_centauri, cluster_war
from game.engine.research.technologies import Catalogue, Kind

CLUSTER_WAR = "cluster_war"
ALPHA_CENTAURI = "alpha_centauri"
SYSTEMS: dict[str, Catalogue] = {CLUSTER_WAR: cluster_war.CATALOGUE, ALPHA_CENTAURI: alpha_centauri.CATALOGUE}
SYSTEM_TITLES = {CLUSTER_WAR: "Cluster War §8.0 R&D", ALPHA_CENTAURI: "Alpha Centauri Research table"}

# The R&D Success Chance Table in its piecewise form (cluster-war-digest §8.0, checked against every row): from
# the end of the previous band, each `cp_per_point` more CP is +1%, up to `last_percent`.
RD_BANDS: tuple[tuple[int, int], ...] = (
    (48, 25), (72, 50), (84, 100), (90, 200), (93, 400), (95, 800), (96, 1600), (97, 3200), (98, 6400), (99, 12700))
MAX_CHANCE = 99  # "at most 99": a roll of 100 always fails, catastrophically
CATASTROPHE_ROLL = 100
TRANSFER_FEE_MU = 250  # §8.1: "250 CPs per transfer" for retooling, 1 CP = 1 MU
EXTRA_INTELLIGENCE_PER_LEVEL = 10  # "+10% bonus to CPs spent on R&D", at most four levels
NON_ACADEMIC_PENALTY = 10  # "-10% to research rolls": ten points off the chance
SEVERITIES = ("minor", "serious", "disaster")
RISKY_CATEGORIES = frozenset({"weapon", "psionics"})  # "weapons research is riskier"


def base_chance(cp: int) -> int:
    """The table's % for CP spent on the current success: the highest threshold not above it; below 25, 0."""
    percent, floor_cp = 0, 0
    for last_percent, cp_per_point in RD_BANDS:
        band_top = floor_cp + (last_percent - percent) * cp_per_point
        if cp < band_top:
            return percent + (cp - floor_cp) // cp_per_point
        percent, floor_cp = last_percent, band_top
    return MAX_CHANCE


@dataclass(frozen=True)
class Chance:
    spent: int  # MU on the current success, this round's funding included
    effective: int  # what the table reads: spent with Extra Intelligence's bonus
    base: int
    bonus: int  # research stations and gifted scientists, never more than the base
    chance: int  # what a d100 must not exceed

    def as_payload(self) -> dict[str, int]:
        return {"spent": self.spent, "effective": self.effective, "base": self.base, "bonus": self.bonus,
                "chance": self.chance}


def cw_chance(spent: int, stations: int, scientists: int, extra_intelligence: int = 0,
              non_academic: bool = False) -> Chance:
    """§8.0 "The roll": base from the table on what was spent on this success (Extra Intelligence: spent x (1 +
    10% a level)), +1 a science station and gifted scientists capped at the base, at most 99; Non-academic -10."""
    effective = spent * (100 + EXTRA_INTELLIGENCE_PER_LEVEL * min(extra_intelligence, 4)) // 100
    base = base_chance(effective)
    bonus = min(stations + scientists, base)
    chance = min(MAX_CHANCE, base + bonus)
    if non_academic:
        chance = max(0, chance - NON_ACADEMIC_PENALTY)
    return Chance(spent, effective, base, bonus, chance)


def cw_outcome(roll: int, chance: int) -> str:
    if roll == CATASTROPHE_ROLL:
        return "catastrophe"
    return "success" if roll <= chance else "failure"


def proposed_severity(roll: int, category: str) -> str:
    """The system's proposal for a catastrophe (the GM confirms or changes it): a d6, +2 for weapons or psionics
    research; 1-3 minor, 4-6 serious, 7+ disaster (docs/rules.md, "Research — catastrophes")."""
    total = roll + (2 if category in RISKY_CATEGORIES else 0)
    return "minor" if total <= 3 else "serious" if total <= 6 else "disaster"


# Alpha Centauri "10. RESEARCH PHASE".
AC_DIE = 10
AC_EXTRA_ROLL_MU = 10  # "Pay 10 Credits to get an extra roll", a credit 1 MU (galaxy.state_io.MoneyScale)


def ac_result(total: int) -> str:
    """The Research table: 1-2 Dead End, 3-4 Progress, 5-6 Copy Technology, 7+ Breakthrough."""
    if total <= 2:
        return "dead_end"
    if total <= 4:
        return "progress"
    return "copy" if total <= 6 else "breakthrough"


def ac_limit_problem(target_kind: Kind, known: frozenset[str]) -> str | None:
    """"You cannot have more Facilities in play than Technologies you know"; "no more SP's in play than
    Facilities you own": whether one more of `target_kind` would break a limit."""
    catalogue = alpha_centauri.CATALOGUE
    counts = {kind: sum(1 for k in known if (t := catalogue.get(k)) is not None and t.kind is kind) for kind in Kind}
    if target_kind is Kind.FACILITY and counts[Kind.FACILITY] + 1 > counts[Kind.TECHNOLOGY]:
        return (f"you know {counts[Kind.TECHNOLOGY]} technologies and have {counts[Kind.FACILITY]} facilities: "
                "no more facilities than technologies")
    if target_kind is Kind.SECRET_PROJECT and counts[Kind.SECRET_PROJECT] + 1 > counts[Kind.FACILITY]:
        return (f"you have {counts[Kind.FACILITY]} facilities and {counts[Kind.SECRET_PROJECT]} secret projects: "
                "no more secret projects than facilities")
    return None


def build_price(kind: Kind) -> int:
    """MU paid when a facility or secret project project starts (its Build Phase price; docs/rules.md)."""
    return alpha_centauri.BUILD_CREDITS.get(kind, 0)
