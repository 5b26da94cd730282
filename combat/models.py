"""Battles as records, the GM's settings for one skirmish, and odds simulations. The rules live in
`combat.engine`; who may see what of a battle is decided in `combat.selectors`."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from game.models import Campaign


class DiceMode(models.TextChoices):
    SEEDED = "seeded", "Seeded (the server rolls from the step's seed)"
    ENTERED = "entered", "Entered (the GM types in physical rolls)"


class SkirmishSetting(models.Model):
    """The GM's choices for one skirmish, read when Exterminate 4 fights it: another combat system than the
    campaign's default, and entered dice with the rolls typed in so far."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="skirmish_settings")
    skirmish_id = models.CharField(max_length=120)
    system = models.CharField(max_length=40, blank=True, help_text="Empty: the campaign's default system.")
    dice_mode = models.CharField(max_length=8, choices=DiceMode.choices, blank=True,
                                 help_text="Empty: the campaign's dice mode.")
    entered_rolls = models.JSONField(default=list, blank=True)
    ask_choices = models.BooleanField(default=False, help_text="Ask the sides their choices (offers, fleeing) live.")
    choice_minutes = models.PositiveIntegerField(null=True, blank=True,
                                                 help_text="Empty: the campaign's `choice_minutes` (default 10).")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "skirmish_id"], name="one_setting_per_skirmish"),
        ]

    def __str__(self) -> str:
        return f"{self.skirmish_id} in {self.campaign_id}"


class BattleChoice(models.Model):
    """A choice a battle reached while Exterminate 4 fought it (`game.engine.combat.ChoicePoint`), asked of one
    civilization until a deadline. Its answer, or "no offer / fight on" once the deadline passed, is given to the
    battle when the step is resolved again."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battle_choices")
    round = models.PositiveIntegerField()
    skirmish_id = models.CharField(max_length=120)
    kind = models.CharField(max_length=12)  # ChoiceKind
    side_id = models.CharField(max_length=40)
    civ_id = models.PositiveIntegerField()
    exchange = models.PositiveIntegerField(default=0)
    detail = models.JSONField(default=dict)
    deadline = models.DateTimeField()
    answer = models.JSONField(null=True, blank=True, help_text='{"choice", "terms"} once answered.')
    answered_at = models.DateTimeField(null=True, blank=True)
    by_default = models.BooleanField(default=False, help_text="Nobody answered before the deadline.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "round", "skirmish_id", "kind", "side_id", "exchange"],
                                    name="one_choice_per_point"),
        ]
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.kind} choice of {self.side_id} in {self.skirmish_id}"


class Battle(models.Model):
    """One skirmish as it was fought: the full (GM) report, its dice, and whether spectators may read it."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battles")
    round = models.PositiveIntegerField()
    step_index = models.PositiveSmallIntegerField()
    skirmish_id = models.CharField(max_length=120)
    sector = models.CharField(max_length=40)
    system = models.CharField(max_length=40)
    dice_mode = models.CharField(max_length=8, choices=DiceMode.choices)
    seed = models.CharField(max_length=40, blank=True, help_text="The battle's seed (seeded dice).")
    rolls = models.JSONField(default=list, help_text="Every roll, in order: {purpose, sides, result}.")
    # The combat system's report: [{"type", "payload"}], BattleStarted to BattleEnded.
    events = models.JSONField(default=list)
    sides = models.JSONField(default=list, help_text='[{"side_id", "civ_ids"}] as in BattleStarted.')
    victor = models.CharField(max_length=40, blank=True)
    ending = models.CharField(max_length=24)
    junk = models.JSONField(default=list, help_text="Exterminate 5: Space Junk the wrecks became.")
    published = models.BooleanField(default=False)
    # Spectators read it once the campaign's pointer reaches this absolute step (round and step as one number).
    public_from = models.PositiveIntegerField(default=0)
    narrative = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "round", "skirmish_id"], name="one_battle_per_skirmish"),
        ]
        ordering = ["-round", "-pk"]

    def __str__(self) -> str:
        return f"Battle {self.skirmish_id} ({self.system})"

    def side_of(self, civ_id: int | None) -> str | None:
        return next((side["side_id"] for side in self.sides if civ_id in side["civ_ids"]), None)


class OddsRun(models.Model):
    """One odds simulation asked for by one person; its skirmish is what that person may know of it."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="odds_runs")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    skirmish_id = models.CharField(max_length=120)
    system = models.CharField(max_length=40)
    battles = models.PositiveIntegerField()
    seed = models.CharField(max_length=40)
    skirmish = models.JSONField(help_text="The skirmish as simulated (combat.services.skirmish_to_dict).")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Odds for {self.skirmish_id} ({self.status})"

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.pk, "skirmish_id": self.skirmish_id, "system": self.system, "battles": self.battles,
            "status": self.status, "done": self.done, "result": self.result, "error": self.error,
        }


class LiveBattle(models.Model):
    """A Centurion battle played live by the two sides while Exterminate 4 waits: the skirmish as it was set up,
    the map and counters, and every action taken so far. Where it stands is rebuilt from these (the engine replays
    the actions with the battle's seed), so the record is the actions, nothing else."""

    class Status(models.TextChoices):
        PLAYING = "playing", "Being played"
        OVER = "over", "Over"

    class OutOfTime(models.TextChoices):
        BOT = "bot", "The bot plays the phase"
        PASS = "pass", "The side passes the phase"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="live_battles")
    round = models.PositiveIntegerField()
    step_index = models.PositiveSmallIntegerField()
    skirmish_id = models.CharField(max_length=120)
    sector = models.CharField(max_length=40)
    skirmish = models.JSONField(help_text="The skirmish as fought (combat.services.skirmish_to_dict).")
    map_kind = models.CharField(max_length=20)
    seed = models.CharField(max_length=40)
    setup = models.JSONField(help_text="CenturionSetUp's payload: the map and the counters where they started.")
    steps = models.JSONField(default=list, help_text='Every action in order: {"side", "action", "by"}.')
    sides = models.JSONField(default=list, help_text='[{"side_id", "civ_ids"}].')
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    version = models.PositiveIntegerField(default=0, help_text="Grows with every action; pages refetch on a push.")
    turn_minutes = models.PositiveIntegerField(default=10, help_text="The clock: minutes a side has for a phase.")
    out_of_time = models.CharField(max_length=4, choices=OutOfTime.choices, default=OutOfTime.BOT)
    deadline = models.DateTimeField(null=True, blank=True, help_text="When the phase under way runs out of time.")
    victor = models.CharField(max_length=40, blank=True)
    published = models.BooleanField(default=False)
    public_from = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "round", "skirmish_id"], name="one_live_battle_per_skirmish"),
        ]
        ordering = ["-round", "-pk"]

    def __str__(self) -> str:
        return f"Live battle {self.skirmish_id} ({self.status})"

    def side_of(self, civ_id: int | None) -> str | None:
        return next((side["side_id"] for side in self.sides if civ_id in side["civ_ids"]), None)
