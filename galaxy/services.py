"""Every write to a campaign's universe setup: generating the galaxy, moving a home world, starting the campaign on
it, saving a unit design, submitting and reviewing a civilization's race or faction. Each locks the campaign,
checks, calls the engine and stores rows and events in one transaction (events push after commit)."""

from __future__ import annotations

import re
from dataclasses import asdict, replace
from typing import Any

from django.db import transaction
from django.utils import timezone

from galaxy import selectors, state_io
from galaxy.engine import (
    Galaxy,
    HexCoord,
    HomeWorld,
    HomeWorldPlacementError,
    generate_galaxy,
    hex_distance,
    place_home_worlds,
)
from galaxy.engine.homeworlds import home_planet, neighbourhood
from galaxy.models import CivilizationSetup, GalaxyMap, StoredPointOfInterest, UnitDesignRecord
from game import dispatch
from game import state_io as campaign_world
from game.engine import events as engine_events
from game.engine import world as w
from game.engine.designer import design_cost
from game.engine.factions import FACTIONS_BY_KEY
from game.engine.races import (
    RaceDesign,
    RaceItem,
    RacePick,
    RaceProblem,
    extra_item_problem,
    race_cost,
    race_problems,
    starting_bonus,
)
from game.engine.research.cluster_war import CATALOGUE as CW_CATALOGUE
from game.engine.starts import PRESET_TITLES, Start, StartProblem, read_start, start_to_dict
from game.errors import Conflict, NotFound, ServiceError
from game.ledger import User, append_events, locked_campaign, random_seed
from game.models import Campaign, Civilization
from game.visibility import campaign_for, require_gm, require_gm_of, require_player, viewer_for

PUBLIC, CIV, GM = engine_events.Visibility.PUBLIC, engine_events.Visibility.CIV, engine_events.Visibility.GM
NEIGHBOURHOOD_RADIUS = 3
MIN_VIABLE_NEIGHBOURS = 3


def _require_not_started(campaign: Campaign, doing: str) -> None:
    if selectors.is_started(campaign):
        raise Conflict(f"Cannot {doing}: the campaign has started.")


def _check_gm(user: User, campaign_id: int) -> None:
    """Permission first, outside the lock, so a stranger never makes the server generate a galaxy."""
    require_gm(campaign_for(user, campaign_id)[1])


# --- the galaxy --------------------------------------------------------------------------------------------------

def _home_world_json(galaxy: Galaxy, home: HomeWorld) -> dict[str, Any]:
    return {
        "number": home.number, "hex": galaxy.label(home.coord), "star": home.star, "orbit": home.orbit,
        "step": str(home.step), "max_output": home.max_output, "neighbourhood": asdict(home.neighbourhood),
        "nearest_capital": home.nearest_capital,
    }


def points_store(galaxy_map: GalaxyMap, galaxy: Galaxy) -> None:
    """Replace the map's rows with `galaxy`'s Points of Interest, one row each, in bulk (the caller's transaction)."""
    galaxy_map.points.all().delete()
    StoredPointOfInterest.objects.bulk_create(_stored_rows(galaxy_map, galaxy), batch_size=2000)


def _stored_rows(galaxy_map: GalaxyMap, galaxy: Galaxy) -> list[StoredPointOfInterest]:
    rows = []
    for poi in galaxy.points_of_interest:
        spectral = poi.kind.spectral_class if poi.kind is not None else None
        if spectral is None and poi.stars:
            spectral = poi.stars[0].spectral_class
        rows.append(StoredPointOfInterest(
            galaxy=galaxy_map, col=poi.coord.col, row=poi.coord.row, kind=poi.kind.name if poi.kind else "",
            category=poi.category.value if poi.category else "", spectral_class=spectral.value if spectral else "",
            planet_count=len(poi.planets), viable_count=len(poi.viable_planets), data=state_io.poi_to_dict(poi)))
    return rows


