from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from game import selectors
from game.selectors.settings import played_modules, rule_modules
from game.services import seats

WHOLE_FROM_ONE = {"min_value": "Give a whole number from 1 up, or leave it empty.",
                  "invalid": "Give a whole number from 1 up, or leave it empty."}


class SignupForm(UserCreationForm):  # type: ignore[type-arg]  # generic only in the stubs
    def clean_username(self) -> str:
        username = str(super().clean_username() or "")
        if seats.username_reserved(username):
            raise forms.ValidationError(f"User names starting with \"{seats.BOT_USERNAME_PREFIX}\" are kept for the "
                                        "campaigns' bots; choose another name.")
        return username


def modules_help() -> str:
    """What the modules' switches do, from the catalogue: the engine plays the rules of all but a few, named."""
    by_hand = [title for key, title in rule_modules() if key not in played_modules()]
    hand = f" (all but {', '.join(by_hand)}, whose steps you rule by hand)" if by_hand else ""
    return (f"Optional rules the engine plays once switched on{hand}; docs/rules.md has them. The campaign's "
            "Settings page changes them, and every other setting, later.")


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
    modules = forms.MultipleChoiceField(
        required=False, choices=rule_modules(), widget=forms.CheckboxSelectMultiple, label="Rule modules",
        help_text=modules_help())
    # How the campaign is won (game.engine.victory); the GM may always declare the end.
    elimination = forms.BooleanField(required=False, initial=True,
                                     label="Elimination: the last civilization holding colonies wins")
    score_threshold = forms.IntegerField(
        required=False, min_value=1, label="Score threshold",
        help_text="The first to reach this score at the end of a round wins. Empty: no score victory.",
        error_messages=WHOLE_FROM_ONE)
    round_limit = forms.IntegerField(
        required=False, min_value=1, label="Round limit",
        help_text="At the end of this round the best score wins. Empty: no limit.", error_messages=WHOLE_FROM_ONE)
    end_visibility = forms.ChoiceField(label="When the campaign ends", choices=selectors.END_VISIBILITIES,
                                       help_text="Its final standings and chronicle stay readable to whoever may "
                                                 "see it then.")

    VICTORY_FIELDS = ("elimination", "score_threshold", "round_limit", "end_visibility")

    def setup_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in (*self.VICTORY_FIELDS, "modules")]

    def victory_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.VICTORY_FIELDS]


class JoinForm(forms.Form):
    civ_name = forms.CharField(max_length=80, label="Name your civilization")
