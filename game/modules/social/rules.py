"""Alpha Centauri social engineering (Exploit 1): the module's declaration.

Each civilization may play one Social Engineering card in Exploit 1, at most one of each type in play, paying the
upheaval; the GM may change a Social Factor score with a reason (`services.social_adjust`). The rule math
(`game.engine.social`: the cards, the scores and their sources) stays in the core, read by the Council, the
victory check and the relations page with any of the modules on.
"""

from __future__ import annotations

from typing import Any

from game.engine import social
from game.engine.apply import Draft
from game.engine.catalogue import CIV, EventType
from game.engine.orders.model import Field, OrderKind, OrderPrice
from game.engine.rule_module import ModuleOrder, ModuleSwitch, RuleModule
from game.modules.social import orders, steps

# Social engineering in Exploit 1 and the GM's score changes, seen by the civilization.
EVENTS = (
    EventType("SocialEngineered", {"civ_id": int, "choice": str, "name": str, "mu": int, "cards": list[str]}, CIV,
              "{civ_id:civ} adopted {name} (social engineering, {mu} MU of upheaval)."),
    EventType("SocialFactorAdjusted", {"civ_id": int, "code": str, "title": str, "delta": int, "reason": str}, CIV,
              "The GM changed {civ_id:civ}'s {title} score by {delta}. Reason: {reason}"),
)


def _social(d: Draft, p: dict[str, Any]) -> None:
    d.social[p["civ_id"]] = tuple(p["cards"])
    d.add_mu(p["civ_id"], -p["mu"])


def _social_adjusted(d: Draft, p: dict[str, Any]) -> None:
    now = dict(d.social_adjustments.get(p["civ_id"], {}))
    now[p["code"]] = now.get(p["code"], 0) + p["delta"]
    d.social_adjustments[p["civ_id"]] = now


MODULE = RuleModule(
    key="social",
    label="Alpha Centauri social factors",
    switch=ModuleSwitch(
        "module_ac_social",
        "The six Social Factors and social engineering.",
        to_options=lambda settings: {"social": bool(settings["module_ac_social"])},
        from_options=lambda options: {"module_ac_social": True} if options.social else {},
        step_fills={"exploit.1": "play a Social Engineering choice: it changes your Social Factor scores, and the "
                                 "upheaval costs MU."},
    ),
    is_on=lambda options: options.social,
    events=EVENTS,
    reducers={"SocialEngineered": _social, "SocialFactorAdjusted": _social_adjusted},
    orders=(
        ModuleOrder(
            OrderKind(
                "SocialEngineering",
                "Social engineering",
                "Play a Social Engineering choice: it changes your Social Factor scores and replaces your choice of "
                "the same type; the upheaval costs 20 MU.",
                frozenset({"exploit.1"}),
                (Field("choice", "Choice", "option", options=orders.SOCIAL_CHOICES),),
                orders.check_social_engineering,
                orders.offer_social_engineering,
            ),
            None,
            lambda w, o: OrderPrice(social.UPHEAVAL_MU),
            carry_out_in_step=steps.engineering,
        ),
    ),
)