def galaxy_generate(gm: User, campaign_id: int, *, settings: dict[str, Any], seed: str | None = None,
                    home_worlds: int = 4, min_distance: int = 15) -> GalaxyMap:
    """Generate (or re-roll, with a new seed) the campaign's galaxy and propose its home worlds; GM only, before
    the campaign starts. The same seed and settings always store the same galaxy."""
    _check_gm(gm, campaign_id)
    try:
        galaxy_settings = state_io.settings_from_dict(settings)
    except (TypeError, ValueError) as error:
        raise ServiceError(str(error), field="settings") from None
    if not 1 <= home_worlds <= 50:
        raise ServiceError("Place 1 to 50 home worlds.", field="home_worlds")
    seed = seed or random_seed()
    galaxy = generate_galaxy(galaxy_settings, seed)
    try:
        homes = place_home_worlds(galaxy, home_worlds, min_distance, seed, radius=NEIGHBOURHOOD_RADIUS,
                                  min_viable_neighbours=MIN_VIABLE_NEIGHBOURS)
    except HomeWorldPlacementError as error:
        raise ServiceError(str(error), field="home_worlds") from None
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        _require_not_started(campaign, "generate a new galaxy")
        galaxy_map, _ = GalaxyMap.objects.update_or_create(campaign=campaign, defaults={
            "seed": seed, "settings": state_io.settings_to_dict(galaxy_settings), "width": galaxy_settings.width,
            "height": galaxy_settings.height, "home_world_count": home_worlds, "home_world_distance": min_distance,
            "home_worlds": [_home_world_json(galaxy, home) for home in homes],
        })
        points_store(galaxy_map, galaxy)
        append_events(campaign, [engine_events.Event("GalaxyGenerated", {
            "seed": seed, "width": galaxy_settings.width, "height": galaxy_settings.height,
            "points_of_interest": len(galaxy.points_of_interest), "home_worlds": len(homes)}, GM)], gm)
    return galaxy_map


def stored_galaxy(galaxy_map: GalaxyMap) -> Galaxy:
    settings = state_io.settings_from_dict(galaxy_map.settings)
    pois = [state_io.poi_from_dict(HexCoord(row.col, row.row), settings.region_size, row.kind, row.data)
            for row in galaxy_map.points.all()]
    return state_io.galaxy_from_pois(galaxy_map.seed, settings, pois)


def home_world_move(gm: User, campaign_id: int, *, number: int, hex_label: str) -> GalaxyMap:
    """The GM's hand-edit: home world `number` moves to the system at `hex_label`, whose best home planet it takes;
    its neighbourhood is measured again."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        _require_not_started(campaign, "move a home world")
        galaxy_map = GalaxyMap.objects.filter(campaign=campaign).first()
        if galaxy_map is None:
            raise Conflict("Generate the galaxy first.")
        homes: list[dict[str, Any]] = list(galaxy_map.home_worlds)
        index = next((i for i, h in enumerate(homes) if h["number"] == number), None)
        if index is None:
            raise NotFound(f"There is no home world {number}.")
        try:
            coord = HexCoord.parse(hex_label.strip())
        except ValueError as error:
            raise ServiceError(str(error), field="hex") from None
        galaxy = stored_galaxy(galaxy_map)
        poi = galaxy.point_of_interest(coord)
        planet = home_planet(poi) if poi is not None else None
        if poi is None or planet is None:
            raise ServiceError(f"Hex {hex_label} holds no viable terrestrial planet to be a home world.", field="hex")
        if poi.has_npc_race:
            raise ServiceError(f"An alien race already lives at {hex_label}.", field="hex")
        if any(h["hex"] == galaxy.label(coord) for i, h in enumerate(homes) if i != index):
            raise ServiceError(f"{hex_label} is already another home world.", field="hex")
        around = neighbourhood(galaxy, poi, planet, NEIGHBOURHOOD_RADIUS)
        homes[index] = {
            "number": number, "hex": galaxy.label(coord), "star": planet.star, "orbit": planet.orbit,
            "step": str(planet.step), "max_output": planet.max_output, "neighbourhood": asdict(around),
            "nearest_capital": None, "edited": True,
        }
        _measure_capitals(homes)
        galaxy_map.home_worlds = homes
        galaxy_map.save(update_fields=["home_worlds", "generated_at"])
        append_events(campaign, [engine_events.Event(
            "HomeWorldMoved", {"number": number, "hex": galaxy.label(coord)}, GM)], gm)
    return galaxy_map


def _measure_capitals(homes: list[dict[str, Any]]) -> None:
    coords = [HexCoord.parse(h["hex"]) for h in homes]
    for home, coord in zip(homes, coords, strict=True):
        others = [hex_distance(coord, other) for other in coords if other != coord]
        home["nearest_capital"] = min(others) if others else None


def _setup_extra_mu(scale: state_io.MoneyScale, setup: CivilizationSetup) -> int:
    if setup.kind == CivilizationSetup.Kind.RACE:
        return state_io.setup_extra_mu(scale, starting_bonus(race_from_input(setup.race)), None)
    return state_io.setup_extra_mu(scale, None, FACTIONS_BY_KEY[setup.faction])


def _environmental_resistance(setup: CivilizationSetup) -> bool:
    """CW §3.1's pick, which Expand 5 prices colonies with ("as if one step less")."""
    race = race_from_input(setup.race) if setup.kind == CivilizationSetup.Kind.RACE else None
    return race is not None and race.levels("environmental_resistance") > 0


