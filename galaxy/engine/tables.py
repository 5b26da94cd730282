"""Cluster War 3rd ed., Appendix B "Sector and System Generation Tables", as data.

Each table is transcribed as printed. Where a printed table is broken (a gap, an overlap, a wrong marker) both
readings are kept side by side and a `GalaxySettings` field picks one; docs/rules.md gives each ruling.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum

from game.engine.step_codes import X as STEP_X


class SpectralClass(StrEnum):
    """§2.0 "Spectral Classes": O Blue ... M Red."""

    O = "O"  # noqa: E741 - the class's own letter
    B = "B"
    A = "A"
    F = "F"
    G = "G"
    K = "K"
    M = "M"

    @property
    def colour(self) -> str:
        return _COLOURS[self]


_COLOURS = {
    SpectralClass.O: "blue",
    SpectralClass.B: "blue-white",
    SpectralClass.A: "white",
    SpectralClass.F: "yellow-white",
    SpectralClass.G: "yellow",
    SpectralClass.K: "orange",
    SpectralClass.M: "red",
}


class Category(StrEnum):
    """What kind of map object a star-table result is: the issue's stars and unusual objects."""

    STAR = "star"
    NEBULA = "nebula"
    STORM = "storm"
    BLACK_HOLE = "black hole"
    ANOMALY = "anomaly"
    BINARY = "binary"


class ObjectKind(Enum):
    """One result of the occupied-hex table, with its map code, class and whether it can hold planets.

    "Flare stars, variable stars, hyper masses, worm holes, nebulae, and storms do not have planets."
    Giants, supergiants and dwarfs keep their base class for the planet tables (the source is silent; ruling).
    """

    O = ("O", "Class O star", SpectralClass.O, Category.STAR, True)  # noqa: E741 - the map code
    O_VARIABLE = ("Ova", "Class O variable star", SpectralClass.O, Category.STAR, False)
    O_GIANT = ("Og", "Class O giant", SpectralClass.O, Category.STAR, True)
    O_SUPERGIANT = ("Osg", "Class O super giant", SpectralClass.O, Category.STAR, True)
    O_FLARE = ("Ofl", "Class O flare star", SpectralClass.O, Category.STAR, False)
    B = ("B", "Class B star", SpectralClass.B, Category.STAR, True)
    A = ("A", "Class A star", SpectralClass.A, Category.STAR, True)
    A_DWARF = ("Adw", "Class A dwarf", SpectralClass.A, Category.STAR, True)
    F = ("F", "Class F star", SpectralClass.F, Category.STAR, True)
    G = ("G", "Class G star", SpectralClass.G, Category.STAR, True)
    K = ("K", "Class K star", SpectralClass.K, Category.STAR, True)
    M = ("M", "Class M star", SpectralClass.M, Category.STAR, True)
    M_VARIABLE = ("Mva", "Class M variable star", SpectralClass.M, Category.STAR, False)
    M_GIANT = ("Mg", "Class M giant", SpectralClass.M, Category.STAR, True)
    M_SUPERGIANT = ("Msg", "Class M super giant", SpectralClass.M, Category.STAR, True)
    M_FLARE = ("Mfl", "Class M flare star", SpectralClass.M, Category.STAR, False)
    NEBULA = ("Neb", "Nebula", None, Category.NEBULA, False)
    ROGUE_ASTEROIDS = ("Ast", "Rogue asteroid field", None, Category.ANOMALY, False)
    GRAVITIC_STORM = ("Grv", "Gravitic storm", None, Category.STORM, False)
    HYPERMASS = ("Hyp", "Hypermass", None, Category.BLACK_HOLE, False)
    ION_STORM = ("Ion", "Ion storm", None, Category.STORM, False)
    RADIATION_STORM = ("Rad", "Radiation storm", None, Category.STORM, False)
    MAGNETIC_STORM = ("Mag", "Magnetic storm", None, Category.STORM, False)
    NEUTRON_STAR = ("Neu", "Neutron star", None, Category.ANOMALY, False)
    WORMHOLE = ("Wrm", "Wormhole", None, Category.ANOMALY, False)
    BINARY = ("Bin", "Binary system", None, Category.BINARY, False)

    def __init__(self, code: str, title: str, spectral_class: SpectralClass | None, category: Category,
                 has_planets: bool) -> None:
        self.code = code
        self.title = title
        self.spectral_class = spectral_class
        self.category = category
        self.has_planets = has_planets

    @classmethod
    def from_code(cls, code: str) -> ObjectKind:
        return _KIND_BY_CODE[code]


