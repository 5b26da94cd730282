"""The combat pages show each viewer what the API would: the GM's skirmish set-up and publish form, a player's
own side of a battle, and no skirmish page at all for a spectator."""

from __future__ import annotations

import pytest
from django.test import Client

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