def _research_traits(civ: w.Civilization, setup: CivilizationSetup) -> w.Civilization:
    """What the race or faction does to research (docs/rules.md, "Research"): Extra Intelligence's levels,
    Non-academic, psionics in its tech base, an Alpha Centauri faction's key, and the §3.1 technologies it bought,
    known from the start."""
    if setup.kind == CivilizationSetup.Kind.FACTION:
        return replace(civ, faction=setup.faction)
    race = race_from_input(setup.race)
    bought = {key for key in race.item_keys() if CW_CATALOGUE.get(key) is not None}
    return replace(civ, extra_intelligence=race.levels("extra_intelligence"),
                   non_academic=race.levels("non_academic") > 0, psionic=race.levels("psionic_ability") > 0,
                   techs=civ.techs | bought)


def campaign_start(gm: User, campaign_id: int) -> Campaign:
    """Build the round engine's World from the stored galaxy: each joined civilization (in joining order) at the
    next proposed home world, with its designs and the start the GM chose for it (`starts.give_start`; its race or
    faction adds MU); round 1, Explore 1 opens. Every civilization's race or faction must be approved first."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        _require_not_started(campaign, "start the campaign again")
        galaxy_map = GalaxyMap.objects.filter(campaign=campaign).first()
        if galaxy_map is None:
            raise Conflict("Generate the galaxy before starting the campaign.")
        civs = list(Civilization.objects.filter(campaign=campaign).order_by("pk"))
        if not civs:
            raise Conflict("No civilization has joined yet: send the invite link first.")
        if len(civs) > len(galaxy_map.home_worlds):
            raise Conflict(f"{len(civs)} civilizations joined but the galaxy has {len(galaxy_map.home_worlds)} "
                           f"home worlds: generate it again with more.", field="home_worlds")
        setups = {s.civilization_id: s for s in CivilizationSetup.objects.filter(civilization__in=civs)}
        pending = [civ.name for civ in civs
                   if civ.pk not in setups or setups[civ.pk].status != CivilizationSetup.Status.APPROVED]
        if pending:
            raise Conflict(f"Approve every race or faction first; not approved yet: {', '.join(pending)}.",
                           field="civilizations")
        galaxy = stored_galaxy(galaxy_map)
        scale = state_io.money_scale(campaign.rule_options)
        assignments = [
            state_io.HomeAssignment(civ.pk, civ.name, HexCoord.parse(home["hex"]), home["star"], home["orbit"],
                                    _setup_extra_mu(scale, setups[civ.pk]),
                                    state_io.civ_start(campaign.rule_options, civ.pk),
                                    _environmental_resistance(setups[civ.pk]))
            for civ, home in zip(civs, galaxy_map.home_worlds, strict=False)
        ]
        designs = [state_io.design_from_dict(r.data) for r in UnitDesignRecord.objects.filter(campaign=campaign)]
        world = state_io.build_world(galaxy, assignments, designs, cp_per_mu=scale.cp_per_mu)
        world = replace(world, civs={civ_id: _research_traits(civ, setups[civ_id])
                                     for civ_id, civ in world.civs.items()})
        campaign_world.store_snapshot(campaign, world)
        galaxy_map.started_at = timezone.now()
        galaxy_map.save(update_fields=["started_at"])
        events = [engine_events.Event("CampaignStarted", {"date": str(campaign.date), "civs": len(civs)}, PUBLIC)]
        events += [
            engine_events.Event("HomeWorldAssigned", {"poi_id": galaxy.label(a.hex), "sector_id":
                                                      state_io.sector_of(a.hex)}, CIV, a.civ_id)
            for a in assignments
        ]
        append_events(campaign, events, gm)
        # Round 1's first step is open: its clock starts (a deadline, notices; game.services.deadlines).
        dispatch.enqueue_after_commit(dispatch.STEP_CLOCK, campaign.pk, campaign.round, campaign.step_index)
    return campaign


# --- each civilization's start -----------------------------------------------------------------------------------

def _start_refused(problems: tuple[StartProblem, ...]) -> ServiceError:
    first = problems[0]
    return ServiceError(f"{first.field}: {first.reason}.", field=first.field)


def start_default_set(gm: User, campaign_id: int, preset: str) -> None:
    """The GM picks the preset every civilization without its own edit starts with; before the start only."""
    _, problems = read_start(preset)
    if problems:
        raise _start_refused(problems)
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        _require_not_started(campaign, "change the starts")
        _, civs = state_io.campaign_starts(campaign.rule_options)
        campaign.rule_options = {**campaign.rule_options, "starts": {"default": preset, "civs": dict(civs)}}
        campaign.save(update_fields=["rule_options"])
        append_events(campaign, [engine_events.Event(
            "StartSet", {"civilization": "every civilization", "summary": PRESET_TITLES[preset]}, GM)], gm)


def civ_start_set(gm: User, campaign_id: int, civ_id: int, data: Any) -> Start:
    """The GM sets one civilization's start: a preset, and its treasury, Ore and units by design and count if they
    change them (figures left out are the preset's; no preset: the campaign's default); {"preset": null} goes back
    to the campaign's default. A refusal names its field; nothing changes."""
    if not isinstance(data, dict):
        raise ServiceError("Send the start as {preset, mu, ore, units}.", field="start")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        civ = Civilization.objects.filter(campaign=campaign, pk=civ_id).first()
        if civ is None:
            raise NotFound("No such civilization.")
        _require_not_started(campaign, "change the starts")
        default, civs = state_io.campaign_starts(campaign.rule_options)
        edits = dict(civs)
        if data.get("preset", "") is None:
            edits.pop(str(civ_id), None)
            start, _ = read_start(default)
        else:
            start, problems = read_start({"preset": default, **data})
            if problems:
                raise _start_refused(problems)
            edits[str(civ_id)] = start_to_dict(start)
        campaign.rule_options = {**campaign.rule_options, "starts": {"default": default, "civs": edits}}
        campaign.save(update_fields=["rule_options"])
        append_events(campaign, [engine_events.Event("StartSet", {
            "civilization": civ.name, "summary": selectors.start_summary(start)}, GM)], gm)
    return start


