"""Reads of research for a viewer (issue 14): a player's tech tree (known, in progress with its odds, available
next, the rest), their projects and every roll; the GM's overview of every civilization's research with the
catastrophes waiting for a ruling; a spectator's view, only what the GM published. The odds are those Explore 3
rolls (`game.engine.research.projects.next_chance`)."""

from __future__ import annotations

from typing import Any

from game import state_io
from game.engine.catalogue import Names
from game.engine.research import projects as rp
from game.engine.research.rules import SEVERITIES, SYSTEM_TITLES
from game.engine.research.technologies import Catalogue, Kind
from game.engine.world import ResearchProject, World
from game.errors import ServiceError
from game.event_catalogue import describe
from game.models import Campaign, Event
from game.visibility import Viewer, events_visible_to

HISTORY_TYPES = ("ResearchStarted", "ResearchFunded", "ResearchExtraRollsBought", "ResearchMoved",
                 "ResearchCancelled", "ResearchUnfunded", "ResearchRolled", "ResearchTableRolled",
                 "TechnologyLearned", "ResearchCatastrophe", "CatastropheRuled", "ResearchInterrupted",
                 "TechnologyTransferred", "ResearchAdjusted")
HISTORY_LIMIT = 200


def _project_json(world: World, project: ResearchProject) -> dict[str, Any]:
    out: dict[str, Any] = {
        "project_id": project.project_id, "civ_id": project.civ_id, "civ": world.civs[project.civ_id].name,
        "tech": project.tech, "tech_name": rp.tech_name(world, project.tech), "system": project.system,
        "poi_id": project.poi_id, "where": world.pois[project.poi_id].name if project.poi_id in world.pois else "",
        "mu_per_round": project.mu_per_round, "successes": project.successes, "needed": project.needed,
        "spent": project.spent, "unit_ids": list(project.unit_ids), "scientists": project.scientists,
        "extra_rolls": project.extra_rolls, "catastrophe": project.catastrophe,
        "stations": rp.stations(world, project)}
    if project.system == "cluster_war":
        out["next_chance"] = rp.next_chance(world, project).as_payload()
    return out


def _columns(catalogue: Catalogue) -> dict[str, int]:
    """A technology's column in the tree's picture: its longest chain of prerequisites (Cluster War), its card type
    (Alpha Centauri, which has none)."""
    if catalogue.system == "alpha_centauri":
        order = {Kind.TECHNOLOGY: 0, Kind.FACILITY: 1, Kind.SECRET_PROJECT: 2}
        return {t.key: order[t.kind] for t in catalogue.technologies}
    depth: dict[str, int] = {}

    def of(key: str) -> int:
        if key not in depth:
            tech = catalogue.by_key[key]
            depth[key] = 1 + max((of(r) for r in tech.requires), default=-1)
        return depth[key]

    return {t.key: of(t.key) for t in catalogue.technologies}


def tech_tree(world: World, civ_id: int) -> dict[str, Any]:
    """Every technology of the campaign's catalogue with its status for the civilization: known, in progress (with
    its project's odds), available (prerequisites known) or locked; its prerequisites are the tree's edges."""
    catalogue = rp.catalogue_of(world)
    if catalogue is None:
        return {"nodes": [], "columns": 0}
    civ = world.civs[civ_id]
    projects = {p.tech: p for p in rp.open_projects(world, civ_id)}
    available = {t.key for t in catalogue.available(civ.techs)}
    columns = _columns(catalogue)
    nodes = []
    for tech in catalogue.technologies:
        project = projects.get(tech.key)
        status = ("known" if tech.key in civ.techs else "in_progress" if project else
                  "available" if tech.key in available else "locked")
        node: dict[str, Any] = {
            "key": tech.key, "name": tech.name, "category": tech.category, "kind": tech.kind.value,
            "difficulty": tech.difficulty.value, "needed": rp.needed_for(world, civ_id, tech),
            "requires": list(tech.requires), "unlocks": list(tech.unlocks), "status": status,
            "column": columns[tech.key], "resource": tech.resource, "note": tech.note}
        if project is not None:
            node["project_id"] = project.project_id
            node["successes"] = project.successes
            if project.system == "cluster_war":
                node["chance"] = rp.next_chance(world, project).chance
        nodes.append(node)
    return {"nodes": nodes, "columns": 1 + max(columns.values(), default=0)}


def _unlock_keys(world: World, unit_id: int) -> set[str]:
    """What a unit shows of its technology when seen in action: its hull, component types and specials."""
    unit = world.units.get(unit_id)
    if unit is None:
        return set()
    design = world.design_of(unit)
    keys = {f"scale:{design.scale.name}", *(f"weapon:{w.type}" for w in design.weapons),
            *(f"defense:{d.type}" for d in design.defenses)}
    specials = design.specials
    keys |= {f"special:{name}" for name, on in (("cloak", specials.cloak), ("terraform", specials.terraform_tp),
                                                 ("research", specials.research)) if on}
    return keys


