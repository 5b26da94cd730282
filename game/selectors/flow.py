"""What the open step waits for, and on whom (issue 13, the flow of a round): the players whose orders or "ready"
it waits for, the GM's part, the battle choices pending. `game.services.flow` runs the round on through the steps
that wait for nobody; the dashboards and the deadlines read the same answer."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from combat.selectors import battle_choices_for, live_battles_playing
from game import state_io
from game.engine.orders import legal_orders
from game.engine.phases import StepKind
from game.engine.settings_catalogue import BY_KEY
from game.models import Campaign, Civilization, Event, Membership, PhaseReadiness, Readiness
from game.visibility import Viewer, active_delegations

GM_VIEWER = Viewer(Membership.Role.GM)
# The free-text declaration to the GM is offered in every step that takes orders (the fallback of a hand-refereed
# game): a step that offers a civilization nothing else does not wait for it.
FREE_TEXT = "Declare"
# The rule modules that would fill each step the rules leave TODO (../shared/design/RULES-MAP.md; the switches in
# game/engine/settings_catalogue.py). Until one of them is switched on, the step has no rule to apply and needs
# nobody; with one on, its rules are the GM's to play by hand, so the step waits for the GM.
RULING_MODULES: dict[str, tuple[str, ...]] = {
    "explore.3": ("module_cw_research",), "explore.4": ("module_cg_personnel",),
    "explore.12": ("module_cg_personnel",), "explore.13": ("module_cw_research",),
    "exploit.2": ("module_cw_trade",),
}


def step_waiting_for(campaign: Campaign, *, rolls_needed: str | None = None,
                     civ_ids: Collection[int] | None = None) -> dict[str, Any]:
    """What the open step waits for: `players` (civilization ids whose orders or "ready" it waits for, with
    `seats` saying who holds each seat), `gm` (reasons it waits for the GM), `battle_choices` (choices asked
    and not answered), a one-line `summary`, and `needs_someone` (False: the step may be resolved now without
    anyone). `rolls_needed` is the purpose of the roll a dry run of the step asked for in entered-dice mode
    (`game.services.flow` finds it; a read does not resolve steps). `civ_ids`: only whether it waits on these
    civilizations (a player's page asks about their own, without working out everyone's offers)."""
    step = campaign.step
    civs = {civ.pk: civ for civ in Civilization.objects.filter(campaign=campaign).select_related(
        "membership__user").order_by("pk")}
    gm: list[str] = []
    players: list[int] = []
    seats: dict[int, str] = {}
    choices = [c for c in battle_choices_for(GM_VIEWER, campaign) if c["answered_at"] is None]
    if campaign.status == Campaign.Status.ENDED:
        return _answer([], {}, ["the campaign has ended"], [], civs, step.label, ended=True)
    if campaign.status == Campaign.Status.RESOLVING:
        return _answer([], {}, [], [], civs, step.label, resolving=True)
    live = live_battles_playing(campaign)
    if campaign.status == Campaign.Status.FAILED and not choices and not live:
        gm.append(f"the resolution failed: {campaign.failure}" if campaign.failure else "the resolution failed")
    modules_on = [m for m in RULING_MODULES.get(step.key, ()) if campaign.rule_options.get(m, False)]
    if step.kind is StepKind.GM_RULING and modules_on:
        gm.append("a ruling by hand (" + ", ".join(BY_KEY[m].label for m in modules_on) + " on)")
    if rolls_needed:
        gm.append(f"the GM's rolls ({rolls_needed})")
    if step.kind is StepKind.ORDERS and campaign.status == Campaign.Status.OPEN:
        held = {seat.civilization_id: ("a bot" if seat.is_bot else seat.delegate.get_username())
                for seat in active_delegations(campaign)}
        ready = set(Readiness.objects.filter(
            civilization__campaign=campaign, round=campaign.round, step_index=campaign.step_index,
        ).values_list("civilization_id", flat=True)) | set(PhaseReadiness.objects.filter(
            civilization__campaign=campaign, round=campaign.round, phase=step.phase.value,
        ).values_list("civilization_id", flat=True))
        world = state_io.load_world(campaign)
        for civ_id, civ in civs.items():
            if civ_ids is not None and civ_id not in civ_ids:
                continue
            # A seat nobody plays (its player removed, no delegate) has nobody to wait for.
            player = held.get(civ_id) or (civ.membership.user.get_username() if civ.membership else None)
            if player is None or civ_id in ready or civ_id not in world.civs:
                continue
            if any(offer.kind != FREE_TEXT for offer in legal_orders(world, civ_id, step.key, campaign.round)):
                players.append(civ_id)
                seats[civ_id] = player
    return _answer(players, seats, gm, choices, civs, step.label, live=live)


def _answer(players: list[int], seats: dict[int, str], gm: list[str], choices: list[dict[str, Any]],
            civs: dict[int, Civilization], label: str, *, ended: bool = False,
            resolving: bool = False, live: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    def name(civ_id: int) -> str:
        civ = civs.get(civ_id)
        return civ.name if civ else f"civilization {civ_id}"

    parts = []
    if players:
        parts.append("orders or ready from " + ", ".join(
            f"{name(c)} ({seats[c]})" for c in players))
    if choices:
        parts.append("battle choices from " + ", ".join(sorted({name(c["civ_id"]) for c in choices})))
    for battle in live or ():
        # Named by its Sector, as the pages name the battle, not by the skirmish's internal id.
        parts.append(f"the Centurion battle in Sector {battle['sector']}, played by " + " and ".join(
            name(c) for c in battle["civ_ids"]))
    if gm:
        parts.append("the GM: " + "; ".join(gm))
    if ended:
        summary = "Nothing: the campaign has ended."
    elif resolving:
        summary = f"{label} is being resolved."
    elif parts:
        summary = f"{label} waits for " + "; ".join(parts) + "."
    else:
        summary = f"{label} waits for nobody: it can be resolved now."
    return {
        "step": label,
        "needs_someone": bool(players or choices or gm or live) or ended or resolving,
        "players": players,
        "seats": {str(c): s for c, s in seats.items()},
        "names": {str(c): name(c) for c in players},
        "gm": gm,
        "battle_choices": choices,
        "live_battles": live or [],
        "summary": summary,
    }


def phase_readiness_for(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """A player's "ready for the rest of the phase": whether it holds now, and the last time it was cleared and
    why (the `PhaseReadinessCleared` event), so their page can say so."""
    if not viewer.is_player or viewer.civ_id is None:
        return {"phase": campaign.step.phase.value, "ready": False, "cleared": None}
    phase = campaign.step.phase.value
    ready = PhaseReadiness.objects.filter(civilization_id=viewer.civ_id, round=campaign.round, phase=phase).exists()
    cleared = Event.objects.filter(campaign=campaign, type="PhaseReadinessCleared", civilization_id=viewer.civ_id,
                                   undone=False).order_by("-seq").first()
    return {"phase": phase, "phase_title": campaign.step.phase.heading, "ready": ready,
            "cleared": cleared.as_message() if cleared else None}
