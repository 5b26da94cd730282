"""Every order kind, declared once: what the player reads (label, description), the steps that take it, its
payload fields (the one schema: shape check and form), its legality check and how its offers are found.

To add a kind: declare it here and apply it in the step function of each of its steps (`game/engine/steps`,
through `steps.common.run_orders`). See docs/architecture.md, "Adding an order kind".
"""

from __future__ import annotations

from game.engine.orders.checks import (
    JOIN_OR_EVADE,
    check_build_mine,
    check_capture,
    check_colonize,
    check_destroy_colony,
    check_destroy_unit,
    check_gift,
    check_join_or_evade,
    check_load,
    check_occupy,
    check_plot_course,
    check_resume_construction,
    check_salvage,
    check_send_message,
    check_start_construction,
    check_start_skirmish,
    check_start_terraforming,
    check_unload,
)
from game.engine.orders.model import Choice, Field, OrderKind
from game.engine.orders.offers import (
    CRASH_CHOICES,
    colony_cost,
    offer_build_mine,
    offer_destroy_colony,
    offer_gift,
    offer_join_or_evade,
    offer_load,
    offer_occupy,
    offer_planet_work,
    offer_plot_course,
    offer_prizes,
    offer_resume_construction,
    offer_salvage,
    offer_send_message,
    offer_start_skirmish,
    offer_unload,
    terraforming_cost,
    with_module_fields,
)
from game.engine.phases import ALL_STEPS, StepKind

ORDERS_STEPS = frozenset(step.key for step in ALL_STEPS if step.kind is StepKind.ORDERS)
TEXT_LIMIT = 4000  # characters of a declaration or a message
# What a message may carry besides its words (a technology goes with Transfer a technology, an offer with Propose a
# treaty): the sender's star charts.
ATTACHMENTS = (Choice("map", "Your star charts (the Sectors and points of interest you know)"),)
UNIT_NAME_LIMIT = 80  # characters of a unit's name
MINE_STATIONS_LIMIT = 100  # stations a mine is built with at once
# Orders a civilization may have standing in one step: more than a busy empire gives (a course for each of its
# units), few enough that a step's orders stay a size the GM's page and the resolution read at once.
ORDERS_PER_STEP = 500

