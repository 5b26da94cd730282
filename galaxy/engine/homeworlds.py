"""Fair home-world placement (Cluster War §19, step 6), reported for the GM's setup view.

"I then look for 'holes' in the map and place the players in them. By starting the players away from NPRs and
each other, it gives them a little time to expand and explore." Here: capitals at least `min_distance` hexes
apart, none in a system with an alien race, each with a viable neighbourhood; among several seeded tries, the
placement whose neighbourhoods differ least in viable output wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from galaxy.engine.generate import GenerationDice
from galaxy.engine.hexes import HexCoord, RegionCoord, hex_distance, hexes_within
from galaxy.engine.model import Body, Galaxy, Planet, PointOfInterest
from galaxy.engine.step import EARTH_LIKE, StepCode, step_distance
from galaxy.engine.tables import Category
from game.engine.dice import Dice, step_seed


class HomeWorldPlacementError(ValueError):
    """The galaxy cannot hold that many fair home worlds; the message says how many fit."""


@dataclass(frozen=True)
class Neighbourhood:
    """What lies within `radius` hexes of a home world, the home planet itself left out."""

    radius: int
    systems: int  # Points of Interest with planets
    viable_planets: int
    viable_output: int  # sum of the viable planets' max CP
    hazards: int  # storms and black holes

    @property
    def score(self) -> int:
        return self.viable_output


@dataclass(frozen=True)
class HomeWorld:
    number: int  # 1..count, in placement order
    coord: HexCoord
    region: RegionCoord
    star: int
    orbit: int
    step: StepCode
    max_output: int
    neighbourhood: Neighbourhood
    nearest_capital: int | None  # hexes to the nearest other home world; None when alone


@dataclass(frozen=True)
class _Candidate:
    poi: PointOfInterest
    planet: Planet
    neighbourhood: Neighbourhood


def home_planet(poi: PointOfInterest) -> Planet | None:
    """The system's best home: a viable terrestrial world nearest 5555, then the richest."""
    worlds = [p for p in poi.viable_planets if p.body is Body.TERRESTRIAL]
    if not worlds:
        return None
    return min(worlds, key=lambda p: (step_distance(EARTH_LIKE, p.step), -p.max_output, p.star, p.orbit))


def neighbourhood(galaxy: Galaxy, poi: PointOfInterest, home: Planet, radius: int) -> Neighbourhood:
    settings = galaxy.settings
    systems = viable = output = hazards = 0
    for coord in hexes_within(poi.coord, radius, settings.width, settings.height):
        other = galaxy.point_of_interest(coord)
        if other is None:
            continue
        if other.category in (Category.STORM, Category.BLACK_HOLE):
            hazards += 1
        if other.planets and other is not poi:
            systems += 1
        for planet in other.viable_planets:
            if planet is not home:
                viable += 1
                output += planet.max_output
    return Neighbourhood(radius, systems, viable, output, hazards)


def _shuffled(dice: Dice, items: list[_Candidate]) -> list[_Candidate]:
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = dice.roll(i + 1, "home world order") - 1
        result[i], result[j] = result[j], result[i]
    return result


def _spread(chosen: list[_Candidate]) -> tuple[int, int]:
    scores = [c.neighbourhood.score for c in chosen]
    return (max(scores) - min(scores), -min(scores))


def place_home_worlds(
    galaxy: Galaxy,
    count: int,
    min_distance: int,
    seed: str,
    *,
    radius: int = 3,
    min_viable_neighbours: int = 3,
    attempts: int = 64,
    dice: Dice | None = None,
) -> tuple[HomeWorld, ...]:
    """`count` home worlds, pairwise at least `min_distance` hexes apart, each with at least
    `min_viable_neighbours` viable planets within `radius` hexes; the fairest of `attempts` seeded tries."""
    if count < 1 or min_distance < 0 or radius < 0 or attempts < 1:
        raise ValueError("Place at least one home world, with non-negative distances and at least one try.")
    dice = dice if dice is not None else GenerationDice(step_seed(seed, "home worlds"))
    candidates: list[_Candidate] = []
    for poi in galaxy.points_of_interest:
        home = home_planet(poi)
        if home is None or poi.has_npc_race:
            continue
        around = neighbourhood(galaxy, poi, home, radius)
        if around.viable_planets >= min_viable_neighbours:
            candidates.append(_Candidate(poi, home, around))
    best: list[_Candidate] | None = None
    most_placed = 0
    for _ in range(attempts):
        chosen: list[_Candidate] = []
        for candidate in _shuffled(dice, candidates):
            if all(hex_distance(candidate.poi.coord, c.poi.coord) >= min_distance for c in chosen):
                chosen.append(candidate)
                if len(chosen) == count:
                    break
        most_placed = max(most_placed, len(chosen))
        if len(chosen) == count and (best is None or _spread(chosen) < _spread(best)):
            best = chosen
    if best is None:
        raise HomeWorldPlacementError(
            f"Only {most_placed} of {count} home worlds fit {min_distance} hexes apart with "
            f"{min_viable_neighbours} viable planets within {radius} hexes ({len(candidates)} candidate "
            f"systems); lower a requirement or re-roll the galaxy."
        )
    return tuple(_report(number, candidate, best) for number, candidate in enumerate(best, start=1))


def _report(number: int, candidate: _Candidate, chosen: list[_Candidate]) -> HomeWorld:
    others = [hex_distance(candidate.poi.coord, c.poi.coord) for c in chosen if c is not candidate]
    return HomeWorld(
        number=number,
        coord=candidate.poi.coord,
        region=candidate.poi.region,
        star=candidate.planet.star,
        orbit=candidate.planet.orbit,
        step=candidate.planet.step,
        max_output=candidate.planet.max_output,
        neighbourhood=candidate.neighbourhood,
        nearest_capital=min(others) if others else None,
    )
