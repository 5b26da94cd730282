"""Relations between civilizations (the Cluster War trade module, `module_cw_trade`, played by the rule module
`game.modules.diplomacy`): a stance and a trade level per pair, the treaties in force, and the proposals waiting
for an answer.

The world holds them (`World.relations`, `World.proposals`, and `World.wars` for the stance "war"), changed only
by events: a treaty proposed in Explore 9 and answered in Explore 10, a treaty broken or war declared in Explore 9,
the GM setting a stance with a reason. Exploit 7 reads the trade level, Explore 7 the stance (docs/rules.md,
"Diplomacy and trade").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

# From worst to best. "war" is kept in `World.wars` (the one record of who is at war, which the settings page and
# the pages read); a `Relation` holds one of the others.
STANCES = ("war", "hostile", "neutral", "peace", "alliance")
STANCE_LABELS = {"war": "At war", "hostile": "Hostile", "neutral": "Neutral", "peace": "At peace",
                 "alliance": "Allied"}

# The rule values the diplomacy module sets (`RuleModule.rule_values`, read with `rule_module.rule_value`):
# the stances and treaties of `World.relations` bind (§11, §13): peace and alliances forbid attacks (Explore 7),
# trade agreements set the pair's level (Exploit 7), and the stances are the one record of war (the settings);
RELATIONS_IN_FORCE = "stances_and_treaties_in_force"
# and Exploit 9 pays the tributes in force after the trade taxes: a function `(world) -> events`.
TRIBUTES_PAID = "tributes_paid_in_exploit_9"

# Cluster War §11.0: "no trade, limited trade, and full trade": a share of the partner's gross production, capped
# at 25% of one's own ("a trade partner can not gain more than 25% of its GNP from trade"), per partner as in the
# §18 example. CV's gross a quarter is its taxes (Exploit 5); the percentages are ratios and need no converting.
TRADE_LEVELS = {"none": 0, "limited": 5, "full": 10}
TRADE_CAP_PERCENT = 25

# Treaty kinds: what each does on acceptance. Terms the game enforces: the stance (peace, alliance), the trade
# level, the tribute in MU each quarter; open borders and technology exchange act each round in Explore 10
# (`game.modules.diplomacy.steps.treaty_effects`). Free-text terms are for the GM.
TREATIES: dict[str, str] = {
    "peace": "Peace",
    "alliance": "Alliance",
    "trade_limited": "Trade agreement (limited: 5% of the partner's taxes)",
    "trade_full": "Trade agreement (full: 10% of the partner's taxes)",
    "open_borders": "Open borders",
    "tribute": "Tribute (the proposer pays MU each quarter)",
    "tech_exchange": "Technology exchange",
}
# What a broken treaty leaves: breaking peace (and with it any alliance) makes the pair hostile; breaking an
# alliance leaves the peace it included.
STANCE_AFTER_BREAK = {"peace": "hostile", "alliance": "peace"}


@dataclass(frozen=True)
class Relation:
    civ_a: int  # the lower id
    civ_b: int
    stance: str = "neutral"  # never "war": that is `World.wars`
    trade: str = "none"  # a key of TRADE_LEVELS: the level agreed by treaty
    treaties: tuple[str, ...] = ()  # the treaty kinds in force ("trade_limited" and "trade_full" as "trade")
    tribute_mu: int = 0  # MU paid each quarter (Exploit 9) by `tribute_payer` to the other
    tribute_payer: int | None = None
    terms: str = ""  # the free-text terms of the treaties in force, for the GM


@dataclass(frozen=True)
class Proposal:
    proposal_id: str
    from_civ: int
    to_civ: int
    treaty: str
    mu: int = 0  # the tribute's MU a quarter
    terms: str = ""


def treaty_key(treaty: str) -> str:
    """The name a treaty has in force: both trade levels are the one trade agreement."""
    return "trade" if treaty.startswith("trade_") else treaty


def why_not(treaty: str, stance: str, relation: Relation, mu: int) -> str | None:
    """Why the treaty cannot be proposed between a pair in this stance, or None."""
    if treaty == "peace":
        return "you are already at peace or allied." if stance in ("peace", "alliance") else None
    if stance == "war":
        return "you are at war: make peace first."
    if treaty == "alliance" and stance == "alliance":
        return "you are already allied."
    if treaty.startswith("trade_") and relation.trade == treaty.removeprefix("trade_"):
        return "that trade agreement is already in force."
    if treaty in ("open_borders", "tech_exchange") and treaty in relation.treaties:
        return "that treaty is already in force."
    if treaty == "tribute" and mu <= 0:
        return "name the tribute in MU a quarter."
    return None


def accepted(relation: Relation, proposal: Proposal) -> Relation:
    """The relation once the proposal is accepted."""
    treaty, key = proposal.treaty, treaty_key(proposal.treaty)
    changes: dict[str, Any] = {"treaties": tuple(sorted({*relation.treaties, key}))}
    if treaty in ("peace", "alliance"):
        changes["stance"] = treaty
        if treaty == "alliance":  # an alliance includes peace
            changes["treaties"] = tuple(sorted({*relation.treaties, "alliance", "peace"}))
    elif key == "trade":
        changes["trade"] = treaty.removeprefix("trade_")
    elif treaty == "tribute":
        changes["tribute_mu"], changes["tribute_payer"] = proposal.mu, proposal.from_civ
    if proposal.terms:
        changes["terms"] = (relation.terms + "\n" if relation.terms else "") + proposal.terms
    return replace(relation, **changes)


def broken(relation: Relation, treaty: str) -> Relation:
    """The relation once one party breaks a treaty in force."""
    left = tuple(t for t in relation.treaties if t != treaty and not (treaty == "peace" and t == "alliance"))
    stance = relation.stance
    if treaty in STANCE_AFTER_BREAK:
        stance = STANCE_AFTER_BREAK[treaty]
    return Relation(relation.civ_a, relation.civ_b, stance=stance,
                    trade="none" if treaty == "trade" else relation.trade, treaties=left,
                    tribute_mu=0 if treaty == "tribute" else relation.tribute_mu,
                    tribute_payer=None if treaty == "tribute" else relation.tribute_payer,
                    terms=relation.terms if left else "")


def trade_gain(own_taxes: int, partner_taxes: int, level: str, cap_percent: int = TRADE_CAP_PERCENT) -> int:
    """Cluster War §11.0: the level's share of the partner's gross, never more than the cap of one's own."""
    return min(partner_taxes * TRADE_LEVELS[level] // 100, own_taxes * cap_percent // 100)
