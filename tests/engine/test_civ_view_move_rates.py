"""A civilization's view carries the Move Rate of its own designs, so its player can read an En Route unit's ETA
(Movement Points left) in rounds; it says nothing of designs the civilization does not field."""

from __future__ import annotations

from game.engine.visibility import civ_view
from game.engine.world import UnitState
from tests.engine.round_fixtures import run, unit, with_units, world


def test_civ_view_gives_the_move_rate_of_its_own_designs_only() -> None:
    w = with_units(world(), unit(1, 1, "scout", state=UnitState.EN_ROUTE, destination_sector="3,0", eta_left=20),
                   unit(2, 1, "marine"), unit(3, 2, "warship"))
    assert civ_view(w, 1)["move_rates"] == {"scout": 8, "marine": 1}
    assert civ_view(w, 2)["move_rates"] == {"warship": 8}


def test_an_en_route_unit_arrives_after_eta_left_over_its_move_rate_rounds() -> None:
    # 20 Movement Points left at 8 a round: Explore 1 covers 8, 8, then 4 of them, so it arrives in the third.
    w = with_units(world(), unit(1, 1, "scout", state=UnitState.EN_ROUTE, destination_sector="3,0",
                                 destination_poi=None, eta_left=20))
    rate = civ_view(w, 1)["move_rates"]["scout"]
    rounds = 0
    while w.units[1].state is UnitState.EN_ROUTE:
        rounds += 1
        w = run(run(w, "explore.1")[1], "explore.2")[1]
    assert rounds == -(-20 // rate) == 3
