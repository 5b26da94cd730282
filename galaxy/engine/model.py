"""What a generated galaxy is made of: sectors (hexes), Points of Interest, stars, planets, specials."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from galaxy.engine.hexes import HexCoord, RegionCoord
from galaxy.engine.settings import GalaxySettings
from galaxy.engine.step import StepCode
from galaxy.engine.tables import WATER_WORLD, Category, ObjectKind, SpectralClass


class Life(StrEnum):
    NONE = "none"
    SILICON = "silicon"
    TERRESTRIAL = "terrestrial"
    METHANE = "methane"


class Body(StrEnum):
    """The kinds of world the max-CP rule tells apart."""

    OORT_CLOUD = "Oort cloud"
    SMALL_BODY = "moon or asteroid belt"  # "Moons and asteroids (size 0, 1, and 2)"
    TERRESTRIAL = "terrestrial"
    GAS_GIANT = "gas giant"


class WaterWorld(StrEnum):
    """What planet code 6 (water) means at each temperature."""

    NONE = "none"
    SWAMPS = "muggy swamps and shallow seas"  # "Water worlds in the desert zone"
    OCEANS = "oceans"
    EQUATORIAL_WATER = "ice world with some liquid water at the equator"  # "a temp of 4"
    ICE = "solid ice"


@dataclass(frozen=True)
class Resource:
    name: str
    special: bool  # a special resource (x5 in §5.0), else a strategic one (x2)


@dataclass(frozen=True)
class Encounter:
    """A rolled special: the table, the roll, the result, and the further rolls its marker called for."""

    table: str
    roll: int
    result: str
    details: tuple[Encounter, ...] = ()
    npc_race: bool = False

    def describe(self) -> str:
        inner = "; ".join(detail.describe() for detail in self.details)
        return f"{self.result} ({inner})" if inner else self.result


@dataclass(frozen=True)
class Star:
    kind: ObjectKind

    @property
    def spectral_class(self) -> SpectralClass | None:
        return self.kind.spectral_class


@dataclass(frozen=True)
class Planet:
    star: int  # index into the Point of Interest's `stars`; 0 for a rogue asteroid field
    orbit: int  # 1 = innermost of its star
    temperature_index: int
    zone: str  # the temperature band's name: Extreme, Inferno, Hot, ..., Plutonian, Oort Cloud
    step: StepCode
    body: Body
    life: Life
    max_output: int  # Cluster War "max CP" per CW turn
    resources: tuple[Resource, ...] = ()

    @property
    def viable(self) -> bool:
        return is_viable_planet(self)

    @property
    def water_world(self) -> WaterWorld:
        """"Water worlds in the desert zone are muggy swamps ... at temps of less than 5 are ice worlds.
        Worlds with a temp of 4 have some liquid water at the equator. All others are solid ice.\""""
        if self.step.planet != WATER_WORLD:
            return WaterWorld.NONE
        temperature = self.step.temperature
        if temperature == 6:
            return WaterWorld.SWAMPS
        if temperature == 5:
            return WaterWorld.OCEANS
        return WaterWorld.EQUATORIAL_WATER if temperature == 4 else WaterWorld.ICE


def is_viable_planet(planet: Planet) -> bool:
    """"Viable Planet" (RULES-MAP): a planet with no X in its STEP code. Whether its owner has surveyed it is
    campaign knowledge, checked outside the engine."""
    return not planet.step.has_x


@dataclass(frozen=True)
class PointOfInterest:
    """An occupied hex. `kind` None: empty space holding only a hidden deep-space special (a setting)."""

    coord: HexCoord
    region: RegionCoord
    kind: ObjectKind | None
    components: tuple[ObjectKind, ...] = ()  # the kind itself, or a binary's two re-rolls
    stars: tuple[Star, ...] = ()
    planets: tuple[Planet, ...] = ()
    specials: tuple[Encounter, ...] = ()

    @property
    def on_strategic_map(self) -> bool:
        """"Planets ... not shown on the strategic map, only stars and other objects such as storms and
        nebulae.\""""
        return self.kind is not None

    @property
    def category(self) -> Category | None:
        return None if self.kind is None else self.kind.category

    @property
    def viable_planets(self) -> tuple[Planet, ...]:
        return tuple(planet for planet in self.planets if planet.viable)

    @property
    def has_npc_race(self) -> bool:
        return any(special.npc_race for special in self.specials)


@dataclass(frozen=True)
class Sector:
    """One hex of the map, a Centaurian Vector Sector."""

    coord: HexCoord
    region: RegionCoord
    point_of_interest: PointOfInterest | None = None


@dataclass(frozen=True)
class Galaxy:
    seed: str
    settings: GalaxySettings
    sectors: tuple[Sector, ...]  # column by column, as the hex numbers run
    _by_coord: dict[HexCoord, Sector] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_coord", {sector.coord: sector for sector in self.sectors})

    @cached_property
    def points_of_interest(self) -> tuple[PointOfInterest, ...]:
        return tuple(s.point_of_interest for s in self.sectors if s.point_of_interest is not None)

    def sector(self, coord: HexCoord) -> Sector:
        return self._by_coord[coord]

    def point_of_interest(self, coord: HexCoord) -> PointOfInterest | None:
        sector = self._by_coord.get(coord)
        return None if sector is None else sector.point_of_interest

    def label(self, coord: HexCoord) -> str:
        return coord.label(self.settings.label_digits)
