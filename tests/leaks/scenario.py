"""A campaign of three civilizations whose units, colonies, designs and treasuries differ, each far from the
others so no one detects anyone: everything of a civilization's own is its secret. Run inside the live
processes' database with `manage.py shell -c "from tests.leaks.scenario import build; build()"`; prints JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model

from game import services
from game.engine.units import Scale, UnitDesign, UnitStats
from game.engine.world import Civilization, Colony, Planet, PointOfInterest, Sector, Unit, World
from tests.worlds import put_world

PASSWORD = "a-long-leak-test-password"
HOMES = ("0,0", "30,0", "0,30")  # far beyond any sensor: nobody detects anybody
LETTERS = "ABC"


@dataclass
class Secrets:
    """What one civilization knows and no other viewer may learn."""

    civ_id: int
    username: str
    words: set[str] = field(default_factory=set)  # names, design ids, order texts, idempotency keys
    numbers: set[int] = field(default_factory=set)  # unit and colony ids, the treasury (7 digits: unmistakable)

    def as_json(self) -> dict[str, Any]:
        return {"civ_id": self.civ_id, "username": self.username, "words": sorted(self.words),
                "numbers": sorted(self.numbers)}


def world_for(civ_ids: list[int]) -> tuple[World, list[Secrets]]:
    base = World()
    designs = dict(base.designs)
    sectors: dict[str, Sector] = {}
    pois: dict[str, PointOfInterest] = {}
    planets: dict[str, Planet] = {}
    civs: dict[int, Civilization] = {}
    units: dict[int, Unit] = {}
    colonies: dict[int, Colony] = {}
    secrets = []
    stats = UnitStats(sensors=1, signature=10, movement_rate=4, targeting=1, evasion=1, weapons=0, defenses=0, hp=10)
    for index, civ_id in enumerate(civ_ids):
        letter, home = LETTERS[index], HOMES[index]
        q, r = (int(v) for v in home.split(","))
        near = f"{q + 1},{r}"
        sectors |= {home: Sector(home), near: Sector(near)}
        # Stars and planets are on everyone's strategic map (CW 12.1): not secrets.
        pois[f"star-{letter}"] = PointOfInterest(f"star-{letter}", home, "star_system", f"Star {letter}")
        planets[f"world-{letter}"] = Planet(f"world-{letter}", f"star-{letter}", f"World {letter}", viable=True)
        design_id = f"secretdesign-{letter.lower()}"
        design_name = f"Hushwing Mark {letter}"
        designs[design_id] = UnitDesign(design_id, design_name, Scale.CORVETTE, stats, crew=10, civ_id=civ_id)
        mu = 4_400_000 + index * 11
        civs[civ_id] = Civilization(civ_id, f"Empire {letter}", mu=mu, known_pois=frozenset({f"star-{letter}"}))
        unit_ids = [1_100_001 + index * 1_000_000, 1_100_002 + index * 1_000_000]
        unit_names = [f"Quietblade {letter}", f"Lanternfish {letter}"]
        units[unit_ids[0]] = Unit(unit_ids[0], civ_id, design_id, unit_names[0], home, f"star-{letter}", hp=10.0)
        units[unit_ids[1]] = Unit(unit_ids[1], civ_id, "starter-light-corvette", unit_names[1], home,
                                  f"star-{letter}", hp=10.0)
        colony_id = 1_100_901 + index * 1_000_000
        colonies[colony_id] = Colony(colony_id, civ_id, f"world-{letter}", population=5, legal_citizens=5)
        secrets.append(Secrets(civ_id, "", {design_id, design_name, *unit_names}, {*unit_ids, colony_id, mu}))
    world = World(designs=designs, sectors=sectors, pois=pois, planets=planets, civs=civs, units=units,
                  colonies=colonies, next_id=9_000_000)
    return world, secrets


def build() -> None:
    users = get_user_model().objects
    gm = users.create_user("leak-gm", password=PASSWORD)
    users.create_user("leak-stranger", password=PASSWORD)
    campaign = services.campaign_create(gm, name="Leak test", seed="leak-seed", is_public=True)
    civs = []
    for letter in LETTERS:
        player = users.create_user(f"leak-player-{letter.lower()}", password=PASSWORD)
        civs.append(services.campaign_join(player, invite_token=campaign.invite_token, civ_name=f"Empire {letter}"))
    world, secrets = world_for([civ.pk for civ in civs])
    for secret, letter in zip(secrets, LETTERS, strict=True):
        secret.username = f"leak-player-{letter.lower()}"
    put_world(campaign.pk, world)
    print(json.dumps({"campaign_id": campaign.pk, "invite_token": campaign.invite_token,
                      "civs": [s.as_json() for s in secrets]}))
