"""Trade routes and commerce raiding (Exploit 2, game.engine.trade_routes): the rules the golden scenarios
trade_routes_income, raid_convoy and raid_escort_repels do not show on their own."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import yaml

from game.engine import trade_routes
from game.engine.dice import ScriptedDice
from game.engine.orders import OrderCommand, legal_orders
from game.engine.phases import ALL_STEPS, STEPS_BY_KEY, GalacticDate, Pointer
from game.engine.step_input import StepInput
from game.engine.world import World, world_from_dict
from game.modules.trade_routes.steps import trade_routes_and_raids

GOLDEN = Path(__file__).parents[1] / "golden"
EXPLOIT_2 = STEPS_BY_KEY["exploit.2"]


def golden_world(name: str) -> World:
    return world_from_dict(yaml.safe_load((GOLDEN / f"{name}.yaml").read_text())["world"])


def with_taxes(world: World, **taxes: int) -> World:
    return replace(world, civs={c: replace(civ, taxes=taxes.get(civ.name, civ.taxes))
                                for c, civ in world.civs.items()})


def exploit_2(world: World, orders: tuple[OrderCommand, ...] = (), rolls: list[int] | None = None) -> list[str]:
    pointer = Pointer(1, ALL_STEPS.index(EXPLOIT_2))
    step_input = StepInput(pointer, GalacticDate.of_round(1, 2300), tuple(world.civs), orders, world)
    return [e.type for e in trade_routes_and_raids(step_input, ScriptedDice(rolls or []))]


def test_a_route_runs_along_the_hex_line_between_its_colonies() -> None:
    assert trade_routes.hex_line("0,0", "4,0") == ("0,0", "1,0", "2,0", "3,0", "4,0")
    line = trade_routes.hex_line("0,0", "3,-3")
    assert len(line) == 4 and line[-1] == "3,-3"
    assert trade_routes.hex_line("2,1", "2,1") == ("2,1",)


def test_the_open_route_form_shows_what_each_partner_would_bring_before_the_order_is_sent() -> None:
    world = with_taxes(golden_world("trade_routes_income"), Sol=100, Vega=40, Lyra=300, Hydra=1000)
    (offer,) = [o for o in legal_orders(world, 1, "exploit.2") if o.kind == "OpenTradeRoute"]
    labels = {c.value: c.label for c in offer.form_field("to_colony_id").choices}
    # Every freighter at Terra carries 12 + 30 + 12 = 54 MU: Lyra brings 15 (5% of 300), Hydra 25 (the 25% cap).
    assert "up to 15 MU a quarter" in labels[22] and "up to 25 MU a quarter" in labels[23]
    assert 21 not in labels  # Vega is a neighbour: free trade already
    freighters = {c.value: c.label for c in offer.form_field("unit_ids").choices}
    assert "carries 30 MU a quarter" in freighters[3]


def test_a_route_closes_when_its_partners_go_to_war() -> None:
    world = golden_world("raid_convoy")
    world = replace(world, wars=world.wars | {(1, 3)})
    assert exploit_2(world) == ["TradeRouteClosed"]


def test_a_raider_without_working_sensors_catches_convoys_at_1_percent_and_3_percent_at_a_route_s_ends() -> None:
    world = golden_world("raid_convoy")
    raider = world.units[7]
    blind = replace(world, designs={**world.designs, "corsair": replace(
        world.designs["corsair"], stats=replace(world.designs["corsair"].stats, sensors=0))})
    route = world.trade_routes[30]
    assert trade_routes.intercept_percent(world, raider, route, "2,0") == 10
    assert trade_routes.intercept_percent(world, raider, route, "4,0") == 30
    assert trade_routes.intercept_percent(blind, raider, route, "2,0") == 1
    assert trade_routes.intercept_percent(blind, raider, route, "0,0") == 3
    raid = (OrderCommand(5, "exploit.2", "RaidCommerce", {"unit_id": 7, "sector_id": "3,0"}),)
    assert "FreighterLost" not in exploit_2(blind, raid, [5, 5])  # 5 > 1: both rolls miss


def test_the_raided_learns_who_raided_them_only_if_they_saw_the_raider_or_fought_it() -> None:
    world = golden_world("raid_convoy")
    raider = world.units[7]
    assert not trade_routes.identifies_raider(world, 1, raider, fought=False)
    assert trade_routes.identifies_raider(world, 1, raider, fought=True)
    seen = replace(world, civs={**world.civs, 1: replace(world.civs[1], detected_units=frozenset({7}))})
    assert trade_routes.identifies_raider(seen, 1, raider, fought=False)


def test_raiding_is_refused_while_its_setting_is_off_or_at_peace() -> None:
    world = golden_world("raid_convoy")
    off = replace(world, options=replace(world.options, commerce_raiding=False))
    assert not [o for o in legal_orders(off, 5, "exploit.2") if o.kind == "RaidCommerce"]
    peace = replace(world, wars=frozenset())
    assert not [o for o in legal_orders(peace, 5, "exploit.2") if o.kind == "RaidCommerce"]
    assert [o for o in legal_orders(world, 5, "exploit.2") if o.kind == "RaidCommerce"]


def test_a_raider_raids_once_a_quarter() -> None:
    world = golden_world("raid_convoy")
    raid = OrderCommand(5, "exploit.2", "RaidCommerce", {"unit_id": 7, "sector_id": "3,0"})
    # Two misses, then the second order finds the raider Engaged by its raid.
    assert exploit_2(world, (raid, raid), [50, 50]) == ["RaidSwept", "OrderRejected"]
