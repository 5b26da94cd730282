"""A player's map version (issue 19, compact pages): their `view/` carries it, and their page reads `map/` only
when it is not the version of the map it holds.

The version is a hash of the viewer's own map (`campaign_map`), the ETag `map/` answers with: it changes exactly
when that map's body does, so it tells the viewer nothing the map itself does not. Something hidden from them
changing leaves it as it was; what others do that shows on their map changes it (another civilization mining a
planet they surveyed lowers the Ore left there), as it changed the map and its ETag before. Nothing cheaper is
sound: the map holds live records (that Ore, the junk where the civilization has a unit), which change with events
that chart nothing. The map is built from the world as the events made it, so the hash is computed once per world
and kind of viewer in each process (`state_io.derived`), not on every `view/`, and a `map/` answered 304 builds
no map either.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from game import state_io
from game.models import Campaign
from game.selectors import campaign_map, campaign_view
from game.visibility import Viewer, reading_key


def _version_of(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:32]


def map_version(viewer: Viewer, campaign: Campaign) -> str:
    """The version of the viewer's `campaign_map` (refused as it is: only a player has one). The players of one
    civilization (and whoever holds its seat) share a `reading_key` and a map."""
    return state_io.derived(campaign, ("map_version", reading_key(viewer)),
                            lambda: _version_of(campaign_map(viewer, campaign)))


def versioned_map(viewer: Viewer, campaign: Campaign) -> dict[str, Any]:
    """The viewer's `campaign_map` with its version (`map_version`), hashed from this very body, so a page that
    reads the map and the view at once knows which map it holds."""
    body = campaign_map(viewer, campaign)
    return {**body, "map_version": _version_of(body)}


def view_with_map_version(viewer: Viewer, campaign: Campaign, civ_id: int | None = None) -> dict[str, Any]:
    """`campaign_view`, and with a player's (which leaves the map to `map/`) the version of their map."""
    body = campaign_view(viewer, campaign, civ_id)
    if viewer.is_player and body["kind"] == "civ":
        body["map_version"] = map_version(viewer, campaign)
    return body
