"""A toy rule module, plugged in from outside `game/` by `tests/engine/test_rule_modules.py`: beacons. One
setting with one option, one order kind, its events, a reducer and one step hook; nothing in a core file."""

from __future__ import annotations

from typing import Any

from game.engine.apply import Draft
from game.engine.catalogue import CIV, PUBLIC, EventType
from game.engine.dice import Dice
from game.engine.events import Event, Visibility
from game.engine.orders.model import Field, OrderCommand, OrderKind, OrderPrice, OrderProblem
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.setting import Effect, Kind, Setting
from game.engine.step_input import StepInput
from game.engine.steps.common import to_civ
from game.engine.world import World

SWITCH = "module_toy_beacons"


def _price(world: World) -> int:
    return int(world.options.modules.get(MODULE.key, {}).get("beacon_price", 3))


def check_light_beacon(order: OrderCommand, world: World) -> None:
    if not MODULE.plays(world.options):
        raise OrderProblem("kind", "beacons are not part of this campaign (the module is off).")
    if world.civs[order.civ_id].mu < _price(world):
        raise OrderProblem("kind", f"a beacon costs {_price(world)} MU.")


def price_of_beacon(world: World, order: OrderCommand) -> OrderPrice:
    return OrderPrice(_price(world))


def light_beacon(order: OrderCommand, world: World) -> list[Event]:
    payload = {"civ_id": order.civ_id, "message": order.payload["message"], "mu": price_of_beacon(world, order).mu}
    return [to_civ(order.civ_id, "BeaconLit", payload)]


def beacons_shine(step_input: StepInput, dice: Dice) -> list[Event]:
    return [Event("BeaconsShone", {"round": step_input.pointer.round}, Visibility.PUBLIC)]


def _lit(d: Draft, p: dict[str, Any]) -> None:
    d.add_mu(p["civ_id"], -p["mu"])


MODULE = RuleModule(
    key="toy_module",
    label="Toy beacons",
    switch=ModuleSwitch(SWITCH, "Civilizations light beacons in Expand 6; they shine after Expand 8.", options=(
        Setting("beacon_price", "modules", "Beacon price", "MU a beacon costs.", Kind.INT, 3, Effect.NEXT_ROUND,
                minimum=1, maximum=10),)),
    events=(
        EventType("BeaconLit", {"civ_id": int, "message": str, "mu": int}, CIV,
                  "{civ_id:civ} lit a beacon for {mu} MU: {message}"),
        EventType("BeaconsShone", {"round": int}, PUBLIC, "The beacons shone in round {round}."),
    ),
    reducers={"BeaconLit": _lit},
    orders=(ModuleOrder(
        OrderKind("LightBeacon", "Light a beacon", "A beacon with a message, for the module's price.",
                  frozenset({"expand.6"}), (Field("message", "Message", "text", max_length=80),),
                  check_light_beacon),
        light_beacon, price_of_beacon),),
    hooks=(StepHook("expand.8", "after", beacons_shine),),
)
