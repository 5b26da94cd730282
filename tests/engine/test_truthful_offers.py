"""Nothing is offered that the rules would refuse when the step resolves (issue 36): a Council bid only in a round
the Council meets, a technology only to a partner that does not know it, at war only peace, and a world struck
only from orbit."""

from __future__ import annotations

from dataclasses import replace

from game.engine.diplomacy import Relation
from game.engine.orders import LegalOrder, OrderProblem, legal_orders, validate_order
from game.engine.research.cluster_war import CATALOGUE
from game.engine.world import Civilization, Colony, RuleOptions, World
from tests.engine.round_fixtures import of_type, order, run, unit, with_units, world


def offers(w: World, civ_id: int, step: str, kind: str, round_number: int | None = None) -> list[LegalOrder]:
    return [o for o in legal_orders(w, civ_id, step, round_number) if o.kind == kind]


def values(offer: LegalOrder, field: str) -> list[object]:
    return [c.value for c in offer.form_field(field).choices]


def test_a_council_bid_is_offered_only_in_a_round_the_council_meets() -> None:
    w = world(options=RuleOptions(council_every=2))
    assert offers(w, 1, "exploit.1", "CouncilBid", round_number=3) == []
    events, _ = run(w, "exploit.1", order(1, "exploit.1", "CouncilBid", mu=25), round_number=3)
    assert of_type(events, "OrderRejected")  # the step would refuse it: the Council does not meet
    assert len(offers(w, 1, "exploit.1", "CouncilBid", round_number=4)) == 1


def _partners_in_range(**options: object) -> World:
    """Sol's warship and Vega's scout a Sector apart (in communications range), both with research on."""
    w = with_units(world(options=RuleOptions(research="cluster_war", **options)),  # type: ignore[arg-type]
                   unit(1, 1, "warship"), unit(2, 2, "scout", "1,0", "vega"))
    return run(w, "explore.5")[1]


def test_a_technology_is_offered_for_transfer_only_to_a_partner_that_does_not_know_it() -> None:
    w = _partners_in_range()
    start = CATALOGUE.start_keys
    w = replace(w, civs={1: replace(w.civs[1], techs=start | {"hull_cruiser"}), 2: replace(w.civs[2], techs=start)})
    (offer,) = offers(w, 1, "explore.8", "TransferTechnology")
    assert offer.payload == {"to_civ_id": 2} and values(offer, "tech") == ["hull_cruiser"]
    for tech in values(offer, "tech"):
        validate_order(order(1, "explore.8", "TransferTechnology", to_civ_id=2, tech=tech), w)
    # Nothing Vega lacks: nothing to offer it.
    same = replace(w, civs={**w.civs, 1: replace(w.civs[1], techs=start)})
    assert offers(same, 1, "explore.8", "TransferTechnology") == []


def test_at_war_only_peace_is_offered_and_each_treaty_offered_is_taken() -> None:
    w = replace(_partners_in_range(diplomacy=True), relations={(1, 2): Relation(1, 2, stance="war")})
    (offer,) = offers(w, 1, "explore.9", "ProposeTreaty")
    assert values(offer, "to_civ_id") == [2] and values(offer, "treaty") == ["peace"]
    neutral = replace(w, relations={})
    (offer,) = offers(neutral, 1, "explore.9", "ProposeTreaty")
    for treaty in values(offer, "treaty"):
        validate_order(order(1, "explore.9", "ProposeTreaty", to_civ_id=2, treaty=treaty, mu=10), neutral)


def test_a_world_is_offered_for_destruction_only_with_an_armed_ship_of_yours_in_its_sector() -> None:
    """Sol is at war with Vega, whose colony on Vega II (Sector 1,0) no armed ship guards; Sol's warship is at Sol."""
    w = world(options=RuleOptions(ground_war=True), wars=frozenset({(1, 2)}),
              colonies={21: Colony(21, 2, "vega-2", 10, 10, operational=True)},
              civs={1: Civilization(1, "Sol", mu=1_000), 2: Civilization(2, "Vega", mu=500)})
    far = with_units(w, unit(1, 1, "warship"))
    assert offers(far, 1, "exterminate.9", "DestroyWorld") == []
    try:
        validate_order(order(1, "exterminate.9", "DestroyWorld", colony_id=21, what="colony"), far)
    except OrderProblem as problem:
        assert problem.field == "payload.colony_id" and "Vega II" in problem.message
    else:
        raise AssertionError("a world struck with no ship in its Sector was taken")
    near = with_units(w, unit(1, 1, "warship", "1,0", "vega"))
    (offer,) = offers(near, 1, "exterminate.9", "DestroyWorld")
    assert offer.payload == {"colony_id": 21}


def test_what_the_orders_given_in_the_step_would_make_is_not_offered_before_it_has_its_number() -> None:
    """Builder 1's construction at Terra makes a project (numbered when the step resolves, after other
    civilizations' orders): builder 2 is not offered to resume it."""
    w = world(civs={1: Civilization(1, "Sol", mu=1_000, known_pois=frozenset({"sol"}),
                                    surveyed_planets=frozenset({"terra"})),
                    2: Civilization(2, "Vega", mu=500)})
    w = with_units(w, unit(1, 1, "builder"), unit(2, 1, "builder"))
    given = order(1, "expand.6", "StartConstruction", unit_id=1, planet_id="terra", design_id="scout")
    validate_order(given, w)
    _, after = run(w, "expand.6", given)
    assert any(o.payload.get("unit_id") == 2 for o in offers(after, 1, "expand.6", "ResumeConstruction"))
    assert [o for o in legal_orders(after, 1, "expand.6", made_from=w.next_id)
            if o.kind == "ResumeConstruction"] == []
