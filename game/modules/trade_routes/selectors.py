"""Trade routes and raids as a viewer may read them (Exploit 2, game.engine.trade_routes): a player's own routes
(where they run, the freighters and escorts, what they carry, this round's catches), the routes partners run to
them, and per partner the trade it expects at the next Exploit 7 (on the last taxes) and how; the GM every route.
The raids' history is the events the viewer may see (`events_visible_to`), described for them: the raided reads
"raiders" unless they identified them. A spectator reads nothing of it (trade is each civilization's own)."""

from __future__ import annotations

from typing import Any

from game import state_io
from game.engine import diplomacy, trade_routes
from game.engine.catalogue import Names
from game.engine.world import TradeRoute, World
from game.event_catalogue import describe
from game.models import Campaign
from game.visibility import Viewer, events_visible_to

HISTORY_TYPES = ("TradeRouteOpened", "TradeRouteClosed", "RaidSwept", "CommerceRaided", "FreighterLost",
                 "RaidRepelled")
HISTORY_LIMIT = 100  # the newest route and raid events read


def _colony_name(world: World, colony_id: int) -> str:
    colony = world.colonies.get(colony_id)
    return world.planets[colony.planet_id].name if colony else "a lost colony"


def _route_json(world: World, route: TradeRoute, viewer: Viewer, round_number: int) -> dict[str, Any]:
    """A route as its owner or the GM reads it; its partner reads where it runs and what it brings, not the holds."""
    own = viewer.is_gm or viewer.civ_id == route.civ_id
    _, expected = trade_routes.expected_trade(world, route.civ_id, route.partner_civ, round_number)
    out: dict[str, Any] = {
        "route_id": route.route_id, "civ_id": route.civ_id, "civ_name": world.civs[route.civ_id].name,
        "from": _colony_name(world, route.colony_id), "to": _colony_name(world, route.partner_colony_id),
        "partner_civ": route.partner_civ, "partner_name": world.civs[route.partner_civ].name,
        "sectors": list(route.sectors), "intercepts": route.intercepts if route.raided_round == round_number else 0,
        "income": {str(c): g for c, g in expected.gains.items()}}
    if own:
        out["freighters"] = [{"unit_id": u, "name": world.units[u].name,
                              "carries_mu": trade_routes.capacity_mu(world, [u])}
                             for u in route.freighter_ids if u in world.units]
        out["escorts"] = [{"unit_id": u, "name": world.units[u].name} for u in route.escort_ids if u in world.units]
        out["capacity_mu"] = trade_routes.capacity_mu(world, route.freighter_ids)
    return out


def _partner_json(world: World, me: int, other: int, round_number: int) -> dict[str, Any]:
    level, expected = trade_routes.expected_trade(world, me, other, round_number)
    source = trade_routes.trades_without_routes(world, me, other) or (
        "a trade route" if trade_routes.routes_between(world, me, other) else "")
    return {"civ_id": other, "name": world.civs[other].name, "level": level,
            "percent": diplomacy.TRADE_LEVELS[level], "how": source if level != "none" else "",
            "at_war": world.at_war(me, other), "mine": expected.gains[me], "theirs": expected.gains[other],
            "capacity_mu": expected.capacity, "intercepts": expected.intercepts,
            "route_problem": trade_routes.why_no_route(world, me, other)}


def trade_routes_for(viewer: Viewer, campaign: Campaign, names: Names) -> dict[str, Any]:
    world = state_io.load_world(campaign)
    base: dict[str, Any] = {"enabled": world.options.diplomacy, "raiding": world.options.commerce_raiding,
                            "round": campaign.round, "cap_percent": diplomacy.TRADE_CAP_PERCENT}
    role = "gm" if viewer.is_gm else "player" if viewer.civ_id in world.civs else "spectator"
    if role == "spectator" or not world.options.diplomacy:
        return {**base, "role": role}
    rows = events_visible_to(viewer, campaign).filter(type__in=HISTORY_TYPES, undone=False).order_by("-seq")
    history = [{"seq": row.seq, "round": row.round, "type": row.type,
                "description": describe(row.type, row.payload, names)} for row in rows[:HISTORY_LIMIT]]
    routes = sorted(world.trade_routes.values(), key=lambda r: r.route_id)
    if viewer.is_gm:
        return {**base, "role": role, "history": history,
                "routes": [_route_json(world, r, viewer, campaign.round) for r in routes]}
    me = viewer.civ_id
    assert me is not None  # a player of a civilization in the world (checked above)
    return {**base, "role": role, "civ_id": me, "history": history,
            "routes": [_route_json(world, r, viewer, campaign.round) for r in routes if me == r.civ_id],
            "partner_routes": [_route_json(world, r, viewer, campaign.round) for r in routes
                               if me == r.partner_civ],
            "partners": [_partner_json(world, me, other, campaign.round) for other in sorted(world.civs)
                         if other != me]}
