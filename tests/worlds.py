"""Tests that set a campaign's world by hand, behind the services' back (as a GM's scenario load would, without its
events): the row takes the world, and this process forgets the world it cached for the campaign at the same seq
(publishing a join reads and caches it), so the next load reads the row."""

from __future__ import annotations

from typing import Any

from game import state_io
from game.engine.world import World, world_to_dict
from game.models import Campaign


def put_world(campaign_id: int, world: World, **fields: Any) -> None:
    Campaign.objects.filter(pk=campaign_id).update(world=world_to_dict(world), **fields)
    state_io.forget(campaign_id)
