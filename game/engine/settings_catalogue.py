"""Every campaign setting, declared once: its key, the group a GM looks for it in, its label and help, its kind,
default and allowed values, and when a change takes effect. The settings page, the API, the validation and the
record of which rules were in force at every step all read this one list (game.services.settings,
game.selectors.settings).

A setting's value lives in `Campaign.rule_options` under its key (the starting preset under `starts.default`,
where the start code reads it; the victory conditions in `Campaign.victory_conditions`), so code that read those
keys before keeps reading them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.engine.diplomacy import RELATIONS_IN_FORCE
from game.engine.phases import ALL_STEPS, Step, StepKind
from game.engine.rule_module import rule_modules, rule_value

# What a setting is, declared apart so that a rule module may declare its options without importing the catalogue.
from game.engine.setting import Effect as Effect
from game.engine.setting import Kind as Kind
from game.engine.setting import Scope as Scope
from game.engine.setting import Setting as Setting
from game.engine.starts import DEFAULT_PRESET, PRESET_TITLES
from game.engine.world import World


@dataclass(frozen=True)
class Group:
    key: str
    title: str
    help: str


class SettingProblem(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


# Modules whose rules the engine plays.
BUILT_MODULES = frozenset({"module_ac_victory", "module_centurion"})


def built_modules() -> frozenset[str]:
    """The switches of the modules whose rules the engine plays: the core's list and every plugged-in module."""
    return BUILT_MODULES | {m.switch.key for m in rule_modules() if not m.switch.option_of}


def _not_built(module: str) -> str:
    if module in built_modules():
        return "The engine plays its rules (docs/rules.md)."
    return "The engine does not play its rules: the switch is stored, versioned and shown, and the GM rules its " \
           "steps by hand."

GROUPS: tuple[Group, ...] = (
    Group("modules", "Rule modules", "Optional rule documents a campaign switches on (docs/rules.md, "
          "\"Campaign settings\"). Switching one on or off waits for the next round."),
    Group("combat", "Combat", "How skirmishes are fought (Exterminate 4) and whether the sides are asked their "
          "choices live."),
    Group("dice", "Dice and detection", "Who rolls the dice, and the optional GM rolls of Explore 5 and 6."),
    Group("start", "Starting preset", "What every civilization starts with; only before the Start."),
    Group("diplomacy", "Trade and war", "Who is at war with whom and who trades (read by Exploit 7: neighbours "
          "trade unless at war or one of them forbids free trade)."),
    Group("victory", "Victory conditions", "How the campaign is won besides the GM's word (checked as each "
          "round's Exploit ends)."),
    Group("deadlines", "Deadlines", "An optional deadline for each step that takes orders, and what happens then."),
    Group("flow", "Flow and notifications", "Whether the round runs on by itself, and e-mail notifications."),
)

# The rule modules (../shared/design/RULES-MAP.md): the switch's key, its title, what it fills, its options.
MODULES: tuple[tuple[str, str, str], ...] = (
    ("module_cw_economy", "Cluster War economy",
     "Construction Points as MU and the colonization cost (Cluster War 3rd ed.)."),
    ("module_ac_victory", "Alpha Centauri victory types",
     "The four victory types beside the campaign's own: each is on once its threshold is set under Victory "
     "conditions."),
    ("module_centurion", "Centurion tactical battles",
     "A fourth skirmish system: a tactical battle on a hex map, both sides moving live in the browser. Choose it "
     "under Combat (by default, per skirmish size) or for one skirmish."),
)

def module_switches() -> tuple[tuple[str, str, str], ...]:
    """Every rule module's switch as (key, title, what it fills): the core's list, then the plugged-in modules' (a
    module switched by an option of another switch, `ModuleSwitch.option_of`, is that switch's option)."""
    return (*MODULES, *((m.switch.key, m.label, m.switch.fills) for m in rule_modules() if not m.switch.option_of))



