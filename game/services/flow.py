"""What keeps a round moving once a step has opened (issue 13): the steps that need nobody run on, bots play the
seats they hold, deadlines start."""

from __future__ import annotations


def step_opened(campaign_id: int, round: int, step_index: int) -> None:
    """Runs after a step's opening has committed (enqueued by `game.services.step_resolve`)."""
