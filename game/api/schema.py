"""The OpenAPI schema (drf-spectacular) for the REST API, served at /api/schema/.

The views are plain APIViews that validate their input with a serializer inside the handler, so they declare
their request body with `extend_schema`; a view that says nothing is documented as taking a JSON object. Every
operation documents the one error shape the exception handler gives."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes

ERROR_SCHEMA = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {"type": "string", "description": "What went wrong, in words a person can act on."},
        "field": {"type": "string", "nullable": True, "description": "The input field at fault, if one is."},
        "fields": {"type": "object", "description": "Every field's problems, for a validation error."},
    },
}


class CampaignAutoSchema(AutoSchema):
    """`@extend_schema(request=..., responses=...)` on a view method takes precedence over these fallbacks."""

    def get_operation_id(self) -> str:
        # From the whole path, so a list and its item (both GET on an APIView) do not collide.
        words = [f"by_{w[1:-1]}" if w.startswith("{") else w for w in self.path.strip("/").split("/")[1:]]
        return "_".join([*(w.replace("-", "_") for w in words), self.method.lower()])

    def _undeclared(self) -> bool:
        return not hasattr(self.view, "serializer_class") and not hasattr(self.view, "get_serializer")

    def get_request_serializer(self) -> Any:
        return OpenApiTypes.OBJECT if self._undeclared() else super().get_request_serializer()

    def get_response_serializers(self) -> Any:
        # The views build their JSON by hand: any JSON, unless the view declares it.
        return OpenApiTypes.ANY if self._undeclared() else super().get_response_serializers()

    def _get_response_bodies(self, direction: Any = "response") -> Any:
        responses = dict(super()._get_response_bodies(direction))
        error = self._get_response_for_code(ERROR_SCHEMA, "4XX", direction=direction)  # type: ignore[no-untyped-call]
        responses.setdefault("4XX", error)
        return responses