def step_rule(step: Step, rule_options: Mapping[str, Any] | None) -> str:
    """What `step` does, as its players and GM read it: the rules' text, or for a step the rules leave TODO, what
    the campaign's modules play there (`rule_options`; None: in no campaign in particular), or, with them off,
    that the GM rules it by hand. Each module that fills a step the rules leave "TODO" (game/engine/phases.py keeps
    the quote) says what it plays there (`ModuleSwitch.step_fills`), in the modules' order."""
    fills = [(m.switch.key, m.switch.step_fills[step.key]) for m in rule_modules() if step.key in m.switch.step_fills]
    if not fills:
        return step.rule
    titles = {key: title for key, title, _ in module_switches()}
    played = [f"{titles[module]}: {text}" for module, text in fills
              if rule_options is not None and rule_options.get(module)]
    if played:
        return " ".join(played)
    names = " or the ".join(titles[module] for module, _ in fills)
    who = "" if step.kind is StepKind.RESOLVED else " (declare to the GM what you want done)"
    if rule_options is None:
        return f"Played by the {names} module when a campaign has it on; otherwise the GM rules this step by hand{who}."
    return f"The {names} module, which plays this step, is off in this campaign: the GM rules it by hand{who}."


SKIRMISH_SIZES: tuple[tuple[str, str, int | None], ...] = (
    # (key, label, most combat units in the skirmish, both sides together; None: no limit)
    ("small", "Small skirmishes (up to 4 combat units)", 4),
    ("medium", "Medium skirmishes (5 to 20 combat units)", 20),
    ("large", "Large skirmishes (more than 20 combat units)", None),
)


def skirmish_size(combat_units: int) -> str:
    """The size class of a skirmish by its combat units, both sides together (docs/rules.md, "Campaign
    settings")."""
    return next(key for key, _, most in SKIRMISH_SIZES if most is None or combat_units <= most)


def _module_settings() -> list[Setting]:
    found: list[Setting] = []
    options: dict[str, list[Setting]] = {
        "module_cw_economy": [Setting(
            "cw_time_conversion", "modules", "A Cluster War chance per turn",
            "One quarter is three Cluster War turns: roll a per-turn chance three times (faithful) or once, "
            "converted (simpler).", Kind.CHOICE, "faithful", Effect.NEXT_ROUND,
            (("faithful", "Rolled three times a quarter"), ("simpler", "Converted, rolled once")))],
    }
    for module in rule_modules():
        if not module.switch.option_of:
            options[module.switch.key] = list(module.switch.options)
    for module in rule_modules():  # a module switched by an option of another switch: that switch's options
        if module.switch.option_of:
            options.setdefault(module.switch.option_of, []).extend(module.switch.options)
    for key, title, fills in module_switches():
        found.append(Setting(key, "modules", title, f"{fills} {_not_built(key)}", Kind.BOOL, False,
                             Effect.NEXT_ROUND))
        found.extend(Setting(**{**vars(option), "module": key}) for option in options.get(key, ()))
    return found


# The ceilings of the victory numbers, past anything a campaign reaches: 1,000 rounds are 250 Galactic Standard
# Years; 10,000,000 points are 5,000,000 units in service; an Alpha Centauri Social Factor score is in the tens.
MAX_ROUNDS = 1000
MAX_SCORE = 10_000_000
MAX_SOCIAL_SCORE = 1000

ORDER_STEPS: tuple[tuple[str, str], ...] = tuple(
    (step.key, step.label) for step in ALL_STEPS if step.kind == StepKind.ORDERS)

