"""Several of a campaign's reads in one request. After a step a page reads its panels again (what the step waits
for, the clock, missions, trade routes, ...): asked one by one, each request signs the viewer in and looks the
campaign and their seat up again, and on a busy server those lookups cost more than the answers."""

from __future__ import annotations

import copy
from typing import Any

from django.http import QueryDict
from django.urls import resolve
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.errors import ServiceError
from game.module_web import module_batched_reads

# The reads a page repeats after steps; each is answered exactly as its own address answers it. Not the map (its
# own address answers "not modified" to a browser that has it) and nothing that writes. "" is the campaign's state,
# which a GM's page reads after every step with its panels; "battles" the list a spectator's gallery reads with
# its map.
BATCHED_READS = frozenset({
    "", "away", "battle-choices", "battles", "clock", "legal-orders", "live-battles",
    "notes", "orders", "relations", "seats", "view", "waiting",
}) | module_batched_reads()
MAX_READS = 24


class Reads(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """`?read=waiting/&read=view/?civ=2`: {address: {"status": code, "body": answer}}, one entry per address
        asked for, each the answer its own address gives (a refusal as its {"error"} with its status)."""
        addresses = list(dict.fromkeys(request.query_params.getlist("read")))
        if not addresses:
            raise ServiceError("Name the reads to make: ?read=waiting/&read=clock/.", field="read")
        if len(addresses) > MAX_READS:
            raise ServiceError(f"At most {MAX_READS} reads at once, not {len(addresses)}.", field="read")
        with visibility.looked_up_once():
            visibility.campaign_for(request.user, campaign_id)  # one refusal for a campaign the viewer may not see
            return Response({address: _read(request, campaign_id, address) for address in addresses})


def _read(request: Request, campaign_id: int, address: str) -> dict[str, Any]:
    path, _, query = address.partition("?")
    name = path.strip("/")
    if name not in BATCHED_READS:
        return {"status": 400, "body": {"error": f"{address} is not a read that can be batched; read it by itself.",
                                        "field": "read"}}
    # The same request under another address: the viewer it has signed in already comes along.
    inner = copy.copy(request._request)
    inner.method = "GET"
    inner.path = inner.path_info = f"/api/campaigns/{campaign_id}/{name}/" if name else f"/api/campaigns/{campaign_id}/"
    match = resolve(inner.path)
    inner.GET = QueryDict(query)
    answer = match.func(inner, *match.args, **match.kwargs)
    return {"status": answer.status_code, "body": answer.data}
