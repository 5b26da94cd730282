"""Campaign state and its append-only event log. Rules never live here: see `game.engine` and `game.services`."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from game.engine.events import Visibility
from game.engine.phases import ALL_STEPS, GalacticDate, Pointer, Step


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


# The world snapshots can be megabytes: every read of a campaign leaves them out, and game.state_io (the only code
# that needs them) reads them on its own.
CAMPAIGN_WORLDS = ("world", "world_previous")


class CampaignManager(models.Manager["Campaign"]):
    def get_queryset(self) -> models.QuerySet[Campaign]:
        return super().get_queryset().defer(*CAMPAIGN_WORLDS)


class Campaign(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for orders"
        RESOLVING = "resolving", "Resolving"
        FAILED = "failed", "Resolution failed"
        ENDED = "ended", "Ended"  # won, or ended by the GM: read-only from then on (game.services)

    class EndVisibility(models.TextChoices):
        KEEP = "keep", "Keep it as it is"
        PRIVATE = "private", "Make it private"
        PUBLIC = "public", "Make it public"

    name = models.CharField(max_length=120)
    seed = models.CharField(max_length=64, help_text="Every random result of the campaign derives from it.")
    rule_options = models.JSONField(default=dict, blank=True)
    is_public = models.BooleanField(default=False, help_text="Anyone may follow a public campaign, read-only.")
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    first_year = models.PositiveIntegerField(default=1, help_text="Galactic Standard Year of round 1.")
    # The pointer: the step about to be resolved.
    round = models.PositiveIntegerField(default=1)
    step_index = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    # The rules' state of the galaxy, civilizations and units (game.engine.world.World as JSON) as of event
    # `world_seq`; the current world adds the later events (game.state_io). Empty until a galaxy or scenario is
    # loaded. The snapshot before it is kept for undo.
    world = models.JSONField(default=dict, blank=True)
    world_seq = models.PositiveBigIntegerField(default=0)
    world_previous = models.JSONField(null=True, blank=True)
    world_previous_seq = models.PositiveBigIntegerField(default=0)
    # The number of the last event that changed the world: processes that built the world up to it may reuse it.
    state_seq = models.PositiveBigIntegerField(default=0)
    failure = models.TextField(blank=True, help_text="Why the last resolution failed, for the GM.")
    # Physical rolls the GM typed in for the open step, used before any server roll (game.engine.dice.EnteredDice).
    entered_rolls = models.JSONField(default=list, blank=True)
    # The number of the last event; the per-campaign sequence is taken from here under the campaign's row lock.
    last_seq = models.PositiveBigIntegerField(default=0)
    # The number of the last event that changed who may see the campaign (its visibility, a membership): each
    # push carries it, and an open socket re-checks its viewer when it grows (game.consumers).
    access_seq = models.PositiveBigIntegerField(default=0)
    # How the campaign is won (game.engine.victory.VictoryConditions as JSON; the GM may always declare the end),
    # and what becomes of its visibility when it ends.
    victory_conditions = models.JSONField(default=dict, blank=True)
    end_visibility = models.CharField(max_length=8, choices=EndVisibility.choices, default=EndVisibility.KEEP)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = CampaignManager()

    def __str__(self) -> str:
        return self.name

    @property
    def pointer(self) -> Pointer:
        return Pointer(self.round, self.step_index)

    @property
    def step(self) -> Step:
        return ALL_STEPS[self.step_index]

    @property
    def date(self) -> GalacticDate:
        return GalacticDate.of_round(self.round, self.first_year)


class Membership(models.Model):
    class Role(models.TextChoices):
        GM = "gm", "Game Master"
        PLAYER = "player", "Player"
        SPECTATOR = "spectator", "Spectator"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices)
    joined_at = models.DateTimeField(auto_now_add=True)
    # The last event this member has looked at: "since you were away" is what came after it.
    last_seen_seq = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_campaign")]

    def __str__(self) -> str:
        return f"{self.user} as {self.role} in {self.campaign}"


class Civilization(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="civilizations")
    # Empty once the GM removed its player: the civilization stays in the world and its record (game.services).
    membership = models.OneToOneField(Membership, null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="civilization")
    name = models.CharField(max_length=80)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "name"], name="civ_name_unique_in_campaign")]

    def __str__(self) -> str:
        return self.name


class Order(models.Model):
    """A player's order for one step; the idempotency key makes a re-sent order land once."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="orders")
    civilization = models.ForeignKey(Civilization, on_delete=models.CASCADE, related_name="orders")
    round = models.PositiveIntegerField()
    step_index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    idempotency_key = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["civilization", "idempotency_key"], name="order_idempotency_key"),
        ]
        indexes = [models.Index(fields=["campaign", "round", "step_index"])]

    def __str__(self) -> str:
        return f"{self.kind} by {self.civilization_id} for round {self.round} step #{self.step_index}"


class Readiness(models.Model):
    """A player has said they are done with orders for a step."""

    civilization = models.ForeignKey(Civilization, on_delete=models.CASCADE, related_name="readiness")
    round = models.PositiveIntegerField()
    step_index = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["civilization", "round", "step_index"], name="ready_once_per_step"),
        ]

    def __str__(self) -> str:
        return f"{self.civilization_id} ready for round {self.round} step #{self.step_index}"