SETTINGS: tuple[Setting, ...] = (
    *_module_settings(),
    Setting("combat_system", "combat", "Combat system by default",
            "The system every skirmish is fought with unless its size or the GM chooses another for it.",
            Kind.CHOICE, "instant_mass", Effect.NEXT_ROUND, choices_from="combat_systems"),
    *(Setting(f"combat_system_{key}", "combat", label,
              "Empty: the default system. The GM may still choose another system for one skirmish.",
              Kind.CHOICE, "", Effect.NEXT_ROUND, choices_from="combat_systems_or_default")
      for key, label, _ in SKIRMISH_SIZES),
    Setting("ask_battle_choices", "combat", "Ask the sides their battle choices",
            "On: in every battle the sides are asked live (offers, surrender, fleeing); off: only in the skirmishes "
            "the GM asks for.", Kind.BOOL, False),
    Setting("choice_minutes", "combat", "Minutes to make a battle choice",
            "How long a side has to answer; no answer by then means the fight goes on.", Kind.INT, 10,
            minimum=1, maximum=1440),
    Setting("centurion_minutes", "combat", "Minutes a side has for a Centurion phase",
            "The clock of a Centurion battle played live: each side's movement and combat phases; the GM may set "
            "another for one battle.", Kind.INT, 10, minimum=1, maximum=1440),
    Setting("centurion_out_of_time", "combat", "A Centurion side out of time",
            "When a side's clock runs out, the bot plays its phase or the side passes it.", Kind.CHOICE, "bot",
            choices=(("bot", "The bot plays the phase"), ("pass", "The side passes the phase"))),
    Setting("dice_mode", "dice", "Dice", "Server rolls (seeded from the campaign) or the GM's physical rolls, "
            "typed in.", Kind.CHOICE, "server",
            choices=(("server", "Server rolls (seeded from the campaign)"), ("entered", "The GM's physical rolls"))),
    Setting("gm_detection_rolls", "dice", "Optional GM detection rolls (Explore 5 and 6)",
            "The GM's optional rolls for hidden objects when a civilization's sensors only nearly detect them.",
            Kind.BOOL, False),
    Setting("starting_preset", "start", "Starting preset",
            "What each civilization starts with unless the GM edited its own start on Galaxy setup.",
            Kind.CHOICE, DEFAULT_PRESET, Effect.BEFORE_START, choices=tuple(PRESET_TITLES.items()),
            stored_at=("starts", "default")),
    Setting("wars", "diplomacy", "At war", "Each pair of civilizations at war: they do not trade (Exploit 7).",
            Kind.MATRIX, [], scope=Scope.PER_CIV),
    Setting("free_trade", "diplomacy", "Trade",
            "Whether each civilization allows free trade with its neighbours (Exploit 7).", Kind.PER_CIV, {},
            choices=(("free", "Allows free trade"), ("forbidden", "Forbids free trade")), scope=Scope.PER_CIV),
    Setting("victory_elimination", "victory", "Elimination",
            "The last civilization holding colonies wins.", Kind.BOOL, False, stored_at=("victory", "elimination")),
    Setting("victory_score_threshold", "victory", "Score threshold",
            "The first civilization to reach this score at the end of a round wins. Empty: not used.",
            Kind.INT, None, minimum=1, maximum=MAX_SCORE, optional=True, stored_at=("victory", "score_threshold")),
    Setting("victory_round_limit", "victory", "Round limit",
            "At the end of this round the best score wins. Empty: not used.", Kind.INT, None, minimum=1,
            maximum=MAX_ROUNDS, optional=True, stored_at=("victory", "round_limit")),
    # Alpha Centauri's victory types (game.engine.victory), read on the Social Factor scores (game.engine.social).
    Setting("victory_ac_economic", "victory", "Economic victory (Alpha Centauri)",
            "The first civilization whose Economy score is above this wins (Alpha Centauri: 50). Empty: not used.",
            Kind.INT, None, minimum=1, maximum=MAX_SOCIAL_SCORE, optional=True, stored_at=("victory", "ac_economic")),
    Setting("victory_ac_conquest", "victory", "Conquest victory (Alpha Centauri)",
            "The first civilization occupying another's colony with a Military score above this wins (Alpha "
            "Centauri: 40). Empty: not used.", Kind.INT, None, minimum=1, maximum=MAX_SOCIAL_SCORE, optional=True,
            stored_at=("victory", "ac_conquest")),
    Setting("victory_ac_transcendence", "victory", "Transcendence victory (Alpha Centauri)",
            "The first civilization whose Research score is above this, or Ecology above half of it, wins (Alpha "
            "Centauri: 40 and 20). Empty: not used.", Kind.INT, None, minimum=2, maximum=MAX_SOCIAL_SCORE,
            optional=True, stored_at=("victory", "ac_transcendence")),
    Setting("victory_ac_diplomatic", "victory", "Diplomatic victory (Alpha Centauri)",
            "The first civilization whose Population score is above this and that the Council elected Planetary "
            "Governor three times in a row wins (Alpha Centauri: 30). Empty: not used.", Kind.INT, None, minimum=1,
            maximum=MAX_SOCIAL_SCORE, optional=True, stored_at=("victory", "ac_diplomatic")),
    Setting("deadline_minutes", "deadlines", "Deadline per step (minutes after it opens)",
            "Empty: no deadline for that step.", Kind.MINUTES_PER_STEP, {}, minimum=1, maximum=60 * 24 * 30),
    Setting("advance_at_deadline", "deadlines", "Advance at the deadline",
            "At the deadline the step is advanced as if the GM pressed Advance; missing orders count as none.",
            Kind.BOOL, False),
    Setting("auto_run", "flow", "Run on by itself",
            "After each step the round runs on through the steps that need nobody, and a step waiting for "
            "players advances by itself once all it waits on are ready.", Kind.BOOL, False),
    Setting("notify_email", "flow", "E-mail notifications",
            "Players get an e-mail when a step waits on them (where the server can send mail).", Kind.BOOL, True),
)

