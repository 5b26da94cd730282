"""The GM's research desk (issue 14): confirm or change a catastrophe's proposed severity, grant a discovery, adjust a
project, publish a civilization's technologies to everyone. Each is an event with the GM's reason, and the world is
rebuilt from it like from any other."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game.engine import events as engine_events
from game.engine.research import projects as rp
from game.engine.research.rules import SEVERITIES
from game.engine.world import World
from game.errors import ServiceError
from game.ledger import User, record_world_events
from game.models import Campaign, Event
from game.services.desk import gm_desk, ruling_reason

CIV = engine_events.Visibility.CIV
def _reason(reason: str, what: str) -> str:
    return ruling_reason(reason, f"Give a reason for {what}.")


@contextmanager
def _desk(gm: User, campaign_id: int) -> Iterator[tuple[Campaign, World]]:
    with gm_desk(gm, campaign_id) as (campaign, world):
        if rp.catalogue_of(world) is None:
            raise ServiceError("The research module is off in this campaign.", field="campaign")
        yield campaign, world


def catastrophe_rule(gm: User, campaign_id: int, *, project_id: int, severity: str, reason: str = "") -> Event:
    """Confirm the proposed severity (the reason may be left out) or change it (a reason is needed). A serious
    catastrophe halves the hit points of the project's research units; a disaster also costs a success
    (docs/rules.md, "Research — catastrophes")."""
    if severity not in SEVERITIES:
        raise ServiceError(f"The severity is one of {', '.join(SEVERITIES)}.", field="severity")
    with _desk(gm, campaign_id) as (campaign, world):
        project = world.research.get(project_id)
        if project is None or not project.catastrophe:
            raise ServiceError(f"Project {project_id} has no catastrophe waiting for a ruling.", field="project_id")
        if severity != project.catastrophe:
            reason = _reason(reason, "changing the proposed severity")
        damaged = [u for u in project.unit_ids if u in world.units] if severity != "minor" else []
        event = engine_events.Event("CatastropheRuled", {
            "project_id": project_id, "civ_id": project.civ_id, "tech_name": rp.tech_name(world, project.tech),
            "severity": severity, "proposed": project.catastrophe,
            "reason": reason.strip() or "confirmed as proposed", "damaged": damaged,
            "hp_after": {str(u): world.units[u].hp / 2 for u in damaged},
            "successes_after": max(0, project.successes - 1) if severity == "disaster" else project.successes,
        }, CIV, project.civ_id)
        (row,) = record_world_events(campaign, world, [event], gm)
    return row


def discovery_grant(gm: User, campaign_id: int, *, civ_id: int, tech: str, reason: str) -> Event:
    """A free discovery (§8.0: seen in action, an accident, a survey find): the technology is known at once, and a
    project on it closes."""
    reason = _reason(reason, "the discovery")
    with _desk(gm, campaign_id) as (campaign, world):
        if civ_id not in world.civs:
            raise ServiceError(f"There is no civilization {civ_id} in this campaign.", field="civ_id")
        catalogue = rp.catalogue_of(world)
        if catalogue is None or catalogue.get(tech) is None:
            raise ServiceError(f"There is no technology {tech!r} in the catalogue.", field="tech")
        if tech in world.civs[civ_id].techs:
            raise ServiceError(f"{world.civs[civ_id].name} already knows it.", field="tech")
        project = next((p for p in rp.open_projects(world, civ_id) if p.tech == tech), None)
        event = engine_events.Event("TechnologyLearned", {
            "civ_id": civ_id, "tech": tech, "tech_name": rp.tech_name(world, tech), "how": "discovery",
            "project_id": project.project_id if project else None, "reason": reason}, CIV, civ_id)
        (row,) = record_world_events(campaign, world, [event], gm)
    return row


def project_adjust(gm: User, campaign_id: int, *, project_id: int, successes: int, spent: int, scientists: int,
                   reason: str) -> list[Event]:
    """Set a project's successes, the MU spent on its current success and its gifted scientists; reaching the
    successes it needs makes the technology known."""
    reason = _reason(reason, "the adjustment")
    for name, value in (("successes", successes), ("spent", spent), ("scientists", scientists)):
        if value < 0:
            raise ServiceError(f"{name.capitalize()} cannot be negative.", field=name)
    with _desk(gm, campaign_id) as (campaign, world):
        project = world.research.get(project_id)
        if project is None:
            raise ServiceError(f"There is no open research project {project_id}.", field="project_id")
        name = rp.tech_name(world, project.tech)
        events = [engine_events.Event("ResearchAdjusted", {
            "project_id": project_id, "civ_id": project.civ_id, "tech_name": name, "successes": successes,
            "spent": spent, "scientists": scientists, "reason": reason}, CIV, project.civ_id)]
        if successes >= project.needed:
            events.append(engine_events.Event("TechnologyLearned", {
                "civ_id": project.civ_id, "tech": project.tech, "tech_name": name, "how": "research",
                "project_id": project_id, "reason": reason}, CIV, project.civ_id))
        rows = record_world_events(campaign, world, events, gm)
    return rows


def research_publish(gm: User, campaign_id: int, *, civ_id: int, reason: str = "") -> Event:
    """Tell everyone, spectators included, what a civilization knows (what spectators see of research)."""
    with _desk(gm, campaign_id) as (campaign, world):
        if civ_id not in world.civs:
            raise ServiceError(f"There is no civilization {civ_id} in this campaign.", field="civ_id")
        event = engine_events.Event("ResearchPublished", {
            "civ_id": civ_id, "techs": sorted(world.civs[civ_id].techs), "reason": reason.strip()},
            engine_events.Visibility.PUBLIC)
        (row,) = record_world_events(campaign, world, [event], gm)
    return row
