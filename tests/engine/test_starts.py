"""The standard start (Cluster War §3.0 converted, docs/rules.md "Campaign setup — the standard start"): every
preset gives each piece a civilization needs to play its first rounds, with the figures as ruled, from real designs
priced by the designer; a GM's edit is read field by field; the demo scenario starts through the same function."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
import yaml

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.designer import design_cost, design_problems
from game.engine.scenario import ScenarioProblem, parse_scenario
from game.engine.starts import (
    BUILDER,
    COLONY_SHIP,
    ESCORT,
    FREIGHTER,
    PRESETS,
    SCOUT,
    START_DESIGNS,
    START_RESEARCH,
    give_start,
    read_start,
)
from game.engine.units import UnitDesign
from game.engine.world import Civilization, Planet, PointOfInterest, Sector, World, is_armed

DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"
SMALL_MAP = World(
    sectors={s: Sector(s) for s in ("0,0", "1,0", "2,0", "3,0", "4,0", "5,0", "6,0")},
    pois={"home": PointOfInterest("home", "0,0", "star_system", "Home"),
          "near": PointOfInterest("near", "2,0", "star_system", "Near"),
          "far": PointOfInterest("far", "6,0", "star_system", "Far"),
          "lost": PointOfInterest("lost", "1,0", "black_hole", "Lost", hidden=1)},
    planets={"terra": Planet("terra", "home", "Terra", ore_deposit=200, viable=True, max_population=20),
             "near-1": Planet("near-1", "near", "Near I", viable=True),
             "far-1": Planet("far-1", "far", "Far I", viable=True)},
    civs={1: Civilization(1, "Sol")},
    next_id=1,
)


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_preset_gives_each_piece_of_the_start(key: str) -> None:
    start = PRESETS[key]
    world = give_start(SMALL_MAP, 1, "terra", start)
    units = [u for u in world.units.values() if u.civ_id == 1]
    assert all(u.poi_id == "home" and u.sector_id == "0,0" for u in units)
    specials = [world.design_of(u).specials for u in units]
    assert any(s.construction_bp > 0 for s in specials), "a builder at the construction site"
    assert any(s.colonize for s in specials), "a colony ship"
    assert any(s.cargo_capacity > 0 and s.salvage for s in specials), "a freighter that salvages"
    assert any(world.design_of(u) == SCOUT for u in units), "a scout"
    assert sum(is_armed(world.design_of(u)) for u in units) >= 1, "an armed escort"
    colony = next(iter(world.colonies.values()))
    assert (colony.planet_id, colony.operational, colony.population) == ("terra", True, 20)
    mine = next(iter(world.mines.values()))
    assert (mine.planet_id, mine.output) == ("terra", start.mine_stations * 3)
    civ = world.civs[1]
    assert civ.mu == start.mu and world.ore_at(1, "home") == start.ore
    assert civ.charted == {"0,0", "2,0", "6,0"}, "Star Charts of the strategic map (not what is hidden)"
    assert world.next_id == 3 + len(units)


def test_the_presets_figures_are_as_ruled() -> None:
    """Treasury 2.5 x the §3.0 500 CP of colonies (§19), small 1x, rich 5x; Ore a year of the home yard's work."""
    assert {k: p.mu for k, p in PRESETS.items()} == {"small": 500, "standard": 1_250, "rich": 2_500}
    yard_bp = BUILDER.specials.construction_bp
    assert yard_bp == 15 and {k: p.ore for k, p in PRESETS.items()} == {
        "small": 2 * yard_bp, "standard": 4 * yard_bp, "rich": 8 * yard_bp}
    assert PRESETS["standard"].mine_output == yard_bp, "the home mine keeps the home yard in Ore"
    assert {k: dict(p.units)[ESCORT.design_id] for k, p in PRESETS.items()} == {"small": 1, "standard": 3, "rich": 5}
    assert {k: p.survey_radius for k, p in PRESETS.items()} == {"small": 2, "standard": 3, "rich": 5}


