"""Reads of fleets for a viewer (issue 18, the movement orders module, `game.modules.fleets`): a player's own
fleets — flagship, members with their Move Rates, the fleet's speed (the slowest), where it is or is heading, its
orders, each leg of its route with its ETA, and the craft aboard its carriers; the GM every civilization's. A
fleet's orders are its owner's secret: a spectator, or another player, reads none (they see its units on the map as
any unit)."""

from __future__ import annotations

from typing import Any

from game import state_io
from game.engine import fleets as fl
from game.engine.names import WorldNames
from game.engine.world import Fleet, UnitState, World
from game.models import Campaign
from game.visibility import Viewer


def _fleet_json(world: World, fleet: Fleet, names: WorldNames) -> dict[str, Any]:
    units = fl.members(world, fleet)
    heading = fl.heading(world, fleet)
    aboard = [{"unit_id": u.unit_id, "name": u.name, "design": world.design_of(u).name, "carried_by": u.carried_by}
              for u in sorted(world.units.values(), key=lambda u: u.unit_id)
              if u.carried_by in {m.unit_id for m in units}]
    return {
        "fleet_id": fleet.fleet_id, "civ_id": fleet.civ_id, "name": fleet.name,
        "flagship": units[0].unit_id if units else None,
        "flagship_name": units[0].name if units else "",
        "members": [{"unit_id": u.unit_id, "name": u.name, "design": world.design_of(u).name,
                     "move_rate": world.design_of(u).stats.movement_rate, "ftl": world.design_of(u).specials.ftl,
                     "state": u.state.value, "sector_id": u.sector_id} for u in units],
        "aboard": aboard,
        "speed": fl.move_rate(world, fleet),
        "sector_id": fl.position(world, fleet),
        "heading": heading,
        "eta_left": units[0].eta_left if heading is not None else 0,
        "rounds_left": fl.rounds_for(world, fleet, units[0].eta_left) if heading is not None else 0,
        "en_route": any(u.state is UnitState.EN_ROUTE for u in units),
        "standing": fleet.standing,
        "order": fl.STANDING_ORDERS.get(fleet.standing, fleet.standing),
        "waypoints": list(fleet.waypoints),
        "target": names.unit(fleet.target_unit) if fleet.target_unit is not None else
        (names.fleet(fleet.target_fleet) if fleet.target_fleet is not None else None),
        "legs": fl.route(world, fleet),
    }


def _standing(world: World) -> list[Fleet]:
    """The fleets with a unit left (one whose every unit was lost is gone; one riding aboard a carrier is not)."""
    return [f for _, f in sorted(world.fleets.items())
            if any(u in world.units and world.units[u].civ_id == f.civ_id for u in f.unit_ids)]


def fleets_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    world = state_io.load_world(campaign)
    base: dict[str, Any] = {"module": world.options.fleets, "max_waypoints": fl.MAX_WAYPOINTS}
    if viewer.is_gm:
        names = WorldNames(world, is_gm=True)
        return {**base, "role": "gm", "fleets": [_fleet_json(world, f, names) for f in _standing(world)]}
    if viewer.civ_id is not None and viewer.civ_id in world.civs:
        names = WorldNames(world, viewer.civ_id)
        own = [f for f in _standing(world) if f.civ_id == viewer.civ_id]
        return {**base, "role": "player", "fleets": [_fleet_json(world, f, names) for f in own]}
    return {**base, "role": "spectator", "fleets": []}
