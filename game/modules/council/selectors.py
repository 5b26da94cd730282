"""The Council as anyone reads it (public): how often it meets, the Planetary Governor, the Proposal before it, the
last vote on one and the last election's tallies with their reasons. The relations page shows it
(`game.selectors.diplomacy.relations_for`)."""

from __future__ import annotations

from typing import Any

from game.engine import council
from game.engine.world import World
from game.models import Campaign, Event


def council_panel(world: World, campaign: Campaign) -> dict[str, Any] | None:
    """The Council's panel; None in a campaign without the module."""
    if not world.options.council_every:
        return None

    def name(civ_id: int) -> str:
        return world.civs[civ_id].name if civ_id in world.civs else f"Civilization {civ_id}"

    last = Event.objects.filter(campaign=campaign, type="CouncilVoted", undone=False).order_by("-seq").first()
    voted = Event.objects.filter(campaign=campaign, type="CouncilProposalVoted", undone=False).order_by("-seq").first()
    card = council.PROPOSALS_BY_KEY.get(world.council_proposal)
    return {"every": world.options.council_every,
            "proposal": {"key": card.key, "name": card.name, "effect": card.effect} if card else None,
            "last_proposal": {"round": voted.round, **{k: voted.payload[k] for k in ("name", "yes", "no", "passed")},
                              "ballots": [{**b, "name": name(b["civ_id"])} for b in voted.payload["ballots"]]}
            if voted else None,
            "governor": None if world.governor is None else {
                "civ_id": world.governor, "name": name(world.governor), "terms": world.governor_terms},
            "last": {"round": last.round, "tallies": [{**t, "name": name(t["civ_id"])}
                                                      for t in last.payload["tallies"]]} if last else None}
