"""Nothing leaked through an id (issue 33, defect 4): a player whose sensors detect another civilization's unit at a
Point of Interest hidden from them, or its colony on a planet they have not found, reads where it is (its Sector)
but no id of that place, in `view/` as in `map/`; the GM reading that civilization's view reads what it knows."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import state_io
from game.models import Campaign
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db

# Ids no other part of the page can contain, so finding them anywhere in a body is the leak.
HIDDEN_POI = "lair-poi-xq7"
HIDDEN_PLANET = "lair-planet-xq7"
SCENARIO = f"""
title: "A scout's sensors reach a lair it cannot find"
world:
  next_id: 100
  designs:
    - design_id: scout
      name: Scout
      scale: CORVETTE
      stats: {{sensors: 2, signature: 10, movement_rate: 8, targeting: 1, evasion: 1, weapons: 0, defenses: 0, hp: 10}}
      specials: {{ftl: true}}
      crew: 10
  sectors:
    - {{sector_id: "0,0"}}
    - {{sector_id: "1,0"}}
  pois:
    - {{poi_id: sol, sector_id: "0,0", kind: star_system, name: Sol}}
    # Extremely well hidden: long-range sensors never find it.
    - {{poi_id: {HIDDEN_POI}, sector_id: "1,0", kind: star_system, name: The Lair, hidden: 2}}
  planets:
    - {{planet_id: {HIDDEN_PLANET}, poi_id: {HIDDEN_POI}, name: Lairworld, viable: true}}
  civs:
    - {{civ_id: 1, name: Watchers, known_pois: [sol], charted: ["0,0"]}}
    - {{civ_id: 2, name: Lurkers, known_pois: [{HIDDEN_POI}], charted: ["1,0"]}}
  units:
    - {{unit_id: 1, civ_id: 1, design_id: scout, name: Lookout, sector_id: "0,0", poi_id: sol}}
    - {{unit_id: 10, civ_id: 2, design_id: starter-light-corvette, name: Prowler, sector_id: "1,0",
        poi_id: {HIDDEN_POI}}}
  colonies:
    - {{colony_id: 20, civ_id: 2, planet_id: {HIDDEN_PLANET}, population: 3, legal_citizens: 3}}
"""


@pytest.fixture
def watched(db: None) -> Table:
    """Two civilizations; Explore 5 resolved, so the first one's scout has detected the other's unit and colony."""
    table = make_table("fogid", players=2)
    response = table.client(table.gm).post(table.url("scenario/"), {"text": SCENARIO}, format="json")
    assert response.status_code == 200, response.json()
    table.move_to(1, "explore.5")
    table.resolve_step()
    watcher = state_io.load_world(Campaign.objects.get(pk=table.campaign.pk)).civs[table.civs[0].pk]
    assert watcher.detected_units and watcher.detected_colonies
    assert HIDDEN_POI not in watcher.known_pois
    return table


def _get(table: Table, user: Any, path: str) -> tuple[dict[str, Any], str]:
    response = table.client(user).get(table.url(path))
    assert response.status_code == 200, response.content
    return response.json(), response.content.decode()


def test_a_detected_unit_at_a_hidden_point_of_interest_is_placed_in_its_sector_only(watched: Table) -> None:
    view, text = _get(watched, watched.players[0], "view/")
    (prowler,) = view["view"]["other_units"]
    assert (prowler["name"], prowler["sector_id"], prowler["poi_id"]) == ("Prowler", "1,0", None)
    assert HIDDEN_POI not in text
    _, map_text = _get(watched, watched.players[0], "map/")
    assert HIDDEN_POI not in map_text


def test_a_detected_colony_on_a_hidden_planet_names_its_sector_not_the_planet(watched: Table) -> None:
    view, text = _get(watched, watched.players[0], "view/")
    (colony,) = view["view"]["other_colonies"]
    assert (colony["civ_id"], colony["sector_id"], colony["planet_id"]) == (watched.civs[1].pk, "1,0", None)
    assert HIDDEN_PLANET not in text
    _, map_text = _get(watched, watched.players[0], "map/")
    assert HIDDEN_PLANET not in map_text


def test_the_gm_reads_a_civilizations_view_as_that_civilization_knows_it(watched: Table) -> None:
    """The GM's view of a civilization (its map included) is what that civilization knows, ids as its map has them."""
    watcher = watched.civs[0].pk
    view, text = _get(watched, watched.gm, f"view/?civ={watcher}")
    assert [u["poi_id"] for u in view["view"]["other_units"]] == [None]
    assert HIDDEN_POI not in json.dumps(view["view"]["pois"]) and HIDDEN_PLANET not in text


def test_a_detected_unit_at_a_charted_point_of_interest_keeps_its_id(watched: Table) -> None:
    """The rule hides only what the map does not list: once the Lair is on the watcher's map, its id is shown."""
    campaign = Campaign.objects.get(pk=watched.campaign.pk)
    world = campaign.world
    for civ in world["civs"]:
        if civ["civ_id"] == watched.civs[0].pk:
            civ["known_pois"] = [*civ["known_pois"], HIDDEN_POI]
    Campaign.objects.filter(pk=campaign.pk).update(world=world)
    state_io.forget(campaign.pk)
    view, _ = _get(watched, watched.players[0], "view/")
    assert [u["poi_id"] for u in view["view"]["other_units"]] == [HIDDEN_POI]
    assert [c["planet_id"] for c in view["view"]["other_colonies"]] == [HIDDEN_PLANET]


def test_the_ground_war_panel_does_not_name_a_planet_the_player_has_not_found(db: None) -> None:
    """The ground-war panel lists a detected colony with a battalion in its system: on a planet not on the player's
    map, by its Sector alone (it named the planet)."""
    scenario = SCENARIO.replace("next_id: 100", "next_id: 100\n  options: {ground_war: true}").replace(
        "known_pois: [sol], charted: [\"0,0\"]}",
        "known_pois: [sol], charted: [\"0,0\"], detected_units: [11], detected_colonies: [20]}",
    ).replace("  colonies:", f"""    - {{unit_id: 11, civ_id: 2, design_id: ground-marines, name: Lair Guard,
        sector_id: "1,0", poi_id: {HIDDEN_POI}}}
  colonies:""")
    table = make_table("fogwar", players=2)
    response = table.client(table.gm).post(table.url("scenario/"), {"text": scenario}, format="json")
    assert response.status_code == 200, response.json()
    panel, text = _get(table, table.players[0], "ground-war/")
    assert [c["planet"] for c in panel["colonies"]] == ["an uncharted planet in 1,0"]
    assert "Lairworld" not in text and HIDDEN_PLANET not in text
    gm_panel, _ = _get(table, table.gm, "ground-war/")
    assert [c["planet"] for c in gm_panel["colonies"]] == ["Lairworld"]
