"""The detection and survey module's part of Explore (game.engine.survey): carrying out the Survey order of
Explore 14, and the surveys it finishes before Explore 6's close scan."""

from __future__ import annotations

from game.engine import survey
from game.engine.dice import Dice
from game.engine.events import Event
from game.engine.orders import OrderCommand
from game.engine.step_input import StepInput
from game.engine.steps.common import to_civ
from game.engine.world import UnitState, World


def survey_order(order: OrderCommand, world: World) -> list[Event]:
    """Explore 14: a unit surveys instead of plotting a course."""
    unit = world.units[order.payload["unit_id"]]
    weeks = survey.survey_weeks(world.design_of(unit).stats.sensors)
    payload = {"unit_id": unit.unit_id, "civ_id": order.civ_id, "poi_id": order.payload["poi_id"], "weeks": weeks}
    return [to_civ(order.civ_id, "SurveyStarted", payload)]


def surveys_finish(step_input: StepInput, dice: Dice) -> list[Event]:
    """Before Explore 6's close scan: each survey begun in the last Explore 14 is finished if its unit stayed in
    the system (§12.1: "leaving early = failure, and the survey restarts"); its planets are surveyed."""
    world = step_input.world
    events: list[Event] = []
    for _, unit in sorted(world.units.items()):
        if unit.task is None or not unit.task.startswith("survey:") or unit.state is not UnitState.ENGAGED:
            continue
        poi_id = unit.task.removeprefix("survey:")
        payload = {"unit_id": unit.unit_id, "civ_id": unit.civ_id, "poi_id": poi_id}
        if poi_id not in world.pois or world.pois[poi_id].sector_id != unit.sector_id:
            events.append(to_civ(unit.civ_id, "SurveyFailed", {**payload, "reason": "the unit left the system"}))
            continue
        planets = survey.unsurveyed_planets(world, unit.civ_id, poi_id)
        events.append(to_civ(unit.civ_id, "SurveyCompleted", {**payload, "planets": planets}))
    return events
