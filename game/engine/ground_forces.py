"""Cluster War ground forces and ground battles (§6.5, §9.3, §14), as data and dice, below the World.

A battalion is a CV unit of a Vehicle-scale design `ground-<type>` (digest Part 3a: "CW ground battalion ≈ CV
Vehicle-scale formation"), its 10 hit points the 10 combat teams; the design is built from the §6.5 table, so a
world needs no declaration to hold one (`world_from_dict`, `apply`). The World-aware rules (garrisons, invasion,
rebellion, odds) are in `game.engine.ground_war`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.dice import Dice
from game.engine.step_codes import StepCode
from game.engine.units import Scale, UnitDesign, UnitStats

DESIGN_PREFIX = "ground-"
TEAMS = 10  # "Dispersed, 10 points to eradicate (10 combat teams)"
WEEKS_PER_QUARTER = 12  # digest Part 3a: up to 12 weekly ground-combat rounds fit in one Exterminate phase
TRAINING_BASE_SIZE = 25  # §6.5 "A training base costs 125 CP, size 25": every colony holds one (docs/rules.md)
DUG_IN_DR = 2  # "Defenders dug in: +2 ranged DR"; "Troops inside a base get the prepared-defence bonus"
REBEL_MILITIA_PER_QUARTER = 3  # "can build 1 militia unit per turn", x3 per FQ (Part 3a)
POP_PER_CITY = 10  # a colony holds one city (≥ 10 CP) per 10 Pop (100 CP a turn): one garrison each (ruling)


@dataclass(frozen=True)
class GroundType:
    """One row of the §6.5 Defense Forces table: AR and DR ranged/close, its price in CP, its cargo bays (the
    "1+N" size), its special abilities, the power-armor generation it needs."""

    key: str
    name: str
    ar: tuple[int, int]
    dr: tuple[int, int]
    cp: int
    bays: int = 0
    abilities: frozenset[str] = frozenset()

    @property
    def size(self) -> int:
        """Troop barracks + cargo bays: what it takes of a training base."""
        return 1 + self.bays


def _t(key: str, name: str, ar: tuple[int, int], dr: tuple[int, int], cp: int, bays: int = 0,
       *abilities: str) -> GroundType:
    return GroundType(key, name, ar, dr, cp, bays, frozenset(abilities))


# The table as printed (digest §6.5: "store the table as data"); its prices where they disagree with the formula.
GROUND_TYPES: dict[str, GroundType] = {t.key: t for t in (
    _t("militia", "Militia", (2, 2), (1, 1), 6),
    _t("infantry", "Infantry", (3, 3), (2, 2), 10),
    _t("marines", "Marines", (4, 4), (2, 2), 12),
    _t("mech-infantry", "Mechanized Infantry", (4, 2), (3, 1), 12, 1, "mobile"),
    _t("space-marines", "Space Marines", (4, 4), (3, 3), 16, 0, "drop"),
    _t("light-power-armor", "Light Power Armor", (6, 6), (3, 3), 18, 1),
    _t("light-power-marine", "Light Power Marine", (6, 6), (3, 3), 20, 1, "drop"),
    _t("heavy-power-armor", "Heavy Power Armor", (7, 7), (5, 5), 22, 1),
    _t("heavy-power-marine", "Heavy Power Marine", (7, 7), (5, 5), 25, 1, "drop"),
    _t("light-tank", "Light Tank", (7, 1), (5, 1), 16, 1, "mobile"),
    _t("medium-tank", "Medium Tank", (8, 1), (7, 1), 19, 1, "mobile"),
    _t("heavy-tank", "Heavy Tank", (11, 1), (10, 1), 25, 2, "mobile"),
    _t("missile-tank", "Missile Tank", (7, 1), (7, 1), 18, 1, "mobile"),
    _t("heavy-missile-tank", "Heavy Missile Tank", (10, 1), (7, 1), 24, 2, "mobile", "orbital fire"),
    _t("light-artillery", "Light Artillery", (4, 1), (3, 1), 9, 1),
    _t("medium-artillery", "Medium Artillery", (6, 1), (4, 1), 12, 1),
    _t("heavy-artillery", "Heavy Artillery", (12, 1), (5, 1), 23, 2, "orbital fire"),
    _t("grav-tank", "Grav Tank", (8, 1), (7, 1), 21, 1, "air mobile"),
    _t("drop-tank", "Drop Tank", (8, 1), (7, 1), 23, 1, "drop", "air mobile"),
    _t("light-fighter", "Light Fighter", (6, 0), (3, 0), 11, 1, "air mobile"),
    _t("heavy-fighter", "Heavy Fighter", (10, 0), (4, 0), 17, 2, "air mobile"),
)}

# §6.5 special ability multipliers in tenths (digest: integer tenths avoid 10 x 1.1 = 11.000000000000002 -> 12).
ABILITY_TENTHS = {"air mobile": 2, "chameleon": 1, "cloaking": 2, "drop": 1, "orbital fire": 2, "mobile": 1,
                  "suicidal fanatic": 0, "wild": -1}


def custom_cost_cp(ar: tuple[int, int], dr: tuple[int, int], abilities: Sequence[str]) -> int:
    """§6.5 "CP Cost = (Total AR + Total DR) x (1 + Σ multipliers), rounded up", for a unit not in the table."""
    base = sum(ar) + sum(dr)
    return math.ceil(base * (10 + sum(ABILITY_TENTHS[a] for a in abilities)) / 10)


def design_id_of(key: str) -> str:
    return DESIGN_PREFIX + key


def ground_type_of(design_id: str) -> GroundType | None:
    """The §6.5 type a design is a battalion of, or None for any other design."""
    if not design_id.startswith(DESIGN_PREFIX):
        return None
    return GROUND_TYPES.get(design_id.removeprefix(DESIGN_PREFIX))


def battalion_type(design_id: str) -> GroundType:
    """The §6.5 type of a design known to be a battalion's."""
    kind = ground_type_of(design_id)
    if kind is None:
        raise ValueError(f"{design_id} is no ground-force design.")
    return kind


