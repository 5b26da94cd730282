"""The bot's decisions, pure: a civilization's view and its legal-orders offers (as the API gives them) in, orders
out. No database: the strategy never reads anything but the API's JSON."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from game.bots import strategy
from game.bots.play import turn_rng
from game.bots.strategy import Situation, decide

ABILITIES = {
    "scout": {"armed": False, "ftl": True, "colonize": False, "cargo_capacity": 0},
    "corvette": {"armed": True, "ftl": True, "colonize": False, "cargo_capacity": 0},
    "colony-ship": {"armed": False, "ftl": True, "colonize": True, "cargo_capacity": 0},
    "freighter": {"armed": False, "ftl": False, "colonize": False, "cargo_capacity": 50},
    "builder": {"armed": False, "ftl": False, "colonize": False, "cargo_capacity": 0, "construction_bp": 5},
}
HOME = ("0,0", "home")


def unit(unit_id: int, design: str, sector: str = "0,0", poi: str | None = "home", civ: int = 1,
         **extra: Any) -> dict[str, Any]:
    return {"unit_id": unit_id, "civ_id": civ, "design_id": design, "name": f"{design} {unit_id}",
            "sector_id": sector, "poi_id": poi, "state": "operational", "destination_sector": None,
            "destination_poi": None, "ore": 0, **extra}


def view(units: list[dict[str, Any]], *, others: Sequence[dict[str, Any]] = (),
         other_colonies: Sequence[dict[str, Any]] = (), pois: Sequence[tuple[str, str]] = (),
         surveyed: Sequence[str] = ("home-A1", "home-A2"), colonies: list[dict[str, Any]] | None = None,
         mines: Sequence[dict[str, Any]] = (), mu: int = 1000) -> dict[str, Any]:
    all_pois = [HOME, *pois]
    planets: list[dict[str, Any]] = [{"planet_id": f"{poi}-A1", "poi_id": poi} for _, poi in all_pois]
    planets += [{"planet_id": "home-A2", "poi_id": "home"}]
    for planet in planets:  # what a survey tells (the API gives the rest of a planet only once surveyed)
        if planet["planet_id"] in surveyed:
            planet["viable"] = planet["planet_id"] != "home-A1"
    return {
        "civ": {"civ_id": 1, "name": "Sol", "mu": mu, "surveyed_planets": list(surveyed)},
        "pois": [{"poi_id": poi, "sector_id": sector, "kind": "star_system"} for sector, poi in all_pois],
        "planets": planets,
        "design_abilities": ABILITIES,
        "units": units,
        "other_units": list(others),
        "colonies": colonies if colonies is not None else [{"colony_id": 1, "civ_id": 1, "planet_id": "home-A1"}],
        "other_colonies": list(other_colonies),
        "mines": list(mines),
        "projects": [],
    }


def choice_field(name: str, values: list[Any], costs: dict[Any, dict[str, int]] | None = None) -> dict[str, Any]:
    return {"name": name, "type": "choice", "required": True,
            "choices": [{"value": v, "label": str(v), **({"cost": costs[v]} if costs else {})} for v in values]}


def offer(kind: str, payload: dict[str, Any] | None = None, *fields: dict[str, Any]) -> dict[str, Any]:
    return {"kind": kind, "payload": payload or {}, "fields": list(fields)}


def situation(the_view: dict[str, Any], offers: list[dict[str, Any]], step: str = "explore.14",
              seed: str = "seed") -> Situation:
    state = {"round": 3, "step": step, "status": "open", "step_kind": "orders"}
    return Situation(state, the_view, offers, turn_rng(seed, 3, step))


def course_offer(unit_ids: list[int], places: list[tuple[str, str]]) -> dict[str, Any]:
    return offer("PlotCourse", {}, choice_field("unit_id", unit_ids),
                 choice_field("sector_id", sorted({s for s, _ in places})),
                 choice_field("poi_id", [p for _, p in places]))


def courses(orders: list[dict[str, Any]]) -> dict[int, tuple[str, str | None]]:
    return {o["payload"]["unit_id"]: (o["payload"]["sector_id"], o["payload"].get("poi_id"))
            for o in orders if o["kind"] == "PlotCourse"}


PLACES = [("1,0", "near"), ("3,0", "far"), ("0,2", "middle")]


def test_scouts_explore_the_nearest_unsurveyed_systems_each_a_different_one() -> None:
    scouts = [unit(2, "scout"), unit(3, "scout")]
    plans = courses(decide(situation(view(scouts, pois=PLACES), [course_offer([2, 3], [HOME, *PLACES])])))
    assert plans == {2: ("1,0", "near"), 3: ("0,2", "middle")}


def test_a_scout_does_not_revisit_a_system_its_civilization_has_surveyed() -> None:
    the_view = view([unit(2, "scout")], pois=PLACES, surveyed=["home-A1", "near-A1"])
    assert courses(decide(situation(the_view, [course_offer([2], [HOME, *PLACES])]))) == {2: ("0,2", "middle")}


def test_one_warship_guards_home_and_the_others_strike_the_weakest_civilization_seen() -> None:
    warships = [unit(4, "corvette"), unit(5, "corvette"), unit(6, "corvette", "1,0", "near")]
    others = [unit(90, "corvette", "3,0", "far", civ=2), unit(91, "corvette", "3,0", "far", civ=2),
              unit(92, "scout", "0,2", "middle", civ=3)]
    colonies = [{"colony_id": 70, "civ_id": 3, "planet_id": "middle-A1"}]
    the_view = view(warships, others=others, other_colonies=colonies, pois=PLACES)
    plans = courses(decide(situation(the_view, [course_offer([4, 5, 6], [HOME, *PLACES])])))
    assert 4 not in plans  # the guard is home already
    assert plans == {5: ("0,2", "middle"), 6: ("0,2", "middle")}  # civilization 3: one unit in sight, not two


def test_once_a_civilization_is_seen_one_scout_goes_to_meet_it_and_the_others_explore() -> None:
    scouts = [unit(2, "scout"), unit(3, "scout")]
    others = [unit(90, "corvette", "3,0", "far", civ=2), unit(91, "scout", "0,2", "middle", civ=3),
              unit(92, "scout", "0,2", "middle", civ=3)]
    the_view = view(scouts, others=others, pois=PLACES)
    plans = courses(decide(situation(the_view, [course_offer([2, 3], [HOME, *PLACES])])))
    # The target is civilization 2 (one unit seen); the envoy meets civilization 3, the other scout explores.
    assert plans == {2: ("0,2", "middle"), 3: ("1,0", "near")}
    # With an envoy there already, both explore.
    there = view([unit(2, "scout"), unit(3, "scout"), unit(4, "scout", "0,2", "middle")], others=others, pois=PLACES)
    plans = courses(decide(situation(there, [course_offer([2, 3], [HOME, *PLACES])])))
    assert ("0,2", "middle") not in plans.values()


def test_a_guard_away_from_home_comes_back() -> None:
    the_view = view([unit(4, "corvette", "1,0", "near")], pois=PLACES)
    assert courses(decide(situation(the_view, [course_offer([4], [HOME, *PLACES])]))) == {4: HOME}


def test_a_colony_ship_without_a_free_planet_at_home_sets_out_for_the_nearest_surveyed_one() -> None:
    colonies = [{"colony_id": 1, "civ_id": 1, "planet_id": "home-A1"}, {"colony_id": 2, "civ_id": 1,
                                                                         "planet_id": "home-A2"}]
    the_view = view([unit(7, "colony-ship")], pois=PLACES, colonies=colonies,
                    surveyed=["home-A1", "home-A2", "far-A1", "middle-A1"])
    assert courses(decide(situation(the_view, [course_offer([7], [HOME, *PLACES])]))) == {7: ("0,2", "middle")}


def test_it_attacks_where_it_is_at_least_as_strong_and_not_where_it_is_weaker() -> None:
    mine = [unit(4, "corvette", "1,0", "near"), unit(5, "corvette", "3,0", "far")]
    others = [unit(90, "corvette", "1,0", "near", civ=2), unit(91, "corvette", "3,0", "far", civ=3),
              unit(92, "corvette", "3,0", "far", civ=3)]
    offers = [offer("StartSkirmish", {"sector_id": "3,0", "target_civ_id": 3}),
              offer("StartSkirmish", {"sector_id": "1,0", "target_civ_id": 2})]
    assert decide(situation(view(mine, others=others), offers, "explore.7")) == [
        {"kind": "StartSkirmish", "payload": {"sector_id": "1,0", "target_civ_id": 2}}]
    outnumbered = [unit(91, "corvette", "3,0", "far", civ=3), unit(92, "corvette", "3,0", "far", civ=3)]
    assert decide(situation(view(mine[1:], others=outnumbered), offers[:1], "explore.7")) == []


def test_warships_a_rounds_move_away_count_towards_a_skirmish() -> None:
    abilities = {**ABILITIES, "corvette": {**ABILITIES["corvette"], "movement_rate": 4}}  # a Sector a round
    mine = [unit(4, "corvette", "0,0", "home"), unit(5, "corvette", "1,0", "near"), unit(6, "corvette", "3,0")]
    others = [unit(90, "corvette", "1,0", "near", civ=2), unit(91, "scout", "1,0", "near", civ=2)]
    offers = [offer("StartSkirmish", {"sector_id": "1,0", "target_civ_id": 2})]
    the_view = {**view(mine, others=others), "design_abilities": abilities}
    assert decide(situation(the_view, offers, "explore.7")) == [order_of(offers[0])]  # 4 and 5: two against two
    alone = {**view(mine[2:], others=others), "design_abilities": abilities}  # 6 is two Sectors away
    assert decide(situation(alone, offers, "explore.7")) == []


def order_of(offered: dict[str, Any]) -> dict[str, Any]:
    return {"kind": offered["kind"], "payload": offered["payload"]}


def test_a_builder_beside_a_colony_without_a_mine_builds_the_mine_instead_of_a_ship() -> None:
    colonies = [{"colony_id": 1, "civ_id": 1, "planet_id": "home-A1"}, {"colony_id": 2, "civ_id": 1,
                                                                         "planet_id": "home-A2"}]
    the_view = view([unit(3, "builder")], colonies=colonies, mines=[{"mine_id": 9, "planet_id": "home-A1"}])
    offers = [
        offer("StartConstruction", {"unit_id": 3}, choice_field("planet_id", ["home-A1"]),
              choice_field("design_id", ["corvette"])),
        offer("BuildMine", {"unit_id": 3}, choice_field("planet_id", ["home-A1", "home-A2"]),
              {"name": "stations", "type": "integer", "min": 1, "max": 40}),
    ]
    assert decide(situation(the_view, offers, "expand.6")) == [
        {"kind": "BuildMine", "payload": {"unit_id": 3, "planet_id": "home-A2", "stations": strategy.MINE_STATIONS}}]


def test_with_every_colony_mined_the_builder_builds_a_warship_or_a_colony_ship_when_colonies_are_few() -> None:
    offers = [offer("StartConstruction", {"unit_id": 3}, choice_field("planet_id", ["home-A1"]),
                    choice_field("design_id", ["colony-ship", "corvette"]))]
    mined = [{"mine_id": 9, "planet_id": "home-A1"}]
    first = decide(situation(view([unit(3, "builder")], mines=mined), offers, "expand.6"))
    assert first[0]["payload"]["design_id"] == "colony-ship"
    with_ship = view([unit(3, "builder"), unit(7, "colony-ship")], mines=mined)
    assert decide(situation(with_ship, offers, "expand.6", seed="no-scout"))[0]["payload"]["design_id"] in (
        "corvette", "scout")


def test_a_colony_ship_settles_the_cheapest_planet_the_treasury_pays_for() -> None:
    offers = [offer("Colonize", {"unit_id": 7}, choice_field(
        "planet_id", ["home-A2", "home-A3", "home-A4"],
        {"home-A2": {"mu": 900}, "home-A3": {"mu": 300}, "home-A4": {"mu": 5000}}))]
    assert decide(situation(view([unit(7, "colony-ship")], mu=500), offers, "expand.5")) == [
        {"kind": "Colonize", "payload": {"unit_id": 7, "planet_id": "home-A3"}}]
    assert decide(situation(view([unit(7, "colony-ship")], mu=100), offers, "expand.5")) == []


def test_a_unit_meeting_another_civilizations_unit_gives_it_a_small_gift() -> None:
    others = [unit(90, "corvette", civ=2)]
    offers = [offer("Gift", {"unit_id": 4}, choice_field("to_unit_id", [90]),
                    {"name": "ore", "type": "integer", "min": 0, "max": 0},
                    {"name": "mu", "type": "integer", "min": 0, "max": 1000})]
    assert decide(situation(view([unit(4, "corvette")], others=others), offers, "explore.11")) == [
        {"kind": "Gift", "payload": {"unit_id": 4, "to_unit_id": 90, "mu": strategy.GIFT_MU}}]


def test_ore_is_given_from_a_hold_only_to_a_unit_with_a_hold() -> None:
    fields = ({"name": "ore", "type": "integer", "min": 0, "max": 20},
              {"name": "mu", "type": "integer", "min": 0, "max": 1000})
    gift = [offer("Gift", {"unit_id": 5}, choice_field("to_unit_id", [90]), *fields)]
    to_freighter = view([unit(5, "freighter", ore=20)], others=[unit(90, "freighter", civ=2)])
    assert decide(situation(to_freighter, gift, "explore.11"))[0]["payload"] == {"unit_id": 5, "to_unit_id": 90,
                                                                                 "ore": 5}
    to_corvette = view([unit(5, "freighter", ore=20)], others=[unit(90, "corvette", civ=2)])
    assert decide(situation(to_corvette, gift, "explore.11"))[0]["payload"] == {"unit_id": 5, "to_unit_id": 90,
                                                                                "mu": strategy.GIFT_MU}


def test_a_freighter_with_nothing_to_carry_loads_nothing_and_one_with_ore_unloads_it() -> None:
    ore_field = {"name": "ore", "type": "integer", "min": 0, "max": 40}
    empty = view([unit(5, "freighter")])  # no builder waits to be carried: the freighter stays free for a route
    assert decide(situation(empty, [offer("LoadCargo", {"unit_id": 5}, ore_field)], "expand.1")) == []
    full = view([unit(5, "freighter", ore=20)], mines=[{"mine_id": 9, "planet_id": "home-A1"}])
    unload = offer("UnloadCargo", {"unit_id": 5}, {**ore_field, "max": 20})
    assert decide(situation(full, [unload], "expand.1")) == [
        {"kind": "UnloadCargo", "payload": {"unit_id": 5, "ore": 20}}]


def test_a_freighter_carries_a_builder_that_fits_its_hold_to_a_colony_elsewhere_that_waits_for_its_mine() -> None:
    colonies = [{"colony_id": 1, "civ_id": 1, "planet_id": "home-A1"},
                {"colony_id": 2, "civ_id": 1, "planet_id": "near-A1"}]
    mined = [{"mine_id": 9, "planet_id": "home-A1"}]
    ore_field = {"name": "ore", "type": "integer", "min": 0, "max": 40}
    # The freighter takes the builder (the offer lists it: it fits) and Ore on board.
    the_view = view([unit(3, "builder"), unit(5, "freighter")], pois=PLACES, colonies=colonies, mines=mined)
    offers = [offer("LoadCargo", {"unit_id": 5}, ore_field, choice_field("rider_ids", [3]))]
    assert decide(situation(the_view, offers, "expand.1")) == [
        {"kind": "LoadCargo", "payload": {"unit_id": 5, "ore": 20, "rider_ids": [3]}}]
    # Loaded, it keeps its cargo at home, sets out for the colony, and unloads there.
    riding = view([unit(3, "builder", carried_by=5), unit(5, "freighter", ore=20)], pois=PLACES, colonies=colonies,
                  mines=mined)
    unload = offer("UnloadCargo", {"unit_id": 5}, {**ore_field, "max": 20}, choice_field("rider_ids", [3]))
    assert decide(situation(riding, [unload], "expand.1")) == []
    assert courses(decide(situation(riding, [course_offer([5], [HOME, *PLACES])]))) == {5: ("1,0", "near")}
    arrived = view([unit(3, "builder", "1,0", "near", carried_by=5), unit(5, "freighter", "1,0", "near", ore=20)],
                   pois=PLACES, colonies=colonies, mines=mined)
    assert decide(situation(arrived, [unload], "expand.1")) == [
        {"kind": "UnloadCargo", "payload": {"unit_id": 5, "ore": 20, "rider_ids": [3]}}]


def test_armed_units_caught_in_a_skirmish_join_and_the_others_evade() -> None:
    options = choice_field("choice", ["join", "evade"])
    offers = [offer("JoinOrEvade", {"unit_id": 4}, options),
              offer("JoinOrEvade", {"unit_id": 3}, choice_field("choice", ["evade"]))]
    assert [o["payload"] for o in decide(situation(view([]), offers, "exterminate.3"))] == [
        {"unit_id": 4, "choice": "join"}, {"unit_id": 3, "choice": "evade"}]


def test_a_message_goes_to_every_civilization_in_communications_range() -> None:
    offers = [offer("SendMessage", {}, choice_field("to_civ_id", [2, 3]))]
    orders = decide(situation(view([]), offers, "explore.8"))
    assert [o["payload"]["to_civ_id"] for o in orders] == [2, 3]
    assert all("Sol" in o["payload"]["text"] or "Round 3" in o["payload"]["text"] for o in orders)


def test_the_same_seed_makes_the_same_decisions() -> None:
    scouts = [unit(2, "scout"), unit(3, "scout")]
    places = [("1,0", "a"), ("0,1", "b"), ("1,-1", "c")]  # all at the same distance: the dice choose
    runs = [courses(decide(situation(view(scouts, pois=places), [course_offer([2, 3], [HOME, *places])],
                                     seed=seed))) for seed in ("x", "x", "y", "z", "w")]
    assert runs[0] == runs[1]
    assert len({tuple(sorted(r.items())) for r in runs}) > 1


def test_an_order_kind_without_a_planner_is_left_alone_and_a_registered_planner_plays_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    research = offer("Research", {}, choice_field("field", ["physics", "biology"]))
    assert decide(situation(view([]), [research, offer("Declare")], "exploit.8")) == []
    monkeypatch.setitem(strategy.PLANNERS, "Research", lambda s, offers: [
        strategy.order(offers[0], field=s.rng.choice(strategy.choices(offers[0], "field")))])
    (ordered,) = decide(situation(view([]), [research], "exploit.8"))
    assert ordered["kind"] == "Research" and ordered["payload"]["field"] in ("physics", "biology")


def test_sector_distance_counts_hexes_on_axial_coordinates() -> None:
    assert strategy.sector_distance("0,0", "3,0") == 3
    assert strategy.sector_distance("0,0", "2,-1") == 2
    assert strategy.sector_distance("1,2", "1,2") == 0
    assert isinstance(turn_rng("s", 1, "explore.7"), random.Random)


def labelled_field(name: str, labels: dict[Any, str]) -> dict[str, Any]:
    return {"name": name, "type": "choice", "required": True,
            "choices": [{"value": v, "label": label} for v, label in labels.items()]}


ALL_TREATIES = ("peace", "alliance", "trade_limited", "trade_full", "open_borders", "tribute", "tech_exchange")


def treaty_offer(civ: int, label: str, treaties: tuple[str, ...] = ALL_TREATIES) -> dict[str, Any]:
    """Propose a treaty to one civilization, offering the treaties the pair may sign now (as the engine does)."""
    return offer("ProposeTreaty", {}, labelled_field("to_civ_id", {civ: label}),
                 choice_field("treaty", list(treaties)))


def test_a_bot_offers_peace_and_trade_and_accepts_what_it_is_offered_except_peace_from_its_target() -> None:
    treaty = [treaty_offer(2, "Vega (neutral, no trade)"),
              treaty_offer(3, "Deneb (at peace, no trade)", ALL_TREATIES[1:]),
              treaty_offer(4, "Lyra (allied, full trade)", ("trade_limited", "open_borders", "tribute")),
              treaty_offer(5, "Hydra (at war, no trade)", ("peace",))]
    plans = decide(situation(view([unit(1, "scout")]), treaty, "explore.9"))
    assert [(p["payload"]["to_civ_id"], p["payload"]["treaty"]) for p in plans] == [
        (2, "peace"), (2, "trade_full"), (3, "trade_full"), (5, "peace")]
    # Its target (the only civilization it sees) gets a trade agreement, not peace; and no peace from it is taken.
    rival = view([unit(1, "scout")], others=[unit(90, "corvette", "1,0", "near", civ=2)])
    plans = decide(situation(rival, treaty, "explore.9"))
    assert [(p["payload"]["to_civ_id"], p["payload"]["treaty"]) for p in plans][:1] == [(2, "trade_full")]
    answers = [offer("AnswerTreaty", {"from_civ_id": 2, "treaty": "peace"}),
               offer("AnswerTreaty", {"from_civ_id": 2, "treaty": "trade_full"})]
    plans = decide(situation(rival, answers, "explore.10"))
    assert [p["payload"]["answer"] for p in plans] == ["decline", "accept"]
    answers = [offer("AnswerTreaty", {"from_civ_id": 2, "treaty": "peace"}),
               offer("AnswerTreaty", {"from_civ_id": 3, "treaty": "trade_full"})]
    plans = decide(situation(view([unit(1, "scout")]), answers, "explore.10"))
    assert [p["payload"]["answer"] for p in plans] == ["accept", "accept"]


def test_from_round_3_a_bot_declares_war_on_its_target_and_offers_it_no_treaty() -> None:
    rival = view([unit(1, "scout")], others=[unit(90, "corvette", "1,0", "near", civ=2),
                                             unit(91, "scout", "1,0", "near", civ=3),
                                             unit(92, "scout", "1,0", "near", civ=3)])
    offers = [offer("DeclareWar", {}, choice_field("to_civ_id", [2, 3])),
              treaty_offer(2, "Vega (neutral, limited trade)"), treaty_offer(3, "Deneb (neutral, no trade)")]
    plans = [(p["kind"], p["payload"]["to_civ_id"], p["payload"].get("treaty")) for p in
             decide(situation(rival, offers, "explore.9"))]  # round 3
    assert plans == [("DeclareWar", 2, None), ("ProposeTreaty", 3, "peace"), ("ProposeTreaty", 3, "trade_full")]
    early = Situation({"round": 2, "step": "explore.9"}, rival, offers, turn_rng("seed", 2, "explore.9"))
    assert [(p["kind"], p["payload"]["to_civ_id"]) for p in decide(early)][:1] == [("ProposeTreaty", 2)]


def test_a_bot_bids_a_tenth_of_its_treasury_in_the_councils_rounds_and_plays_social_engineering() -> None:
    bid = {**offer("CouncilBid"), "title": "Bid in the Council: The Council meets every 3 rounds, in Exploit 1"}
    assert decide(situation(view([unit(1, "scout")], mu=300), [bid], "exploit.1")) == [
        {"kind": "CouncilBid", "payload": {"mu": 30}}]
    every_2 = {**bid, "title": "Bid in the Council: The Council meets every 2 rounds, in Exploit 1"}
    assert decide(situation(view([unit(1, "scout")], mu=300), [every_2], "exploit.1")) == []  # round 3
    cards = offer("SocialEngineering", {}, choice_field("choice", ["green", "wealth"]))
    state = Situation({"round": 5, "step": "exploit.1"}, view([unit(1, "scout")]), [cards],
                      turn_rng("seed", 5, "exploit.1"))
    assert decide(state)[0]["payload"]["choice"] in ("green", "wealth")

def test_a_bot_researches_one_technology_at_a_time_with_a_tenth_of_its_treasury() -> None:
    start = offer("StartResearch", {}, choice_field("tech", ["hull_cruiser", "terraforming"]),
                  choice_field("poi_id", ["home"]))
    (planned,) = decide(situation(view([unit(1, "scout")], mu=1000), [start], step="explore.13"))
    assert planned == {"kind": "StartResearch",
                       "payload": {"tech": "hull_cruiser", "poi_id": "home", "mu_per_round": 100, "unit_ids": []}}
    fund = offer("FundResearch", {"project_id": 9})
    assert decide(situation(view([unit(1, "scout")]), [start, fund], step="explore.13")) == []
    assert decide(situation(view([unit(1, "scout")], mu=50), [start], step="explore.13")) == []
