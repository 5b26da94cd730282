"""The Alpha Centauri Council (the `module_ac_council` module): every N rounds (`council_every_rounds`), in Exploit
1 after social engineering, the civilizations elect a Planetary Governor ("COUNCIL PHASE"). Each votes only for
itself: 10 votes to the civilization with the highest score of each major Social Factor, 10 to the one with the most
colonies ("Bases") and the most units, 10 to the previous Governor, a faction's free votes (the Peacekeepers' 10),
and 1 vote per MU it bid in secret (`CouncilBid`, paid whether it wins or not). The Governor earns double from trade
pacts (Exploit 7) until the next Council. Ties: every civilization tied for the lead gets the 10 votes."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import social
from game.engine.factions import CARD_DRAW_CREDITS, FACTIONS_BY_KEY
from game.engine.world import UnitState, World

LEAD_VOTES = 10
# The rule value (`game.engine.rule_module.rule_value`) the Council module sets: "The Governor earns double from trade
# pacts" (Exploit 7).
GOVERNOR_DOUBLES_TRADE = "council.governor_doubles_trade"


@dataclass(frozen=True)
class Tally:
    civ_id: int
    votes: int
    reasons: tuple[str, ...]  # what each 10 (or bid) was for, as a player reads it


def _leaders(values: dict[int, int]) -> set[int]:
    if not values:
        return set()
    top = max(values.values())
    return {c for c, v in values.items() if v == top}


def tallies(world: World, bids: dict[int, int]) -> list[Tally]:
    """Every civilization's votes, most first (equal votes: the previous Governor first, then by id)."""
    civs = sorted(world.civs)
    scores = {c: social.scores(world, c) for c in civs}
    reasons: dict[int, list[str]] = {c: [] for c in civs}
    votes = dict.fromkeys(civs, 0)
    for code, title in zip(social.MAJORS, social.MAJOR_TITLES, strict=True):
        for c in _leaders({c: scores[c][code] for c in civs}):
            votes[c] += LEAD_VOTES
            reasons[c].append(f"highest {title}")
    colonies = {c: sum(1 for col in world.colonies.values() if col.civ_id == c) for c in civs}
    units = {c: sum(1 for u in world.units.values() if u.civ_id == c and u.state is not UnitState.DESTROYED)
             for c in civs}
    for what, counts in (("most colonies", colonies), ("most units", units)):
        for c in _leaders(counts):
            votes[c] += LEAD_VOTES
            reasons[c].append(what)
    if world.governor in votes:
        votes[world.governor] += LEAD_VOTES
        reasons[world.governor].append("previous Governor")
    for c in civs:
        faction = FACTIONS_BY_KEY.get(world.civs[c].faction)
        if faction is not None and faction.free_council_votes:
            votes[c] += faction.free_council_votes
            reasons[c].append(f"{faction.free_council_votes} free votes ({faction.name})")
        if bids.get(c):
            votes[c] += bids[c]
            reasons[c].append(f"{bids[c]} MU bid")
    order = sorted(civs, key=lambda c: (-votes[c], c != world.governor, c))
    return [Tally(c, votes[c], tuple(reasons[c])) for c in order]


# The Planetary Governor's powers ("The current Governor may play Proposal cards at the end of this Phase. ... The
# Governor may prevent one attack this turn in Conflict Phase."). Ruling (docs/rules.md, "The Council"): the
# Governor puts a Proposal to the Council in Explore 9 and every civilization votes on it in Explore 10, each with
# the votes the Council would give it now (its leads, colonies, units, the Governor's 10, free votes; no bids);
# it passes with more votes for than against, an abstention counting for neither.
@dataclass(frozen=True)
class ProposalCard:
    key: str
    name: str
    mu_each: int  # what every civilization gains if it passes (credits MU one for one, a card its 10-credit draw)
    skips_conflict: bool = False  # "SCP = Skip Conflict Phase": this round's skirmishes are called off
    # The card as printed, for the page.
    printed: str = ""

    @property
    def effect(self) -> str:
        if self.skips_conflict:
            return "no skirmish is fought this round"
        return f"every civilization gains {self.mu_each} MU"


PROPOSALS: tuple[ProposalCard, ...] = (
    ProposalCard("global_terraforming", "Global Terraforming", 25, printed="All Players get 25 Credits"),
    ProposalCard("un_charter", "UN Charter", 0, skips_conflict=True, printed="Skip Conflict Phase"),
    ProposalCard("melt_ice_caps", "Melt Ice Caps", 5 * CARD_DRAW_CREDITS, printed="All Players draw 5 Cards"),
    ProposalCard("salvage_unity_fusion_core", "Salvage Unity Fusion Core", 50,
                 printed="All players get 50 Credits"),
    ProposalCard("global_trade_pact", "Global Trade Pact", 25, printed="All Players get 25 Credits"),
    ProposalCard("launch_solar_shade", "Launch Solar Shade", 5 * CARD_DRAW_CREDITS, printed="All Players draw 5 Cards"),
)
PROPOSALS_BY_KEY = {p.key: p for p in PROPOSALS}


def ballot_weights(world: World) -> dict[int, int]:
    """Each civilization's votes on a Proposal: its votes at a Council meeting now, without bids."""
    return {t.civ_id: t.votes for t in tallies(world, {})}
