"""The names the CLI prints and accepts (``Sources/CurtainCLIKit/TargetName.swift``):
a window is ``w3`` or ``3``, a transition ``t5`` or ``5``, a controller
``c12`` (its id) or ``@Home`` (its identifier). Ids are ASCII digits from 1.

The error messages are the CLI's, word for word; ``tests/test_names.py``
checks both against the table every client shares,
``Tests/Fixtures/name-cases.json`` (docs/names.md).
"""

from __future__ import annotations

from .v1 import protocol_pb2 as protocol

_MAX_ID = 2**64 - 1


class TargetNameError(ValueError):
    """A window, transition or controller name that does not read; the
    message is the CLI's."""


def _is_digits(text: str) -> bool:
    return bool(text) and text.isascii() and text.isdigit()


def _digits(text: str) -> int | None:
    """The id ``text`` spells in ASCII digits (0 included), else None."""
    if not _is_digits(text):
        return None
    value = int(text)
    return value if value <= _MAX_ID else None


def _number(text: str, prefix: str, what: str, example: str) -> int:
    value = _digits(text[1:] if text.startswith(prefix) else text)
    if value is None:
        raise TargetNameError(f"'{text}' is not a {what}: use {example} or {example[1:]}")
    if value == 0:
        raise TargetNameError(f"{what} ids start at 1, so '{text}' names none")
    return value


def parse_window(text: str) -> int:
    """A window id from ``w3`` or ``3``."""
    return _number(text, "w", "window", "w3")


def parse_transition(text: str) -> int:
    """A transition id from ``t5`` or ``5``."""
    return _number(text, "t", "transition", "t5")


def is_controller_name(text: str) -> bool:
    """Whether ``text`` has the form of a controller name: ``@…`` or ``c``
    followed by ASCII digits. The clients read any other str as an
    identifier, as they did before they took the CLI's names."""
    return text.startswith("@") or (text.startswith("c") and _is_digits(text[1:]))


def parse_controller(text: str) -> protocol.ControllerRef:
    """A controller from ``c12`` (id) or ``@Home`` (identifier), strictly as
    the CLI reads it."""
    if text.startswith("@"):
        if len(text) == 1:
            raise TargetNameError("'@' must be followed by an identifier, as in @Home")
        return protocol.ControllerRef(identifier=text[1:])
    value = _digits(text[1:]) if text.startswith("c") else None
    if not value:
        raise TargetNameError(f"'{text}' is not a controller name: use c<id> (c12) or @<identifier> (@Home)")
    return protocol.ControllerRef(id=value)
