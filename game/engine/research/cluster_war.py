"""Cluster War 3rd edition's technologies (Appendix A's components, §3.1's technology picks, §8.0's examples) as
Centaurian Vector research: drives, hulls by scale, weapon and defence types and their incremental levels,
sensors, cloaks, terraforming, ground-force types and psionics.

Keys equal `races.py`'s §3.1 technology keys where the book names the same thing, so a race's pick is the
technology. Difficulty follows §8.0 ("a new hull template is an easy project"; "advanced beams" moderate; "most
uber techs ... four or more"); an incremental level is moderate, "1 research success + 1 development success". What
the standard start knows (`start=True`) is docs/rules.md, "Research — what a new civilization knows".
"""

from __future__ import annotations

from game.engine.research.technologies import Catalogue, Difficulty, Technology, check_catalogue

D, M, X = Difficulty.DEPLOYMENT, Difficulty.MODERATE, Difficulty.DIFFICULT


def _levels(key: str, name: str, category: str, limit: str, count: int, first_requires: tuple[str, ...] = (),
            note: str = "") -> tuple[Technology, ...]:
    """An incremental technology: level n needs level n-1 and raises `limit` by one more."""
    roman = ("I", "II", "III", "IV", "V", "VI")
    return tuple(
        Technology(f"{key}_{n}", f"{name} {roman[n - 1]}", category, M,
                   requires=first_requires if n == 1 else (f"{key}_{n - 1}",), unlocks=(f"limit:{limit}",),
                   note=note)
        for n in range(1, count + 1))


