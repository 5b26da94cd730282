"""Centurion played live (issue 17): Exterminate 4 waits while the two sides play the battle from their own
browsers (over the API), each seeing what its units can; the clock runs per phase and a side out of time is played by
the bot or passes; the GM and, once published, spectators watch; the outcome comes back to the campaign."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from combat import selectors as combat_selectors
from combat import services as combat_services
from combat.engine.centurion.bot import bot_action
from combat.models import Battle, LiveBattle
from game import services, state_io
from game.models import Campaign, Event
from game.selectors.flow import step_waiting_for
from tests.combat.conftest import SKIRMISH, load_skirmish
from tests.combat.test_pages import browser_for
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(db: None) -> Table:
    table = make_table("centurion", public=True)
    load_skirmish(table)
    gm = table.client(table.gm)
    assert gm.post(table.url(f"skirmishes/{SKIRMISH}/system"), {"system": "centurion"},
                   format="json").status_code == 200
    return table


def advance(table: Table) -> bool:
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step=campaign.step.key)
    return resolve(table)


def resolve(table: Table) -> bool:
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    return services.step_resolve(campaign.pk, campaign.round, campaign.step_index)


def live_battle(table: Table) -> LiveBattle:
    return LiveBattle.objects.get(campaign_id=table.campaign.pk)


def battle_url(table: Table, live: LiveBattle, suffix: str = "") -> str:
    return table.url(f"live-battles/{live.pk}/{suffix}")


def act(table: Table, player: int, live: LiveBattle, action: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    response = table.client(table.players[player]).post(battle_url(table, live, "act"), {"action": action},
                                                        format="json")
    return response.status_code, response.json()


def play_to_the_end(table: Table, live: LiveBattle) -> int:
    """Each side's player sends what the bot would, from their own client, until the battle is over."""
    actions = 0
    while True:
        live.refresh_from_db()
        if live.status == LiveBattle.Status.OVER:
            return actions
        battle, _, _ = combat_selectors.live_state(live)
        player = 0 if battle.active == "attacker" else 1
        status, body = act(table, player, live, bot_action(battle))
        assert status == 200, body
        actions += 1


def test_a_centurion_skirmish_waits_at_exterminate_4_and_tells_only_its_two_sides(table: Table) -> None:
    assert advance(table) is False
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    live = live_battle(table)
    assert campaign.status == Campaign.Status.FAILED and campaign.step.key == "exterminate.4"
    assert campaign.failure == "Waiting for the Centurion battle in Sector 1,0 to be played"
    opened = Event.objects.filter(campaign=campaign, type="CenturionBattleOpened")
    assert {e.civilization_id for e in opened} == {table.civs[0].pk, table.civs[1].pk} and opened.count() == 2
    assert {c["id"] for c in live.setup["counters"]} == {"cmd-attacker", "cmd-defender", "u1", "u2", "u3", "u11",
                                                         "u12"}
    waiting = step_waiting_for(campaign)  # the GM's dashboard says whom the step waits for
    assert waiting["gm"] == [] and waiting["needs_someone"]
    assert f"the Centurion battle in Sector 1,0, played by {table.civs[0].name} and {table.civs[1].name}" \
        in waiting["summary"]
    assert resolve(table) is False and LiveBattle.objects.count() == 1  # resolving again waits for the same battle


def set_up(table: Table, live: LiveBattle) -> None:
    """Both sides keep the counters as they were set up."""
    assert act(table, 0, live, {"kind": "end_phase"})[0] == 200
    assert act(table, 1, live, {"kind": "end_phase"})[0] == 200


