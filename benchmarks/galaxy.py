"""Generation time of a 70x70 galaxy (Cluster War's default cluster) and of its home-world placement.

Run from the project root: `python benchmarks/galaxy.py`. The issue's aim: generation plus storage in
PostgreSQL under 2 seconds. Storage belongs to the Django side: `time_storage` is where it plugs in.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a plain script from any directory

from galaxy.engine import Galaxy, GalaxySettings, generate_galaxy, place_home_worlds

RUNS = 5
AIM_SECONDS = 2.0


def time_generation(settings: GalaxySettings, seed: str) -> tuple[Galaxy, float]:
    start = time.perf_counter()
    galaxy = generate_galaxy(settings, seed)
    return galaxy, time.perf_counter() - start


def time_home_worlds(galaxy: Galaxy, seed: str) -> float:
    start = time.perf_counter()
    place_home_worlds(galaxy, 6, 15, seed)
    return time.perf_counter() - start


def time_storage(galaxy: Galaxy) -> float | None:
    """Seconds to store `galaxy` in PostgreSQL; None until the Django side's storage is called from here."""
    return None


def main() -> None:
    settings = GalaxySettings()
    print(f"{settings.width}x{settings.height} hexes, {RUNS} seeds")
    generation: list[float] = []
    placement: list[float] = []
    storage: list[float] = []
    for run in range(RUNS):
        galaxy, seconds = time_generation(settings, f"bench-{run}")
        generation.append(seconds)
        placement.append(time_home_worlds(galaxy, f"bench-{run}"))
        stored = time_storage(galaxy)
        if stored is not None:
            storage.append(stored)
    pois = galaxy.points_of_interest
    planets = sum(len(poi.planets) for poi in pois)
    print(f"last galaxy: {len(pois)} points of interest, {planets} planets")
    print(f"generation: median {statistics.median(generation):.3f} s, worst {max(generation):.3f} s")
    print(f"home worlds (6, 15 hexes apart): median {statistics.median(placement):.3f} s")
    if storage:
        total = max(g + s for g, s in zip(generation, storage, strict=True))
        print(f"storage: median {statistics.median(storage):.3f} s; worst generation + storage {total:.3f} s "
              f"(aim {AIM_SECONDS} s)")
    else:
        share = max(generation) / AIM_SECONDS
        print(f"storage: not measured (time_storage); generation: {share:.0%} of the {AIM_SECONDS} s aim")


if __name__ == "__main__":
    main()
