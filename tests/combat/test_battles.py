"""Battles as records on PostgreSQL: Exterminate 4 stores each battle with its system and dice; the GM picks
another system or entered dice for one skirmish; reports are filtered for each viewer; publishing (with a
delay) opens the public version to spectators."""

from __future__ import annotations

import pytest

from combat import services as combat_services
from combat.engine.registry import combat_system
from combat.models import Battle
from combat.services import known_skirmish
from game import services, state_io
from game.engine.dice import DiceExhausted, SeededDice
from game.models import Campaign, StepResolution
from tests.combat.conftest import SKIRMISH, fight, load_skirmish, move_on, payloads
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_table(db: None) -> Table:
    table = make_table("war", public=True)
    load_skirmish(table)
    return table


def skirmish_url(table: Table, what: str) -> str:
    return table.url(f"skirmishes/{SKIRMISH}/{what}")


def test_exterminate_4_stores_the_battle_with_the_default_system_and_every_seeded_roll(public_table: Table) -> None:
    world = state_io.load_world(Campaign.objects.get(pk=public_table.campaign.pk))
    skirmish = known_skirmish(world, world.skirmishes[SKIRMISH], None)
    battle = fight(public_table)
    assert (battle.skirmish_id, battle.system, battle.dice_mode) == (SKIRMISH, "instant_mass", "seeded")
    assert battle.events[0]["type"] == "BattleStarted" and battle.events[-1]["type"] == "BattleEnded"
    assert battle.rolls and all(r["sides"] == 20 for r in battle.rolls)
    assert battle.victor == "attacker" and battle.ending == "victory"
    assert {s["side_id"]: s["civ_ids"] for s in battle.sides} == {
        "attacker": [public_table.civs[0].pk], "defender": [public_table.civs[1].pk]}
    # A battle is a function of its seed: fought again alone, it gives the same report and rolls.
    dice = SeededDice(int(battle.seed))
    again = combat_system(battle.system).fight(skirmish, dice)
    assert [{"type": e.type, "payload": e.payload} for e in again.events] == battle.events
    assert [r.as_payload() for r in dice.rolls] == battle.rolls


def test_the_gm_picks_another_system_for_one_skirmish(public_table: Table) -> None:
    response = public_table.client(public_table.gm).post(skirmish_url(public_table, "system"),
                                                         {"system": "diceless"}, format="json")
    assert response.status_code == 200 and response.json()["system"] == "diceless"
    assert fight(public_table).system == "diceless"


def test_only_the_gm_sets_up_a_skirmish_and_only_with_a_known_system(public_table: Table) -> None:
    player = public_table.client(public_table.players[0])
    assert player.post(skirmish_url(public_table, "system"), {"system": "diceless"}, format="json").status_code == 403
    gm = public_table.client(public_table.gm)
    assert gm.post(skirmish_url(public_table, "system"), {"system": "chess"}, format="json").status_code == 400
    assert gm.post(public_table.url("skirmishes/nope/system"), {"system": ""}, format="json").status_code == 404


def test_entered_rolls_are_refused_while_the_battle_uses_seeded_dice(public_table: Table) -> None:
    response = public_table.client(public_table.gm).post(skirmish_url(public_table, "rolls"), {"rolls": [3]},
                                                         format="json")
    assert response.status_code == 409 and response.json()["field"] == "dice_mode"


def test_entered_dice_that_run_out_ask_the_gm_for_more_and_then_the_battle_uses_them(public_table: Table) -> None:
    gm = public_table.client(public_table.gm)
    assert gm.post(skirmish_url(public_table, "dice"), {"dice_mode": "entered"}, format="json").status_code == 200
    assert gm.post(skirmish_url(public_table, "rolls"), {"rolls": [20]}, format="json").status_code == 200
    with pytest.raises(DiceExhausted):
        fight(public_table)
    campaign = Campaign.objects.get(pk=public_table.campaign.pk)
    assert campaign.status == Campaign.Status.FAILED
    assert f"skirmish {SKIRMISH}" in campaign.failure and campaign.failure.startswith("Waiting for the GM's rolls: ")
    assert not Battle.objects.exists()
    rolls = [20, 1, 17, 5, 12, 9, 20, 20, 15, 11] * 10
    assert gm.post(skirmish_url(public_table, "rolls"), {"rolls": rolls}, format="json").status_code == 200
    battle = fight(public_table)
    assert battle.dice_mode == "entered" and battle.seed == ""
    assert [r["result"] for r in battle.rolls] == ([20, *rolls])[: len(battle.rolls)]
    assert StepResolution.objects.get(campaign=campaign, step_index=17).status == StepResolution.Status.DONE


def test_a_campaign_in_entered_dice_mode_fights_every_battle_with_entered_rolls(db: None) -> None:
    table = make_table("dice")
    Campaign.objects.filter(pk=table.campaign.pk).update(rule_options={"dice_mode": "entered"})
    load_skirmish(table)
    with pytest.raises(DiceExhausted):
        fight(table)


