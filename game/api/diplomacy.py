"""REST endpoint of the relations page (issue 16): a viewer's relations (a player's counterparts with their threads
and trade income; the GM's every pair), Social Factors and Council. Thin: one selector. The GM's rulings are the
modules': the stance's `game.modules.diplomacy.web`, a Social Factor's `game.modules.social.web`."""

from __future__ import annotations

from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game import visibility
from game.selectors import event_names_for
from game.selectors.diplomacy import relations_for


def relations_answer(request: Request, campaign_id: int) -> Response:
    """The relations page's read for this viewer: the answer of the read and of each GM ruling made on the page."""
    campaign, viewer = visibility.campaign_for(request.user, campaign_id)
    return Response(relations_for(viewer, campaign, event_names_for(viewer, campaign)))


class Relations(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        """A player: each other civilization with the stance, trade level, treaties, proposals waiting, the last
        trade income and the thread between them. The GM: every pair. A spectator: nothing but whether the
        module is on."""
        return relations_answer(request, campaign_id)


