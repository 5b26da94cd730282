"""Galaxy generation from Cluster War's Appendix B tables: pure, seeded, no framework."""

from galaxy.engine.generate import GenerationDice, generate_galaxy
from galaxy.engine.hexes import HexCoord, RegionCoord, hex_distance, hexes_within, region_of
from galaxy.engine.homeworlds import HomeWorld, HomeWorldPlacementError, Neighbourhood, place_home_worlds
from galaxy.engine.model import (
    Body,
    Encounter,
    Galaxy,
    Life,
    Planet,
    PointOfInterest,
    Resource,
    Sector,
    Star,
    WaterWorld,
    is_viable_planet,
)
from galaxy.engine.settings import BinaryComponents, GalaxySettings, SizeRoll
from galaxy.engine.step import EARTH_LIKE, StepCode, colonization_cost, colonization_multiplier, step_distance
from galaxy.engine.tables import (
    AttitudeOverlapFix,
    Category,
    ObjectKind,
    PlanetaryArtifactFix,
    SpectralClass,
    TechGapFix,
)

__all__ = [
    "EARTH_LIKE",
    "AttitudeOverlapFix",
    "BinaryComponents",
    "Body",
    "Category",
    "Encounter",
    "Galaxy",
    "GalaxySettings",
    "GenerationDice",
    "HexCoord",
    "HomeWorld",
    "HomeWorldPlacementError",
    "Life",
    "Neighbourhood",
    "ObjectKind",
    "Planet",
    "PlanetaryArtifactFix",
    "PointOfInterest",
    "RegionCoord",
    "Resource",
    "Sector",
    "SizeRoll",
    "SpectralClass",
    "Star",
    "StepCode",
    "TechGapFix",
    "WaterWorld",
    "colonization_cost",
    "colonization_multiplier",
    "generate_galaxy",
    "hex_distance",
    "hexes_within",
    "is_viable_planet",
    "place_home_worlds",
    "region_of",
    "step_distance",
]
