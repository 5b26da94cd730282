"""The rule modules a campaign can switch on, one package each, in the order the core collects them: each
package's `rules.py` declares its `MODULE` (`game.engine.rule_module.RuleModule`), and the core reads nothing of a
module but that declaration. Adding a module is its package and one line here."""

RULE_MODULES: tuple[str, ...] = (
    "game.modules.yards",
    "game.modules.personnel",
    "game.modules.survey",
    "game.modules.trade_routes",
    "game.modules.ground_war",
    "game.modules.terrain",
    "game.modules.supply",
    "game.modules.crew",  # after supply: Exploit 9's stress checks come before the crews' round end
    "game.modules.research",
    "game.modules.fleets",
    "game.modules.diplomacy",  # before the Council: "trade, then Council" where both fill a step
    "game.modules.social",
    "game.modules.council",
    "game.modules.factions",
)
