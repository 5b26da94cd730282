"""Units at seven scales ("Designing a Unit"): a design's stats are written small and multiplied by the scale's
multiplier "during actual combat. Thus, a Light Corvette with 10 hit points actually has 10,000 hit points."
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from game.engine.combat import Defense, Weapon


class Scale(Enum):
    PERSONNEL = ("Personnel", 1)
    VEHICLE = ("Vehicle", 10)
    FIGHTER = ("Fighter", 100)
    CORVETTE = ("Corvette", 1_000)
    DESTROYER = ("Destroyer", 10_000)
    CRUISER = ("Cruiser", 100_000)
    DREADNOUGHT = ("Dreadnought", 1_000_000)

    def __init__(self, title: str, multiplier: int) -> None:
        self.title = title
        self.multiplier = multiplier


@dataclass(frozen=True)
class UnitStats:
    """The eight stats of a design, unscaled."""

    sensors: int
    signature: int
    movement_rate: int
    targeting: int
    evasion: int
    weapons: int
    defenses: int
    hp: int


@dataclass(frozen=True)
class Specials:
    """Special abilities; a zero or False means the design lacks it."""

    construction_bp: int = 0  # Build Points output per Fiscal Quarter
    colonize: bool = False
    terraform_tp: int = 0  # Terraforming Points output per Fiscal Quarter
    salvage: bool = False
    cargo_capacity: int = 0  # Ore units (or unit bulk) it can carry
    mining: int = 0  # Ore produced per Fiscal Quarter when operating a mine
    cloak: int = 0  # added to the difficulty of detecting it
    ftl: bool = False  # may cross between star systems on its own
    research: int = 0  # science stations (CW App. A: +1% to R&D each) for a research project at its location
    way_station: bool = False  # LRS and communications: extends its civilization's supply grid (CW §7.0)


@dataclass(frozen=True)
class UnitDesign:
    design_id: str
    name: str
    scale: Scale
    stats: UnitStats
    weapons: tuple[Weapon, ...] = ()
    defenses: tuple[Defense, ...] = ()
    specials: Specials = field(default_factory=Specials)
    crew: int = 0
    civ_id: int | None = None  # None: a starter design every civilization has


# The core rules' starter table prints six numbers under eight headings ("1 10 1 1 1 10"). Ruling (docs/rules.md,
# "Starter Units"): they are Sensors 1, Signature 10, Movement Rate 1, Targeting 1, Evasion 1 and HP 10; Weapons and
# Defenses are components added in "Add Weapons and Defenses", so a starter hull carries none. The table labels
# every ship from the Corvette up "Fighter" while giving the Corvette..Dreadnought multipliers: the multiplier wins.
_STARTER_STATS = UnitStats(sensors=1, signature=10, movement_rate=1, targeting=1, evasion=1, weapons=0, defenses=0,
                           hp=10)

STARTER_UNITS: tuple[UnitDesign, ...] = (
    UnitDesign("starter-human-adult", "Human Adult", Scale.PERSONNEL, _STARTER_STATS, crew=0),
    UnitDesign("starter-utility-truck", "Utility Truck", Scale.VEHICLE, _STARTER_STATS, crew=1),
    UnitDesign("starter-light-space-fighter", "Light Space Fighter", Scale.FIGHTER, _STARTER_STATS, crew=1),
    UnitDesign("starter-light-corvette", "Light Corvette", Scale.CORVETTE, _STARTER_STATS, crew=10),
    UnitDesign("starter-light-destroyer", "Light Destroyer", Scale.DESTROYER, _STARTER_STATS, crew=100),
    UnitDesign("starter-light-cruiser", "Light Cruiser", Scale.CRUISER, _STARTER_STATS, crew=1_000),
    # "At the start of the game, only a Dreadnought's hull can withstand the forces of Faster-Than-Light travel."
    UnitDesign("starter-light-dreadnought", "Light Dreadnought", Scale.DREADNOUGHT, _STARTER_STATS, crew=10_000,
               specials=Specials(ftl=True)),
)
