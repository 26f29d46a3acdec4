"""The typed results name and read their fields as `curtain --json` does,
against the mapping every client is tested with
(Tests/Fixtures/field-cases.json, docs/fields.md), and against a real
curtaind."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format
from google.protobuf.message import Message

import curtain
from curtain import types
from curtain._typebase import raw, typed
from curtain.v1 import common_pb2

CASES_FILE = Path(__file__).resolve().parents[3] / "Tests" / "Fixtures" / "field-cases.json"
KINDS: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))["kinds"]
FIELDS = [(kind, field) for kind in KINDS for field in kind["fields"] if field["protocol"] is not None]


def kind_id(kind: dict[str, Any]) -> str:
    return str(kind["kind"])


def field_id(case: tuple[dict[str, Any], dict[str, Any]]) -> str:
    return f"{case[0]['kind']}.{case[1]['json']}"


def python_class(kind: dict[str, Any]) -> type[curtain.ProtoMessage]:
    found: Any = types
    for part in kind["message"].split("."):
        found = getattr(found, part)
    assert issubclass(found, curtain.ProtoMessage)
    return found  # type: ignore[no-any-return]


def message(kind: dict[str, Any], values: dict[str, Any] | None = None) -> Message:
    """The protocol message of ``kind`` with ``values`` (protobuf JSON)."""
    made: Message = python_class(kind)._PROTO()
    return json_format.ParseDict(values or {}, made)


def python_path(field: dict[str, Any]) -> str:
    return str(field.get("python", field["json"]))


def read(value: Any, path: str) -> Any:
    for part in path.split("."):
        value = getattr(value, part)
    return value


def condition(field: dict[str, Any]) -> dict[str, Any]:
    """Protocol values that make a null_unless field read."""
    unless = field.get("null_unless")
    if unless is None:
        return {}
    return {unless["field"]: 1 if unless["is"] == "set" else unless["is"]}


def test_the_shared_table_covers_the_results() -> None:
    messages = {kind["message"] for kind in KINDS}
    for name in ("WindowInfo", "ControllerInfo", "OperationResult", "TransitionInfo", "Tree", "Frame", "Status"):
        assert name in messages
    for kind in KINDS:
        names = [field["json"] for field in kind["fields"]]
        assert len(names) == len(set(names)), kind_id(kind)
        for field in kind["fields"]:
            assert set(field) <= {"json", "protocol", "python", "absent", "null_unless", "example"}, field
            assert field.get("absent", "null") in ("null", "omitted"), field


@pytest.mark.parametrize("case", FIELDS, ids=field_id)
def test_the_protocol_has_each_field(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    kind, field = case
    descriptor = python_class(kind)._PROTO.DESCRIPTOR
    for part in field["protocol"].split("."):
        assert part in descriptor.fields_by_name, f"{kind['message']} has no {field['protocol']}"
        descriptor = descriptor.fields_by_name[part].message_type


@pytest.mark.parametrize("case", FIELDS, ids=field_id)
def test_python_names_each_field_as_the_cli_does(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    kind, field = case
    path = python_path(field)
    first = path.split(".")[0]
    names = {f.name for f in dataclasses.fields(python_class(kind))}
    assert first in names, f"{kind['message']} has no field {first!r} ({sorted(names)})"
    if "python" in field:
        # Only where Python nests what the CLI flattens, or a keyword.
        assert "." in path or path == field["json"] + "_", field


@pytest.mark.parametrize("case", FIELDS, ids=field_id)
def test_an_absent_value_reads_as_the_cli_prints_it(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    kind, field = case
    empty = python_class(kind).from_proto(message(kind))
    value = read(empty, python_path(field))
    if "absent" in field or "null_unless" in field:
        assert value is None, f"{field['json']} of an empty {kind['message']}: {value!r}"
    else:
        assert value is not None
    if "null_unless" in field:
        given = python_class(kind).from_proto(message(kind, condition(field)))
        assert read(given, python_path(field)) is not None


@pytest.mark.parametrize("case", [c for c in FIELDS if "example" in c[1]], ids=field_id)
def test_a_value_reads_as_the_cli_prints_it(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    kind, field = case
    values = {**condition(field), field["protocol"]: field["example"]}
    result = python_class(kind).from_proto(message(kind, values))
    value = read(result, python_path(field))
    if isinstance(value, float):
        assert value == pytest.approx(field["example"])
    else:
        assert value == field["example"]


@pytest.mark.parametrize("case", [c for c in FIELDS if "." not in c[1]["protocol"]], ids=field_id)
def test_a_renamed_field_reads_under_its_old_name_for_one_release(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    kind, field = case
    old = field["protocol"]
    if python_path(field) == old:
        return
    values = {**condition(field), old: field["example"]} if "example" in field else {}
    made = message(kind, values)
    result = python_class(kind).from_proto(made)
    with pytest.warns(DeprecationWarning, match=rf"\.{old} is deprecated .* use \.{python_path(field)},"):
        value = getattr(result, old)
    expected = getattr(made, old)
    if isinstance(expected, Message):
        assert raw(value) == expected or value == typed(expected)
    elif hasattr(expected, "items"):
        assert value == dict(expected)
    elif hasattr(expected, "__len__") and not isinstance(expected, str):
        assert value == list(expected)
    else:
        assert value == expected


def test_the_results_of_a_real_daemon_read_as_the_cli_prints_them(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    assert window.window == 1 and window.root is None and window.lease is None
    tabs = client.create_controller("tab_bar", identifier="Tabs")
    assert (tabs.controller, tabs.identifier, tabs.title, tabs.window, tabs.parent) == (1, "Tabs", None, None, None)
    nav = client.create_controller("navigation", identifier="Nav", title="Navigation")
    client.create_controller("content", identifier="Home")
    client.set_stack("Nav", ["Home"], animated=False)
    client.set_tabs("Tabs", ["Nav"])
    set_root = client.set_root(window, "Tabs")
    assert set_root.window == 1 and set_root.transition is None and set_root.removed == []
    assert client.list_windows()[0].root == tabs.controller
    [nav_info] = [c for c in client.list_controllers() if c.identifier == "Nav"]
    assert (nav_info.title, nav_info.window, nav_info.parent) == ("Navigation", 1, tabs.controller)

    tree = client.get_tree(window)
    assert tree.root is not None and tree.views is None
    assert tree.root.selected_index == 0 and tree.root.split is None and tree.root.page is None
    [nav_node] = tree.root.children
    assert nav_node.controller == nav.controller and nav_node.selected_index is None
    assert nav_node.presentation is None and nav_node.presented is None
    assert client.get_tree(window, include_views=True).views is not None

    client.create_controller("content", identifier="Detail")
    pushed = client.push("Nav", "Detail")
    assert pushed.transition is not None
    [running] = client.list_transitions(window)
    assert running.transition == pushed.transition and running.window == 1
    assert (running.owner, running.owner_name) == (client.welcome.client_id, "pytest")
    assert running.from_ is not None and running.to is not None
    client.advance_clock(window, 1)
    popped = client.pop("Nav", animated=False)
    assert popped.completed and popped.transition is None


def test_a_collection_node_reads_as_the_cli_prints_it(client: curtain.Client) -> None:
    window = client.create_window(clock="manual", size=(390, 844))
    client.create_controller(
        "collection",
        identifier="Grid",
        collection={"item_count": 3, "layout": curtain.flow_layout((100, 100), line_spacing=5)},
    )
    client.create_controller(
        "collection", identifier="Frames", collection={"layout": curtain.frames_layout([(1, 2, 3, 4)])}
    )
    client.set_root(window, "Grid")
    root = client.get_tree(window, include_views=True).root
    assert root is not None and root.collection is not None and root.page is None
    grid = root.collection
    assert (grid.item_count, grid.layout_to_layout, grid.layout.frames) == (3, False, None)
    assert grid.layout.flow is not None
    assert (grid.layout.flow.item_size, grid.layout.flow.interitem_spacing, grid.layout.flow.line_spacing) == (
        types.Size(100, 100),
        10,
        5,
    )
    assert len(grid.item_views) == 3 and grid.item_views == sorted(grid.item_views)
    client.set_root(window, "Frames")
    frames = client.get_tree(window).root
    assert frames is not None and frames.collection is not None and frames.collection.layout.flow is None
    assert frames.collection.layout.frames == types.CollectionLayout.ItemFrames([types.Rect(1, 2, 3, 4)])


def test_a_typed_result_made_by_hand_goes_back_to_its_protocol_names() -> None:
    made = types.CustomPresentation(removes_presenter_view=True, dimming_alpha=0.3)
    assert made.protocol_fields() == {"removes_presenter_view": True, "dimming_alpha": 0.3}
    window = types.WindowInfo(window=3, root=None, clock=types.ClockMode.MANUAL)
    fields = window.protocol_fields()
    assert fields["id"] == 3 and "root_id" not in fields
    assert common_pb2.WindowInfo(id=fields["id"], clock=fields["clock"]).clock == common_pb2.CLOCK_MODE_MANUAL