BY_KEY: Mapping[str, Setting] = {s.key: s for s in SETTINGS}
GROUP_KEYS = {g.key for g in GROUPS}


@dataclass(frozen=True)
class Context:
    """What a value is checked against besides its declaration: the campaign's civilizations, the combat systems
    on offer (game.engine may not import the combat engine) and whether the campaign has started."""

    civ_ids: Sequence[int] = ()
    combat_systems: Sequence[tuple[str, str]] = ()
    started: bool = False
    civ_names: Mapping[int, str] = field(default_factory=dict)


def choices_of(setting: Setting, context: Context) -> tuple[tuple[str, str], ...]:
    if setting.choices_from == "combat_systems":
        return tuple(context.combat_systems)
    if setting.choices_from == "combat_systems_or_default":
        return (("", "The default system"), *context.combat_systems)
    return setting.choices


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_range(setting: Setting, value: int, field_name: str) -> None:
    if setting.minimum is not None and value < setting.minimum:
        raise SettingProblem(field_name, f"{setting.label}: at least {setting.minimum}.")
    if setting.maximum is not None and value > setting.maximum:
        raise SettingProblem(field_name, f"{setting.label}: at most {setting.maximum}.")


def _civ_id(text: Any, context: Context, field_name: str) -> int:
    try:
        civ_id = int(text)
    except (TypeError, ValueError):
        raise SettingProblem(field_name, f"{text!r} is not a civilization of this campaign.") from None
    if civ_id not in context.civ_ids:
        raise SettingProblem(field_name, f"Civilization {civ_id} is not in this campaign.")
    return civ_id


