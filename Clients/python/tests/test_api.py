"""The client's API without a daemon: coverage of the protocol, argument
handling, framing and addresses."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path
from typing import Any

import pytest

import curtain
from curtain import _core, _delegates, _spec, _typebase, _wire, types
from curtain._requests import RequestMethods
from curtain.v1 import common_pb2, events_pb2, protocol_pb2

PROTOCOL_PROTO = Path(__file__).resolve().parents[3] / "Proto" / "curtain" / "v1" / "protocol.proto"

BODY_FIELDS = [f.name for f in protocol_pb2.Request.DESCRIPTOR.oneofs_by_name["body"].fields]
RESULT_FIELDS = {f.name: f for f in protocol_pb2.Response.DESCRIPTOR.oneofs_by_name["result"].fields}


def test_every_request_of_the_protocol_has_a_method() -> None:
    # Hello is the handshake every client performs when it connects.
    missing = [name for name in BODY_FIELDS if name != "hello" and name not in curtain.REQUESTS]
    assert missing == [], f"Request body fields without a client method: {missing}"
    assert sorted(curtain.REQUESTS) == sorted(name for name in BODY_FIELDS if name != "hello")


@pytest.mark.parametrize("body", sorted(curtain.REQUESTS))
def test_each_method_is_on_every_client_and_names_its_result(body: str) -> None:
    spec = curtain.REQUESTS[body]
    assert spec.result in RESULT_FIELDS
    for cls in (curtain.Client, curtain.AsyncClient, curtain.Pipeline):
        method = getattr(cls, body)
        assert method.__curtain_request__ is spec
        parameters = inspect.signature(method).parameters
        assert "session" in parameters and "trace_id" in parameters and "expected_revision" in parameters
        assert ("wait_until" in parameters) == spec.operation


def test_operations_are_the_requests_answered_with_an_operation_result() -> None:
    operations = sorted(body for body, spec in curtain.REQUESTS.items() if spec.operation)
    # A SegueResult wraps the OperationResult of its operation.
    answered = sorted(body for body, spec in curtain.REQUESTS.items() if spec.result in ("operation", "segue"))
    assert operations == answered


def test_error_codes_and_goodbye_reasons_match_the_protocol() -> None:
    codes = {v.name.removeprefix("ERROR_CODE_"): v.number for v in events_pb2.ErrorCode.DESCRIPTOR.values}
    assert codes == {c.name: c.value for c in curtain.ErrorCode}
    reasons = {v.name.removeprefix("REASON_"): v.number for v in protocol_pb2.Goodbye.Reason.DESCRIPTOR.values}
    assert reasons == {r.name: r.value for r in curtain.GoodbyeReason}


def test_the_protocol_version_is_the_one_defined_in_proto() -> None:
    # Proto/curtain/v1/protocol.proto defines it once, for every language.
    defined = re.search(r"PROTOCOL_VERSION_CURRENT\s*=\s*(\d+)\s*;", PROTOCOL_PROTO.read_text())
    assert defined is not None, f"no PROTOCOL_VERSION_CURRENT in {PROTOCOL_PROTO}"
    assert curtain.PROTOCOL_VERSION == int(defined.group(1)) == protocol_pb2.PROTOCOL_VERSION_CURRENT
    assert _core.hello_body("x", "", []).protocol_version == curtain.PROTOCOL_VERSION


def _imported_modules(module: object) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):  # type: ignore[arg-type]
        if isinstance(node, ast.ImportFrom) and node.module is None:
            names.update("." * node.level + alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_the_core_builds_on_the_leaf_module_not_on_the_request_methods() -> None:
    assert _imported_modules(_core) == {
        "__future__",
        "collections",
        "collections.abc",
        "typing",
        "._delegates",
        "._spec",
        "._typebase",
        "._wire",
        ".errors",
        ".types",
        ".v1",
    }
    assert not {name for name in _imported_modules(_spec) if name.startswith(".")}
    # What answers delegate calls knows the protocol (and its errors, to tell
    # a connection that ended from a refusal), not the request methods.
    assert {name for name in _imported_modules(_delegates) if name.startswith(".")} == {
        "._spec",
        "._typebase",
        ".errors",
        ".types",
        ".v1",
    }
    # The typed results are leaves too: the protocol's messages only.
    assert {name for name in _imported_modules(types) if name.startswith(".")} == {"._typebase", ".v1"}
    assert not {name for name in _imported_modules(_typebase) if name.startswith(".")}


class Recorder(RequestMethods):
    """Records what each method would send."""

    def _call(self, spec: curtain.RequestSpec, body: Any, options: dict[str, Any]) -> Any:
        return spec.body, body, options


def test_methods_build_their_bodies_from_keyword_arguments() -> None:
    r = Recorder()
    body_name, body, options = r.push("Nav", 7, animated=False, trace_id="t", wait_until="completed")
    assert body_name == "push"
    assert body == protocol_pb2.Push(
        navigation=protocol_pb2.ControllerRef(identifier="Nav"),
        controller=protocol_pb2.ControllerRef(id=7),
        not_animated=True,
    )
    assert options == {"trace_id": "t", "wait_until": "completed"}

    _, body, _ = r.create_window(size=(320, 480), clock="MANUAL", frame_rate=30)
    assert body.metrics.size.width == 320 and body.metrics.size.height == 480
    assert body.clock == common_pb2.CLOCK_MODE_MANUAL and body.frame_rate == 30

    _, body, _ = r.create_controller("tab-bar", identifier="Tabs")
    assert body.kind == common_pb2.CONTROLLER_KIND_TAB_BAR

    _, body, _ = r.transition_children("Box", "A", "B", duration=0.5, option="cross_dissolve")
    assert getattr(body, "from").identifier == "A" and body.to.identifier == "B"
    assert body.option == protocol_pb2.TransitionChildren.OPTION_CROSS_DISSOLVE

    _, body, _ = r.select_tab("Tabs", more=True)
    assert body.WhichOneof("selection") == "more"
    _, body, _ = r.select_tab("Tabs", 0)
    assert body.WhichOneof("selection") == "index" and body.index == 0

    _, body, _ = r.configure_controller(3, identifier="")
    assert body.HasField("identifier") and not body.HasField("title")
    _, body, _ = r.configure_controller("Home", should_perform_segue={"go": True, "stop": False, "back": None})
    assert dict(body.should_perform_segue) == {
        "go": protocol_pb2.SHOULD_PERFORM_ANSWER_YES,
        "stop": protocol_pb2.SHOULD_PERFORM_ANSWER_NO,
        "back": protocol_pb2.SHOULD_PERFORM_ANSWER_STORYBOARD,
    }

    info = protocol_pb2.ControllerInfo(id=12)
    _, body, _ = r.set_root(common_pb2.WindowInfo(id=4), info)
    assert body.window_id == 4 and body.controller.id == 12
    _, body, _ = r.set_root(4)
    assert not body.HasField("controller")

    _, body, _ = r.subscribe(2, frames=True, categories=["lifecycle", "transition"], from_seq=0, frame_policy="pause")
    assert body.HasField("from_seq") and body.from_seq == 0
    assert list(body.categories) == [events_pb2.EVENT_CATEGORY_LIFECYCLE, events_pb2.EVENT_CATEGORY_TRANSITION]
    assert body.frame_policy == protocol_pb2.Subscribe.FRAME_POLICY_PAUSE

    _, body, _ = r.push("Nav", "B", animator={"duration": 0.5, "tracks": [{"property": "ANIMATABLE_PROPERTY_ALPHA"}]})
    assert body.animator.duration == 0.5 and body.animator.tracks[0].property == common_pb2.ANIMATABLE_PROPERTY_ALPHA


def test_a_root_spec_is_parsed_as_the_cli_parses_it() -> None:
    spec = curtain.parse_root_spec("Tabs=tab[Feed=nav[A, B], container[C], split[D,page[E,F]], nav[]]")

    def text(node: protocol_pb2.ControllerSpec) -> str:
        name = f"{node.identifier}=" if node.identifier else ""
        kind = common_pb2.ControllerKind.Name(node.kind)[len("CONTROLLER_KIND_") :].lower()
        return f"{name}{kind}({' '.join(text(child) for child in node.children)})"

    assert text(spec) == (
        "Tabs=tab_bar(Feed=navigation(A=content() B=content()) container(C=content()) "
        "split(D=content() page(E=content() F=content())) navigation())"
    )
    _, body, _ = Recorder().create_window(root="Nav=nav[Home]")
    assert body.root.identifier == "Nav" and body.root.children[0].identifier == "Home"
    for bad, message in [
        (
            "nav[A",
            "invalid root spec at column 6: expected ',' or ']' in nav[…], "
            "found the end of the spec\n  nav[A\n       ^",
        ),
        ("nav[A,A]", "column 7: identifier 'A' is used twice (first at column 5)"),
        ("box[A]", "column 1: unknown container 'box'"),
        ("split[A,B,C]", "column 11: split[…] takes a primary and at most one secondary"),
        ("X=A", "column 3: expected nav[…], tab[…], container[…], split[…], page[…] or collection[…] after 'X='"),
        ("A B", "column 3: expected the end of the spec, found 'B'"),
    ]:
        with pytest.raises(curtain.RootSpecError) as refused:
            curtain.parse_root_spec(bad)
        assert message in str(refused.value), bad


def test_a_root_spec_collection_takes_its_options_as_the_cli_reads_them() -> None:
    nav = curtain.parse_root_spec(
        "Nav=nav[Grid = collection[ items=8, item-size = 100x120, spacing=5, line-spacing=2.5, "
        "section-inset=1:2:3:4, layout-to-layout ], collection[frames=0:0:10:10;10:0:10.5:10], collection[]]"
    )
    grid, frames, empty = nav.children
    assert grid.kind == common_pb2.CONTROLLER_KIND_COLLECTION and grid.identifier == "Grid"
    flow = common_pb2.FlowLayout(
        item_size=common_pb2.Size(width=100, height=120),
        interitem_spacing=5,
        line_spacing=2.5,
        section_inset=common_pb2.EdgeInsets(top=1, left=2, bottom=3, right=4),
    )
    assert grid.collection == common_pb2.CollectionOptions(
        item_count=8, layout=common_pb2.CollectionLayout(flow=flow), layout_to_layout=True
    )
    assert frames.collection == common_pb2.CollectionOptions(
        layout=curtain.frames_layout([(0, 0, 10, 10), (10, 0, 10.5, 10)])
    )
    assert empty.HasField("collection") and empty.collection == common_pb2.CollectionOptions()
    assert not nav.HasField("collection")
    for bad, message in [
        (
            "collection[items=4, colour=red]",
            "column 21: expected a collection option (items=, item-size=, spacing=, line-spacing=, "
            "section-inset=, frames= or layout-to-layout), found 'colour=red'",
        ),
        ("collection[items=4,items=5]", "column 20: collection option 'items' is given twice"),
        ("collection[items=-1]", "column 12: '-1' is not an item count: use a whole number as in items=12"),
        ("collection[item-size=0x10]", "column 12: '0x10' is not an item size: use WIDTHxHEIGHT (> 0)"),
        ("collection[spacing=-2]", "column 12: '-2' is not a spacing: use points (≥ 0) as in spacing=10"),
        ("collection[section-inset=1:2:3]", "column 12: '1:2:3' is not a section inset"),
        ("collection[frames=0:0:10]", "column 12: '0:0:10' is not an item frame"),
        (
            "collection[item-size=10x10,frames=0:0:10:10]",
            "column 28: frames= gives item frames; item-size=, spacing=, line-spacing= and "
            "section-inset= describe a flow layout: use one or the other",
        ),
        ("collection[layout-to-layout=yes]", "column 12: layout-to-layout takes no value"),
        ("collection[items]", "column 12: collection option 'items' needs a value: items=…"),
        ("collection[items=1", "column 19: expected ',' or ']' in collection[…], found the end of the spec"),
    ]:
        with pytest.raises(curtain.RootSpecError) as refused:
            curtain.parse_root_spec(bad)
        assert message in str(refused.value), bad


def test_controller_kinds_take_the_clis_names_too() -> None:
    r = Recorder()
    for name, kind in [
        ("nav", common_pb2.CONTROLLER_KIND_NAVIGATION),
        ("tab", common_pb2.CONTROLLER_KIND_TAB_BAR),
        ("tabBar", common_pb2.CONTROLLER_KIND_TAB_BAR),
        ("tab_bar", common_pb2.CONTROLLER_KIND_TAB_BAR),
        ("navigation", common_pb2.CONTROLLER_KIND_NAVIGATION),
    ]:
        _, body, _ = r.create_controller(name)
        assert body.kind == kind, name


def test_bad_arguments_are_rejected_before_anything_is_sent() -> None:
    r = Recorder()
    with pytest.raises(TypeError, match="unexpected keyword arguments: colour"):
        r.push("Nav", "B", colour="red")
    with pytest.raises(TypeError, match="only operations take wait_until"):
        r.get_tree(1, wait_until="completed")
    with pytest.raises(
        ValueError,
        match="expected one of: content, navigation, tab_bar, container, split, page, collection, nav, tab, tabbar",
    ):
        r.create_controller("table")
    with pytest.raises(TypeError, match="exactly one of"):
        r.select_tab("Tabs", 1, more=True)
    with pytest.raises(TypeError, match="exactly one of"):
        r.select_tab("Tabs")
    with pytest.raises(TypeError, match="not a controller"):
        r.push("Nav", 1.5)
    with pytest.raises(TypeError, match="not a bool"):
        r.push("Nav", True)
    with pytest.raises(TypeError, match="single string"):
        r.set_stack("Nav", "Home")
    with pytest.raises(TypeError, match="size or metrics"):
        r.create_window(size=(1, 2), metrics={})


def test_framing_round_trips_and_splits_a_stream_fed_byte_by_byte() -> None:
    assert _wire.encode_varint(0) == b"\x00"
    assert _wire.encode_varint(300) == b"\xac\x02"
    messages = [
        protocol_pb2.ServerMessage(response=protocol_pb2.Response(request_id=1, empty=protocol_pb2.Empty())),
        protocol_pb2.ServerMessage(event=events_pb2.Event(seq=2, text="x" * 400)),
        protocol_pb2.ServerMessage(goodbye=protocol_pb2.Goodbye(reason=1)),
    ]
    stream = b"".join(_wire.encode_varint(m.ByteSize()) + m.SerializeToString() for m in messages)
    decoder = _wire.Decoder()
    received = []
    for index in range(len(stream)):
        received += decoder.feed(stream[index : index + 1])
    assert received == messages


def test_framing_rejects_a_bad_length_prefix() -> None:
    with pytest.raises(curtain.ProtocolError, match="malformed length"):
        _wire.Decoder().feed(b"\xff" * 10)
    with pytest.raises(curtain.ProtocolError, match="exceeds 100"):
        _wire.Decoder(max_bytes=100).feed(_wire.encode_varint(101))


def test_addresses(monkeypatch: pytest.MonkeyPatch) -> None:
    assert curtain.parse_address("/tmp/x.sock").path == "/tmp/x.sock"
    tcp = curtain.parse_address("tcp:127.0.0.1:7000")
    assert (tcp.host, tcp.port, str(tcp)) == ("127.0.0.1", 7000, "tcp:127.0.0.1:7000")
    v6 = curtain.parse_address("tcp://[::1]:7001")
    assert (v6.host, v6.port, str(v6)) == ("::1", 7001, "tcp:[::1]:7001")
    assert curtain.parse_address(("localhost", 9)).port == 9
    for bad in ("tcp:7000", "tcp:host:port", "tcp:host:70000", ""):
        with pytest.raises(ValueError):
            curtain.parse_address(bad)
    monkeypatch.setenv("CURTAIN_SOCKET", "/tmp/elsewhere.sock")
    assert curtain.parse_address(None).path == "/tmp/elsewhere.sock"
    monkeypatch.delenv("CURTAIN_SOCKET")
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/run/user/5")
    assert curtain.default_socket_path() == "/run/user/5/curtain/default.sock"
    monkeypatch.setenv("XDG_RUNTIME_DIR", "relative")
    assert curtain.default_socket_path().endswith("/default.sock")
    assert curtain.default_socket_path().startswith("/tmp/curtain-")


def test_connecting_where_no_daemon_listens_fails_clearly(tmp_path: Any) -> None:
    with pytest.raises(curtain.ConnectFailed, match=r"no daemon is listening on .*nothing\.sock"):
        curtain.Client(str(tmp_path / "nothing.sock"))
