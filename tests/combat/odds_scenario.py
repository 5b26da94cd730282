"""A campaign whose players each have a large skirmish to estimate odds for: each odds run of the most battles
takes seconds of a worker. Run in the live processes' database with
`manage.py shell -c "from tests.combat.odds_scenario import odds_campaign; odds_campaign(10, 12)"`; it prints the
campaign's id, its players' user names and their skirmishes as JSON."""

from __future__ import annotations

import json
from dataclasses import replace

from game.engine.world import Civilization as WorldCiv
from game.engine.world import SkirmishState
from tests.engine.round_fixtures import unit, with_units, world
from tests.game.conftest import make_table
from tests.worlds import put_world

FIGHT = 17  # exterminate.4: the skirmishes are about to be fought


def odds_campaign(players: int, units_a_side: int) -> None:
    """Players paired off (1 attacks 2 at Vega, 3 attacks 4, ...), each side `units_a_side` warships, each
    civilization detecting its enemy's."""
    table = make_table(f"odds-load-{units_a_side}", players=players)
    civs, units, skirmishes, next_id = {}, [], {}, 1
    for pair in range(players // 2):
        attacker, defender = (civ.pk for civ in table.civs[2 * pair:2 * pair + 2])
        ids = {civ: list(range(next_id + side * units_a_side, next_id + (side + 1) * units_a_side))
               for side, civ in enumerate((attacker, defender))}
        next_id += 2 * units_a_side
        for civ, enemy in ((attacker, defender), (defender, attacker)):
            civs[civ] = WorldCiv(civ, f"Civ {civ}", mu=1_000, known_pois=frozenset({"vega"}),
                                 detected_units=frozenset(ids[enemy]))
            units += [unit(n, civ, "warship", "1,0", "vega") for n in ids[civ]]
        skirmish_id = f"1:1,0:{attacker}:{defender}"
        skirmishes[skirmish_id] = SkirmishState(skirmish_id, "1,0", attacker, defender, "begun",
                                                unit_ids=tuple(ids[attacker] + ids[defender]))
    put_world(table.campaign.pk, replace(with_units(world(civs=civs), *units), skirmishes=skirmishes,
                                         next_id=next_id), step_index=FIGHT)
    print(json.dumps({"campaign_id": table.campaign.pk, "players": [
        {"username": user.get_username(), "skirmish_id": next(s for s, state in skirmishes.items()
                                                             if civ.pk in (state.attacker_civ, state.defender_civ))}
        for user, civ in zip(table.players, table.civs, strict=True)]}))
