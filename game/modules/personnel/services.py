"""The GM's mission desk (issue 15): the system proposed each mission's outcome in Explore 12; the GM confirms it,
edits it or narrates it, each time with a reason, before the reports go out in Explore 4. Every ruling is an
event (MissionAdjudicated, the GM's alone) that the world is rebuilt from."""

from __future__ import annotations

from game.engine import events as engine_events
from game.errors import ServiceError
from game.ledger import User, record_world_events
from game.models import Event
from game.services.desk import gm_desk

ACTIONS = ("confirm", "edit", "narrate")
NARRATION_LIMIT = 4000


def mission_adjudicate(gm: User, campaign_id: int, *, mission_id: int, action: str, reason: str = "",
                       narration: str = "", success: bool | None = None, caught: bool | None = None) -> Event:
    """Confirm a proposal as it stands (one click), edit its outcome (success or failure, the agent caught or
    not) with a reason, or add the GM's narration the sender will read in the report."""
    reason, narration = reason.strip(), narration.strip()
    if action not in ACTIONS:
        raise ServiceError(f"The action is one of {', '.join(ACTIONS)}.", field="action")
    if len(narration) > NARRATION_LIMIT:
        raise ServiceError(f"Keep the narration under {NARRATION_LIMIT} characters.", field="narration")
    with gm_desk(gm, campaign_id) as (campaign, world):
        mission = world.missions.get(mission_id)
        if mission is None:
            raise ServiceError(f"There is no mission {mission_id}.", field="mission_id")
        if mission.status == "reported":
            raise ServiceError("That mission has been reported; its outcome is history.", field="mission_id")
        proposal = mission.proposal
        now_success = bool(proposal.get("success")) if success is None else success
        now_caught = bool(proposal.get("caught")) if caught is None else caught
        if action == "edit":
            if now_success == bool(proposal.get("success")) and now_caught == bool(proposal.get("caught")):
                raise ServiceError("Change the outcome (success, caught) to edit it, or confirm it.",
                                   field="success")
            if not reason:
                raise ServiceError("Give a reason for changing the dice's outcome.", field="reason")
            if now_caught and mission.target_civ is None:
                raise ServiceError("Only an agent on a mission against another civilization can be caught.",
                                   field="caught")
        elif success is not None or caught is not None:
            raise ServiceError("Only an edit changes the outcome.", field="action")
        if action == "narrate" and not narration:
            raise ServiceError("Write what happened.", field="narration")
        grade = str(proposal.get("grade", "success"))
        if now_success:
            grade = "success"
        elif grade == "success":
            grade = "barely"  # the GM made a success a failure: "barely failed" unless the dice said worse
        event = engine_events.Event("MissionAdjudicated", {
            "mission_id": mission_id, "action": action, "reason": reason or "confirmed as proposed",
            "narration": narration or mission.narration, "success": now_success, "caught": now_caught,
            "grade": grade}, engine_events.Visibility.GM)
        (row,) = record_world_events(campaign, world, [event], gm)
    return row
