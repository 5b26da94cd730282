"""Race design by Advantage Points (Cluster War §3.1) and the four example races of §3.2.

Costs follow the worked examples: everything a race buys has a positive cost, attitudes and disadvantages a
negative one, and a design is legal when its total is within the budget (digest §3.1 "Sign convention").
The GM prices new items and vetoes designs; a GM item list is passed in beside the standard one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum


class Category(Enum):
    BIOLOGY = "Biology/Physiology"
    ABILITY = "Racial Abilities"
    ATTITUDE = "Racial Attitudes"
    STARTING_BONUS = "Racial Starting Bonus"
    TECHNOLOGY = "Technological Achievements"
    FTL_DRIVE = "Alternate FTL Drives"
    STL_DRIVE = "Alternate STL Drives"
    DISADVANTAGE = "Racial Disadvantages"
    TECH_DISADVANTAGE = "Technological Disadvantages"


# §3.1: "Pre-FTL 15 APs, 1st Gen FTL 30 APs, 2nd Gen FTL 50 APs".
AP_BUDGETS: dict[str, int] = {"pre_ftl": 15, "first_gen_ftl": 30, "second_gen_ftl": 50}
FIRST_GEN_FTL_BUDGET = AP_BUDGETS["first_gen_ftl"]


@dataclass(frozen=True)
class RaceItem:
    key: str
    name: str
    category: Category
    ap: int  # per level; negative when the race gains AP
    max_levels: int = 1
    requires: tuple[str, ...] = ()  # all of them
    excludes: tuple[str, ...] = ()
    note: str = ""
    requires_any: tuple[str, ...] = ()  # at least one of them


def _item(key: str, name: str, category: Category, ap: int, note: str = "", max_levels: int = 1,
          requires: tuple[str, ...] = (), excludes: tuple[str, ...] = (),
          requires_any: tuple[str, ...] = ()) -> RaceItem:
    return RaceItem(key, name, category, ap, max_levels, requires, excludes, note, requires_any)


_A, _T = Category.ABILITY, Category.TECHNOLOGY
_ATTITUDES = ("pacifism", "peaceful", "neutral", "hostile", "very_hostile")  # pick at most one
_FTL = ("foldspace_drive", "jump_drive", "skip_drive", "string_drive", "void_jammer_drive", "warp_drive",
        "wormhole_drive")
_STL = ("micro_jump_drive", "antimatter_reaction_drive", "chemical_reaction_drive", "shuttle_warp_drive",
        "stl_warp_drive", "tesseract_drive", "turbo_warp_drive")


def _one_of(group: tuple[str, ...], key: str) -> tuple[str, ...]:
    return tuple(k for k in group if k != key)


def _tech(key: str, name: str, note: str = "", requires: tuple[str, ...] = ()) -> RaceItem:
    return _item(key, name, _T, 10, note, requires=requires)  # "Technological Achievements (10 AP each)"


# Levels where the checklist lets an item stack are a ruling (docs/rules.md, "Race design").
PRICE_LIST: tuple[RaceItem, ...] = (
    *(_item(key, name, Category.BIOLOGY, 0, "flavour only") for key, name in (
        ("aquatic", "Aquatic biology"), ("terrestrial", "Terrestrial biology"),
        ("mechanized", "Mechanized metabolism"), ("methane", "Methane-based biology"),
        ("silicon", "Silicon-based biology"))),
    _item("chameleon", "Chameleon", _A, 1, "bonus to light troops; not with mechanized units"),
    _item("combat_reflexes", "Combat reflexes", _A, 10, "+10 to accuracy",
          excludes=("battle_computers_1",)),
    _item("environmental_resistance", "Environmental resistance", _A, 8, "colonize as if one step less"),
    _item("extra_agility", "Extra Agility", _A, 2, "+5 defense for gunboats and fighters"),
    _item("extra_durability", "Extra Durability", _A, 2, "+1 defense rating to crew and troops per level",
          max_levels=3),
    _item("extra_intelligence", "Extra Intelligence", _A, 5, "+10% to CPs spent on R&D per level",
          max_levels=4),
    _item("extra_strength", "Extra Strength", _A, 1, "+1 attack rating to crew and troops per level",
          max_levels=3),
    _item("flight", "Flight", _A, 1, "better 'ground' speed; not with mechanized units"),
    _item("group_mind_1", "Group Mind I", _A, 10, "+30% against hostile espionage rolls"),
    _item("group_mind_2", "Group Mind II", _A, 10, "integrates conquered populations in months",
          requires=("group_mind_1",)),
    _item("group_mind_3", "Group Mind III", _A, 10, "takes over a conquered population in a week",
          requires=("group_mind_2",)),
    _item("natural_armor", "Natural armor", _A, 1, "+1 defense rating of crew and troops"),
    _item("natural_weapons", "Natural weapons", _A, 1, "+1 attack rating of crew and troops"),
    _item("psionic_ability", "Psionic Ability", _A, 5, "short range telepathy or empathy; more per level",
          max_levels=3),
    _item("shape_shifting", "Shape shifting", _A, 2, "one alternate form; GM approval"),
    _item("pacifism", "Pacifism", Category.ATTITUDE, -5,
          "no weapons research, conquest or hostilities; retreat or surrender",
          excludes=_one_of(_ATTITUDES, "pacifism")),
    _item("peaceful", "Peaceful", Category.ATTITUDE, -2, "no conquest or hostilities; retreat or surrender",
          excludes=_one_of(_ATTITUDES, "peaceful")),
    _item("neutral", "Neutral", Category.ATTITUDE, 0, "no restrictions (the default)",
          excludes=_one_of(_ATTITUDES, "neutral")),
    _item("hostile", "Hostile", Category.ATTITUDE, -2, "must arm most units; usually fires first",
          excludes=_one_of(_ATTITUDES, "hostile")),
    _item("very_hostile", "Very Hostile", Category.ATTITUDE, -5, "must arm all units; shoots first",
          excludes=_one_of(_ATTITUDES, "very_hostile")),
    _item("xenophobic", "Xenophobic", Category.ATTITUDE, -10, "combines with another attitude"),
    _item("convert_ap_to_cp", "Convert APs to CPs", Category.STARTING_BONUS, 1,
          "+100 CP of pre-built ships, bases or ground forces per level", max_levels=100),
    _item("extra_colonies", "Extra Colonies", Category.STARTING_BONUS, 10, "+250 CP of colonies per level",
          max_levels=10),
    _item("sector_survey", "Sector survey performed", Category.STARTING_BONUS, 10,
          "one surveyed sector per level, the home sector first", max_levels=49),
    _item("extra_designs", "Extra ship and base designs", Category.STARTING_BONUS, 1,
          "one more starting design per level (the mirror of Limited Designs)", max_levels=10),
    _tech("armor_technology", "Armor Technology", "+2 armor points per level"),
    _tech("battle_computers_1", "Battle Computers I", "+10 to accuracy"),
    _tech("battle_computers_2", "Battle Computers II", "autonomous units, crewless ships",
          ("battle_computers_1",)),
    _tech("battle_computers_3", "Battle Computers III", "android crews", ("battle_computers_2",)),
    _tech("beam_rider_system", "Beam Rider System"),
    _tech("beam_weapons", "Beam Weapons Technology", "+1 damage per component per level"),
    *(_tech(f"beam_{kind}", f"Beam Weapons: {title}", requires=("beam_weapons",)) for kind, title in (
        ("disabling", "Disabling Weapons"), ("heat", "Heat Weapons"), ("long_range", "Long-Range Weapons"),
        ("meson", "Meson Weapons"), ("penetrating", "Penetrating Weapons"),
        ("selectable", "Selectable Systems"), ("shield_disruptor", "Shield Disruptor"),
        ("vibrational", "Vibrational Weapons"))),
    _tech("cloaking_technology", "Cloaking Technology", "cloaking systems at +15%; psi cloaks with psionics"),
    _tech("ecm_systems", "ECM Systems", "-10 to enemy accuracy"),
    _tech("fighter_ftl", "Fighter FTL Technology", "fighters may carry FTL drives"),
    _tech("fighter_shields", "Fighter Shield Technology", "partial shields; full at level 2"),
    _tech("ground_forces", "Ground Forces Technology", "+1 attack and defense of combat troops"),
    _tech("gf_continental_siege_units", "GF: Continental Siege Units", "starship scale ground units"),
    _tech("gf_intruder_defense", "GF: Intruder Defense Systems", "+1 attack and defense for crews"),
    _tech("gf_personal_shields", "GF: Personal Shields", "+1 defense for troops and crew"),
    _tech("improved_point_defense", "Improved Point Defense Batteries", "+1 to intercept"),
    _tech("lrs_cloaked_detection", "Long-Range Scanners: Cloaked ship detection"),
    _tech("lrs_warp_point_detection", "Long-Range Scanners: Warp Point detection"),
    _tech("mass_driver", "Mass Driver Technology"),
    _tech("missile_engine", "Missile Engine Technology", "longer ranged missiles"),
    _tech("warhead", "Missile/Railgun Warhead Technology", "+1 damage of missiles or rounds"),
    *(_tech(f"warhead_{kind}", f"Missile/Railgun Warhead: {title}", requires=("warhead",))
      for kind, title in (("disabling", "Disabling Weapons"), ("mirv", "MIRV warhead"),
                          ("heat", "Heat Weapons"), ("meson", "Meson Weapons"),
                          ("penetrating", "Penetrating"),
                          ("vibrational", "Vibrational Weapons"))),
    _tech("modular_construction", "Modular Construction"),
    _tech("regenerating_armor", "Regenerating Armor"),
    _tech("regenerating_shields", "Regenerating Shields"),
    _tech("resistant_armor", "Resistant Armor", "needs Neutronium"),
    _tech("shield_amplification", "Shield Amplification Technology", "+1 damage stopped per level"),
    _tech("torpedo_weapons", "Torpedo Weapons Technology", "+1 damage per component per level"),
    *(_tech(f"torpedo_{kind}", f"Torpedo Weapons: {title}", requires=("torpedo_weapons",))
      for kind, title in (("disabling", "Disabling Weapons"), ("selectable", "Selectable Systems"),
                          ("heat", "Heat Weapons"), ("long_range", "Long-Range Weapons"),
                          ("meson", "Meson Weapons"), ("penetrating", "Penetrating Weapons"),
                          ("shield_disruptor", "Shield Disruptor"), ("vibrational", "Vibrational Weapons"))),
    *(_item(key, name, Category.FTL_DRIVE, ap, note, excludes=_one_of(_FTL, key)) for key, name, ap, note in (
        ("foldspace_drive", "Foldspace drive", 10, "stealthy jump"),
        ("jump_drive", "Jump drive", 0, "detectable rift"),
        ("skip_drive", "Skip drive", 10, "thousands of small jumps"),
        ("string_drive", "String drive", 10, "travels by warp points"),
        ("void_jammer_drive", "Void Jammer drive", 5, "fast; barred from storms and nebulae"),
        ("warp_drive", "Warp drive", 0, "linear drive"),
        ("wormhole_drive", "Wormhole drive", 50, "not usually allowed for players"))),
    _item("warp_cruise_speed", "Warp drive cruise speed", Category.FTL_DRIVE, 10,
          "+1 hex cruise speed per level", max_levels=5, requires=("warp_drive",)),
    *(_item(key, name, Category.STL_DRIVE, ap, note, excludes=_one_of(_STL, key)) for key, name, ap, note in (
        ("micro_jump_drive", "Micro jump drive", 0, "skip 10 or leap 30 hexes"),
        ("antimatter_reaction_drive", "Reaction drive, Anti-matter", -5, "burns 1 fuel per drive component"),
        ("chemical_reaction_drive", "Reaction drive, Chemical", -8, "burns 3 fuel per drive component"),
        ("shuttle_warp_drive", "Shuttle warp drive", 0, "better acceleration, limited turning"),
        ("stl_warp_drive", "STL warp drive", 0, "field propulsion"),
        ("tesseract_drive", "Tesseract local space drive", 20, "large, fast jumps"),
        ("turbo_warp_drive", "Turbo-warp STL drive", 5, "+3 acc/dec; no heavy energy fire while boosting"))),
    _item("keep_gravity_drive", "Keep gravity drives as a second drive", Category.STL_DRIVE, 10,
          requires_any=_STL),
    _item("free_society", "Free Society", Category.DISADVANTAGE, -5, "susceptible to spying and unrest"),
    _item("low_industry", "Low Industry", Category.DISADVANTAGE, -10, "empire output -250 CP"),
    _item("non_academic", "Non-academic", Category.DISADVANTAGE, -5, "-10% to research rolls"),
    _item("weak", "Weak", Category.DISADVANTAGE, -2, "-2 attack rating for crew and combat troops"),
    _item("smaller_fleet", "Smaller fleet", Category.DISADVANTAGE, -1,
          "-100 CP of pre-built starships per level", max_levels=10),
    _item("smaller_ground_forces", "Smaller ground forces", Category.DISADVANTAGE, -1,
          "-100 CP of pre-built ground forces per level", max_levels=10),
    *(_item(key, name, Category.TECH_DISADVANTAGE, ap) for key, name, ap in (
        ("no_armor", "No Armor", -2), ("no_multi_targeting", "No Multi-targeting", -2),
        ("no_point_defense", "No Point Defense Batteries", -2), ("no_beam_weapons", "No Beam Weapons", -2),
        ("no_minefields", "No Minefields", -2), ("no_missiles", "No Missile Technology", -5),
        ("no_railguns", "No Railguns/Mass Drivers", -2))),
    _item("limited_base_designs", "Limited Designs: Bases", Category.TECH_DISADVANTAGE, -1,
          "one starting base design removed per level", max_levels=3),
    _item("limited_ship_designs", "Limited Designs: Ships", Category.TECH_DISADVANTAGE, -1,
          "one starting ship design removed per level", max_levels=5),
)


@dataclass(frozen=True)
class RacePick:
    key: str
    levels: int = 1


@dataclass(frozen=True)
class RaceDesign:
    name: str
    home_world: str  # STEP code, four characters 0-9 or X
    picks: tuple[RacePick, ...] = ()
    description: str = ""

    def levels(self, key: str) -> int:
        return sum(p.levels for p in self.picks if p.key == key)

    def item_keys(self) -> frozenset[str]:
        """What the race owns, e.g. for `designer.validate_design(researched=...)`."""
        return frozenset(p.key for p in self.picks)


class RaceProblem(ValueError):
    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


STEP_DIGITS = "0123456789X"
_STEP_AP = {"0": 2, "1": 1, "2": 1, "3": 0, "4": 0, "5": 0, "6": 0, "7": 1, "8": 1, "9": 2, "X": 10}


def home_world_cost(step: str) -> int:
    """§3.1 Home World Ecosystem: the same price for each of the four STEP digits."""
    return sum(_STEP_AP[digit] for digit in _checked_step(step))


def _checked_step(step: str) -> str:
    code = step.upper()
    if len(code) != 4 or any(c not in STEP_DIGITS for c in code):
        raise RaceProblem("home_world", f"{step!r} is not a STEP code (four of 0-9 or X)")
    return code


def _catalogue(extra_items: Sequence[RaceItem]) -> dict[str, RaceItem]:
    items = {item.key: item for item in PRICE_LIST}
    for item in extra_items:
        if item.key in items:
            raise RaceProblem(f"extra_items.{item.key}", "the key is already in the price list")
        items[item.key] = item
    return items


# The GM's own items (docs/rules.md, "Campaign setup: rulings"): a price no bigger than the largest budget, a
# checklist-sized level cap, and keys and names that never re-price an item already on offer.
MAX_EXTRA_ITEM_AP = max(AP_BUDGETS.values())
MAX_EXTRA_ITEM_LEVELS = 10
_ITEM_KEY = re.compile(r"[a-z][a-z0-9_]{1,39}")


def extra_item_problem(item: RaceItem, extra_items: Sequence[RaceItem] = ()) -> RaceProblem | None:
    """Why the GM cannot add `item` beside the checklist and `extra_items`, naming the field; None when it can."""
    if not _ITEM_KEY.fullmatch(item.key):
        return RaceProblem("key", "2-40 lower-case letters, digits or _, starting with a letter")
    if not item.name.strip():
        return RaceProblem("name", "an item needs a name")
    on_offer = (*PRICE_LIST, *extra_items)
    same_key = next((i for i in on_offer if i.key == item.key), None)
    if same_key is not None:
        return RaceProblem("key", f"{same_key.name} already has this key at {same_key.ap} AP; it cannot be re-priced")
    same_name = next((i for i in on_offer if i.name.casefold() == item.name.strip().casefold()), None)
    if same_name is not None:
        return RaceProblem("name", f"{same_name.name} is already priced at {same_name.ap} AP; it cannot be re-priced")
    if abs(item.ap) > MAX_EXTRA_ITEM_AP:
        return RaceProblem("ap", f"the price must be between -{MAX_EXTRA_ITEM_AP} and {MAX_EXTRA_ITEM_AP} AP")
    if not 1 <= item.max_levels <= MAX_EXTRA_ITEM_LEVELS:
        return RaceProblem("max_levels", f"levels must be 1..{MAX_EXTRA_ITEM_LEVELS}")
    return None


def race_cost(race: RaceDesign, extra_items: Sequence[RaceItem] = ()) -> int:
    """AP spent: home world + every pick; attitudes and disadvantages count negative."""
    items = _catalogue(extra_items)
    total = home_world_cost(race.home_world)
    for pick in race.picks:
        if pick.key not in items:
            raise RaceProblem(f"picks.{pick.key}", "not in the price list; the GM must price it first")
        total += items[pick.key].ap * pick.levels
    return total


def _missing_requirement(item: RaceItem, owned: frozenset[str]) -> str | None:
    missing = [key for key in item.requires if key not in owned]
    if item.requires_any and not owned.intersection(item.requires_any):
        missing.append(" or ".join(item.requires_any))
    return ", ".join(missing) or None


def race_problems(race: RaceDesign, budget: int = FIRST_GEN_FTL_BUDGET,
                  extra_items: Sequence[RaceItem] = ()) -> tuple[RaceProblem, ...]:
    """Every reason the design breaks the checklist; the GM's approval or veto comes after."""
    problems: list[RaceProblem] = []
    if not race.name.strip():
        problems.append(RaceProblem("name", "a race needs a name"))
    try:
        code = _checked_step(race.home_world)
    except RaceProblem as problem:
        problems.append(problem)
        code = ""
    # "You will not find asteroids with dense atmospheres or watery inferno worlds."
    if code and code[0] == "0" and code[2] not in "012":
        problems.append(RaceProblem("home_world", "asteroids cannot hold more than a trace atmosphere"))
    if code and code[3] == "6" and code[1] in "9X":
        problems.append(RaceProblem("home_world", "a water world cannot be an inferno"))
    try:
        items = _catalogue(extra_items)
    except RaceProblem as problem:
        return (*problems, problem)
    owned = race.item_keys()
    seen: set[str] = set()
    for pick in race.picks:
        where = f"picks.{pick.key}"
        item = items.get(pick.key)
        if item is None:
            problems.append(RaceProblem(where, "not in the price list; the GM must price it first"))
            continue
        if pick.key in seen:
            problems.append(RaceProblem(where, "picked twice; raise its levels instead"))
        seen.add(pick.key)
        if not 1 <= pick.levels <= item.max_levels:
            problems.append(RaceProblem(where, f"levels must be 1..{item.max_levels}, not {pick.levels}"))
        missing = _missing_requirement(item, owned)
        if missing:
            problems.append(RaceProblem(where, f"{item.name} requires {missing}"))
        clash = [items[k].name for k in item.excludes if k in owned and k in items]
        if clash:
            problems.append(RaceProblem(where, f"{item.name} cannot be combined with {', '.join(clash)}"))
    if not problems:
        total = race_cost(race, extra_items)
        if total > budget:
            problems.append(RaceProblem("picks", f"costs {total} AP, over the budget of {budget} AP"))
    return tuple(problems)


