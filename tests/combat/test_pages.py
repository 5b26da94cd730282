"""The combat pages show each viewer what the API would: the GM's skirmish set-up and publish form, a player's
own side of a battle, and no skirmish page at all for a spectator."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from game import services
from tests.combat.conftest import SKIRMISH, fight, load_skirmish
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def war(db: None) -> Table:
    table = make_table("pages", public=True)
    load_skirmish(table)
    return table


def browser_for(user: object | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)  # type: ignore[arg-type]
    return client


def test_the_gm_sets_up_each_unfought_skirmish_and_estimates_its_odds_on_one_page(war: Table) -> None:
    page = browser_for(war.gm).get(f"/campaigns/{war.campaign.pk}/skirmishes/").content.decode()
    assert f'data-skirmish="{SKIRMISH}"' in page
    assert 'data-action="system"' in page and 'data-action="rolls"' in page and "Estimate the odds" in page


def test_a_player_sees_their_skirmish_without_the_gms_set_up_and_a_spectator_gets_no_page(war: Table) -> None:
    page = browser_for(war.players[0]).get(f"/campaigns/{war.campaign.pk}/skirmishes/").content.decode()
    assert f'data-skirmish="{SKIRMISH}"' in page and 'data-action="system"' not in page
    bystander = browser_for(war.players[2]).get(f"/campaigns/{war.campaign.pk}/skirmishes/").content.decode()
    assert "data-skirmish=" not in bystander
    assert browser_for(None).get(f"/campaigns/{war.campaign.pk}/skirmishes/").status_code == 404


def test_a_battle_page_says_whose_version_it_shows_and_only_the_gm_may_publish(war: Table) -> None:
    battle = fight(war)
    url = f"/campaigns/{war.campaign.pk}/battles/{battle.pk}/"
    gm_page = browser_for(war.gm).get(url).content.decode()
    assert "the GM's full report" in gm_page and 'id="publish-form"' in gm_page
    player_page = browser_for(war.players[0]).get(url).content.decode()
    assert "what your fleet saw" in player_page and 'id="publish-form"' not in player_page
    listing = browser_for(war.gm).get(f"/campaigns/{war.campaign.pk}/battles/").content.decode()
    assert "not published" in listing


def test_a_wreck_is_named_by_the_battles_own_record_not_by_its_id(war: Table) -> None:
    battle = fight(war)
    services.step_advance(war.gm, war.campaign.pk, expected_round=1, expected_step="exterminate.5")
    assert services.step_resolve(war.campaign.pk, 1, 18)
    names = {u["unit_id"]: u["name"] for e in battle.events if e["type"] == "BattleStarted"
             for side in e["payload"]["sides"] for u in side["units"]}
    page = browser_for(war.gm).get(f"/campaigns/{war.campaign.pk}/battles/{battle.pk}/").content.decode()
    wrecks = re.findall(r"<li>([^<]*) became \d+ Space Junk", page)
    destroyed = [e["payload"]["unit_id"] for e in battle.events if e["type"] == "UnitDestroyed"]
    assert destroyed and len(wrecks) == len(destroyed)
    # A destroyed unit is no longer in the world: its name comes from the battle, without the log's emphasis.
    assert sorted(wrecks) == sorted(names[u].replace("*", "") for u in destroyed)
    assert not re.search(r"Unit \d+", page)


def test_the_publish_box_says_where_the_battle_stands_after_each_publish_and_withdraw(war: Table) -> None:
    battle = fight(war)
    url = f"/campaigns/{war.campaign.pk}/battles/{battle.pk}/"
    gm = browser_for(war.gm)
    assert re.search(r'id="publication">Not published', gm.get(url).content.decode())
    answer = gm.post(f"/api{url}publish",
                     {"narrative": "Vega fell.", "delay_steps": 2}, content_type="application/json").json()
    # The answer carries the line the page puts in the box in place of "Not published".
    assert answer["publication"] == f"Published; spectators can read it from step #{answer['public_from']}."
    assert f'id="publication">{answer["publication"]}' in gm.get(url).content.decode()
    answer = gm.post(f"/api{url}publish", {"published": False}, content_type="application/json").json()
    assert answer["publication"].startswith("Not published")
