"""What a viewer calls the things events name by id (the catalogue's `Names`), from the world as that viewer knows
it. The GM knows every name; a civilization its own units, colonies and projects, the units and colonies it
detects and the places on its charts; a spectator the civilizations and the public map. Whatever a viewer may not
know is said without its name ("a unit"), so a description never tells more than the viewer's map does."""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.research.projects import tech_name
from game.engine.world import World


class WorldNames:
    def __init__(
        self,
        world: World,
        civ_id: int | None = None,
        *,
        is_gm: bool = False,
        civ_names: Mapping[int, str] | None = None,
        sides: Mapping[str, str] | None = None,
    ) -> None:
        """`civ_id` is the viewing civilization (None for the GM and spectators); `civ_names` the civilizations'
        names where the world does not have them yet (before the campaign starts); `sides` what a battle report
        calls its sides."""
        self.world = world
        self.civ_id = civ_id
        self.is_gm = is_gm
        self.civ_names = civ_names or {}
        self.sides = sides or {}
        viewer = world.civs.get(civ_id) if civ_id is not None else None
        self._detected_units = viewer.detected_units if viewer else frozenset()
        self._detected_colonies = viewer.detected_colonies if viewer else frozenset()
        self._known_pois = viewer.known_pois if viewer else frozenset()

    def civ(self, civ_id: int) -> str:
        civ = self.world.civs.get(civ_id)
        return self.civ_names.get(civ_id) or (civ.name if civ else "") or "a civilization"

    def unit(self, unit_id: int) -> str:
        unit = self.world.units.get(unit_id)
        if unit is None:
            return "a unit"
        if unit.civ_id == self.civ_id:
            return unit.name
        if self.is_gm or unit_id in self._detected_units:
            return f"{self.civ(unit.civ_id)}'s {unit.name}"
        return "a unit"

    def sector(self, sector_id: str) -> str:
        return f"Sector {sector_id}"

    def _knows_poi(self, poi_id: str) -> bool:
        poi = self.world.pois.get(poi_id)
        if poi is None:
            return False
        on_the_map = poi.hidden == 0 and (self.world.options.full_star_map or self.civ_id is None)
        return self.is_gm or on_the_map or poi_id in self._known_pois

    def poi(self, poi_id: str) -> str:
        if not self._knows_poi(poi_id):
            return "an uncharted place"
        poi = self.world.pois[poi_id]
        return poi.name or f"the point of interest in {self.sector(poi.sector_id)}"

    def planet(self, planet_id: str) -> str:
        planet = self.world.planets.get(planet_id)
        if planet is None or not self._knows_poi(planet.poi_id):
            return "a planet"
        return planet.name or f"a planet of {self.poi(planet.poi_id)}"

    def design(self, design_id: str) -> str:
        design = self.world.designs.get(design_id)
        if design is None or not (self.is_gm or design.civ_id in (None, self.civ_id)):
            return "a design"
        return design.name

    def colony(self, colony_id: int) -> str:
        colony = self.world.colonies.get(colony_id)
        if colony is None:
            return "a colony"
        if self.is_gm or colony.civ_id == self.civ_id or colony_id in self._detected_colonies:
            return f"the colony on {self.planet(colony.planet_id)}"
        return "a colony"

    def project(self, project_id: int) -> str:
        construction = self.world.projects.get(project_id)
        terraforming = self.world.terraforming.get(project_id)
        if construction is not None and (self.is_gm or construction.civ_id == self.civ_id):
            if construction.unit_id is None:  # a mine (Expand 6, BuildMine)
                mine = self.world.mines.get(construction.mine_id or 0)
                return f"construction of a mine on {self.planet(mine.planet_id)}" if mine else "construction of a mine"
            return f"construction of {self.unit(construction.unit_id)}"
        if terraforming is not None and (self.is_gm or terraforming.civ_id == self.civ_id):
            return f"terraforming of {self.planet(terraforming.planet_id)}"
        research = self.world.research.get(project_id)
        if research is not None and (self.is_gm or research.civ_id == self.civ_id):
            return f"research on {tech_name(self.world, research.tech)}"
        return "a project"

    def tech(self, key: str) -> str:
        return tech_name(self.world, key)

    def fleet(self, fleet_id: int) -> str:
        """A fleet's name is its owner's secret (its orders are), told to the GM."""
        fleet = self.world.fleets.get(fleet_id)
        if fleet is not None and (self.is_gm or fleet.civ_id == self.civ_id):
            return fleet.name
        return "a fleet"

    def skirmish(self, skirmish_id: str) -> str:
        skirmish = self.world.skirmishes.get(skirmish_id)
        if skirmish is not None:
            return f"the skirmish in {self.sector(skirmish.sector_id)}"
        # A closed skirmish has left the world; its id says where it was (round:sector:attacker:defender).
        parts = skirmish_id.split(":")
        return f"the skirmish in {self.sector(parts[1])}" if len(parts) == 4 else "a skirmish"

    def side(self, side_id: str) -> str:
        return self.sides.get(side_id) or f"the {side_id}"
