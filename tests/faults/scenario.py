"""A demo campaign whose World is large enough that resolving a step takes seconds: a window in which to kill
the worker "in the middle". Run in the live processes' database with
`manage.py shell -c "from tests.faults.scenario import enlarge; enlarge(120_000)"`."""

from __future__ import annotations

from dataclasses import replace

from game.engine.world import Unit, world_from_dict
from game.models import Campaign, Civilization
from tests.worlds import put_world


def enlarge(units: int) -> None:
    campaign = Campaign.objects.order_by("pk").first()
    assert campaign is not None, "run cv_demo first"
    world = world_from_dict(campaign.world)
    civ_ids = list(Civilization.objects.filter(campaign=campaign).values_list("pk", flat=True))
    home = next(iter(world.sectors))
    fleet = {world.next_id + i: Unit(world.next_id + i, civ_ids[i % len(civ_ids)], "starter-light-corvette",
                                     f"Picket {i}", home, hp=10.0) for i in range(units)}
    world = replace(world, units={**world.units, **fleet}, next_id=world.next_id + units)
    put_world(campaign.pk, world)
