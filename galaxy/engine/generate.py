"""The Appendix B pipeline, one table step per function: hex occupancy, star type, planet count, temperature
bands, size, environment and planet codes, life, max CP, specials and resources.

The same seed and settings always give the same galaxy: every roll comes, in a fixed order, from one Dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from galaxy.engine.hexes import HexCoord, RegionCoord, region_of
from galaxy.engine.model import Body, Encounter, Galaxy, Life, Planet, PointOfInterest, Resource, Sector, Star
from galaxy.engine.settings import BinaryComponents, GalaxySettings, SizeRoll
from galaxy.engine.step import EARTH_LIKE, StepCode, step_distance
from galaxy.engine.tables import (
    ALIEN_ARTIFACT,
    ALIEN_PHYSIOLOGY,
    ALIEN_SCOUTS_SHIPS_AND_BASES,
    ALIEN_WEAPON_TRAP,
    ATTITUDE,
    DEAD_WORLD_DIVISOR,
    DEEP_SPACE_SPECIAL_CHANCE,
    DEEP_SPACE_SPECIALS,
    ENVIRONMENT_BY_SIZE,
    FTL_DRIVE_ENCOUNTERS,
    FURTHER_PLANET_STEP,
    HABITABLE_RESOURCES,
    HOT_WORLD_DIVISOR,
    LIFE_CHANCE,
    LIVING_WORLD,
    MAX_OUTPUT_GAS_GIANT,
    MAX_OUTPUT_OTHER,
    MAX_OUTPUT_SMALL_BODY,
    MONSTER,
    OCCUPIED_HEX_BY_ROLL,
    OORT_CLOUD_INDEX,
    PIRATE_AND_ALIEN_TECHNOLOGY,
    PIRATE_ATTITUDE_DICE,
    PLANET_CODE_BY_SIZE,
    PLANET_COUNT,
    PLANETARY_SPECIAL_CHANCE,
    PLANETARY_SPECIALS,
    SIZE_DICE,
    SMALL_BODY_MAX_SIZE,
    SOMETHING_UNIQUE,
    SOMETHING_UNIQUE_TABLE,
    SPECIAL_RESOURCES,
    SPECIAL_RESOURCES_ROW,
    STRATEGIC_RESOURCE,
    STRATEGIC_RESOURCES,
    TEMPERATURE_BANDS,
    TEMPERATURE_OFFSET,
    WATER_WORLD,
    WORMHOLE,
    Category,
    FollowUp,
    ObjectKind,
    PlanetaryArtifactFix,
    Row,
    SpectralClass,
    Table,
    TemperatureBand,
    X,
)
from game.engine.dice import Dice, DiceRolled, step_seed


class GenerationDice:
    """`SeededDice`'s exact rolls, without recording them: a 70x70 galaxy takes some 50,000 rolls, and its
    record is the galaxy itself (seed and settings reproduce every roll)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rolls: list[DiceRolled] = []
        self._rng = random.Random(seed)

    def roll(self, sides: int, purpose: str) -> int:
        return self._rng.randint(1, sides)


def galaxy_dice(seed: str) -> GenerationDice:
    return GenerationDice(step_seed(seed, "galaxy"))


def roll_dice(dice: Dice, count: int, sides: int, plus: int, purpose: str) -> int:
    return sum(dice.roll(sides, purpose) for _ in range(count)) + plus


def percent_chance(dice: Dice, percent: int, purpose: str) -> bool:
    return dice.roll(100, purpose) <= percent


# --- Sectors ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Chance:
    """A chance rolled as "1..hits on a d`sides`"; the printed 2-in-6 at density 100 reduces to 1 on a d3."""

    hits: int
    sides: int

    @classmethod
    def of(cls, probability: Fraction) -> Chance:
        return cls(probability.numerator, probability.denominator)


def occupancy_chance(settings: GalaxySettings, region: RegionCoord) -> Chance:
    """"Roll 1d6 for each hex. On a 1 or 2, that hex is occupied", scaled by the density settings (§19: "you
    can edit the probability that a given hex will have a system")."""
    percent = settings.density_percent(region.col, region.row)
    return Chance.of(min(Fraction(1), Fraction(2, 6) * Fraction(percent, 100)))


