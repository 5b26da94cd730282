"""STEP codes and the colonization multiplier (Cluster War §2.1 and §7.0): the round engine's, which prices
colonies with them (`game.engine.step_codes`)."""

from game.engine.step_codes import (
    EARTH_LIKE,
    UNINHABITABLE,
    StepCode,
    colonization_cost,
    colonization_multiplier,
    step_distance,
)

__all__ = ["EARTH_LIKE", "UNINHABITABLE", "StepCode", "colonization_cost", "colonization_multiplier", "step_distance"]