_KIND_BY_CODE = {kind.code: kind for kind in ObjectKind}

# "For each occupied hex, roll 1d100 on the following chart to determine its contents."
OCCUPIED_HEX_TABLE: tuple[tuple[int, int, ObjectKind], ...] = (
    (1, 1, ObjectKind.O), (2, 2, ObjectKind.O_VARIABLE), (3, 3, ObjectKind.O_GIANT),
    (4, 4, ObjectKind.O_SUPERGIANT), (5, 5, ObjectKind.O_FLARE), (6, 10, ObjectKind.B),
    (11, 14, ObjectKind.A),
    (15, 15, ObjectKind.A_DWARF), (16, 25, ObjectKind.F), (26, 40, ObjectKind.G), (41, 55, ObjectKind.K),
    (56, 67, ObjectKind.M), (68, 69, ObjectKind.M_VARIABLE), (70, 71, ObjectKind.M_GIANT),
    (72, 73, ObjectKind.M_SUPERGIANT), (74, 75, ObjectKind.M_FLARE), (76, 90, ObjectKind.NEBULA),
    (91, 91, ObjectKind.ROGUE_ASTEROIDS), (92, 92, ObjectKind.GRAVITIC_STORM), (93, 93, ObjectKind.HYPERMASS),
    (94, 94, ObjectKind.ION_STORM), (95, 95, ObjectKind.RADIATION_STORM), (96, 96, ObjectKind.MAGNETIC_STORM),
    (97, 97, ObjectKind.NEUTRON_STAR), (98, 99, ObjectKind.WORMHOLE), (100, 100, ObjectKind.BINARY),
)
# Index 0 is never rolled; padding it keeps `OCCUPIED_HEX_BY_ROLL[roll]` a plain lookup, as `Table.by_roll`.
OCCUPIED_HEX_BY_ROLL: tuple[ObjectKind, ...] = (
    ObjectKind.O, *(kind for low, high, kind in OCCUPIED_HEX_TABLE for _ in range(low, high + 1)),
)


# --- Encounters ---------------------------------------------------------------------------------------------


class FollowUp(Enum):
    """The source's markers after a result: which further tables to roll."""

    SHIP_ERA = "roll on Alien Scouts, Ships, and Bases"
    ALIEN = "* roll for tech, attitude, and physiology"
    ATTITUDE_AND_PHYSIOLOGY = "* (era given by the row): roll for attitude and physiology"
    PIRATES = "* pirates: tech, attitude 4d10+60, physiology"
    MONSTER = "# roll for space monster"
    WEAPON_TRAP = "- roll for weapon/trap type"
    ARTIFACT = "+ roll for the alien artifact table"
    FTL_DRIVE = "^ roll for FTL drive type"
    PLANETARY_ARTIFACT = "Alien Artifact ^ (which table: a setting)"
    WORMHOLE = "roll on Wormhole"
    RESOURCE = "roll on Strategic Resources"


@dataclass(frozen=True)
class Row:
    low: int
    high: int
    result: str
    follow_up: FollowUp | None = None
    npc_race: bool = False  # a living alien race: removed when the campaign turns NPC aliens off