KINDS: tuple[OrderKind, ...] = (
    # A free-text declaration to the GM, legal in every step that takes orders: how a hand-refereed game gives
    # orders, and the fallback for any choice the structured order kinds do not cover yet.
    OrderKind(
        "Declare",
        "Declare to the GM",
        "Tell the GM in your own words what your civilization does in this step.",
        ORDERS_STEPS,
        (Field("text", "What your civilization does", "text", max_length=TEXT_LIMIT),),
    ),
    OrderKind(
        "PlotCourse",
        "Plot a course",
        "Send a unit that is not Engaged towards another Sector or Point of Interest; it moves at the start of "
        "the next round.",
        frozenset({"explore.14", "exterminate.10"}),
        (
            Field("unit_id", "Unit", "unit"),
            Field("sector_id", "Destination", "sector"),
            Field("poi_id", "Point of interest", "poi", required=False),
        ),
        check_plot_course,
        offer_plot_course,
    ),
    OrderKind(
        "StartSkirmish",
        "Start a skirmish",
        "Attack another civilization you can see within weapons range of your armed units.",
        frozenset({"explore.7"}),
        (Field("sector_id", "Where", "sector"), Field("target_civ_id", "Against", "civ")),
        check_start_skirmish,
        offer_start_skirmish,
    ),
    OrderKind(
        "SendMessage",
        "Send a message",
        "Speak to a civilization one of whose units is within communications range of yours.",
        frozenset({"explore.8"}),
        (Field("to_civ_id", "To", "civ"), Field("text", "Message", "text", max_length=TEXT_LIMIT),
         Field("attachment", "Attach", "option", required=False, options=ATTACHMENTS)),
        check_send_message,
        offer_send_message,
    ),
    OrderKind(
        "Gift",
        "Give a gift",
        "Hand Ore from a unit's hold, or Monetary Units from your treasury, to another civilization's unit at "
        "the same destination.",
        frozenset({"explore.11"}),
        (
            Field("unit_id", "From", "unit"),
            Field("to_unit_id", "To", "unit"),
            Field("ore", "Ore", "integer", required=False),
            Field("mu", "Monetary Units", "integer", required=False),
        ),
        check_gift,
        offer_gift,
    ),
    OrderKind(
        "JoinOrEvade",
        "Join the fight or evade",
        "An Engaged unit caught in a skirmish joins the fight (if armed) or evades (if it can move).",
        frozenset({"exterminate.3"}),
        (Field("unit_id", "Unit", "unit"), Field("choice", "What it does", "option", options=JOIN_OR_EVADE)),
        check_join_or_evade,
        offer_join_or_evade,
    ),
    OrderKind(
        "Capture",
        "Capture a unit",
        "Take a non-offensive unit of the side you beat, if you can spare the crew to man it.",
        frozenset({"exterminate.8"}),
        (Field("unit_id", "Unit to capture", "unit"),),
        check_capture,
        offer_prizes(check_capture),
    ),
    OrderKind(
        "DestroyUnit",
        "Destroy a unit",
        "Destroy a non-offensive unit of the side you beat.",
        frozenset({"exterminate.8"}),
        (Field("unit_id", "Unit to destroy", "unit"),),
        check_destroy_unit,
        offer_prizes(check_destroy_unit),
    ),
    OrderKind(
        "Occupy",
        "Occupy a colony",
        "Occupy a colony of the side you beat in its Sector; the occupying unit stays Engaged.",
        frozenset({"exterminate.9"}),
        (Field("colony_id", "Colony", "colony"), Field("unit_id", "Occupying unit", "unit")),
        check_occupy,
        offer_occupy,
    ),
    OrderKind(
        "DestroyColony",
        "Destroy a colony",
        "Destroy a colony of the side you beat in its Sector.",
        frozenset({"exterminate.9"}),
        (Field("colony_id", "Colony", "colony"),),
        check_destroy_colony,
        offer_destroy_colony,
    ),
    OrderKind(
        "LoadCargo",
        "Load cargo",
        "Load Ore stocked here, or your units here, into a cargo ship's hold; the ship is Engaged until the "
        "next round.",
        frozenset({"expand.1"}),
        (
            Field("unit_id", "Cargo ship", "unit"),
            Field("ore", "Ore to load", "integer", required=False),
            Field("rider_ids", "Units to carry", "units", required=False),
        ),
        check_load,
        offer_load,
    ),
    OrderKind(
        "UnloadCargo",
        "Unload cargo",
        "Unload Ore or units from a cargo ship's hold here; the ship is Engaged until the next round.",
        frozenset({"expand.1"}),
        (
            Field("unit_id", "Cargo ship", "unit"),
            Field("ore", "Ore to unload", "integer", required=False),
            Field("rider_ids", "Units to unload", "units", required=False),
        ),
        check_unload,
        offer_unload,
    ),
    OrderKind(
        "Colonize",
        "Found a colony",
        "A unit with the Colonize ability founds a colony on a Viable Planet of its Sector; the unit is used up and "
        "the colony's price in Monetary Units (the planet's maximum output times its STEP difference) is paid now.",
        frozenset({"expand.5"}),
        (Field("unit_id", "Colonizing unit", "unit"), Field("planet_id", "Planet", "planet")),
        check_colonize,
        offer_planet_work(check_colonize, planet_cost=colony_cost),
    ),
    OrderKind(
        "StartConstruction",
        "Start construction",
        "A unit with the Construction ability starts building a unit at a Suitable Site of its Sector; its "
        "price in Monetary Units is paid now.",
        frozenset({"expand.6"}),
        (
            Field("unit_id", "Builder", "unit"),
            Field("planet_id", "Site", "planet"),
            Field("design_id", "Unit to build", "design"),
            Field("name", "Name of the new unit", "text", required=False, max_length=UNIT_NAME_LIMIT),
            Field("crash", "Crash building (§6.7)", "option", required=False, options=CRASH_CHOICES),
        ),
        check_start_construction,
        with_module_fields("StartConstruction", offer_planet_work(check_start_construction, builds=True)),
    ),
    OrderKind(
        "BuildMine",
        "Build a mine",
        "A unit with the Construction ability builds mining stations on a planet of its Sector where you hold a "
        "colony: their Monetary Units are paid now, a Build Point and an Ore each as it is built; it mines from the "
        "quarter after it is finished.",
        frozenset({"expand.6"}),
        (
            Field("unit_id", "Builder", "unit"),
            Field("planet_id", "Planet", "planet"),
            Field("stations", "Mining stations", "integer", minimum=1, maximum=MINE_STATIONS_LIMIT),
        ),
        check_build_mine,
        offer_build_mine,
    ),
    OrderKind(
        "ResumeConstruction",
        "Resume construction",
        "A unit with the Construction ability takes up a project of yours already begun at a site of its Sector "
        "(one whose builders were lost, or to add its Build Points); it was paid for when it began.",
        frozenset({"expand.6"}),
        (Field("unit_id", "Builder", "unit"), Field("project_id", "Project", "project")),
        check_resume_construction,
        offer_resume_construction,
    ),
    OrderKind(
        "StartTerraforming",
        "Start terraforming",
        "A unit with the Terraform ability starts making a planet of its Sector Viable; the Monetary Units are "
        "paid now, the Ore as the work goes on.",
        frozenset({"expand.7"}),
        (Field("unit_id", "Terraforming unit", "unit"), Field("planet_id", "Planet", "planet")),
        check_start_terraforming,
        offer_planet_work(check_start_terraforming, planet_cost=terraforming_cost),
    ),
    OrderKind(
        "Salvage",
        "Salvage",
        "A unit with the Salvage ability collects Space Junk in its Sector into its hold.",
        frozenset({"exploit.8"}),
        (Field("unit_id", "Salvaging unit", "unit"),),
        check_salvage,
        offer_salvage,
    ),
)
