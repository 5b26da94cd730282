"""Reads of a campaign's universe setup, each filtered for its viewer: the galaxy and its proposed home worlds are
the GM's until the campaign starts; a civilization's designs and race are its own (and the GM's)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from galaxy import state_io
from galaxy.engine import HexCoord
from galaxy.engine.tables import ObjectKind
from galaxy.models import CivilizationSetup, GalaxyMap, UnitDesignRecord
from game import state_io as game_state_io
from game.engine.designer import DesignProblem, design_cost, design_problems
from game.engine.factions import FACTIONS
from game.engine.races import (
    AP_BUDGETS,
    EXAMPLE_EXTRA_ITEMS,
    EXAMPLE_RACES,
    PRICE_LIST,
    Category,
    RaceItem,
    home_world_cost,
)
from game.engine.research import projects as research_projects
from game.engine.starts import BUILDABLE, PRESET_TITLES, PRESETS, Start, start_to_dict
from game.engine.units import STARTER_UNITS, Scale, UnitDesign
from game.errors import Forbidden, NotFound, ServiceError
from game.models import Campaign, Civilization, StepResolution
from game.visibility import Viewer


def is_started(campaign: Campaign) -> bool:
    """Started: the GM started it on a galaxy, or a step has already been closed (a campaign played without one)."""
    started_on_galaxy = GalaxyMap.objects.filter(campaign=campaign, started_at__isnull=False).exists()
    return started_on_galaxy or StepResolution.objects.filter(campaign=campaign).exists()


def researched_keys(civ_id: int) -> frozenset[str]:
    """Technology a civilization's designs may use: its approved race's picks (with the research module on, its
    known technologies and what they unlock are added by `design_research`)."""
    setup = CivilizationSetup.objects.filter(civilization_id=civ_id, status=CivilizationSetup.Status.APPROVED).first()
    if setup is None or setup.kind != CivilizationSetup.Kind.RACE:
        return frozenset()
    return frozenset(pick["key"] for pick in setup.race.get("picks", ()))


@dataclass(frozen=True)
class DesignResearch:
    """What the designer holds a civilization to: its research keys, whether the research module gates the design
    (docs/rules.md, "Research — what technology does") and how far its incremental technologies raise ceilings."""

    researched: frozenset[str]
    gated: bool = False
    raises: Mapping[str, int] = field(default_factory=dict)

    def problems(self, design: UnitDesign) -> tuple[DesignProblem, ...]:
        return design_problems(design, self.researched, gated=self.gated, raises=self.raises)


def design_research(civ_id: int) -> DesignResearch:
    picks = researched_keys(civ_id)
    campaign = Campaign.objects.filter(civilizations__pk=civ_id).first()
    if campaign is None or not campaign.world_seq:
        return DesignResearch(picks)
    world = game_state_io.load_world(campaign)
    known = research_projects.researched(world, civ_id)
    if known is None:
        return DesignResearch(picks)
    return DesignResearch(picks | known, True, research_projects.stat_raises(world, civ_id))


def campaign_race_items(campaign: Campaign) -> tuple[RaceItem, ...]:
    """The campaign's extra price list: the §3.2 items the checklist lacks, then the GM's own, in the order added."""
    stored = campaign.rule_options.get("race_items", ())
    return (*EXAMPLE_EXTRA_ITEMS, *(state_io.race_item_from_dict(data) for data in stored))


def parse_design(data: dict[str, Any], design_id: str, civ_id: int | None) -> UnitDesign:
    try:
        return state_io.design_from_input(data, design_id, civ_id)
    except DesignProblem as problem:
        raise ServiceError(f"{problem.field}: {problem.reason}", field=problem.field) from None


def _require_gm(viewer: Viewer) -> None:
    if not viewer.is_gm:
        raise Forbidden("Only the campaign's Game Master sees the galaxy setup.")


def galaxy_setup(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """The GM's setup view: settings, seed, every Point of Interest in a compact row, the home worlds, who joined."""
    _require_gm(viewer)
    default, edits = state_io.campaign_starts(campaign.rule_options)
    civs = [{"id": c.pk, "name": c.name, "setup": _setup_json(getattr(c, "setup", None)),
             "start": _start_json(state_io.civ_start(campaign.rule_options, c.pk), edited=str(c.pk) in edits)}
            for c in Civilization.objects.filter(campaign=campaign).select_related("setup").order_by("pk")]
    state: dict[str, Any] = {"campaign_id": campaign.pk, "generated": False, "started": is_started(campaign),
                             "civilizations": civs, "starts": starts_catalogue(default),
                             "race_items": campaign.rule_options.get("race_items", [])}
    galaxy_map = GalaxyMap.objects.filter(campaign=campaign).first()
    if galaxy_map is None:
        return state
    points = galaxy_map.points.order_by("col", "row").values_list(
        "col", "row", "kind", "category", "spectral_class", "planet_count", "viable_count")
    return state | {
        "generated": True, "seed": galaxy_map.seed, "settings": galaxy_map.settings, "width": galaxy_map.width,
        "height": galaxy_map.height, "home_world_count": galaxy_map.home_world_count,
        "home_world_distance": galaxy_map.home_world_distance, "home_worlds": galaxy_map.home_worlds,
        # [col, row, map code, category, spectral class, planets, viable planets]: 1,600 rows stay small.
        "points": [[col, row, ObjectKind[kind].code if kind else "", category, spectral, planets, viable]
                   for col, row, kind, category, spectral, planets, viable in points],
    }