def test_a_spectator_sees_only_published_reports(public_table: Table) -> None:
    battle = fight(public_table)
    spectator = public_table.client(None)
    assert spectator.get(public_table.url("battles/")).json() == []
    assert spectator.get(public_table.url(f"battles/{battle.pk}/")).status_code == 404
    gm = public_table.client(public_table.gm)
    response = gm.post(public_table.url(f"battles/{battle.pk}/publish"), {"narrative": "Vega fell."}, format="json")
    assert response.status_code == 200
    assert [b["id"] for b in spectator.get(public_table.url("battles/")).json()] == [battle.pk]
    report = spectator.get(public_table.url(f"battles/{battle.pk}/")).json()
    assert report["version"] == "public" and report["narrative"] == "Vega fell."
    assert "rolls" not in report
    # The public version keeps both fleets' strength, for the replay's chart.
    assert {len(f["strength"]) for f in report["replay"]["frames"]} == {2}


def test_a_publication_delayed_by_n_steps_opens_n_steps_later(public_table: Table) -> None:
    battle = fight(public_table)
    combat_services.battle_publish(public_table.gm, public_table.campaign.pk, battle.pk, narrative="Later.",
                                   delay_steps=2)
    spectator = public_table.client(None)
    assert spectator.get(public_table.url(f"battles/{battle.pk}/")).status_code == 404
    move_on(public_table, 1)
    assert spectator.get(public_table.url("battles/")).json() == []
    move_on(public_table, 1)
    assert spectator.get(public_table.url(f"battles/{battle.pk}/")).json()["narrative"] == "Later."


def test_a_player_reads_what_their_side_could_observe_and_not_other_battles(public_table: Table) -> None:
    battle = fight(public_table)
    attacker, defender, bystander = (public_table.client(p) for p in public_table.players)
    report = attacker.get(public_table.url(f"battles/{battle.pk}/")).json()
    assert report["version"] == "attacker" and "rolls" not in report
    started = report["events"][0]["payload"]["sides"]
    assert all("hp" in u for u in started[0]["units"]) and not any("hp" in u for u in started[1]["units"])
    assert all(set(e["payload"]["endurance_left"]) == {"attacker"}
               for e in report["events"] if e["type"] == "ExchangeFought")
    assert {e["payload"]["side_id"] for e in report["events"] if e["type"] == "FleetTotalled"} == {"attacker"}
    assert {len(f["strength"]) for f in report["replay"]["frames"]} == {1}
    assert defender.get(public_table.url(f"battles/{battle.pk}/")).json()["version"] == "defender"
    assert bystander.get(public_table.url(f"battles/{battle.pk}/")).status_code == 404
    assert bystander.get(public_table.url("battles/")).json() == []
    gm_report = public_table.client(public_table.gm).get(public_table.url(f"battles/{battle.pk}/")).json()
    assert gm_report["version"] == "gm" and gm_report["rolls"] == battle.rolls
    assert len(payloads(battle, "FleetTotalled")) == 2


def test_only_the_gm_publishes(public_table: Table) -> None:
    battle = fight(public_table)
    response = public_table.client(public_table.players[0]).post(
        public_table.url(f"battles/{battle.pk}/publish"), {"narrative": "Mine."}, format="json")
    assert response.status_code == 403
    assert not Battle.objects.get(pk=battle.pk).published


def test_wrecks_of_a_battle_are_added_to_its_report_as_space_junk(public_table: Table) -> None:
    battle = fight(public_table)
    campaign = Campaign.objects.get(pk=public_table.campaign.pk)
    services.step_advance(public_table.gm, campaign.pk, expected_round=1, expected_step="exterminate.5")
    assert services.step_resolve(campaign.pk, 1, 18)
    destroyed = {p["unit_id"] for p in payloads(battle, "UnitDestroyed")}
    assert destroyed and {j["unit_id"] for j in Battle.objects.get(pk=battle.pk).junk} == destroyed


def test_a_battle_published_at_once_is_news_in_the_public_log_and_a_delayed_one_is_not(public_table: Table) -> None:
    battle = fight(public_table)
    spectator = public_table.client(None)
    since = spectator.get(public_table.url("events/")).json()["last_seq"]
    combat_services.battle_publish(public_table.gm, public_table.campaign.pk, battle.pk, narrative="Soon.",
                                   delay_steps=1)
    combat_services.battle_publish(public_table.gm, public_table.campaign.pk, battle.pk, narrative="Now.")
    news = [e for e in spectator.get(public_table.url(f"events/?since={since}")).json()["events"]
            if e["type"] == "BattlePublished"]
    assert [(e["payload"]["battle_id"], e["payload"]["delay_steps"]) for e in news] == [(battle.pk, 0)]
