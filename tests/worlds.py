"""Tests that set a campaign's world by hand, behind the services' back (as a GM's scenario load would, without its
events): the row takes the world, and this process forgets the world it cached for the campaign at the same seq
(publishing a join reads and caches it), so the next load reads the row. Or that log a change of the world as a
GM's tool does (`pois_found`): under a new state_seq, pushed, with no step resolved."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from game import state_io
from game.engine.events import Event, Visibility
from game.engine.world import World, world_to_dict
from game.ledger import locked_campaign, record_world_events
from game.models import Campaign, Membership


def put_world(campaign_id: int, world: World, **fields: Any) -> None:
    Campaign.objects.filter(pk=campaign_id).update(world=world_to_dict(world), **fields)
    state_io.forget(campaign_id)


def pois_found(campaign_id: int, civ_id: int, pois: list[str]) -> None:
    """The civilization finds `pois` (a close scan), logged in the GM's name."""
    payload = {"civ_id": civ_id, "pois": pois, "planets": [], "units": [], "colonies": []}
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        gm = Membership.objects.get(campaign=campaign, role=Membership.Role.GM).user
        record_world_events(campaign, state_io.load_world(campaign),
                            [Event("CloseScanned", payload, Visibility.CIV, civ_id)], gm)
