"""Every ruling the round needs where the core rules are silent or ambiguous, each in one place.

`docs/rules.md` explains each one next to the step it completes; the names here are the ones it quotes.
Where the Cluster War digest answers a question its answer is used (1 Movement Point = 1 week, 1 hex = 1
Sector, the per-turn rates x3 per Fiscal Quarter, trade at 5% capped at 25%).
"""

from __future__ import annotations

from math import floor

from game.engine.units import UnitDesign

# Explore 1, 2, 14 — distance. A Sector is a Cluster War hex; linear drives cross "1 hex per month", a month
# is 4 weeks and a Movement Point is one week, so a Sector costs 4 MP. Moving between Points of Interest
# inside one Sector (in-system travel) costs 1 MP.
MP_PER_SECTOR = 4
MP_IN_SECTOR = 1


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Sectors between two axial hex coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def course_mp(sectors: int, same_poi: bool) -> int:
    """Explore 14 — the ETA of a course, in Movement Points, for a distance in Sectors."""
    if sectors == 0:
        return 0 if same_poi else MP_IN_SECTOR
    return sectors * MP_PER_SECTOR


# Explore 5 — LRS range. Stats are unscaled outside combat (the multiplier applies "during actual combat").
# Every operational unit and operational colony sees `sensors * (signature - cloak) // SIGNATURE_PER_SECTOR`
# Sectors towards a target: a starter hull (Sensors 1) sees another starter hull (Signature 10) one Sector
# away.
SIGNATURE_PER_SECTOR = 10
COLONY_SENSORS = 1
COLONY_SIGNATURE = 10  # colonies "always detectable within LRS range" (CW 12.0)


def lrs_range(sensors: int, signature: int, cloak: int = 0) -> int:
    """Sectors at which `sensors` detect a target of `signature`; -1 when it cannot be detected at all."""
    if sensors <= 0:
        return -1
    visible = signature - cloak
    if visible <= 0:
        return -1
    return sensors * visible // SIGNATURE_PER_SECTOR


# Explore 5 and 6 optional GM rolls: a hidden object (hidden 1) in LRS range, or an extremely well-hidden one
# (hidden 2) sharing a Sector, is found on d20 + best Sensors >= this target.
HIDDEN_DETECTION_DIE = 20
HIDDEN_DETECTION_TARGET = 15

# Explore 7 / Exterminate 1 — weapons range is the Sector itself; a unit in another Sector is in range when
# its Move Rate covers the course there (and it can cross Sectors, see FTL). Explore 8 — communications range
# is the unit's own Sector and the adjacent ones (CW 13.0: a unit in their space).
WEAPONS_RANGE_SECTORS = 0
COMMS_RANGE_SECTORS = 1

# Exterminate 5 — space junk from a wreck (its bulwark is `combat.bulwark_rating`, handed in through
# `StepInput.bulwark`), and Exterminate 6 — from the Ore it carried.
JUNK_SHARE_OF_BULWARK = 0.25
JUNK_SHARE_OF_ORE = 0.5


def wreck_junk(bulwark: float) -> int:
    return floor(bulwark * JUNK_SHARE_OF_BULWARK)


def ore_junk(ore: int) -> int:
    return floor(ore * JUNK_SHARE_OF_ORE)


# Exterminate 8 — crew. A prize crew comes from the victor's units in the Sector: every Personnel-scale unit
# is one crewman, and any other unit can spare a tenth of its design crew. The captured units' design crew
# must be covered.
PRIZE_CREW_SHARE = 0.1


def spare_crew(design: UnitDesign) -> int:
    if design.scale.multiplier == 1:
        return 1
    return floor(design.crew * PRIZE_CREW_SHARE)


# Explore 14 / FTL. "At the start of the game, only a Dreadnought's hull can withstand the forces of
# Faster-Than- Light travel": leaving a Sector is FTL travel and needs the FTL special; other units move
# between Points of Interest of their Sector, or ride in a carrier's cargo hold, taking space equal to their
# scale multiplier.
def cargo_space_of(design: UnitDesign) -> int:
    return design.scale.multiplier


