"""One turn at a seat: read what the player would read, decide, give the orders, mark ready."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field

from game.bots import (
    diplomacy,  # noqa: F401  (the Governor's powers and the Council's vote)
    fleets,  # noqa: F401  (the movement orders module: a Vanguard on sorties)
    ground_war,  # noqa: F401  (battalions raised at home, weak colonies invaded)
    missions,  # noqa: F401  (the personnel module's planners join the strategy's)
    supply,  # noqa: F401  (idle warships out of supply go home)
    trade,  # noqa: F401  (trade routes and commerce raiding)
    yards,  # noqa: F401  (repairs at yards and surveys before colonizing)
)
from game.bots.client import BotApiError, BotClient
from game.bots.strategy import PLANNERS, Order, Situation, decide

FLEET_ORDERS = ("FleetCourse", "FleetStandingOrder")


@dataclass
class Turn:
    """What a turn did: the orders accepted, and each refusal (the API's words)."""

    played: bool = False
    orders: int = 0
    refused: list[str] = field(default_factory=list)


def turn_rng(bot_seed: str, round: int, step: str) -> random.Random:
    """The bot's dice for one step: the same seed, round and step always make the same choices."""
    return random.Random(hashlib.sha256(f"{bot_seed}:{round}:{step}".encode()).hexdigest())


def play_turn(client: BotClient, bot_seed: str) -> Turn:
    """Play the open step if it takes orders and the seat has not marked ready yet. Safe to run twice for the same
    step (the idempotency keys are the step's, so a second run stores nothing new)."""
    state = client.state()
    viewer = state.get("viewer", {})
    me = next((c for c in state["civilizations"] if c["id"] == viewer.get("civ_id")), None)
    if state["status"] != "open" or state["step_kind"] != "orders" or me is None or me.get("ready"):
        return Turn()
    round, step = int(state["round"]), str(state["step"])
    offers = client.legal_orders()
    turn = Turn(played=True)
    orders: list[Order] = []
    # Most steps offer most seats nothing a planner plays (every step offers a free-text Declare), and then the
    # view, the dearest read, is not needed.
    if any(o["kind"] in PLANNERS for o in offers):
        view = client.view()["view"]
        if any(o["kind"] in FLEET_ORDERS for o in offers):
            view["fleets"] = client.fleets()  # where each fleet is: the fleet panel's, which the view leaves out
        orders = decide(Situation(state=state, view=view, offers=offers, rng=turn_rng(bot_seed, round, step)))
    for index, planned in enumerate(orders):
        try:
            client.order(round, step, planned["kind"], planned["payload"], f"bot-{round}-{step}-{index}")
            turn.orders += 1
        except BotApiError as error:
            if error.status == 409:  # the step closed meanwhile: nothing more to do here
                return turn
            turn.refused.append(f"{planned['kind']}: {error.body}")
    try:
        client.ready(round, step)
    except BotApiError as error:
        if error.status != 409:
            raise
    return turn
