"""Trade routes and commerce raiding (Exploit 2; the Cluster War trade module `module_cw_trade`, raiding its option
`commerce_raiding`). Rulings in docs/rules.md, "Exploit 2 — trade routes" and "Commerce raiding".

A route is one civilization's freighters carrying trade between its colony and a partner's colony along the hex
line between them (Cluster War §5.1: command freighters for "long haul trade"). It is the contact that lets a pair
trade who are neither neighbours nor partners of an agreement: Exploit 7 then pays their §11.0 limited trade once,
never more than the freighters carry. Raiders sweeping a route's Sectors catch convoys (§9.5): 10% a Sector, 30% in
a star system at either end, 1% and 3% without working sensors; each catch destroys a freighter and costs the
pair a quarter of that round's trade (rounded down); escorts fight a raider first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from game.engine import diplomacy, rule_module
from game.engine.rulings import CW_TURNS_PER_FQ, MIN_SCAN_SENSORS
from game.engine.world import (
    TradeRoute,
    Unit,
    UnitState,
    World,
    can_reach_in_one_round,
    is_armed,
    pair,
    sector_coords,
    sector_distance,
    sector_id,
)

# Cluster War §9.5: "a 10% chance per hex traveled" on a route, "30%" entering a star system where CPs move, "1%
# and 3% respectively, if the raiders do not have LRS".
ROUTE_SECTOR_PERCENT = 10
SYSTEM_PERCENT = 30
BLIND_ROUTE_SECTOR_PERCENT = 1
BLIND_SYSTEM_PERCENT = 3
# "civilian vessels will have CPs equal to 1/4th of the colony's resource traffic": a catch costs a quarter of the
# route's trade, rounded down (the worked example's 30.5 -> 30).
LOSS_DIVISOR = 4
ROUTE_TASK = "trade"  # the task of a unit Engaged on a route: "trade:<route id>"


def task_of(route_id: int) -> str:
    return f"{ROUTE_TASK}:{route_id}"


def hex_line(start: str, end: str) -> tuple[str, ...]:
    """The Sectors on the straight hex line from `start` to `end`, both included (cube coordinates rounded, a
    nudge breaking ties the same way every time)."""
    (aq, ar), (bq, br) = sector_coords(start), sector_coords(end)
    steps = sector_distance(start, end)
    line = [start]
    for i in range(1, steps + 1):
        q = aq + (bq - aq) * i / steps + 1e-6
        r = ar + (br - ar) * i / steps + 1e-6
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        if abs(rq - q) > abs(rr - r) and abs(rq - q) > abs(rs - s):
            rq = -rr - rs
        elif abs(rr - r) > abs(rs - s):
            rr = -rq - rs
        line.append(sector_id(rq, rr))
    return tuple(line)


def is_freighter(world: World, unit: Unit) -> bool:
    """Any hull with a cargo hold may be a freighter (§5.1)."""
    return world.design_of(unit).specials.cargo_capacity > 0


def is_free_in(unit: Unit, sector: str) -> bool:
    return unit.sector_id == sector and unit.state is UnitState.OPERATIONAL and unit.carried_by is None


def capacity_mu(world: World, freighter_ids: Iterable[int]) -> int:
    """MU of trade the freighters carry a quarter: their holds in CP (1 Ore of hold = 1 CP, a cargo bay's 20) once
    each Cluster War turn, three a quarter, at the campaign's money scale."""
    cargo = sum(world.design_of(world.units[u]).specials.cargo_capacity for u in freighter_ids if u in world.units)
    return cargo * CW_TURNS_PER_FQ // world.options.cp_per_mu


def colony_sector(world: World, colony_id: int) -> str:
    return world.planet_sector(world.colonies[colony_id].planet_id)


def are_neighbours(world: World, a: int, b: int) -> bool:
    """Exploit 7's contact: operational colonies of both in the same or adjacent Sectors."""
    def sectors(civ_id: int) -> set[str]:
        return {world.planet_sector(c.planet_id) for c in world.colonies.values()
                if c.civ_id == civ_id and c.operational}

    theirs = sectors(b)
    return any(sector_distance(here, there) <= 1 for here in sectors(a) for there in theirs)


def _agreements_bind(world: World) -> bool:
    """Whether a pair's trade agreement sets its level (the diplomacy module's treaties are in force)."""
    return bool(rule_module.rule_value(world.options, diplomacy.RELATIONS_IN_FORCE, False))


def trade_level(world: World, a: int, b: int, contact: bool) -> str:
    """Exploit 7 — the level a pair trades at this quarter. Without the diplomacy module every pair in contact
    (neighbours, or a trade route) trades limited, the rules' free trade, unless at war or either forbids free
    trade. With it, a trade agreement sets the level whether or not they are in contact, and a pair in contact
    without one keeps free trade (docs/rules.md, "Diplomacy and trade", "Exploit 2 — trade routes")."""
    if world.at_war(a, b):
        return "none"
    agreed = world.relation(a, b).trade if _agreements_bind(world) else "none"
    if agreed != "none":
        return agreed
    if contact and not (world.civs[a].forbids_free_trade or world.civs[b].forbids_free_trade):
        return "limited"
    return "none"


def trades_without_routes(world: World, a: int, b: int) -> str:
    """Why the pair trades in Exploit 7 already ("" if it does not): a route would carry nothing more."""
    if _agreements_bind(world) and world.relation(a, b).trade != "none":
        return "you have a trade agreement with them"
    if are_neighbours(world, a, b) and not (world.civs[a].forbids_free_trade or world.civs[b].forbids_free_trade):
        return "your colonies are their neighbours (free trade)"
    return ""


def why_no_route(world: World, civ_id: int, partner: int) -> str:
    """Why `civ_id` may not open a route to `partner` ("" if it may)."""
    name = world.civs[partner].name
    if world.at_war(civ_id, partner):
        return f"you are at war with {name}."
    if world.civs[civ_id].forbids_free_trade or world.civs[partner].forbids_free_trade:
        return "free trade is forbidden between you."
    already = trades_without_routes(world, civ_id, partner)
    return f"you trade with {name} already: {already}." if already else ""


def routes_between(world: World, a: int, b: int) -> list[TradeRoute]:
    low, high = pair(a, b)
    return [r for _, r in sorted(world.trade_routes.items()) if pair(r.civ_id, r.partner_civ) == (low, high)]


def route_gain(world: World, civ_id: int, partner: int, capacity: int) -> int:
    """The MU a quarter `civ_id` would gain from a route to `partner` carrying `capacity`: §11.0 limited trade on
    the partner's last taxes, within the 25% cap and what the freighters carry."""
    own, theirs = world.civs[civ_id].taxes, world.civs[partner].taxes
    return min(diplomacy.trade_gain(own, theirs, "limited"), capacity)


@dataclass(frozen=True)
class Carried:
    """Exploit 7's gains for a pair after its routes: capped at what the freighters carry (when the routes are the
    pair's only contact) and less a quarter for each convoy caught this round."""

    gains: Mapping[int, int]
    capacity: int | None  # the cap, when the routes are the pair's only contact
    intercepts: int


def carried(world: World, a: int, b: int, gains: Mapping[int, int], round_number: int) -> Carried:
    routes = routes_between(world, a, b)
    capped = dict(gains)
    capacity = None
    if routes and not trades_without_routes(world, a, b):
        capacity = sum(capacity_mu(world, r.freighter_ids) for r in routes)
        capped = {civ: min(gain, capacity) for civ, gain in capped.items()}
    intercepts = sum(r.intercepts for r in routes if r.raided_round == round_number)
    after = {civ: max(gain - intercepts * (gain // LOSS_DIVISOR), 0) for civ, gain in capped.items()}
    return Carried(after, capacity, intercepts)


def expected_trade(world: World, a: int, b: int, round_number: int) -> tuple[str, Carried]:
    """What Exploit 7 would pay the pair on their last taxes (before the Governor's bonus): the level and gains."""
    contact = are_neighbours(world, a, b) or bool(routes_between(world, a, b))
    level = trade_level(world, a, b, contact)
    if level == "none":
        return level, Carried({a: 0, b: 0}, None, 0)
    taxes = {a: world.civs[a].taxes, b: world.civs[b].taxes}
    gains = {a: diplomacy.trade_gain(taxes[a], taxes[b], level), b: diplomacy.trade_gain(taxes[b], taxes[a], level)}
    return level, carried(world, a, b, gains, round_number)


def routed_pairs(world: World) -> set[tuple[int, int]]:
    return {pair(r.civ_id, r.partner_civ) for r in world.trade_routes.values()}


def why_route_ends(world: World, route: TradeRoute) -> str:
    """Exploit 2: a route that can no longer run closes ("" while it runs)."""
    own, theirs = world.colonies.get(route.colony_id), world.colonies.get(route.partner_colony_id)
    if own is None or own.civ_id != route.civ_id or own.occupied_by is not None:
        return "its home colony is lost"
    if theirs is None or theirs.civ_id != route.partner_civ:
        return "the partner's colony is gone"
    if world.at_war(route.civ_id, route.partner_civ):
        return "the partners are at war"
    if not any(u in world.units for u in route.freighter_ids):
        return "it has no freighter left"
    return ""


# Commerce raiding (§9.5).


def intercept_percent(world: World, raider: Unit, route: TradeRoute, sector: str) -> int:
    """A raider's chance to catch the route's convoy in `sector`: its ends are star systems where CPs move."""
    in_system = sector in (route.sectors[0], route.sectors[-1])
    sees = world.design_of(raider).stats.sensors >= MIN_SCAN_SENSORS
    if in_system:
        return SYSTEM_PERCENT if sees else BLIND_SYSTEM_PERCENT
    return ROUTE_SECTOR_PERCENT if sees else BLIND_ROUTE_SECTOR_PERCENT


def sweep_targets(world: World, raider: Unit) -> list[str]:
    """The Sectors a raider may sweep to this quarter (those it could reach in one round, as for a skirmish), found
    around it rather than by testing every Sector of the map."""
    (q, r) = sector_coords(raider.sector_id)
    radius = 0
    while can_reach_in_one_round(world, raider, sector_id(q + radius + 1, r)):
        radius += 1
    around = (sector_id(q + dq, r + dr) for dq in range(-radius, radius + 1)
              for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1))
    return sorted(s for s in around if s in world.sectors)


def raided_routes(world: World, raider: Unit, swept: tuple[str, ...]) -> list[tuple[TradeRoute, str]]:
    """(route, Sector) for each swept Sector on a route of a civilization the raider's is at war with, in sweep
    order: the rolls the GM would make ("he rolls for each hex that could possibly be a trade route")."""
    found = []
    for sector in swept:
        for _, route in sorted(world.trade_routes.items()):
            if sector in route.sectors and world.at_war(raider.civ_id, route.civ_id):
                found.append((route, sector))
    return found


def strength(world: World, unit_ids: Iterable[int]) -> float:
    """A side's fighting weight for the escorts' fight: each armed unit's average damage at its scale."""
    total = 0.0
    for unit_id in unit_ids:
        unit = world.units.get(unit_id)
        if unit is not None and is_armed(world.design_of(unit)):
            design = world.design_of(unit)
            total += sum(w.average_damage for w in design.weapons) * design.scale.multiplier
    return total


def escort_percent(world: World, escort_ids: Iterable[int], raider: Unit) -> int:
    """The chance the escorts drive the raider off: their share of the two sides' weight (the narrative method of
    §9.5's example, where one side "totally overwhelms" the other)."""
    escorts = strength(world, escort_ids)
    raiders = strength(world, [raider.unit_id])
    if escorts <= 0:
        return 0
    return round(100 * escorts / (escorts + raiders))


def identifies_raider(world: World, victim: int, raider: Unit, fought: bool) -> bool:
    """The raided learns who raided them only if they saw the raider (detected it this round) or their escorts
    fought it; otherwise "raiders" took the convoy (§9.5: stealthy raiders "do not automatically show up")."""
    return fought or raider.unit_id in world.civs[victim].detected_units
