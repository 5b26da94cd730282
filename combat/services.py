"""Every write about skirmishes: the GM's settings for one battle, entered dice, storing fought battles,
publishing reports, and odds simulations. Each locks the campaign, checks, calls the engine and stores in one
transaction; pushes and tasks happen after commit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, replace
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from django.db import transaction
from django.utils import timezone

from combat.engine.centurion.bot import bot_action
from combat.engine.centurion.game import STACKING_LIMIT, IllegalAction, Phase, apply
from combat.engine.centurion.hexmap import MapKind
from combat.engine.centurion.system import KEY as CENTURION
from combat.engine.centurion.system import CenturionCombat, outcome, setup_event
from combat.engine.odds import simulate_odds
from combat.engine.registry import COMBAT_SYSTEMS, combat_system
from combat.engine.report import open_battle
from combat.models import Battle, BattleChoice, DiceMode, LiveBattle, OddsRun, SkirmishSetting
from combat.selectors import (
    ALLOWED_CHOICES,
    DEFAULT_CHOICE_MINUTES,
    UNFOUGHT,
    campaign_default_system,
    choice_json,
    entered_by_default,
    live_state,
    map_kind_of,
    setting_json,
)
from game import dispatch, realtime, state_io
from game.copy_rows import insert_objects
from game.engine.combat import (
    BattleChoices,
    ChoiceKind,
    ChoiceNeeded,
    ChoicePoint,
    CombatResult,
    CombatSide,
    CombatSystem,
    CombatUnit,
    Defense,
    Offer,
    OfferKind,
    Skirmish,
    Weapon,
    Withdrawal,
    WithdrawalDecision,
    is_combat_capable,
)
from game.engine.dice import Dice, DiceExhausted, ScriptedDice, SeededDice, step_seed
from game.engine.events import Event as EngineEvent
from game.engine.events import Visibility
from game.engine.settings_catalogue import SKIRMISH_SIZES, skirmish_size
from game.engine.steps.exterminate import combat_unit
from game.engine.visibility import civ_view
from game.engine.world import SkirmishState, World, is_present
from game.errors import Conflict, Forbidden, NotFound, ServiceError
from game.ledger import User, append_events, locked_campaign, publish_after_commit
from game.models import Campaign, Civilization, StepResolution
from game.visibility import in_skirmish, position, require_gm_of, require_seat, viewer_for

FIGHT_STEP = "exterminate.4"
MAX_ODDS_BATTLES = 10_000
# Odds runs a person may have queued or running in a campaign at once: each is up to MAX_ODDS_BATTLES of a worker,
# so without a bound one person could fill the odds queue and keep everyone else's estimates waiting. A run
# older than ODDS_LOST_AFTER no longer counts: one whose task was lost (the broker down when it was queued) must
# not lock its asker out for good.
MAX_UNFINISHED_ODDS = 2
MAX_UNFINISHED_ODDS_GM = 4
ODDS_LOST_AFTER = timedelta(minutes=15)
# Bounds of a Centurion action at the API: a hex is numbered in two digits; an attack is made by at most the six
# stacks around the target hex, each full with a command unit.
MAX_HEX_NUMBER = 99
MAX_COUNTER_ID = 40
MAX_ATTACKERS = 6 * (STACKING_LIMIT + 1)


# --- the combat system the step pipeline uses ---------------------------------------------------------------------

class CampaignCombat:
    """The campaign's combat system for one step: each skirmish is fought with the GM's choice for it (or the
    campaign's default), with its own dice. Ruling (docs/rules.md, "Battle dice"): a battle's seeded dice come
    from the step's seed and the skirmish's id, so one battle can be fought again alone (to replay it, or with
    a choice added) and gives the same rolls; with entered dice it uses the GM's rolls for that battle."""

    key = "campaign"
    title = "The campaign's choice per skirmish"

    def __init__(self, campaign_seed: str, round: int, default: str, entered_by_default: bool,
                 settings: dict[str, SkirmishSetting], answers: dict[str, BattleChoices] | None = None,
                 by_size: dict[str, str] | None = None, ask_every_battle: bool = False,
                 live: dict[str, LiveBattle] | None = None) -> None:
        self.campaign_seed = campaign_seed
        self.round = round
        self.default = default
        # The campaign's system for each skirmish size (docs/rules.md, "Campaign settings"); empty: the default.
        self.by_size = by_size or {}
        self.ask_every_battle = ask_every_battle
        self.entered_by_default = entered_by_default
        self.settings = settings
        self.answers = answers or {}
        self.live = live or {}  # this round's Centurion battles played live, by skirmish

    def fight(self, skirmish: Skirmish, dice: Dice, choices: BattleChoices | None = None) -> CombatResult:
        setting = self.settings.get(skirmish.skirmish_id)
        combat_units = sum(is_combat_capable(unit) for side in skirmish.sides for unit in side.units)
        sized = self.by_size.get(skirmish_size(combat_units)) or self.default
        system = combat_system(setting.system if setting and setting.system else sized)
        if system.key == CENTURION:
            return self._live(skirmish)
        entered = setting.dice_mode == DiceMode.ENTERED if setting and setting.dice_mode else self.entered_by_default
        seed = ""
        battle_dice: Dice
        if entered:
            battle_dice = ScriptedDice(list(setting.entered_rolls) if setting else [])
        else:
            seed = str(battle_seed(self.campaign_seed, self.round, skirmish.skirmish_id))
            battle_dice = SeededDice(int(seed))
        if choices is None and ((setting and setting.ask_choices) or self.ask_every_battle):
            choices = self.answers.get(skirmish.skirmish_id, BattleChoices(ask=True))
        try:
            result = system.fight(skirmish, battle_dice, choices)
        except ChoiceNeeded as needed:
            side = next(s for s in skirmish.sides if s.side_id == needed.point.side_id)
            raise ChoiceWaiting(skirmish.skirmish_id, side.civ_ids[0], needed.point) from needed
        except DiceExhausted as error:
            raise DiceExhausted(f"skirmish {skirmish.skirmish_id}: {error.purpose} (after "
                                f"{len(battle_dice.rolls)} entered rolls)", error.sides) from error
        record = EngineEvent("BattleDiceRecorded", {
            "skirmish_id": skirmish.skirmish_id,
            "dice_mode": DiceMode.ENTERED.value if entered else DiceMode.SEEDED.value,
            "seed": seed,
            "rolls": [roll.as_payload() for roll in battle_dice.rolls],
        }, Visibility.GM)
        return replace(result, events=(*result.events, record))


    def _live(self, skirmish: Skirmish) -> CombatResult:
        """Ruling (docs/rules.md, "Centurion"): a Centurion battle is played live by the two sides while the step
        waits (`LiveBattleWaiting`); once it is over, the step is resolved again and the battle's actions, replayed
        with its seed, make the result. Its dice are always the server's (one roll an attack, made as it happens)."""
        events, _, unopposed = open_battle(skirmish, CENTURION)
        if unopposed is not None:
            return unopposed
        live = self.live.get(skirmish.skirmish_id)
        if live is None or live.status != LiveBattle.Status.OVER:
            raise LiveBattleWaiting(skirmish)
        battle, played, dice = live_state(live)
        result = outcome(skirmish, battle, [events[0], EngineEvent("CenturionSetUp", live.setup), *played])
        record = EngineEvent("BattleDiceRecorded", {
            "skirmish_id": skirmish.skirmish_id, "dice_mode": DiceMode.SEEDED.value, "seed": live.seed,
            "rolls": [roll.as_payload() for roll in dice.rolls],
        }, Visibility.GM)
        return replace(result, events=(*result.events, record))


def battle_seed(campaign_seed: str, round: int, skirmish_id: str) -> int:
    return step_seed(campaign_seed, round, FIGHT_STEP, skirmish_id)


def campaign_combat_system(campaign: Campaign) -> CombatSystem:
    """What `game.services` hands the step pipeline as `StepInput.combat_system`."""
    return _CombatWhenFought(campaign)


class _CombatWhenFought:
    """The campaign's `CampaignCombat`, read from the database when the step fights its first skirmish: most steps
    fight none, and its three queries were a tenth of a quiet step's."""

    key = CampaignCombat.key
    title = CampaignCombat.title

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign

    @cached_property
    def combat(self) -> CampaignCombat:
        return _campaign_combat(self.campaign)

    def fight(self, skirmish: Skirmish, dice: Dice, choices: BattleChoices | None = None) -> CombatResult:
        return self.combat.fight(skirmish, dice, choices)


def _campaign_combat(campaign: Campaign) -> CampaignCombat:
    settings = {s.skirmish_id: s for s in SkirmishSetting.objects.filter(campaign=campaign)}
    answered: dict[str, list[BattleChoice]] = {}
    for choice in BattleChoice.objects.filter(campaign=campaign, round=campaign.round, answered_at__isnull=False):
        answered.setdefault(choice.skirmish_id, []).append(choice)
    return CampaignCombat(campaign.seed, campaign.round, campaign_default_system(campaign),
                          entered_by_default(campaign), settings,
                          {skirmish_id: _battle_choices(rows) for skirmish_id, rows in answered.items()},
                          {size: str(campaign.rule_options.get(f"combat_system_{size}", ""))
                           for size, _, _ in SKIRMISH_SIZES},
                          bool(campaign.rule_options.get("ask_battle_choices", False)),
                          {live.skirmish_id: live for live in LiveBattle.objects.filter(campaign=campaign,
                                                                                        round=campaign.round)})


# --- choices during a battle -----------------------------------------------------------------------------------------

# The rules: "If no settlement is offered, or it is not accepted, procede"; the issue: "no answer by the deadline
# means the fight goes on".
NO_ANSWER = {ChoiceKind.OFFER: OfferKind.NONE.value, ChoiceKind.ANSWER: "refuse",
             ChoiceKind.WITHDRAWAL: Withdrawal.FIGHT_ON.value}


class ChoiceWaiting(Conflict):
    """A battle fought with asking on reached a choice nobody made: the step waits for the civilization asked.
    A Conflict, so a GM's preview of the step says so instead of failing."""

    def __init__(self, skirmish_id: str, civ_id: int, point: ChoicePoint) -> None:
        super().__init__(f"Skirmish {skirmish_id} waits for a {point.kind.value} choice of side {point.side_id}; "
                         "it is asked when the step is resolved.")
        self.skirmish_id = skirmish_id
        self.civ_id = civ_id
        self.point = point


def _battle_choices(rows: Sequence[BattleChoice]) -> BattleChoices:
    offer: Offer | None = None
    accepted: bool | None = None
    withdrawals: list[WithdrawalDecision] = []
    for row in rows:
        answer = row.answer or {}
        if row.kind == ChoiceKind.OFFER:
            offer = Offer(OfferKind(answer["choice"]), answer.get("terms", ""))
        elif row.kind == ChoiceKind.ANSWER:
            accepted = answer["choice"] == "accept"
        else:
            withdrawals.append(WithdrawalDecision(row.side_id, row.exchange, Withdrawal(answer["choice"])))
    return BattleChoices(offer, accepted, tuple(withdrawals), ask=True)


def battle_choice_wait(campaign_id: int, round: int, step_index: int, waiting: ChoiceWaiting) -> BattleChoice | None:
    """Record the choice a resolution stopped at and tell the civilization asked; the campaign stays at the step
    (as a failed resolution, with the reason saying whom it waits for) until the answer or the deadline."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        if (campaign.round, campaign.step_index) != (round, step_index):
            return None
        setting = SkirmishSetting.objects.filter(campaign=campaign, skirmish_id=waiting.skirmish_id).first()
        minutes = (setting.choice_minutes if setting and setting.choice_minutes
                   else int(campaign.rule_options.get("choice_minutes", DEFAULT_CHOICE_MINUTES)))
        point = waiting.point
        choice, created = BattleChoice.objects.get_or_create(
            campaign=campaign, round=round, skirmish_id=waiting.skirmish_id, kind=point.kind.value,
            side_id=point.side_id, exchange=point.exchange,
            defaults={"civ_id": waiting.civ_id, "detail": point.detail,
                      "deadline": timezone.now() + timedelta(minutes=minutes)},
        )
        civ = Civilization.objects.filter(pk=choice.civ_id).values_list("name", flat=True).first() or "a side"
        _wait(campaign, round, step_index, f"Waiting for {civ}'s choice in skirmish {choice.skirmish_id} until "
                                           f"{choice.deadline:%Y-%m-%d %H:%M} UTC")
        if created:
            append_events(campaign, [EngineEvent("BattleChoiceAsked", choice_json(choice),
                                                                Visibility.CIV, choice.civ_id)])
    return choice


def _wait(campaign: Campaign, round: int, step_index: int, reason: str) -> None:
    """The fight stays at its step (as a failed resolution, the reason saying what it waits for)."""
    StepResolution.objects.filter(campaign=campaign, round=round, step_index=step_index).exclude(
        status=StepResolution.Status.DONE
    ).update(status=StepResolution.Status.FAILED, error=reason, finished_at=timezone.now())
    campaign.status, campaign.failure = Campaign.Status.FAILED, reason
    campaign.save(update_fields=["status", "failure"])


def _resume(campaign: Campaign, round: int) -> None:
    """Resolve the fight again once what it waits on is done (a choice made, a live battle over); the answers and
    actions recorded replay it to that point."""
    if (campaign.round != round or campaign.step.key != FIGHT_STEP
            or campaign.status != Campaign.Status.FAILED):
        return
    StepResolution.objects.filter(campaign=campaign, round=campaign.round, step_index=campaign.step_index).exclude(
        status=StepResolution.Status.DONE
    ).update(status=StepResolution.Status.QUEUED, error="", queued_at=timezone.now(), started_at=None)
    campaign.status, campaign.failure = Campaign.Status.RESOLVING, ""
    campaign.save(update_fields=["status", "failure"])
    dispatch.enqueue_after_commit(dispatch.RESOLVE_STEP, campaign.pk, campaign.round, campaign.step_index)


def _answer(campaign: Campaign, choice: BattleChoice, answer: dict[str, str], by_default: bool,
            user: User | None) -> None:
    choice.answer, choice.answered_at, choice.by_default = answer, timezone.now(), by_default
    choice.save(update_fields=["answer", "answered_at", "by_default"])
    append_events(campaign, [EngineEvent("BattleChoiceAnswered", choice_json(choice),
                                                        Visibility.CIV, choice.civ_id)], user)
    _resume(campaign, choice.round)


def battle_choice_answer(user: User, campaign_id: int, choice_id: int, *, choice: str,
                         terms: str = "") -> BattleChoice:
    """The civilization asked makes its choice before the deadline; the battle goes on from there."""
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        viewer = viewer_for(user, campaign)
        row = BattleChoice.objects.select_for_update().filter(campaign=campaign, pk=choice_id).first()
        if row is None or viewer.civ_id is None or viewer.civ_id != row.civ_id:
            raise NotFound("No such choice of yours in this campaign.")
        if row.answered_at is not None:
            raise Conflict("This choice is already made.", field="choice")
        if timezone.now() >= row.deadline:
            raise Conflict("The deadline for this choice has passed; the fight goes on.", field="choice")
        allowed = ALLOWED_CHOICES[row.kind]
        if choice not in allowed:
            raise ServiceError(f"Choose one of {', '.join(allowed)}.", "choice")
        answer = {"choice": choice}
        if row.kind == ChoiceKind.OFFER and choice != OfferKind.NONE:
            if choice == OfferKind.TERMS and not terms.strip():
                raise ServiceError("Say what the terms are.", "terms")
            answer["terms"] = terms.strip()
        _answer(campaign, row, answer, False, user)
        return row


def battle_choices_expire(now: datetime | None = None) -> list[int]:
    """At each deadline nobody met, record "no offer" / "refuse" / "fight on" and resolve the fight again (the
    Celery beat task's body). Returns the choices so decided."""
    now = now or timezone.now()
    decided = []
    for pk, campaign_id in BattleChoice.objects.filter(answered_at__isnull=True, deadline__lte=now).values_list(
            "pk", "campaign_id"):
        with transaction.atomic():
            campaign = locked_campaign(campaign_id)
            row = BattleChoice.objects.select_for_update().get(pk=pk)
            if row.answered_at is None:
                _answer(campaign, row, {"choice": NO_ANSWER[ChoiceKind(row.kind)]}, True, None)
                decided.append(pk)
    return decided


# --- Centurion, played live ------------------------------------------------------------------------------------------

DEFAULT_CENTURION_MINUTES = 10


class LiveBattleWaiting(Conflict):
    """A Centurion battle is to be played live: the step waits until it is over. A Conflict, so a GM's preview of
    the step says so instead of failing."""

    def __init__(self, skirmish: Skirmish) -> None:
        super().__init__(f"Skirmish {skirmish.skirmish_id} is fought as a Centurion battle, played live by both "
                         "sides; the step goes on once it is over.")
        self.skirmish = skirmish


def _push_live(live: LiveBattle, campaign: Campaign) -> None:
    """After commit: every page watching the battle refetches it (the push says only that it changed)."""
    civ_ids = [c for side in live.sides for c in side["civ_ids"]]
    public = live.published and position(campaign.round, campaign.step_index) >= live.public_from
    publish_after_commit(realtime.publish_battle, campaign.pk, live.pk, live.version, civ_ids, public)


def _live_deadline(live: LiveBattle) -> datetime:
    return timezone.now() + timedelta(minutes=live.turn_minutes)


def live_battle_wait(campaign_id: int, round: int, step_index: int, waiting: LiveBattleWaiting) -> LiveBattle | None:
    """Set the battle up (once) and have the step wait for it; each side's civilization is told, with the battle's
    address. Called by `game.services.step_resolve` when the fight raised `LiveBattleWaiting`."""
    skirmish = waiting.skirmish
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        if (campaign.round, campaign.step_index) != (round, step_index):
            return None
        live = LiveBattle.objects.filter(campaign=campaign, round=round, skirmish_id=skirmish.skirmish_id).first()
        if live is None:
            data = skirmish_to_dict(skirmish)
            kind = map_kind_of(state_io.load_world(campaign), skirmish.sector, data)
            battle, _ = CenturionCombat(kind).begin(skirmish)
            options = campaign.rule_options
            live = LiveBattle.objects.create(
                campaign=campaign, round=round, step_index=step_index, skirmish_id=skirmish.skirmish_id,
                sector=skirmish.sector, skirmish=data, map_kind=kind.value,
                seed=str(battle_seed(campaign.seed, round, skirmish.skirmish_id)), setup=setup_event(battle).payload,
                sides=[{"side_id": side.side_id, "civ_ids": list(side.civ_ids)} for side in skirmish.sides],
                turn_minutes=int(options.get("centurion_minutes", DEFAULT_CENTURION_MINUTES)),
                out_of_time=str(options.get("centurion_out_of_time", LiveBattle.OutOfTime.BOT)),
            )
            live.deadline = _live_deadline(live)
            live.save(update_fields=["deadline"])
            append_events(campaign, [
                EngineEvent("CenturionBattleOpened", {
                    "battle_id": live.pk, "skirmish_id": live.skirmish_id, "sector": live.sector,
                    "side_id": side.side_id, "map_kind": live.map_kind, "turn_minutes": live.turn_minutes,
                }, Visibility.CIV, civ_id)
                for side in skirmish.sides for civ_id in side.civ_ids
            ])
        _wait(campaign, round, step_index, f"Waiting for the Centurion battle in Sector {live.sector} to be played")
        _push_live(live, campaign)
    return live


def _act(campaign: Campaign, live: LiveBattle, side: str, actions: list[dict[str, Any]], by: str) -> None:
    """Apply actions of one side, store them and, when the battle ends, resolve the fight again."""
    battle, _, dice = live_state(live)
    phase = (battle.turn, battle.active, battle.phase)
    for action in actions:
        try:
            apply(battle, side, action, dice)
        except IllegalAction as error:
            field = "side" if error.field == "side" else f"action.{error.field}"
            raise ServiceError(str(error), field) from error
        live.steps = [*live.steps, {"side": side, "action": action, "by": by}]
    live.version += 1
    fields = ["steps", "version"]
    if battle.phase == Phase.OVER:
        live.status, live.victor, live.deadline = LiveBattle.Status.OVER, battle.victor or "", None
        fields += ["status", "victor", "deadline"]
        _resume(campaign, live.round)
    elif (battle.turn, battle.active, battle.phase) != phase:
        live.deadline = _live_deadline(live)  # the clock runs for each phase
        fields.append("deadline")
    live.save(update_fields=fields)
    _push_live(live, campaign)


def _locked_live(campaign: Campaign, battle_id: int) -> LiveBattle:
    live = LiveBattle.objects.select_for_update().filter(campaign=campaign, pk=battle_id).first()
    if live is None:
        raise NotFound("No such battle in this campaign.")
    return live


def live_battle_act(user: User, campaign_id: int, battle_id: int, *, action: dict[str, Any]) -> LiveBattle:
    """A side's move, attack or end of phase, from its player's browser."""
    if not isinstance(action, dict):
        raise ServiceError("An action is an object with its kind.", "action")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        viewer = viewer_for(user, campaign)
        live = _locked_live(campaign, battle_id)
        side = live.side_of(viewer.civ_id) if viewer.is_player else None
        if side is None:
            raise NotFound("No such battle of yours in this campaign.")
        require_seat(viewer)
        if live.status != LiveBattle.Status.PLAYING:
            raise Conflict("The battle is over.", field="action")
        _act(campaign, live, side, [action], "player")
    return live


def live_battle_clock_set(gm: User, campaign_id: int, battle_id: int, *, minutes: int, out_of_time: str,
                          reason: str) -> LiveBattle:
    """The GM sets the battle's clock (minutes a side has for a phase, from now for the phase under way) and what
    happens to a side out of time: the bot plays its phase, or it passes."""
    if not 1 <= minutes <= 7 * 24 * 60:
        raise ServiceError("The clock is from 1 minute to a week.", "minutes")
    if out_of_time not in LiveBattle.OutOfTime.values:
        raise ServiceError(f"Out of time, a side is played by the bot or passes: one of "
                           f"{', '.join(LiveBattle.OutOfTime.values)}.", "out_of_time")
    if not reason.strip():
        raise ServiceError("Say why, for the record.", "reason")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        live = _locked_live(campaign, battle_id)
        if live.status != LiveBattle.Status.PLAYING:
            raise Conflict("The battle is over.", field="minutes")
        live.turn_minutes, live.out_of_time = minutes, out_of_time
        live.deadline = _live_deadline(live)
        live.version += 1
        live.save(update_fields=["turn_minutes", "out_of_time", "deadline", "version"])
        append_events(campaign, [EngineEvent("CenturionClockSet", {
            "battle_id": live.pk, "skirmish_id": live.skirmish_id, "minutes": minutes, "out_of_time": out_of_time,
            "reason": reason.strip(),
        }, Visibility.GM)], gm)
        _push_live(live, campaign)
    return live


def live_battle_map_set(gm: User, campaign_id: int, battle_id: int, *, map_kind: str, reason: str) -> LiveBattle:
    """The GM fights the battle on another map (another kind of terrain, or Centurion's own battlefield) before
    anyone has acted; the counters are set up on it anew."""
    kinds = [kind.value for kind in MapKind]
    if map_kind not in kinds:
        raise ServiceError(f"The map is one of {', '.join(kinds)}.", "map_kind")
    if not reason.strip():
        raise ServiceError("Say why, for the record.", "reason")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        live = _locked_live(campaign, battle_id)
        if live.steps:
            raise Conflict("The battle has begun; its map can no longer change.", field="map_kind")
        battle, _ = CenturionCombat(MapKind(map_kind)).begin(skirmish_from_dict(live.skirmish))
        live.map_kind, live.setup = map_kind, setup_event(battle).payload
        live.version += 1
        live.save(update_fields=["map_kind", "setup", "version"])
        append_events(campaign, [EngineEvent("CenturionMapChosen", {
            "battle_id": live.pk, "skirmish_id": live.skirmish_id, "map_kind": map_kind, "reason": reason.strip(),
        }, Visibility.GM)], gm)
        _push_live(live, campaign)
    return live


def live_battle_publish(gm: User, campaign_id: int, battle_id: int, *, delay_steps: int = 0,
                        published: bool = True) -> LiveBattle:
    """The GM lets spectators watch the battle, now or `delay_steps` steps from now (like a report)."""
    if delay_steps < 0:
        raise ServiceError("The delay is a number of steps, 0 or more.", "delay_steps")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        live = _locked_live(campaign, battle_id)
        live.published = published
        live.public_from = position(campaign.round, campaign.step_index) + delay_steps
        live.version += 1
        live.save(update_fields=["published", "public_from", "version"])
        visibility = Visibility.PUBLIC if published and delay_steps == 0 else Visibility.GM
        append_events(campaign, [EngineEvent("CenturionBattlePublished", {
            "battle_id": live.pk, "skirmish_id": live.skirmish_id, "published": published, "delay_steps": delay_steps,
        }, visibility)], gm)
        _push_live(live, campaign)
    return live


def live_battles_expire(now: datetime | None = None) -> list[int]:
    """At each phase's deadline, the side out of time is played by the bot or passes, as the GM chose (the Celery
    beat task's body). Returns the battles so moved on."""
    now = now or timezone.now()
    moved = []
    # An ended campaign is read-only: its battles stay as they stood.
    due = LiveBattle.objects.filter(status=LiveBattle.Status.PLAYING, deadline__lte=now).exclude(
        campaign__status=Campaign.Status.ENDED)
    for pk, campaign_id in due.values_list("pk", "campaign_id"):
        with transaction.atomic():
            campaign = locked_campaign(campaign_id)
            live = _locked_live(campaign, pk)
            if live.status != LiveBattle.Status.PLAYING or live.deadline is None or live.deadline > now:
                continue
            battle, _, dice = live_state(live)  # the bot's attacks roll the dice the stored actions will roll
            side, phase = battle.active, battle.phase
            actions: list[dict[str, Any]] = []
            if live.out_of_time == LiveBattle.OutOfTime.BOT:
                while battle.active == side and battle.phase == phase:
                    action = bot_action(battle)
                    actions.append(action)
                    apply(battle, side, action, dice)
            else:
                actions = [{"kind": "end_phase"}]
            civ_ids = next(s["civ_ids"] for s in live.sides if s["side_id"] == side)
            append_events(campaign, [EngineEvent("CenturionOutOfTime", {
                "battle_id": live.pk, "skirmish_id": live.skirmish_id, "side_id": side, "turn": battle.turn,
                "phase": phase.value, "by": live.out_of_time,
            }, Visibility.CIV, civ_id) for civ_id in civ_ids])
            _act(campaign, live, side, actions, live.out_of_time)
            moved.append(pk)
    return moved


# --- storing battles ------------------------------------------------------------------------------------------------

def battles_record(campaign: Campaign, events: Sequence[EngineEvent]) -> None:
    """Store each battle a resolved step fought, and the Space Junk its wrecks became (Exterminate 5). Called by
    `game.services.step_resolve` inside its transaction, with the campaign still at the resolved step."""
    battles: list[Battle] = []
    current: list[dict[str, Any]] | None = None
    for event in events:
        if event.type == "BattleStarted":
            current = []
        if current is not None:
            current.append({"type": event.type, "payload": event.payload})
        if event.type == "BattleEnded" and current is not None:
            started, ended = current[0]["payload"], event.payload
            battles.append(Battle(
                campaign=campaign, round=campaign.round, step_index=campaign.step_index,
                skirmish_id=started["skirmish_id"], sector=started["sector"], system=started["system"],
                events=current, victor=ended["victor"] or "", ending=ended["ending"],
                sides=[{"side_id": s["side_id"], "civ_ids": s["civ_ids"]} for s in started["sides"]],
            ))
            current = None
        if event.type == "BattleDiceRecorded" and battles and battles[-1].skirmish_id == event.payload["skirmish_id"]:
            battles[-1].dice_mode = event.payload["dice_mode"]
            battles[-1].seed = event.payload["seed"]
            battles[-1].rolls = event.payload["rolls"]
    insert_objects(battles)
    _junk_record(campaign, [e.payload for e in events if e.type == "SpaceJunkCreated"])


def battles_forget(campaign: Campaign, round: int, step_index: int) -> None:
    """The step that fought them was undone: battles are records of its events, and resolving the step again
    records them anew. Called by `game.services.step_undo` inside its transaction."""
    Battle.objects.filter(campaign=campaign, round=round, step_index=step_index).delete()


def _junk_record(campaign: Campaign, junk: list[dict[str, Any]]) -> None:
    if not junk:
        return
    # Only the sides of each battle's opening event are read: the whole reports of a large campaign's round are
    # megabytes (0.09 s of a 50,000-unit round to read them all).
    battles = Battle.objects.filter(campaign=campaign, round=campaign.round).values_list(
        "pk", "junk", "events__0__payload__sides")
    for pk, before, sides in battles:
        units = {u["unit_id"] for side in sides for u in side["units"]}
        mine = [j for j in junk if j["unit_id"] in units]
        if mine:
            Battle.objects.filter(pk=pk).update(junk=[*before, *mine])


# --- the GM's settings for one skirmish ------------------------------------------------------------------------------

def _open_skirmish(campaign: Campaign, skirmish_id: str) -> SkirmishState:
    world = state_io.load_world(campaign)
    skirmish = world.skirmishes.get(skirmish_id)
    if skirmish is None:
        raise NotFound(f"No skirmish {skirmish_id!r} in this campaign.")
    if skirmish.status not in UNFOUGHT:
        raise Conflict(f"Skirmish {skirmish_id} is already {skirmish.status}; it can no longer be set up.")
    return skirmish


def _gm_setting(gm: User, campaign_id: int, skirmish_id: str) -> tuple[Campaign, SkirmishSetting]:
    campaign = locked_campaign(campaign_id)
    require_gm_of(gm, campaign)
    if campaign.status == Campaign.Status.RESOLVING:
        raise Conflict("A step is being resolved; change the skirmish once it is done.")
    _open_skirmish(campaign, skirmish_id)
    setting, _ = SkirmishSetting.objects.get_or_create(campaign=campaign, skirmish_id=skirmish_id)
    return campaign, setting


def _setting_event(campaign: Campaign, setting: SkirmishSetting, gm: User) -> None:
    append_events(campaign, [EngineEvent("SkirmishSetUp", setting_json(campaign, setting),
                                                        Visibility.GM)], gm)


def skirmish_choices_set(gm: User, campaign_id: int, skirmish_id: str, *, ask: bool,
                         minutes: int | None = None) -> dict[str, Any]:
    """The GM has the sides of one skirmish asked their choices live, each within `minutes` (empty: the
    campaign's `choice_minutes`); without it nobody offers and nobody flees."""
    if minutes is not None and not 1 <= minutes <= 7 * 24 * 60:
        raise ServiceError("The deadline is from 1 minute to a week.", "minutes")
    with transaction.atomic():
        campaign, setting = _gm_setting(gm, campaign_id, skirmish_id)
        setting.ask_choices, setting.choice_minutes = ask, minutes
        setting.save(update_fields=["ask_choices", "choice_minutes"])
        _setting_event(campaign, setting, gm)
        return setting_json(campaign, setting)


def skirmish_system_set(gm: User, campaign_id: int, skirmish_id: str, *, system: str) -> dict[str, Any]:
    """The GM picks another system for one skirmish; an empty `system` goes back to the campaign's default."""
    if system and system not in COMBAT_SYSTEMS:
        raise ServiceError(f"No combat system {system!r}; choose one of {', '.join(COMBAT_SYSTEMS)}.", "system")
    with transaction.atomic():
        campaign, setting = _gm_setting(gm, campaign_id, skirmish_id)
        setting.system = system
        setting.save(update_fields=["system"])
        _setting_event(campaign, setting, gm)
        return setting_json(campaign, setting)


def skirmish_dice_set(gm: User, campaign_id: int, skirmish_id: str, *, dice_mode: str) -> dict[str, Any]:
    if dice_mode not in DiceMode.values:
        raise ServiceError(f"Dice mode is one of {', '.join(DiceMode.values)}.", "dice_mode")
    with transaction.atomic():
        campaign, setting = _gm_setting(gm, campaign_id, skirmish_id)
        setting.dice_mode = dice_mode
        setting.save(update_fields=["dice_mode"])
        _setting_event(campaign, setting, gm)
        return setting_json(campaign, setting)


def skirmish_rolls_enter(gm: User, campaign_id: int, skirmish_id: str, *, rolls: list[int],
                         replace_all: bool = False) -> dict[str, Any]:
    """The GM's physical rolls for one battle, used in the order the battle asks for them. They are added to
    those entered before (or replace them), so after "No entered roll left" the GM adds the missing ones."""
    if any(not 1 <= roll <= 100 for roll in rolls):
        raise ServiceError("Each roll is a die's face, from 1 to 100.", "rolls")
    with transaction.atomic():
        campaign, setting = _gm_setting(gm, campaign_id, skirmish_id)
        if setting_json(campaign, setting)["dice_mode"] != DiceMode.ENTERED:
            raise Conflict(f"Skirmish {skirmish_id} uses seeded dice; switch it to entered dice first.",
                           field="dice_mode")
        setting.entered_rolls = list(rolls) if replace_all else [*setting.entered_rolls, *rolls]
        setting.save(update_fields=["entered_rolls"])
        _setting_event(campaign, setting, gm)
        return setting_json(campaign, setting)


# --- publishing ----------------------------------------------------------------------------------------------------

def battle_publish(gm: User, campaign_id: int, battle_id: int, *, narrative: str, delay_steps: int = 0,
                   published: bool = True) -> Battle:
    """The GM makes a battle's public version readable by spectators, now or `delay_steps` steps from now, with
    a narrative; `published=False` withdraws it."""
    if delay_steps < 0:
        raise ServiceError("The delay is a number of steps, 0 or more.", "delay_steps")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        require_gm_of(gm, campaign)
        battle = Battle.objects.select_for_update().filter(campaign=campaign, pk=battle_id).first()
        if battle is None:
            raise NotFound("No such battle in this campaign.")
        battle.published = published
        battle.narrative = narrative.strip()
        battle.public_from = position(campaign.round, campaign.step_index) + delay_steps
        battle.save(update_fields=["published", "narrative", "public_from"])
        # Published at once, the report is public now, and so is the news (spectators' galleries list it live);
        # a delayed publication or a withdrawal stays the GM's business.
        visibility = Visibility.PUBLIC if published and delay_steps == 0 else Visibility.GM
        append_events(campaign, [EngineEvent("BattlePublished", {
            "battle_id": battle.pk, "skirmish_id": battle.skirmish_id, "published": published,
            "delay_steps": delay_steps,
        }, visibility)], gm)
    return battle


# --- odds ----------------------------------------------------------------------------------------------------------

def skirmish_to_dict(skirmish: Skirmish) -> dict[str, Any]:
    return asdict(skirmish)


def skirmish_from_dict(data: dict[str, Any]) -> Skirmish:
    def unit(u: dict[str, Any]) -> CombatUnit:
        return CombatUnit(**{
            **u,
            "weapons": tuple(Weapon(**w) for w in u["weapons"]),
            "defenses": tuple(Defense(**d) for d in u["defenses"]),
        })

    first, second = (CombatSide(s["side_id"], tuple(s["civ_ids"]), tuple(unit(u) for u in s["units"]))
                     for s in data["sides"])
    return Skirmish(data["skirmish_id"], data["sector"], (first, second))


def known_skirmish(world: World, state: SkirmishState, civ_id: int | None) -> Skirmish:
    """The skirmish as the GM (civ_id None) or one of its sides knows it. Before Exterminate 1 picks the units,
    they are those present in the Sector. Ruling (docs/rules.md, "Odds before committing"): a player counts
    their own units as they are and the enemy's units their civilization detects (`civ_view`), each at full
    design strength, since a sensor shows no hit points."""
    ids = set(state.unit_ids) or {u.unit_id for u in world.units.values()
                                  if u.sector_id == state.sector_id and is_present(u)}
    known: set[int] | None = None
    if civ_id is not None:
        view = civ_view(world, civ_id)
        known = {u["unit_id"] for u in view["other_units"]} | {u["unit_id"] for u in view["units"]}

    def side(name: str, civ: int) -> CombatSide:
        units = sorted((world.units[i] for i in ids if i in world.units and world.units[i].civ_id == civ),
                       key=lambda u: u.unit_id)
        if known is not None:
            units = [u for u in units if u.unit_id in known]
        return CombatSide(name, (civ,), tuple(combat_unit(world, u, full_strength=civ_id not in (None, civ))
                                              for u in units))

    return Skirmish(state.skirmish_id, state.sector_id,
                    (side("attacker", state.attacker_civ), side("defender", state.defender_civ)))


class TooManyOdds(ServiceError):
    """Asking again helps, once one of the asker's runs is over."""

    status = 429


def odds_request(user: User, campaign_id: int, *, skirmish_id: str, system: str | None, battles: int) -> OddsRun:
    """Queue an odds simulation: the GM for any skirmish, a player only for one their civilization is in,
    against what it knows of the enemy; at most a few of one person's at a time."""
    if not 1 <= battles <= MAX_ODDS_BATTLES:
        raise ServiceError(f"Simulate from 1 to {MAX_ODDS_BATTLES:,} battles.", "battles")
    with transaction.atomic():
        campaign = locked_campaign(campaign_id)
        viewer = viewer_for(user, campaign)
        if viewer.user_id is None or not (viewer.is_gm or viewer.is_player):
            raise Forbidden("Only the GM and the players can estimate odds.")
        world = state_io.load_world(campaign)
        state = world.skirmishes.get(skirmish_id)
        if state is None or not in_skirmish(viewer, state.attacker_civ, state.defender_civ):
            raise NotFound(f"No skirmish {skirmish_id!r} of yours in this campaign.")
        setting = SkirmishSetting.objects.filter(campaign=campaign, skirmish_id=skirmish_id).first()
        system = system or setting_json(campaign, setting)["system"]
        if system not in COMBAT_SYSTEMS:
            raise ServiceError(f"No combat system {system!r}; choose one of {', '.join(COMBAT_SYSTEMS)}.", "system")
        limit = MAX_UNFINISHED_ODDS_GM if viewer.is_gm else MAX_UNFINISHED_ODDS
        unfinished = OddsRun.objects.filter(
            campaign=campaign, requested_by_id=viewer.user_id, created_at__gte=timezone.now() - ODDS_LOST_AFTER,
            status__in=[OddsRun.Status.QUEUED, OddsRun.Status.RUNNING]).count()
        if unfinished >= limit:  # counted under the campaign's lock: two requests at once cannot both pass
            raise TooManyOdds(f"You have {unfinished} odds simulations queued or running in this campaign, the most "
                              f"you may have at a time ({limit}); wait for one to finish, then ask again.")
        skirmish = known_skirmish(world, state, None if viewer.is_gm else viewer.civ_id)
        run = OddsRun.objects.create(
            campaign=campaign, requested_by_id=viewer.user_id, skirmish_id=skirmish_id, system=system, battles=battles,
            seed="", skirmish=skirmish_to_dict(skirmish),
        )
        run.seed = str(step_seed(campaign.seed, "odds", run.pk))
        run.save(update_fields=["seed"])
        dispatch.enqueue_after_commit(dispatch.ODDS_RUN, run.pk)
    return run


def _push_odds(run: OddsRun) -> None:
    realtime.publish_odds(run.campaign_id, run.requested_by_id, run.as_json())


def odds_run(run_id: int) -> OddsRun:
    """Run a queued simulation (the Celery task's body), storing and pushing its progress as it goes."""
    run = OddsRun.objects.get(pk=run_id)
    if run.status == OddsRun.Status.DONE:
        return run
    run.status = OddsRun.Status.RUNNING
    run.save(update_fields=["status"])

    def progress(done: int, total: int) -> None:
        run.done = done
        OddsRun.objects.filter(pk=run.pk).update(done=done)
        if done < total:
            _push_odds(run)

    try:
        odds = simulate_odds(combat_system(run.system), skirmish_from_dict(run.skirmish), run.battles,
                             int(run.seed), progress)
    except Exception as error:
        run.status, run.error = OddsRun.Status.FAILED, f"{type(error).__name__}: {error}"
        run.save(update_fields=["status", "error"])
        _push_odds(run)
        raise
    run.status, run.result = OddsRun.Status.DONE, odds.as_payload()
    run.save(update_fields=["status", "result", "done"])
    _push_odds(run)
    return run