def occupancy(dice: Dice, chance: Chance) -> bool:
    if chance.hits in (0, chance.sides):
        return chance.hits > 0
    return dice.roll(chance.sides, "occupancy") <= chance.hits


def star_type(dice: Dice, settings: GalaxySettings) -> tuple[ObjectKind, tuple[ObjectKind, ...]]:
    """"For each occupied hex, roll 1d100": the hex's object, and its components (two for a binary)."""
    kind = OCCUPIED_HEX_BY_ROLL[dice.roll(100, "star type")]
    if kind is not ObjectKind.BINARY:
        return kind, (kind,)
    return kind, (binary_component(dice, settings), binary_component(dice, settings))


def binary_component(dice: Dice, settings: GalaxySettings) -> ObjectKind:
    """"Binary system (re-roll twice)": a re-rolled Binary is rolled again, and (setting) so is a non-star."""
    while True:
        kind = OCCUPIED_HEX_BY_ROLL[dice.roll(100, "binary component")]
        stars_only = settings.binary_components is BinaryComponents.STARS_ONLY
        if kind is not ObjectKind.BINARY and not (stars_only and kind.category is not Category.STAR):
            return kind


# --- Planets ------------------------------------------------------------------------------------------------


def planet_count(dice: Dice, spectral_class: SpectralClass) -> int:
    """"Number of planets by spectral class": O 1d4, B 1d6, A 1d8, F 1d10+1, G 2d6+3, K 1d10+3, M 1d8+1."""
    count, sides, plus = PLANET_COUNT[spectral_class]
    return roll_dice(dice, count, sides, plus, "planet count")


def temperature_indexes(dice: Dice, spectral_class: SpectralClass, count: int) -> list[int]:
    """"Roll 1d10 and add the offset. This determines the first planet's base STEP code. For each additional
    planet, add 1d10+5 to the temperature index.\""""
    index = dice.roll(10, "temperature index") + TEMPERATURE_OFFSET[spectral_class]
    indexes = [index]
    for _ in range(count - 1):
        index += dice.roll(10, "temperature index") + FURTHER_PLANET_STEP
        indexes.append(index)
    return indexes


def temperature_band(index: int) -> TemperatureBand:
    for band in TEMPERATURE_BANDS:
        if band.highest_index is None or index <= band.highest_index:
            return band
    raise AssertionError("The last band is open-ended.")


def size_code(dice: Dice, settings: GalaxySettings) -> int:
    """"Roll 2d6-1 for SIZE. Rolls less than 0 are zero and rolls greater than 9 are X's." (or 2d6-2: a
    setting)"""
    count, sides, plus = SIZE_DICE
    if settings.size_roll is SizeRoll.WITH_ASTEROID_BELTS:
        plus -= 1
    return min(X, max(0, roll_dice(dice, count, sides, plus, "size")))


def environment_code(dice: Dice, size: int) -> int:
    """"Size / Environment Code (roll 1d6)"."""
    return ENVIRONMENT_BY_SIZE[size][dice.roll(6, "environment") - 1]


def planet_code(dice: Dice, size: int, temperature: int) -> int:
    """"Size / Planet Code (roll 1d6)", then: "Water worlds can only exist at certain temperature ranges. If
    the temperature is 7 or higher, the code reverts to 5.\""""
    code = PLANET_CODE_BY_SIZE[size][dice.roll(6, "planet code") - 1]
    return LIVING_WORLD if code == WATER_WORLD and temperature >= 7 else code


def physical_codes(dice: Dice, settings: GalaxySettings, band: TemperatureBand) -> StepCode:
    """Size, environment and surface for a planet in `band`: "Plutonian worlds and Oort clouds are too cold to
    have an atmosphere", and an Oort cloud is 0000 outright (ruling: no rolls)."""
    if band.oort_cloud:
        return StepCode(0, 0, 0, 0)
    size = size_code(dice, settings)
    environment = 0 if band.no_atmosphere else environment_code(dice, size)
    return StepCode(size, band.temperature, environment, planet_code(dice, size, band.temperature))


