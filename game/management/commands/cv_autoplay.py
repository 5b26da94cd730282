"""Watch a whole campaign: `cv_autoplay --civs N --rounds R --seed S [--modules all|none|KEY,KEY] [--json]`.

The campaign is made as the web pages make it (the same services): a GM creates it, N players join by the invite
link and pick a faction, the GM generates a galaxy, approves every faction and starts on the standard start. Each
civilization's seat is then handed to its bot for the whole campaign, and a GM bot advances every step with the
GM's own service, waiting for each resolution and for the bots to have played (on real workers it polls the
campaign), until R rounds are played or someone wins. `--modules` switches rule modules on before the start, as the
GM's settings page does: "all" (the default, the whole game: every module the engine plays), "none" (the core game
alone) or module keys. The figures are counted from the event log."""

from __future__ import annotations

import json
import math
import time
import uuid
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from galaxy import selectors as galaxy_selectors
from galaxy import services as galaxy_services
from game import services, visibility
from game.errors import ServiceError
from game.selectors import bots as bot_selectors
from game.selectors.settings import played_modules
from game.services import seats, settings

CIV_NAMES = ("Aldebaran League", "Betelgeuse Union", "Capella Compact", "Deneb Syndicate", "Electra Throne",
             "Fomalhaut Reach", "Gienah Dominion", "Hadar Collective", "Izar Concord", "Jabbah Mandate",
             "Kochab Assembly", "Lesath Order", "Mizar Republic", "Nashira Kin", "Okda Hegemony", "Pollux Circle")
GALAXY_ATTEMPTS = 50
STEP_TIMEOUT = 300.0  # seconds a step may take to resolve (and its bots to play) on a loaded machine
POLL = 0.02


SHORT_CAMPAIGN = 4  # rounds: a campaign this short is played on a crowded map (galaxy_for)
COUNCIL_EVERY = 4  # rounds: the setting's default; a shorter campaign's Council meets in its last round


def galaxy_for(civs: int, rounds: int) -> dict[str, Any]:
    """A map small enough that neighbours meet: about 16 hexes per civilization (at least 8x8), home worlds at
    least 3 hexes apart, so a scout (6 MP a round, 4 a Sector) reaches its neighbours' homes in a few rounds and
    the warships (4 MP) follow. Courses move from round 2, so in a campaign of `SHORT_CAMPAIGN` rounds or fewer
    those neighbours would never meet: it gets about 12 hexes per civilization (at least 6x6), home worlds at
    least 2 hexes apart, and `near` asks the GM to re-roll until each has another within 2 hexes, where a
    warship one Sector on its way sees it and reaches it in round 2 (docs/rules.md, "cv_autoplay")."""
    if rounds <= SHORT_CAMPAIGN:
        side = max(6, math.ceil(math.sqrt(12 * civs)))
        return {"settings": {"width": side, "height": side}, "home_worlds": civs, "min_distance": 2, "near": 2}
    side = max(8, math.ceil(math.sqrt(16 * civs)))
    return {"settings": {"width": side, "height": side}, "home_worlds": civs, "min_distance": 3, "near": None}


def modules_named(given: str) -> list[str]:
    """The module switches `--modules` names: "all" is every module the engine plays, "none" (or nothing) none;
    an unknown or unplayed key is refused with the list to choose from."""
    played = played_modules()
    if given.strip() == "all":
        return played
    if given.strip() == "none":
        return []
    named = [key.strip() for key in given.split(",") if key.strip()]
    unknown = [key for key in named if key not in played]
    if unknown:
        raise CommandError(f"--modules: {', '.join(unknown)} is not a module the engine plays; choose among "
                           f"{', '.join(played)} or 'all'.")
    return named


def module_settings(modules: list[str], rounds: int) -> dict[str, Any]:
    """The settings the GM changes to play `modules`: each switched on; with trade, commerce raiding too (warships at
    war raid the routes); with the Council, meeting every `COUNCIL_EVERY` rounds, or in the last round of a shorter
    campaign, so it meets at least once."""
    changes: dict[str, Any] = dict.fromkeys(modules, True)
    if "module_cw_trade" in modules:
        changes["commerce_raiding"] = True
    if "module_ac_council" in modules:
        changes["council_every_rounds"] = min(COUNCIL_EVERY, rounds)
    return changes


