"""Repair, refits, scrapping and crash building (Cluster War §6.6, §6.7, §9.6): the module `module_cw_yards`.

Pure rules, the prices and times a player reads before ordering and the steps apply (docs/rules.md, "Repair,
refits, scrapping, crash building"):
* a **yard** is a unit with the Construction ability (shipyard bays) in a Sector where the civilization has a
  Suitable Site; a **repair ship** is a unit with the Salvage ability (repair bays, §9.6) anywhere;
* **repair** (§9.6): the damaged share of the unit's Build Points is the work, half the damaged share of its MU
  price the cost ("repairing a damaged component: ½ its build cost"), paid when the repair starts (Expand 6); the
  work advances by the repairer's Build Points in each Expand 8;
* **refit** (§6.6), only at a yard: another design the civilization knows, on the same hull (same scale and hit
  points: "hull size cannot change"), for |new price - old price| in MU, paid in the refit's round; the work is half
  the new design's Build Points ("half the shipyard bays");
* **scrap** (§6.6), only at a yard: the unit leaves play and returns half its Ore (2:1, rounded down) to the
  civilization's stock at the yard's Point of Interest;
* **crash building** (§6.7) is an option of StartConstruction: half the time for twice the MU, or half the time
  at the normal price and a low-quality unit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from game.engine.designer import Price, unit_price
from game.engine.units import UnitDesign
from game.engine.world import Unit, World

# §9.6: one repair bay's team, like a shipyard bay, does a hull space a Cluster War turn, 3 a Fiscal Quarter.
REPAIR_SHIP_BP_PER_ROUND = 3
REPAIR_MU_SHARE = 0.5  # §9.6: "Repairing a damaged component: ½ its build cost"
REFIT_WORK_SHARE = 0.5  # §6.6: a refit "needs half the shipyard bays" of new construction
SCRAP_RETURN_SHARE = 0.5  # §6.6: scrapping "returns CP at 2:1, rounded down"

# §6.7 crash building: "" normal; "double": half the time at twice the MU; "low_quality": half the time, normal
# price, and "every time the unit is stressed it has a 10% chance of a system failing".
CRASH_DOUBLE, CRASH_LOW_QUALITY = "double", "low_quality"
CRASH_SPEED = 2  # "To halve construction time": the builders' Build Points count double
LOW_QUALITY_FAILURE_PERCENT = 10


# A design's price, computed once: every unit of a large fleet asks it for its offers.
price_of = lru_cache(maxsize=4096)(unit_price)


@dataclass(frozen=True)
class Quote:
    """What a repair or a refit costs and takes: MU now, Build Points of work, rounds at the repairer's rate."""

    mu: int
    bp: int
    rounds: int

    def as_cost(self) -> dict[str, int]:
        return {"mu": self.mu} if self.mu else {}


def max_hp(world: World, unit: Unit) -> float:
    return float(world.design_of(unit).stats.hp)


def is_damaged(world: World, unit: Unit) -> bool:
    return unit.hp < max_hp(world, unit)


def repair_rate(world: World, repairer: Unit, at_yard: bool) -> int:
    """Build Points of repair a round: a yard's Construction output (`at_yard`: it is a yard, `orders.yards.is_yard`),
    a repair ship's repair bays; 0 for neither."""
    if at_yard:
        return world.design_of(repairer).specials.construction_bp
    return REPAIR_SHIP_BP_PER_ROUND if world.design_of(repairer).specials.salvage else 0


def _rounds(bp: int, rate: int) -> int:
    return max(1, math.ceil(bp / rate)) if rate > 0 else 0


def repair_quote(world: World, unit: Unit, rate: int) -> Quote:
    price = price_of(world.design_of(unit))
    share = (max_hp(world, unit) - unit.hp) / max_hp(world, unit)
    bp = max(1, math.ceil(price.build_points * share))
    mu = math.ceil(price.mu * share * REPAIR_MU_SHARE)
    return Quote(mu, bp, _rounds(bp, rate))


def hp_per_bp(world: World, unit: Unit) -> float:
    """Hit points a Build Point of repair restores: the design's hull spread over its Build Points."""
    return max_hp(world, unit) / max(1, price_of(world.design_of(unit)).build_points)


def same_hull(old: UnitDesign, new: UnitDesign) -> bool:
    """§6.6: a refit moves components "within the same hull template"; a CV hull is its scale and hit points."""
    return old.scale is new.scale and old.stats.hp == new.stats.hp


def refit_quote(world: World, unit: Unit, new: UnitDesign, rate: int) -> Quote:
    old_price, new_price = price_of(world.design_of(unit)), price_of(new)
    bp = max(1, math.ceil(new_price.build_points * REFIT_WORK_SHARE))
    return Quote(abs(new_price.mu - old_price.mu), bp, _rounds(bp, rate))


def scrap_ore(world: World, unit: Unit) -> int:
    return math.floor(price_of(world.design_of(unit)).ore * SCRAP_RETURN_SHARE)


def crash_price(price: Price, crash: str) -> Price:
    """§6.7: "Double the CP cost" for a normal unit; a low-quality unit keeps the price."""
    if crash == CRASH_DOUBLE:
        return Price(price.mu * 2, price.build_points, price.ore)
    return price