def system_detail(viewer: Viewer, campaign: Campaign, hex_label: str) -> dict[str, Any]:
    """One system, everything the generator rolled (the GM's; players see the World through their own view)."""
    _require_gm(viewer)
    galaxy_map = GalaxyMap.objects.filter(campaign=campaign).first()
    try:
        coord = HexCoord.parse(hex_label)
    except ValueError as error:
        raise ServiceError(str(error), field="hex") from None
    row = galaxy_map.points.filter(col=coord.col, row=coord.row).first() if galaxy_map else None
    if galaxy_map is None or row is None:
        raise NotFound(f"Nothing is at hex {hex_label}.")
    settings = state_io.settings_from_dict(galaxy_map.settings)
    poi = state_io.poi_from_dict(coord, settings.region_size, row.kind, row.data)
    return {
        "hex": hex_label, "kind": poi.kind.title if poi.kind else "Deep space",
        "stars": [s.kind.title for s in poi.stars],
        "planets": [{"star": "ABCDEFGH"[p.star], "orbit": p.orbit, "zone": p.zone, "step": str(p.step),
                     "body": p.body.value, "life": p.life.value, "max_output": p.max_output, "viable": p.viable,
                     "resources": [r.name for r in p.resources]} for p in poi.planets],
        "specials": [s.describe() for s in poi.specials],
    }


# --- each civilization's start -----------------------------------------------------------------------------------

def start_summary(start: Start) -> str:
    """"Standard: 1,250 MU, 60 Ore, 7 units" — how the setup page and the log name a start."""
    units = sum(count for _, count in start.units)
    return f"{PRESET_TITLES[start.preset]}: {start.mu:,} MU, {start.ore:,} Ore, {units} units"


def _start_json(start: Start, edited: bool) -> dict[str, Any]:
    return start_to_dict(start) | {"edited": edited, "summary": start_summary(start),
                                   "mine_output": start.mine_output, "survey_radius": start.survey_radius}


def starts_catalogue(default: str) -> dict[str, Any]:
    """What the GM picks a start from: the presets with their figures, and the designs a start may list (priced)."""
    return {
        "default": default,
        "presets": [{"key": key, "title": PRESET_TITLES[key]} | _start_json(preset, edited=False)
                    for key, preset in PRESETS.items()],
        "designs": [{"design_id": d.design_id, "name": d.name, "scale": d.scale.title,
                     "mu": design_cost(d).mu} for d in BUILDABLE.values()],
    }


# --- unit designs ------------------------------------------------------------------------------------------------

def _design_json(design: UnitDesign, owner: int | None) -> dict[str, Any]:
    cost = design_cost(design)
    return state_io.design_to_dict(design) | {"owner_civ_id": owner, "cost": asdict(cost)}


def designs_visible_to(viewer: Viewer, campaign: Campaign) -> list[dict[str, Any]]:
    """The starter designs everyone has, then the viewer's civilization's own designs (the GM: every one)."""
    records = UnitDesignRecord.objects.filter(campaign=campaign).order_by("pk")
    if not viewer.is_gm:
        if viewer.civ_id is None:
            raise Forbidden("Designs belong to the civilizations; join the campaign to design units.")
        records = records.filter(civilization_id=viewer.civ_id)
    starters = [_design_json(d, None) for d in STARTER_UNITS]
    return starters + [_design_json(state_io.design_from_dict(r.data), r.civilization_id) for r in records]


def design_detail(viewer: Viewer, campaign: Campaign, design_id: str) -> dict[str, Any]:
    starter = next((d for d in STARTER_UNITS if d.design_id == design_id), None)
    if starter is not None:
        return _design_json(starter, None)
    record = UnitDesignRecord.objects.filter(campaign=campaign, design_id=design_id).first()
    # Another civilization's design does not exist, as far as this viewer can tell.
    if record is None or not (viewer.is_gm or record.civilization_id == viewer.civ_id):
        raise NotFound("No such design.")
    return _design_json(state_io.design_from_dict(record.data), record.civilization_id)


def design_preview(viewer: Viewer, data: dict[str, Any]) -> dict[str, Any]:
    """What the designer shows while a player edits: the cost and combat figures, and every problem by field."""
    civ_id = viewer.civ_id if viewer.is_player else None
    design = parse_design(data, "preview", civ_id)
    problems = design_research(civ_id).problems(design) if civ_id is not None else design_problems(design)
    return {"cost": asdict(design_cost(design)),
            "problems": [{"field": p.field, "reason": p.reason} for p in problems]}


