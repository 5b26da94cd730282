"""Relations as a viewer may read them (issue 16): a player's counterparts, each with the stance, the trade level
and treaties in force, the proposals waiting, the trade income of the last Exploit and the thread of everything
said and agreed between them (messages, treaties, war, tribute, trade); the GM's view of every pair and every
thread. Only events the viewer may see are read (`events_visible_to`), so a thread is never more than they saw."""

from __future__ import annotations

from typing import Any

from game import state_io
from game.engine import diplomacy, factions, social
from game.engine.catalogue import Names
from game.engine.rule_module import rule_modules, rule_value
from game.engine.victory import VictoryConditions, alpha_centauri_distances
from game.engine.world import World
from game.event_catalogue import describe
from game.models import Campaign
from game.modules.council.selectors import council_panel
from game.visibility import Viewer, events_visible_to

THREAD_TYPES = ("MessageDelivered", "GiftDelivered", "TreatyProposed", "TreatyAccepted", "TreatyDeclined",
                "TreatyLapsed", "TreatyBroken", "WarDeclared", "StanceSet", "TributePaid", "TradeOccurred")
THREAD_LIMIT = 400  # the newest events read for the threads


def _parties(payload: dict[str, Any]) -> tuple[int, int] | None:
    for a, b in (("from_civ", "to_civ"), ("civ_a", "civ_b")):
        if a in payload and b in payload:
            return int(payload[a]), int(payload[b])
    return None


def _relation_json(world: World, a: int, b: int) -> dict[str, Any]:
    relation = world.relation(a, b)
    stance = world.stance(a, b)
    return {"stance": stance, "stance_label": diplomacy.STANCE_LABELS[stance], "trade": relation.trade,
            "trade_percent": diplomacy.TRADE_LEVELS[relation.trade], "treaties": list(relation.treaties),
            "tribute_mu": relation.tribute_mu, "tribute_payer": relation.tribute_payer, "terms": relation.terms}


def _proposal_json(world: World, proposal: diplomacy.Proposal) -> dict[str, Any]:
    return {"from_civ": proposal.from_civ, "to_civ": proposal.to_civ, "treaty": proposal.treaty,
            "label": diplomacy.TREATIES[proposal.treaty], "mu": proposal.mu, "terms": proposal.terms,
            "from_name": world.civs[proposal.from_civ].name, "to_name": world.civs[proposal.to_civ].name}


def _social_json(world: World, civ_id: int, conditions: VictoryConditions) -> dict[str, Any]:
    """A civilization's Social Factor scores, its social engineering in play and its distance to each enabled
    Alpha Centauri victory: its own secret, like its treasury."""
    return {"civ_id": civ_id, "name": world.civs[civ_id].name, "faction": world.civs[civ_id].faction,
            "scores": social.scores(world, civ_id),
            "cards": [social.CHOICES_BY_KEY[k].name for k in social.in_play(world, civ_id)],
            "victory": alpha_centauri_distances(world, conditions, civ_id),
            "faction_sheet": _faction_json(world.civs[civ_id].faction),
            "sources": [f"{x.name}: {x.code}{x.value:+d}" for x in social.sources(world, civ_id)]}


def _faction_json(key: str) -> dict[str, Any] | None:
    """A faction's name, traits and every modifier and restriction as the round plays it (public: the sheets are)."""
    faction = factions.of(key)
    if faction is None:
        return None
    return {"name": faction.name, "traits": list(faction.traits), "modifiers": factions.modifiers(faction)}


def _plays(world: World, key: str) -> bool:
    """Whether the campaign plays the rule module `key` (False when it is not plugged in)."""
    return any(m.plays(world.options) for m in rule_modules() if m.key == key)


def relations_for(viewer: Viewer, campaign: Campaign, names: Names) -> dict[str, Any]:
    world = state_io.load_world(campaign)
    conditions = VictoryConditions.from_dict(campaign.victory_conditions)
    # Shown with any of issue 16's modules, or factions alone (a player reads its faction's sheet). The diplomacy
    # module's treaties: while its rule value says they are in force (game.modules.diplomacy).
    treaties = bool(rule_value(world.options, diplomacy.RELATIONS_IN_FORCE, False))
    council = council_panel(world, campaign)
    base: dict[str, Any] = {"enabled": treaties or _plays(world, "social") or council is not None
                            or any(c.faction for c in world.civs.values()),
                            "council": council,
                            "diplomacy": treaties, "cap_percent": diplomacy.TRADE_CAP_PERCENT,
                            "majors": [[m, n] for m, n in zip(social.MAJORS, social.MAJOR_TITLES, strict=True)],
                            "treaties": diplomacy.TREATIES, "stances": list(diplomacy.STANCES)}
    if not viewer.is_gm and viewer.civ_id not in world.civs:
        return {**base, "role": "spectator"}
    rows = list(events_visible_to(viewer, campaign).filter(type__in=THREAD_TYPES, undone=False)
                .order_by("-seq")[:THREAD_LIMIT])
    threads: dict[tuple[int, int], list[dict[str, Any]]] = {}
    last_trade: dict[tuple[int, int], dict[int, int]] = {}  # civ id -> its gain, and -1 -> the round
    for row in rows:
        parties = _parties(row.payload)
        if parties is None:
            continue
        key = (min(parties), max(parties))
        threads.setdefault(key, []).append({"seq": row.seq, "round": row.round, "type": row.type,
                                            "text": row.payload.get("text", ""),
                                            "from_civ": parties[0],
                                            "description": describe(row.type, row.payload, names)})
        if row.type == "TradeOccurred" and key not in last_trade:
            last_trade[key] = {-1: row.round, row.payload["civ_a"]: row.payload["gain_a"],
                               row.payload["civ_b"]: row.payload["gain_b"]}
    if viewer.is_gm:
        pairs = [{"civ_a": a, "civ_b": b, "names": [world.civs[a].name, world.civs[b].name],
                  **_relation_json(world, a, b), "thread": threads.get((a, b), [])}
                 for a in sorted(world.civs) for b in sorted(world.civs) if a < b]
        civs = [{"civ_id": c, "name": civ.name} for c, civ in sorted(world.civs.items())]
        proposals = [_proposal_json(world, p) for _, p in sorted(world.proposals.items())]
        return {**base, "role": "gm", "civs": civs, "pairs": pairs, "proposals": proposals,
                "social": [_social_json(world, c, conditions) for c in sorted(world.civs)]}
    assert viewer.civ_id is not None  # a player of a civilization in the world (checked above)
    me = viewer.civ_id
    counterparts = []
    for other, civ in sorted(world.civs.items()):
        if other == me:
            continue
        key = (min(me, other), max(me, other))
        trade = last_trade.get(key)
        counterparts.append({
            "civ_id": other, "name": civ.name, **_relation_json(world, me, other),
            "income": {"round": trade[-1], "mine": trade[me], "theirs": trade[other]} if trade else None,
            "proposals": [_proposal_json(world, p) for _, p in sorted(world.proposals.items())
                          if {p.from_civ, p.to_civ} == {me, other}],
            "thread": threads.get(key, [])})
    income = sum(c["income"]["mine"] for c in counterparts if c["income"])
    return {**base, "role": "player", "civ_id": me, "treasury": world.civs[me].mu,
            "counterparts": counterparts, "trade_income": income, "social": [_social_json(world, me, conditions)]}
