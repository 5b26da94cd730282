"""The combat systems a campaign (or the GM, for one skirmish) can choose, by key. Centurion, the tactical hex
battle, is played live in a campaign (`combat.services`); here it fights with its bot on both sides."""

from __future__ import annotations

from combat.engine.centurion.system import CenturionCombat
from combat.engine.diceless import DicelessCombat
from combat.engine.instant_mass import InstantMassCombat
from combat.engine.separate_weapon import SeparateWeaponMassCombat
from game.engine.combat import CombatSystem

COMBAT_SYSTEMS: dict[str, CombatSystem] = {
    system.key: system for system in (
        DicelessCombat(), InstantMassCombat(), SeparateWeaponMassCombat(), CenturionCombat())
}


def combat_system(key: str) -> CombatSystem:
    try:
        return COMBAT_SYSTEMS[key]
    except KeyError:
        raise ValueError(f"No combat system {key!r}; choose one of {', '.join(COMBAT_SYSTEMS)}.") from None
