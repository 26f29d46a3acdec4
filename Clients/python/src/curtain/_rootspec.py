"""The CLI's root spec, ``--root 'Tabs=tab[Nav=nav[Home],Settings]'``, for
``create_window(root=…)``: a port of Sources/CurtainCLIKit/RootSpec.swift
with the same grammar and messages.

    node       := [identifier "="] keyword "[" [node ("," node)*] "]"
                | [identifier "="] "collection" "[" [option ("," option)*] "]" | identifier
    keyword    := "nav" | "navigation" | "tab" | "tabbar" | "container" | "split" | "page"
    option     := "items=" N | "item-size=" W "x" H | "spacing=" P | "line-spacing=" P
                | "section-inset=" T ":" L ":" B ":" R | "frames=" X ":" Y ":" W ":" H (";" …)*
                | "layout-to-layout"
    identifier := 1 to 128 letters, digits, "_", "-" or "."

A bare identifier is a content controller; ``nav[A,B]`` a navigation
controller with the stack A, B; ``tab[…]`` a tab bar controller; ``container[…]``
a custom container; ``split[A,B]`` a split view controller (at most two
columns); ``page[…]`` a page view controller with those pages as its data
source; ``collection[…]`` a collection view controller with those options
(each once; frames or a flow layout), which contains no controllers. Spaces
are allowed between tokens; an identifier may appear once.
"""

from __future__ import annotations

import math

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
    "collection": common.CONTROLLER_KIND_COLLECTION,
}
_KEYWORDS: dict[int, str] = {kind: word for word, kind in reversed(list(_KINDS.items()))}
_CONTAINERS = "nav[…], tab[…], container[…], split[…], page[…] or collection[…]"
_OPTIONS = ("items", "item-size", "spacing", "line-spacing", "section-inset", "frames", "layout-to-layout")
_FLOW_OPTIONS = {"item-size", "spacing", "line-spacing", "section-inset"}


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
            raise self._error(
                "expected a controller name or nav[…], tab[…], container[…], split[…], page[…], "
                f"collection[…], found {self._found()}"
            )
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
                raise self._error(
                    f"unknown container '{name}': expected nav, tab, container, split, page or collection before '['"
                )
            return self._container(_KINDS[name], "", depth)
        self._claim(name, start + 1)
        return protocol.ControllerSpec(kind=common.CONTROLLER_KIND_CONTENT, identifier=name)

    def _container(self, kind: int, identifier: str, depth: int) -> protocol.ControllerSpec:
        node = protocol.ControllerSpec(kind=kind, identifier=identifier)  # type: ignore[arg-type]
        self.index += 1  # "[", checked by the caller
        if kind == common.CONTROLLER_KIND_COLLECTION:
            return self._collection(node)
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

    def _collection(self, node: protocol.ControllerSpec) -> protocol.ControllerSpec:
        node.collection.SetInParent()
        given: set[str] = set()
        self._skip_spaces()
        if self._peek() == "]":
            self.index += 1
            return node
        while True:
            self._skip_spaces()
            start = self.index
            while self._peek() not in (None, ",", "]"):
                self.index += 1
            option = self.text[start : self.index].rstrip()
            try:
                _add_option(option, node.collection, given)
            except ValueError as reason:
                raise RootSpecError(self.text, start + 1, str(reason)) from None
            if self._peek() == ",":
                self.index += 1
            elif self._peek() == "]":
                self.index += 1
                return node
            else:
                raise self._error(f"expected ',' or ']' in collection[…], found {self._found()}")

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


def _numbers(text: str, separator: str, count: int) -> list[float] | None:
    parts = text.split(separator)
    try:
        values = [float(part) for part in parts]
    except ValueError:
        return None
    if len(values) != count or not all(math.isfinite(value) for value in values):
        return None
    return values


def _add_option(option: str, options: common.CollectionOptions, given: set[str]) -> None:
    """Reads one option of ``collection[…]`` (RootSpec+Collection.swift's
    rules and messages); a complaint is a ValueError."""
    key, equals, value = option.partition("=")
    key = "".join(key.split())
    value = "".join(value.split())
    if key not in _OPTIONS:
        found = f"'{option}'" if option else "nothing"
        raise ValueError(
            "expected a collection option (items=, item-size=, spacing=, line-spacing=, "
            f"section-inset=, frames= or layout-to-layout), found {found}"
        )
    if key in given:
        raise ValueError(f"collection option '{key}' is given twice")
    given.add(key)
    if key == "layout-to-layout":
        if equals:
            raise ValueError("layout-to-layout takes no value")
        options.layout_to_layout = True
        return
    if not value:
        raise ValueError(f"collection option '{key}' needs a value: {key}=…")
    mixed = bool(given & _FLOW_OPTIONS) if key == "frames" else "frames" in given
    if mixed and (key == "frames" or key in _FLOW_OPTIONS):
        raise ValueError(
            "frames= gives item frames; item-size=, spacing=, line-spacing= and "
            "section-inset= describe a flow layout: use one or the other"
        )
    flow = options.layout.flow
    if key == "items":
        if not value.isdigit() or int(value) > 0xFFFFFFFF:
            raise ValueError(f"'{value}' is not an item count: use a whole number as in items=12")
        options.item_count = int(value)
    elif key == "item-size":
        size = _numbers(value, "x", 2)
        if size is None or not all(number > 0 for number in size):
            raise ValueError(f"'{value}' is not an item size: use WIDTHxHEIGHT (> 0) as in item-size=100x100")
        flow.item_size.width, flow.item_size.height = size
    elif key in ("spacing", "line-spacing"):
        points = _numbers(value, ":", 1)
        if points is None or points[0] < 0:
            raise ValueError(f"'{value}' is not a spacing: use points (≥ 0) as in {key}=10")
        if key == "spacing":
            flow.interitem_spacing = points[0]
        else:
            flow.line_spacing = points[0]
    elif key == "section-inset":
        insets = _numbers(value, ":", 4)
        if insets is None or not all(number >= 0 for number in insets):
            raise ValueError(
                f"'{value}' is not a section inset: use TOP:LEFT:BOTTOM:RIGHT (≥ 0) as in section-inset=10:20:10:20"
            )
        inset = flow.section_inset
        inset.top, inset.left, inset.bottom, inset.right = insets
    else:
        frames = options.layout.frames
        frames.SetInParent()
        for text in value.split(";"):
            rect = _numbers(text, ":", 4)
            if rect is None or rect[2] < 0 or rect[3] < 0:
                raise ValueError(
                    f"'{text}' is not an item frame: use X:Y:WIDTH:HEIGHT with a non-negative size, "
                    "frames separated by ';', as in frames=0:0:100:100;100:0:100:100"
                )
            frames.frames.add(x=rect[0], y=rect[1], width=rect[2], height=rect[3])
