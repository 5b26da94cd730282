"""The Alpha Centauri factions' modifiers in the round ("THE FACTIONS"): each test is named after the modifier as
printed, and proves what a player notices (a stronger fight, a second roll, a dearer colony, MU a round)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.factions import FACTIONS, modifiers
from game.engine.orders.model import OrderProblem
from game.engine.world import Civilization, Colony, RuleOptions, SkirmishState, World, colonization_price
from game.modules.ground_war.orders import check_destroy_world, check_invade
from tests.engine.round_fixtures import DESIGNS, FakeCombat, of_type, order, run, unit, with_units, world
from tests.engine.test_round_exterminate import _over


def _as(w: World, civ_id: int, faction: str) -> World:
    return replace(w, civs={**w.civs, civ_id: replace(w.civs[civ_id], faction=faction)})


def _fought_targeting(faction: str) -> dict[int, float]:
    w = with_units(world(), unit(1, 1, "warship"), unit(2, 2, "warship"))
    w = replace(_as(w, 1, faction), skirmishes={"s": SkirmishState("s", "0,0", 1, 2, "begun", (1, 2))})
    combat = FakeCombat({})
    run(w, "exterminate.4", combat=combat)
    return {u.unit_id: u.targeting for side in combat.fought[0].sides for u in side.units}


def test_believers_in_conflicts_add_2_to_their_force_total() -> None:
    # Ruling: a Force point is +10% targeting; the Believers' units fight at +20%, their enemy as designed.
    base = DESIGNS["warship"].stats.targeting
    assert _fought_targeting("believers") == {1: base * 1.2, 2: base}
    assert _fought_targeting("spartans") == {1: base, 2: base}


def test_gaians_get_an_extra_roll_each_turn_on_the_exploration_table() -> None:
    # The hidden rift needs 15 on d20 + Sensors 2: the first roll (5) fails, the Gaians' second (13) finds it.
    w = replace(with_units(world(), unit(1, 1, "scout")), options=RuleOptions(gm_detection_rolls=True))
    events, after = run(_as(w, 1, "gaians"), "explore.5", dice=[5, 13])
    assert "rift" in after.civs[1].known_pois
    assert [e["result"] for e in of_type(events, "DiceRolled")] == [5, 13]
    _, after = run(w, "explore.5", dice=[5, 13])  # anyone else has the one roll
    assert "rift" not in after.civs[1].known_pois


def test_morgan_bases_cost_an_extra_5_credits_to_build() -> None:
    # 5 credits on the base's 20: Morgan's colonies cost 25% more (rounded up).
    w = world()
    plain = colonization_price(w, 1, "vega-2").mu
    assert colonization_price(_as(w, 1, "morgan"), 1, "vega-2").mu == plain + -(-plain // 4)


def test_peacekeepers_get_to_draw_an_extra_card_once_per_turn() -> None:
    # A card is worth its 10-credit draw: the Peacekeepers gain 10 MU each round in Exploit 1, nobody else.
    w = replace(world(), civs={1: Civilization(1, "Sol", mu=100, faction="peacekeepers"),
                               2: Civilization(2, "Vega", mu=100, faction="university")})
    events, after = run(w, "exploit.1")
    assert of_type(events, "FactionCardDrawn") == [{"civ_id": 1, "faction": "Peacekeepers", "mu": 10}]
    assert (after.civs[1].mu, after.civs[2].mu) == (110, 100)


def test_every_faction_lists_its_modifiers_and_its_forbidden_card_for_its_player() -> None:
    by_key = {f.key: modifiers(f) for f in FACTIONS}
    assert "+2 Force in conflicts: its units' targeting +20% (Exterminate 4)" in by_key["believers"]
    assert "Research rolls -1 (Explore 3)" in by_key["believers"]
    assert "Pacifist: may never start a skirmish, only defend (Explore 7)" in by_key["gaians"]
    assert "1 extra roll(s) to find hidden objects (Explore 5)" in by_key["gaians"]
    assert "Colonies cost 25% more (Expand 5)" in by_key["morgan"]
    assert "10 free votes at the Council" in by_key["peacekeepers"]
    assert "Probe rolls of 8+ against it may be rerolled" in by_key["university"]
    assert all(lines[-1].startswith("May not adopt ") for lines in by_key.values())


def test_pacifists_may_never_attack_only_defend_so_a_won_fight_takes_no_colony() -> None:
    # Sol won the skirmish; as Gaians (Pacifists) with the restrictions on, it may neither occupy nor destroy the
    # colony there; with the restrictions off it may.
    w = replace(_over(), colonies={7: Colony(7, 2, "vega-2", 5, 5, operational=True)})
    pacifist = replace(_as(w, 1, "gaians"), options=replace(w.options, faction_restrictions=True))
    for kind, payload in (("Occupy", {"colony_id": 7, "unit_id": 1}), ("DestroyColony", {"colony_id": 7})):
        events, after = run(pacifist, "exterminate.9", order(1, "exterminate.9", kind, **payload))
        assert of_type(events, "OrderRejected")[0]["reason"] == (
            "the Gaians are Pacifists: they may never attack, only defend.")
        assert after.colonies[7] == w.colonies[7]
    _, after = run(_as(w, 1, "gaians"), "exterminate.9", order(1, "exterminate.9", "DestroyColony", colony_id=7))
    assert after.colonies == {}


def test_pacifists_neither_invade_nor_order_a_world_destroyed_in_the_ground_war() -> None:
    w = replace(_as(world(), 1, "morgan"),
                options=RuleOptions(faction_restrictions=True, ground_war=True),
                colonies={7: Colony(7, 2, "vega-2", 5, 5, operational=True)})
    for check, kind in ((check_invade, "Invade"), (check_destroy_world, "DestroyWorld")):
        with pytest.raises(OrderProblem, match="the Morgan Industries are Pacifists"):
            check(order(1, "exterminate.9", kind, colony_id=7), w)
