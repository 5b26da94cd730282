"""Expand 6 — the repair and refits module's orders (game.engine.yards): repair a damaged unit at a yard or alongside
a repair ship, refit a unit to another design at a yard, scrap a unit at a yard. Each offer carries what a player
reads before committing: hit points, the MU price, the Build Points and rounds of work, the Ore a scrapped unit
returns."""

from __future__ import annotations

from game.engine import yards
from game.engine.designer import Price
from game.engine.orders.checks import affordable, free, is_suitable_site, own_unit, owned_units
from game.engine.orders.model import Choice, Offer, OrderCommand, OrderPrice, OrderProblem, WorldCheck
from game.engine.orders.offers import passes, unit_choices, unit_name
from game.engine.units import UnitDesign
from game.engine.world import Unit, UnitState, World, unit_label

_YARD = "a yard (a unit with the Construction ability in a Sector where you have a Suitable Site)"


def yard_site(world: World, civ_id: int, unit: Unit) -> str | None:
    """The Point of Interest of a Suitable Site in the unit's Sector, when the unit has shipyard bays (the
    Construction ability) there: where it works as a yard, and where a scrapped unit's Ore is stocked."""
    if world.design_of(unit).specials.construction_bp <= 0:
        return None
    sites = sorted(world.planets[p].poi_id for p in world.planets
                   if world.planet_sector(p) == unit.sector_id and is_suitable_site(world, civ_id, p))
    return sites[0] if sites else None


def rate_of(world: World, civ_id: int, repairer: Unit) -> int:
    return yards.repair_rate(world, repairer, yard_site(world, civ_id, repairer) is not None)


def _module_on(world: World) -> None:
    if not world.options.yards:
        raise OrderProblem("kind", "repair, refits and scrapping are not part of this campaign (the module is off).")


def _subject(order: OrderCommand, world: World, doing: str) -> Unit:
    _module_on(world)
    unit = own_unit(order, world)
    free(world, unit, "unit_id", doing)
    return unit


def _worker(order: OrderCommand, world: World, unit: Unit, ships_too: bool) -> tuple[Unit, int]:
    """The order's yard (or, `ships_too`, repair ship): the civilization's own, free, in the unit's Sector; with its
    Build Points a round."""
    yard = own_unit(order, world, "yard_id")
    label = unit_label(world, yard)
    if yard.unit_id == unit.unit_id:
        raise OrderProblem("payload.yard_id", f"{label} cannot work on itself: choose another yard.")
    free(world, yard, "yard_id", "work as a yard")
    if yard.sector_id != unit.sector_id:
        raise OrderProblem("payload.yard_id", f"{label} is not in the Sector of {unit_label(world, unit)}.")
    rate = rate_of(world, order.civ_id, yard)
    if ships_too and rate <= 0:
        raise OrderProblem("payload.yard_id",
                           f"{label} is neither {_YARD} nor a repair ship (a unit with the Salvage ability).")
    if not ships_too and yard_site(world, order.civ_id, yard) is None:
        raise OrderProblem("payload.yard_id", f"{label} is not {_YARD}: this is done only at a shipyard (§6.6).")
    return yard, rate


def check_repair(order: OrderCommand, world: World) -> None:
    unit = _subject(order, world, "be repaired")
    if not yards.is_damaged(world, unit):
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} is not damaged.")
    if "yard_id" not in order.payload:
        return  # an offer's probe
    _, rate = _worker(order, world, unit, ships_too=True)
    quote = yards.repair_quote(world, unit, rate)
    affordable(world, order.civ_id, Price(quote.mu, 0, 0), "payload.yard_id", f"repairing {unit_label(world, unit)}")