def habitable_frequency(
    dice: Dice, settings: GalaxySettings, band: TemperatureBand, step: StepCode
) -> StepCode:
    """The campaign's habitable-planet frequency (ruling): a planet on the unwanted side of "no X" re-rolls
    its size, environment and surface once, with the chance the setting's distance from 100% gives."""
    frequency = settings.habitable_frequency
    unwanted = step.has_x if frequency > 100 else not step.has_x
    if frequency == 100 or not unwanted or not percent_chance(dice, abs(frequency - 100), "habitable"):
        return step
    return physical_codes(dice, settings, band)


def body(step: StepCode, settings: GalaxySettings, band: TemperatureBand) -> Body:
    if band.oort_cloud:
        return Body.OORT_CLOUD
    if step.size <= SMALL_BODY_MAX_SIZE:
        return Body.SMALL_BODY
    return Body.GAS_GIANT if step.size >= settings.gas_giant_min_size else Body.TERRESTRIAL


def life(dice: Dice, step: StepCode, world: Body) -> Life:
    """"Hot worlds with an environment and size code of 3-7 have a 33% chance of silicon life. Terrestrial
    worlds with a temperature of 4-6 and an environment and size code of 4-6 have a 33% chance of having
    terrestrial life. Outer gas giants with a temperature of freezing or cold have 33% chance of methane based
    life." Hot is the table's "Hot" (7-8); freezing or cold is 1-4 (rulings)."""
    size, temperature, environment, _ = step.digits
    if temperature in (7, 8) and 3 <= environment <= 7 and 3 <= size <= 7:
        candidate = Life.SILICON
    elif 4 <= temperature <= 6 and 4 <= environment <= 6 and 4 <= size <= 6:
        candidate = Life.TERRESTRIAL
    elif world is Body.GAS_GIANT and 1 <= temperature <= 4:
        candidate = Life.METHANE
    else:
        return Life.NONE
    return candidate if percent_chance(dice, LIFE_CHANCE, "life") else Life.NONE


def maximum_output(dice: Dice, step: StepCode, world: Body) -> int:
    """"Moons and asteroids (size 0, 1, and 2) have a max CP of 1d100+50. Gas giants have a max CP of
    2d100+50. All other worlds have a default max CP of 3d100+100 ... (use the worst modifier if both apply.)
    Dead worlds have their max CP divided by 5 ... Extreme heat and inferno worlds have their max CP divided
    by 2.\""""
    if world in (Body.OORT_CLOUD, Body.SMALL_BODY):
        count, sides, plus = MAX_OUTPUT_SMALL_BODY
    elif world is Body.GAS_GIANT:
        count, sides, plus = MAX_OUTPUT_GAS_GIANT
    else:
        count, sides, plus = MAX_OUTPUT_OTHER
    output = roll_dice(dice, count, sides, plus, "max output")
    if step.planet == 0:
        return output // DEAD_WORLD_DIVISOR
    if step.temperature >= 9:
        return output // HOT_WORLD_DIVISOR
    return output


def planet(dice: Dice, settings: GalaxySettings, star: int, orbit: int, index: int) -> Planet:
    """One planet at temperature `index`: its STEP code, then life, then max CP, as App. B orders them."""
    band = temperature_band(index)
    step = habitable_frequency(dice, settings, band, physical_codes(dice, settings, band))
    world = body(step, settings, band)
    return Planet(star=star, orbit=orbit, temperature_index=index, zone=band.zone, step=step, body=world,
                  life=life(dice, step, world), max_output=maximum_output(dice, step, world))


def planets_of_star(
    dice: Dice, settings: GalaxySettings, star: int, spectral_class: SpectralClass
) -> list[Planet]:
    """A star's planets, innermost first."""
    indexes = temperature_indexes(dice, spectral_class, planet_count(dice, spectral_class))
    planets: list[Planet] = []
    for orbit, index in enumerate(indexes, start=1):
        planets.append(planet(dice, settings, star, orbit, index))
        if settings.merge_oort_clouds and planets[-1].body is Body.OORT_CLOUD:
            break
    return planets


def rogue_asteroid_belt(dice: Dice) -> Planet:
    """Ruling: a rogue asteroid field is one starless belt, 0000 like an Oort cloud, priced as an asteroid."""
    step = StepCode(0, 0, 0, 0)
    output = maximum_output(dice, step, Body.SMALL_BODY)
    return Planet(star=0, orbit=1, temperature_index=OORT_CLOUD_INDEX, zone="Rogue asteroid field", step=step,
                  body=Body.SMALL_BODY, life=Life.NONE, max_output=output)