TECHNOLOGIES: tuple[Technology, ...] = (
    # Hulls by scale: "Hull templates are gained through R&D; a new hull template is an easy project".
    Technology("hull_personnel", "Personnel equipment", "hull", D, unlocks=("scale:PERSONNEL",), start=True),
    Technology("hull_vehicle", "Vehicle chassis", "hull", D, unlocks=("scale:VEHICLE",), start=True),
    Technology("hull_fighter", "Fighter hull", "hull", D, unlocks=("scale:FIGHTER",), start=True),
    Technology("hull_corvette", "Corvette hull", "hull", D, unlocks=("scale:CORVETTE",), start=True),
    Technology("hull_destroyer", "Destroyer hull", "hull", D, ("hull_corvette",), ("scale:DESTROYER",),
               start=True),
    Technology("hull_cruiser", "Cruiser hull", "hull", D, ("hull_destroyer",), ("scale:CRUISER",)),
    Technology("hull_dreadnought", "Dreadnought hull", "hull", M, ("hull_cruiser",), ("scale:DREADNOUGHT",),
               note="Radically new designs need R&D; a capital hull is more than a template"),
    Technology("modular_construction", "Modular Construction", "hull", M, ("hull_cruiser",)),
    # Drives. §3.0 makes every race a 1st-generation FTL race (corvette_ftl, docs/rules.md "Campaign setup").
    Technology("ss_drive", "Sub-light (SS) drive", "drive", D, unlocks=("note:movement",), start=True),
    Technology("corvette_ftl", "Corvette FTL drive", "drive", M, ("hull_corvette", "ss_drive"),
               ("special:ftl",), start=True),
    Technology("fighter_ftl", "Fighter FTL Technology", "drive", M, ("hull_fighter", "corvette_ftl"),
               ("special:ftl",)),
    Technology("destroyer_ftl", "Destroyer FTL drive", "drive", M, ("hull_destroyer", "corvette_ftl"),
               ("special:ftl",)),
    Technology("cruiser_ftl", "Cruiser FTL drive", "drive", M, ("hull_cruiser", "destroyer_ftl"), ("special:ftl",)),
    Technology("vehicle_ftl", "Vehicle FTL drive", "drive", X, ("hull_vehicle", "fighter_ftl"), ("special:ftl",)),
    Technology("jump_drive", "Jump drive", "drive", M, ("corvette_ftl",), ("note:jump",), resource="monopoles",
               extra_successes=1, note="§8.0: obtain monopoles, discover, research, develop construction"),
    # Weapons: Appendix A's beam emitters and missiles, §3.1's weapon technologies, and their levels.
    Technology("mass_driver", "Mass Driver Technology", "weapon", D, unlocks=("weapon:ballistic",), start=True),
    Technology("beam_weapons", "Beam Weapons Technology", "weapon", M, unlocks=("weapon:energy",), start=True),
    *_levels("beam_level", "Advanced beams", "weapon", "weapon_damage:energy", 5, ("beam_weapons",),
             "+1 to an energy weapon's ceiling per level"),
    Technology("missile_engine", "Missile Engine Technology", "weapon", M, ("mass_driver",), ("weapon:missile",)),
    *_levels("warhead", "Missile/Railgun Warhead", "weapon", "weapon_damage:missile", 5, ("missile_engine",),
             "\"Missile warheads go from 1 to 6 damage\""),
    Technology("beam_meson", "Beam Weapons: Meson Weapons", "weapon", X, ("beam_level_2",)),
    Technology("warhead_mirv", "Missile/Railgun Warhead: MIRV warhead", "weapon", M, ("warhead_1",)),
    # Defences.
    Technology("armor_technology", "Armor Technology", "defence", D, unlocks=("defense:ballistic",), start=True),
    Technology("shield_generator", "Shield generator (1st generation)", "defence", M,
               unlocks=("defense:energy",), start=True),
    *_levels("shield_level", "Shield generation", "defence", "defense_resistance:energy", 4,
             ("shield_generator",)),
    Technology("improved_point_defense", "Improved Point Defense Batteries", "defence", M, ("mass_driver",),
               ("defense:missile",)),
    Technology("regenerating_armor", "Regenerating Armor", "defence", X, ("armor_technology",)),
    Technology("resistant_armor", "Resistant Armor", "defence", M, ("armor_technology",), resource="neutronium"),
    # Sensors, targeting and electronic warfare ("battle computers are system level upgrades").
    Technology("lrs", "Long-range scanners", "sensor", D, unlocks=("note:sensors",), start=True),
    *_levels("lrs_level", "Advanced scanners", "sensor", "sensors", 3, ("lrs",)),
    Technology("lrs_cloaked_detection", "Long-Range Scanners: Cloaked ship detection", "sensor", M, ("lrs_level_1",)),
    Technology("battle_computers_1", "Battle Computers I", "sensor", M, unlocks=("limit:targeting",)),
    Technology("battle_computers_2", "Battle Computers II", "sensor", M, ("battle_computers_1",),
               ("limit:targeting",), note="autonomous units, crewless ships"),
    Technology("battle_computers_3", "Battle Computers III", "sensor", X, ("battle_computers_2",),
               ("limit:targeting",), note="android crews"),
    Technology("ecm_systems", "ECM Systems", "sensor", M, unlocks=("limit:evasion",)),
    Technology("ecm_systems_2", "ECM Systems II", "sensor", M, ("ecm_systems",), ("limit:evasion",)),
    # Cloaks.
    Technology("cloaking_technology", "Cloaking Technology", "cloak", X, ("ecm_systems",), ("special:cloak",)),
    # Civil technologies of the standard start's units, and terraforming (CV's own ability).
    Technology("shipyard_bays", "Shipyard bays", "industry", D, unlocks=("special:construction",), start=True),
    Technology("cargo_bays", "Cargo bays", "industry", D, unlocks=("special:cargo",), start=True),
    Technology("mining_stations", "Mining stations", "industry", D, unlocks=("special:mining",), start=True),
    Technology("colony_pods", "Colonization modules", "industry", D, unlocks=("special:colonize",), start=True),
    Technology("repair_bays", "Repair bays", "industry", D, unlocks=("special:salvage",), start=True),
    Technology("science_station", "Science stations", "industry", D, unlocks=("special:research",), start=True),
    Technology("terraforming", "Terraforming", "terraforming", M, ("mining_stations",), ("special:terraform",)),
    Technology("strip_mining", "Strip-mining", "terraforming", M, ("mining_stations",)),
    # Ground-force types (§5.2); the World has no ground units yet, so these are the tech tree's notes.
    Technology("gf_infantry", "GF: Infantry", "ground", D, unlocks=("ground:infantry",), start=True),
    Technology("gf_armor", "GF: Armored units", "ground", D, ("gf_infantry",), ("ground:armor",), start=True),
    Technology("ground_forces", "Ground Forces Technology", "ground", M, ("gf_infantry",),
               ("ground:attack_defense",)),
    Technology("gf_power_armor", "GF: Power Armor", "ground", M, ("gf_infantry", "armor_technology"),
               ("ground:power_armor",)),
    Technology("gf_aerospace", "GF: Aerospace fighters", "ground", D, ("hull_fighter", "gf_infantry"),
               ("ground:aerospace",)),
    Technology("gf_personal_shields", "GF: Personal Shields", "ground", M, ("shield_generator", "gf_infantry")),
    Technology("gf_continental_siege_units", "GF: Continental Siege Units", "ground", X, ("gf_armor",)),
    # Psionics (§15): "psionic research works like system upgrades"; outside a non-psionic race's tech base.
    Technology("psionic_basics", "Psionic basics", "psionics", M, psionic=True),
    Technology("telepathy", "Telepathy", "psionics", M, ("psionic_basics",), psionic=True),
    Technology("psionic_weapons", "Psionic weapons", "psionics", X, ("psionic_basics",), ("weapon:psionic",),
               psionic=True),
    Technology("psionic_shields", "Psionic shields", "psionics", M, ("psionic_basics",), ("defense:psionic",),
               psionic=True),
)

CATALOGUE = Catalogue("cluster_war", "Cluster War", TECHNOLOGIES)
check_catalogue(CATALOGUE)