def validate_race(race: RaceDesign, budget: int = FIRST_GEN_FTL_BUDGET,
                  extra_items: Sequence[RaceItem] = ()) -> None:
    problems = race_problems(race, budget, extra_items)
    if problems:
        raise problems[0]


@dataclass(frozen=True)
class StartingBonus:
    """What the picks change in the §3.0 standard start, in CP (the campaign converts CP to MU)."""

    prebuilt_cp: int  # Convert APs to CPs: ships, bases or ground forces
    colony_cp: int  # Extra Colonies
    surveyed_sectors: int  # Sector survey performed, the home sector first
    extra_designs: int  # Extra designs less Limited Designs
    starship_cp_lost: int  # Smaller fleet
    ground_cp_lost: int  # Smaller ground forces
    output_cp_lost: int  # Low Industry: "reduce empire output by 250 CP"


def starting_bonus(race: RaceDesign) -> StartingBonus:
    return StartingBonus(
        prebuilt_cp=100 * race.levels("convert_ap_to_cp"),
        colony_cp=250 * race.levels("extra_colonies"),
        surveyed_sectors=race.levels("sector_survey"),
        extra_designs=race.levels("extra_designs") - race.levels("limited_base_designs")
        - race.levels("limited_ship_designs"),
        starship_cp_lost=100 * race.levels("smaller_fleet"),
        ground_cp_lost=100 * race.levels("smaller_ground_forces"),
        output_cp_lost=250 * race.levels("low_industry"),
    )