# --- unit designs ------------------------------------------------------------------------------------------------

def _design_id(campaign: Campaign, civ_id: int, name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:24] or "design"
    base = f"c{civ_id}-{slug}"
    taken = set(UnitDesignRecord.objects.filter(campaign=campaign, design_id__startswith=base)
                .values_list("design_id", flat=True))
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def design_save(user: User, campaign_id: int, data: dict[str, Any]) -> UnitDesignRecord:
    """Save a player's design for their civilization; an impossible one is refused with its first reason. Once the
    campaign has started the design joins the World at once, so it can be built."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        civ_id = require_player(viewer_for(user, campaign))
        design = selectors.parse_design(data, "new", civ_id)
        problems = selectors.design_research(civ_id).problems(design)
        if problems:
            raise ServiceError(f"{problems[0].field}: {problems[0].reason}", field=problems[0].field)
        if UnitDesignRecord.objects.filter(civilization_id=civ_id, name__iexact=design.name).exists():
            raise ServiceError(f"You already have a design called {design.name!r}.", field="name")
        design = replace(design, design_id=_design_id(campaign, civ_id, design.name))
        cost = design_cost(design)
        record = UnitDesignRecord.objects.create(
            campaign=campaign, civilization_id=civ_id, design_id=design.design_id, name=design.name,
            data=state_io.design_to_dict(design), mu=cost.mu, build_points=cost.build_points)
        if campaign.world_seq:  # a world exists (started on a galaxy or loaded from a scenario)
            world = campaign_world.load_world(campaign)
            campaign_world.store_snapshot(
                campaign, replace(world, designs={**world.designs, design.design_id: design}), world)
        append_events(campaign, [engine_events.Event(
            "DesignSaved", {"design_id": design.design_id, "name": design.name, "mu": cost.mu}, CIV, civ_id)], user)
    return record


# --- civilization setup ------------------------------------------------------------------------------------------

def race_from_input(data: dict[str, Any]) -> RaceDesign:
    picks = data.get("picks") or []
    if not isinstance(picks, list):
        raise ServiceError("picks must be a list.", field="race.picks")
    parsed = []
    for pick in picks:
        if not isinstance(pick, dict) or not isinstance(pick.get("key"), str):
            raise ServiceError("Each pick needs a key.", field="race.picks")
        levels = pick.get("levels", 1)
        if isinstance(levels, bool) or not isinstance(levels, int):
            raise ServiceError(f"{pick['key']}: levels must be a whole number.", field=f"race.picks.{pick['key']}")
        parsed.append(RacePick(pick["key"], levels))
    return RaceDesign(str(data.get("name", "")).strip(), str(data.get("home_world", "")).strip().upper(),
                      tuple(parsed), str(data.get("description", "")).strip())


def race_item_add(gm: User, campaign_id: int, data: dict[str, Any]) -> RaceItem:
    """The GM prices a new race item for this campaign (§3.1: the GM may add items); the race builder offers it and
    races are priced with it. An item that would re-price one on offer, or a bad price, is refused by field."""
    try:
        item = state_io.race_item_from_dict(data)
    except RaceProblem as problem:
        raise ServiceError(f"{problem.field}: {problem.reason}", field=problem.field) from None
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        _require_not_started(campaign, "add race items")
        refused = extra_item_problem(item, selectors.campaign_race_items(campaign))
        if refused is not None:
            raise ServiceError(f"{refused.field}: {refused.reason}", field=refused.field)
        stored = [*campaign.rule_options.get("race_items", []), state_io.race_item_to_dict(item)]
        campaign.rule_options = {**campaign.rule_options, "race_items": stored}
        campaign.save(update_fields=["rule_options"])
        append_events(campaign, [engine_events.Event(
            "RaceItemPriced", {"key": item.key, "name": item.name, "ap": item.ap}, PUBLIC)], gm)
    return item


def civ_setup_submit(user: User, campaign_id: int, *, kind: str, race: dict[str, Any] | None = None,
                     faction: str | None = None) -> CivilizationSetup:
    """A player submits their race (30 AP, Cluster War §3.1) or picks a faction; the GM reviews it next."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        civ_id = require_player(viewer_for(user, campaign))
        _require_not_started(campaign, "change your civilization's setup")
        existing = CivilizationSetup.objects.filter(civilization_id=civ_id).first()
        if existing is not None and existing.status == CivilizationSetup.Status.APPROVED:
            raise Conflict("The GM approved your setup already.")
        values: dict[str, Any]
        if kind == CivilizationSetup.Kind.RACE:
            design = race_from_input(race or {})
            extra_items = selectors.campaign_race_items(campaign)
            problems: tuple[RaceProblem, ...] = race_problems(design, extra_items=extra_items)
            if problems:
                raise ServiceError(f"{problems[0].field}: {problems[0].reason}", field=f"race.{problems[0].field}")
            total = race_cost(design, extra_items)
            values = {"kind": kind, "faction": "", "ap_total": total, "race": {
                "name": design.name, "home_world": design.home_world, "description": design.description,
                "picks": [{"key": p.key, "levels": p.levels} for p in design.picks]}}
            summary = f"{design.name} ({total} AP)"
        elif kind == CivilizationSetup.Kind.FACTION:
            preset = FACTIONS_BY_KEY.get(faction or "")
            if preset is None:
                raise ServiceError(f"Choose one of the factions: {', '.join(FACTIONS_BY_KEY)}.", field="faction")
            values = {"kind": kind, "faction": preset.key, "race": {}, "ap_total": 0}
            summary = preset.name
        else:
            raise ServiceError("Choose a race by Advantage Points or a faction.", field="kind")
        setup, _ = CivilizationSetup.objects.update_or_create(
            civilization_id=civ_id,
            defaults={**values, "status": CivilizationSetup.Status.SUBMITTED, "gm_comment": ""})
        append_events(campaign, [engine_events.Event(
            "CivilizationSetupSubmitted", {"civ_id": civ_id, "kind": kind, "summary": summary}, CIV, civ_id)], user)
    return setup


def civ_setup_review(gm: User, campaign_id: int, civ_id: int, *, approve: bool, comment: str = "") -> CivilizationSetup:
    """The GM approves a civilization's setup, or sends it back with a comment saying why."""
    comment = comment.strip()
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        setup = CivilizationSetup.objects.filter(civilization_id=civ_id, civilization__campaign=campaign).first()
        if setup is None:
            raise NotFound("That civilization has not submitted a setup.")
        if not approve and not comment:
            raise ServiceError("Say why you send it back.", field="comment")
        setup.status = CivilizationSetup.Status.APPROVED if approve else CivilizationSetup.Status.RETURNED
        setup.gm_comment = comment
        setup.save(update_fields=["status", "gm_comment", "updated_at"])
        append_events(campaign, [engine_events.Event(
            "CivilizationSetupApproved" if approve else "CivilizationSetupReturned",
            {"civ_id": civ_id, "comment": comment}, CIV, civ_id)], gm)
    return setup

