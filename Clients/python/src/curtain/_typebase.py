"""The base of the typed results (:mod:`curtain.types`, generated).

Every result, event and frame the client hands out is a dataclass made from
the protocol's message of the same name: its fields have the message's
names and Python types (``int``, ``float``, ``str``, ``bool``, lists, dicts,
nested dataclasses; ``None`` for an absent ``optional`` scalar, ``oneof``
member or ``ControllerNode.presented``, an empty dataclass for another
absent message, as protobuf reads them), its enums are :class:`ProtoEnum` members, and the message
it was made from stays reachable as ``.proto``. A ``oneof`` is also a field
holding the name of the member that is set (``event.kind == "lifecycle"``).
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, ClassVar, TypeVar

from google.protobuf.message import Message

_MESSAGES: dict[str, type[ProtoMessage]] = {}
_ENUMS: dict[str, type[ProtoEnum]] = {}

M = TypeVar("M", bound="ProtoMessage")


class ProtoEnum(enum.IntEnum):
    """A protocol enum: an ``int`` (it compares equal to the protobuf
    constant) with a short name (``ControllerKind.NAVIGATION``)."""

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}.{self.name}"

    def __str__(self) -> str:
        return self.name


def register_enum(full_name: str, kind: type[ProtoEnum]) -> None:
    _ENUMS[full_name] = kind


@dataclasses.dataclass(frozen=True, repr=False)
class ProtoMessage:
    """A protocol message as a dataclass; ``proto`` is the raw message."""

    #: The protobuf message type this class is made from.
    _PROTO: ClassVar[Any] = None
    #: Python field name → protobuf field name, where they differ.
    _RENAMED: ClassVar[dict[str, str]] = {}
    #: The oneofs: field holding the set member's name → oneof name.
    _ONEOFS: ClassVar[dict[str, str]] = {}
    #: Message fields that are None when absent (not oneof members: those
    #: always are).
    _OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    proto: Any = dataclasses.field(default=None, repr=False, compare=False, kw_only=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls._PROTO is not None:
            _MESSAGES[cls._PROTO.DESCRIPTOR.full_name] = cls

    @classmethod
    def from_proto(cls: type[M], message: Message) -> M:
        """The dataclass of ``message`` (of this class's message type)."""
        descriptor = message.DESCRIPTOR
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):
            if field.name == "proto":
                continue
            if field.name in cls._ONEOFS:
                values[field.name] = message.WhichOneof(cls._ONEOFS[field.name])
                continue
            proto_field = descriptor.fields_by_name[cls._RENAMED.get(field.name, field.name)]
            values[field.name] = _field_value(message, proto_field, field.name in cls._OPTIONAL)
        return cls(**values, proto=message)

    def __repr__(self) -> str:
        # Only what differs from the defaults, so that results read short.
        parts = []
        for field in dataclasses.fields(self):
            if not field.repr:
                continue
            value = getattr(self, field.name)
            default = field.default_factory() if field.default_factory is not dataclasses.MISSING else field.default
            if value != default:
                parts.append(f"{field.name}={value!r}")
        return f"{type(self).__qualname__}({', '.join(parts)})"


def _field_value(message: Message, field: Any, optional: bool) -> Any:
    value = getattr(message, field.name)
    if field.message_type is not None and field.message_type.GetOptions().map_entry:
        value_field = field.message_type.fields_by_name["value"]
        return {key: _single(value_field, item) for key, item in value.items()}
    if field.is_repeated:
        return [_single(field, item) for item in value]
    if field.has_presence and not message.HasField(field.name):
        in_oneof = field.containing_oneof is not None and not field.containing_oneof.name.startswith("_")
        if field.message_type is None or in_oneof or optional:
            return None
    return _single(field, value)


def _single(field: Any, value: Any) -> Any:
    if field.message_type is not None:
        return typed(value)
    if field.enum_type is not None:
        kind = _ENUMS.get(field.enum_type.full_name)
        if kind is not None:
            try:
                return kind(value)
            except ValueError:
                return value  # a value newer than this client
    return value


def typed(message: Any) -> Any:
    """The dataclass of a protocol message, or the message itself when it
    has no dataclass (and anything that is not a message, as it is)."""
    if not isinstance(message, Message):
        return message
    kind = _MESSAGES.get(message.DESCRIPTOR.full_name)
    return message if kind is None else kind.from_proto(message)


def raw(value: Any) -> Any:
    """The protobuf message of a typed result, or ``value`` as it is."""
    return value.proto if isinstance(value, ProtoMessage) else value