# --- Specials -----------------------------------------------------------------------------------------------


def roll_on(dice: Dice, table: Table, settings: GalaxySettings) -> tuple[int, Row]:
    """One roll on `table`; with NPC aliens off, a result that places a living alien race is rolled again."""
    while True:
        roll = dice.roll(table.die, table.title)
        row = table.by_roll[roll]
        if settings.npc_aliens or not row.npc_race:
            return roll, row


def encounter(dice: Dice, table: Table, settings: GalaxySettings) -> Encounter:
    roll, row = roll_on(dice, table, settings)
    return Encounter(table.title, roll, row.result, follow_up(dice, row.follow_up, settings), row.npc_race)


def alien(dice: Dice, settings: GalaxySettings, *, pirates: bool = False) -> tuple[Encounter, ...]:
    """"* Roll for tech, attitude, and physiology." Pirates roll attitude on 4d10+60."""
    technology = encounter(dice, PIRATE_AND_ALIEN_TECHNOLOGY[settings.tech_gap], settings)
    return (technology, *attitude_and_physiology(dice, settings, pirates=pirates))


def attitude_and_physiology(
    dice: Dice, settings: GalaxySettings, *, pirates: bool = False
) -> tuple[Encounter, ...]:
    table = ATTITUDE[settings.attitude_overlap]
    if pirates:
        count, sides, plus = PIRATE_ATTITUDE_DICE
        roll = roll_dice(dice, count, sides, plus, "pirate attitude")
        attitude = Encounter(table.title, roll, table.by_roll[roll].result)
    else:
        attitude = encounter(dice, table, settings)
    return attitude, encounter(dice, ALIEN_PHYSIOLOGY, settings)


def follow_up(dice: Dice, marker: FollowUp | None, settings: GalaxySettings) -> tuple[Encounter, ...]:
    """The further rolls a result's marker asks for (*, #, -, +, ^ in the source)."""
    if marker is None or marker is FollowUp.RESOURCE:
        return ()
    if marker is FollowUp.ALIEN:
        return alien(dice, settings)
    if marker is FollowUp.PIRATES:
        return alien(dice, settings, pirates=True)
    if marker is FollowUp.ATTITUDE_AND_PHYSIOLOGY:
        return attitude_and_physiology(dice, settings)
    if marker is FollowUp.PLANETARY_ARTIFACT:
        artifact_table = settings.planetary_artifact is PlanetaryArtifactFix.ARTIFACT_TABLE
        return (encounter(dice, ALIEN_ARTIFACT if artifact_table else FTL_DRIVE_ENCOUNTERS, settings),)
    return (encounter(dice, _FOLLOW_UP_TABLES[marker], settings),)


_FOLLOW_UP_TABLES: dict[FollowUp, Table] = {
    FollowUp.SHIP_ERA: ALIEN_SCOUTS_SHIPS_AND_BASES,
    FollowUp.MONSTER: MONSTER,
    FollowUp.WEAPON_TRAP: ALIEN_WEAPON_TRAP,
    FollowUp.ARTIFACT: ALIEN_ARTIFACT,
    FollowUp.FTL_DRIVE: FTL_DRIVE_ENCOUNTERS,
    FollowUp.WORMHOLE: WORMHOLE,
}


def deep_space_special(dice: Dice, settings: GalaxySettings) -> Encounter | None:
    """"Unpopulated systems have a 3% chance of having a deep space special present.\""""
    if not percent_chance(dice, DEEP_SPACE_SPECIAL_CHANCE, "deep space special"):
        return None
    return encounter(dice, DEEP_SPACE_SPECIALS, settings)


def planetary_special(dice: Dice, settings: GalaxySettings) -> Encounter | None:
    """"Planetary systems have a 15% chance of having a special. Roll only once per system.\""""
    if not percent_chance(dice, PLANETARY_SPECIAL_CHANCE, "planetary special"):
        return None
    return encounter(dice, PLANETARY_SPECIALS, settings)


