"""Alpha Centauri social engineering and Social Factors (the social factors module) and the seven factions in play:
each faction's starting scores, the card each may not play (refused with the reason while the restrictions apply),
the upheaval's cost, one card of each type in play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import social
from game.engine.factions import FACTIONS
from game.engine.world import RuleOptions, World, world_from_dict, world_to_dict
from tests.engine.round_fixtures import of_type, order, run, world

ON = RuleOptions(social=True, faction_restrictions=True)


def _of(faction: str, options: RuleOptions = ON) -> World:
    w = world(options=options)
    return replace(w, civs={**w.civs, 1: replace(w.civs[1], faction=faction)})


def test_scores_are_the_factions_starting_scores_and_majors_add_their_sub_factors() -> None:
    hive = social.scores(_of("hive"), 1)
    # The Hive: PG+1 EI+1 EC-2 MD+2 PC+2.
    assert (hive["PG"], hive["EI"], hive["EC"], hive["MD"], hive["PC"]) == (1, 1, -2, 2, 2)
    assert (hive["E"], hive["M"], hive["P"], hive["R"]) == (1 - 2, 2, 1 + 2, 0)


def test_a_card_changes_the_scores_costs_the_upheaval_and_replaces_the_card_of_its_type() -> None:
    events, w = run(_of("morgan"), "exploit.1", order(1, "exploit.1", "SocialEngineering", choice="free_market"))
    assert of_type(events, "SocialEngineered")[0]["cards"] == ["free_market"]
    assert w.civs[1].mu == 1_000 - 20
    # Morgan: EC+3 EI+2 MS-1; Free Market EC+4 C-1 PC-1.
    assert (social.scores(w, 1)["EC"], social.scores(w, 1)["C"]) == (7, -1)
    _, w = run(w, "exploit.1", order(1, "exploit.1", "SocialEngineering", choice="green"))
    assert social.in_play(w, 1) == ("green",)  # both Economics: Green replaces Free Market
    _, w = run(w, "exploit.1", order(1, "exploit.1", "SocialEngineering", choice="wealth"))
    assert social.in_play(w, 1) == ("green", "wealth")
    assert world_from_dict(world_to_dict(w)).social == w.social


@pytest.mark.parametrize("faction", [f.key for f in FACTIONS], ids=lambda k: k)
def test_each_faction_is_refused_the_card_its_sheet_forbids(faction: str) -> None:
    key = social.forbidden_choice(faction)
    assert key is not None
    events, _ = run(_of(faction), "exploit.1", order(1, "exploit.1", "SocialEngineering", choice=key))
    name = next(f.name for f in FACTIONS if f.key == faction)
    assert of_type(events, "OrderRejected")[0]["reason"] == (
        f"the {name} may not play {social.CHOICES_BY_KEY[key].name}.")
    # Without the restrictions the card may be played.
    free = _of(faction, RuleOptions(social=True))
    assert of_type(run(free, "exploit.1", order(1, "exploit.1", "SocialEngineering", choice=key))[0],
                   "SocialEngineered")


def test_the_upheaval_needs_twenty_mu_and_the_module() -> None:
    poor = replace(_of("spartans"), civs={**_of("spartans").civs, 1: replace(_of("spartans").civs[1], mu=19)})
    events, _ = run(poor, "exploit.1", order(1, "exploit.1", "SocialEngineering", choice="power"))
    assert of_type(events, "OrderRejected")[0]["reason"] == "the upheaval costs 20 MU; you have 19."
    events, _ = run(_of("spartans", RuleOptions()), "exploit.1",
                    order(1, "exploit.1", "SocialEngineering", choice="power"))
    assert [e.type for e in events] == ["StepResolved"]