def test_each_side_sets_up_on_its_own_edge_first(table: Table) -> None:
    advance(table)
    live = live_battle(table)
    attacker = table.client(table.players[0]).get(battle_url(table, live)).json()
    assert (attacker["phase"], attacker["active"]) == ("setup", "attacker")
    assert {h[0] for h in attacker["legal"]["u1"]} == {1, 2}
    status, body = act(table, 0, live, {"kind": "move", "counter": "u1", "to": [2, 12]})
    assert status == 200 and next(c for c in body["counters"] if c["id"] == "u1")["at"] == [2, 12]
    assert act(table, 0, live, {"kind": "move", "counter": "u1", "to": [5, 5]})[1]["field"] == "action.to"
    set_up(table, live)
    assert table.client(table.players[0]).get(battle_url(table, live)).json()["phase"] == "movement"


def test_each_side_sees_its_own_moves_and_only_the_enemy_stacks_its_units_can_see(table: Table) -> None:
    advance(table)
    live = live_battle(table)
    set_up(table, live)
    attacker = table.client(table.players[0]).get(battle_url(table, live)).json()
    assert attacker["viewer_side"] == "attacker" and attacker["active"] == "attacker"
    assert attacker["legal"]["u1"] and not attacker["targets"]
    assert all(c["hidden"] for c in attacker["counters"] if c["side"] == "defender")  # 16 columns away
    assert not any("name" in c for c in attacker["counters"] if c["side"] == "defender")
    defender = table.client(table.players[1]).get(battle_url(table, live)).json()
    assert defender["legal"] == {}  # not its turn
    status, body = act(table, 1, live, {"kind": "end_phase"})
    assert status == 400 and body["field"] == "side"
    target = attacker["legal"]["u1"][-1]
    status, body = act(table, 0, live, {"kind": "move", "counter": "u1", "to": [16, 1]})
    assert status == 400 and body["field"] == "action.to"
    status, body = act(table, 0, live, {"kind": "move", "counter": "u1", "to": target[:2]})
    assert status == 200 and next(c for c in body["counters"] if c["id"] == "u1")["at"] == target[:2]
    assert "u1" not in body["legal"]


def test_the_third_player_and_spectators_watch_only_once_the_gm_publishes(table: Table) -> None:
    advance(table)
    live = live_battle(table)
    assert table.client(table.players[2]).get(battle_url(table, live)).status_code == 404
    assert table.client(None).get(battle_url(table, live)).status_code == 404
    gm = table.client(table.gm)
    assert gm.get(battle_url(table, live)).json()["watching"] == "gm"
    assert gm.post(battle_url(table, live, "publish"), {"delay_steps": 0}, format="json").status_code == 200
    watched = table.client(None).get(battle_url(table, live)).json()
    assert watched["watching"] == "public" and watched["legal"] == {}
    # a spectator sees a stack only as its enemy does: at the start, neither side sees the other's
    assert all(c["hidden"] for c in watched["counters"])
    assert Event.objects.filter(campaign=table.campaign, type="CenturionBattlePublished").exists()


def test_odds_are_shown_before_an_attack_as_the_attack_will_be_fought(table: Table) -> None:
    advance(table)
    live = live_battle(table)
    for counter in live.setup["counters"]:  # u1 faces u11 across the middle of the map
        counter["at"] = {"u1": [8, 6], "u11": [9, 6]}.get(counter["id"], counter["at"])
    live.save(update_fields=["setup"])
    set_up(table, live)
    assert act(table, 0, live, {"kind": "end_phase"})[0] == 200
    shown = table.client(table.players[0]).get(battle_url(table, live)).json()
    assert shown["phase"] == "combat" and shown["targets"] == {"9,6": ["u1"]}
    odds = table.client(table.players[0]).get(battle_url(table, live, "odds") + "?target=9,6&attackers=u1").json()
    u1, u11 = (next(c for c in shown["counters"] if c["id"] == i) for i in ("u1", "u11"))
    assert (odds["attack"], odds["defense"]) == (u1["attack"], u11["defense"])
    status, body = act(table, 0, live, {"kind": "attack", "attackers": ["u1"], "target": [9, 6]})
    attacked = next(line for line in body["log"] if line["type"] == "CenturionAttacked")
    assert status == 200 and attacked["odds"] == odds["odds"]
    assert table.client(table.players[1]).get(battle_url(table, live, "odds") + "?target=9,6&attackers=u1"
                                              ).status_code == 404  # not the defender's units