def clean(key: str, value: Any, context: Context) -> Any:
    """The value as stored, or SettingProblem naming the field (`changes.<key>[...]`) and what is wrong."""
    setting = BY_KEY.get(key)
    where = f"changes.{key}"
    if setting is None:
        raise SettingProblem(where, f"There is no setting {key!r}.")
    if setting.kind == Kind.BOOL:
        if not isinstance(value, bool):
            raise SettingProblem(where, f"{setting.label}: on or off (true or false).")
        return value
    if setting.kind == Kind.CHOICE:
        allowed = [v for v, _ in choices_of(setting, context)]
        if value not in allowed:
            raise SettingProblem(where, f"{setting.label}: choose one of {', '.join(repr(a) for a in allowed)}.")
        return value
    if setting.kind == Kind.INT:
        if value is None and setting.optional:
            return None
        if not _whole(value):
            raise SettingProblem(where, f"{setting.label}: a whole number"
                                        f"{' (or empty, not used)' if setting.optional else ''}.")
        _check_range(setting, value, where)
        return value
    if setting.kind == Kind.MINUTES_PER_STEP:
        if not isinstance(value, dict):
            raise SettingProblem(where, f"{setting.label}: give minutes by step, e.g. {{\"explore.7\": 60}}.")
        steps = dict(ORDER_STEPS)
        cleaned: dict[str, int] = {}
        for step_key, minutes in value.items():
            if step_key not in steps:
                raise SettingProblem(f"{where}.{step_key}", f"{step_key!r} is not a step that takes orders.")
            if minutes is None:
                continue  # empty: no deadline
            if not _whole(minutes):
                raise SettingProblem(f"{where}.{step_key}", f"{steps[step_key]}: minutes, a whole number.")
            _check_range(setting, minutes, f"{where}.{step_key}")
            cleaned[step_key] = minutes
        return {k: cleaned[k] for k in steps if k in cleaned}
    if setting.kind == Kind.MATRIX:
        if not isinstance(value, list):
            raise SettingProblem(where, f"{setting.label}: a list of pairs of civilizations.")
        pairs = set()
        for number, pair in enumerate(value):
            if not isinstance(pair, list | tuple) or len(pair) != 2:
                raise SettingProblem(f"{where}[{number}]", "A pair of two civilizations.")
            a, b = (_civ_id(c, context, f"{where}[{number}]") for c in pair)
            if a == b:
                raise SettingProblem(f"{where}[{number}]", "A civilization is not at war with itself.")
            pairs.add((min(a, b), max(a, b)))
        return [list(p) for p in sorted(pairs)]
    # PER_CIV
    if not isinstance(value, dict):
        raise SettingProblem(where, f"{setting.label}: a choice for each civilization.")
    allowed = [v for v, _ in setting.choices]
    per_civ: dict[str, str] = {}
    for civ, choice in value.items():
        civ_id = _civ_id(civ, context, f"{where}.{civ}")
        if choice not in allowed:
            raise SettingProblem(f"{where}.{civ}", f"{setting.label}: choose one of {', '.join(allowed)}.")
        if choice != setting.choices[0][0]:  # the first choice is everyone's default: store only the others
            per_civ[str(civ_id)] = choice
    return dict(sorted(per_civ.items(), key=lambda item: int(item[0])))


def check_changes(changes: Mapping[str, Any], context: Context) -> dict[str, Any]:
    """Every change checked against its declaration; the first problem raised, naming its field."""
    if not isinstance(changes, Mapping) or not changes:
        raise SettingProblem("changes", "Change at least one setting.")
    cleaned = {key: clean(key, value, context) for key, value in changes.items()}
    if context.started and "starting_preset" in cleaned:
        raise SettingProblem("changes.starting_preset", "The starting preset can only be changed before the Start.")
    return cleaned


def read(rule_options: Mapping[str, Any], victory: Mapping[str, Any]) -> dict[str, Any]:
    """Every setting's value as the campaign holds it (`Campaign.rule_options` and `victory_conditions`)."""
    stores = {"victory": victory}
    values: dict[str, Any] = {}
    for setting in SETTINGS:
        if setting.stored_at:
            head, *rest = setting.stored_at
            node: Any = stores.get(head, rule_options.get(head, {}))
            for part in rest:
                node = node.get(part) if isinstance(node, Mapping) else None
            values[setting.key] = setting.default if node is None else node
        else:
            values[setting.key] = rule_options.get(setting.key, setting.default)
    return values