def resource_count(dice: Dice, settings: GalaxySettings) -> int:
    """Resource abundance (ruling): a Strategic Resource special gives abundance/100 resources, the remainder
    being the percent chance of one more; 100% is the printed one."""
    whole, part = divmod(settings.resource_abundance, 100)
    return whole + (1 if part and percent_chance(dice, part, "resource abundance") else 0)


def strategic_resource(dice: Dice, settings: GalaxySettings) -> Resource:
    """"Strategic Resources" (76-100: roll on "Special Resources"; Something Unique: a setting)."""
    name = STRATEGIC_RESOURCES.by_roll[dice.roll(100, STRATEGIC_RESOURCES.title)].result
    if name != SPECIAL_RESOURCES_ROW:
        return Resource(name, special=False)
    name = SPECIAL_RESOURCES.by_roll[dice.roll(100, SPECIAL_RESOURCES.title)].result
    if name == SOMETHING_UNIQUE and settings.unique_resources:
        name = SOMETHING_UNIQUE_TABLE.by_roll[dice.roll(SOMETHING_UNIQUE_TABLE.die, SOMETHING_UNIQUE)].result
    return Resource(name, special=True)


def resource_planet(planets: list[Planet], resource: Resource) -> int:
    """"Resources usually appear on the wealthiest or the most habitable planet depending on the type of
    resource": life's resources on the fewest steps from 5555, the rest on the highest max CP (ties:
    inner)."""
    if resource.name in HABITABLE_RESOURCES:
        return min(range(len(planets)),
                   key=lambda i: (step_distance(EARTH_LIKE, planets[i].step), -planets[i].max_output, i))
    return min(range(len(planets)), key=lambda i: (-planets[i].max_output, i))


def place_resources(planets: list[Planet], resources: list[Resource]) -> None:
    for resource in resources:
        i = resource_planet(planets, resource)
        planets[i] = replace(planets[i], resources=(*planets[i].resources, resource))


# --- The galaxy ---------------------------------------------------------------------------------------------


def point_of_interest(
    dice: Dice, settings: GalaxySettings, coord: HexCoord, region: RegionCoord
) -> PointOfInterest:
    """An occupied hex: its object, each star's planets, then one special roll (planetary or deep-space)."""
    kind, components = star_type(dice, settings)
    stars = tuple(Star(component) for component in components if component.category is Category.STAR)
    planets: list[Planet] = []
    for index, star in enumerate(stars):
        if star.kind.has_planets and star.spectral_class is not None:
            planets.extend(planets_of_star(dice, settings, index, star.spectral_class))
    if settings.rogue_asteroid_belts and ObjectKind.ROGUE_ASTEROIDS in components:
        planets.append(rogue_asteroid_belt(dice))
    special = planetary_special(dice, settings) if planets else deep_space_special(dice, settings)
    specials: tuple[Encounter, ...] = ()
    if special is not None and special.result == STRATEGIC_RESOURCE:
        count = resource_count(dice, settings)
        place_resources(planets, [strategic_resource(dice, settings) for _ in range(count)])
    elif special is not None:
        specials = (special,)
    return PointOfInterest(coord, region, kind, components, stars, tuple(planets), specials)


def generate_galaxy(settings: GalaxySettings, seed: str, dice: Dice | None = None) -> Galaxy:
    """Appendix B for every hex of the map, column by column: occupancy, then the occupied hex's contents."""
    dice = dice if dice is not None else galaxy_dice(seed)
    chances: dict[RegionCoord, Chance] = {}
    sectors: list[Sector] = []
    for col in range(1, settings.width + 1):
        for row in range(1, settings.height + 1):
            coord = HexCoord(col, row)
            region = region_of(coord, settings.region_size)
            if region not in chances:
                chances[region] = occupancy_chance(settings, region)
            poi: PointOfInterest | None = None
            if occupancy(dice, chances[region]):
                poi = point_of_interest(dice, settings, coord, region)
            elif settings.deep_space_specials_in_empty_hexes:
                special = deep_space_special(dice, settings)
                if special is not None:
                    poi = PointOfInterest(coord, region, None, specials=(special,))
            sectors.append(Sector(coord, region, poi))
    return Galaxy(seed, settings, tuple(sectors))
