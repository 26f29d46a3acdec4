"""The base of the typed results (:mod:`curtain.types`, generated).

Every result, event and frame the client hands out is a dataclass made from
the protocol's message of the same name: its fields have Python types
(``int``, ``float``, ``str``, ``bool``, lists, dicts, nested dataclasses),
its enums are :class:`ProtoEnum` members, and the message it was made from
stays reachable as ``.proto``. A ``oneof`` is also a field holding the name
of the member that is set (``event.kind == "lifecycle"``).

Fields are named and read as ``curtain --json`` prints them, from the
mapping every client shares (``Tests/Fixtures/field-cases.json``,
docs/fields.md): ``WindowInfo.window`` and ``.root`` (the protocol's ``id``
and ``root_id``), ``None`` where the CLI prints ``null`` (no root, no
identifier, ``selected_index`` of a controller that is not a tab bar
controller). Other fields keep the protocol's names; an absent
``optional`` scalar, ``oneof`` member or ``ControllerNode.presented`` is
``None``, another absent message an empty dataclass, as protobuf reads
them. A renamed field's old name still reads, as it did, for one release,
with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

import dataclasses
import enum
import warnings
from typing import Any, ClassVar, TypeVar

from google.protobuf.message import Message

_MESSAGES: dict[str, type[ProtoMessage]] = {}
_ENUMS: dict[str, type[ProtoEnum]] = {}

M = TypeVar("M", bound="ProtoMessage")
T = TypeVar("T")


def _deprecated(old: str, new: str) -> None:
    warnings.warn(
        f"{old} is deprecated and goes in the next release: use .{new}, as `curtain --json` names it (docs/fields.md)",
        DeprecationWarning,
        stacklevel=3,
    )


def _or(value: T | None, default: T) -> T:
    return default if value is None else value


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
    #: Fields that are None when the protocol has nothing there (an id 0, an
    #: empty string, a message not set), as the CLI prints null.
    _ABSENT: ClassVar[frozenset[str]] = frozenset()
    #: Fields that are None unless another protocol field has the given enum
    #: number (None: is set, nonzero).
    _NULL_UNLESS: ClassVar[dict[str, tuple[str, int | None]]] = {}

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
            if field.name in cls._ABSENT and _is_absent(message, proto_field):
                values[field.name] = None
            else:
                values[field.name] = _field_value(message, proto_field, field.name in cls._OPTIONAL)
        for name, (other, number) in cls._NULL_UNLESS.items():
            value = getattr(message, other)
            if (not value) if number is None else value != number:
                values[name] = None
        return cls(**values, proto=message)

    def protocol_fields(self) -> dict[str, Any]:
        """The fields that have a value, by their protocol names (to make
        the protocol message of a result built by hand)."""
        return {
            self._RENAMED.get(field.name, field.name): getattr(self, field.name)
            for field in dataclasses.fields(self)
            if field.name != "proto" and field.name not in self._ONEOFS and getattr(self, field.name) is not None
        }

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


def _is_absent(message: Message, field: Any) -> bool:
    if field.has_presence:
        return not message.HasField(field.name)
    return bool(getattr(message, field.name) == field.default_value)


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