def test_two_players_play_the_battle_to_its_end_and_the_outcome_returns_to_the_campaign(table: Table) -> None:
    advance(table)
    live = live_battle(table)
    assert play_to_the_end(table, live) > 4
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    assert campaign.status == Campaign.Status.RESOLVING  # the fight is resolved again
    assert resolve(table) is True
    battle = Battle.objects.get(campaign_id=table.campaign.pk)
    assert battle.system == "centurion" and [e["type"] for e in battle.events][:2] == ["BattleStarted",
                                                                                      "CenturionSetUp"]
    ended = next(e["payload"] for e in battle.events if e["type"] == "CenturionEnded")
    assert battle.victor == (ended["victor"] or "")
    fought = Event.objects.get(campaign=table.campaign, type="SkirmishFought").payload
    world = state_io.load_world(Campaign.objects.get(pk=table.campaign.pk))
    for fate in fought["outcomes"]:
        if fate["destroyed"]:
            assert fate["unit_id"] not in world.units or world.units[fate["unit_id"]].hp == 0
    assert len(battle.rolls) == sum(1 for e in battle.events if e["type"] == "CenturionAttacked")


def test_a_side_out_of_time_is_played_by_the_bot_or_passes_as_the_gm_chose(table: Table) -> None:
    advance(table)
    live = live_battle(table)
    gm = table.client(table.gm)
    response = gm.post(battle_url(table, live, "clock"), {"minutes": 5, "out_of_time": "pass", "reason": ""},
                       format="json")
    assert response.status_code == 400 and response.json()["field"] == "reason"
    response = gm.post(battle_url(table, live, "clock"),
                       {"minutes": 5, "out_of_time": "pass", "reason": "a quick skirmish"}, format="json")
    assert response.status_code == 200 and response.json()["turn_minutes"] == 5
    assert combat_services.live_battles_expire(timezone.now() + timedelta(minutes=6)) == [live.pk]
    live.refresh_from_db()
    assert live.steps == [{"side": "attacker", "action": {"kind": "end_phase"}, "by": "pass"}]  # its setup
    told = Event.objects.get(campaign=table.campaign, type="CenturionOutOfTime")
    assert told.civilization_id == table.civs[0].pk and told.payload["by"] == "pass"
    gm.post(battle_url(table, live, "clock"), {"minutes": 5, "out_of_time": "bot", "reason": "keep it moving"},
            format="json")

    def expire() -> list[dict[str, Any]]:
        before = len(live.steps)
        assert combat_services.live_battles_expire(timezone.now() + timedelta(minutes=6)) == [live.pk]
        live.refresh_from_db()
        return list(live.steps[before:])

    assert expire() == [{"side": "defender", "action": {"kind": "end_phase"}, "by": "bot"}]  # its setup as it is
    movement = expire()  # the attacker's movement, played by the bot: it closes with the enemy
    assert {s["side"] for s in movement} == {"attacker"} and {s["by"] for s in movement} == {"bot"}
    assert movement[0]["action"]["kind"] == "move" and movement[-1]["action"] == {"kind": "end_phase"}
    assert expire() == [{"side": "attacker", "action": {"kind": "end_phase"}, "by": "bot"}]  # nobody to attack
    assert combat_services.live_battles_expire(timezone.now()) == []  # the new phase has its own clock


