"""Issue 19, compact pages: `legal-orders/` sends each choice list once and refers to it; the player's `view/`
leaves the galaxy map to `map/`, which is sent again only when it changed (ETag, 304)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import dispatch, selectors, services, state_io
from game.bots.client import BotClient
from game.models import Campaign
from game.selectors import maps
from game.visibility import Viewer
from tests.game.conftest import Table, make_table
from tests.worlds import pois_found

pytestmark = pytest.mark.django_db
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"


@pytest.fixture
def demo(db: None) -> Table:
    table = make_table("compact", public=True)
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    table.move_to(1, "explore.14")
    return table


def test_choices_once_sends_a_shared_list_once_and_refers_to_it() -> None:
    sectors = [{"value": f"{q},0", "label": f"Sector {q},0"} for q in range(50)]
    offers: list[dict[str, Any]] = [
        {"kind": "A", "fields": [{"name": "sector_id", "choices": list(sectors)}, {"name": "n", "type": "integer"}]},
        {"kind": "B", "fields": [{"name": "sector_id", "choices": list(sectors)}]},
        {"kind": "C", "fields": [{"name": "only", "choices": sectors[:2]}]},
    ]
    compact = selectors.choices_once(offers)
    first, second, alone = (o["fields"][0] for o in compact)
    assert first["choices"] == sectors and first["choices_id"] == second["choices_ref"]
    assert "choices" not in second
    assert alone == {"name": "only", "choices": sectors[:2]}  # a list used once is left as it was


def test_legal_orders_repeat_no_choice_list_and_a_bot_reads_them_whole(demo: Table) -> None:
    body = demo.client(demo.players[0]).get(demo.url("legal-orders/")).json()
    lists = [json.dumps(f["choices"]) for o in body for f in o["fields"] if "choices" in f]
    assert lists and len(lists) == len(set(lists))
    ids = {f["choices_id"] for o in body for f in o["fields"] if "choices_id" in f}
    assert {f["choices_ref"] for o in body for f in o["fields"] if "choices_ref" in f} <= ids

    player = demo.client(demo.players[0])
    bot = BotClient(lambda method, path, _: (200, player.get(path).content), demo.campaign.pk)
    whole = bot.legal_orders()
    expected = [legal.as_dict() for legal in legal_orders_in(demo)]
    assert [[f["choices"] for f in o["fields"] if "choices" in f] for o in whole] == [
        [f["choices"] for f in o["fields"] if "choices" in f] for o in expected]


def legal_orders_in(table: Table) -> list[Any]:
    from game.engine.orders import legal_orders

    table.campaign.refresh_from_db()
    return list(legal_orders(state_io.load_world(table.campaign), table.civs[0].pk, table.campaign.step.key))


def test_a_players_view_leaves_the_map_to_map_which_answers_304_while_unchanged(demo: Table) -> None:
    player = demo.client(demo.players[0])
    view = player.get(demo.url("view/")).json()["view"]
    assert not {"sectors", "pois", "planets"} & view.keys() and view["units"]
    first = player.get(demo.url("map/"))
    assert first.status_code == 200 and first["ETag"]
    assert {p["name"] for p in first.json()["pois"]} >= {"Sol", "Alpha Centauri"}
    again = player.get(demo.url("map/"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and not again.content and again["ETag"] == first["ETag"]
    # The GM's view of a civilization keeps its map; the map/ address is a player's.
    gm = demo.client(demo.gm)
    assert "sectors" in gm.get(demo.url(f"view/?civ={demo.civs[0].pk}")).json()["view"]
    assert gm.get(demo.url("map/")).status_code == 403


def test_a_bot_reads_the_view_with_its_map(demo: Table) -> None:
    player = demo.client(demo.players[0])
    bot = BotClient(lambda method, path, _: (200, player.get(path).content), demo.campaign.pk)
    assert {p["name"] for p in bot.view()["view"]["pois"]} >= {"Sol", "Alpha Centauri"}


def test_pages_json_is_sent_gzipped_to_a_browser_that_accepts_it(demo: Table) -> None:
    player = demo.client(demo.players[0])
    plain = player.get(demo.url("map/"))
    packed = player.get(demo.url("map/"), HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert packed["Content-Encoding"] == "gzip" and len(packed.content) < len(plain.content) / 3


PANEL_READS = ["waiting/", "clock/", "seats/", "missions/", "live-battles/", "orders/", "legal-orders/", "view/"]


def test_reads_answer_each_address_as_it_answers_alone_in_one_request_with_fewer_queries(demo: Table) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    player = demo.client(demo.players[0])
    with CaptureQueriesContext(connection) as alone:
        separately = {path: player.get(demo.url(path)).json() for path in PANEL_READS}
    query = "&".join(f"read={path}" for path in PANEL_READS)
    with CaptureQueriesContext(connection) as batched:
        answer = player.get(demo.url(f"reads/?{query}"))
    assert answer.status_code == 200
    read_together = answer.json()
    for clock in (read_together["clock/"]["body"], separately["clock/"]):
        clock.pop("now")  # the server's clock, read a moment later
    assert read_together == {path: {"status": 200, "body": body} for path, body in separately.items()}
    # The campaign and the viewer (who holds their seat with them) are looked up once, not once a read.
    assert len(batched) <= len(alone) - 2 * (len(PANEL_READS) - 1)


def test_reads_refuse_each_address_as_alone_and_what_cannot_be_batched(demo: Table) -> None:
    player = demo.client(demo.players[0])
    other = demo.civs[1].pk
    answer = player.get(demo.url(f"reads/?read=view/%3Fciv%3D{other}&read=map/&read=advance/&read=clock/")).json()
    alone = player.get(demo.url(f"view/?civ={other}"))
    assert answer[f"view/?civ={other}"] == {"status": alone.status_code, "body": alone.json()}
    assert alone.status_code >= 400
    for address in ("map/", "advance/"):
        assert answer[address]["status"] == 400
        assert answer[address]["body"]["error"] == f"{address} is not a read that can be batched; read it by itself."
    assert answer["clock/"]["status"] == 200

    nothing = player.get(demo.url("reads/"))
    assert nothing.status_code == 400 and "Name the reads" in nothing.json()["error"]
    missing = player.get("/api/campaigns/999999/reads/?read=clock/")
    assert missing.status_code == 404 and missing.json()["error"] == "No such campaign."


def test_reads_answer_the_campaigns_state_with_the_panels_as_its_own_address_does(demo: Table) -> None:
    gm = demo.client(demo.gm)
    answer = gm.get(demo.url("reads/?read=&read=waiting/")).json()
    assert answer[""] == {"status": 200, "body": gm.get(demo.url("")).json()}
    assert answer["waiting/"]["status"] == 200


def map_version(table: Table, player: Any) -> str:
    version = table.client(player).get(table.url("view/")).json()["map_version"]
    assert isinstance(version, str)
    return version


@pytest.mark.django_db(transaction=True)  # the world cache, and the versions kept with it, fill on commit
def test_the_map_version_changes_with_the_players_own_map_and_nothing_hidden_from_them(
    demo: Table, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(dispatch, "enqueue", lambda *args: None)  # the test resolves the step itself
    terran, gaian = demo.players[:2]
    terran_civ, gaian_civ = demo.civs[0].pk, demo.civs[1].pk
    before = map_version(demo, terran)
    first = demo.client(terran).get(demo.url("map/"))
    assert first["ETag"] == f'"{before}"' and first.json()["map_version"] == before
    gaian_before = map_version(demo, gaian)
    assert gaian_before != before  # each reads their own civilization's map

    # A step that changes the world and nothing on the Terrans' map: the Gaians' scout sets off.
    scout = next(u for u in demo.client(gaian).get(demo.url("view/")).json()["view"]["units"]
                 if u["design_id"] == "scout")
    services.order_submit(gaian, demo.campaign.pk, round=1, step="explore.14", kind="PlotCourse",
                          payload={"unit_id": scout["unit_id"], "sector_id": "1,0"}, idempotency_key="map-version")
    seq = Campaign.objects.get(pk=demo.campaign.pk).state_seq
    demo.resolve_step()
    assert Campaign.objects.get(pk=demo.campaign.pk).state_seq > seq
    assert map_version(demo, terran) == before
    assert demo.client(terran).get(demo.url("map/"), HTTP_IF_NONE_MATCH=f'"{before}"').status_code == 304

    # The Gaians find the hidden Maw: their map changes, the Terrans' does not.
    pois_found(demo.campaign.pk, gaian_civ, ["maw"])
    gaian_now = map_version(demo, gaian)  # read first: the Terrans' must not be the Gaians' kept version
    assert gaian_now != gaian_before
    assert map_version(demo, terran) == before
    assert "maw" not in {p["poi_id"] for p in demo.client(terran).get(demo.url("map/")).json()["pois"]}

    # The Terrans find it too: their map changes, and so does its version, as map/ says.
    pois_found(demo.campaign.pk, terran_civ, ["maw"])
    after = map_version(demo, terran)
    assert after != before
    again = demo.client(terran).get(demo.url("map/"), HTTP_IF_NONE_MATCH=f'"{before}"')
    assert again.status_code == 200 and again["ETag"] == f'"{after}"' and again.json()["map_version"] == after
    assert "maw" in {p["poi_id"] for p in again.json()["pois"]}
    # The GM's and a spectator's views hold their maps: no version to follow.
    assert "map_version" not in demo.client(demo.gm).get(demo.url(f"view/?civ={terran_civ}")).json()
    assert "map_version" not in demo.client(None).get(demo.url("view/")).json()


@pytest.mark.django_db(transaction=True)  # the world cache, and the versions kept with it, fill on commit
def test_the_map_is_hashed_once_a_world_and_kind_of_viewer_and_a_304_builds_none(
    demo: Table, monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[int | None] = []
    build = selectors.campaign_map

    def counted(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
        built.append(viewer.civ_id)
        return build(viewer, campaign)

    monkeypatch.setattr(maps, "campaign_map", counted)
    version = map_version(demo, demo.players[0])
    assert built == [demo.civs[0].pk]
    assert map_version(demo, demo.players[0]) == version
    unchanged = demo.client(demo.players[0]).get(demo.url("map/"), HTTP_IF_NONE_MATCH=f'"{version}"')
    assert unchanged.status_code == 304 and built == [demo.civs[0].pk]
    map_version(demo, demo.players[1])  # another civilization's map is its own
    assert built == [demo.civs[0].pk, demo.civs[1].pk]
