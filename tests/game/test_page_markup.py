"""The campaign page as each role receives it: the partials' notes to developers stay in the templates (a `{# #}`
comment is one line only in Django; a longer note shows on the page as text)."""

from __future__ import annotations

import pytest

from tests.game.conftest import make_table


@pytest.mark.django_db
def test_no_template_comment_reaches_the_campaign_page_of_the_gm_a_player_or_a_spectator() -> None:
    table = make_table("markup", public=True, players=1)
    page = f"/campaigns/{table.campaign.pk}/"
    for user in (table.gm, table.players[0], None):
        html = table.client(user).get(page).content.decode()
        assert "{#" not in html and "#}" not in html and "{% comment" not in html, user
