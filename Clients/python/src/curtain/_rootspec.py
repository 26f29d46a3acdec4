"""The CLI's root spec, ``--root 'Tabs=tab[Nav=nav[Home],Settings]'``, for
``create_window(root=…)``: a port of Sources/CurtainCLIKit/RootSpec.swift
with the same grammar and messages.

    node       := [identifier "="] keyword "[" [node ("," node)*] "]" | identifier
    keyword    := "nav" | "navigation" | "tab" | "tabbar" | "container" | "split" | "page"
    identifier := 1 to 128 letters, digits, "_", "-" or "."

A bare identifier is a content controller; ``nav[A,B]`` a navigation
controller with the stack A, B; ``tab[…]`` a tab bar controller; ``container[…]``
a custom container; ``split[A,B]`` a split view controller (at most two
columns); ``page[…]`` a page view controller with those pages as its data
source. Spaces are allowed between tokens; an identifier may appear once.
"""

from __future__ import annotations

from .v1 import common_pb2 as common
from .v1 import protocol_pb2 as protocol

MAXIMUM_DEPTH = 32

_KINDS = {
    "nav": common.CONTROLLER_KIND_NAVIGATION,
    "navigation": common.CONTROLLER_KIND_NAVIGATION,
    "tab": common.CONTROLLER_KIND_TAB_BAR,
    "tabbar": common.CONTROLLER_KIND_TAB_BAR,
    "container": common.CONTROLLER_KIND_CONTAINER,
    "split": common.CONTROLLER_KIND_SPLIT,
    "page": common.CONTROLLER_KIND_PAGE,
}
_KEYWORDS: dict[int, str] = {kind: word for word, kind in reversed(list(_KINDS.items()))}
_CONTAINERS = "nav[…], tab[…], container[…], split[…] or page[…]"


class RootSpecError(ValueError):
    """A spec that does not parse: the column and what was expected there."""

    def __init__(self, text: str, column: int, reason: str) -> None:
        caret = " " * max(0, column - 1) + "^"
        super().__init__(f"invalid root spec at column {column}: {reason}\n  {text}\n  {caret}")
        self.column = column
        self.reason = reason


def parse_root_spec(text: str) -> protocol.ControllerSpec:
    """The controller tree a spec describes, as CreateWindow.root."""
    return _Parser(text).parse()


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.index = 0
        self.seen: dict[str, int] = {}

    def parse(self) -> protocol.ControllerSpec:
        node = self._node(1)
        self._skip_spaces()
        if self.index < len(self.text):
            raise self._error(f"expected the end of the spec, found {self._found()}")
        return node

    def _node(self, depth: int) -> protocol.ControllerSpec:
        self._skip_spaces()
        if depth > MAXIMUM_DEPTH:
            raise self._error(f"controllers nest deeper than {MAXIMUM_DEPTH} levels")
        start = self.index
        name = self._identifier()
        if name is None:
            raise self._error(f"expected a controller name or {_CONTAINERS}, found {self._found()}")
        self._skip_spaces()
        if self._peek() == "=":
            self.index += 1
            self._skip_spaces()
            kind_start = self.index
            word = self._identifier()
            self._skip_spaces()
            if word not in _KINDS or self._peek() != "[":
                self.index = kind_start
                raise self._error(f"expected {_CONTAINERS} after '{name}=', found {self._found()}")
            self._claim(name, start + 1)
            return self._container(_KINDS[word], name, depth)
        if self._peek() == "[":
            if name not in _KINDS:
                self.index = start
                raise self._error(f"unknown container '{name}': expected nav, tab, container, split or page before '['")
            return self._container(_KINDS[name], "", depth)
        self._claim(name, start + 1)
        return protocol.ControllerSpec(kind=common.CONTROLLER_KIND_CONTENT, identifier=name)

    def _container(self, kind: int, identifier: str, depth: int) -> protocol.ControllerSpec:
        node = protocol.ControllerSpec(kind=kind, identifier=identifier)  # type: ignore[arg-type]
        self.index += 1  # "[", checked by the caller
        self._skip_spaces()
        if self._peek() == "]":
            self.index += 1
            return node
        while True:
            if kind == common.CONTROLLER_KIND_SPLIT and len(node.children) == 2:
                raise self._error("split[…] takes a primary and at most one secondary, found a third column")
            node.children.append(self._node(depth + 1))
            self._skip_spaces()
            if self._peek() == ",":
                self.index += 1
            elif self._peek() == "]":
                self.index += 1
                return node
            else:
                raise self._error(f"expected ',' or ']' in {_KEYWORDS[kind]}[…], found {self._found()}")

    def _claim(self, name: str, column: int) -> None:
        if name in self.seen:
            raise RootSpecError(
                self.text,
                column,
                f"identifier '{name}' is used twice (first at column {self.seen[name]}); "
                "identifiers are unique per session",
            )
        if len(name) > 128:
            raise RootSpecError(self.text, column, f"identifier '{name}' is longer than 128 characters")
        self.seen[name] = column

    def _identifier(self) -> str | None:
        start = self.index
        while self.index < len(self.text) and (self.text[self.index].isalnum() or self.text[self.index] in "_-."):
            self.index += 1
        return self.text[start : self.index] if self.index > start else None

    def _skip_spaces(self) -> None:
        while self.index < len(self.text) and self.text[self.index].isspace():
            self.index += 1

    def _peek(self) -> str | None:
        return self.text[self.index] if self.index < len(self.text) else None

    def _found(self) -> str:
        character = self._peek()
        return "the end of the spec" if character is None else f"'{character}'"

    def _error(self, reason: str) -> RootSpecError:
        return RootSpecError(self.text, self.index + 1, reason)