class Command(BaseCommand):
    help = "Create a campaign the web way, seat a bot at every civilization and play it through (GM bot)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--civs", type=int, default=4)
        parser.add_argument("--rounds", type=int, default=12)
        parser.add_argument("--seed", default="autoplay")
        parser.add_argument("--modules", default="all", help="Rule modules to switch on: 'all' (the default: every "
                                                            "module the engine plays, the whole game), 'none' (the "
                                                            "core game alone) or their keys, comma-separated.")
        parser.add_argument("--json", action="store_true", help="Print one JSON object: the tally of the game.")
        parser.add_argument("--start-world", default="", help="Write round 1's world snapshot to this file "
                                                                "(to check a replay of the log against).")

    def handle(self, *args: Any, **options: Any) -> None:
        civs, rounds, seed = int(options["civs"]), int(options["rounds"]), str(options["seed"])
        if not 1 <= civs <= len(CIV_NAMES):
            raise CommandError(f"--civs: from 1 to {len(CIV_NAMES)}.")
        if rounds < 1:
            raise CommandError("--rounds: at least 1.")
        modules = modules_named(str(options["modules"]))
        started = time.monotonic()
        campaign_id = self._create(civs, rounds, seed, modules)
        if options["start_world"]:
            with open(options["start_world"], "w") as out:
                json.dump(bot_selectors.campaign_start_world(campaign_id), out)
        errors = self._play(campaign_id, rounds)
        tally = bot_selectors.campaign_tally(campaign_id)
        tally["errors"] = tally["errors"] + [e for e in errors if e not in tally["errors"]]
        if options["json"]:
            self.stdout.write(json.dumps(tally))
        else:
            self._report(campaign_id, tally, time.monotonic() - started)
        if tally["errors"]:
            raise SystemExit(1)

    def _create(self, civs: int, rounds: int, seed: str, modules: list[str]) -> int:
        users = get_user_model().objects
        tag = f"autoplay-{uuid.uuid4().hex[:8]}"
        gm = users.create_user(f"{tag}-gm")
        campaign = services.campaign_create(
            gm, name=f"Autoplay {seed}", seed=seed, is_public=True,  # anyone may watch it as a spectator
            victory={"elimination": True, "round_limit": rounds})
        if modules:
            settings.settings_change(gm, campaign.pk, changes=module_settings(modules, rounds),
                                     reason="cv_autoplay: these rule modules are played")
        factions = [f["key"] for f in galaxy_selectors.race_catalogue()["factions"] if f["may_attack"]]
        civ_ids = []
        for index in range(civs):
            player = users.create_user(f"{tag}-player{index + 1}")
            civ = services.campaign_join(player, invite_token=campaign.invite_token, civ_name=CIV_NAMES[index])
            galaxy_services.civ_setup_submit(player, campaign.pk, kind="faction",
                                             faction=factions[index % len(factions)])
            civ_ids.append(civ.pk)
        galaxy = galaxy_for(civs, rounds)
        viewer = visibility.viewer_for(gm, campaign)
        stored, refusal = False, None
        for attempt in range(GALAXY_ATTEMPTS):
            # The GM re-rolls (the page's Re-roll) until every home system holds a second viable planet: the
            # standard start's colony ship settles it and the builder mines it (a builder cannot leave its Sector);
            # in a short campaign also until every home world has a neighbour near. A roll on which the home worlds
            # do not fit at all is re-rolled too (the 46th roll of `--seed bench-16` for 16 civilizations' crowded
            # map, which stopped the command).
            try:
                galaxy_services.galaxy_generate(gm, campaign.pk, settings=galaxy["settings"],
                                                seed=seed if attempt == 0 else f"{seed}-{attempt}",
                                                home_worlds=galaxy["home_worlds"],
                                                min_distance=galaxy["min_distance"])
            except ServiceError as error:
                refusal = error
                continue
            stored = True
            setup = galaxy_selectors.galaxy_setup(viewer, campaign)
            viable = {f"{col:02d}{row:02d}": count for col, row, *_, count in setup["points"]}
            near = galaxy["near"]
            if all(viable.get(home["hex"], 0) >= 2 and (near is None or (home["nearest_capital"] or 0) <= near)
                   for home in setup["home_worlds"]):
                break
        if not stored:
            raise CommandError(f"No galaxy of {GALAXY_ATTEMPTS} rolls fits {civs} civilizations: {refusal}")
        for civ_id in civ_ids:
            galaxy_services.civ_setup_review(gm, campaign.pk, civ_id, approve=True)
        galaxy_services.campaign_start(gm, campaign.pk)
        for civ_id in civ_ids:
            seats.seat_hand_to_bot(gm, campaign.pk, civ_id=civ_id, rounds=None,
                                   reason="cv_autoplay: a bot plays every civilization")
        self.gm, self.campaign_id = gm, campaign.pk
        return int(campaign.pk)

    def _play(self, campaign_id: int, rounds: int) -> list[str]:
        """The GM bot: Advance each open step once the bots holding seats have played it; stop at the end, after
        `rounds` rounds, or at a failure."""
        waited_since = time.monotonic()
        while True:
            pointer = bot_selectors.campaign_pointer(campaign_id)
            if pointer.status == "ended" or pointer.round > rounds:
                return []
            if pointer.status == "failed":
                return [f"round {pointer.round} {pointer.step}: {pointer.failure}"]
            if time.monotonic() - waited_since > STEP_TIMEOUT:
                return [f"round {pointer.round} {pointer.step}: nothing moved for {STEP_TIMEOUT:.0f} s "
                        f"({pointer.status})"]
            if pointer.status == "resolving" or (pointer.takes_orders and bot_selectors.bot_seats_to_play(
                    campaign_id)):
                time.sleep(POLL)  # a worker resolves, or the bots play (on the embedded default both are done)
                continue
            try:
                services.step_advance(self.gm, campaign_id, expected_round=pointer.round,
                                      expected_step=pointer.step)
            except ServiceError as error:
                if error.status != 409:  # a stale pointer is a race with a run-on: read again
                    return [f"round {pointer.round} {pointer.step}: {error}"]
            waited_since = time.monotonic()

    def _report(self, campaign_id: int, tally: dict[str, Any], seconds: float) -> None:
        lines = [f"Campaign {campaign_id} (/campaigns/{campaign_id}/): {tally['rounds_played']} rounds in "
                 f"{seconds:.0f} s; winner: {tally['winner'] or 'nobody'}"]
        for civ in tally["civilizations"]:
            figures = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in civ.items() if k != "name")
            lines.append(f"  {civ['name']}: {figures}")
        lines += [f"  error: {e}" for e in tally["errors"]]
        self.stdout.write("\n".join(lines))