COMPONENT_TYPES = ("ballistic", "energy", "missile", "psionic")


def designer_catalogue(viewer: Viewer | None = None) -> dict[str, Any]:
    """What the designer offers: every scale and component type, or, for a player while the research module is on,
    only those their civilization's technologies unlock (docs/rules.md, "Research — what technology does")."""
    research = design_research(viewer.civ_id) if viewer is not None and viewer.civ_id is not None else None
    gate = research.researched if research is not None and research.gated else None

    def known(prefix: str, key: str) -> bool:
        return gate is None or f"{prefix}:{key}" in gate

    scales = [{"key": s.name, "title": s.title, "multiplier": s.multiplier,
               "basic": state_io.design_to_dict(next(d for d in STARTER_UNITS if d.scale is s))}
              for s in Scale if known("scale", s.name)]
    return {"scales": scales, "weapon_types": [t for t in COMPONENT_TYPES if known("weapon", t)],
            "defense_types": [t for t in COMPONENT_TYPES if known("defense", t)], "gated": gate is not None}


# --- civilization setup ------------------------------------------------------------------------------------------

def _setup_json(setup: CivilizationSetup | None) -> dict[str, Any] | None:
    if setup is None:
        return None
    return {"kind": setup.kind, "race": setup.race, "faction": setup.faction, "ap_total": setup.ap_total,
            "status": setup.status, "gm_comment": setup.gm_comment}


def civ_setup(viewer: Viewer, campaign: Campaign, civ_id: int) -> dict[str, Any]:
    """A civilization's race or faction, with where it stands in words (`status_text`) and whether the campaign
    has `started` (its setup can no longer change)."""
    civ = Civilization.objects.filter(campaign=campaign, pk=civ_id).select_related("setup").first()
    if civ is None or not (viewer.is_gm or viewer.civ_id == civ_id):
        raise NotFound("No such civilization.")
    setup = getattr(civ, "setup", None)
    started = is_started(campaign)
    return {"civ_id": civ.pk, "name": civ.name, "setup": _setup_json(setup), "started": started,
            "status_text": _setup_status(setup, started)}


def _setup_status(setup: CivilizationSetup | None, started: bool) -> str:
    if setup is None:
        return ("The campaign has started without a race or faction of yours." if started else
                "Nothing submitted yet: design a race or take a faction; the GM approves it before the start.")
    what = (f"Race {setup.race.get('name', '')} ({setup.ap_total} AP)" if setup.kind == CivilizationSetup.Kind.RACE
            else f"Faction {next((f.name for f in FACTIONS if f.key == setup.faction), setup.faction)}")
    said = f" The GM says: “{setup.gm_comment}”" if setup.gm_comment else ""
    if started:
        return f"{what}: in play since the campaign started; it can no longer change.{said}"
    if setup.status == CivilizationSetup.Status.APPROVED:
        return f"{what}: approved by the GM; the campaign starts when the GM starts it.{said}"
    if setup.status == CivilizationSetup.Status.RETURNED:
        return f"{what}: sent back by the GM; change it and submit it again.{said}"
    return f"{what}: waiting for the GM's approval.{said}"


def _item_json(item: RaceItem) -> dict[str, Any]:
    return {"key": item.key, "name": item.name, "category": item.category.value, "ap": item.ap,
            "max_levels": item.max_levels, "requires": list(item.requires), "excludes": list(item.excludes),
            "requires_any": list(item.requires_any), "note": item.note}


def race_catalogue(extra_items: tuple[RaceItem, ...] = EXAMPLE_EXTRA_ITEMS) -> dict[str, Any]:
    """Everything the race builder offers: the §3.1 price list, the campaign's extra items, the §3.2 examples and
    the seven factions."""
    return {
        "budget": AP_BUDGETS["first_gen_ftl"],
        "step_ap": {digit: home_world_cost(digit * 4) // 4 for digit in "0123456789X"},
        "items": [_item_json(i) for i in PRICE_LIST],
        "extra_items": [_item_json(i) for i in extra_items],
        "examples": [{"name": r.name, "home_world": r.home_world, "description": r.description,
                      "picks": [{"key": p.key, "levels": p.levels} for p in r.picks]} for r in EXAMPLE_RACES],
        "factions": [{"key": f.key, "name": f.name, "traits": list(f.traits),
                      "scores": [[s.title, v] for s, v in f.starting_scores],
                      "forbidden": f.forbidden_social_engineering, "may_attack": f.may_attack} for f in FACTIONS],
    }


def race_categories() -> list[str]:
    """The race builder's item categories, in the price list's order (the GM's setup page offers them)."""
    return [category.value for category in Category]
