"""One price model: the designer's price is what Expand 6 charges, colonies cost Cluster War §7.0's STEP multiple x
the planet's max output, mines are built like units and yield by §7.1, and every costly offer says its price and
what the civilization has."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from game.engine.combat import Defense, Weapon
from game.engine.designer import add_defense, add_weapon, design_cost, start_design, with_stats
from game.engine.orders import legal_orders
from game.engine.units import Scale, Specials, UnitDesign
from game.engine.world import Colony, Mine, Planet, RuleOptions, UnitState, World, colonization_price, mine_yield
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world


def _surveyed(w: World, civ_id: int = 1) -> World:
    civ = w.civs[civ_id]
    return replace(w, civs={**w.civs, civ_id: replace(civ, surveyed_planets=frozenset(w.planets))})


def _with_mu(w: World, mu: int, civ_id: int = 1) -> World:
    return replace(w, civs={**w.civs, civ_id: replace(w.civs[civ_id], mu=mu)})


def _custom(scale: Scale) -> UnitDesign:
    design = with_stats(start_design(scale, f"custom-{scale.name.lower()}", f"Custom {scale.title}", civ_id=1),
                        sensors=3, movement_rate=2, hp=10)
    design = add_defense(add_weapon(design, Weapon("energy", 4)), Defense("ballistic", 2))
    return replace(design, specials=Specials(cargo_capacity=40))


DESIGNS = [_custom(scale) for scale in (Scale.VEHICLE, Scale.FIGHTER, Scale.CORVETTE, Scale.DESTROYER, Scale.CRUISER)]


# Expand 6 — the designer's price is the charge.


@pytest.mark.parametrize("design", DESIGNS, ids=lambda d: d.scale.title)
def test_expand_6_charges_exactly_what_the_designer_shows(design: UnitDesign) -> None:
    shown = design_cost(design)
    w = _with_mu(_surveyed(with_units(replace(world(), designs={**world().designs, design.design_id: design}),
                                      unit(1, 1, "builder"))), 10_000_000)
    events, after = run(w, "expand.6", order(1, "expand.6", "StartConstruction", unit_id=1, planet_id="terra",
                                             design_id=design.design_id))
    (started,) = of_type(events, "ConstructionStarted")
    assert (started["mu"], started["bp_needed"]) == (shown.mu, shown.build_points)
    assert after.civs[1].mu == 10_000_000 - shown.mu
    # Expand 8: the work is the design's Build Points, an Ore each.
    w = replace(after, ore_stocks={(1, "sol"): shown.ore})
    w = replace(w, projects={100: replace(w.projects[100], bp_done=shown.build_points - 1)})
    events, after = run(w, "expand.8")
    assert of_type(events, "ConstructionAdvanced") == [{"project_id": 100, "bp": 1, "ore": 1}]
    assert after.projects[100].completed


def test_a_light_corvette_costs_what_the_designer_says_not_a_thousand() -> None:
    corvette = world().designs["starter-light-corvette"]
    assert (design_cost(corvette).mu, design_cost(corvette).build_points) == (20, 10)


def test_the_construction_offer_prices_each_design_and_says_what_the_civilization_has() -> None:
    w = replace(_with_mu(_surveyed(with_units(world(), unit(1, 1, "builder"))), 25), ore_stocks={(1, "sol"): 40})
    (offer,) = [o.as_dict() for o in legal_orders(w, 1, "expand.6") if o.kind == "StartConstruction"]
    assert offer["have"] == {"mu": 25, "ore": 40}
    designs = next(f for f in offer["fields"] if f["name"] == "design_id")["choices"]
    corvette = next(c for c in designs if c["value"] == "starter-light-corvette")
    assert corvette["cost"] == {"mu": 20, "bp": 10, "ore": 10}
    assert "starter-light-destroyer" not in [c["value"] for c in designs]  # 200 MU: more than the treasury


# Expand 5 — a colony's price.


def _colonizing(planet: Planet, mu: int = 1_000, resistant: bool = False) -> World:
    w = with_units(replace(world(), planets={**world().planets, planet.planet_id: planet}), unit(1, 1, "colony-ship"))
    civ = replace(w.civs[1], mu=mu, home_step="5555", environmental_resistance=resistant)
    return _surveyed(replace(w, civs={**w.civs, 1: civ}))


KEPLER = Planet("kepler", "sol", "Kepler", viable=True, step="5465", max_output=200, max_population=20)
THREE_STEPS = Planet("tau", "sol", "Tau", viable=True, step="4465", max_output=200, max_population=20)


def test_a_colony_costs_the_step_multiple_times_the_planets_max_output_in_mu() -> None:
    # §7.0's example: 5465 from 5555 is two steps (x1.5); 200 max CP -> 300 CP = 30 MU at 10 CP a MU.
    w = _colonizing(KEPLER)
    assert colonization_price(w, 1, "kepler").mu == 30
    events, after = run(w, "expand.5", order(1, "expand.5", "Colonize", unit_id=1, planet_id="kepler"))
    assert of_type(events, "ColonyFounded")[0]["mu"] == 30
    assert after.civs[1].mu == 970


def test_environmental_resistance_prices_a_colony_one_step_closer() -> None:
    # 4465 is three steps from 5555: x2 (400 CP = 40 MU); with Environmental Resistance two steps: x1.5 (30 MU).
    assert colonization_price(_colonizing(THREE_STEPS), 1, "tau").mu == 40
    assert colonization_price(_colonizing(THREE_STEPS, resistant=True), 1, "tau").mu == 30


def test_the_campaign_money_scale_converts_the_colony_price() -> None:
    w = replace(_colonizing(KEPLER), options=RuleOptions(cp_per_mu=1))
    assert colonization_price(w, 1, "kepler").mu == 300


def test_a_colony_the_treasury_cannot_pay_is_refused_with_its_price() -> None:
    events, after = run(_colonizing(KEPLER, mu=29), "expand.5",
                        order(1, "expand.5", "Colonize", unit_id=1, planet_id="kepler"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "a colony on Kepler costs 30 MU; your treasury holds 29."
    assert 1 in after.units and after.civs[1].mu == 29


def test_the_colonize_offer_prices_each_planet() -> None:
    (offer,) = [o.as_dict() for o in legal_orders(_colonizing(KEPLER, mu=35), 1, "expand.5") if o.kind == "Colonize"]
    assert offer["have"]["mu"] == 35
    planets = {c["value"]: c.get("cost") for c in offer["fields"][0]["choices"]}
    # Terra has neither STEP code nor max CP: priced as a match of home, its 10 Pop standing for 100 CP.
    assert planets == {"kepler": {"mu": 30}, "terra": {"mu": 10}}


def test_a_new_colony_grows_from_the_next_round_towards_the_planets_maximum() -> None:
    _, after = run(_colonizing(KEPLER), "expand.5", order(1, "expand.5", "Colonize", unit_id=1, planet_id="kepler"))
    colony = after.colonies[100]
    assert not of_type(run(after, "exploit.4")[0], "ColonyGrew")  # founded this round: no growth yet
    after = run(after, "expand.2")[1]
    for _ in range(40):
        after = run(after, "exploit.4")[1]
    assert after.colonies[colony.colony_id].population == KEPLER.max_population


# Expand 6 / 8 / 3 — a mine built like a unit.


def _mining(mu: int = 1_000, planet: str = "terra") -> World:
    w = with_units(world(), unit(1, 1, "builder"))
    w = replace(w, colonies={5: Colony(5, 1, planet, 10, 10, operational=True)}, ore_stocks={(1, "sol"): 50})
    return _with_mu(_surveyed(w), mu)


def test_a_mine_is_paid_now_built_with_bp_and_ore_and_mines_from_the_next_quarter() -> None:
    events, after = run(_mining(), "expand.6", order(1, "expand.6", "BuildMine", unit_id=1, planet_id="terra",
                                                      stations=4))
    (started,) = of_type(events, "MineStarted")
    assert (started["mu"], started["bp_needed"], started["output"]) == (12, 4, 12)  # 3 MU, 1 BP, 3 Ore a station
    assert after.civs[1].mu == 988
    assert after.mines[101] == Mine(101, 1, "terra", output=12, operational=False)
    assert after.units[1].task == "construction:100"
    events, after = run(after, "expand.8")
    assert of_type(events, "ConstructionAdvanced") == [{"project_id": 100, "bp": 4, "ore": 4}]
    assert of_type(events, "ConstructionCompleted") == [{"project_id": 100, "mine_id": 101}]
    assert after.ore_at(1, "sol") == 46 and after.units[1].state is UnitState.OPERATIONAL
    assert not of_type(run(after, "exploit.3")[0], "OreMined")  # not operational until the next quarter
    events, after = run(after, "expand.3")
    assert of_type(events, "MineCompleted") == [{"mine_id": 101, "project_id": 100, "planet_id": "terra"}]
    assert after.mines[101].operational and 100 not in after.projects
    events, after = run(after, "exploit.3")
    assert of_type(events, "OreMined")[0]["ore"] == 12 and after.ore_at(1, "sol") == 58


@pytest.mark.parametrize(("payload", "reason"), [
    ({"planet_id": "mars"}, "you hold no colony on Mars: mines are built where you do."),
    ({"stations": 400}, "payload.stations: give a whole number of at most 100."),
    ({"stations": 34}, "a mine of 34 stations costs 102 MU; your treasury holds 100."),
])
def test_a_mine_is_refused_with_its_reason(payload: dict[str, object], reason: str) -> None:
    events, after = run(_mining(mu=100), "expand.6",
                        order(1, "expand.6", "BuildMine", **{"unit_id": 1, "planet_id": "terra", "stations": 1,
                                                             **payload}))
    assert reason.endswith(of_type(events, "OrderRejected")[0]["reason"])
    assert not after.mines and after.civs[1].mu == 100


def test_a_second_mine_on_the_same_planet_is_refused() -> None:
    w = replace(_mining(), mines={9: Mine(9, 1, "terra")})
    events, _ = run(w, "expand.6", order(1, "expand.6", "BuildMine", unit_id=1, planet_id="terra", stations=1))
    assert of_type(events, "OrderRejected")[0]["reason"] == "you already have a mine on Terra."


def test_the_mine_offer_carries_a_stations_price_and_what_the_civilization_has() -> None:
    (offer,) = [o.as_dict() for o in legal_orders(_mining(mu=100), 1, "expand.6") if o.kind == "BuildMine"]
    assert offer["cost"] == {"mu": 3, "bp": 1, "ore": 1}  # one station
    assert offer["have"] == {"mu": 100, "ore": 50}
    stations = next(f for f in offer["fields"] if f["name"] == "stations")
    assert (stations["min"], stations["max"]) == (1, 33)  # what 100 MU pay for


# Exploit 3 — Cluster War §7.1 output.


def _mine_on(**planet: Any) -> tuple[World, Mine]:
    w = world(planets={"p": replace(Planet("p", "sol", "P", ore_deposit=10_000), **planet)})
    return w, Mine(1, 1, "p", output=30)


@pytest.mark.parametrize(("planet", "ore"), [
    ({"max_output": 100}, 30),  # under the cap: its stations' 30
    ({"max_output": 5}, 15),  # capped by the planet's maximum: 5 CP a turn, 15 a quarter
    ({"max_output": 5, "strategic_resource": "Heavy Metals"}, 30),  # x2 after the cap
    ({"max_output": 5, "special_resource": "Neutronium"}, 75),  # x5
    ({"max_output": 5, "special_resource": "Neutronium", "strategic_resource": "Heavy Metals"}, 75),  # the better
    ({"max_output": 100, "ore_deposit": 7}, 7),  # never more than the deposit holds
])
def test_a_mine_yields_its_stations_capped_by_the_planet_times_its_resources(planet: dict[str, Any],
                                                                            ore: int) -> None:
    w, mine = _mine_on(**planet)
    assert mine_yield(w, mine) == ore
    events, _ = run(replace(w, mines={1: mine}), "exploit.3")
    assert of_type(events, "OreMined")[0]["ore"] == ore


# Expand 7 — terraforming's price is offered per planet.


def test_the_terraforming_offer_prices_each_planet() -> None:
    w = _surveyed(with_units(world(), unit(1, 1, "terraformer")))
    (offer,) = [o.as_dict() for o in legal_orders(w, 1, "expand.7") if o.kind == "StartTerraforming"]
    assert offer["have"] == {"mu": 1_000, "ore": 0}
    (mars,) = offer["fields"][0]["choices"]
    assert mars["cost"] == {"mu": 6, "ore": 6}


def test_a_mine_whose_builder_was_lost_is_resumed_by_another_builder() -> None:
    _, w = run(_mining(), "expand.6", order(1, "expand.6", "BuildMine", unit_id=1, planet_id="terra", stations=4))
    w = with_units(replace(w, units={k: u for k, u in w.units.items() if k != 1},
                           projects={100: replace(w.projects[100], builder_ids=())}), unit(2, 1, "builder"))
    (offer,) = [o.as_dict() for o in legal_orders(w, 1, "expand.6") if o.kind == "ResumeConstruction"]
    assert offer["fields"][0]["choices"] == [{"value": 100, "label": "Mine on Terra at Sol (0/4 BP)"}]
    events, after = run(w, "expand.6", order(1, "expand.6", "ResumeConstruction", unit_id=2, project_id=100))
    assert of_type(events, "ConstructionResumed") == [{"project_id": 100, "mine_id": 101, "builder_id": 2}]
    assert run(after, "expand.8")[1].projects[100].completed
