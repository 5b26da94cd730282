"""The galaxy services' event types (a galaxy generated, home worlds placed and assigned, designs and races set up),
declared for the one event catalogue (`game.event_catalogue` puts them together with the game's and combat's)."""

from __future__ import annotations

from game.engine.catalogue import CIV, GM, PUBLIC, EventType

GALAXY_EVENTS = (
    EventType("GalaxyGenerated", {"seed": str, "width": int, "height": int, "points_of_interest": int,
                                  "home_worlds": int}, GM,
              "The GM generated a {width} by {height} galaxy: {points_of_interest} points of interest, "
              "{home_worlds} home worlds."),
    EventType("HomeWorldMoved", {"number": int, "hex": str}, GM, "Home world {number} moved to {hex}."),
    EventType("CampaignStarted", {"date": str, "civs": int}, PUBLIC,
              "The campaign started ({date}) with {civs} civilizations."),
    EventType("HomeWorldAssigned", {"poi_id": str, "sector_id": str}, CIV,
              "Your home world is {poi_id:poi} in {sector_id:sector}."),
    EventType("DesignSaved", {"design_id": str, "name": str, "mu": int}, CIV, "Design {name} saved ({mu} MU a unit)."),
    EventType("RaceItemPriced", {"key": str, "name": str, "ap": int}, PUBLIC,
              "The GM priced a new race item: {name} ({ap} AP)."),
    EventType("CivilizationSetupSubmitted", {"civ_id": int, "kind": str, "summary": str}, CIV,
              "{civ_id:civ} submitted its {kind}: {summary}."),
    EventType("CivilizationSetupApproved", {"civ_id": int, "comment": str}, CIV,
              "The GM approved {civ_id:civ}'s setup[: {comment}]."),
    EventType("StartSet", {"civilization": str, "summary": str}, GM,
              "The GM set {civilization}'s start: {summary}."),
    EventType("CivilizationSetupReturned", {"civ_id": int, "comment": str}, CIV,
              "The GM sent {civ_id:civ}'s setup back[: {comment}]."),
)