# §3.2 uses items the checklist lacks; the book prices them, so they are the GM's list for those races.
EXAMPLE_EXTRA_ITEMS: tuple[RaceItem, ...] = (
    _item("advanced_sonar", "Advanced Sonar", Category.ABILITY, 1, "Oolab"),
    _item("space_monsters", "Unconventional Weapons: Space Monsters", Category.TECHNOLOGY, 10, "Dominators"),
    _item("dispersed_colonies", "Dispersed Colonies", Category.DISADVANTAGE, -5, "Vermin"),
    _item("feared_by_others", "Feared by others", Category.DISADVANTAGE, -5, "Dominators"),
    _item("diplomatically_naive", "Diplomatically Naive", Category.DISADVANTAGE, -5, "Dominators"),
    _item("blind", "Blind", Category.DISADVANTAGE, -1, "Oolab"),
)


def _picks(*keys: str | tuple[str, int]) -> tuple[RacePick, ...]:
    return tuple(RacePick(k) if isinstance(k, str) else RacePick(*k) for k in keys)


EXAMPLE_RACES: tuple[RaceDesign, ...] = (
    RaceDesign("Humans", "5555", _picks(
        "terrestrial", "neutral", ("extra_colonies", 2), ("extra_designs", 5), "missile_engine",
        "free_society"),
        "Earth-like; terrestrial humanoid omnivores"),
    # "Stealth Technology (10 AP)" is Cloaking Technology without psionics ("stealth & ECM systems").
    RaceDesign("Vermin", "5654", _picks(
        "terrestrial", "environmental_resistance", "extra_durability", "natural_armor", "chameleon",
        ("extra_strength", 2), "combat_reflexes", "hostile", ("extra_colonies", 2), "cloaking_technology",
        "xenophobic", "non_academic", "limited_ship_designs", "limited_base_designs", "dispersed_colonies"),
        "Dry and barren world; terrestrial insectoid omnivores"),
    RaceDesign("The Dominators", "6565", _picks(
        "terrestrial", "group_mind_1", "group_mind_2", "group_mind_3", "extra_durability",
        "environmental_resistance", "neutral", "space_monsters", "low_industry", "feared_by_others",
        "diplomatically_naive"),
        "Heavy moldy swamp; terrestrial amoeboid herbivores"),
    RaceDesign("Oolab", "5346", _picks(
        "aquatic", "natural_armor", "natural_weapons", "environmental_resistance", "advanced_sonar",
        "neutral", "sector_survey", "ground_forces", "blind"),
        "Distant ice world; aquatic crustacean carnivores"),
)
