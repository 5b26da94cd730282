"""Rule modules as plugins (docs/architecture.md, "Rule modules"): a module is one package the core collects, and no
core file tests a plugged-in module's switch."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

import game.modules
from game.engine.catalogue import GAME_EVENTS, Catalogue
from game.engine.orders import legal_orders, validate_order
from game.engine.orders.prices import order_price
from game.engine.rule_module import RuleModule, rule_modules
from game.engine.settings_catalogue import from_world, in_world, module_switches
from game.engine.world import RuleOptions, World
from tests.engine.round_fixtures import of_type, order, run, world

ROOT = Path(__file__).resolve().parents[2]
CORE = [path for top in ("game", "combat", "galaxy", "frontend", "cvsite") for path in (ROOT / top).rglob("*.py")
        if "modules" not in path.relative_to(ROOT / top).parts[:1]]


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[RuleModule]:
    monkeypatch.setattr(game.modules, "RULE_MODULES", (*game.modules.RULE_MODULES, "tests.engine.toy_module"))
    yield rule_modules()[-1]
    monkeypatch.undo()
    assert "toy_module" not in {m.key for m in rule_modules()}


def _beacons_on(w: World, price: int = 4) -> World:
    return in_world(w, {"module_toy_beacons": True, "beacon_price": price})


def test_a_module_plugged_in_from_its_package_is_a_campaign_setting_the_world_reads(toy: RuleModule) -> None:
    assert ("module_toy_beacons", "Toy beacons", toy.switch.fills) in module_switches()
    assert not toy.plays(world().options)
    on = _beacons_on(world())
    assert toy.plays(on.options)
    assert from_world(on)["module_toy_beacons"] is True and from_world(on)["beacon_price"] == 4


def test_a_plugged_in_modules_order_is_offered_priced_carried_out_and_applied(toy: RuleModule) -> None:
    w = _beacons_on(world())
    assert "LightBeacon" in {o.kind for o in legal_orders(w, 1, "expand.6")}
    light = order(1, "expand.6", "LightBeacon", message="We are here")
    assert order_price(w, light).mu == 4
    events, after = run(w, "expand.6", light)
    assert of_type(events, "BeaconLit") == [{"civ_id": 1, "message": "We are here", "mu": 4}]
    assert after.civs[1].mu == w.civs[1].mu - 4
    Catalogue(GAME_EVENTS, toy.events).check(next(e for e in events if e.type == "BeaconLit"))


def test_a_plugged_in_modules_order_is_refused_in_a_campaign_without_it(toy: RuleModule) -> None:
    w = world()
    assert "LightBeacon" not in {o.kind for o in legal_orders(w, 1, "expand.6")} or pytest.fail("offered while off")
    events, after = run(w, "expand.6", order(1, "expand.6", "LightBeacon", message="Hello"))
    assert "not part of this campaign" in of_type(events, "OrderRejected")[0]["reason"]
    assert after.civs[1].mu == w.civs[1].mu


def test_a_step_hook_adds_its_events_after_the_steps_own_only_while_the_module_is_on(toy: RuleModule) -> None:
    events, _ = run(_beacons_on(world()), "expand.8")
    types = [e.type for e in events]
    assert types.index("BeaconsShone") < types.index("StepResolved")
    assert "BeaconsShone" not in [e.type for e in run(world(), "expand.8")[0]]


def test_a_module_unplugged_leaves_no_order_kind_behind(toy: RuleModule, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game.modules, "RULE_MODULES", tuple(p for p in game.modules.RULE_MODULES if "toy" not in p))
    with pytest.raises(Exception, match="unknown order 'LightBeacon'"):
        validate_order(order(1, "expand.6", "LightBeacon", message="Hello"), _beacons_on(world()))


def _switch_fields(module: RuleModule) -> set[str]:
    settings = {module.switch.key: True, **{o.key: o.default for o in module.switch.options}}
    return set(module.options_from(settings, RuleOptions())) - {"modules"}


@pytest.mark.parametrize("module", rule_modules(), ids=lambda m: m.key)
def test_no_core_file_tests_a_plugged_in_modules_switch(module: RuleModule) -> None:
    fields = _switch_fields(module)
    assert fields or module.is_on is None
    pattern = re.compile(r"options\.(" + "|".join(map(re.escape, sorted(fields))) + r")\b") if fields else None
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in CORE for number, line in enumerate(path.read_text().splitlines(), start=1)
             if pattern is not None and pattern.search(line)]
    assert not found, f"core files test the {module.key} module's switch; give it a step hook instead:\n" + \
        "\n".join(found)


def test_a_world_without_plugged_in_settings_writes_no_modules_entry() -> None:
    from game.engine.world import world_to_dict
    assert "modules" not in world_to_dict(replace(world(), options=RuleOptions()))["options"]
