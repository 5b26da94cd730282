"""Social Factor scores moved by what is in play ("MAJOR SOCIAL FACTORS & SUB FACTORS", the CARD LIST): the
technologies, facilities and secret projects a civilization knows add their printed modifiers, a colony on a
special-resource world is a Landmark, and the GM's changes are kept on top."""

from __future__ import annotations

from dataclasses import replace

from game.engine import social
from game.engine.world import Colony, World
from tests.engine.round_fixtures import world


def _knowing(*techs: str) -> World:
    w = world()
    return replace(w, civs={**w.civs, 1: replace(w.civs[1], techs=frozenset(techs), faction="university")})


def test_technologies_and_facilities_known_add_their_printed_scores() -> None:
    # University: RI+4 PC-2. Network Node (F) RI+2; Fusion Laser (T) MA+1; Supercollider (S) RP+4.
    scores = social.scores(_knowing("network_node", "fusion_laser", "supercollider"), 1)
    assert (scores["RI"], scores["MA"], scores["RP"]) == (6, 1, 4)
    assert scores["R"] == 10 and scores["M"] == 1
    assert [s.name for s in social.sources(_knowing("network_node"), 1)] == ["Network Node"]


def test_the_card_lists_misprinted_codes_count_as_the_factor_they_mean() -> None:
    scores = social.scores(_knowing("bunker", "hologram_theatre"), 1)
    assert (scores["MD"], scores["PC"]) == (2, -2 + 2)


def test_a_colony_on_a_special_resource_world_is_a_landmark() -> None:
    w = replace(world(), colonies={1: Colony(1, 1, "vega-2", 5, 5, operational=True),
                                   2: Colony(2, 1, "terra", 5, 5, operational=True)})
    assert social.scores(w, 1)["EM"] == 2  # Vega II's Exotic Crystals; Terra has none
    assert [s.name for s in social.sources(w, 1)] == ["Vega II (Landmark: Exotic Crystals)"]


def test_the_gms_changes_are_kept_on_top_of_the_derived_scores() -> None:
    w = replace(_knowing("network_node"), social_adjustments={1: {"RI": -1}})
    assert social.scores(w, 1)["RI"] == 4 + 2 - 1
