"""STEP codes, step distance and the colonization multiplier (Cluster War §2.1, §7.0, §18)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from galaxy.engine import (
    EARTH_LIKE,
    Body,
    Life,
    Planet,
    StepCode,
    colonization_cost,
    colonization_multiplier,
    is_viable_planet,
    step_distance,
)


def code(text: str) -> StepCode:
    return StepCode.parse(text)


def test_step_code_reads_and_writes_x_as_ten() -> None:
    eden = code("55X5")
    assert eden.environment == 10
    assert str(eden) == "55X5"
    with pytest.raises(ValueError):
        code("55Y5")


@pytest.mark.parametrize(
    ("colony", "steps"), [("5465", 2), ("4455", 2), ("5655", 1), ("5555", 0), ("55X5", 5)]
)
def test_step_distance_matches_the_rules_examples(colony: str, steps: int) -> None:
    assert step_distance(EARTH_LIKE, code(colony)) == steps


@pytest.mark.parametrize(
    ("colony", "multiplier"),
    [
        ("5555", "1"),  # zero: perfect match
        ("5565", "1.5"),  # 1 step
        ("5465", "1.5"),  # 2 steps: "a 5465 world seen from 5555 is 2 steps away (x1.5)"
        ("5558", "2"),  # 3
        ("5559", "2"),  # 4
        ("5550", "3"),  # 5
        ("4550", "3"),  # 6
        ("3550", "4"),  # 7
        ("2550", "4"),  # 8
        ("1550", "5"),  # 9+
    ],
)
def test_colonization_multiplier_follows_the_steps_table(colony: str, multiplier: str) -> None:
    assert colonization_multiplier(code(colony), EARTH_LIKE) == Decimal(multiplier)


def test_any_x_is_uninhabitable_whatever_the_steps() -> None:
    assert colonization_multiplier(code("55X5"), EARTH_LIKE) == 5


def test_an_x_shared_with_the_home_world_is_not_automatically_uninhabitable() -> None:
    assert colonization_multiplier(code("55X5"), code("55X5")) == 1


def test_environmental_resistance_prices_a_world_one_step_less() -> None:
    three_steps = code("5558")
    assert colonization_multiplier(three_steps, EARTH_LIKE) == 2
    assert colonization_multiplier(three_steps, EARTH_LIKE, environmental_resistance=True) == Decimal("1.5")
    assert colonization_multiplier(EARTH_LIKE, EARTH_LIKE, environmental_resistance=True) == 1
    assert colonization_multiplier(code("55X5"), EARTH_LIKE, environmental_resistance=True) == 5


def test_colonization_cost_examples_of_sections_7_and_18() -> None:
    assert colonization_cost(200, colonization_multiplier(code("5465"), EARTH_LIKE)) == 300
    bse = colonization_cost(73, colonization_multiplier(code("5555"), EARTH_LIKE)) + colonization_cost(
        389, colonization_multiplier(code("4455"), EARTH_LIKE)
    )
    assert bse == 657


def _planet(step: str) -> Planet:
    return Planet(star=0, orbit=1, temperature_index=38, zone="Normal", step=code(step),
                  body=Body.TERRESTRIAL, life=Life.NONE, max_output=200)


@pytest.mark.parametrize(
    ("step", "viable"), [("5555", True), ("0000", True), ("X555", False), ("555X", False)]
)
def test_a_viable_planet_has_no_x_in_its_step_code(step: str, viable: bool) -> None:
    assert is_viable_planet(_planet(step)) is viable
