"""Issue 36, item 6: no page a GM, a player or a spectator can open shows placeholder, stale or internal text. On the
demo campaign with every rule module the engine plays switched on, played by bots through Exterminate (a battle
fought, its wrecks turned to Space Junk), every page's rendered HTML and every JSON answer its scripts read is
searched for the rules' "TODO", "not built yet", "costs nothing yet", markdown emphasis around words, and ids
shown in place of names ("Unit 107")."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from combat.models import Battle
from game import services
from game.api.reads import BATCHED_READS
from game.bots.client import BotClient
from game.bots.play import play_turn
from game.management.commands.cv_autoplay import module_settings
from game.models import Campaign
from game.selectors.settings import played_modules
from tests.combat.conftest import SKIRMISH, load_skirmish
from tests.game.conftest import Table, make_table

pytestmark = pytest.mark.django_db
DEMO = Path(__file__).resolve().parents[2] / "game" / "scenarios" / "demo.yaml"

# What a person must never read: the rulebook's placeholders, notes about the software's progress, markdown the page
# does not render, and an id where a name belongs.
PLACEHOLDERS = {
    "the rules' TODO": re.compile(r"\bTODO\b"),
    "a module said not built": re.compile(r"not built yet", re.IGNORECASE),
    "a price said missing": re.compile(r"costs nothing yet", re.IGNORECASE),
    "a promise about research": re.compile(r"once research exists", re.IGNORECASE),
    "the software's issues": re.compile(r"\bissue \d+\b|not filed yet", re.IGNORECASE),
    "markdown emphasis": re.compile(r"\*[A-Za-z][\w' -]*\w\*"),
    "an id for a name": re.compile(r"\bUnit \d+\b|\bskirmish \d+:\S+"),
}


def placeholders_in(text: str) -> list[str]:
    return [f"{what}: …{text[max(0, m.start() - 60):m.end() + 60]}…" for what, pattern in PLACEHOLDERS.items()
            for m in pattern.finditer(text)]


def words_of(body: Any) -> Iterator[str]:
    """Every string a JSON answer holds, but its keys (read by the script, not shown) and an event's `payload`: the
    record as the engine wrote it, which a page shows through the event's `description`."""
    if isinstance(body, str):
        yield body
    elif isinstance(body, dict):
        for key, value in body.items():
            if key != "payload":
                yield from words_of(value)
    elif isinstance(body, list):
        for value in body:
            yield from words_of(value)


def browser(user: AbstractBaseUser | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)  # type: ignore[arg-type]  # the project's user model
    return client


def bot_for(table: Table, player: AbstractBaseUser) -> BotClient:
    client = table.client(player)

    def call(method: str, path: str, body: dict[str, Any] | None) -> tuple[int, bytes]:
        answer = client.get(path) if method == "GET" else client.post(path, body, format="json")
        return answer.status_code, answer.content

    return BotClient(call, table.campaign.pk)


@pytest.fixture
def played() -> Table:
    """The demo with every module on, played by bots from Explore 1 through Exterminate 6 of round 1: Terran
    attacks Morgan at Explore 7, the battle is fought in Exterminate 4 and its wrecks become junk in 5."""
    table = make_table("words", public=True)
    services.campaign_load_scenario(table.gm, table.campaign.pk, text=DEMO.read_text())
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    Campaign.objects.filter(pk=campaign.pk).update(rule_options={
        **campaign.rule_options, **module_settings(played_modules(), 3), "combat_system": "instant_mass"})
    bots = [bot_for(table, player) for player in table.players]
    while table.pointer()["step"] != "exterminate.7":
        if table.pointer()["step"] == "explore.7":
            offer = next(o for o in bots[0].legal_orders() if o["kind"] == "StartSkirmish")
            bots[0].order(1, "explore.7", "StartSkirmish", dict(offer["payload"]), "words-attack")
        for index, bot in enumerate(bots):
            play_turn(bot, f"words-{index}")
        table.resolve_step()
    assert Battle.objects.filter(campaign_id=table.campaign.pk).exists()
    return table


def test_no_page_of_the_gm_a_player_or_a_spectator_shows_a_placeholder_markup_or_an_id_for_a_name(
        played: Table) -> None:
    campaign_id = played.campaign.pk
    battle = Battle.objects.filter(campaign_id=campaign_id).latest("pk")
    publish(played, battle)
    base = f"/campaigns/{campaign_id}/"
    api = f"/api{base}"
    pages = {
        "gm": ["/", base, f"{base}settings/", f"{base}setup/", f"{base}battles/",
               f"{base}battles/{battle.pk}/", f"{base}skirmishes/"],
        "player": ["/", base, f"{base}settings/", f"{base}designer/", f"{base}civilization/", f"{base}battles/",
                   f"{base}battles/{battle.pk}/", f"{base}skirmishes/"],
        "spectator": ["/", base, f"{base}settings/", f"{base}battles/", f"{base}battles/{battle.pk}/"],
    }
    reads = [f"{api}{name}/" if name else api for name in sorted(BATCHED_READS)] + [
        f"{api}{name}" for name in ("map/", "events/", "standings/", "settings/", "galaxy/", "designs/", "setup/",
                                    f"battles/{battle.pk}/", "skirmishes/", "rulings/")] + ["/api/round-steps/"]
    users = {"gm": played.gm, "player": played.players[0], "spectator": None}
    found: dict[str, list[str]] = {}
    for role, user in users.items():
        html = browser(user)
        for page in pages[role]:
            shown = html.get(page)
            assert shown.status_code == 200, (role, page, shown.status_code)
            found |= {f"{role} {page}": hits for hits in [placeholders_in(shown.content.decode())] if hits}
        client = played.client(user)
        for address in reads:
            answer = client.get(address)
            if answer.status_code >= 400 or not answer.content:
                continue  # not this role's to read (a spectator's units, a player's rulings)
            body = json.loads(answer.content)
            hits = [hit for text in words_of(body) for hit in placeholders_in(text)]
            if hits:
                found[f"{role} {address}"] = hits
    assert not found, json.dumps(found, indent=1)


