"""Campaign settings for galaxy generation: the scalable parts, and one field per ruling on a broken table.

Each field's default is the ruling in docs/rules.md; 100 (percent) means "the tables as printed".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from galaxy.engine.tables import AttitudeOverlapFix, PlanetaryArtifactFix, TechGapFix, X

MAX_MAP_SIDE = 100  # CW: "Custom clusters can vary from 5x5 to 10x10 sectors"


class SizeRoll(StrEnum):
    """"Roll 2d6-1 for SIZE": that never gives 0, so asteroid belts (size 0) never appear."""

    AS_PRINTED = "2d6-1"
    WITH_ASTEROID_BELTS = "2d6-2"


class BinaryComponents(StrEnum):
    """"Binary system (re-roll twice)": silent on what a re-roll that is not a star means."""

    STARS_ONLY = "re-roll until each component is a star (01-75)"
    AS_ROLLED = "any result (a nebula, a storm...) may be a component"


@dataclass(frozen=True)
class GalaxySettings:
    width: int = 70
    height: int = 70
    region_size: int = 10  # "An individual sector is a 10x10 grid of hexes."
    # Percent of the printed occupancy chance ("On a 1 or 2, that hex is occupied").
    star_density: int = 100
    # §19's per-sector density grid, percent, one tuple per region row from the top; () = the same everywhere.
    region_density: tuple[tuple[int, ...], ...] = ()
    # Percent: above 100 a planet with an X re-rolls size, environment and surface with chance (f-100)%, below
    # 100 a planet with no X re-rolls them with chance (100-f)%.
    habitable_frequency: int = 100
    # Percent: the number of resources a "Strategic Resource" special gives, 100 = one.
    resource_abundance: int = 100
    npc_aliens: bool = True  # off: results that place a living alien race are re-rolled
    # Rulings on broken or silent tables.
    size_roll: SizeRoll = SizeRoll.AS_PRINTED
    gas_giant_min_size: int = X  # "Gas giants" is never given a size; ruling: size X
    binary_components: BinaryComponents = BinaryComponents.STARS_ONLY
    merge_oort_clouds: bool = True  # planets past the first Oort cloud join it instead of repeating 0000
    rogue_asteroid_belts: bool = True  # a rogue asteroid field holds one size-0 belt that can be mined
    deep_space_specials_in_empty_hexes: bool = False  # "Unpopulated systems" = occupied hexes without planets
    tech_gap: TechGapFix = TechGapFix.FIRST_GEN
    attitude_overlap: AttitudeOverlapFix = AttitudeOverlapFix.XENOPHOBIC_TO_98
    planetary_artifact: PlanetaryArtifactFix = PlanetaryArtifactFix.ARTIFACT_TABLE
    unique_resources: bool = True  # "Something Unique" may be Neutronium, Special Lubricant or monopoles

    def __post_init__(self) -> None:
        # Settings stored as JSON come back as plain strings; each becomes its enum (or fails with its name).
        for name, enum in _ENUM_FIELDS.items():
            object.__setattr__(self, name, enum(getattr(self, name)))
        for name in ("width", "height"):
            if not 1 <= getattr(self, name) <= MAX_MAP_SIDE:
                raise ValueError(f"The map's {name} must be 1 to {MAX_MAP_SIDE} hexes.")
        if self.region_size < 1:
            raise ValueError("A region must be at least 1 hex across.")
        for name in ("star_density", "resource_abundance"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} is a percentage of the printed chance and cannot be negative.")
        if not 0 <= self.habitable_frequency <= 200:
            raise ValueError("habitable_frequency must be 0 to 200 percent.")
        if self.gas_giant_min_size not in (9, X):
            raise ValueError("Gas giants start at size 9 or X (10).")
        if self.region_density:
            rows, cols = self.regions
            if len(self.region_density) != rows or any(len(row) != cols for row in self.region_density):
                raise ValueError(f"region_density needs {rows} rows of {cols} percentages, one per region.")
            if any(value < 0 for row in self.region_density for value in row):
                raise ValueError("A region's density cannot be negative.")

    @property
    def regions(self) -> tuple[int, int]:
        """(rows, columns) of regions; a last region cut by the map's edge still counts."""
        return (-(-self.height // self.region_size), -(-self.width // self.region_size))

    @property
    def label_digits(self) -> int:
        """Digits per coordinate in a hex number: CCRR up to 99 hexes a side."""
        return max(2, len(str(max(self.width, self.height))))

    def density_percent(self, region_col: int, region_row: int) -> int:
        """The occupancy chance of a region, in percent of the printed 2-in-6."""
        if not self.region_density:
            return self.star_density
        return self.star_density * self.region_density[region_row - 1][region_col - 1] // 100


_ENUM_FIELDS: dict[str, type[StrEnum]] = {
    "size_roll": SizeRoll,
    "binary_components": BinaryComponents,
    "tech_gap": TechGapFix,
    "attitude_overlap": AttitudeOverlapFix,
    "planetary_artifact": PlanetaryArtifactFix,
}
