"""The scenario format: docs/scenario.schema.json describes what `parse_scenario` reads, every golden scenario
is valid under it, and a malformed scenario is refused by both, each naming the field at fault."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from combat.engine.registry import COMBAT_SYSTEMS
from game.engine.diplomacy import Proposal, Relation
from game.engine.orders import order_kinds
from game.engine.phases import ALL_STEPS
from game.engine.scenario import ScenarioProblem, expectation_failures, parse_scenario, run_scenario
from game.engine.units import Scale, Specials, UnitDesign, UnitStats
from game.engine.world import (
    Agent,
    Civilization,
    Colony,
    ConstructionProject,
    Fleet,
    Mine,
    Mission,
    Planet,
    PointOfInterest,
    ResearchProject,
    RuleOptions,
    Sector,
    SkirmishState,
    TerraformProject,
    TradeRoute,
    Unit,
    World,
    WorldDestruction,
    YardJob,
    world_to_dict,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "scenario.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.yaml")) + sorted(
    p for p in (ROOT / "tests" / "golden").glob("*.json") if not p.name.endswith(".expected.json"))

# Each record of the world's JSON and the dataclass it is read into.
RECORDS: dict[str, type] = {
    "options": RuleOptions, "design": UnitDesign, "sector": Sector, "poi": PointOfInterest, "planet": Planet,
    "civilization": Civilization, "unit": Unit, "colony": Colony, "mine": Mine, "project": ConstructionProject,
    "terraforming": TerraformProject, "skirmish": SkirmishState,
    "research_project": ResearchProject, "agent": Agent, "mission": Mission, "relation": Relation, "fleet": Fleet,
    "proposal": Proposal, "yard_job": YardJob, "trade_route": TradeRoute, "destruction": WorldDestruction,
}

SMALL: dict[str, Any] = {
    "title": "A lone scout",
    "world": {
        "sectors": [{"sector_id": "0,0"}],
        "civs": [{"civ_id": 1, "name": "Sol"}],
        "units": [{"unit_id": 1, "civ_id": 1, "design_id": "starter-light-corvette", "name": "Eye",
                   "sector_id": "0,0"}],
    },
    "orders": [
        {"civ_id": 1, "step": "explore.14", "kind": "PlotCourse", "payload": {"unit_id": 1, "sector_id": "0,0"}},
    ],
    "expect": {"civs.1.mu": 0},
}


def load(path: Path) -> Any:
    return yaml.safe_load(path.read_text())


def schema_complaints(data: Any) -> list[str]:
    """Every complaint of the schema, nested ones (inside oneOf) too, as "path: message"."""
    found = []
    pending = list(VALIDATOR.iter_errors(data))
    while pending:
        error = pending.pop()
        found.append(f"{'/'.join(str(p) for p in error.absolute_path)}: {error.message}")
        pending.extend(error.context or ())
    return found


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_golden_scenario_is_valid_under_the_schema(path: Path) -> None:
    assert schema_complaints(load(path)) == []


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_the_world_a_round_leaves_is_a_valid_scenario_world(path: Path) -> None:
    # What Campaign.world stores after a round can start a new scenario.
    final = run_scenario(parse_scenario(load(path), COMBAT_SYSTEMS)).final
    assert schema_complaints({"title": "after", "world": json.loads(json.dumps(world_to_dict(final)))}) == []


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_each_world_record_in_the_schema_has_exactly_the_fields_of_its_dataclass(name: str) -> None:
    fields = dataclasses.fields(RECORDS[name])
    definition = SCHEMA["$defs"][name]
    assert set(definition["properties"]) == {f.name for f in fields}
    required = {f.name for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    assert set(definition["required"]) == required
    assert definition["additionalProperties"] is False


def test_design_stats_specials_and_scales_match_the_unit_model() -> None:
    design = SCHEMA["$defs"]["design"]["properties"]
    assert set(design["stats"]["required"]) == {f.name for f in dataclasses.fields(UnitStats)}
    assert set(design["specials"]["properties"]) == {f.name for f in dataclasses.fields(Specials)}
    assert design["scale"]["enum"] == [scale.name for scale in Scale]


def test_the_world_tables_are_those_world_to_dict_writes() -> None:
    written = {*world_to_dict(World()), "research"}  # research: written once a project is open
    # The personnel, diplomacy and social modules' tables are written once they have put something in them.
    later = {"agents", "missions", "relations", "proposals", "social", "social_adjustments", "governor",
             "governor_terms", "council_proposal", "yard_jobs", "fleets",
             "trade_routes", "destructions", "stress", "crews", "crew_pools"}
    assert set(SCHEMA["$defs"]["world"]["properties"]) == written | later


def test_orders_name_every_step_and_kind_and_each_kind_its_legal_steps() -> None:
    order = SCHEMA["$defs"]["order"]
    assert order["properties"]["step"]["enum"] == [step.key for step in ALL_STEPS]
    assert set(order["properties"]["kind"]["enum"]) == set(order_kinds())
    legal = {rule["if"]["properties"]["kind"]["const"]: set(rule["then"]["properties"]["step"]["enum"])
             for rule in order["allOf"]}
    assert legal == {name: set(kind.steps) for name, kind in order_kinds().items()}


def test_combat_systems_in_the_schema_are_those_registered() -> None:
    by_key = SCHEMA["$defs"]["combat"]["oneOf"][0]["properties"]["system"]["enum"]
    assert set(by_key) == set(COMBAT_SYSTEMS)


def test_a_small_well_formed_scenario_passes_both() -> None:
    assert schema_complaints(SMALL) == []
    assert parse_scenario(SMALL, COMBAT_SYSTEMS).title == "A lone scout"


def test_the_example_in_the_format_document_is_valid_and_meets_its_expectations() -> None:
    document = (ROOT / "docs" / "scenarios.md").read_text()
    found = re.search(r"```yaml\n(title:.*?)```", document, re.S)
    assert found is not None
    example = yaml.safe_load(found.group(1))
    assert schema_complaints(example) == []
    scenario = parse_scenario(example, COMBAT_SYSTEMS)
    assert scenario.expect
    assert expectation_failures(scenario, run_scenario(scenario).final) == []


def broken(change: str) -> dict[str, Any]:
    data = copy.deepcopy(SMALL)
    if change == "title missing":
        del data["title"]
    elif change == "order without civ_id":
        del data["orders"][0]["civ_id"]
    elif change == "order in a step that does not exist":
        data["orders"][0]["step"] = "explore.99"
    elif change == "unknown combat system":
        data["combat"] = {"system": "dice-less"}
    elif change == "a die showing 0":
        data["dice"] = [3, 0]
    elif change == "unit without a sector":
        del data["world"]["units"][0]["sector_id"]
    elif change == "civ_id written as text":
        data["orders"][0]["civ_id"] = "1"
    return data


@pytest.mark.parametrize(("change", "schema_path", "parser_field", "named"), [
    ("title missing", "", "title", "title"),
    ("order without civ_id", "orders/0", "orders[0].civ_id", "civ_id"),
    ("order in a step that does not exist", "orders/0/step", "orders[0].step", "explore.99"),
    ("unknown combat system", "combat/system", "combat.system", "dice-less"),
    ("a die showing 0", "dice/1", "dice", "0"),
    ("unit without a sector", "world/units/0", "world", "sector_id"),
    ("civ_id written as text", "orders/0/civ_id", "orders[0].civ_id", "'1'"),
])
def test_a_malformed_scenario_is_refused_by_the_schema_and_the_parser_naming_the_field(
    change: str, schema_path: str, parser_field: str, named: str
) -> None:
    data = broken(change)
    complaints = schema_complaints(data)
    assert any(c.startswith(f"{schema_path}:") and named in c for c in complaints), complaints
    with pytest.raises(ScenarioProblem) as refused:
        parse_scenario(data, COMBAT_SYSTEMS)
    assert refused.value.field == parser_field
    assert str(refused.value).startswith(f"{parser_field}: ")
