"""The unit designer ("Designing a Unit"): start from a scale, customize the eight stats, add typed weapons
and defenses and specials; price the design and refuse an impossible one with its reason.

Prices come from Cluster War Appendix A where it has them (Construction Points become MU, hull spaces become
Build Points, Ore 1:1 per BP: RULES-MAP "Conversions"); every other number is a ruling in
`docs/rules.md`, kept here as data (`DesignRules`) so a campaign can change it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from fractions import Fraction

from game.engine.combat import CombatUnit, Defense, Weapon, is_combat_capable
from game.engine.units import STARTER_UNITS, Scale, UnitDesign, UnitStats

STAT_NAMES: tuple[str, ...] = tuple(f.name for f in fields(UnitStats))

# Research keys the designer checks. They equal the Cluster War §3.1 technology keys in `races.py`, so a
# race's picks can be passed in as they are.
CLOAKING_RESEARCH = "cloaking_technology"


def ftl_research_key(scale: Scale) -> str:
    """The research that lets a `scale` hull carry an FTL drive ("fighter_ftl" is CW's Fighter FTL tech)."""
    return f"{scale.name.lower()}_ftl"


@dataclass(frozen=True)
class DesignRules:
    """Limits and prices. Prices are MU per item at Corvette scale (a Cluster War starship); `scale_factor`
    converts them to the design's scale."""

    # "Stats typically range from 1 to 10" in the written (unscaled) numbers, at every scale.
    stat_min: int = 1
    stat_max: int = 10
    # Stats that may be 0: an immobile installation, an unarmed or blind unit (CV's Unit includes facilities).
    may_be_zero: frozenset[str] = frozenset({"sensors", "movement_rate", "targeting", "evasion"})
    hull_space_mu: Fraction = Fraction(1)  # per HP point; App. A's cheapest size-1 items cost 1 CP
    sensor_mu: Fraction = Fraction(3)  # per Sensors point: one LRS, size 1, 3 CP (App. A)
    drive_mu: Fraction = Fraction(3)  # per Movement Rate point: a size-1 drive at the usual 3 CP
    targeting_mu: Fraction = Fraction(2)  # battle computers take no space (App. A)
    evasion_mu: Fraction = Fraction(2)
    stealth_mu: Fraction = Fraction(2)  # per Signature point below `stat_max`; ECM takes no space (App. A)
    weapon_mu_per_damage: Fraction = Fraction(3)  # beam emitters: rating x 3 CP, size 1 (App. A)
    defense_mu_per_dr: Fraction = Fraction(3)  # shields priced like beams: a 6 CP first-gen shield is DR 2
    shipyard_bay_mu: Fraction = Fraction(3)  # App. A
    bp_per_bay: int = 3  # 1 hull per CW turn, 3 turns per FQ (RULES-MAP)
    cargo_bay_mu: Fraction = Fraction(1)
    ore_per_cargo_bay: int = 20  # 20 CP of material (App. A)
    mining_station_mu: Fraction = Fraction(3)
    ore_per_mining_station: int = 3  # 1 CP per station per turn (§7.1), 3 turns per FQ
    terraform_rig_mu: Fraction = Fraction(3)
    tp_per_terraform_rig: int = 3
    salvage_mu: Fraction = Fraction(3)  # a repair bay (App. A), which salvages components (§9.6)
    science_station_mu: Fraction = Fraction(3)  # App. A: "Science station, size 1, 3 CP, +1% to R&D"
    ftl_drive_mu: Fraction = Fraction(10)
    ftl_drive_spaces: int = 1
    colonize_surcharge: Fraction = Fraction(1, 10)  # a one-way colony ship scraps itself: +10% (§6.6)
    cloak_surcharge_per_point: Fraction = Fraction(15, 100)  # cloaking systems at +15% (§3.1)


DEFAULT_RULES = DesignRules()


def scale_factor(scale: Scale) -> Fraction:
    """A Corvette-scale space is one Cluster War starship hull space (1 BP); CW fighters are 1/10 scale
    (App. A) as CV's Fighter is 1/10 of a Corvette, and each CV scale step is another x10."""
    return Fraction(scale.multiplier, Scale.CORVETTE.multiplier)


@dataclass(frozen=True)
class CostLine:
    """One priced item of the design, in the design's written (unscaled) numbers."""

    item: str
    quantity: int
    spaces: int
    mu: float


@dataclass(frozen=True)
class Price:
    """What building something costs: MU paid up front when construction starts (Expand 6), then Build Points
    of work and Ore consumed 1:1 per BP as it is built (Expand 8). A key that does not apply is 0."""

    mu: int
    build_points: int
    ore: int

    def as_dict(self) -> dict[str, int]:
        """The keys that apply, as an order's offer carries its cost: {"mu": 300, "bp": 10, "ore": 10}."""
        return {key: value for key, value in (("mu", self.mu), ("bp", self.build_points), ("ore", self.ore))
                if value}


@dataclass(frozen=True)
class DesignCost:
    mu: int  # paid up front when construction starts (Expand 6)
    build_points: int
    ore: int  # consumed 1:1 per BP (Expand 8)
    hull_spaces: int  # = HP
    spaces_used: int
    lines: tuple[CostLine, ...]
    combat_capable: bool  # an unarmed unit adds nothing to a fight, so its figures below are 0
    fighting_power: float  # Diceless Combat step 1, scaled
    offensive_potential: float  # Instant Mass Combat step 1, scaled
    endurance: float  # Instant Mass Combat step 2, scaled
    initiative: int  # scaled
    damage_by_type: tuple[tuple[str, float], ...]  # Separate Weapon Mass Combat step 1, scaled
    resistance_by_type: tuple[tuple[str, float], ...]  # step 2, scaled


class DesignProblem(ValueError):
    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


def start_design(scale: Scale, design_id: str, name: str, civ_id: int | None = None) -> UnitDesign:
    """"Next, consider the weakest possible unit of that scale": the Basic Units row for `scale`."""
    basic = next(unit for unit in STARTER_UNITS if unit.scale is scale)
    return replace(basic, design_id=design_id, name=name, civ_id=civ_id)


def with_stats(design: UnitDesign, **stats: int) -> UnitDesign:
    return replace(design, stats=replace(design.stats, **stats))


def add_weapon(design: UnitDesign, weapon: Weapon) -> UnitDesign:
    """The Weapons stat counts the weapon components (docs/rules.md), so it follows them."""
    weapons = (*design.weapons, weapon)
    return replace(design, weapons=weapons, stats=replace(design.stats, weapons=len(weapons)))


def add_defense(design: UnitDesign, defense: Defense) -> UnitDesign:
    defenses = (*design.defenses, defense)
    return replace(design, defenses=defenses, stats=replace(design.stats, defenses=len(defenses)))


def _components_needed(amount: int, per_component: int, factor: Fraction) -> int:
    """Bays of a capacity given at Corvette scale, on a hull of another scale (a fighter's bay holds 1/10)."""
    return math.ceil(Fraction(amount) / (per_component * factor)) if amount > 0 else 0


_Priced = tuple[str, int, int, Fraction]  # item, quantity, spaces, MU at the design's written scale


def _priced_items(design: UnitDesign, rules: DesignRules) -> list[_Priced]:
    stats, specials, factor = design.stats, design.specials, scale_factor(design.scale)
    lines: list[_Priced] = [
        ("hull", stats.hp, 0, stats.hp * rules.hull_space_mu),
        ("sensors", stats.sensors, stats.sensors, stats.sensors * rules.sensor_mu),
        ("drives", stats.movement_rate, stats.movement_rate, stats.movement_rate * rules.drive_mu),
        ("targeting", stats.targeting, 0, stats.targeting * rules.targeting_mu),
        ("evasion", stats.evasion, 0, stats.evasion * rules.evasion_mu),
    ]
    stealth = max(0, rules.stat_max - stats.signature)
    if stealth:
        lines.append(("stealth", stealth, 0, stealth * rules.stealth_mu))
    lines += [(f"weapon ({w.type})", 1, 1, Fraction(w.average_damage) * rules.weapon_mu_per_damage)
              for w in design.weapons]
    lines += [(f"defense ({d.type})", 1, 1, Fraction(d.damage_resistance) * rules.defense_mu_per_dr)
              for d in design.defenses]
    bays = (
        ("shipyard bays", specials.construction_bp, rules.bp_per_bay, rules.shipyard_bay_mu),
        ("cargo bays", specials.cargo_capacity, rules.ore_per_cargo_bay, rules.cargo_bay_mu),
        ("mining stations", specials.mining, rules.ore_per_mining_station, rules.mining_station_mu),
        ("terraforming rigs", specials.terraform_tp, rules.tp_per_terraform_rig, rules.terraform_rig_mu),
    )
    for item, amount, per_bay, mu in bays:
        count = _components_needed(amount, per_bay, factor)
        if count:
            lines.append((item, count, count, count * mu))
    if specials.salvage:
        lines.append(("salvage (repair bay)", 1, 1, rules.salvage_mu))
    if specials.research:
        lines.append(("science stations", specials.research, specials.research,
                      specials.research * rules.science_station_mu))
    if specials.ftl:
        lines.append(("FTL drive", 1, rules.ftl_drive_spaces, rules.ftl_drive_mu))
    subtotal = sum((mu for *_, mu in lines), Fraction(0))
    if specials.colonize:
        lines.append(("colonize (one-way, +10%)", 1, 0, subtotal * rules.colonize_surcharge))
    if specials.cloak:
        lines.append(("cloak (+15% a point)", specials.cloak, 0,
                      subtotal * specials.cloak * rules.cloak_surcharge_per_point))
    return lines


def initiative(design: UnitDesign) -> int:
    """No unit stat is called initiative (RULES-MAP question 7); ruling, as `combat.engine.stats`: it is
    Targeting, the one stat no CV combat system otherwise reads. Unscaled."""
    return design.stats.targeting


def combat_capable(design: UnitDesign) -> bool:
    """Whether a unit of this design takes part in a skirmish at all (the combat interface's ruling)."""
    stats = design.stats
    return is_combat_capable(CombatUnit(
        unit_id=0, civ_id=0, name=design.name, multiplier=design.scale.multiplier, hp=stats.hp,
        max_hp=stats.hp, evasion=stats.evasion, targeting=stats.targeting, weapons=design.weapons,
        defenses=design.defenses))


def diceless_fighting_power(design: UnitDesign) -> float:
    """Diceless Combat step 1 for an undamaged unit of this design: HP + average attack of all weapons + DR of
    all defenses + Evasion + initiative, times the scale multiplier; 0 for a unit that does not fight."""
    if not combat_capable(design):
        return 0.0
    stats = design.stats
    total = (stats.hp + sum(w.average_damage for w in design.weapons)
             + sum(d.damage_resistance for d in design.defenses) + stats.evasion + initiative(design))
    return total * design.scale.multiplier


def _by_type(pairs: list[tuple[str, float]], multiplier: int) -> tuple[tuple[str, float], ...]:
    totals: dict[str, float] = {}
    for kind, value in pairs:
        totals[kind] = totals.get(kind, 0.0) + value
    return tuple((kind, value * multiplier) for kind, value in sorted(totals.items()))


def unit_price(design: UnitDesign, rules: DesignRules = DEFAULT_RULES) -> Price:
    """The one price of a unit: what the designer shows (`design_cost`) and what Expand 6 and 8 charge for it."""
    factor = scale_factor(design.scale)
    written_mu = sum((mu for *_, mu in _priced_items(design, rules)), Fraction(0))
    # Every project consumes at least one MU and one BP, so the smallest units are not free.
    build_points = max(1, math.ceil(design.stats.hp * factor))
    return Price(mu=max(1, math.ceil(written_mu * factor)), build_points=build_points, ore=build_points)


def mine_price(stations: int, rules: DesignRules = DEFAULT_RULES) -> Price:
    """A mine of `stations` mining stations (Cluster War §7.1), priced like the mining stations of a design: each
    is one Corvette-scale hull space (1 BP, 1 Ore) at the designer's MU per station."""
    return Price(mu=math.ceil(stations * rules.mining_station_mu), build_points=stations, ore=stations)


def mine_output(stations: int, rules: DesignRules = DEFAULT_RULES) -> int:
    """Ore a quarter of a mine's stations, before the planet's cap and resources: 1 CP a station a Cluster War
    turn, three turns a Fiscal Quarter."""
    return stations * rules.ore_per_mining_station


def design_cost(design: UnitDesign, rules: DesignRules = DEFAULT_RULES) -> DesignCost:
    """Costs of an unvalidated design too, so the designer can show them while the player edits."""
    items = _priced_items(design, rules)
    multiplier = design.scale.multiplier
    price = unit_price(design, rules)
    fights = combat_capable(design)
    attack = sum(w.average_damage for w in design.weapons) if fights else 0.0
    resistance = sum(d.damage_resistance for d in design.defenses)
    return DesignCost(
        mu=price.mu,
        build_points=price.build_points,
        ore=price.ore,
        hull_spaces=design.stats.hp,
        spaces_used=sum(spaces for _, _, spaces, _ in items),
        lines=tuple(CostLine(item, quantity, spaces, float(mu)) for item, quantity, spaces, mu in items),
        combat_capable=fights,
        fighting_power=diceless_fighting_power(design),
        offensive_potential=attack * multiplier,
        endurance=(design.stats.hp + design.stats.evasion + resistance) * multiplier if fights else 0.0,
        initiative=initiative(design) * multiplier if fights else 0,
        damage_by_type=_by_type([(w.type, w.average_damage) for w in design.weapons], multiplier),
        resistance_by_type=_by_type([(d.type, d.damage_resistance) for d in design.defenses], multiplier),
    )


# With the research module on (docs/rules.md, "Research — what technology does") a civilization designs only with
# the scales, component types and specials its technologies unlock, and these stats stop at a ceiling its
# incremental technologies raise by one a level (`limit:<stat>` unlocks).
BASE_CEILING = 4
CEILING_STATS = ("sensors", "targeting", "evasion")
SPECIAL_UNLOCKS = (("construction_bp", "construction"), ("colonize", "colonize"), ("terraform_tp", "terraform"),
                   ("salvage", "salvage"), ("cargo_capacity", "cargo"), ("mining", "mining"), ("cloak", "cloak"),
                   ("research", "research"))


def _technology_problems(design: UnitDesign, known: frozenset[str],
                         raises: Mapping[str, int]) -> list[DesignProblem]:
    problems: list[DesignProblem] = []
    if f"scale:{design.scale.name}" not in known:
        problems.append(DesignProblem("scale", f"your civilization has not researched the {design.scale.title} hull"))
    for stat in CEILING_STATS:
        ceiling = BASE_CEILING + raises.get(stat, 0)
        if getattr(design.stats, stat) > ceiling:
            problems.append(DesignProblem(f"stats.{stat}", f"your technology allows {stat.replace('_', ' ')} up to "
                                                           f"{ceiling}; research raises it"))
    parts = [("weapon", i, w.type, w.average_damage, "average_damage", "weapon_damage")
             for i, w in enumerate(design.weapons)]
    parts += [("defense", i, d.type, d.damage_resistance, "damage_resistance", "defense_resistance")
              for i, d in enumerate(design.defenses)]
    for group, i, kind, value, amount, limit in parts:
        where = f"{group}s[{i}]"
        if f"{group}:{kind}" not in known:
            problems.append(DesignProblem(f"{where}.type", f"your civilization has no {kind} {group}s yet"))
            continue
        ceiling = BASE_CEILING + raises.get(f"{limit}:{kind}", 0)
        if value > ceiling:
            problems.append(DesignProblem(f"{where}.{amount}", f"your {kind} {group}s reach {ceiling}; research "
                                                               "raises it"))
    for name, unlock in SPECIAL_UNLOCKS:
        if getattr(design.specials, name) and f"special:{unlock}" not in known:
            problems.append(DesignProblem(f"specials.{name}",
                                          f"your civilization has not researched {unlock.replace('_', ' ')}"))
    return problems


def design_problems(design: UnitDesign, researched: frozenset[str] = frozenset(),
                    rules: DesignRules = DEFAULT_RULES, *, gated: bool = False,
                    raises: Mapping[str, int] | None = None) -> tuple[DesignProblem, ...]:
    """Every reason the design is impossible, in form order; empty when it can be built. `researched` holds
    the civilization's technology keys (race picks and finished research, with their unlocks); `gated` (the
    research module is on) also holds the design to what they unlock, with ceilings raised by `raises`."""
    problems: list[DesignProblem] = []
    if gated:
        problems += _technology_problems(design, researched, raises or {})
    if not design.design_id.strip():
        problems.append(DesignProblem("design_id", "a design needs an id"))
    if not design.name.strip():
        problems.append(DesignProblem("name", "a design needs a name"))
    for stat in STAT_NAMES:
        if stat in ("weapons", "defenses"):
            continue
        value: int = getattr(design.stats, stat)
        low = 0 if stat in rules.may_be_zero else rules.stat_min
        if not low <= value <= rules.stat_max:
            problems.append(DesignProblem(
                f"stats.{stat}",
                f"{value} is outside {low}..{rules.stat_max}, the {design.scale.title} scale's range "
                f"(x{design.scale.multiplier:,} in combat)"))
    for stat, components in (("weapons", design.weapons), ("defenses", design.defenses)):
        if getattr(design.stats, stat) != len(components):
            problems.append(DesignProblem(
                f"stats.{stat}", f"must equal the number of {stat} components ({len(components)})"))
    for i, weapon in enumerate(design.weapons):
        if not weapon.type.strip():
            problems.append(DesignProblem(f"weapons[{i}].type", "a weapon needs a damage type"))
        if not 0 < weapon.average_damage <= rules.stat_max:
            problems.append(DesignProblem(
                f"weapons[{i}].average_damage", f"{weapon.average_damage} is not in (0, {rules.stat_max}]"))
    for i, defense in enumerate(design.defenses):
        if not defense.type.strip():
            problems.append(DesignProblem(f"defenses[{i}].type", "a defense needs a damage type"))
        if not 0 < defense.damage_resistance <= rules.stat_max:
            problems.append(DesignProblem(
                f"defenses[{i}].damage_resistance",
                f"{defense.damage_resistance} is not in (0, {rules.stat_max}]"))
    specials = design.specials
    for name in ("construction_bp", "terraform_tp", "cargo_capacity", "mining", "cloak"):
        if getattr(specials, name) < 0:
            problems.append(DesignProblem(f"specials.{name}", "cannot be negative"))
    if design.crew < 0:
        problems.append(DesignProblem("crew", "cannot be negative"))
    ftl_key = ftl_research_key(design.scale)
    if specials.ftl and design.scale is not Scale.DREADNOUGHT and ftl_key not in researched:
        problems.append(DesignProblem(
            "specials.ftl",
            f"at the start of the game only a Dreadnought's hull can withstand FTL travel; a "
            f"{design.scale.title} hull needs the research '{ftl_key}'"))
    if specials.cloak > 0 and CLOAKING_RESEARCH not in researched:
        problems.append(DesignProblem("specials.cloak", f"cloaking systems need '{CLOAKING_RESEARCH}'"))
    if not problems:  # space is counted only on a design whose numbers are sane
        cost = design_cost(design, rules)
        if cost.spaces_used > cost.hull_spaces:
            problems.append(DesignProblem(
                "components",
                f"the components need {cost.spaces_used} hull spaces; the hull has {cost.hull_spaces} (HP)"))
    return tuple(problems)


def validate_design(design: UnitDesign, researched: frozenset[str] = frozenset(),
                    rules: DesignRules = DEFAULT_RULES) -> None:
    """Raise the first `DesignProblem` of an impossible design."""
    problems = design_problems(design, researched, rules)
    if problems:
        raise problems[0]

