"""Typed results: dataclasses of curtain.types with enums, a readable repr,
and the raw protobuf message as ``.proto``."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from conftest import manual_stack

import curtain
from curtain import types
from curtain.v1 import common_pb2, events_pb2, protocol_pb2


def test_results_are_dataclasses_with_enums_and_their_message(client: curtain.Client) -> None:
    window = client.create_window(clock="manual", size=(390, 844))
    assert isinstance(window, curtain.Window) and dataclasses.is_dataclass(window)
    assert window.clock is types.ClockMode.MANUAL
    assert window.metrics.size.width == 390
    assert isinstance(window.proto, common_pb2.WindowInfo) and window.proto.id == window.window
    assert repr(window).startswith(f"WindowInfo(window={window.window}, metrics=WindowMetrics(size=Size(width=390.0")
    assert "clock=ClockMode.MANUAL" in repr(window)

    nav = client.create_controller("nav", identifier="Nav")
    assert isinstance(nav, curtain.ControllerInfo)
    assert nav.kind is types.ControllerKind.NAVIGATION
    assert repr(nav.kind) == "ControllerKind.NAVIGATION" and str(nav.kind) == "NAVIGATION"
    # An enum is an int: the protobuf constants compare equal.
    assert nav.kind == common_pb2.CONTROLLER_KIND_NAVIGATION == 2
    assert isinstance(nav.proto, protocol_pb2.ControllerInfo)
    with pytest.raises(dataclasses.FrozenInstanceError):
        nav.title = "changed"  # type: ignore[misc]

    client.create_controller("content", identifier="Home")
    result = client.set_stack("Nav", ["Home"], animated=False)
    assert isinstance(result, curtain.OperationResult)
    # The repr shows what differs from the defaults.
    assert repr(result) == f"OperationResult(operation={result.operation}, completed=True)"
    assert result.completed and result.proto.completed
    op = client.set_root(window, "Nav")
    assert repr(op).startswith("OperationResult(operation=") and "completed=True" in repr(op)

    tree = client.get_tree(window)
    assert isinstance(tree, curtain.Tree)
    assert tree.root.kind is types.ControllerKind.NAVIGATION
    assert [c.identifier for c in tree.root.children] == ["Home"]
    assert tree.root.children[0].appearance is types.AppearanceState.APPEARED
    assert tree.root.presented is None
    assert isinstance(tree.proto, common_pb2.Tree)

    # Results go back in as arguments, typed or raw.
    assert client.get_tree(window.proto).root.controller == tree.root.controller
    assert client.configure_controller(tree.root.children[0], title="Start").title == "Start"


def test_events_and_frames_are_typed(client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    client.create_controller("content", identifier="Detail")
    sub = client.subscribe(window, frames=True)
    client.push("Nav", "Detail", wait_until="started")
    client.advance_clock(window, 0.1)
    client.sync()
    items = sub.poll()
    events = [item for item in items if isinstance(item, curtain.Event)]
    frames = [item for item in items if isinstance(item, curtain.Frame)]
    assert events and frames and len(events) + len(frames) == len(items)
    appear = next(e for e in events if e.text == "Detail.viewWillAppear(true)")
    assert appear.kind == "lifecycle" and appear.transition is None
    assert appear.category is types.EventCategory.LIFECYCLE
    assert appear.lifecycle is not None
    assert appear.lifecycle.callback is types.LifecycleEvent.Callback.VIEW_WILL_APPEAR
    assert "callback=LifecycleEvent.Callback.VIEW_WILL_APPEAR" in repr(appear)
    assert isinstance(appear.proto, events_pb2.Event)
    assert isinstance(frames[0].proto, events_pb2.Frame) and frames[0].frame_seq == frames[0].proto.frame_seq


def test_every_result_message_has_a_dataclass() -> None:
    for field in protocol_pb2.Response.DESCRIPTOR.oneofs_by_name["result"].fields:
        # Nested messages (SessionList.Entry) are nested classes.
        path = field.message_type.full_name.removeprefix("curtain.v1.").split(".")
        kind = functools.reduce(getattr, path, types)
        assert issubclass(kind, curtain.ProtoMessage), field.name
        assert kind.from_proto(kind._PROTO()).proto == kind._PROTO()
    assert types.Window is types.WindowInfo


def test_an_enum_value_newer_than_the_client_stays_an_int() -> None:
    info = protocol_pb2.ControllerInfo(id=1)
    info.kind = 99  # type: ignore[assignment]
    assert types.ControllerInfo.from_proto(info).kind == 99
