"""Choices during a battle (issue 4): the side concerned is asked live, with a deadline; its answer, or "fight on"
once the deadline passed, is given to the battle, which is fought again from its own dice to the same point."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from combat import services as combat_services
from combat.engine.registry import combat_system
from combat.models import Battle, BattleChoice
from combat.services import known_skirmish
from game import services, state_io
from game.engine.combat import BattleChoices, Offer, OfferKind, Skirmish
from game.engine.dice import SeededDice
from game.models import Campaign, Event
from game.visibility import events_visible_to, viewer_for
from tests.combat.conftest import SKIRMISH, load_skirmish
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(db: None) -> Table:
    table = make_table("choice")
    load_skirmish(table)
    return table


def ask_choices(table: Table, system: str = "", minutes: int | None = None) -> None:
    gm = table.client(table.gm)
    if system:
        assert gm.post(table.url(f"skirmishes/{SKIRMISH}/system"), {"system": system}, format="json").status_code == 200
    response = gm.post(table.url(f"skirmishes/{SKIRMISH}/choices"), {"ask": True, "minutes": minutes}, format="json")
    assert response.status_code == 200 and response.json()["ask_choices"] is True


def the_skirmish(table: Table) -> Skirmish:
    world = state_io.load_world(Campaign.objects.get(pk=table.campaign.pk))
    return known_skirmish(world, world.skirmishes[SKIRMISH], None)


def advance(table: Table) -> bool:
    """The GM advances Exterminate 4; True when the battle was fought to its end."""
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step=campaign.step.key)
    return resolve(table)


def resolve(table: Table) -> bool:
    """What the re-enqueued resolution task does once a choice is made."""
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    return services.step_resolve(campaign.pk, campaign.round, campaign.step_index)


def pending(table: Table) -> BattleChoice:
    return BattleChoice.objects.get(campaign_id=table.campaign.pk, answered_at__isnull=True)


def answer(table: Table, user_index: int, choice: BattleChoice, body: dict[str, str]) -> tuple[int, dict[str, str]]:
    response = table.client(table.players[user_index]).post(table.url(f"battle-choices/{choice.pk}/"), body,
                                                             format="json")
    return response.status_code, response.json()


def test_a_battle_with_asking_on_stops_at_the_victors_offer_and_asks_only_that_civilization(table: Table) -> None:
    skirmish = the_skirmish(table)
    ask_choices(table, system="diceless", minutes=30)
    before = timezone.now()
    assert advance(table) is False
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    choice = pending(table)
    sol, vega = table.civs[0], table.civs[1]
    assert (choice.kind, choice.side_id, choice.civ_id) == ("offer", "attacker", sol.pk)
    assert before + timedelta(minutes=30) <= choice.deadline <= timezone.now() + timedelta(minutes=30)
    assert campaign.status == Campaign.Status.FAILED and campaign.step.key == "exterminate.4"
    assert campaign.failure.startswith(f"Waiting for {sol.name}'s choice in skirmish {SKIRMISH} until ")
    assert not Battle.objects.exists()
    asked = Event.objects.get(campaign=campaign, type="BattleChoiceAsked")
    assert asked.payload["allowed"] == ["none", "surrender", "terms"]
    assert events_visible_to(viewer_for(table.players[0], campaign), campaign).filter(pk=asked.pk).exists()
    assert not events_visible_to(viewer_for(table.players[1], campaign), campaign).filter(pk=asked.pk).exists()
    # The GM advancing again while the choice is open asks nothing new and keeps the deadline.
    assert advance(table) is False and pending(table).deadline == choice.deadline
    assert Event.objects.filter(campaign=campaign, type="BattleChoiceAsked").count() == 1
    # A player sees only their own choices.
    assert len(table.client(table.players[0]).get(table.url("battle-choices/")).json()) == 1
    assert table.client(table.players[1]).get(table.url("battle-choices/")).json() == []
    assert skirmish.sides[0].civ_ids == (sol.pk,) and skirmish.sides[1].civ_ids == (vega.pk,)


def test_only_the_civilization_asked_answers_with_an_allowed_choice_before_the_deadline(table: Table) -> None:
    ask_choices(table, system="diceless")
    assert advance(table) is False
    choice = pending(table)
    assert answer(table, 1, choice, {"choice": "none"})[0] == 404  # Vega was not asked
    assert answer(table, 2, choice, {"choice": "none"})[0] == 404  # nor was the third player
    status, body = answer(table, 0, choice, {"choice": "retreat"})
    assert status == 400 and body["field"] == "choice"
    status, body = answer(table, 0, choice, {"choice": "terms", "terms": " "})
    assert status == 400 and body["field"] == "terms"
    BattleChoice.objects.filter(pk=choice.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    status, body = answer(table, 0, choice, {"choice": "surrender"})
    assert status == 409 and "deadline" in body["error"]
    assert pending(table).answer is None


def test_answers_continue_the_battle_as_if_they_had_been_given_up_front(table: Table) -> None:
    skirmish = the_skirmish(table)
    ask_choices(table, system="diceless")
    assert advance(table) is False
    assert answer(table, 0, pending(table), {"choice": "terms", "terms": "Leave Vega"})[0] == 200
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    assert campaign.status == Campaign.Status.RESOLVING and campaign.failure == ""
    assert resolve(table) is False  # the battle goes on to the losing side's answer
    choice = pending(table)
    assert (choice.kind, choice.civ_id, choice.detail["terms"]) == ("answer", table.civs[1].pk, "Leave Vega")
    assert answer(table, 1, choice, {"choice": "accept"})[0] == 200
    assert resolve(table) is True
    battle = Battle.objects.get()
    assert battle.ending == "terms_agreed"
    given = BattleChoices(Offer(OfferKind.TERMS, "Leave Vega"), offer_accepted=True)
    again = combat_system("diceless").fight(skirmish, SeededDice(int(battle.seed)), given)
    assert [{"type": e.type, "payload": e.payload} for e in again.events] == battle.events
    assert Campaign.objects.get(pk=table.campaign.pk).step.key != "exterminate.4"


def test_a_missed_deadline_means_the_fight_goes_on(table: Table) -> None:
    skirmish = the_skirmish(table)
    ask_choices(table)  # the default, Instant Mass Combat: the losing side may flee partway
    assert advance(table) is False
    asked, fought = 0, False
    while not fought:
        choice = pending(table)
        assert choice.kind == "withdrawal" and choice.civ_id == table.civs[1].pk
        assert combat_services.battle_choices_expire(choice.deadline - timedelta(seconds=1)) == []
        assert combat_services.battle_choices_expire(choice.deadline) == [choice.pk]
        asked += 1
        fought = resolve(table)
    decided = BattleChoice.objects.filter(campaign_id=table.campaign.pk)
    assert decided.count() == asked and all(c.by_default and c.answer == {"choice": "fight_on"} for c in decided)
    battle = Battle.objects.get()
    unasked = combat_system(battle.system).fight(skirmish, SeededDice(int(battle.seed)))
    assert [{"type": e.type, "payload": e.payload} for e in unasked.events] == battle.events
    assert battle.ending == "victory"