def ground_design(kind: GroundType) -> UnitDesign:
    """The CV design of a battalion: Vehicle scale, no starship weapons (ground AR < 10 cannot hurt starships, and
    none fights in a space skirmish: they fight on the ground), no Move Rate of its own (carried between worlds)."""
    stats = UnitStats(sensors=1, signature=10, movement_rate=0, targeting=0, evasion=0, weapons=0, defenses=0,
                      hp=TEAMS)
    return UnitDesign(design_id_of(kind.key), kind.name, Scale.VEHICLE, stats, crew=0)


# §9.3 situation modifiers and §14 weather, on ranged values (ruling: weather works like terrain, docs/rules.md).
TERRAIN = {"open": (0, 0), "cluttered": (-1, 1), "obscured": (-2, 2)}  # (ranged AR, ranged DR), both sides
TERRAIN_LABELS = {"open": "open/clear", "cluttered": "cluttered (forest, city, badlands)",
                  "obscured": "obscured (swamp, jungle, subterranean)"}
WEATHER = {"clear": (0, 0), "rain": (-1, 1), "storm": (-2, 2)}
WEATHER_LABELS = {"clear": "clear", "rain": "rain or dust", "storm": "storm"}


def terrain_of(step: str) -> str:
    """A planet's battle terrain from its STEP code (ruling): the surface digit 0-3 open, 4-6 cluttered, 7+
    obscured; a thick or hostile atmosphere (environment 7+) one class worse. Unknown STEP: open."""
    if not step:
        return "open"
    code = StepCode.parse(step)
    grade = 0 if code.planet <= 3 else 1 if code.planet <= 6 else 2
    if code.environment >= 7:
        grade = min(2, grade + 1)
    return ("open", "cluttered", "obscured")[grade]