def test_no_page_script_or_template_holds_a_placeholder_or_names_a_unit_by_its_id() -> None:
    """What the scripts write themselves (a label, a fallback) is read by no test of the server's answers."""
    root = Path(__file__).resolve().parents[2]
    files = [f for app in ("frontend", "combat", "galaxy") for kind in ("static", "templates")
             for f in (root / app / kind).rglob("*") if f.suffix in (".js", ".html")]
    literal = re.compile(r"\bTODO\b|not built yet|costs nothing yet|once research exists|\bUnit \$\{|\bUnit \{\{")
    found = {str(f.relative_to(root)): literal.findall(f.read_text()) for f in files}
    assert files and not {f: hits for f, hits in found.items() if hits}


def publish(table: Table, battle: Battle) -> None:
    """The GM publishes the battle, so a spectator reads it too."""
    response = table.client(table.gm).post(table.url(f"battles/{battle.pk}/publish"), {"narrative": "Morgan held."},
                                           format="json")
    assert response.status_code == 200, response.json()


def test_a_step_the_rules_leave_todo_says_what_it_does_in_this_campaign_with_its_module_on_or_off(db: None) -> None:
    table = make_table("todo", public=True, players=1)
    table.move_to(1, "explore.13")
    page = f"/campaigns/{table.campaign.pk}/"

    def read(user: AbstractBaseUser | None) -> tuple[str, str]:
        state = table.client(user).get(table.url()).json()
        return state["step_rule"], browser(user).get(page).content.decode()

    for user in (table.gm, table.players[0], None):
        rule, html = read(user)
        assert rule == ("The Cluster War research module, which plays this step, is off in this campaign: the GM "
                        "rules it by hand (declare to the GM what you want done).")
        assert "TODO" not in html  # the list of the round's steps on the page, too
    Campaign.objects.filter(pk=table.campaign.pk).update(rule_options={"module_cw_research": True,
                                                                       "module_cw_trade": True})
    rule, html = read(table.players[0])
    assert rule.startswith("Cluster War research: start a research project") and "TODO" not in html
    assert "Cluster War trade: propose a treaty" in html  # Explore 9 in the page's list of steps


def test_a_player_ready_for_the_rest_of_the_phase_is_not_told_not_ready_for_its_step(db: None) -> None:
    table = make_table("phase", players=2)
    table.move_to(1, "expand.5")
    player = table.client(table.players[0])
    given = player.post(table.url("ready-phase/"), {"round": 1, "step": "expand.5"}, format="json")
    assert given.status_code == 200, given.json()
    for reader in (player, table.client(table.gm)):
        rows = {civ["id"]: civ["ready"] for civ in reader.get(table.url()).json()["civilizations"] if "ready" in civ}
        assert rows[table.civs[0].pk] is True  # the page's "You are ready", not "Not ready yet"
    assert {c["id"]: c["ready"] for c in table.client(table.gm).get(table.url()).json()["civilizations"]}[
        table.civs[1].pk] is False


def test_a_step_waiting_for_a_centurion_battle_says_it_waits_and_for_whom_to_everyone_not_that_it_failed(
        db: None) -> None:
    table = make_table("waits", public=True)
    load_skirmish(table)
    assert table.client(table.gm).post(table.url(f"skirmishes/{SKIRMISH}/system"), {"system": "centurion"},
                                       format="json").status_code == 200
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    services.step_advance(table.gm, campaign.pk, expected_round=campaign.round, expected_step=campaign.step.key)
    assert services.step_resolve(campaign.pk, campaign.round, campaign.step_index) is False  # the battle is live
    attacker, defender = (civ.name for civ in table.civs[:2])
    said = {}
    for role, user in {"gm": table.gm, "attacker": table.players[0], "defender": table.players[1],
                       "bystander": table.players[2], "spectator": None}.items():
        state = table.client(user).get(table.url()).json()
        assert state["status"] == "waiting", role  # every role's badge says the same, and not "failed"
        said[role] = state["waiting_for"]
    assert said["gm"] == ("Exterminate 4 waits for the Centurion battle in Sector 1,0, played by "
                          f"{attacker} and {defender}.")
    assert said["attacker"] == said["defender"] == (
        "Exterminate 4 waits for your battle: play it under Centurion battles on this page (or answer its choices); "
        "the step goes on once every battle is over.")
    # Who fights is the sides' and the GM's business until the battle is published.
    assert said["bystander"] == said["spectator"] == (
        "Exterminate 4 waits for a battle to be fought; the step goes on once it is over.")
