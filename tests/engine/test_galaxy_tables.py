"""The broken Appendix B tables: each fix is a setting, and the setting decides the roll's result."""

from __future__ import annotations

import pytest

from galaxy.engine import (
    AttitudeOverlapFix,
    BinaryComponents,
    GalaxySettings,
    ObjectKind,
    PlanetaryArtifactFix,
    TechGapFix,
)
from galaxy.engine.generate import alien, attitude_and_physiology, encounter, star_type, strategic_resource
from galaxy.engine.tables import OCCUPIED_HEX_BY_ROLL, PLANETARY_SPECIALS, Row, Table
from game.engine.dice import ScriptedDice


def test_a_table_with_a_gap_is_refused() -> None:
    with pytest.raises(ValueError, match="cover 1-100"):
        Table("Broken", (Row(1, 10, "a"), Row(21, 100, "b")))


@pytest.mark.parametrize(("roll", "kind"), [(1, ObjectKind.O), (15, ObjectKind.A_DWARF), (40, ObjectKind.G),
                                            (90, ObjectKind.NEBULA), (99, ObjectKind.WORMHOLE)])
def test_the_occupied_hex_table_reads_as_printed(roll: int, kind: ObjectKind) -> None:
    assert OCCUPIED_HEX_BY_ROLL[roll] is kind


@pytest.mark.parametrize(("fix", "era"), [(TechGapFix.FIRST_GEN, "1st Gen"), (TechGapFix.PRE_FTL, "Pre-FTL")])
def test_tech_gap_setting_decides_rolls_11_to_20(fix: TechGapFix, era: str) -> None:
    technology, _, _ = alien(ScriptedDice([15, 50, 50]), GalaxySettings(tech_gap=fix))
    assert technology.result.startswith(era)


@pytest.mark.parametrize(("fix", "attitude"), [(AttitudeOverlapFix.XENOPHOBIC_TO_98, "Xenophobic"),
                                               (AttitudeOverlapFix.TOTALLY_FROM_97, "Totally Xenophobic")])
def test_attitude_overlap_setting_decides_rolls_97_and_98(fix: AttitudeOverlapFix, attitude: str) -> None:
    result, _ = attitude_and_physiology(ScriptedDice([97, 50]), GalaxySettings(attitude_overlap=fix))
    assert result.result == attitude


def test_pirates_roll_attitude_on_4d10_plus_60() -> None:
    result, _ = attitude_and_physiology(ScriptedDice([1, 1, 1, 1, 50]), GalaxySettings(), pirates=True)
    assert (result.roll, result.result) == (64, "Belligerent")


@pytest.mark.parametrize(("fix", "found"), [
    (PlanetaryArtifactFix.ARTIFACT_TABLE, "Stasis Module (Cluster Map)"),
    (PlanetaryArtifactFix.FTL_DRIVE_TABLE, "A derelict ship with a hyper drive"),
])
def test_planetary_artifact_setting_picks_the_table(fix: PlanetaryArtifactFix, found: str) -> None:
    special = encounter(ScriptedDice([4, 18]), PLANETARY_SPECIALS, GalaxySettings(planetary_artifact=fix))
    assert special.result == "Alien Artifact"
    assert special.details[0].result == found


def test_npc_aliens_off_rolls_an_alien_civilization_again() -> None:
    special = encounter(ScriptedDice([10, 50]), PLANETARY_SPECIALS, GalaxySettings(npc_aliens=False))
    assert special.result == "Strategic Resource"


@pytest.mark.parametrize(("fix", "components"), [
    (BinaryComponents.STARS_ONLY, (ObjectKind.G, ObjectKind.K)),
    (BinaryComponents.AS_ROLLED, (ObjectKind.NEBULA, ObjectKind.G)),
])
def test_binary_component_setting(fix: BinaryComponents, components: tuple[ObjectKind, ...]) -> None:
    # 100 = Binary; then 80 (a nebula), 100 (Binary again: always re-rolled), 30 (G), 50 (K).
    kind, rolled = star_type(ScriptedDice([100, 80, 100, 30, 50]), GalaxySettings(binary_components=fix))
    assert kind is ObjectKind.BINARY
    assert rolled == components


@pytest.mark.parametrize(("unique", "name"), [(True, "Neutronium"), (False, "Something Unique")])
def test_something_unique_setting_reaches_the_section_5_resources(unique: bool, name: str) -> None:
    resource = strategic_resource(ScriptedDice([80, 95, 1]), GalaxySettings(unique_resources=unique))
    assert resource.special and resource.name == name


def test_settings_stored_as_strings_become_their_enums() -> None:
    settings = GalaxySettings(tech_gap="01-20 is Pre-FTL")  # type: ignore[arg-type]
    assert settings.tech_gap is TechGapFix.PRE_FTL
    with pytest.raises(ValueError):
        GalaxySettings(tech_gap="never")  # type: ignore[arg-type]
