"""Generation time of a 70x70 galaxy (Cluster War's default cluster) and of its home-world placement.

Run from the project root: `python benchmarks/galaxy.py`. The issue's aim: generation plus storage in
PostgreSQL under 2 seconds. With DATABASE_URL set (a migrated database) storage in PostgreSQL is timed too.
"""

from __future__ import annotations

import os
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
    """Seconds to store `galaxy` in PostgreSQL (`galaxy.services.points_store`, one row per Point of Interest,
    in bulk), in a throwaway campaign rolled back afterwards; None without DATABASE_URL."""
    if not os.environ.get("DATABASE_URL"):
        return None
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cvsite.settings")
    import django

    django.setup()
    from django.db import transaction

    from galaxy.models import GalaxyMap
    from galaxy.services import points_store
    from galaxy.state_io import settings_to_dict
    from game.models import Campaign

    with transaction.atomic():
        campaign = Campaign.objects.create(name="benchmark", seed=galaxy.seed)
        galaxy_map = GalaxyMap.objects.create(
            campaign=campaign, seed=galaxy.seed, settings=settings_to_dict(galaxy.settings),
            width=galaxy.settings.width, height=galaxy.settings.height, home_world_count=6, home_world_distance=15)
        start = time.perf_counter()
        points_store(galaxy_map, galaxy)
        seconds = time.perf_counter() - start
        transaction.set_rollback(True)
    return seconds


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
        print(f"storage: not measured (set DATABASE_URL); generation: {share:.0%} of the {AIM_SECONDS} s aim")


if __name__ == "__main__":
    main()