def seen_in_action(world: World, civ_id: int) -> list[dict[str, Any]]:
    """§8.0's first free discovery, "seeing the tech in action": technologies the civilization could research next
    that a unit it detects shows (its hull, a component type, a special), for the GM to grant or not."""
    catalogue = rp.catalogue_of(world)
    if catalogue is None:
        return []
    civ = world.civs[civ_id]
    candidates = {t.key: t for t in catalogue.available(civ.techs)}
    found: dict[str, dict[str, Any]] = {}
    for unit_id in sorted(civ.detected_units):
        shown = _unlock_keys(world, unit_id)
        for key, tech in candidates.items():
            if key not in found and shown & set(tech.unlocks):
                owner = world.civs[world.units[unit_id].civ_id].name
                found[key] = {"tech": key, "tech_name": tech.name, "seen_on": world.units[unit_id].name,
                              "owner": owner}
    return list(found.values())


def _history(viewer: Viewer, campaign: Campaign, civ_id: int | None, names: Names) -> list[dict[str, Any]]:
    rows = events_visible_to(viewer, campaign).filter(type__in=HISTORY_TYPES, undone=False)
    out = []
    for row in rows.order_by("-seq")[:HISTORY_LIMIT]:
        payload = row.payload
        if civ_id is not None and civ_id not in (payload.get("civ_id"), payload.get("from_civ"),
                                                 payload.get("to_civ")):
            continue
        out.append({"seq": row.seq, "round": row.round, "type": row.type, "payload": payload,
                    "description": describe(row.type, payload, names)})
    return out


def research_for(viewer: Viewer, campaign: Campaign, names: Names) -> dict[str, Any]:
    """A player's research; the GM's overview; a spectator's published technologies. `names` words the history as
    the viewer's map does (`selectors.event_names_for`)."""
    world = state_io.load_world(campaign)
    system = world.options.research
    base: dict[str, Any] = {"enabled": bool(system), "system": system, "system_title": SYSTEM_TITLES.get(system, ""),
                            "severities": list(SEVERITIES)}
    catalogue = rp.catalogue_of(world)
    if viewer.is_gm:
        return {**base, "role": "gm", "civs": [
            {"civ_id": civ_id, "name": civ.name, "techs": sorted(civ.techs),
             "tech_names": [rp.tech_name(world, k) for k in sorted(civ.techs)],
             "projects": [_project_json(world, p) for p in rp.open_projects(world, civ_id)],
             "seen": seen_in_action(world, civ_id)}
            for civ_id, civ in sorted(world.civs.items())],
            "catalogue": [{"key": t.key, "name": t.name} for t in catalogue.technologies] if catalogue else [],
            "history": _history(viewer, campaign, None, names)}
    if viewer.civ_id is not None and viewer.civ_id in world.civs:
        civ = world.civs[viewer.civ_id]
        return {**base, "role": "player", "civ_id": viewer.civ_id, "treasury": civ.mu,
                "techs": sorted(civ.techs), "tree": tech_tree(world, viewer.civ_id),
                "projects": [_project_json(world, p) for p in rp.open_projects(world, viewer.civ_id)],
                "history": _history(viewer, campaign, viewer.civ_id, names)}
    published = {}
    for row in Event.objects.filter(campaign=campaign, type="ResearchPublished", undone=False).order_by("seq"):
        civ_id = row.payload["civ_id"]
        published[civ_id] = {"civ_id": civ_id, "name": world.civs[civ_id].name if civ_id in world.civs else "",
                             "techs": [rp.tech_name(world, k) for k in row.payload["techs"]], "round": row.round}
    return {**base, "role": "spectator", "published": list(published.values())}


def research_odds(viewer: Viewer, campaign: Campaign, *, project_id: int, mu: int) -> dict[str, Any]:
    """The chance a project's next roll would have at `mu` a round: what a player reads before re-funding."""
    world = state_io.load_world(campaign)
    project = world.research.get(project_id)
    if project is None or not (viewer.is_gm or project.civ_id == viewer.civ_id):
        raise ServiceError(f"There is no research project {project_id} of yours.", field="project_id")
    if project.system != "cluster_war":
        raise ServiceError("The Alpha Centauri table has no odds by MU.", field="project_id")
    if mu < 0:
        raise ServiceError("MU a round cannot be negative.", field="mu")
    return rp.next_chance(world, project, mu).as_payload()
