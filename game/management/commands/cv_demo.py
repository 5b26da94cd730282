"""Create (once) the demo campaign: a GM, three players with their civilizations, public for spectators."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

from game import selectors, services

DEMO_NAME = "Demo: The Centauri Cluster"
DEMO_SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"
DEMO_PASSWORD = "centauri-demo"
DEMO_PLAYERS = [("player1", "Terran Hegemony"), ("player2", "Gaian Accord"), ("player3", "Morgan Combine")]


class Command(BaseCommand):
    help = "Create the demo campaign (if it does not exist) and print the addresses to open."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    def handle(self, *args: Any, **options: Any) -> None:
        users = get_user_model()
        campaign = selectors.campaign_named(DEMO_NAME)
        if campaign is None:
            gm = users.objects.create_user("gm", password=DEMO_PASSWORD)
            campaign = services.campaign_create(
                gm, name=DEMO_NAME, seed="centauri-demo-seed", is_public=True, first_year=2400,
                rule_options={"combat_system": "instant_mass", "dice_mode": "server"},
            )
            for username, civ_name in DEMO_PLAYERS:
                player = users.objects.create_user(username, password=DEMO_PASSWORD)
                services.campaign_join(player, invite_token=campaign.invite_token, civ_name=civ_name)
            services.campaign_load_scenario(gm, campaign.pk, text=DEMO_SCENARIO.read_text())
        base = options["base_url"].rstrip("/")
        url = f"{base}/campaigns/{campaign.pk}/"
        lines = [
            "",
            f"Centaurian Vector demo campaign: {campaign.name}",
            f"  GM:         {url}  (sign in as gm / {DEMO_PASSWORD})",
        ]
        for civ in selectors.players_of(campaign):
            if civ["username"] is not None:
                lines.append(f"  Player:     {url}  (sign in as {civ['username']} / {DEMO_PASSWORD};"
                             f" {civ['name']})")
        lines += [
            f"  Spectator:  {url}  (no account needed)",
            f"  Invite link for a new player: {base}/join/{campaign.invite_token}/",
            "",
        ]
        self.stdout.write("\n".join(lines))
