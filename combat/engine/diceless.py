"""Diceless Combat: "Usually only the larger ships will survive, and all Units on the victor's side will
take at least some damage." No die is rolled; the battle is decided by arithmetic, steps 1-9."""

from __future__ import annotations

from collections.abc import Mapping

from combat.engine.attrition import damage_fleet
from combat.engine.report import conclude, open_battle
from combat.engine.stats import attack, evasion, hit_points, initiative, resistance
from game.engine.combat import (
    BattleChoices,
    ChoiceKind,
    ChoiceNeeded,
    ChoicePoint,
    CombatResult,
    CombatSide,
    CombatUnit,
    Ending,
    Offer,
    OfferKind,
    Skirmish,
    UnitOutcome,
)
from game.engine.dice import Dice
from game.engine.events import Event


def fighting_power(unit: CombatUnit) -> float:
    """Step 1: "Total all the numerical combat-related stats for each unit on your side. Hull Points, Average
    Attack and DR for all weapons, evasion, and initiative. The result is that Unit's total Fighting Power."

    Ruling (docs/rules.md, "Fighting Power"): "Average Attack and DR for all weapons" is the Average
    Damage of all the unit's weapons plus the DR of all its defenses; Hull Points are the HP it has now."""
    return hit_points(unit) + attack(unit) + resistance(unit) + evasion(unit) + initiative(unit)


def fleet_power(fleet: tuple[CombatUnit, ...], power: Mapping[int, float]) -> float:
    """Step 2: "Add up the Fighting Power of all units on your side. The result is your side's Fleet
    Power." """
    return sum(power[unit.unit_id] for unit in fleet)


def declare_victor(powers: tuple[float, float]) -> int | None:
    """Step 3: "The side with the highest Fleet Power is declared the Victor."

    Ruling (docs/rules.md, "Equal Fleet Power"): with equal Fleet Power there is no Victor; steps
    5-9 for either side would leave a Survival Rate of 0, so both fleets are destroyed."""
    if powers[0] == powers[1]:
        return None
    return 0 if powers[0] > powers[1] else 1


def offer_settlement(
    victor: CombatSide,
    loser: CombatSide,
    fleet_powers: dict[str, float],
    choices: BattleChoices,
    events: list[Event],
) -> OfferKind | None:
    """Step 4: "The Victor may give the losing side a chance to surrender, or to agree to settle their
    differences peacefully under other specific terms, in order to avoid a costly battle. If no settlement
    is offered, or it is not accepted, procede with the remaining steps." Returns the kind of settlement
    accepted, if any."""
    offer = choices.offer
    if offer is None:
        if choices.ask:
            raise ChoiceNeeded(ChoicePoint(ChoiceKind.OFFER, victor.side_id, detail={
                "loser": loser.side_id, "fleet_power": fleet_powers,
            }))
        offer = Offer(OfferKind.NONE)
    if offer.kind is OfferKind.NONE:
        return None
    events.append(Event("SettlementOffered", {
        "side_id": victor.side_id, "to": loser.side_id, "kind": offer.kind.value, "terms": offer.terms,
    }))
    accepted = choices.offer_accepted
    if accepted is None:
        if choices.ask:
            raise ChoiceNeeded(ChoicePoint(ChoiceKind.ANSWER, loser.side_id, detail={
                "victor": victor.side_id,
                "kind": offer.kind.value,
                "terms": offer.terms,
                "fleet_power": fleet_powers,
            }))
        accepted = False
    events.append(Event("SettlementAccepted" if accepted else "SettlementRefused", {
        "side_id": loser.side_id, "kind": offer.kind.value,
    }))
    return offer.kind if accepted else None


def attrition_and_survival_rates(victor_power: float, loser_power: float) -> tuple[float, float]:
    """Step 5: "The losing side's starting Fleet Power becomes the battle's Attrition Rate. Subtract the
    Attrition Rate from the winning side's Fleet Power to get the battle's Survival Rate." """
    return loser_power, victor_power - loser_power


def destroy_losing_fleet(fleet: tuple[CombatUnit, ...]) -> dict[int, UnitOutcome]:
    """Step 6: "100% of the losing side's fleet is destroyed." """
    return {unit.unit_id: UnitOutcome(unit.unit_id, 0.0, destroyed=True) for unit in fleet}


class DicelessCombat:
    key = "diceless"
    title = "Diceless Combat"

    def fight(self, skirmish: Skirmish, dice: Dice, choices: BattleChoices | None = None) -> CombatResult:
        choices = choices or BattleChoices()
        events, fleets, unopposed = open_battle(skirmish, self.key)
        if unopposed is not None:
            return unopposed
        power = {unit.unit_id: fighting_power(unit) for fleet in fleets for unit in fleet}
        powers = (fleet_power(fleets[0], power), fleet_power(fleets[1], power))
        for side, fleet, total in zip(skirmish.sides, fleets, powers, strict=True):
            events.append(Event("FleetPowerTotalled", {
                "side_id": side.side_id,
                "fleet_power": total,
                "units": [{"unit_id": unit.unit_id, "fighting_power": power[unit.unit_id]} for unit in fleet],
            }))
        won = declare_victor(powers)
        # Not "VictorDeclared": that is Exterminate 7's event, which the world applies with a skirmish's civs.
        if won is None:
            events.append(Event("BattleVictorDeclared", {"side_id": None, "fleet_power": list(powers)}))
            both = destroy_losing_fleet(fleets[0]) | destroy_losing_fleet(fleets[1])
            return conclude(skirmish, self.key, events, both, None, Ending.MUTUAL_DESTRUCTION)
        victor, loser = skirmish.sides[won], skirmish.sides[1 - won]
        events.append(Event("BattleVictorDeclared", {"side_id": victor.side_id, "fleet_power": list(powers)}))

        by_side = {side.side_id: total for side, total in zip(skirmish.sides, powers, strict=True)}
        settlement = offer_settlement(victor, loser, by_side, choices, events)
        if settlement is OfferKind.TERMS:
            return conclude(skirmish, self.key, events, {}, None, Ending.TERMS_AGREED)
        if settlement is OfferKind.SURRENDER:
            surrendered = {
                unit.unit_id: UnitOutcome(unit.unit_id, unit.hp, False, surrendered=True)
                for unit in fleets[1 - won]
            }
            return conclude(skirmish, self.key, events, surrendered, victor.side_id, Ending.SURRENDERED)

        attrition, survival = attrition_and_survival_rates(powers[won], powers[1 - won])
        events.append(Event("AttritionRated", {
            "side_id": victor.side_id, "attrition_rate": attrition, "survival_rate": survival,
        }))
        outcomes = destroy_losing_fleet(fleets[1 - won])
        outcomes |= damage_fleet(victor.side_id, fleets[won], power, attrition, events)
        return conclude(skirmish, self.key, events, outcomes, victor.side_id, Ending.VICTORY)