class StepResolution(models.Model):
    """One row per step the GM closed: the record that makes resolution happen exactly once."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"
        UNDONE = "undone", "Undone by the GM"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="resolutions")
    round = models.PositiveIntegerField()
    step_index = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    # What the resolution needs to run again exactly: the rolls the GM entered and the GM's overrides (with the
    # digest of the previewed events they were made against).
    entered_rolls = models.JSONField(default=list, blank=True)
    overrides = models.JSONField(default=list, blank=True)
    preview_digest = models.CharField(max_length=64, blank=True)
    # What undo goes back to: the last event number before this step's events.
    seq_before = models.PositiveBigIntegerField(default=0)
    undo_reason = models.TextField(blank=True)
    queued_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "round", "step_index"], name="resolve_step_once"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign_id} round {self.round} step #{self.step_index}: {self.status}"


class Event(models.Model):
    """The append-only log: what happened, in order, with who did it and who may see it."""

    # None of the three references is checked by PostgreSQL: events are written only under the campaign's row
    # lock (`game.ledger`), which the same transaction holds, so the campaign and its civilizations are there, and
    # the actor is the signed-in user; each check cost 1-3 us a row at commit (13,500 events in a 50,000-unit
    # round: 20-40 ms). Deleting a campaign, a civilization or a user still reaches its events (Django's CASCADE
    # and SET_NULL, which find them by the civilization's and the actor's indexes, and by the campaign's two in
    # `Meta`, which is why it has none of its own).
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events", db_constraint=False,
                                 db_index=False)
    seq = models.PositiveBigIntegerField()
    type = models.CharField(max_length=60)
    payload = models.JSONField(default=dict)
    visibility = models.CharField(max_length=8, choices=[(v.value, v.name.title()) for v in Visibility])
    civilization = models.ForeignKey(
        Civilization, null=True, blank=True, on_delete=models.CASCADE, related_name="private_events",
        db_constraint=False,
    )
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              db_constraint=False)
    round = models.PositiveIntegerField()
    step_index = models.PositiveSmallIntegerField()
    # The GM undid the step that produced it: it stays in the log, struck through, and no longer holds.
    undone = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "seq"], name="event_seq_unique")]
        # The latest event of a type (the published standings, the result, the notes) without reading the log.
        indexes = [models.Index(fields=["campaign", "type", "seq"], name="event_by_type")]
        ordering = ["seq"]

    def __str__(self) -> str:
        return f"#{self.seq} {self.type}"

    def as_message(self) -> dict[str, Any]:
        return event_message(vars(self))


def event_message(columns: Mapping[str, Any]) -> dict[str, Any]:
    """A stored event as it is pushed and served, from its columns (an `Event`'s, or those just written)."""
    return {
        "seq": columns["seq"],
        "type": columns["type"],
        "payload": columns["payload"],
        "visibility": columns["visibility"],
        "civ_id": columns["civilization_id"],
        "round": columns["round"],
        "step": ALL_STEPS[columns["step_index"]].key,
        "undone": columns["undone"],
        "at": columns["created_at"].isoformat(),
    }


class EventWitness(models.Model):
    """A civilization that saw a GM-visibility event (a skirmish's sides, a message's two ends): it may read it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="witnesses")
    civilization = models.ForeignKey(Civilization, on_delete=models.CASCADE, related_name="witnessed")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "civilization"], name="witness_once")]

    def __str__(self) -> str:
        return f"{self.civilization_id} saw #{self.event_id}"


class CivFigures(models.Model):
    """A civilization's figures at the start of a round, for its charts."""

    civilization = models.ForeignKey(Civilization, on_delete=models.CASCADE, related_name="figures")
    round = models.PositiveIntegerField()
    figures = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["civilization", "round"], name="figures_once_per_round")]
        ordering = ["round"]

    def __str__(self) -> str:
        return f"{self.civilization_id} round {self.round}"