def test_the_standard_fleet_is_within_the_section_3_starship_budget() -> None:
    """§3.0: 1,000 CP of starships; the designer's price is the CP (1 MU per CP)."""
    ships = (COLONY_SHIP, FREIGHTER, SCOUT, ESCORT)
    counts = dict(PRESETS["standard"].units)
    assert sum(design_cost(design).mu * counts[design.design_id] for design in ships) <= 1_000


@pytest.mark.parametrize("design", START_DESIGNS, ids=lambda d: d.design_id)
def test_the_start_designs_are_real_designs(design: UnitDesign) -> None:
    assert design_problems(design, START_RESEARCH) == ()


def test_survey_data_covers_the_nearby_systems_only() -> None:
    world = give_start(SMALL_MAP, 1, "terra", PRESETS["standard"])
    assert world.civs[1].surveyed_planets == {"terra", "near-1"}
    assert world.civs[1].known_pois == {"home", "near"}
    rich = give_start(SMALL_MAP, 1, "terra", PRESETS["rich"])
    assert rich.civs[1].surveyed_planets == {"terra", "near-1"}  # "far" is 6 Sectors away
    small = give_start(SMALL_MAP, 1, "terra", PRESETS["small"])
    assert small.civs[1].surveyed_planets == {"terra", "near-1"}


def test_a_gms_edit_changes_the_presets_figures_and_every_mistake_is_named() -> None:
    start, problems = read_start({"preset": "small", "mu": 50, "units": [{"design_id": "scout", "count": 2}]})
    assert problems == () and (start.mu, start.ore, start.units) == (50, PRESETS["small"].ore, (("scout", 2),))
    _, problems = read_start({"preset": "huge", "mu": -1, "ore": True, "units": [
        {"design_id": "scout", "count": 1}, {"design_id": "scout", "count": 1}, {"design_id": "x", "count": 1}]})
    assert [p.field for p in problems] == ["preset", "mu", "ore", "units[1].design_id", "units[2].design_id"]


def test_names_are_given_in_turn_then_numbered() -> None:
    world = give_start(SMALL_MAP, 1, "terra", PRESETS["standard"], names={"patrol-corvette": ["Vigilant"]})
    escorts = sorted(u.name for u in world.units.values() if u.design_id == "patrol-corvette")
    assert escorts == ["Patrol Corvette 2", "Patrol Corvette 3", "Vigilant"]


def test_the_demo_starts_each_civilization_with_the_standard_preset() -> None:
    world = parse_scenario(yaml.safe_load(DEMO.read_text()), COMBAT_SYSTEMS).world
    standard = PRESETS["standard"]
    for civ_id, home in ((1, "earth"), (2, "gaia-1"), (3, "morgan-1")):
        assert world.civs[civ_id].mu == standard.mu
        assert Counter(u.design_id for u in world.units.values() if u.civ_id == civ_id) == Counter(
            dict(standard.units))
        assert any(m.civ_id == civ_id and m.planet_id == home for m in world.mines.values())
        assert world.ore_at(civ_id, world.planets[home].poi_id) == standard.ore
    assert next(u for u in world.units.values() if u.name == "Vigilant").design_id == "patrol-corvette"


def test_the_demo_is_valid_under_the_scenario_schema() -> None:
    schema = json.loads((DEMO.parents[2] / "docs" / "scenario.schema.json").read_text())
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(yaml.safe_load(DEMO.read_text()))) == []


def test_a_scenario_start_is_refused_by_field() -> None:
    data = yaml.safe_load(DEMO.read_text())
    data["starts"][0]["start"] = {"preset": "standard", "ore": -3}
    with pytest.raises(ScenarioProblem) as refused:
        parse_scenario(data, COMBAT_SYSTEMS)
    assert refused.value.field == "starts[0].start.ore"
    data["starts"][0]["start"], data["starts"][0]["home"] = "standard", "atlantis"
    with pytest.raises(ScenarioProblem) as refused:
        parse_scenario(data, COMBAT_SYSTEMS)
    assert refused.value.field == "starts[0].home"
