"""Run in a campaign's own processes' database (`manage.py shell -c "from tests.bots.replay import check; ..."`):
the world rebuilt from round 1's snapshot and every event since equals the world the campaign holds now (rebuilt
by a process that never saw the game: its latest snapshot and the log), both with the settings in force laid over
them as every load does. Prints JSON."""

from __future__ import annotations

import json

from game import state_io
from game.engine import settings_catalogue
from game.engine.apply import all_handlers, apply_events
from game.engine.events import Event as EngineEvent
from game.engine.world import world_from_dict
from game.models import Campaign, Event


def check(start_path: str) -> None:
    (campaign,) = Campaign.objects.all()
    with open(start_path) as source:
        start = json.load(source)
    events = Event.objects.filter(campaign=campaign, seq__gt=start["seq"], undone=False,
                                  type__in=list(all_handlers())).order_by("seq").values_list("type", "payload")
    replayed = settings_catalogue.in_world(
        apply_events(world_from_dict(start["world"]), (EngineEvent(kind, payload) for kind, payload in events)),
        campaign.rule_options)
    held = state_io.load_world(campaign)
    print(json.dumps({"same": replayed == held, "events": len(events), "snapshot_seq": campaign.world_seq,
                      "units": len(held.units)}))