class SettingsVersion(models.Model):
    """The campaign's settings (rule modules and their options, combat, dice, deadlines, bots…) from one step on.
    Every change is a new version, so the record shows which rules were in force at every step; a change that
    would break the round in progress is stored `pending` and comes into force when the next round opens."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="settings_versions")
    version = models.PositiveIntegerField()
    values = models.JSONField(default=dict)
    # In force from this step on (for a pending version: the round it waits for, step 0).
    round = models.PositiveIntegerField()
    step_index = models.PositiveSmallIntegerField()
    pending = models.BooleanField(default=False)
    reason = models.TextField(blank=True)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "version"], name="settings_version_once")]
        ordering = ["version"]

    def __str__(self) -> str:
        return f"{self.campaign_id} settings v{self.version}"


class StepClock(models.Model):
    """When the open step opened, its deadline, and whether the GM asked the round to run on by itself to the
    next step that needs someone (game.services: the flow)."""

    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="clock")
    opened_at = models.DateTimeField(default=timezone.now)
    deadline = models.DateTimeField(null=True, blank=True)
    run_on = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.campaign_id} clock"


class PhaseReadiness(models.Model):
    """A player is ready for the rest of a phase: each later step of it counts them ready, unless something new
    concerns them (a contact, a skirmish, a message), which clears it."""

    civilization = models.ForeignKey(Civilization, on_delete=models.CASCADE, related_name="phase_readiness")
    round = models.PositiveIntegerField()
    phase = models.CharField(max_length=16)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["civilization", "round", "phase"], name="phase_ready_once"),
        ]

    def __str__(self) -> str:
        return f"{self.civilization_id} ready for round {self.round} {self.phase}"


class SeatDelegation(models.Model):
    """Someone else holds a civilization's seat for some rounds: a bot the GM handed it to at a deadline, or the
    member or bot its player delegated it to for an absence. While it holds, the delegate plays the civilization
    exactly as its player would (game.visibility) and the player's own orders wait until they take it back."""

    civilization = models.ForeignKey(Civilization, on_delete=models.CASCADE, related_name="delegations")
    delegate = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats_held")
    is_bot = models.BooleanField(default=False)
    from_round = models.PositiveIntegerField()
    # The last round it holds; empty: until the player takes the seat back.
    until_round = models.PositiveIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["civilization", "ended_at"])]

    def __str__(self) -> str:
        return f"{self.delegate_id} holds {self.civilization_id} from round {self.from_round}"


class Bot(models.Model):
    """A bot's account: a user of its own that signs in with an API token and plays one civilization through the
    player's API (game.bots), never the rules or the database."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bot")
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="bots")
    civilization = models.ForeignKey(Civilization, on_delete=models.CASCADE, related_name="bots")
    strategy = models.CharField(max_length=40, default="standard")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["civilization"], name="one_bot_per_civilization")]

    def __str__(self) -> str:
        return f"bot for {self.civilization_id}"


# The current state of the world's units, colonies and projects, one row each (issue 19), so an admin, a report or
# an API filter can query them. The event log stays the record and the engine keeps working on the World: these
# rows are written from it (game.unit_rows) in the transaction that stores the step's events, only where a record
# changed. The typed columns are what filters read; `data` is the whole record, so new fields need no migration.


class UnitRow(models.Model):
    # Not checked by PostgreSQL, as an event's campaign is not: the rows are written with the step's events, under
    # the campaign's row lock. Not indexed alone: `unit_row_once`, which starts with it, serves every read of a
    # campaign's rows, and an index more is one more update for each of the thousands of rows a step rewrites.
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="unit_rows", db_constraint=False,
                                 db_index=False)
    unit_id = models.BigIntegerField()
    # A world's civilization ids are the campaign's Civilization keys; not enforced, so a row is never refused.
    civilization = models.ForeignKey(Civilization, on_delete=models.DO_NOTHING, db_constraint=False,
                                     related_name="unit_rows")
    design_id = models.CharField(max_length=80)
    name = models.CharField(max_length=200)
    scale = models.CharField(max_length=20)
    sector_id = models.CharField(max_length=20)
    poi_id = models.CharField(max_length=80, blank=True)
    state = models.CharField(max_length=20)
    hp = models.FloatField(default=0.0)
    task = models.CharField(max_length=80, blank=True)
    data = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "unit_id"], name="unit_row_once")]
        indexes = [models.Index(fields=["campaign", "civilization", "sector_id"], name="unit_row_by_sector"),
                   models.Index(fields=["campaign", "civilization", "state"], name="unit_row_by_state"),
                   models.Index(fields=["campaign", "civilization", "design_id"], name="unit_row_by_design")]
        ordering = ["unit_id"]

    def __str__(self) -> str:
        return f"unit {self.unit_id} {self.name}"


class ColonyRow(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="colony_rows")
    colony_id = models.BigIntegerField()
    civilization = models.ForeignKey(Civilization, on_delete=models.DO_NOTHING, db_constraint=False,
                                     related_name="colony_rows")
    planet_id = models.CharField(max_length=80)
    sector_id = models.CharField(max_length=20)
    population = models.IntegerField(default=0)
    operational = models.BooleanField(default=False)
    occupied_by = models.BigIntegerField(null=True, blank=True)
    data = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "colony_id"], name="colony_row_once")]
        ordering = ["colony_id"]

    def __str__(self) -> str:
        return f"colony {self.colony_id} on {self.planet_id}"


class ProjectRow(models.Model):
    class Kind(models.TextChoices):
        CONSTRUCTION = "construction", "Construction"
        TERRAFORM = "terraform", "Terraforming"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="project_rows")
    project_id = models.BigIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    civilization = models.ForeignKey(Civilization, on_delete=models.DO_NOTHING, db_constraint=False,
                                     related_name="project_rows")
    site = models.CharField(max_length=80, help_text="The Point of Interest built at, or the planet terraformed.")
    design_id = models.CharField(max_length=80, blank=True)
    completed = models.BooleanField(default=False)
    data = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "project_id"], name="project_row_once")]
        ordering = ["project_id"]

    def __str__(self) -> str:
        return f"{self.kind} project {self.project_id}"
