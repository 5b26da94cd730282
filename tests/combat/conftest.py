"""A campaign at Exterminate 4 with one skirmish about to be fought: Sol (the first player) attacks Vega (the
second) at Vega with three warships against two; the third player is not in it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.db import transaction

from combat.models import Battle
from game import services
from game.engine.world import Civilization as WorldCiv
from game.engine.world import SkirmishState
from game.models import Campaign
from tests.engine.round_fixtures import unit, with_units, world
from tests.game.conftest import Table
from tests.worlds import put_world

FIGHT = 17  # exterminate.4
SKIRMISH = "1:1,0:sol:vega"


def load_skirmish(table: Table, skirmish_id: str = SKIRMISH, detected: bool = True) -> None:
    sol, vega = (civ.pk for civ in table.civs[:2])
    w = world(civs={sol: WorldCiv(sol, "Sol", mu=1_000, known_pois=frozenset({"vega"}),
                                  detected_units=frozenset({11} if detected else ())),
                    vega: WorldCiv(vega, "Vega", mu=500, known_pois=frozenset({"vega"}))})
    w = with_units(w, *(unit(n, sol, "warship", "1,0", "vega") for n in (1, 2, 3)),
                   unit(11, vega, "warship", "1,0", "vega", hp=4.0), unit(12, vega, "warship", "1,0", "vega"))
    w = replace(w, skirmishes={skirmish_id: SkirmishState(skirmish_id, "1,0", sol, vega, "begun",
                                                          unit_ids=(1, 2, 3, 11, 12))})
    put_world(table.campaign.pk, w, step_index=FIGHT)


def fight(table: Table) -> Battle:
    """Advance and resolve Exterminate 4; the battle it stored."""
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step=campaign.step.key)
    assert services.step_resolve(campaign.pk, campaign.round, campaign.step_index)
    return Battle.objects.filter(campaign_id=campaign.pk).latest("pk")


def move_on(table: Table, steps: int) -> None:
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=table.campaign.pk)
        campaign.step_index += steps
        campaign.save(update_fields=["step_index"])


def payloads(battle: Battle, kind: str) -> list[dict[str, Any]]:
    return [e["payload"] for e in battle.events if e["type"] == kind]
