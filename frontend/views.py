"""Pages. Each renders a shell filled in by the same REST API and websocket the rest of the app uses."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from frontend.forms import CampaignForm, JoinForm, SignupForm
from game import selectors, services, visibility
from game.errors import NotFound, ServiceError
from game.selectors.settings import settings_for

logger = logging.getLogger(__name__)


def home(request: HttpRequest) -> HttpResponse:
    campaigns = selectors.campaigns_listed_for(request.user)
    form = CampaignForm() if request.user.is_authenticated else None
    return render(request, "frontend/home.html", {"campaigns": campaigns, "form": form})


LOGIN_FAILURES_ALLOWED = 5
LOGIN_LOCKOUT_SECONDS = 300


def _login_failures_key(request: HttpRequest) -> str:
    """Failures are counted per user name and address: a guesser is stopped without locking the real player out
    from their own machine."""
    username = str(request.POST.get("username", "")).strip().lower()[:150]
    return f"login-failures:{request.META.get('REMOTE_ADDR', '')}:{username}"


class RateLimitedLoginView(LoginView):
    """Django's sign-in; after 5 failed attempts for a user name from one address, refused for 5 minutes.
    The failures are counted in the cache (Redis); while it cannot be reached, sign-in works without the lockout
    (the sessions are in PostgreSQL) rather than turning every player away, and each miss is logged."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        key = _login_failures_key(request)
        try:
            locked = cache.get(key, 0) >= LOGIN_FAILURES_ALLOWED
        except Exception:
            logger.warning("Could not read the sign-in failures of %s: signing in without the lockout", key,
                           exc_info=True)
            locked = False
        if locked:
            lockout = "Too many failed sign-ins for this user name: wait 5 minutes, then try again."
            return self.render_to_response(self.get_context_data(lockout=lockout), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        key = _login_failures_key(self.request)
        try:
            cache.add(key, 0, LOGIN_LOCKOUT_SECONDS)
            cache.incr(key)
        except Exception:
            logger.warning("Could not count a failed sign-in of %s", key, exc_info=True)
        return super().form_invalid(form)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        key = _login_failures_key(self.request)
        try:
            cache.delete(key)
        except Exception:  # the count lapses on its own after LOGIN_LOCKOUT_SECONDS
            logger.warning("Could not clear the sign-in failures of %s", key, exc_info=True)
        return super().form_valid(form)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return HttpResponseRedirect(request.GET.get("next") or reverse("home"))
    return render(request, "registration/signup.html", {"form": form})


@login_required
@require_http_methods(["POST"])
def campaign_new(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            campaign = services.campaign_create(
                request.user, name=data["name"], seed=data["seed"],
                rule_options={"combat_system": data["combat_system"], "dice_mode": data["dice_mode"],
                              **{module: True for module in data["modules"]}},
                is_public=data["is_public"], first_year=data["first_year"],
                victory={"elimination": data["elimination"], "score_threshold": data["score_threshold"],
                         "round_limit": data["round_limit"]},
                end_visibility=data["end_visibility"],
            )
        except ServiceError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            return redirect("campaign", campaign_id=campaign.pk)
    campaigns = selectors.campaigns_listed_for(request.user)
    return render(request, "frontend/home.html", {"campaigns": campaigns, "form": form}, status=400)


def campaign_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    try:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
    except NotFound:
        return render(request, "frontend/not_found.html", status=404)
    state = selectors.campaign_state(viewer, campaign)
    context = {
        "campaign": campaign,
        "viewer": viewer,
        "state": state,
        "steps": selectors.round_steps(campaign.rule_options),
        "invite_url": request.build_absolute_uri(reverse("join", args=[campaign.invite_token]))
        if viewer.is_gm else None,
    }
    return render(request, "frontend/campaign.html", context)


def settings_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM's settings form; for players and spectators, the rules in force and every change's reason."""
    try:
        campaign, viewer = visibility.campaign_for(request.user, campaign_id)
    except NotFound:
        return render(request, "frontend/not_found.html", status=404)
    return render(request, "frontend/settings.html", {"campaign": campaign, "data": settings_for(viewer, campaign)})


@login_required
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    campaign = selectors.campaign_by_invite(token)
    if campaign is None:
        return render(request, "frontend/not_found.html", {"message": "This invite link is not valid."}, status=404)
    form = JoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.campaign_join(request.user, invite_token=token, civ_name=form.cleaned_data["civ_name"])
        except ServiceError as error:
            form.add_error("civ_name" if error.field == "civ_name" else None, error.message)
        else:
            return redirect("campaign", campaign_id=campaign.pk)
    return render(request, "frontend/join.html", {"campaign": campaign, "form": form},
                  status=400 if form.errors else 200)
