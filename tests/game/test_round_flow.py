"""The flow of a round (issue 13): the GM's run to the next step that needs someone, the automatic run, and a
player's "ready for the rest of the phase". Tasks run in this process as on the embedded default (Celery eager,
each on commit), so a run goes through real step resolutions one after another."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from celery import current_app

from game import services
from game.engine.phases import ALL_STEPS, STEPS_BY_KEY, StepKind
from game.models import Campaign, Event, PhaseReadiness, StepClock, StepResolution
from game.selectors.flow import step_waiting_for
from game.services import flow
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db(transaction=True)
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"


@pytest.fixture(autouse=True)
def eager_tasks() -> Iterator[None]:
    """Tasks run at once in this process when a transaction commits, as `./run` does (no broker)."""
    before = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = True
    yield
    current_app.conf.task_always_eager = before


@pytest.fixture
def demo() -> Table:
    table = make_table("flow")
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    # Cluster War trade switched on: Exploit 2 takes its trade route orders (none here: nobody has a freighter), as
    # Exploit 1 takes the social factors module's (none here either).
    options(table, module_cw_trade=True)
    return table


def options(table: Table, **values: object) -> None:
    now = campaign(table)
    Campaign.objects.filter(pk=now.pk).update(rule_options={**now.rule_options, **values})


def campaign(table: Table) -> Campaign:
    return Campaign.objects.get(pk=table.campaign.pk)


def at(table: Table, key: str) -> None:
    Campaign.objects.filter(pk=table.campaign.pk).update(step_index=ALL_STEPS.index(STEPS_BY_KEY[key]))


def run_on(table: Table) -> None:
    now = campaign(table)
    flow.round_run_on(table.gm, now.pk, expected_round=now.round, expected_step=now.step.key)


def stops(table: Table) -> list[dict[str, object]]:
    return list(Event.objects.filter(campaign=table.campaign, type="RunOnStopped").values_list("payload", flat=True))


def test_steps_that_need_nobody_say_so_even_where_their_module_takes_orders(demo: Table) -> None:
    waiting = step_waiting_for(campaign(demo))
    assert (waiting["needs_someone"], waiting["players"], waiting["gm"]) == (False, [], [])
    assert "waits for nobody" in waiting["summary"]
    at(demo, "exploit.2")  # trade routes: nobody has a freighter to put on one
    waiting = step_waiting_for(campaign(demo))
    assert (waiting["needs_someone"], waiting["players"], waiting["gm"]) == (False, [], [])


def test_a_step_that_offers_only_the_free_text_declaration_waits_for_nobody(demo: Table) -> None:
    at(demo, "exterminate.3")  # join the fight or evade: no skirmish in the demo
    waiting = step_waiting_for(campaign(demo))
    assert waiting["players"] == [] and not waiting["needs_someone"]


def test_an_order_step_waits_for_each_player_with_orders_to_give_until_they_are_ready(demo: Table) -> None:
    at(demo, "explore.14")  # every demo civilization has units that can plot a course
    waiting = step_waiting_for(campaign(demo))
    assert sorted(waiting["players"]) == sorted(c.pk for c in demo.civs)
    assert demo.civs[0].name in waiting["summary"] and demo.players[0].get_username() in waiting["summary"]
    services.ready_mark(demo.players[0], demo.campaign.pk, round=1, step="explore.14")
    flow.phase_ready_mark(demo.players[1], demo.campaign.pk, round=1, step="explore.14")
    assert step_waiting_for(campaign(demo))["players"] == [demo.civs[2].pk]


def test_run_on_resolves_each_step_and_stops_at_the_first_that_needs_someone_saying_why(demo: Table) -> None:
    at(demo, "expand.8")
    run_on(demo)
    now = campaign(demo)
    # Expand 8 and 9, all of Exploit and the next round's Explore 1 to 6 need nobody; Explore 7 takes orders.
    assert (now.round, now.step.key, now.status) == (2, "explore.7", "open")
    assert not StepClock.objects.get(campaign=now).run_on
    resolved = list(Event.objects.filter(campaign=now, type="StepResolved").values_list("payload__step", flat=True))
    assert resolved == ["expand.8", "expand.9", *(f"exploit.{n}" for n in range(1, 10)),
                        *(f"explore.{n}" for n in range(1, 7))]
    assert StepResolution.objects.filter(campaign=now, status="done").count() == len(resolved)
    (stop,) = stops(demo)
    waiting = step_waiting_for(now)
    assert stop["step"] == "explore.7" and all(waiting["names"][str(c)] in str(stop["reason"])
                                               for c in waiting["players"])
    assert Event.objects.filter(campaign=now, type="RunOnStarted", visibility="public").count() == 1


def test_run_on_stops_at_an_order_step_naming_the_players_it_waits_for(demo: Table) -> None:
    at(demo, "explore.4")
    run_on(demo)  # Explore 5 and 6 need nobody; Explore 7 takes orders
    now = campaign(demo)
    stop = stops(demo)[-1]
    assert stop["step"] == now.step.key
    assert STEPS_BY_KEY[str(stop["step"])].kind is StepKind.ORDERS
    waiting = step_waiting_for(now)
    assert waiting["players"] and all(waiting["names"][str(c)] in str(stop["reason"]) for c in waiting["players"])


def test_players_ready_for_the_rest_of_the_phase_let_the_run_go_through_their_steps(demo: Table) -> None:
    at(demo, "expand.1")
    for player in demo.players:
        flow.phase_ready_mark(player, demo.campaign.pk, round=1, step="expand.1")
    run_on(demo)
    # Every Expand step after the first counts them ready: the run goes on to the next round's first orders given.
    assert campaign(demo).step.key == "explore.7"
    resolved = set(Event.objects.filter(campaign=demo.campaign, type="StepResolved").values_list(
        "payload__step", flat=True))
    assert {f"expand.{n}" for n in range(1, 10)} <= resolved


def test_undo_after_a_run_on_takes_back_the_last_step_and_the_run_stays_stopped(demo: Table) -> None:
    at(demo, "expand.8")
    run_on(demo)
    services.step_undo(demo.gm, demo.campaign.pk, expected_round=2, expected_step="explore.7",
                       reason="the second step again")
    now = campaign(demo)
    assert now.step.key == "explore.6" and now.status == "open"
    assert not StepClock.objects.get(campaign=now).run_on
    assert Event.objects.filter(campaign=now, type="StepResolved", payload__step="explore.6", undone=True).exists()
    # The next Advance resolves only that step: the run that was undone does not go on by itself.
    services.step_advance(demo.gm, now.pk, expected_round=2, expected_step="explore.6")
    assert campaign(demo).step.key == "explore.7"


def test_an_undo_during_a_run_stops_it_and_says_why(demo: Table) -> None:
    services.step_advance(demo.gm, demo.campaign.pk, expected_round=1, expected_step="explore.1")
    # On workers a run is between two steps here (here tasks run at once, so the run is set by hand).
    StepClock.objects.update_or_create(campaign=demo.campaign, defaults={"run_on": True})
    services.step_undo(demo.gm, demo.campaign.pk, expected_round=1, expected_step="explore.2", reason="wrong")
    assert not StepClock.objects.get(campaign=demo.campaign).run_on
    assert "undid" in str(stops(demo)[-1]["reason"])


def test_only_the_gm_runs_on_and_a_stale_pointer_changes_nothing(demo: Table) -> None:
    events = Event.objects.count()
    response = demo.client(demo.players[0]).post(demo.url("run-on/"), {"round": 1, "step": "explore.1"},
                                                 format="json")
    assert response.status_code == 403
    response = demo.client(demo.gm).post(demo.url("run-on/"), {"round": 1, "step": "explore.5"}, format="json")
    assert response.status_code == 409 and "explore" in str(response.json()).lower()
    assert Event.objects.count() == events and campaign(demo).step.key == "explore.1"
    assert not StepClock.objects.filter(campaign=demo.campaign, run_on=True).exists()
    at(demo, "expand.8")
    response = demo.client(demo.gm).post(demo.url("run-on/"), {"round": 1, "step": "expand.8"}, format="json")
    assert response.status_code == 202 and response.json()["step"] == "explore.7"


def test_auto_run_goes_on_after_every_step_and_once_all_players_are_ready(demo: Table) -> None:
    options(demo, auto_run=True)
    at(demo, "exterminate.9")
    services.step_advance(demo.gm, demo.campaign.pk, expected_round=1, expected_step="exterminate.9")
    assert campaign(demo).step.key == "exterminate.10"  # Plot a Course: it waits for the players
    assert "orders or ready" in str(stops(demo)[-1]["reason"])
    for player in demo.players:
        services.ready_mark(player, demo.campaign.pk, round=1, step="exterminate.10")
    # The last ready lets it go on, through the steps after it that need nobody.
    now = campaign(demo)
    assert now.step_index > ALL_STEPS.index(STEPS_BY_KEY["exterminate.10"]) or now.round > 1
    assert Event.objects.filter(campaign=now, type="StepResolved", payload__step="exterminate.10").exists()
    assert step_waiting_for(now)["needs_someone"]


def test_a_failed_resolution_stops_the_run(demo: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import steps as engine_steps

    def broken(step_input: object, dice: object) -> list[object]:
        raise RuntimeError("the ansible is down")

    monkeypatch.setitem(engine_steps.STEP_FUNCTIONS, "expand.9", broken)
    at(demo, "expand.8")
    run_on(demo)
    now = campaign(demo)
    assert (now.step.key, now.status) == ("expand.9", "failed")
    assert not StepClock.objects.get(campaign=now).run_on and "failed" in str(stops(demo)[-1]["reason"])
    assert "failed" in step_waiting_for(now)["summary"]


def test_a_message_clears_readiness_for_the_rest_of_the_phase_and_tells_the_player(demo: Table) -> None:
    flow.phase_ready_mark(demo.players[0], demo.campaign.pk, round=1, step="explore.1")
    services.note_send(demo.gm, demo.campaign.pk, text="A word about your scouts.", civ_id=demo.civs[0].pk)
    services.step_advance(demo.gm, demo.campaign.pk, expected_round=1, expected_step="explore.1")
    assert not PhaseReadiness.objects.filter(civilization=demo.civs[0]).exists()
    cleared = Event.objects.get(campaign=demo.campaign, type="PhaseReadinessCleared")
    assert cleared.civilization_id == demo.civs[0].pk and cleared.visibility == "civ"
    assert "note" in cleared.payload["reason"]
    answer = demo.client(demo.players[0]).get(demo.url("waiting/")).json()
    assert answer["phase_readiness"]["ready"] is False
    assert "note" in answer["phase_readiness"]["cleared"]["payload"]["reason"]


def test_a_new_contact_a_skirmish_or_a_message_clears_readiness_but_an_old_sight_does_not(demo: Table) -> None:
    from game.engine import events as engine_events
    from game.ledger import append_events

    civ = demo.civs[0].pk
    CIV = engine_events.Visibility.CIV
    detection = {"civ_id": civ, "units": [901], "colonies": [], "pois": [], "sectors": []}
    append_events(campaign(demo), [engine_events.Event("DetectionUpdated", detection, CIV, civ)])
    flow.phase_ready_mark(demo.players[0], demo.campaign.pk, round=1, step="explore.1")
    append_events(campaign(demo), [engine_events.Event("DetectionUpdated", detection, CIV, civ)])
    flow.phase_readiness_review(campaign(demo))
    assert PhaseReadiness.objects.filter(civilization_id=civ).exists()  # the same unit as before: nothing new
    append_events(campaign(demo), [engine_events.Event("DetectionUpdated", {**detection, "units": [901, 902]},
                                                       CIV, civ)])
    flow.phase_readiness_review(campaign(demo))
    assert not PhaseReadiness.objects.filter(civilization_id=civ).exists()
    assert "contact" in Event.objects.filter(type="PhaseReadinessCleared").last().payload["reason"]  # type: ignore

    flow.phase_ready_mark(demo.players[1], demo.campaign.pk, round=1, step="explore.1")
    other = demo.civs[1].pk
    skirmish = {"skirmish_id": "s1", "sector_id": "0101", "attacker_civ": civ, "defender_civ": other,
                "seen_by": [civ, other]}
    append_events(campaign(demo), [engine_events.Event("SkirmishDeclared", skirmish,
                                                       engine_events.Visibility.GM)])
    flow.phase_readiness_review(campaign(demo))
    assert not PhaseReadiness.objects.filter(civilization_id=other).exists()

    flow.phase_ready_mark(demo.players[2], demo.campaign.pk, round=1, step="explore.1")
    third = demo.civs[2].pk
    message = {"from_civ": civ, "to_civ": third, "text": "Greetings.", "seen_by": [civ, third]}
    append_events(campaign(demo), [engine_events.Event("MessageDelivered", message, engine_events.Visibility.GM)])
    flow.phase_readiness_review(campaign(demo))
    assert not PhaseReadiness.objects.filter(civilization_id=third).exists()
    reasons = [e.payload["reason"] for e in Event.objects.filter(type="PhaseReadinessCleared").order_by("seq")]
    assert reasons[-2:] == ["a skirmish you are in was declared.", "a message came for you."]


def test_a_player_takes_back_readiness_for_the_rest_of_the_phase(demo: Table) -> None:
    client = demo.client(demo.players[2])
    response = client.post(demo.url("ready-phase/"), {"round": 1, "step": "explore.1"}, format="json")
    assert response.status_code == 200 and response.json()["ready"] is True
    response = client.post(demo.url("ready-phase/"), {"round": 1, "step": "explore.1", "ready": False},
                           format="json")
    assert response.json()["ready"] is False and "took it back" in response.json()["cleared"]["payload"]["reason"]
    response = client.post(demo.url("ready-phase/"), {"round": 1, "step": "explore.9"}, format="json")
    assert response.status_code == 409


def test_the_gm_reads_what_the_step_waits_for_and_a_player_only_their_part(demo: Table) -> None:
    at(demo, "explore.14")
    gm = demo.client(demo.gm).get(demo.url("waiting/")).json()
    assert len(gm["players"]) == 3 and gm["needs_someone"]
    mine = demo.client(demo.players[0]).get(demo.url("waiting/")).json()
    assert mine["waiting_on_you"] is True and "players" not in mine and "summary" not in mine


def test_an_automatic_run_where_nothing_needs_anyone_stops_after_a_whole_round(table: Table) -> None:
    # No world: no civilization has anything to order, and no rule module is on. One Advance runs the round on,
    # step by step in this process (the embedded default), and stops once a whole round has gone by.
    Campaign.objects.filter(pk=table.campaign.pk).update(rule_options={"auto_run": True})
    services.step_advance(table.gm, table.campaign.pk, expected_round=1, expected_step="explore.1")
    now = campaign(table)
    assert (now.round, now.step.key, now.status) == (2, "explore.1", "open")
    resolved = Event.objects.filter(campaign=now, type="StepResolved")
    assert resolved.count() == len(ALL_STEPS)
    assert "a whole round went by" in str(stops(table)[-1]["reason"])


def test_in_entered_dice_mode_the_run_stops_where_the_gm_must_roll(demo: Table) -> None:
    # Physical dice only, and GM rolls for hidden objects: Explore 5 rolls for The Maw (a hidden black hole).
    options(demo, dice_mode="entered", gm_detection_rolls=True)
    at(demo, "explore.4")
    run_on(demo)
    now = campaign(demo)
    assert (now.step.key, now.status) == ("explore.5", "open")
    assert "the GM's rolls (a d" in str(stops(demo)[-1]["reason"])
    waiting = demo.client(demo.gm).get(demo.url("waiting/")).json()
    assert waiting["needs_someone"] and waiting["gm"][0].startswith("the GM's rolls")
    # Once the GM has typed enough rolls, the step needs nobody.
    services.dice_enter(demo.gm, now.pk, rolls=[6] * 20)
    assert demo.client(demo.gm).get(demo.url("waiting/")).json()["gm"] == []
