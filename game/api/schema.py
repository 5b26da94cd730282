"""The OpenAPI schema (drf-spectacular) for the REST API, served at /api/schema/.

The views are plain APIViews that validate their input with a serializer inside the handler, so they declare
their request body with `extend_schema`; a view that says nothing is documented as taking a JSON object. Every
operation documents the one error shape the exception handler gives."""

from __future__ import annotations

from typing import Any, get_args, get_origin

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import PolymorphicProxySerializer, inline_serializer
from rest_framework import serializers

from game.event_catalogue import EventType, Optional, Visibility, all_event_types, nullable

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


# --- the event log: each message's payload as the event catalogue declares it ---------------------------------------

def _payload_field(kind: Any, required: bool = True) -> serializers.Field[Any, Any, Any, Any]:
    """A serializer field for one declared payload type (for the schema only)."""
    if isinstance(kind, Optional):
        return _payload_field(kind.kind | None, required=False)
    may_be_null = nullable(kind)
    if may_be_null:
        kind = next(k for k in get_args(kind) if k is not type(None))
    options: dict[str, Any] = {"required": required, "allow_null": may_be_null}
    origin = get_origin(kind) or kind
    if origin in (list, tuple):
        (item,) = get_args(kind) or (Any,)
        return serializers.ListField(child=_payload_field(item), **options)
    if origin is dict:
        _, item = get_args(kind) or (str, Any)
        return serializers.DictField(child=_payload_field(item), **options)
    simple: dict[Any, type[serializers.Field[Any, Any, Any, Any]]] = {
        int: serializers.IntegerField, float: serializers.FloatField, str: serializers.CharField,
        bool: serializers.BooleanField,
    }
    return simple.get(kind, serializers.JSONField)(**options)


def _event_message(declared: EventType) -> serializers.Serializer[Any]:
    payload = inline_serializer(f"{declared.name}Payload", {
        name: _payload_field(kind) for name, kind in declared.payload_fields.items()})
    return inline_serializer(f"{declared.name}Message", {
        "seq": serializers.IntegerField(),
        "type": serializers.ChoiceField(choices=[declared.name]),
        "payload": payload,
        "visibility": serializers.ChoiceField(choices=[v.value for v in Visibility]),
        "civ_id": serializers.IntegerField(allow_null=True),
        "round": serializers.IntegerField(),
        "step": serializers.CharField(),
        "undone": serializers.BooleanField(),
        "at": serializers.DateTimeField(),
        "description": serializers.CharField(help_text=f"For this viewer; the template: {declared.template}"),
        "chronicle": serializers.BooleanField(help_text="True: a line of the chronicle; False: machinery."),
    }, help_text=f"Seen by {' or '.join(a.value for a in declared.audience)}.")


def event_log_schema() -> serializers.Serializer[Any]:
    """`GET /api/campaigns/<id>/events/`: the log as the viewer may read it, each message one of the catalogue's event
    types (told apart by `type`), with its payload's fields as declared."""
    return inline_serializer("EventLog", {
        "events": PolymorphicProxySerializer(
            component_name="EventMessage",
            serializers={name: _event_message(declared) for name, declared in sorted(all_event_types().items())},
            resource_type_field_name="type", many=True),
        "last_seq": serializers.IntegerField(),
    })