def write(rule_options: Mapping[str, Any], victory: Mapping[str, Any],
          values: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """`rule_options` and `victory_conditions` with `values` set; every other key is kept as it was."""
    options, conditions = dict(rule_options), dict(victory)
    for key, value in values.items():
        setting = BY_KEY[key]
        if setting.stored_at and setting.stored_at[0] == "victory":
            conditions[setting.stored_at[1]] = value
        elif setting.stored_at:
            head, leaf = setting.stored_at
            options[head] = {**options.get(head, {}), leaf: value}
        else:
            options[key] = value
    return options, conditions


def split_by_effect(changes: Mapping[str, Any], round_started: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """(in force now, waiting for the next round). Before the round's first step is resolved nothing is in
    progress, so a round-breaking change is in force at once."""
    later = {k: v for k, v in changes.items() if round_started and BY_KEY[k].effect == Effect.NEXT_ROUND}
    return {k: v for k, v in changes.items() if k not in later}, later


def shown(key: str, value: Any, context: Context) -> str:
    """A value in words, for the event a player reads and the history."""
    setting = BY_KEY[key]
    name = context.civ_names.get
    if setting.kind == Kind.BOOL:
        return "on" if value else "off"
    if setting.kind == Kind.CHOICE:
        return dict(choices_of(setting, context)).get(value, str(value))
    if setting.kind == Kind.INT:
        return "not used" if value is None else str(value)
    if setting.kind == Kind.MINUTES_PER_STEP:
        steps = dict(ORDER_STEPS)
        return ", ".join(f"{steps[k]} {m} min" for k, m in value.items()) or "none"
    if setting.kind == Kind.MATRIX:
        return ", ".join(f"{name(a, f'#{a}')} and {name(b, f'#{b}')}" for a, b in value) or "nobody"
    labels = dict(setting.choices)
    return ", ".join(f"{name(int(c), f'#{c}')}: {labels[v].lower()}" for c, v in value.items()) or \
        f"every civilization: {setting.choices[0][1].lower()}"


def for_civ(key: str, value: Any, civ_id: int | None) -> Any:
    """A PER_CIV-scoped value as a civilization reads it (only what concerns it; None: a spectator, nothing)."""
    if BY_KEY[key].scope == Scope.PUBLIC:
        return value
    if BY_KEY[key].kind == Kind.MATRIX:
        return [p for p in value if civ_id in p]
    return {c: v for c, v in value.items() if civ_id is not None and int(c) == civ_id}


def fold(versions: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The settings a sequence of versions' changes (oldest first) leaves in force, from the defaults."""
    values = {s.key: s.default for s in SETTINGS}
    for changes in versions:
        values.update({k: v for k, v in changes.items() if k in BY_KEY})
    return values


# The settings the round's step functions read from the world: who is at war and who forbids free trade
# (Exploit 7), the optional GM detection rolls (Explore 5 and 6), the core's modules, then the plugged-in ones.


def in_world(world: World, rule_options: Mapping[str, Any]) -> World:
    """The world as the step functions read it: the settings the GM set (keys in `rule_options`) in place of
    what the world held (a scenario's wars, say)."""
    if "free_trade" in rule_options:
        trade = rule_options["free_trade"]
        world = replace(world, civs={civ_id: replace(civ, forbids_free_trade=trade.get(str(civ_id)) == "forbidden")
                                     for civ_id, civ in world.civs.items()})
    if "gm_detection_rolls" in rule_options:
        world = replace(world, options=replace(world.options, gm_detection_rolls=rule_options["gm_detection_rolls"]))
    for module in rule_modules():
        if module.switch.key in rule_options:
            world = replace(world, options=replace(world.options, **module.options_from(rule_options, world.options)))
    # With the diplomacy module the world's stances are the one record of who is at war (a GM's change of this
    # setting is a StanceSet event, game.services.diplomacy); without it the setting is.
    if "wars" in rule_options and not rule_value(world.options, RELATIONS_IN_FORCE, False):
        world = replace(world, wars=frozenset((a, b) for a, b in rule_options["wars"]))
    return world


def from_world(world: World) -> dict[str, Any]:
    """Those settings as a world (a loaded scenario) holds them, so the settings page tells what is in force."""
    return {"wars": [list(pair) for pair in sorted(world.wars)],
            "free_trade": {str(c): "forbidden" for c, civ in sorted(world.civs.items()) if civ.forbids_free_trade},
            "gm_detection_rolls": world.options.gm_detection_rolls,
            **{key: value for module in rule_modules()
               for key, value in module.settings_from(world.options).items()}}
