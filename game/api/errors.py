"""Every API error is JSON a person can read: {"error": "...", "field": "..."} with a 4xx status."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from game.errors import RollsNeeded, ServiceError


def _first_message(detail: Any) -> tuple[str | None, str]:
    """The first field and message of a DRF validation error, for a one-line explanation."""
    if isinstance(detail, dict):
        for field, value in detail.items():
            inner_field, message = _first_message(value)
            name = field if field != "non_field_errors" else None
            return (f"{name}.{inner_field}" if name and inner_field else name or inner_field), message
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return None, str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RollsNeeded):
        return Response({"error": exc.message, "field": exc.field,
                         "needs": {"purpose": exc.purpose, "sides": exc.sides}}, status=exc.status)
    if isinstance(exc, ServiceError):
        return Response({"error": exc.plain_message, "field": exc.field}, status=exc.status)
    if isinstance(exc, exceptions.ValidationError):
        field, message = _first_message(exc.detail)
        text = f"{field}: {message}" if field else message
        return Response({"error": text, "field": field, "fields": exc.detail}, status=status.HTTP_400_BAD_REQUEST)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"error": str(response.data["detail"]), "field": None}
    return response


# --- errors Django answers before (or instead of) a DRF view: the URL conf's handlers ---------------------------------

def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400 before a view could answer: above all a body over `DATA_UPLOAD_MAX_MEMORY_SIZE`, which Django refuses
    with `RequestDataTooBig` as soon as it is read."""
    if not _is_api(request):
        return defaults.bad_request(request, exception or Exception())
    if isinstance(exception, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        message = f"The request body is too large: at most {limit} bytes are accepted." if limit else str(exception)
        return JsonResponse({"error": message, "field": None}, status=413)
    return JsonResponse({"error": "The request could not be read.", "field": None}, status=400)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if not _is_api(request):
        return defaults.page_not_found(request, exception or Exception())
    return JsonResponse({"error": f"There is no API address {request.path}.", "field": None}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if not _is_api(request):
        return defaults.server_error(request)
    return JsonResponse({"error": "Something went wrong on the server; it has been logged. Please try again.",
                         "field": None}, status=500)