def check_refit(order: OrderCommand, world: World) -> None:
    unit = _subject(order, world, "be refitted")
    if "yard_id" not in order.payload:
        return
    _, rate = _worker(order, world, unit, ships_too=False)
    if "design_id" not in order.payload:
        return
    old, new = world.design_of(unit), world.designs.get(order.payload["design_id"])
    if new is None or new.civ_id not in (None, order.civ_id):
        raise OrderProblem("payload.design_id", "your civilization does not know that design.")
    if new.design_id == old.design_id and not unit.low_quality:  # §6.7: "A full refit brings [it] up to standard"
        raise OrderProblem("payload.design_id", f"{unit_label(world, unit)} is already a {new.name}.")
    if not yards.same_hull(old, new):
        raise OrderProblem("payload.design_id", f"a refit keeps the hull (§6.6): {new.name} is not a {old.scale.title} "
                                                f"hull of {old.stats.hp} hit points.")
    quote = yards.refit_quote(world, unit, new, rate)
    affordable(world, order.civ_id, Price(quote.mu, 0, 0), "payload.design_id", f"refitting to {new.name}")


def check_scrap(order: OrderCommand, world: World) -> None:
    unit = _subject(order, world, "be scrapped")
    if world.design_of(unit).specials.cargo_capacity > 0 and world.cargo_used(unit.unit_id) > 0:
        raise OrderProblem("payload.unit_id", f"{unit_label(world, unit)} has cargo aboard: unload it first.")
    if "yard_id" in order.payload:
        _worker(order, world, unit, ships_too=False)


# Offers: one per unit (and yard, where the price depends on it), every figure in the choice's label and cost.


# Sector -> the civilization's free units there that can work: (unit, a yard?, Build Points a round).
WorkerIndex = dict[str, list[tuple[Unit, bool, int]]]


def worker_index(world: World, civ_id: int) -> WorkerIndex:
    """Every free yard and repair ship of the civilization by Sector, found once for all its units' offers (a yard's
    site is looked up once per Sector), so a large empire's offers stay linear."""
    sites: dict[str, bool] = {}
    index: WorkerIndex = {}
    for unit in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id):
        specials = world.design_of(unit).specials
        if (unit.carried_by is not None or unit.state is not UnitState.OPERATIONAL
                or (specials.construction_bp <= 0 and not specials.salvage)):
            continue
        at_yard = specials.construction_bp > 0 and sites.setdefault(
            unit.sector_id, yard_site(world, civ_id, unit) is not None)
        rate = yards.repair_rate(world, unit, at_yard)
        if rate > 0:
            index.setdefault(unit.sector_id, []).append((unit, at_yard, rate))
    return index


def workers(index: WorkerIndex, unit: Unit, ships_too: bool) -> list[tuple[Unit, int]]:
    """The yards (and, `ships_too`, repair ships) that could work on `unit`, with their Build Points a round."""
    return [(other, rate) for other, at_yard, rate in index.get(unit.sector_id, ())
            if other.unit_id != unit.unit_id and (at_yard or ships_too)]


def _rounds(rounds: int) -> str:
    return f"{rounds} round{'s' if rounds != 1 else ''}"


def offer_repair(world: World, civ_id: int) -> list[Offer]:
    if not world.options.yards:
        return []
    offers, index = [], worker_index(world, civ_id)
    for unit in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id):
        if not passes(check_repair, world, civ_id, {"unit_id": unit.unit_id}):
            continue
        choices = []
        for yard, rate in workers(index, unit, ships_too=True):
            quote = yards.repair_quote(world, unit, rate)
            choices.append(Choice(yard.unit_id, f"{unit_name(world, yard, civ_id)}: {quote.mu:,} MU, {quote.bp} BP of "
                                                f"work, {_rounds(quote.rounds)}", quote.as_cost()))
        if choices:
            hp = f"{unit.hp:g} of {yards.max_hp(world, unit):g} hit points"
            offers.append(Offer({"unit_id": unit.unit_id}, f"{unit_name(world, unit, civ_id)}, {hp}",
                                {"yard_id": tuple(choices)}, have={"mu": world.civs[civ_id].mu}))
    return offers


