"""Cluster War ground forces and ground battles in the pure engine (§6.5, §9.3, §14): the §6.5 cost formula and
table, the §9.3 worked example of tanks against infantry, the terrain a planet's STEP code gives a battle, the odds
before an invasion, and the Centurion map of a battle on a planet's surface."""

from __future__ import annotations

from pathlib import Path

import yaml

from combat.engine.centurion.hexmap import MapKind
from combat.engine.registry import COMBAT_SYSTEMS
from combat.selectors import map_kind_of
from game.engine.dice import ScriptedDice
from game.engine.ground_forces import (
    GROUND_TYPES,
    Conditions,
    Fighter,
    custom_cost_cp,
    fight,
    terrain_of,
)
from game.engine.ground_war import invasion_odds
from game.engine.scenario import parse_scenario, run_scenario
from game.engine.world import Colony, Planet, PointOfInterest, RuleOptions, World

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def test_the_cost_formula_rounds_up_in_tenths_and_the_table_keeps_its_printed_prices() -> None:
    # §6.5 "Buying chameleon for a race that is not naturally chameleon: 18 x 1.1 = 19.8 -> 20".
    assert custom_cost_cp((6, 6), (3, 3), ["chameleon"]) == 20
    # Mechanized Infantry: the formula gives 10 x 1.1 = 11 (not 12 from a floating-point ceiling); the table says 12.
    assert custom_cost_cp((4, 2), (3, 1), ["mobile"]) == 11
    assert GROUND_TYPES["mech-infantry"].cp == 12
    assert (GROUND_TYPES["heavy-tank"].size, GROUND_TYPES["marines"].size) == (3, 1)


def test_three_medium_tanks_destroy_infantry_with_the_first_attack_and_its_return_fire_does_nothing() -> None:
    """§9.3's worked example: tanks roll 7, 2, 5 (15, 10, 13) against the infantry's 10, 8, 5 (12, 10, 7): "the
    first attack (15 vs 12) already destroys the infantry"; its return fire, 7 + 3 = 10 against 3 + 7 = 10, does
    nothing (both sides fire in the same week)."""
    tanks = [Fighter(i, "medium-tank") for i in (1, 2, 3)]
    infantry = [Fighter(9, "infantry")]
    dice = ScriptedDice([7, 10, 2, 8, 5, 5, 1, 7, 3])
    result = fight(tanks, infantry, Conditions(defenders_dug_in=False), dice, "example")
    assert (result.weeks, result.defenders_lost, result.invaders_lost) == (1, (infantry[0],), ())
    assert result.victor(3, 1) == "invader"


def test_a_planets_surface_and_atmosphere_give_the_battle_its_terrain() -> None:
    assert [terrain_of(s) for s in ("5532", "5555", "5585", "5575", "")] == [
        "open", "cluttered", "obscured", "obscured", "open"]


def _world(terrain: bool) -> World:
    return World(pois={"vega": PointOfInterest("vega", "1,0", "star_system", "Vega")},
                 planets={"vega-2": Planet("vega-2", "vega", "Vega II", step="5575", max_population=20)},
                 colonies={21: Colony(21, 2, "vega-2", 20, 20, operational=True)},
                 options=RuleOptions(ground_war=True, terrain=terrain))


def test_the_odds_before_an_invasion_add_up_and_heavy_tanks_beat_a_levy() -> None:
    world = _world(terrain=False)
    levy = [Fighter(None, "militia")] * 2
    odds = invasion_odds(world, world.colonies[21], [Fighter(1, "heavy-tank"), Fighter(2, "heavy-tank")], levy)
    assert odds.win + odds.hold + odds.lose == 100 and odds.win >= 90


def test_a_centurion_battle_of_troops_on_a_planet_is_fought_on_its_ground_war_terrain() -> None:
    troops = {"sides": [{"units": [{"multiplier": 1}]}, {"units": [{"multiplier": 1}]}]}
    ships = {"sides": [{"units": [{"multiplier": 1000}]}, {"units": [{"multiplier": 1}]}]}
    assert map_kind_of(_world(terrain=True), "1,0", troops) is MapKind.PLANET_OBSCURED
    assert map_kind_of(_world(terrain=False), "1,0", troops) is MapKind.PLANET_SURFACE
    assert map_kind_of(_world(terrain=True), "1,0", ships) is MapKind.ORBIT


def test_with_occupation_off_a_won_invasion_leaves_the_colony_its_owners() -> None:
    """"Colonies can be occupied" off: the Marines of the golden invasion win the same battle, the levy is gone, but
    Vega II stays the Vegans' and nobody is Engaged on it."""
    data = yaml.safe_load((GOLDEN / "ground_invasion.yaml").read_text())
    data["world"]["options"]["ground_occupation_off"] = True
    data["expect"] = {}
    run = run_scenario(parse_scenario(data, COMBAT_SYSTEMS))
    battle = next(e for e in run.events if e.type == "GroundBattleFought")
    assert battle.payload["victor"] == "invader"
    assert not any(e.type == "ColonyOccupied" for e in run.events)
    assert run.final.colonies[30].occupied_by is None
    assert run.final.units[11].state.value == "operational" and run.final.units[11].carried_by is None
