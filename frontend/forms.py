from __future__ import annotations

from django import forms


class CampaignForm(forms.Form):
    name = forms.CharField(max_length=120, label="Campaign name")
    seed = forms.CharField(max_length=64, required=False, label="Seed",
                           help_text="Every random result follows from it. Leave empty for a random one.")
    first_year = forms.IntegerField(min_value=1, max_value=100_000, initial=2400, label="First Galactic Standard Year")
    combat_system = forms.ChoiceField(
        label="Default combat system",
        choices=[("diceless", "Diceless Combat"), ("instant_mass", "Instant Mass Combat"),
                 ("separate_weapon", "Separate Weapon Mass Combat")],
        initial="instant_mass",
    )
    dice_mode = forms.ChoiceField(label="Dice", choices=[("server", "Server rolls (seeded)"),
                                                        ("entered", "GM enters physical rolls")])
    is_public = forms.BooleanField(required=False, label="Public: anyone may follow it as a spectator")


class JoinForm(forms.Form):
    civ_name = forms.CharField(max_length=80, label="Name your civilization")
