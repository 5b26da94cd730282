"""Cluster War detection and survey (§12.0, §12.1, §7.0): the module's declaration.

A close scan (Explore 6) no longer surveys; a Survey order (Explore 14, instead of plotting a course) keeps a unit
in its system, and the survey is finished before the next Explore 6's close scan if the unit stayed. The rule math
(`game.engine.survey`: survey time, cloak against sensors) stays in the core, read by Explore 5 and 6 too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine import survey
from game.engine.apply import Draft
from game.engine.catalogue import CIV, EventType
from game.engine.orders.model import Field, OrderKind
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.world import UnitState
from game.modules.survey import orders, steps

# Surveys (Explore 14 and Explore 6): the civilization's own work.
EVENTS = (
    EventType("SurveyStarted", {"unit_id": int, "civ_id": int, "poi_id": str, "weeks": int}, CIV,
              "{unit_id:unit} stays at {poi_id:poi} to survey it ({weeks} week(s) of work)."),
    EventType("SurveyCompleted", {"unit_id": int, "civ_id": int, "poi_id": str, "planets": list[str]}, CIV,
              "{unit_id:unit} finished surveying {poi_id:poi}[: {planets:#planet} surveyed]."),
    EventType("SurveyFailed", {"unit_id": int, "civ_id": int, "poi_id": str, "reason": str}, CIV,
              "The survey of {poi_id:poi} by {unit_id:unit} failed: {reason}."),
)

# The unit stays Engaged in the system until the next Explore 6.


def _survey_started(d: Draft, p: dict[str, Any]) -> None:
    d.unit(p["unit_id"], state=UnitState.ENGAGED, task=f"survey:{p['poi_id']}")


def _surveyed(d: Draft, p: dict[str, Any]) -> None:
    civ = d.civs[p["civ_id"]]
    d.civs[civ.civ_id] = replace(civ, surveyed_planets=civ.surveyed_planets | set(p["planets"]))
    d.release((p["unit_id"],), task=f"survey:{p['poi_id']}")


def _survey_failed(d: Draft, p: dict[str, Any]) -> None:
    d.release((p["unit_id"],), task=f"survey:{p['poi_id']}")


MODULE = RuleModule(
    key="survey",
    label="Cluster War detection and survey",
    switch=ModuleSwitch(
        "module_cw_survey",
        "Sensors and signatures against range, surveys that reveal STEP codes and resources (§12.0-12.1).",
        to_options=lambda settings: {"survey": bool(settings["module_cw_survey"])},
        from_options=lambda options: {"module_cw_survey": True} if options.survey else {},
    ),
    is_on=lambda options: options.survey,
    rule_values={
        survey.CLOAKS_HIDE: True,  # §12.0: "Cloaked ships are never seen without a sensor advantage"
        survey.SCANS_SURVEY: False,  # §12.1: a close scan is scouting; a Survey surveys
        survey.UNSURVEYED_HINT: ": order a Survey in Explore 14; it is finished at the next Explore 6",
    },
    events=EVENTS,
    reducers={
        "SurveyStarted": _survey_started,
        "SurveyCompleted": _surveyed,
        "SurveyFailed": _survey_failed,
    },
    orders=(
        ModuleOrder(
            OrderKind(
                "Survey",
                "Survey",
                "A unit with working sensors stays in its system instead of moving, to survey a Point of Interest's "
                "planets (their STEP code, output, Ore and resources); the survey is finished at the next Explore 6 "
                "if it is still there. Colonizing needs a finished survey.",
                frozenset({"explore.14"}),
                (Field("unit_id", "Surveying unit", "unit"), Field("poi_id", "System to survey", "poi")),
                orders.check_survey,
                orders.offer_survey,
            ),
            steps.survey_order,
        ),
    ),
    # Explore 6: the surveys end before the close scan's own events.
    hooks=(StepHook("explore.6", "before", steps.surveys_finish),),
)