def test_the_gm_may_fight_the_battle_on_centurions_own_map_before_anyone_acts(table: Table) -> None:
    advance(table)
    live = live_battle(table)
    gm = table.client(table.gm)
    url = battle_url(table, live, "map")
    response = gm.post(url, {"map_kind": "centurion", "reason": ""}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "reason"
    assert gm.post(url, {"map_kind": "moon", "reason": "x"}, format="json").json()["field"] == "map_kind"
    assert table.client(table.players[0]).post(url, {"map_kind": "centurion", "reason": "mine"},
                                               format="json").status_code == 403
    body = gm.post(url, {"map_kind": "centurion", "reason": "an ancient field"}, format="json").json()
    assert body["map"]["kind"] == "centurion" and body["map"]["names"]["rough"] == "hills"
    assert Event.objects.get(campaign=table.campaign, type="CenturionMapChosen").payload["reason"] == "an ancient field"
    set_up(table, live)
    response = gm.post(url, {"map_kind": "nebula", "reason": "too late"}, format="json")
    assert response.status_code == 409 and response.json()["field"] == "map_kind"


def test_the_battle_page_shows_the_gm_the_clock_map_and_publish_forms_and_a_player_only_the_board(
        table: Table) -> None:
    advance(table)
    live = live_battle(table)
    page = f"/campaigns/{table.campaign.pk}/live-battles/{live.pk}/"
    gm, player, stranger = browser_for(table.gm), browser_for(table.players[0]), browser_for(table.players[2])
    shown = gm.get(page).content.decode()
    assert all(form in shown for form in ("c-clock-form", "c-map-form", "c-publish-form", 'id="c-map"'))
    mine = player.get(page).content.decode()
    assert 'id="c-map"' in mine and "c-clock-form" not in mine and "u11" not in mine.split("live-battle")[-1]
    assert stranger.get(page).status_code == 404
    assert "Play the battle at" in player.get(f"/campaigns/{table.campaign.pk}/battles/").content.decode()


@pytest.mark.parametrize(("action", "field"), [
    ({"kind": "move", "counter": "u1", "to": [1.5, 12]}, "action.to"),
    ({"kind": "move", "counter": "u1", "to": [True, 12]}, "action.to"),
    ({"kind": "move", "counter": "u1", "to": [2, 12, 0, 9]}, "action.to"),
    ({"kind": "move", "counter": "u1", "to": [2, 12], "junk": "x" * 2_000_000}, "action.junk"),
    ({"kind": "end_phase", "counter": "u1"}, "action.counter"),
    ({"kind": "attack", "attackers": ["u1"] * 100, "target": [3, 3]}, "action.attackers"),
])
def test_a_centurion_action_with_anything_but_its_declared_fields_is_refused_and_not_stored(
    table: Table, action: dict[str, Any], field: str,
) -> None:
    advance(table)
    live = live_battle(table)
    before = live_battle(table).steps
    status, body = act(table, 0, live, action)
    assert status == 400 and body["field"] == field and body["error"].startswith(f"{field}: "), body
    assert len(body["error"]) < 200
    assert live_battle(table).steps == before
    status, body = act(table, 0, live, {"kind": "move", "counter": "u1", "to": [2, 12]})  # as declared: played
    assert status == 200 and live_battle(table).steps[-1]["action"] == {"kind": "move", "counter": "u1",
                                                                         "to": [2, 12]}


def test_the_board_its_log_and_the_battle_report_name_counters_without_markdown(table: Table) -> None:
    advance(table)
    live = live_battle(table)
    play_to_the_end(table, live)
    assert resolve(table) is True
    battle = Battle.objects.get(campaign_id=table.campaign.pk)
    assert any("*" in u["name"] for e in battle.events if e["type"] == "BattleStarted"
               for side in e["payload"]["sides"] for u in side["units"])  # the record keeps the engine's names
    gm = table.client(table.gm)
    board = gm.get(battle_url(table, live)).json()
    report = gm.get(table.url(f"battles/{battle.pk}/")).json()
    shown = json.dumps([[c["name"] for c in board["counters"]], [line["text"] for line in board["log"]], report])
    assert board["counters"] and not re.search(r"\*\w[^*]*\*", shown)
