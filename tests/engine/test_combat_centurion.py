"""Centurion's Basic Game: odds and their rounding, stacking, zones of control, the command radius, each result of
the Combat Results Table, retreats (through enemy zones of control too), the game's length and its victory, the
setup from a skirmish and the battle's return to the campaign."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from combat.engine.centurion.bot import bot_action
from combat.engine.centurion.game import (
    CRT,
    GAME_TURNS,
    Battle,
    Counter,
    IllegalAction,
    Phase,
    Result,
    apply,
    end_phase,
    odds_column,
    odds_label,
    view,
)
from combat.engine.centurion.hexmap import BattleMap, HexCoord, MapKind, Terrain, draw_map, hex_distance
from combat.engine.centurion.setup import counters_of, setup_battle
from combat.engine.centurion.system import CenturionCombat, Step, outcome, replay, setup_event
from combat.engine.registry import combat_system
from game.engine.combat import Ending
from game.engine.dice import ScriptedDice, SeededDice
from tests.engine.test_combat_units import random_skirmish, skirmish, unit

H = HexCoord


def open_map(width: int = 12, height: int = 10, rough: tuple[HexCoord, ...] = (),
             blocked: tuple[HexCoord, ...] = ()) -> BattleMap:
    terrain = {H(c, r): Terrain.OPEN for c in range(1, width + 1) for r in range(1, height + 1)}
    terrain.update(dict.fromkeys(rough, Terrain.ROUGH))
    terrain.update(dict.fromkeys(blocked, Terrain.BLOCKED))
    return BattleMap(MapKind.DEEP_SPACE, width, height, terrain)


def c(cid: str, side: str, at: HexCoord, attack: int = 4, defense: int = 4, movement: int = 4,
      command: bool = False) -> Counter:
    return Counter(cid, side, cid, attack, defense, movement, command, None if command else int(cid[1:]), at)


def battle(*counters: Counter, battle_map: BattleMap | None = None, phase: Phase = Phase.MOVEMENT) -> Battle:
    b = Battle(battle_map or open_map(), ("a", "b"), {x.counter_id: x for x in counters})
    b.phase = phase
    return b


# --- odds -------------------------------------------------------------------------------------------------------

def test_odds_round_in_the_defenders_favour() -> None:
    assert odds_label(odds_column(26, 9)) == "2-1"  # the rules' own example
    assert odds_label(odds_column(9, 26)) == "1-3"  # 1 to 2.9 is worse than 1-2
    assert odds_label(odds_column(18, 9)) == "2-1"  # exact ratios stay
    assert odds_label(odds_column(100, 1)) == "6-1"  # beyond the table: its last column
    assert odds_label(odds_column(1, 100)) == "1-5"


def test_a_friendly_command_within_five_hexes_rounds_in_the_attackers_favour() -> None:
    assert odds_label(odds_column(26, 9, attacker_favour=True)) == "3-1"
    assert odds_label(odds_column(9, 26, attacker_favour=True)) == "1-2"
    b = battle(c("u1", "a", H(5, 5), attack=26), c("u2", "b", H(6, 5), defense=9),
               c("cmd-a", "a", H(1, 5), command=True), phase=Phase.COMBAT)
    assert b.odds([b.counters["u1"]], H(6, 5))["odds"] == "3-1"
    b.counters["cmd-a"].at = H(1, 1)  # more than five hexes away
    assert b.odds([b.counters["u1"]], H(6, 5))["odds"] == "2-1"


def test_an_enemy_command_near_the_defender_negates_the_attackers_command() -> None:
    b = battle(c("u1", "a", H(5, 5), attack=26), c("u2", "b", H(6, 5), defense=9),
               c("cmd-a", "a", H(4, 5), command=True), c("cmd-b", "b", H(9, 5), command=True), phase=Phase.COMBAT)
    assert b.odds([b.counters["u1"]], H(6, 5))["odds"] == "2-1"


def test_rough_ground_shifts_the_odds_one_column_to_the_defender() -> None:
    b = battle(c("u1", "a", H(5, 5), attack=8), c("u2", "b", H(6, 5), defense=4),
               battle_map=open_map(rough=(H(6, 5),)), phase=Phase.COMBAT)
    odds = b.odds([b.counters["u1"]], H(6, 5))
    assert (odds["rounded"], odds["shift"], odds["odds"]) == ("2-1", 1, "1-1")


# --- movement, stacking, zones of control --------------------------------------------------------------------------

def test_movement_costs_by_terrain_and_never_off_the_map_or_into_blocked_hexes() -> None:
    b = battle(c("u1", "a", H(2, 5), movement=2), battle_map=open_map(rough=(H(3, 5),), blocked=(H(2, 4),)))
    reach = b.reachable(b.counters["u1"])
    assert reach[H(3, 5)] == 2 and reach[H(4, 5)] == 2  # rough costs 2; around it, two open hexes cost 2 too
    assert H(2, 4) not in reach
    with pytest.raises(IllegalAction) as error:
        apply(b, "a", {"kind": "move", "counter": "u1", "to": [0, 5]}, ScriptedDice([]))
    assert error.value.field == "to"


def test_at_most_three_units_stack_and_command_units_do_not_count() -> None:
    b = battle(c("u1", "a", H(3, 5)), c("u2", "a", H(3, 5)), c("u3", "a", H(3, 5)), c("u4", "a", H(2, 5)),
               c("cmd-a", "a", H(2, 6), command=True))
    assert H(3, 5) not in b.reachable(b.counters["u4"])  # a fourth may not enter
    assert H(4, 5) in b.reachable(b.counters["u4"]) or H(4, 4) in b.reachable(b.counters["u4"])
    assert H(3, 5) in b.reachable(b.counters["cmd-a"])  # a command unit "does not exist" for stacking
    b.counters["cmd-a"].at = H(3, 5)
    b.counters["u3"].at = H(4, 5)
    assert H(3, 5) in b.reachable(b.counters["u4"])  # two units and a command leave room for one


def test_units_may_pass_through_friends_but_never_through_enemies() -> None:
    b = battle(c("u1", "a", H(2, 5), movement=3), c("u2", "a", H(3, 5)), c("u9", "b", H(10, 1)),
               c("cmd-b", "b", H(4, 5), command=True))
    reach = b.reachable(b.counters["u1"])
    assert H(3, 5) in reach and H(4, 5) not in reach  # a lone enemy command blocks the hex, but has no ZOC
    assert H(5, 5) in reach


def test_entering_an_enemy_zone_of_control_ends_movement() -> None:
    b = battle(c("u1", "a", H(3, 5), movement=3), c("u9", "b", H(5, 5)))
    reach = b.reachable(b.counters["u1"])
    assert H(4, 5) in reach  # adjacent to the enemy: it may enter...
    assert H(6, 5) not in reach  # ...but not move through the zone to the hex beyond, 3 hexes away
    apply(b, "a", {"kind": "move", "counter": "u1", "to": [4, 5]}, ScriptedDice([]))
    assert b.reachable(b.counters["u1"]) == {}


def test_adjacent_opposing_units_may_not_move_at_all() -> None:
    b = battle(c("u1", "a", H(4, 5)), c("u9", "b", H(5, 5)))
    with pytest.raises(IllegalAction, match="adjacent to the enemy"):
        apply(b, "a", {"kind": "move", "counter": "u1", "to": [3, 5]}, ScriptedDice([]))


def test_a_lone_command_unit_exerts_no_zone_of_control_but_stacked_with_units_its_hex_has_one() -> None:
    b = battle(c("u1", "a", H(2, 5), movement=6), c("cmd-b", "b", H(5, 5), command=True))
    assert H(6, 6) in b.reachable(b.counters["u1"])
    assert H(5, 5) not in b.controlled_by("a") and H(4, 5) not in b.controlled_by("b")


def test_a_unit_moves_once_a_phase_and_only_in_its_own_movement_phase() -> None:
    b = battle(c("u1", "a", H(2, 5)), c("u9", "b", H(11, 5)))
    apply(b, "a", {"kind": "move", "counter": "u1", "to": [3, 5]}, ScriptedDice([]))
    with pytest.raises(IllegalAction, match="already moved"):
        apply(b, "a", {"kind": "move", "counter": "u1", "to": [4, 5]}, ScriptedDice([]))
    with pytest.raises(IllegalAction) as error:
        apply(b, "b", {"kind": "move", "counter": "u9", "to": [10, 5]}, ScriptedDice([]))
    assert error.value.field == "side"


# --- combat and the results table ----------------------------------------------------------------------------------

def _attack(b: Battle, roll: int, attackers: list[str], target: HexCoord) -> dict[str, Any]:
    events = apply(b, "a", {"kind": "attack", "attackers": attackers, "target": [target.col, target.row]},
                   ScriptedDice([roll]))
    return next(e.payload for e in events if e.type == "CenturionAttacked")


def duel(attack: int = 4, defense: int = 4) -> Battle:
    return battle(c("u1", "a", H(5, 5), attack=attack), c("u2", "a", H(1, 1)), c("u9", "b", H(6, 5), defense=defense),
                  c("u8", "b", H(12, 10)), phase=Phase.COMBAT)


def test_defender_eliminated() -> None:
    b = duel(attack=24, defense=4)  # 6-1
    assert CRT[0][9] == Result.DE
    payload = _attack(b, 1, ["u1"], H(6, 5))
    assert (payload["odds"], payload["roll"], payload["result"]) == ("6-1", 1, "DE")
    assert b.counters["u9"].at is None and payload["eliminated"] == ["u9"]


def test_attacker_eliminated() -> None:
    b = duel(attack=1, defense=5)  # 1-5
    payload = _attack(b, 6, ["u1"], H(6, 5))
    assert payload["result"] == "AE" and b.counters["u1"].at is None


def test_defender_retreats_two_hexes_away_from_the_attack() -> None:
    b = duel(attack=8, defense=4)  # 2-1, roll 2: DR
    payload = _attack(b, 2, ["u1"], H(6, 5))
    assert payload["result"] == "DR"
    at = b.counters["u9"].at
    assert at is not None and hex_distance(at, H(5, 5)) == 3 and b.counters["u9"].retreats == 1
    assert payload["retreats"][0]["path"][-1] == [at.col, at.row]


def test_attacker_retreats() -> None:
    b = duel(attack=4, defense=4)  # 1-1, roll 4: AR
    payload = _attack(b, 4, ["u1"], H(6, 5))
    assert payload["result"] == "AR"
    at = b.counters["u1"].at
    assert at is not None and hex_distance(at, H(6, 5)) == 3


def test_exchange_eliminates_the_defenders_and_attackers_worth_as_much() -> None:
    b = battle(c("u1", "a", H(5, 5), attack=2), c("u2", "a", H(5, 5), attack=3), c("u3", "a", H(5, 6), attack=5),
               c("u9", "b", H(6, 5), defense=5), c("u8", "b", H(12, 10)), phase=Phase.COMBAT)
    payload = _attack(b, 3, ["u1", "u2", "u3"], H(6, 5))  # 10 to 5: 2-1, roll 4 would be EX; 3 at 1-1...
    assert payload["odds"] == "2-1" and payload["result"] == "DR"
    b = battle(c("u1", "a", H(5, 5), attack=2), c("u2", "a", H(5, 5), attack=3), c("u3", "a", H(5, 6), attack=5),
               c("u9", "b", H(6, 5), defense=5), c("u8", "b", H(12, 10)), phase=Phase.COMBAT)
    payload = _attack(b, 4, ["u1", "u2", "u3"], H(6, 5))
    assert payload["result"] == "EX"
    # the defender's 5 is matched by the weakest first: 2 + 3
    assert set(payload["eliminated"]) == {"u9", "u1", "u2"} and b.counters["u3"].at == H(5, 6)


def test_no_unit_attacks_twice_and_no_hex_is_attacked_twice_a_phase() -> None:
    b = battle(c("u1", "a", H(5, 5), attack=1), c("u2", "a", H(5, 6), attack=1), c("u9", "b", H(6, 5), defense=9),
               c("u8", "b", H(12, 10)), phase=Phase.COMBAT)
    _attack(b, 1, ["u1"], H(6, 5))  # 1-5 roll 1: AR
    with pytest.raises(IllegalAction, match="already attacked"):
        _attack(b, 1, ["u2"], H(6, 5))


def test_stacked_attackers_need_the_same_movement_allowance() -> None:
    b = battle(c("u1", "a", H(5, 5), movement=4), c("u2", "a", H(5, 5), movement=5), c("u9", "b", H(6, 5)),
               c("u8", "b", H(12, 10)), phase=Phase.COMBAT)
    with pytest.raises(IllegalAction, match="same Movement Factor"):
        _attack(b, 1, ["u1", "u2"], H(6, 5))
    with pytest.raises(IllegalAction) as error:
        _attack(b, 1, ["u1"], H(8, 5))
    assert error.value.field == "target"


def test_defenders_in_a_stack_defend_together() -> None:
    b = battle(c("u1", "a", H(5, 5), attack=21), c("u9", "b", H(6, 5), defense=3), c("u8", "b", H(6, 5), defense=3),
               c("cmd-b", "b", H(6, 5), defense=1, command=True), c("u7", "b", H(12, 10)), phase=Phase.COMBAT)
    assert b.odds([b.counters["u1"]], H(6, 5))["defense"] == 7
    payload = _attack(b, 1, ["u1"], H(6, 5))
    assert set(payload["eliminated"]) == {"u9", "u8", "cmd-b"}


# --- retreats -----------------------------------------------------------------------------------------------------

def test_a_retreat_may_pass_through_but_not_end_in_an_enemy_zone_of_control() -> None:
    # Defender at 6,5 attacked from the west; an attacker's unit at 8,5 controls the hexes two to the east.
    b = battle(c("u1", "a", H(5, 5), attack=8), c("u2", "a", H(8, 3)), c("u3", "a", H(8, 7)),
               c("u9", "b", H(6, 5), defense=4), c("u8", "b", H(12, 10)), phase=Phase.COMBAT)
    payload = _attack(b, 2, ["u1"], H(6, 5))
    end = b.counters["u9"].at
    assert payload["result"] == "DR" and end is not None
    assert end not in b.controlled_by("a")


def test_a_stack_with_no_retreat_open_is_eliminated() -> None:
    # Surrounded: every hex two away is in the attacker's zone of control or blocked.
    blocked = tuple(h for h in open_map().within(H(6, 5), 2) if h not in open_map().within(H(6, 5), 1))
    b = battle(c("u1", "a", H(5, 5), attack=8), c("u9", "b", H(6, 5), defense=4), c("u8", "b", H(12, 10)),
               battle_map=open_map(blocked=blocked), phase=Phase.COMBAT)
    payload = _attack(b, 2, ["u1"], H(6, 5))
    assert payload["result"] == "DR" and payload["eliminated"] == ["u9"]
    assert payload["retreats"][0]["path"] == []


# --- turns and victory ----------------------------------------------------------------------------------------------

def test_each_game_turn_is_two_player_turns_of_movement_then_combat() -> None:
    b = battle(c("u1", "a", H(2, 5)), c("u9", "b", H(11, 5)))
    seen = []
    for _ in range(4):
        seen.append((b.turn, b.active, b.phase.value))
        end_phase(b)
    assert seen == [(1, "a", "movement"), (1, "a", "combat"), (1, "b", "movement"), (1, "b", "combat")]
    assert (b.turn, b.active, b.phase) == (2, "a", Phase.MOVEMENT)


def test_after_ten_turns_the_side_with_the_lower_share_of_losses_wins() -> None:
    # a loses 1 of 4 (25%), b loses 1 of 2 (50%): b lost fewer units but a larger share.
    b = battle(c("u1", "a", H(2, 5)), c("u2", "a", H(2, 6)), c("u3", "a", H(2, 7)), c("u4", "a", H(2, 8)),
               c("u9", "b", H(11, 5)), c("u8", "b", H(11, 6)))
    b.counters["u1"].at = None
    b.counters["u9"].at = None
    events = []
    while b.phase != Phase.OVER:
        events += end_phase(b)
    assert b.turn == GAME_TURNS and b.victor == "a"
    assert events[-1].type == "CenturionEnded" and events[-1].payload["ending"] == "game_length"


def test_equal_shares_of_losses_are_a_draw() -> None:
    b = battle(c("u1", "a", H(2, 5)), c("u9", "b", H(11, 5)))
    while b.phase != Phase.OVER:
        end_phase(b)
    assert b.victor is None


def test_the_battle_ends_when_a_side_has_no_combat_unit_left() -> None:
    b = duel(attack=24, defense=4)
    b.counters["u8"].at = None
    events = apply(b, "a", {"kind": "attack", "attackers": ["u1"], "target": [6, 5]}, ScriptedDice([1]))
    assert b.phase == Phase.OVER and b.victor == "a" and events[-1].payload["ending"] == "annihilation"
    with pytest.raises(IllegalAction, match="over"):
        apply(b, "b", {"kind": "end_phase"}, ScriptedDice([]))


# --- hidden stacks ----------------------------------------------------------------------------------------------------

def test_an_enemy_stack_is_seen_only_within_three_hexes_of_a_friendly_unit() -> None:
    b = battle(c("u1", "a", H(2, 5)), c("u9", "b", H(5, 5)), c("u8", "b", H(11, 5)), c("u7", "b", H(11, 5)))
    seen = {x["id"]: x for x in view(b, "a")["counters"]}
    assert "u9" in seen and "u8" not in seen and "u7" not in seen
    assert seen["?11.5"]["hidden"] and "name" not in seen["?11.5"]
    assert {x["id"] for x in view(b, None)["counters"]} >= {"u8", "u7", "u9"}


# --- from a skirmish, and back -------------------------------------------------------------------------------------

FLEET_A = (unit(1, hp=10, weapons=(("ballistic", 9),)), unit(2, hp=10, weapons=(("ballistic", 3),)),
           unit(3, hp=5, weapons=()))
FLEET_B = (unit(11, hp=40, weapons=(("energy", 6),), multiplier=1000),)


def test_counters_take_their_factors_from_the_units_stats_and_scale() -> None:
    counters = {x.counter_id: x for x in counters_of(skirmish(FLEET_A, FLEET_B))}
    assert "u3" not in counters  # unarmed units take no part
    assert counters["u11"].attack == 9 and counters["u11"].defense == 9  # the strongest of the battle
    assert counters["u1"].attack == 1 and counters["u2"].attack == 1  # at least 1
    assert counters["u1"].movement > counters["u11"].movement  # a thousandfold larger scale is slower
    assert counters["cmd-a"].command and counters["cmd-b"].defense == 1


def test_every_map_kind_keeps_its_deployment_edges_open_and_repeats_from_its_seed() -> None:
    for kind in MapKind:
        one, two = draw_map(kind, 16, 12, 7), draw_map(kind, 16, 12, 7)
        assert one == two
        assert all(one.terrain[H(col, row)] == Terrain.OPEN for col in (1, 2, 15, 16) for row in range(1, 13))
    assert Terrain.BLOCKED in draw_map(MapKind.ORBIT, 16, 12, 7).terrain.values()  # the planet


def test_the_bot_plays_a_battle_to_its_end_and_the_result_returns_in_the_campaigns_terms() -> None:
    sk = skirmish(FLEET_A, FLEET_B)
    dice = SeededDice(3)
    result = combat_system("centurion").fight(sk, dice)
    kinds = [e.type for e in result.events]
    assert kinds[:2] == ["BattleStarted", "CenturionSetUp"] and kinds[-1] == "BattleEnded"
    assert "CenturionMoved" in kinds and "CenturionAttacked" in kinds
    ended = next(e.payload for e in result.events if e.type == "CenturionEnded")
    assert result.victor == ended["victor"]
    fates = {o.unit_id: o for o in result.units}
    losers = {u.unit_id for u in sk.sides[0 if result.victor == "b" else 1].units} - {3}
    for o in fates.values():
        if result.victor and o.unit_id in losers:
            assert o.destroyed or o.escaped or o.hp_left == 0  # the loser's survivors withdraw
    assert result.ending in (Ending.VICTORY, Ending.FLED, Ending.STALEMATE)
    # the same dice fight the same battle
    again = combat_system("centurion").fight(sk, SeededDice(3))
    assert [e.payload for e in again.events] == [e.payload for e in result.events]


def test_a_battle_replays_exactly_from_its_setup_its_actions_and_its_seed() -> None:
    sk = random_skirmish(random.Random(5))
    start = setup_battle(sk, MapKind.ASTEROID_FIELD, 1)
    setup = setup_event(start).payload
    live, _ = replay(setup, [], SeededDice(9))
    dice = SeededDice(9)
    steps: list[Step] = []
    while live.phase != Phase.OVER:
        step = Step(live.active, bot_action(live))
        apply(live, step.side, step.action, dice)
        steps.append(step)
    again, events = replay(setup, steps, SeededDice(9))
    assert view(again, None) == view(live, None)
    result = outcome(sk, again, events)
    assert {o.unit_id for o in result.units} == {u.unit_id for s in sk.sides for u in s.units}


def test_a_retreated_unit_comes_back_damaged() -> None:
    sk = skirmish(FLEET_A, FLEET_B)
    b = setup_battle(sk, MapKind.DEEP_SPACE, 1)
    b.counters["u1"].retreats = 2
    b.counters["u2"].at = None
    b.counters["u11"].at = None
    b.phase, b.victor = Phase.OVER, "a"
    fates = {o.unit_id: o for o in outcome(sk, b, []).units}
    assert fates[1].hp_left == 5.0 and not fates[1].destroyed
    assert fates[2].destroyed and fates[11].destroyed


def test_an_unopposed_skirmish_is_not_fought() -> None:
    result = CenturionCombat().fight(skirmish(FLEET_A, (unit(20, weapons=()),)), SeededDice(1))
    assert result.ending == Ending.UNCONTESTED and result.victor == "a"


def test_a_full_map_turn_is_quick() -> None:
    sk = skirmish(tuple(unit(n) for n in range(1, 61)), tuple(unit(n, evasion=2) for n in range(101, 161)))
    b = setup_battle(sk, MapKind.PLANET_SURFACE, 1, size=(36, 44))
    dice = SeededDice(1)
    started = time.perf_counter()
    while b.turn == 1 and b.phase != Phase.OVER:
        apply(b, b.active, bot_action(b), dice)
    assert time.perf_counter() - started < 5


def test_each_side_may_rearrange_its_counters_on_its_own_edge_before_the_first_turn() -> None:
    b = setup_battle(skirmish(FLEET_A, FLEET_B), MapKind.DEEP_SPACE, 1)
    assert (b.phase, b.active) == (Phase.SETUP, "a")
    zone = b.reachable(b.counters["u1"])
    assert zone and all(h.col in (1, 2) for h in zone)
    apply(b, "a", {"kind": "move", "counter": "u1", "to": [2, 1]}, ScriptedDice([]))
    apply(b, "a", {"kind": "move", "counter": "u1", "to": [1, 1]}, ScriptedDice([]))  # placed again
    with pytest.raises(IllegalAction) as error:
        apply(b, "a", {"kind": "move", "counter": "u1", "to": [8, 1]}, ScriptedDice([]))
    assert error.value.field == "to"
    with pytest.raises(IllegalAction):
        apply(b, "a", {"kind": "attack", "attackers": ["u1"], "target": [16, 6]}, ScriptedDice([]))
    end_phase(b)
    assert (b.phase, b.active) == (Phase.SETUP, "b") and all(h.col in (15, 16) for h in b.reachable(b.counters["u11"]))
    end_phase(b)
    assert (b.turn, b.phase, b.active) == (1, Phase.MOVEMENT, "a") and b.counters["u1"].at == H(1, 1)