def refit_choices(world: World, civ_id: int, unit: Unit, rate: int) -> tuple[Choice, ...]:
    """The designs `unit` may be refitted to (same hull, known to the civilization), each priced."""
    old = world.design_of(unit)
    designs: list[UnitDesign] = sorted(
        (d for d in world.designs.values()
         if d.civ_id in (None, civ_id) and (d.design_id != old.design_id or unit.low_quality)
         and yards.same_hull(old, d)),
        key=lambda d: (d.name, d.design_id))
    choices = []
    for design in designs:
        quote = yards.refit_quote(world, unit, design, rate)
        choices.append(Choice(design.design_id, f"{design.name}: {quote.mu:,} MU, {quote.bp} BP of work, "
                                                f"{_rounds(quote.rounds)} at {rate} BP a round", quote.as_cost()))
    return tuple(choices)


def _groups(world: World, civ_id: int, check: WorldCheck, index: WorkerIndex
            ) -> dict[tuple[str, str, bool], list[Unit]]:
    """The civilization's units that may be refitted or scrapped at a yard, by Sector, design and quality: such units
    share their choices, so a large fleet at a yard is one offer a group (the unit a choice), not one a unit."""
    groups: dict[tuple[str, str, bool], list[Unit]] = {}
    for unit in sorted(owned_units(world, civ_id), key=lambda u: u.unit_id):
        if workers(index, unit, ships_too=False) and passes(check, world, civ_id, {"unit_id": unit.unit_id}):
            groups.setdefault((unit.sector_id, unit.design_id, unit.low_quality), []).append(unit)
    return groups


def _group_offer(world: World, civ_id: int, units: list[Unit], subject: str, index: WorkerIndex,
                 choices: dict[str, tuple[Choice, ...]]) -> Offer:
    """A lone unit fixed in the payload and named in the title; several a choice of the form. The yards of their
    Sector are a choice, each with its Build Points a round."""
    yards_here = tuple(Choice(yard.unit_id, f"{unit_name(world, yard, civ_id)}, {rate} BP a round")
                       for yard, rate in workers(index, units[0], ships_too=False))
    if len(units) == 1:
        payload: dict[str, int] = {"unit_id": units[0].unit_id}
        subject = f"{unit_name(world, units[0], civ_id)}{subject}"
    else:
        payload = {}
        choices = {"unit_id": unit_choices(world, units, civ_id), **choices}
        subject = f"{len(units)} {world.designs[units[0].design_id].name} in Sector {units[0].sector_id}{subject}"
    return Offer(payload, subject, {**choices, "yard_id": yards_here}, have={"mu": world.civs[civ_id].mu})


def offer_refit(world: World, civ_id: int) -> list[Offer]:
    """Per group of like units at a yard, the designs they may be refitted to, priced, timed at the fastest yard."""
    if not world.options.yards:
        return []
    index = worker_index(world, civ_id)
    offers = []
    for units in _groups(world, civ_id, check_refit, index).values():
        fastest = max(rate for _, rate in workers(index, units[0], ships_too=False))
        choices = refit_choices(world, civ_id, units[0], fastest)
        if choices:
            offers.append(_group_offer(world, civ_id, units, "", index, {"design_id": choices}))
    return offers


def offer_scrap(world: World, civ_id: int) -> list[Offer]:
    """Per group of like units at a yard, the Ore each returns."""
    if not world.options.yards:
        return []
    index = worker_index(world, civ_id)
    return [_group_offer(world, civ_id, units, f": returns {yards.scrap_ore(world, units[0]):,} Ore each", index, {})
            for units in _groups(world, civ_id, check_scrap, index).values()]


def price_of_repair(world: World, order: OrderCommand) -> OrderPrice:
    unit, yard = world.units[order.payload["unit_id"]], world.units[order.payload["yard_id"]]
    quote = yards.repair_quote(world, unit, rate_of(world, order.civ_id, yard))
    return OrderPrice(quote.mu, quote.bp)


def price_of_refit(world: World, order: OrderCommand) -> OrderPrice:
    unit, yard = world.units[order.payload["unit_id"]], world.units[order.payload["yard_id"]]
    new = world.designs[order.payload["design_id"]]
    quote = yards.refit_quote(world, unit, new, rate_of(world, order.civ_id, yard))
    return OrderPrice(quote.mu, quote.bp)
