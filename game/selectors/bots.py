"""Reads for `cv_autoplay`'s GM bot: where the campaign stands, which bot seats are still to play the open step,
and each civilization's tally counted from the event log (never from the bots' own bookkeeping)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.phases import StepKind
from game.models import Campaign, Civilization, Event, Readiness
from game.visibility import active_delegations

Payload = dict[str, Any]

# Each figure of the tally: the event types that count for it, the civilizations an event counts for and how much.
# A rule module's events (research, missions) add their rows here.
_ONE: Callable[[Payload], int] = lambda payload: 1  # noqa: E731
TALLY: dict[str, tuple[tuple[str, Callable[[Payload], list[int]], Callable[[Payload], int]], ...]] = {
    "units_built": (("UnitCompleted", lambda p: [], _ONE),),  # the event row's civilization (below)
    "colonies_founded": (("ColonyFounded", lambda p: [p["civ_id"]], _ONE),),
    "mines_built": (("MineCompleted", lambda p: [], _ONE),),
    "ore_mined": (("OreMined", lambda p: [p["civ_id"]], lambda p: int(p["ore"])),),
    "trades": (("TradeOccurred", lambda p: [p["civ_a"], p["civ_b"]], _ONE),),
    "gifts": (("GiftDelivered", lambda p: [p["from_civ"]], _ONE),),
    "messages": (("MessageDelivered", lambda p: [p["from_civ"]], _ONE),),
    "skirmishes": (("SkirmishDeclared", lambda p: [p["attacker_civ"], p["defender_civ"]], _ONE),),
    "research_successes": (("TechnologyLearned", lambda p: [p["civ_id"]], _ONE),),  # a technology now known
    "missions": (("MissionProposed", lambda p: [p["civ_id"]], _ONE),),  # a mission ordered (Explore 12)
    "treaties": (("TreatyAccepted", lambda p: [p["from_civ"], p["to_civ"]], _ONE),),  # a treaty agreed (Explore 10)
    "governorships": (("GovernorElected", lambda p: [p["governor"]], _ONE),),  # a Council won (Exploit 1)
    # Warfare and logistics (issue 18) and trade routes:
    "fleets_formed": (("FleetFormed", lambda p: [p["civ_id"]], _ONE),),
    "surveys": (("SurveyStarted", lambda p: [p["civ_id"]], _ONE),),
    "repairs": (("RepairStarted", lambda p: [p["civ_id"]], _ONE),),
    "trade_routes": (("TradeRouteOpened", lambda p: [p["civ_id"]], _ONE),),
    "raids": (("RaidSwept", lambda p: [], _ONE),),
    "invasions": (("GroundBattleFought", lambda p: [p["invader_civ"]], _ONE),),
}


@dataclass(frozen=True)
class Pointer:
    round: int
    step: str
    step_index: int
    takes_orders: bool
    status: str
    failure: str


def campaign_pointer(campaign_id: int) -> Pointer:
    campaign = Campaign.objects.get(pk=campaign_id)
    return Pointer(campaign.round, campaign.step.key, campaign.step_index, campaign.step.kind is StepKind.ORDERS,
                   campaign.status, campaign.failure)


def bot_seats_to_play(campaign_id: int) -> list[int]:
    """The civilizations whose seat a bot holds and that have not marked ready for the open orders step."""
    campaign = Campaign.objects.get(pk=campaign_id)
    if campaign.step.kind is not StepKind.ORDERS:
        return []
    held = set(active_delegations(campaign).filter(is_bot=True).values_list("civilization_id", flat=True))
    ready = set(Readiness.objects.filter(civilization__campaign=campaign, round=campaign.round,
                                         step_index=campaign.step_index).values_list("civilization_id", flat=True))
    return sorted(held - ready)


def campaign_start_world(campaign_id: int) -> dict[str, Any]:
    """The stored world snapshot and the last event it includes (`world_seq`)."""
    row = Campaign.objects.filter(pk=campaign_id).values("world", "world_seq").get()
    return {"seq": row["world_seq"], "world": row["world"]}


def campaign_tally(campaign_id: int) -> dict[str, Any]:
    """Rounds played, the winner, the failures and each civilization's figures, from the event log."""
    campaign = Campaign.objects.get(pk=campaign_id)
    civs = list(Civilization.objects.filter(campaign=campaign).order_by("pk"))
    figures = {civ.pk: dict.fromkeys(TALLY, 0) for civ in civs}
    counted = {kind: (figure, who, amount) for figure, rows in TALLY.items() for kind, who, amount in rows}
    events = Event.objects.filter(campaign=campaign, undone=False, type__in=list(counted)).values_list(
        "type", "payload", "civilization_id")
    for kind, payload, row_civ in events:
        figure, who, amount = counted[kind]
        for civ_id in set(who(payload)) or {row_civ}:
            if civ_id in figures:
                figures[civ_id][figure] += amount(payload)
    ended = Event.objects.filter(campaign=campaign, type="CampaignEnded", undone=False).order_by("-seq").first()
    winners = ended.payload.get("winner_names", []) if ended is not None else []
    failures = Event.objects.filter(campaign=campaign, type="ResolutionFailed", undone=False).order_by("seq")
    rounds_played = campaign.round if campaign.status == Campaign.Status.ENDED else campaign.round - 1
    return {
        "rounds_played": rounds_played,
        "winner": ", ".join(winners) or None,
        "errors": [f"{e.payload['step']}: {e.payload['reason']}" for e in failures],
        "civilizations": [{"name": civ.name, **figures[civ.pk]} for civ in civs],
    }
