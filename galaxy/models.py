"""The campaign's universe before and beside the round: the generated galaxy map (one row per Point of Interest,
planets as JSON), the proposed home worlds, each civilization's race design or faction, and its unit designs.
Rules never live here: see `galaxy.engine`, `game.engine.designer`, `game.engine.races` and `galaxy.services`."""

from __future__ import annotations

from django.db import models

from game.models import Campaign, Civilization


class GalaxyMap(models.Model):
    """The campaign's generated galaxy: seed and settings reproduce it; its rows are what the campaign plays on."""

    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="galaxy_map")
    seed = models.CharField(max_length=64)
    settings = models.JSONField(help_text="galaxy.engine.GalaxySettings as JSON")
    width = models.PositiveSmallIntegerField()
    height = models.PositiveSmallIntegerField()
    home_world_count = models.PositiveSmallIntegerField()
    home_world_distance = models.PositiveSmallIntegerField(help_text="Fewest hexes between two capitals.")
    # The placement report, one entry per home world: hex, star, orbit, STEP, max CP, neighbourhood.
    home_worlds = models.JSONField(default=list)
    generated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True, help_text="When the GM started the campaign on it.")

    def __str__(self) -> str:
        return f"Galaxy of {self.campaign_id} ({self.width}x{self.height}, seed {self.seed})"


class StoredPointOfInterest(models.Model):
    """An occupied hex. Empty hexes are not stored: the map's size says where they are."""

    galaxy = models.ForeignKey(GalaxyMap, on_delete=models.CASCADE, related_name="points")
    col = models.PositiveSmallIntegerField()
    row = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=24, blank=True, help_text="ObjectKind name; empty for deep space only.")
    category = models.CharField(max_length=16, blank=True)
    spectral_class = models.CharField(max_length=1, blank=True)
    planet_count = models.PositiveSmallIntegerField(default=0)
    viable_count = models.PositiveSmallIntegerField(default=0)
    data = models.JSONField(help_text="Stars, planets and specials (galaxy.state_io.poi_to_dict).")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["galaxy", "col", "row"], name="one_poi_per_hex")]

    def __str__(self) -> str:
        return f"{self.col:02d}{self.row:02d} {self.kind}"


class CivilizationSetup(models.Model):
    """A civilization's race (Advantage Points) or Alpha Centauri faction, and the GM's verdict on it."""

    class Kind(models.TextChoices):
        RACE = "race", "Race by Advantage Points"
        FACTION = "faction", "Alpha Centauri faction"

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        SUBMITTED = "submitted", "Waiting for the GM"
        APPROVED = "approved", "Approved"
        RETURNED = "returned", "Sent back"

    civilization = models.OneToOneField(Civilization, on_delete=models.CASCADE, related_name="setup")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    race = models.JSONField(default=dict, blank=True, help_text="name, home_world, picks, description")
    faction = models.CharField(max_length=24, blank=True)
    ap_total = models.IntegerField(default=0)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SUBMITTED)
    gm_comment = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.civilization_id}: {self.kind} ({self.status})"


class UnitDesignRecord(models.Model):
    """A civilization's own unit design; secret from every other civilization."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="unit_designs")
    civilization = models.ForeignKey(Civilization, on_delete=models.CASCADE, related_name="unit_designs")
    design_id = models.CharField(max_length=40)
    name = models.CharField(max_length=80)
    data = models.JSONField(help_text="The design as the World stores it (game.engine.world JSON).")
    mu = models.PositiveIntegerField()
    build_points = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "design_id"], name="design_id_unique_in_campaign"),
            models.UniqueConstraint(fields=["civilization", "name"], name="design_name_unique_per_civ"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.civilization_id})"