# Expand 6 / 8 — the price and work of a unit is `designer.unit_price`, the one the designer shows.

# Money scale (RULES-MAP "Conversions"): a Cluster War price in Construction Points is paid in MU at the campaign's
# `RuleOptions.cp_per_mu`. The default matches the colonies' taxes: a planet of N CP a turn holds N // 10 Pop
# (`CP_PER_POP`), who pay 1 MU each a quarter.
CP_PER_MU = 10
CP_PER_POP = 10
CW_TURNS_PER_FQ = 3  # a Fiscal Quarter is three Cluster War turns (RULES-MAP "Time")


def colony_mu_cost(colony_cp: int, cp_per_mu: int) -> int:
    """Expand 5 — a colony's Cluster War cost (§7.0: max CP x colonization multiple) in MU, rounded up."""
    return -(-colony_cp // cp_per_mu)


# Exploit 3 — mine output (Cluster War §7.1): "1 CP per station per turn, capped by the planet's max CP", then
# "x2 strategic, x5 special". A quarter is three turns, so the cap is three times the planet's max CP a turn. A
# world with both kinds of resource counts the better one; the multiplier applies after the cap (CW §5.0: a
# strategic world "may exceed the max CP").
STRATEGIC_RESOURCE_MULTIPLIER = 2
SPECIAL_RESOURCE_MULTIPLIER = 5


def mine_ore(station_ore: int, max_output: int, strategic: bool, special: bool) -> int:
    capped = min(station_ore, max_output * CW_TURNS_PER_FQ)
    if special:
        return capped * SPECIAL_RESOURCE_MULTIPLIER
    if strategic:
        return capped * STRATEGIC_RESOURCE_MULTIPLIER
    return capped


# Expand 7 / 9 — terraforming makes a planet Viable. A planet needs its own `terraform_tp` points (12 by
# default) and costs 1 MU per point up front.
DEFAULT_TERRAFORM_TP = 12
TERRAFORM_MU_PER_TP = 1
TERRAFORM_DECAY_PER_ROUND = 1

# Expand 5 / Exploit 4, 5 — colonies. A colony's population is counted in Pop, whole people-units: `population`
# is everyone living there, `legal_citizens` those of them who are citizens of the owning civilization. A new
# colony holds 1 Pop, all of them Legal Citizens. Growth is 10% a Fiscal Quarter (at least 1 Pop) up to the
# planet's maximum; newborns are Legal Citizens.
COLONY_START_POP = 1
GROWTH_PERCENT = 10
TAX_MU_PER_CITIZEN = 1


def colony_taxes(legal_citizens: int, occupied: bool) -> int:
    """Exploit 5 — "all Legal Citizens residing within your Colonies" pay 1 MU a quarter each, whether the colony
    is Operational yet or not. An occupied colony pays nobody (its citizens are not the occupier's, and their
    own civilization cannot collect from them)."""
    return 0 if occupied else legal_citizens * TAX_MU_PER_CITIZEN


def growth(population: int, max_population: int) -> int:
    if population >= max_population:
        return 0
    return min(max(1, population * GROWTH_PERCENT // 100), max_population - population)


# Exploit 3 — a mine produces its own `output` Ore a quarter (CW: 1 per station per turn, x3), never more than
# is left in the planet's deposit. Exploit 6 — special resources: an operational mine on a planet with a
# special resource also yields this many units of it.
SPECIAL_RESOURCE_PER_MINE = 3

# Exploit 7 / 9 — trade (CW 11.0): the levels, shares and cap are game.engine.diplomacy's (`trade_gain`); a
# gain is created, not taken, and is collected as the tax on legal trade in Exploit 9.


# Explore 6 — a close scan needs a unit with working sensors in the Sector ("operational Sensors", as Plot a
# Course requires); a unit built without any (Sensors 0) only sees what it bumps into.
MIN_SCAN_SENSORS = 1
