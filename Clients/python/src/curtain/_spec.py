"""What the clients know about each kind of request, and enum names.

A leaf module: it imports nothing of the package, so the I/O-free core
(:mod:`curtain._core`) and the request methods (:mod:`curtain._requests`)
both build on it without the core depending on the methods. ``REQUESTS`` is
filled by the ``request`` decorator of :mod:`curtain._requests` as the
methods are defined.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RequestSpec:
    """What the client needs to know about one kind of request."""

    #: The ``Request.body`` field, e.g. ``"push"``.
    body: str
    #: The ``Response.result`` field of a success, e.g. ``"operation"``.
    result: str
    #: Whether it is an operation (takes ``wait_until``).
    operation: bool
    #: Turns the result message into what the method returns.
    unwrap: Callable[[Any], Any] | None = None


#: Every request method, by ``Request.body`` field name.
REQUESTS: dict[str, RequestSpec] = {}


def enum_value(enum: Any, value: str | int, prefix: str, aliases: Mapping[str, str] | None = None) -> Any:
    """An enum's number from its number or its short name, case-insensitive
    (``"navigation"`` and ``"NAVIGATION"`` for ``CONTROLLER_KIND_NAVIGATION``;
    ``-`` reads as ``_``), or one of ``aliases`` (lower-case name to short
    name, as the CLI's ``nav`` for ``navigation``)."""
    if isinstance(value, bool):
        raise TypeError(f"not a {prefix.lower().rstrip('_')}: {value!r}")
    if isinstance(value, int):
        if value not in enum.values():
            raise ValueError(f"unknown {prefix.lower().rstrip('_')} number {value}")
        return value
    if aliases and str(value).lower() in aliases:
        value = aliases[str(value).lower()]
    name = prefix + str(value).upper().replace("-", "_")
    # An EnumTypeWrapper is not a dict: it has keys() but no `in`.
    known = enum.keys()
    if name in known:
        return enum.Value(name)
    names = ", ".join(
        [key[len(prefix) :].lower() for key in known if not key.endswith("UNSPECIFIED")] + sorted(aliases or {})
    )
    raise ValueError(f"unknown {prefix.lower().rstrip('_')} {value!r}; expected one of: {names}")