def roll_weather(dice: Dice, purpose: str) -> str:
    """§14 has no planetary weather table; ruling: 1d6, 1-3 clear, 4-5 rain or dust, 6 storm."""
    roll = dice.roll(6, purpose)
    return "clear" if roll <= 3 else "rain" if roll <= 5 else "storm"


@dataclass(frozen=True)
class Fighter:
    """A battalion in a ground battle: a unit (`unit_id`), or a colony's levy or rebel militia (None)."""

    unit_id: int | None
    kind: str


@dataclass(frozen=True)
class Conditions:
    terrain: str = "open"
    weather: str = "clear"
    defenders_dug_in: bool = True


def _strike(kind: GroundType, target: GroundType, conditions: Conditions, target_defends: bool) -> tuple[int, int]:
    """(AR, DR) of one attack. Ruling on §9.3's "ranged or close values are used depending on the situation": on
    open ground every attack is ranged (an approach in the open is shot to pieces); in cluttered or obscured terrain
    a unit closes in where its close AR is higher than its modified ranged AR. The target defends with its DR at
    that range; terrain, weather and a base's prepared defence touch ranged values only."""
    ar_mod = TERRAIN[conditions.terrain][0] + WEATHER[conditions.weather][0]
    dr_mod = TERRAIN[conditions.terrain][1] + WEATHER[conditions.weather][1]
    dr_mod += DUG_IN_DR if target_defends and conditions.defenders_dug_in else 0
    ranged_ar, close_ar = max(0, kind.ar[0] + ar_mod), kind.ar[1]
    if ranged_ar >= close_ar or conditions.terrain == "open":
        return ranged_ar, target.dr[0] + dr_mod
    return close_ar, target.dr[1]


@dataclass(frozen=True)
class BattleResult:
    weeks: int
    invaders_lost: tuple[Fighter, ...]
    defenders_lost: tuple[Fighter, ...]

    def victor(self, invaders: int, defenders: int) -> str | None:
        """"invader" when no defender stands, "defender" when no invader does, None when both still stand."""
        if len(self.defenders_lost) == defenders:
            return "invader"
        if len(self.invaders_lost) == invaders:
            return "defender"
        return None


def fight(invaders: Sequence[Fighter], defenders: Sequence[Fighter], conditions: Conditions, dice: Dice,
          label: str, weeks: int = WEEKS_PER_QUARTER) -> BattleResult:
    """§9.3 ground vs ground, one week at a time until a side is gone or the quarter's weeks run out: "Each unit
    attacks once per round, but can defend many times"; `1d10 + AR` against `1d10 + DR`, "if the attack is higher,
    the defender is usually destroyed"; both sides fire at once ("Both sides may be destroyed, or neither"). A unit
    picks its target among the standing enemies with a die (no roll when there is one)."""
    sides = [list(invaders), list(defenders)]
    lost: list[list[Fighter]] = [[], []]
    week = 0
    while week < weeks and all(sides):
        week += 1
        hit: list[set[int]] = [set(), set()]
        for side in (0, 1):
            enemies = sides[1 - side]
            for attacker in sides[side]:
                index = dice.roll(len(enemies), f"{label} week {week} target") - 1 if len(enemies) > 1 else 0
                target = enemies[index]
                ar, dr = _strike(GROUND_TYPES[attacker.kind], GROUND_TYPES[target.kind], conditions,
                                 target_defends=side == 0)
                attack = dice.roll(10, f"{label} week {week} attack") + ar
                defence = dice.roll(10, f"{label} week {week} defence") + dr
                if attack > defence:
                    hit[1 - side].add(index)
        for side in (0, 1):
            lost[side].extend(f for i, f in enumerate(sides[side]) if i in hit[side])
            sides[side] = [f for i, f in enumerate(sides[side]) if i not in hit[side]]
    return BattleResult(week, tuple(lost[0]), tuple(lost[1]))