@dataclass(frozen=True)
class Table:
    """A d`die` table; building it proves that every roll from 1 to `die` names exactly one row."""

    title: str
    rows: tuple[Row, ...]
    die: int = 100
    by_roll: tuple[Row, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        covered = [row for row in self.rows for _ in range(row.low, row.high + 1)]
        rolls = [roll for row in self.rows for roll in range(row.low, row.high + 1)]
        if rolls != list(range(1, self.die + 1)):
            raise ValueError(f"{self.title}: rows must cover 1-{self.die} once each, in order.")
        object.__setattr__(self, "by_roll", (covered[0], *covered))


DEEP_SPACE_SPECIALS = Table("Deep space specials", (
    Row(1, 5, "Alien Scoutship", FollowUp.SHIP_ERA, npc_race=True),
    Row(6, 10, "Derelict Alien Ship/Base", FollowUp.SHIP_ERA),
    Row(11, 15, "Alien Artifact", FollowUp.ARTIFACT),
    Row(16, 20, "Wormhole", FollowUp.WORMHOLE),
    Row(21, 70, "Monster", FollowUp.MONSTER),
    Row(71, 95, "Alien Weapon/Trap", FollowUp.WEAPON_TRAP),
    Row(96, 100, "Something Extraordinary"),
))

ALIEN_SCOUTS_SHIPS_AND_BASES = Table("Alien Scouts, Ships, and Bases", (
    Row(1, 10, "Pre-FTL Culture (2050-2100 CE)", FollowUp.ATTITUDE_AND_PHYSIOLOGY),
    Row(11, 60, "1st Gen FTL Culture (2100-2200 CE)", FollowUp.ATTITUDE_AND_PHYSIOLOGY),
    Row(61, 95, "2nd Gen FTL Culture (2200-2300 CE)", FollowUp.ATTITUDE_AND_PHYSIOLOGY),
    Row(96, 100, "Advanced FTL Culture", FollowUp.ATTITUDE_AND_PHYSIOLOGY),
))

ALIEN_ARTIFACT = Table("Alien Artifact", (
    Row(1, 5, "Stasis Module (live Alien)", FollowUp.ALIEN),
    Row(6, 10, "Stasis Module (live Monster)", FollowUp.MONSTER),
    Row(11, 15, "Stasis Module (Alien Weapon)", FollowUp.WEAPON_TRAP),
    Row(16, 20, "Stasis Module (Cluster Map)"),
    Row(21, 25, "Stasis Module (Sector Survey Data)"),
    Row(26, 40, "Active Alien Weapon", FollowUp.WEAPON_TRAP),
    Row(41, 60, "Abandoned Alien Installation", FollowUp.ALIEN),
    Row(61, 100, "Shipwreck with FTL Drive", FollowUp.FTL_DRIVE),
))

WORMHOLE = Table("Wormhole", (
    Row(1, 75, "Other end of wormhole is in this cluster"),
    Row(76, 99, "Other end leads to a 'bolt hole' system"),
    Row(100, 100, "Other end connects to another cluster"),
))

# Dice written in a result ("3d6 creatures") are rolled when the encounter happens, not when the map is made.
MONSTER = Table("Monster", (
    Row(1, 5, "Parasites (25% of crew infected)"),
    Row(6, 10, "Parasites (50% of crew infected)"),
    Row(11, 15, "Parasites (75% of crew infected)"),
    Row(16, 20, "Parasites (100% of crew infected)"),
    Row(21, 25, "Space Amoeba: 1 creature (75 hull); can absorb all energy sources"),
    Row(26, 30, "Space Whale: 3d6 creatures (20 hull); fairly innocuous"),
    Row(31, 35, "Space Kraken: 1 creature (30 hull); has tractor beam or maglock systems"),
    Row(36, 40, "Star Dragon: 1 creature (40 hull); very territorial and aggressive"),
    Row(41, 45, "Star Dragons: 2 adults (40 hull) and 1d6 youths (20 hull); adults are protective"),
    Row(46, 50, "Space Sharks: 2d10 creatures (10-hull gunboat); attack any object"),
    Row(51, 55, "Space Sharks: 4d10 creatures (10-hull gunboat); attack any object"),
    Row(56, 60, "Space Piranha: 3d10 creatures (5-hull fighter); attack any object"),
    Row(61, 65, "Space Piranha: 6d10 creatures (5-hull fighter); attack any object"),
    Row(66, 70, "Space Piranha: 9d10 creatures (5-hull fighter); attack any object"),
    Row(71, 75, "Flesh Eaters: 2d10 militia teams of monsters board the ship and try to devour the crew"),
    Row(76, 80, "Thought Eaters: 2d10 militia teams feed on the crew; strong offence, weak defence"),
    Row(81, 85, "Energy Eaters: 2d10 infantry teams board and devour power and drive systems"),
    Row(86, 90, "Space Pirates: 2d6 space marine combat teams attack from surprise", FollowUp.PIRATES),
    Row(91, 95, "Space Pirates: 2d6 light power armor teams attack from surprise", FollowUp.PIRATES),
    Row(96, 100, "Space Pirates: 2d6 heavy power armor teams attack from surprise", FollowUp.PIRATES),
))

ALIEN_WEAPON_TRAP = Table("Alien Weapon/Trap", (
    Row(1, 5, "Gravity Storm Generator (fleet encounters a force 1d3-1 Gravitic Storm)"),
    Row(6, 10, "Ion Storm Generator (fleet encounters a force 1d3-1 Ion Storm)"),
    Row(11, 15, "Nuclear Bomb (lead vessel detonates a level 1d4 nuke 95% of the time)"),
    Row(16, 20, "Magnetic Storm Generator (fleet encounters a force 1d3-1 Magnetic Storm)"),
    Row(21, 25, "Computer Siphon (computer core dumped or corrupted; ship dead in space for one week)"),
    Row(26, 30, "Energy Siphon (engines drained or overloaded; ship dead in space for one week; "
                "mechanical crews are lost 95% of the time)"),
    Row(31, 40, "Alien Defense Platform attacks", FollowUp.ALIEN),
    Row(41, 50, "FTL Drive Inhibitor Field (no FTL travel or jump/skip drives within the solar system)"),
    Row(51, 55, "Neural Inhibitor Field (biological crews are lost 95% of the time)"),
    Row(56, 65, "Hyperspace Missile Battery fires randomly on ships and colonies within 5-10 light years"),
    Row(66, 70, "Nova bomb (ship and system destroyed 95% of the time)"),
    Row(71, 80, "Ancient Minefield (ship attacked by a large minefield)"),
    Row(81, 85, "Wormhole Generator (nearby ships flung through a one-way wormhole)"),
    Row(86, 90, "Warp Channel Generator (nearby ships flung out of the solar system)"),
    Row(91, 95, "Stasis Field Generator (ship and crew frozen in time 95% of the time)"),
    Row(96, 100, "Ancient Machine Planetoid (115 hull), programmed to destroy all life forms"),
))


class TechGapFix(StrEnum):
    """"Pirate and Space Alien Technology" prints 01-10, 21-60, 61-100: rolls 11-20 are missing."""

    FIRST_GEN = "11-60 is 1st Gen FTL, as in Alien Scouts, Ships, and Bases"
    PRE_FTL = "01-20 is Pre-FTL"


_PRE_FTL = "Pre-FTL Culture (2050-2100 CE)"
_FIRST_GEN = "1st Gen FTL Culture (2100-2200 CE)"
_SECOND_GEN = "2nd Gen FTL Culture (2200-2300 CE)"

PIRATE_AND_ALIEN_TECHNOLOGY: dict[TechGapFix, Table] = {
    TechGapFix.FIRST_GEN: Table("Pirate and Space Alien Technology", (
        Row(1, 10, _PRE_FTL), Row(11, 60, _FIRST_GEN), Row(61, 100, _SECOND_GEN),
    )),
    TechGapFix.PRE_FTL: Table("Pirate and Space Alien Technology", (
        Row(1, 20, _PRE_FTL), Row(21, 60, _FIRST_GEN), Row(61, 100, _SECOND_GEN),
    )),
}


class AttitudeOverlapFix(StrEnum):
    """"Attitude" prints 96-98 Xenophobic and 97-100 Totally Xenophobic: 97 and 98 are in both."""

    XENOPHOBIC_TO_98 = "96-98 Xenophobic, 99-100 Totally Xenophobic"
    TOTALLY_FROM_97 = "96 Xenophobic, 97-100 Totally Xenophobic"


_ATTITUDE_ROWS = (
    Row(1, 2, "Total Pacifists"), Row(3, 5, "Pacifists"), Row(6, 10, "Peaceful"), Row(11, 30, "Cautious"),
    Row(31, 60, "Neutral"), Row(61, 80, "Belligerent"), Row(81, 90, "Hostile"), Row(91, 95, "Very Hostile"),
)
ATTITUDE: dict[AttitudeOverlapFix, Table] = {
    AttitudeOverlapFix.XENOPHOBIC_TO_98: Table("Attitude", (
        *_ATTITUDE_ROWS, Row(96, 98, "Xenophobic"), Row(99, 100, "Totally Xenophobic"),
    )),
    AttitudeOverlapFix.TOTALLY_FROM_97: Table("Attitude", (
        *_ATTITUDE_ROWS, Row(96, 96, "Xenophobic"), Row(97, 100, "Totally Xenophobic"),
    )),
}
# "pirates roll 4d10 + 60" on the Attitude table.
PIRATE_ATTITUDE_DICE = (4, 10, 60)

ALIEN_PHYSIOLOGY = Table("Alien Physiology", (
    Row(1, 1, "Monera/Viral life form"),
    Row(2, 3, "Protozoan life form"),
    Row(4, 5, "Fungal life form"),
    Row(6, 10, "Plant/Vegetable life form"),
    Row(11, 30, "Invertebrate life form"),
    Row(31, 99, "Vertebrate life form"),
    Row(100, 100, "Something Strange (energy constructs, crystal beings, mechanized races, etc.)"),
))

FTL_DRIVE_ENCOUNTERS = Table("FTL Drive Encounters", (
    Row(1, 10, "A derelict ship with a warp drive"),
    Row(11, 20, "A derelict ship with a hyper drive"),
    Row(21, 30, "A derelict ship with a jump drive"),
    Row(31, 40, "A derelict ship with a warp tunnel drive"),
    Row(41, 50, "A derelict ship with a jump gate drive"),
    Row(51, 60, "An abandoned jump gate"),
    Row(61, 70, "A derelict ship with a worm hole drive"),
    Row(71, 80, "A derelict ship with a well diver drive (massive stars extend the well diver's range)"),
    Row(81, 90, "An STL ship with an active stasis field; the crew may still be alive", FollowUp.ALIEN),
    Row(91, 100, "An STL ship with a temporal compression field", FollowUp.ALIEN),
))


class PlanetaryArtifactFix(StrEnum):
    """The planetary special "03-05 Alien Artifact ^" carries the FTL-drive marker, not the artifact one."""

    ARTIFACT_TABLE = "roll on Alien Artifact"
    FTL_DRIVE_TABLE = "roll on FTL Drive Encounters, as printed"


STRATEGIC_RESOURCE = "Strategic Resource"
PLANETARY_SPECIALS = Table("Planetary system specials", (
    Row(1, 1, "Alien Scoutship", FollowUp.SHIP_ERA, npc_race=True),
    Row(2, 2, "Derelict Alien Ship/Base", FollowUp.SHIP_ERA),
    Row(3, 5, "Alien Artifact", FollowUp.PLANETARY_ARTIFACT),
    Row(6, 30, "Alien Civilization", FollowUp.ALIEN, npc_race=True),
    Row(31, 80, STRATEGIC_RESOURCE, FollowUp.RESOURCE),
    Row(81, 90, "Monster", FollowUp.MONSTER),
    Row(91, 95, "Active Alien Base/Colony", FollowUp.SHIP_ERA, npc_race=True),
    Row(96, 99, "Alien Weapon/Trap", FollowUp.WEAPON_TRAP),
    Row(100, 100, "Something Extraordinary"),
))
PLANETARY_SPECIAL_CHANCE = 15  # "Planetary systems have a 15% chance of having a special."
# "Unpopulated systems have a 3% chance of having a deep space special present."
DEEP_SPACE_SPECIAL_CHANCE = 3


# --- Resources ----------------------------------------------------------------------------------------------

SPECIAL_RESOURCES_ROW = "Special Resources"
STRATEGIC_RESOURCES = Table("Strategic Resources", (
    Row(1, 5, "Abrasive Materials"), Row(6, 10, "Acidic Materials"), Row(11, 15, "Agricultural Products"),
    Row(16, 20, "Animal Resources"), Row(21, 25, "Construction Materials"), Row(26, 30, "Heavy Metals"),
    Row(31, 40, "Light Metals"), Row(41, 45, "Lubricant Materials"), Row(46, 50, "Natural Crystals"),
    Row(51, 55, "Natural Medicines"), Row(56, 60, "Petroleum Sources"), Row(61, 65, "Radioactive Materials"),
    Row(66, 70, "Semi-precious Gems"), Row(71, 75, "Strategic Metals"), Row(76, 100, SPECIAL_RESOURCES_ROW),
))
SOMETHING_UNIQUE = "Something Unique"
SPECIAL_RESOURCES = Table("Special Resources", (
    Row(1, 10, "Antimatter Sources"), Row(11, 20, "Exotic Gasses"), Row(21, 30, "Exotic Crystals"),
    Row(31, 40, "Naturally Explosive Materials"), Row(41, 50, "Precious Gems"),
    Row(51, 60, "Special Abrasive Materials"), Row(61, 70, "Special Acidic Materials"),
    Row(71, 80, "Special Magnetic Materials"), Row(81, 90, "Superconducting Materials"),
    Row(91, 100, SOMETHING_UNIQUE),
))
# Ruling: §5.0 names special resources App. B cannot roll (and jump drives need monopoles, listed nowhere).
SOMETHING_UNIQUE_TABLE = Table("Something Unique", (
    Row(1, 1, "Neutronium"), Row(2, 2, "Special Lubricant Materials"), Row(3, 3, "Magnetic Monopoles"),
    Row(4, 4, SOMETHING_UNIQUE),
), die=4)
# "Resources usually appear on the wealthiest or the most habitable planet depending on the type of resource."
# Ruling: these follow life, so they go to the most habitable planet; every other resource to the wealthiest.
HABITABLE_RESOURCES = frozenset({"Agricultural Products", "Animal Resources", "Natural Medicines"})


# --- Planets ------------------------------------------------------------------------------------------------

X = STEP_X  # the digit X, one step above 9 (`game.engine.step_codes`)

# "Number of planets by spectral class": (dice, sides, plus).
PLANET_COUNT: dict[SpectralClass, tuple[int, int, int]] = {
    SpectralClass.O: (1, 4, 0),
    SpectralClass.B: (1, 6, 0),
    SpectralClass.A: (1, 8, 0),
    SpectralClass.F: (1, 10, 1),
    SpectralClass.G: (2, 6, 3),
    SpectralClass.K: (1, 10, 3),
    SpectralClass.M: (1, 8, 1),
}

# "To determine the starting temperature index, roll 1d10 and add the offset."
TEMPERATURE_OFFSET: dict[SpectralClass, int] = {
    SpectralClass.O: 0, SpectralClass.B: 1, SpectralClass.A: 2, SpectralClass.F: 4,
    SpectralClass.G: 5, SpectralClass.K: 6, SpectralClass.M: 8,
}
FURTHER_PLANET_STEP = 5  # "For each additional planet, add 1d10+5 to the temperature index."


@dataclass(frozen=True)
class TemperatureBand:
    highest_index: int | None  # None: open-ended ("86+")
    zone: str
    temperature: int
    no_atmosphere: bool = False  # Plutonian: "too cold to have an atmosphere", -00-
    oort_cloud: bool = False  # 0000


TEMPERATURE_BANDS: tuple[TemperatureBand, ...] = (
    TemperatureBand(10, "Extreme", X),
    TemperatureBand(20, "Inferno", 9),
    TemperatureBand(25, "Hot", 8),
    TemperatureBand(30, "Hot", 7),
    TemperatureBand(35, "Desert", 6),
    TemperatureBand(40, "Normal", 5),
    TemperatureBand(45, "Freezing", 4),
    TemperatureBand(55, "Freezing", 3),
    TemperatureBand(65, "Cold", 2),
    TemperatureBand(75, "Cold", 1),
    TemperatureBand(85, "Plutonian", 0, no_atmosphere=True),
    TemperatureBand(None, "Oort Cloud", 0, no_atmosphere=True, oort_cloud=True),
)
OORT_CLOUD_INDEX = 86  # "86+ Oort Cloud, 0000": where a starless body's temperature puts it

# "Roll 2d6-1 for SIZE. Rolls less than 0 are zero and rolls greater than 9 are X's."
SIZE_DICE = (2, 6, -1)

# "Size / Environment Code (roll 1d6)": the code for each face 1..6, by size.
ENVIRONMENT_BY_SIZE: dict[int, tuple[int, ...]] = {
    0: (0, 0, 0, 0, 0, 0),  # always vacuum_0
    1: (0, 0, 0, 0, 1, 1),  # 1-4 vacuum_0, 5-6 trace_1
    2: (0, 0, 0, 1, 1, 1),  # 1-3 vacuum_0, 4-6 trace_1
    3: (1, 1, 2, 2, 3, 3),  # 1-2 trace_1, 3-4 trace_2, 5-6 low_3
    4: (2, 3, 3, 4, 4, 5),  # 1 trace_2, 2-3 low_3, 4-5 low_4, 6 normal_5
    5: (4, 5, 5, 5, 6, 7),  # 1 low_4, 2-4 normal_5, 5 contaminated_6, 6 hostile_7
    6: (5, 5, 6, 6, 7, 8),  # 1-2 normal_5, 3-4 contaminated_6, 5 hostile_7, 6 hostile_8
    7: (5, 6, 6, 7, 8, 9),  # 1 normal_5, 2-3 contaminated_6, 4 hostile_7, 5 hostile_8, 6 violent_9
    8: (6, 7, 7, 8, 8, 9),  # 1 contaminated_6, 2-3 hostile_7, 4-5 hostile_8, 6 violent_9
    9: (7, 8, 9, 9, X, X),  # 1 hostile_7, 2 hostile_8, 3-4 violent_9, 5-6 extreme_X
    X: (8, 9, 9, X, X, X),  # 1 hostile_8, 2-3 violent_9, 4-6 extreme_X
}

# "Size / Planet Code (roll 1d6)".
PLANET_CODE_BY_SIZE: dict[int, tuple[int, ...]] = {
    0: (0, 0, 0, 0, 0, 0),  # always dead_0
    1: (0, 0, 0, 0, 1, 1),  # 1-4 dead_0, 5-6 depleted_1
    2: (0, 0, 0, 1, 1, 1),  # 1-3 dead_0, 4-6 depleted_1
    3: (1, 1, 2, 2, 3, 3),  # 1-2 depleted_1, 3-4 depleted_2, 5-6 barren_3
    4: (3, 4, 4, 4, 5, 6),  # 1 barren_3, 2-4 barren_4, 5 living_5, 6 water_6
    5: (4, 5, 5, 5, 6, 7),  # 1 barren_4, 2-4 living_5, 5 water_6, 6 seismic_7
    6: (5, 5, 5, 6, 7, 8),  # 1-3 living_5, 4 water_6, 5 seismic_7, 6 seismic_8
    7: (5, 6, 7, 7, 8, 9),  # 1 living_5, 2 water_6, 3-4 seismic_7, 5 seismic_8, 6 violent_9
    8: (7, 7, 8, 8, 9, X),  # 1-2 seismic_7, 3-4 seismic_8, 5 volcanic_9, 6 extreme_X
    9: (8, 8, 9, 9, X, X),  # 1-2 seismic_8, 3-4 volcanic_9, 5-6 extreme_X
    X: (8, 9, 9, X, X, X),  # 1 seismic_8, 2-3 volcanic_9, 4-6 extreme_X
}
WATER_WORLD = 6
LIVING_WORLD = 5
LIFE_CHANCE = 33  # "have a 33% chance of ..." silicon, terrestrial or methane life

# "Max CP potential": (dice, sides, plus) by kind of world.
SMALL_BODY_MAX_SIZE = 2  # "Moons and asteroids (size 0, 1, and 2)"
MAX_OUTPUT_SMALL_BODY = (1, 100, 50)
MAX_OUTPUT_GAS_GIANT = (2, 100, 50)
MAX_OUTPUT_OTHER = (3, 100, 100)
DEAD_WORLD_DIVISOR = 5  # "Dead worlds have their max CP divided by 5, rounding down."
HOT_WORLD_DIVISOR = 2  # "Extreme heat and inferno worlds have their max CP divided by 2, rounding down."
