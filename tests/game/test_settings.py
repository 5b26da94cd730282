"""The campaign's settings on PostgreSQL: version 1 at creation, each change a version with the GM's reason told to
the players, a change that would break the round in progress waiting for the next round's opening (and waiting
again if that opening is undone), refusals that change nothing, and who may read and write what."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from game import services
from game.engine import settings_catalogue
from game.engine.phases import ALL_STEPS
from game.errors import ServiceError
from game.models import Campaign, Event, SettingsVersion
from game.selectors.settings import settings_at
from tests.combat.conftest import SKIRMISH, fight, load_skirmish
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"
LAST = len(ALL_STEPS) - 1


def change(table: Table, user: AbstractBaseUser | None, changes: dict[str, Any], reason: str = "A fair game") -> Any:
    return table.client(user).post(table.url("settings/"), {"changes": changes, "reason": reason}, format="json")


def campaign(table: Table) -> Campaign:
    return Campaign.objects.get(pk=table.campaign.pk)


def events_of(table: Table, user: AbstractBaseUser | None, kind: str) -> list[dict[str, Any]]:
    return [e for e in table.client(user).get(table.url("events/")).json()["events"] if e["type"] == kind]


def test_a_new_campaign_writes_version_1_with_its_choices(db: None) -> None:
    table = make_table("created")
    gm = table.gm
    made = services.campaign_create(gm, name="Chosen", rule_options={"combat_system": "diceless",
                                                                     "dice_mode": "entered"})
    first = SettingsVersion.objects.get(campaign=made)
    assert (first.version, first.pending, first.round, first.step_index) == (1, False, 1, 0)
    assert first.values["combat_system"] == "diceless" and first.values["dice_mode"] == "entered"
    assert first.values["auto_run"] is False and first.values["notify_email"] is True
    with pytest.raises(ServiceError) as refused:
        services.campaign_create(gm, name="Bad", rule_options={"choice_minutes": -1})
    assert refused.value.field == "rule_options.choice_minutes"


def test_the_new_campaign_form_switches_rule_modules_on_in_version_1(db: None) -> None:
    gm = get_user_model().objects.create_user("form-gm", password="a-long-test-password")
    client = Client()
    client.force_login(gm)
    page = client.get("/").content.decode()
    # The form names the one module the engine does not play, and says none is "not built yet".
    assert "Centurion tactical battles" in page and "not built yet" not in page
    assert "all but Cluster War economy, whose steps you rule by hand" in page
    created = client.post("/campaigns/new/", {
        "name": "Modular", "first_year": 2400, "combat_system": "diceless", "dice_mode": "server",
        "end_visibility": "keep", "modules": ["module_cw_research", "module_centurion"]})
    assert created.status_code == 302
    first = SettingsVersion.objects.get(campaign__name="Modular")
    assert first.values["module_cw_research"] and first.values["module_centurion"]
    assert not first.values["module_cw_supply"] and first.values["combat_system"] == "diceless"


def test_a_change_is_in_force_at_once_and_every_player_reads_it_with_the_reason(table: Table) -> None:
    response = change(table, table.gm, {"dice_mode": "entered", "choice_minutes": 25, "auto_run": True},
                      "Physical dice at the table tonight")
    assert response.status_code == 200, response.json()
    now = campaign(table)
    # Where the existing code reads them.
    assert (now.rule_options["dice_mode"], now.rule_options["choice_minutes"], now.rule_options["auto_run"]) == \
        ("entered", 25, True)
    version = SettingsVersion.objects.get(campaign=now, version=2)
    assert not version.pending and version.reason == "Physical dice at the table tonight"
    told = events_of(table, table.players[1], "SettingsChanged")
    assert [e["payload"]["reason"] for e in told] == ["Physical dice at the table tonight"]
    assert "The GM's physical rolls" in told[0]["description"] and "waits" not in told[0]["description"]
    read = table.client(table.players[0]).get(table.url("settings/")).json()
    assert read["in_force"]["dice_mode"] == "entered" and read["can_change"] is False
    assert read["history"][0]["reason"] == "Physical dice at the table tonight"


def test_refusals_name_the_field_and_change_nothing(table: Table) -> None:
    before = campaign(table)
    for changes, reason, field in (({"choice_minutes": 0}, "why", "changes.choice_minutes"),
                                   ({"dice_mode": "entered", "wars": [[table.civs[0].pk, 99999]]}, "why",
                                    "changes.wars[0]"),
                                   ({"dice_mode": "entered"}, "   ", "reason"),
                                   ({"dice_mode": "server"}, "why", "changes")):  # already in force
        response = change(table, table.gm, changes, reason)
        assert response.status_code == 400 and response.json()["field"] == field, response.json()
    after = campaign(table)
    assert after.rule_options == before.rule_options and after.last_seq == before.last_seq
    assert SettingsVersion.objects.filter(campaign=after).count() == 1


def test_players_and_spectators_read_but_only_the_gm_writes(db: None) -> None:
    table = make_table("public", public=True)
    assert change(table, table.players[0], {"auto_run": True}).status_code == 403
    assert change(table, None, {"auto_run": True}).status_code in (401, 403)
    assert table.client(None).get(table.url("settings/")).status_code == 200
    assert SettingsVersion.objects.filter(campaign=table.campaign).count() == 1


def test_who_is_at_war_and_who_trades_is_told_only_to_the_civilizations_concerned(db: None) -> None:
    table = make_table("secret", public=True)
    sol, vega, deneb = (c.pk for c in table.civs)
    assert change(table, table.gm, {"wars": [[sol, vega]], "free_trade": {str(deneb): "forbidden"}},
                  "The border incident").status_code == 200
    assert campaign(table).rule_options["wars"] == [[min(sol, vega), max(sol, vega)]]
    reads = {who: table.client(user).get(table.url("settings/")).json()
             for who, user in (("sol", table.players[0]), ("deneb", table.players[2]), ("guest", None))}
    assert reads["sol"]["in_force"]["wars"] and reads["sol"]["in_force"]["free_trade"] == {}
    assert reads["deneb"]["in_force"]["wars"] == [] and reads["deneb"]["in_force"]["free_trade"] == {
        str(deneb): "forbidden"}
    assert reads["guest"]["in_force"]["wars"] == [] and reads["guest"]["in_force"]["free_trade"] == {}
    assert [h["version"] for h in reads["guest"]["history"]] == [1]
    assert len(events_of(table, table.players[0], "SettingsChanged")) == 1
    assert events_of(table, None, "SettingsChanged") == []
    assert "at war" not in str(events_of(table, table.players[2], "SettingsChanged"))
    assert len(events_of(table, table.gm, "SettingsChanged")) == 3


def test_a_round_breaking_change_waits_for_the_next_round_then_comes_into_force(table: Table) -> None:
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    Campaign.objects.filter(pk=table.campaign.pk).update(step_index=LAST)
    response = change(table, table.gm, {"combat_system": "diceless", "module_cw_research": True,
                                        "dice_mode": "entered"}, "Research from next quarter")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert [p["version"] for p in body["pending"]] == [3]
    now = campaign(table)
    assert now.rule_options["dice_mode"] == "entered"
    assert now.rule_options.get("combat_system", "instant_mass") == "instant_mass"
    assert not now.rule_options.get("module_cw_research")
    waits = [e for e in events_of(table, table.players[0], "SettingsChanged") if e["payload"]["pending"]]
    assert waits and "waits for round 2" in waits[0]["description"]
    assert settings_at(now, 1, LAST)["combat_system"] == "instant_mass"

    services.step_advance(table.gm, now.pk, expected_round=1, expected_step=ALL_STEPS[LAST].key)
    Campaign.objects.filter(pk=now.pk).update(rule_options={**now.rule_options, "dice_mode": "server"})
    assert services.step_resolve(now.pk, 1, LAST)
    opened = campaign(table)
    assert (opened.round, opened.step_index) == (2, 0)
    assert opened.rule_options["combat_system"] == "diceless" and opened.rule_options["module_cw_research"]
    assert not SettingsVersion.objects.get(campaign=opened, version=3).pending
    assert events_of(table, table.players[2], "SettingsInForce")[0]["payload"]["versions"] == [3]
    assert settings_at(opened, 1, LAST)["combat_system"] == "instant_mass"
    assert settings_at(opened, 2, 0)["combat_system"] == "diceless"
    at = table.client(table.players[0]).get(table.url("settings/?round=1&step=exploit.9")).json()["at"]
    assert (at["label"], at["values"]["combat_system"], at["shown"]["dice_mode"]) == \
        ("Exploit 9", "instant_mass", "The GM's physical rolls")

    undo = {**table.pointer(), "reason": "Wrong roll"}
    assert table.client(table.gm).post(table.url("undo/"), undo, format="json").status_code == 200
    undone = campaign(table)
    assert undone.rule_options["combat_system"] == "instant_mass" and not undone.rule_options["module_cw_research"]
    assert SettingsVersion.objects.get(campaign=undone, version=3).pending


def test_before_the_first_step_is_resolved_every_change_is_in_force_at_once(table: Table) -> None:
    assert change(table, table.gm, {"module_centurion": True, "starting_preset": "rich"}).status_code == 200
    now = campaign(table)
    assert now.rule_options["module_centurion"] is True and now.rule_options["starts"]["default"] == "rich"
    assert not SettingsVersion.objects.filter(campaign=now, pending=True).exists()


def test_victory_conditions_and_deadlines_are_settings_too(table: Table) -> None:
    steps = {"explore.7": 30, "expand.5": 120}
    assert change(table, table.gm, {"victory_round_limit": 12, "victory_elimination": True,
                                    "deadline_minutes": steps}).status_code == 200
    now = campaign(table)
    assert now.victory_conditions["round_limit"] == 12 and now.victory_conditions["elimination"] is True
    assert now.rule_options["deadline_minutes"] == steps
    assert Event.objects.filter(campaign=now, type="SettingsChanged", undone=False).count() == 1


def test_a_skirmish_is_fought_with_the_system_for_its_size_unless_the_gm_chose_one_for_it(table: Table) -> None:
    assert change(table, table.gm, {"combat_system_medium": "separate_weapon"}).status_code == 200
    load_skirmish(table)  # five warships: a medium skirmish
    listed = table.client(table.gm).get(table.url("skirmishes/")).json()
    assert [s["setting"]["system"] for s in listed if s["skirmish_id"] == SKIRMISH] == ["separate_weapon"]
    assert fight(table).system == "separate_weapon"


def test_the_gms_system_for_one_skirmish_comes_before_its_size(table: Table) -> None:
    assert change(table, table.gm, {"combat_system_medium": "separate_weapon"}).status_code == 200
    load_skirmish(table)
    gm = table.client(table.gm)
    assert gm.post(table.url(f"skirmishes/{SKIRMISH}/system"), {"system": "diceless"}, format="json").status_code \
        == 200
    assert fight(table).system == "diceless"


WHOLE_NUMBER_SETTINGS = [s for s in settings_catalogue.SETTINGS
                         if s.kind in (settings_catalogue.Kind.INT, settings_catalogue.Kind.MINUTES_PER_STEP)]


@pytest.mark.parametrize("setting", WHOLE_NUMBER_SETTINGS, ids=lambda s: s.key)
def test_every_whole_number_setting_refuses_a_huge_number_naming_it_and_its_bound(
        table: Table, setting: settings_catalogue.Setting) -> None:
    """Issue 33: 2^62 was stored and 2^64 answered 500; each is a 400 naming the setting and its ceiling, and the
    settings page's declaration (which sets the form's max) carries that ceiling."""
    before = campaign(table)
    declared = {s["key"]: s for s in table.client(table.gm).get(table.url("settings/")).json()["settings"]}
    assert declared[setting.key]["maximum"] == setting.maximum is not None
    for huge in (2**62, 2**64):
        value: Any = {"explore.7": huge} if setting.kind == settings_catalogue.Kind.MINUTES_PER_STEP else huge
        response = change(table, table.gm, {setting.key: value})
        assert response.status_code == 400, response.content
        body = response.json()
        assert body["field"].startswith(f"changes.{setting.key}")
        assert setting.label in body["error"] and f"at most {setting.maximum}" in body["error"]
    after = campaign(table)
    assert after.rule_options == before.rule_options and after.victory_conditions == before.victory_conditions
    assert SettingsVersion.objects.filter(campaign=after).count() == 1


def test_a_new_campaign_refuses_a_victory_number_past_its_settings_bound(db: None) -> None:
    """The same ceilings hold where a campaign is created with its victory conditions (API and service)."""
    table = make_table("bounded")
    client = table.client(table.gm)
    for field, huge in (("round_limit", 2**64), ("score_threshold", 2**62)):
        response = client.post("/api/campaigns/", {"name": "Huge", "victory": {field: huge}}, format="json")
        assert response.status_code == 400, response.content
        assert field in response.content.decode()
    for field, bound in (("round_limit", settings_catalogue.MAX_ROUNDS), ("ac_economic", 1000)):
        with pytest.raises(ServiceError) as refused:
            services.campaign_create(table.gm, name="Huge", victory={field: bound + 1})
        assert refused.value.field == field and f"at most {bound}" in refused.value.message
    assert not Campaign.objects.filter(name="Huge").exists()
