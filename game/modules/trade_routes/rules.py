"""Cluster War trade routes and commerce raiding (Exploit 2, §5.1, §9.5): the module's declaration.

A civilization's freighters carry trade from its colony to a partner's along the hex line between them (Open a
trade route, Close a trade route); with the option `commerce_raiding`, warships sweep the Sectors of enemies'
routes for their convoys (Raid commerce). The module is played with the Cluster War trade module
(`module_cw_trade`, the relations and treaties of `game.modules.diplomacy`); it owns that module's option
"Commerce raiding" and plays Exploit 2, which the rules leave TODO. The rule math (game.engine.trade_routes) stays
in the core, as Exploit 7 pays each pair's trade after its routes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine.apply import Draft
from game.engine.catalogue import CIV, WITNESSES, EventType, Optional
from game.engine.orders.model import Field, OrderKind
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.setting import Effect, Kind, Setting
from game.engine.world import TradeRoute, UnitState
from game.modules.trade_routes import orders, steps

# A route is seen by both partners; a raid by the raider (CommerceRaided, RaidSwept) and the raided (FreighterLost:
# the raider named only if identified); escorts' fights by both.
EVENTS = (
    EventType("TradeRouteOpened", {"route_id": int, "civ_id": int, "colony_id": int, "partner_civ": int,
                                   "partner_colony_id": int, "sectors": list[str], "freighter_ids": list[int],
                                   "escort_ids": list[int], "capacity_mu": int}, WITNESSES,
              "{civ_id:civ} opened a trade route from {colony_id:colony} to {partner_colony_id:colony} of "
              "{partner_civ:civ} ({sectors:#sector}, {freighter_ids:#freighter}[, {escort_ids:#escort}]), carrying "
              "at most {capacity_mu} MU a quarter."),
    EventType("TradeRouteClosed", {"route_id": int, "civ_id": int, "partner_civ": int, "reason": str}, WITNESSES,
              "{civ_id:civ}'s trade route with {partner_civ:civ} closed: {reason}."),
    EventType("RaidSwept", {"unit_id": int, "sector_ids": list[str], "rolls": int, "intercepts": int}, CIV,
              "{unit_id:unit} raided {sector_ids:#sector} for convoys: {intercepts} caught in {rolls} chance(s)."),
    EventType("CommerceRaided", {"unit_id": int, "route_id": int, "sector_id": str, "victim_civ": int,
                                 "freighter_name": str, "roll": int, "chance": int}, CIV,
              "{unit_id:unit} caught a convoy of {victim_civ:civ} in {sector_id:sector} and destroyed the freighter "
              "{freighter_name} (rolled {roll} against {chance}%)."),
    EventType("FreighterLost", {"route_id": int, "round": int, "civ_id": int, "unit_id": int, "freighter_name": str,
                                "sector_id": str, "roll": int, "chance": int, "raider_civ": Optional(int),
                                "raider_id": Optional(int)}, CIV,
              "Raiders[ of {raider_civ:civ}] caught the freighter {freighter_name} on {civ_id:civ}'s trade route in "
              "{sector_id:sector}[ ({raider_id:unit})]: it is lost, and a quarter of the route's trade this round."),
    EventType("RaidRepelled", {"route_id": int, "raider_id": int, "sector_id": str, "escort_ids": list[int],
                               "roll": int, "chance": int}, WITNESSES,
              "Escorts ({escort_ids:#unit}) drove {raider_id:unit} off a convoy in {sector_id:sector} (rolled "
              "{roll} against {chance}%)."),
)

# Exploit 2's reducers: a route's units are Engaged on it (task `trade:<route id>`).


def _route_opened(d: Draft, p: dict[str, Any]) -> None:
    route_id = p["route_id"]
    d.claim_id(route_id)
    d.trade_routes[route_id] = TradeRoute(
        route_id=route_id, civ_id=p["civ_id"], colony_id=p["colony_id"], partner_civ=p["partner_civ"],
        partner_colony_id=p["partner_colony_id"], sectors=tuple(p["sectors"]),
        freighter_ids=tuple(p["freighter_ids"]), escort_ids=tuple(p["escort_ids"]))
    for unit_id in (*p["freighter_ids"], *p["escort_ids"]):
        d.unit(unit_id, state=UnitState.ENGAGED, task=f"trade:{route_id}")


def _raid_swept(d: Draft, p: dict[str, Any]) -> None:
    d.unit(p["unit_id"], state=UnitState.ENGAGED, task="raid")  # one raid a quarter, free at Explore 1


def _route_closed(d: Draft, p: dict[str, Any]) -> None:
    route = d.trade_routes.pop(p["route_id"])
    d.release((*route.freighter_ids, *route.escort_ids), task=f"trade:{route.route_id}")


def _freighter_lost(d: Draft, p: dict[str, Any]) -> None:
    d.end_task(p["unit_id"])
    del d.units[p["unit_id"]]
    route = d.trade_routes[p["route_id"]]
    raided = route.intercepts if route.raided_round == p["round"] else 0
    d.trade_routes[route.route_id] = replace(route, intercepts=raided + 1, raided_round=p["round"])


_RAIDING = "Warships may raid the trade routes of civilizations at war with theirs (Exploit 2, Cluster War §9.5)."

MODULE = RuleModule(
    key="trade_routes",
    label="Cluster War trade routes and commerce raiding",
    # Its switch is the option "Commerce raiding" of the Cluster War trade module, shown under that switch; what the
    # module plays in Exploit 2 is told under that switch (the diplomacy module's step fills).
    switch=ModuleSwitch(
        "commerce_raiding",
        _RAIDING,
        to_options=lambda settings: {"commerce_raiding": bool(settings["commerce_raiding"])},
        from_options=lambda options: {"commerce_raiding": True} if options.commerce_raiding else {},
        options=(Setting(
            "commerce_raiding", "modules", "Commerce raiding", _RAIDING, Kind.BOOL, False, Effect.NEXT_ROUND),),
        option_of="module_cw_trade",
    ),
    is_on=lambda options: options.diplomacy,
    events=EVENTS,
    reducers={
        "TradeRouteOpened": _route_opened,
        "RaidSwept": _raid_swept,
        "TradeRouteClosed": _route_closed,
        "FreighterLost": _freighter_lost,
    },
    orders=(
        ModuleOrder(
            OrderKind(
                "OpenTradeRoute",
                "Open a trade route",
                "Freighters at your colony carry trade to a partner's colony you do not trade with yet (not "
                "neighbours, no agreement): limited trade each Exploit 7, never more than their holds carry; escorts "
                "sail with them.",
                frozenset({"exploit.2"}),
                (
                    Field("colony_id", "From your colony", "colony"),
                    Field("to_colony_id", "To the partner's colony", "colony"),
                    Field("unit_ids", "Freighters", "units"),
                    Field("escort_ids", "Escorts (armed, they fight raiders first)", "units", required=False),
                ),
                orders.check_open_trade_route,
                orders.offer_open_trade_route,
            ),
            steps.open_route,
        ),
        ModuleOrder(
            OrderKind(
                "CloseTradeRoute",
                "Close a trade route",
                "Bring a route's freighters and escorts home: they are free again, and the route's trade ends.",
                frozenset({"exploit.2"}),
                (
                    Field("colony_id", "From your colony", "colony"),
                    Field("to_colony_id", "To the partner's colony", "colony"),
                ),
                orders.check_close_trade_route,
                orders.offer_close_trade_route,
            ),
            steps.close_route,
        ),
        ModuleOrder(
            OrderKind(
                "RaidCommerce",
                "Raid commerce",
                "A warship sweeps the Sectors from where it is to the one you pick (within a quarter's move) and "
                "back, hunting the convoys of civilizations you are at war with: 10% a Sector of their routes, 30% "
                "at a route's star system (1% and 3% without sensors).",
                frozenset({"exploit.2"}),
                (
                    Field("unit_id", "Raider", "unit"),
                    Field("sector_id", "Sweep to", "sector"),
                ),
                orders.check_raid_commerce,
                orders.offer_raid_commerce,
            ),
            None,  # the Exploit 2 hook carries raids out, with the step's dice
        ),
    ),
    # The core's Exploit 2 does nothing: the hook is the step. It runs in every campaign, as the step did, so routes
    # (which the core's Exploit 7 reads) close when they can no longer run, and the module's orders are refused by
    # their checks rather than dropped, while the module is off.
    hooks=(StepHook("exploit.2", "after", steps.trade_routes_and_raids, also_when_off=True),),
)
