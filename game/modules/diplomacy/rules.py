"""Cluster War trade: relations and treaties (Explore 9, 10; Cluster War §11, §13): the module's declaration.

A civilization proposes a treaty to another within communications range, breaks one in force or declares war
(Explore 9); the other answers (Explore 10), where open borders and technology exchanges in force act; a tribute is
paid each Exploit 9; the GM sets a pair's stance with a reason. The relations are world state (`World.relations`,
`proposals`, `wars`) and their rule math stays in the core (`game.engine.diplomacy`), as Explore 7 (no attack on a
partner at peace), Exploit 7 (the trade agreements' levels) and the settings (the stances are the record of war)
read it, through the module's rule values. Its option "Commerce raiding" and Exploit 2's trade routes are the
trade routes module's (`game.modules.trade_routes`, switched by this module's option).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine import diplomacy
from game.engine.apply import Draft
from game.engine.catalogue import WITNESSES, EventType
from game.engine.diplomacy import Proposal, Relation
from game.engine.orders.kinds import TEXT_LIMIT
from game.engine.orders.model import Field, OrderKind
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule, StepHook
from game.engine.world import pair
from game.modules.diplomacy import orders, steps

# Both parties and the GM see each ("the GM must get a copy of every message", Cluster War §13).
EVENTS = (
    EventType("TreatyProposed", {"proposal_id": str, "from_civ": int, "to_civ": int, "treaty": str,
                                 "treaty_label": str, "mu": int, "terms": str}, WITNESSES,
              "{from_civ:civ} proposed to {to_civ:civ}: {treaty_label}[, {mu} MU a quarter][. Terms: {terms}]."),
    EventType("TreatyAccepted", {"proposal_id": str, "from_civ": int, "to_civ": int, "treaty": str,
                                 "treaty_label": str}, WITNESSES,
              "{to_civ:civ} accepted {from_civ:civ}'s treaty: {treaty_label}."),
    EventType("TreatyDeclined", {"proposal_id": str, "from_civ": int, "to_civ": int, "treaty": str,
                                 "treaty_label": str}, WITNESSES,
              "{to_civ:civ} declined {from_civ:civ}'s treaty: {treaty_label}."),
    EventType("TreatyLapsed", {"proposal_id": str, "from_civ": int, "to_civ": int, "treaty": str,
                               "treaty_label": str}, WITNESSES,
              "{from_civ:civ}'s treaty to {to_civ:civ} lapsed unanswered: {treaty_label}."),
    EventType("TreatyBroken", {"from_civ": int, "to_civ": int, "treaty": str, "text": str}, WITNESSES,
              "{from_civ:civ} broke its {treaty} treaty with {to_civ:civ}[: {text}]."),
    EventType("WarDeclared", {"from_civ": int, "to_civ": int, "text": str}, WITNESSES,
              "{from_civ:civ} declared war on {to_civ:civ}[: {text}]."),
    EventType("StanceSet", {"civ_a": int, "civ_b": int, "stance": str, "reason": str}, WITNESSES,
              "The GM set {civ_a:civ} and {civ_b:civ} {stance}. Reason: {reason}"),
    EventType("TributePaid", {"from_civ": int, "to_civ": int, "mu": int, "owed": int}, WITNESSES,
              "{from_civ:civ} paid {to_civ:civ} {mu} MU of tribute (of {owed} owed)."),
)


# Explore 9 and 10: proposals, answers, broken treaties, war; the GM's stances; Exploit 9's tribute.


def _set_relation(d: Draft, relation: Relation) -> None:
    key = pair(relation.civ_a, relation.civ_b)
    if relation == Relation(*key):
        d.relations.pop(key, None)  # a plain neutral pair is not written
    else:
        d.relations[key] = relation


def _treaty_proposed(d: Draft, p: dict[str, Any]) -> None:
    d.proposals[p["proposal_id"]] = Proposal(p["proposal_id"], p["from_civ"], p["to_civ"], p["treaty"], p["mu"],
                                             p["terms"])


def _treaty_accepted(d: Draft, p: dict[str, Any]) -> None:
    proposal = d.proposals.pop(p["proposal_id"])
    key = pair(proposal.from_civ, proposal.to_civ)
    d.wars.discard(key)  # only peace can be accepted at war (diplomacy.why_not)
    _set_relation(d, diplomacy.accepted(d.relations.get(key) or Relation(*key), proposal))


def _treaty_closed(d: Draft, p: dict[str, Any]) -> None:
    d.proposals.pop(p["proposal_id"], None)


def _treaty_broken(d: Draft, p: dict[str, Any]) -> None:
    key = pair(p["from_civ"], p["to_civ"])
    _set_relation(d, diplomacy.broken(d.relations.get(key) or Relation(*key), p["treaty"]))


def _war_declared(d: Draft, p: dict[str, Any]) -> None:
    key = pair(p["from_civ"], p["to_civ"])
    d.wars.add(key)
    d.relations.pop(key, None)  # war ends every treaty
    for proposal_id, proposal in list(d.proposals.items()):
        if pair(proposal.from_civ, proposal.to_civ) == key:
            del d.proposals[proposal_id]


def _stance_set(d: Draft, p: dict[str, Any]) -> None:
    """The GM sets a pair's stance, with a reason (the settings' "At war", or the relations desk)."""
    key = pair(p["civ_a"], p["civ_b"])
    if p["stance"] == "war":
        _war_declared(d, {"from_civ": key[0], "to_civ": key[1]})
        return
    d.wars.discard(key)
    old = d.relations.get(key) or Relation(*key)
    _set_relation(d, replace(old, stance=p["stance"]))


def _tribute(d: Draft, p: dict[str, Any]) -> None:
    d.add_mu(p["from_civ"], -p["mu"])
    d.add_mu(p["to_civ"], p["mu"])


MODULE = RuleModule(
    key="diplomacy",
    label="Cluster War trade",
    switch=ModuleSwitch(
        "module_cw_trade",
        "Relations and treaties (Explore 9, 10), trade routes and commerce raiding (Exploit 2) and trade levels "
        "(Exploit 7, 9), played by the engine.",
        to_options=lambda settings: {"diplomacy": bool(settings["module_cw_trade"])},
        from_options=lambda options: {"module_cw_trade": True} if options.diplomacy else {},
        step_fills={
            "explore.9": "propose a treaty to a civilization within communications range, break one in force, or "
                         "declare war; they answer in Explore 10.",
            "explore.10": "answer the treaties proposed to you in Explore 9 (one left unanswered lapses); open "
                          "borders and technology exchanges in force act.",
            # Played by the trade routes module (game.modules.trade_routes), with this switch on.
            "exploit.2": "open a trade route with freighters to a partner's colony, or close one; with commerce "
                         "raiding on, warships may raid the routes of civilizations at war with yours.",
        },
    ),
    is_on=lambda options: options.diplomacy,
    rule_values={
        diplomacy.RELATIONS_IN_FORCE: True,  # §11, §13: the stances and treaties bind
        diplomacy.TRIBUTES_PAID: steps.tributes_paid,  # Exploit 9, after the trade taxes
    },
    events=EVENTS,
    reducers={
        "TreatyProposed": _treaty_proposed,
        "TreatyAccepted": _treaty_accepted,
        "TreatyDeclined": _treaty_closed,
        "TreatyLapsed": _treaty_closed,
        "TreatyBroken": _treaty_broken,
        "WarDeclared": _war_declared,
        "StanceSet": _stance_set,
        "TributePaid": _tribute,
    },
    orders=(
        ModuleOrder(
            OrderKind(
                "ProposeTreaty",
                "Propose a treaty",
                "Offer peace, an alliance, a trade agreement, open borders, tribute or a technology exchange to a "
                "civilization within communications range; they answer in Explore 10.",
                frozenset({"explore.9"}),
                (
                    Field("to_civ_id", "To", "civ"),
                    Field("treaty", "Treaty", "option", options=orders.TREATY_CHOICES),
                    Field("mu", "Tribute you pay (MU a quarter)", "integer", required=False, minimum=0,
                          maximum=orders.MAX_TRIBUTE_MU),
                    Field("terms", "Terms (the GM rules on them)", "text", required=False, max_length=TEXT_LIMIT),
                ),
                orders.check_propose_treaty,
                orders.offer_propose_treaty,
            ),
            steps.propose,
            only_while_on=True,  # among the Council's orders, in the order given
        ),
        ModuleOrder(
            OrderKind(
                "BreakTreaty",
                "Break a treaty",
                "End a treaty in force; the other party is told at once.",
                frozenset({"explore.9"}),
                (
                    Field("to_civ_id", "With", "civ"),
                    Field("treaty", "Treaty", "option", options=orders.IN_FORCE_CHOICES),
                    Field("text", "Why (they read it)", "text", required=False, max_length=TEXT_LIMIT),
                ),
                orders.check_break_treaty,
                orders.offer_break_treaty,
            ),
            steps.break_treaty,
            only_while_on=True,  # among the Council's orders, in the order given
        ),
        ModuleOrder(
            OrderKind(
                "DeclareWar",
                "Declare war",
                "Go to war: every treaty with them ends, and from the next Explore 7 you may attack them.",
                frozenset({"explore.9"}),
                (
                    Field("to_civ_id", "On", "civ"),
                    Field("text", "Declaration (they read it)", "text", required=False, max_length=TEXT_LIMIT),
                ),
                orders.check_declare_war,
                orders.offer_declare_war,
            ),
            steps.declare_war,
            only_while_on=True,  # among the Council's orders, in the order given
        ),
        ModuleOrder(
            OrderKind(
                "AnswerTreaty",
                "Answer a treaty",
                "Accept or decline a treaty another civilization proposed to you in Explore 9.",
                frozenset({"explore.10"}),
                (
                    Field("from_civ_id", "From", "civ"),
                    Field("treaty", "Treaty", "option", options=orders.TREATY_CHOICES),
                    Field("answer", "Answer", "option", options=orders.ANSWER_CHOICES),
                ),
                orders.check_answer_treaty,
                orders.offer_answer_treaty,
            ),
            None,  # the Explore 10 hook answers them, after the Council's vote
        ),
    ),
    # Explore 10: the treaties in force act, the answers, the lapses: after the Council's vote (the core's step).
    hooks=(StepHook("explore.10", "after", steps.treaties_answered),),
)
