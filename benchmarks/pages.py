"""The size of a player's pages (issue 19): `view/`, `map/` and `legal-orders/` for a civilization of 7 units and
of 5,000 units, on a 30x30 map, in a generated campaign (`big_scenario`), read through the API as the page does:
the JSON, and what is sent to a browser (which accepts gzip).

Run from the project root: `python benchmarks/pages.py`. DATABASE_URL defaults to
postgres://postgres@127.0.0.1:5432/centaurian_bench (created if missing; migrated on every run). The aim: the
5,000-unit view under 250 kB.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a plain script from any directory

SIDE = 30  # Sectors a side: the 30x30 map
AIM_BYTES = 250_000


def big_scenario(units: int, side: int = SIDE) -> str:
    """A scenario: a `side` x `side` map with a star system in every third Sector, the civilization "Big" with
    `units` Light Corvettes spread over its systems and "Small" with 7. Every Sector is charted
    (`full_star_map`)."""
    sectors = [f"{q},{r}" for q in range(side) for r in range(side)]
    systems = [s for index, s in enumerate(sectors) if index % 3 == 0]
    world = {
        "next_id": units + 100,
        "options": {"full_star_map": True},
        "sectors": [{"sector_id": s} for s in sectors],
        "pois": [{"poi_id": f"star-{s}", "sector_id": s, "kind": "star_system", "name": f"Star {s}"}
                 for s in systems],
        "civs": [{"civ_id": 1, "name": "Big", "mu": 100}, {"civ_id": 2, "name": "Small", "mu": 100}],
        "units": [
            *({"unit_id": 10 + n, "civ_id": 1, "design_id": "starter-light-corvette", "name": f"Big {n + 1}",
               "sector_id": systems[n % len(systems)], "poi_id": f"star-{systems[n % len(systems)]}"}
              for n in range(units)),
            *({"unit_id": 10 + units + n, "civ_id": 2, "design_id": "starter-light-corvette",
               "name": f"Small {n + 1}", "sector_id": systems[-1], "poi_id": f"star-{systems[-1]}"}
              for n in range(7)),
        ],
    }
    return yaml.safe_dump({"title": f"{units} units on a {side}x{side} map", "world": world}, sort_keys=False)


def main() -> None:
    from benchmarks.round import setup_django

    setup_django()
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from rest_framework.test import APIClient

    from game import services
    from game.engine.phases import ALL_STEPS, STEPS_BY_KEY
    from game.models import Campaign

    print(f"A player's pages on a {SIDE}x{SIDE} map (bytes of JSON as sent):")
    for units in (7, 5000):
        with transaction.atomic():  # a throwaway campaign, rolled back afterwards
            users = get_user_model().objects
            gm = users.create_user("pages-gm")
            players = [users.create_user(f"pages-p{n}") for n in (1, 2)]
            campaign = services.campaign_create(gm, name="pages", seed="pages")
            civs = [services.campaign_join(p, invite_token=campaign.invite_token, civ_name=f"civ {n}")
                    for n, p in enumerate(players)]
            services.campaign_load_scenario(gm, campaign.pk, text=big_scenario(units))
            # Explore 14, where every unit that may move is offered a course.
            Campaign.objects.filter(pk=campaign.pk).update(step_index=ALL_STEPS.index(STEPS_BY_KEY["explore.14"]))
            client = APIClient(SERVER_NAME="localhost")
            # The 7-unit civilization is the second; the big one the first.
            client.force_authenticate(players[0] if units > 7 else players[1])
            sizes = {path: len(client.get(f"/api/campaigns/{campaign.pk}/{path}").content)
                     for path in ("view/", "map/", "legal-orders/")}
            # What a browser receives: it asks for gzip.
            sent = {path: len(client.get(f"/api/campaigns/{campaign.pk}/{path}", HTTP_ACCEPT_ENCODING="gzip").content)
                    for path in sizes}
            transaction.set_rollback(True)
        del civs
        verdict = "" if units <= 7 else f" (aim: view/ under {AIM_BYTES:,} as sent: " + (
            "met)" if sent["view/"] < AIM_BYTES else "NOT met)")
        print(f"  {units:>5} units: " + ", ".join(f"{p} {n:,} ({sent[p]:,} gzipped)" for p, n in sizes.items())
              + verdict)


if __name__ == "__main__":
    main()
