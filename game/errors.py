from __future__ import annotations

from game.engine.catalogue import without_emphasis


class ServiceError(Exception):
    """A request that cannot be carried out, with a message a person can read; nothing was changed."""

    status = 400

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    @property
    def plain_message(self) -> str:
        """The message as a person reads it: the engine names units with *emphasis* ("Scout *Pathfinder*")."""
        return without_emphasis(self.message)


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    """The campaign moved on (stale pointer) or is busy (resolving): retrying the same request will not help."""

    status = 409


# How a resolution that ran out of the GM's entered rolls is recorded (`Campaign.failure`): not a failure, a wait
# for the GM's dice, which the dashboard shows as such.
WAITING_FOR_ROLLS = "Waiting for the GM's rolls: "


class RollsNeeded(Conflict):
    """The campaign wants physical dice and the GM has not entered enough for this step."""

    def __init__(self, message: str, purpose: str, sides: int) -> None:
        super().__init__(message, field="rolls")
        self.purpose = purpose
        self.sides = sides
