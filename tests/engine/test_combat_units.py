"""Combat rulings about single units (initiative, bulwark, unarmed units, mixed scales), and the builders
the other combat tests share."""

from __future__ import annotations

import random

import pytest

from combat.engine.diceless import fighting_power
from combat.engine.registry import COMBAT_SYSTEMS, combat_system
from combat.engine.stats import initiative
from game.engine.combat import (
    CombatSide,
    CombatUnit,
    Defense,
    Skirmish,
    Weapon,
    bulwark_rating,
    is_combat_capable,
)


def unit(
    unit_id: int,
    *,
    hp: float = 10,
    evasion: float = 1,
    targeting: float = 1,
    weapons: tuple[tuple[str, float], ...] = (("ballistic", 4),),
    defenses: tuple[tuple[str, float], ...] = (),
    multiplier: int = 1,
    max_hp: float | None = None,
    civ_id: int = 1,
) -> CombatUnit:
    return CombatUnit(
        unit_id=unit_id,
        civ_id=civ_id,
        name=f"Unit {unit_id}",
        multiplier=multiplier,
        hp=hp,
        max_hp=hp if max_hp is None else max_hp,
        evasion=evasion,
        targeting=targeting,
        weapons=tuple(Weapon(kind, damage) for kind, damage in weapons),
        defenses=tuple(Defense(kind, dr) for kind, dr in defenses),
    )


def skirmish(a: tuple[CombatUnit, ...], b: tuple[CombatUnit, ...]) -> Skirmish:
    return Skirmish("s1", "A1", (CombatSide("a", (1,), a), CombatSide("b", (2,), b)))


def random_skirmish(rng: random.Random) -> Skirmish:
    """Random fleets (mixed scales, typed weapons, some damaged or unarmed units) for invariant tests."""
    def fleet(first_id: int) -> tuple[CombatUnit, ...]:
        units = []
        for n in range(rng.randint(1, 8)):
            max_hp = rng.randint(1, 20)
            kinds = ("ballistic", "energy", "missile")
            weapons = [(rng.choice(kinds), rng.choice((0.5, 2, 3.5, 6))) for _ in range(rng.randint(0, 3))]
            defenses = [(rng.choice(kinds), rng.choice((0.25, 1.0, 2.0))) for _ in range(rng.randint(0, 2))]
            units.append(unit(
                first_id + n,
                hp=rng.uniform(0.5, 1.0) * max_hp,
                max_hp=max_hp,
                evasion=rng.randint(0, 3),
                targeting=rng.randint(0, 3),
                weapons=tuple(weapons),
                defenses=tuple(defenses),
                multiplier=rng.choice((1, 10, 100, 1_000)),
            ))
        return tuple(units)
    return skirmish(fleet(100), fleet(200))


def test_initiative_is_targeting_times_scale_multiplier() -> None:
    assert initiative(unit(1, targeting=3, evasion=5, multiplier=100)) == 300


def test_bulwark_rating_is_max_hp_plus_defense_dr_times_multiplier() -> None:
    damaged = unit(1, hp=4, max_hp=10, defenses=(("ballistic", 2), ("energy", 1.5)), multiplier=1_000)
    assert bulwark_rating(damaged) == (10 + 2 + 1.5) * 1_000


def test_unit_without_a_damaging_weapon_is_not_combat_capable() -> None:
    assert is_combat_capable(unit(1))
    assert not is_combat_capable(unit(2, weapons=()))
    assert not is_combat_capable(unit(3, weapons=(("ballistic", 0),)))
    assert not is_combat_capable(unit(4, hp=0))


def test_mixed_scales_multiply_each_unit_by_its_own_multiplier() -> None:
    # HP 10 + attack 4 + DR 2 + evasion 1 + initiative 1 = 18 on the design sheet.
    assert fighting_power(unit(1, defenses=(("energy", 2),))) == 18
    assert fighting_power(unit(2, defenses=(("energy", 2),), multiplier=1_000)) == 18_000


def test_registry_offers_the_four_systems_by_key() -> None:
    assert set(COMBAT_SYSTEMS) == {"diceless", "instant_mass", "separate_weapon", "centurion"}
    assert all(system.key == key for key, system in COMBAT_SYSTEMS.items())
    assert combat_system("instant_mass").title == "Instant Mass Combat"


def test_registry_names_the_choices_for_an_unknown_key() -> None:
    with pytest.raises(ValueError, match="diceless, instant_mass, separate_weapon, centurion"):
        combat_system("tactical")
