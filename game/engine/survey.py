"""Detection and survey (Cluster War §12.0-12.1, §7.0): the module `module_cw_survey`.

With the module on (docs/rules.md, "Detection and survey"):
* **cloak against sensors** (§12.0, "deterministic, no roll"): a cloaked unit is seen only by sensors better than
  its cloak ("a sensor advantage (LRS level > cloak level) sees through it"), on top of the range CV's Sensors and
  Signature already give (`rulings.lrs_range`), in Explore 5 and 6;
* **scouting is not surveying** (§12.1): a close scan (Explore 6) finds planets and what orbits them but no longer
  surveys them; a **Survey** order (Explore 14, instead of plotting a course) keeps a unit with working sensors in
  the system, and the survey is finished at the next Explore 6 if the unit is still there ("leaving early =
  failure"). A survey reveals each planet's STEP code, max output, Ore and resources;
* **colonizing needs a finished survey** (§7.0), refused with the reason otherwise (Expand 5).
Hidden objects are still found by the GM's optional rolls of Explore 5 and 6 (`gm_detection_rolls`), unchanged.
"""

from __future__ import annotations

from game.engine import rule_module, rulings
from game.engine.units import UnitDesign
from game.engine.world import World

BASE_SURVEY_WEEKS = 4  # §12.1: one month with one LRS and one survey bay
SURVEY_BAYS = 1  # CV designs carry no survey bay: every unit able to scan counts as one (a ruling)


def survey_weeks(lrs: int, bays: int = SURVEY_BAYS) -> int:
    """§12.1: "Every two extra LRS or one extra survey bay will cut the time in half", minimum one week."""
    halvings = (lrs - 1) // 2 + (bays - 1)
    return max(1, BASE_SURVEY_WEEKS >> max(0, halvings))


def can_survey(design: UnitDesign) -> bool:
    """LRS (working Sensors, as a close scan needs) and a survey bay (`SURVEY_BAYS`)."""
    return design.stats.sensors >= rulings.MIN_SCAN_SENSORS


# The survey module's rule values (`RuleModule.rule_values`), read by the core's scans and colonizing.
CLOAKS_HIDE = "cloaked_units_need_better_sensors"  # §12.0
SCANS_SURVEY = "close_scans_survey_planets"  # without the module a close scan surveys; with it only a Survey does
UNSURVEYED_HINT = "how_to_survey_a_planet"  # what a refusal to colonize an unsurveyed planet adds


def sees_through(world: World, sensors: int, cloak: int) -> bool:
    """§12.0: "Cloaked ships are never seen without a sensor advantage"; without the module, range alone decides."""
    return cloak <= 0 or sensors > cloak or not rule_module.rule_value(world.options, CLOAKS_HIDE, False)


def unsurveyed_planets(world: World, civ_id: int, poi_id: str) -> list[str]:
    surveyed = world.civs[civ_id].surveyed_planets
    return sorted(p.planet_id for p in world.planets.values() if p.poi_id == poi_id and p.planet_id not in surveyed)


def survey_task(poi_id: str) -> str:
    return f"survey:{poi_id}"
