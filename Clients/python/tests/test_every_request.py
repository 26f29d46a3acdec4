"""Every request method against the daemon: each gets the result its
registration declares (a mismatch raises ProtocolError), so a request whose
answer changes in the protocol is caught here. When you add a request
method, add a call to it below."""

from __future__ import annotations

from typing import Any

import pytest
from google.protobuf import json_format

import curtain
from curtain.testing import Daemon
from curtain.v1 import session_image_pb2

P = curtain.types
C = curtain.common_pb2
M = curtain.metrics_pb2


def test_every_request_method_gets_its_declared_result(daemon: Daemon, client: curtain.Client) -> None:
    called: list[str] = []
    call = client._call

    def spy(spec: curtain.RequestSpec, body: Any, options: dict[str, Any]) -> Any:
        called.append(spec.body)
        return call(spec, body, options)

    client._call = spy  # type: ignore[method-assign]

    assert isinstance(client.get_status(), P.Status)
    families = {family.name: family for family in client.get_metrics().metrics}
    assert families["curtain_windows"].type == M.MetricFamily.TYPE_GAUGE
    assert client.sync() is None
    window = client.create_window(clock="manual")
    assert isinstance(window, curtain.Window)
    for kind, name in [("navigation", "Nav"), ("tab_bar", "Tabs"), ("container", "Box")]:
        assert isinstance(client.create_controller(kind, identifier=name), P.ControllerInfo)
    for name in ("A", "B", "X", "Y", "C", "D"):
        client.create_controller("content", identifier=name)
    assert client.configure_controller("A", title="First").title == "First"
    assert len(client.list_controllers()) == 9
    assert [s.session for s in client.list_sessions()] == ["default"]
    # Outside a cluster: refused (test_cluster.py checks its NodeList).
    with pytest.raises(curtain.ServerError, match="INVALID_ARGUMENT"):
        client.list_nodes()
    with pytest.raises(curtain.ServerError, match="INVALID_ARGUMENT"):
        client.move_session("default", "b")

    def op(result: object) -> None:
        assert isinstance(result, P.OperationResult) and result.completed, result

    op(client.set_stack("Nav", ["A"], animated=False))
    op(client.set_root(window, "Nav"))

    class Default:
        def animation_controller_for(self, operation: str, from_vc: int, to_vc: int) -> None:
            return None

    assert client.set_delegate("Nav", Default(), answer_timeout=5) is None
    asked = client.push("Nav", "B", wait_until="started")
    assert asked.transition and client.advance_clock(window, 1)
    late = client.delegate_reply(1, True)
    assert isinstance(late, P.DelegateReplyResult) and not late.accepted
    assert client.clear_delegate("Nav") is None
    op(client.pop("Nav", animated=False))

    contexts: list[curtain.TransitionContext] = []

    class Kept(curtain.RemoteAnimator):
        def animate_transition(self, context: curtain.TransitionContext) -> None:
            contexts.append(context)

    class Remote:
        def animation_controller_for(self, operation: str, from_vc: int, to_vc: int) -> Kept:
            return Kept()

    client.set_delegate("Nav", Remote(), answer_timeout=5)
    handed = client.push("Nav", "B", wait_until="started")
    client.sync()
    assert [c.transition_id for c in contexts] == [handed.transition]
    assert client.transition_frame(window, handed, percent=0.5).percent == 0.5
    assert isinstance(client.complete_transition(window, handed, True), P.TransitionResult)
    client.clear_delegate("Nav")
    op(client.pop("Nav", animated=False))
    op(client.push("Nav", "B", animated=False))
    op(client.pop("Nav", animated=False))
    op(client.push("Nav", "B", animated=False))
    op(client.pop_to("Nav", "A", animated=False))
    op(client.push("Nav", "B", animated=False))
    op(client.pop_to_root("Nav", animated=False))
    op(client.set_tabs("Tabs", ["X", "Y"]))
    op(client.select_tab("Tabs", 1))
    second = client.create_window(clock="manual")
    op(client.set_root(second, "Box"))
    op(client.add_child("Box", "C"))
    op(client.add_child("Box", "D"))
    op(client.transition_children("Box", "C", "D", wait_until="completed"))
    op(client.remove_from_parent("D"))
    tapped = client.tap(second, 10, 10)
    op(tapped)
    assert tapped.tap.controller and tapped.tap.effect == C.TapHit.EFFECT_NONE
    client.configure_controller("Box", should_automatically_forward_appearance_methods=False)
    op(client.begin_appearance_transition("C", True, animated=True))
    op(client.end_appearance_transition("C"))
    client.configure_controller("Box", should_automatically_forward_appearance_methods=True)
    assert [w.window for w in client.list_windows()] == [window.window, second.window]
    op(client.present("Box", "D", style="over_full_screen", animated=False))
    op(client.dismiss("D", animated=False))

    client.create_controller(
        "split", identifier="Split", split={"display_mode": C.SPLIT_DISPLAY_MODE_ONE_OVER_SECONDARY}
    )
    client.create_controller("page", identifier="Book", page={"transition_style": C.PAGE_TRANSITION_STYLE_PAGE_CURL})
    for name in ("Column1", "Column2", "Page1", "Page2"):
        client.create_controller("content", identifier=name)
    op(client.set_split_columns("Split", "Column1", "Column2"))
    op(client.configure_split("Split", {"primary_width": 300}, animated=False))
    op(client.set_pages("Book", data_source=["Page1", "Page2"], animated=False))
    op(client.turn_page("Book", animated=False))
    grid = client.create_controller(
        "collection", identifier="Grid", collection={"item_count": 3, "layout_to_layout": True}
    )
    assert grid.kind == C.CONTROLLER_KIND_COLLECTION
    op(client.set_collection_layout("Grid", curtain.flow_layout((100, 100)), animated=False))
    split_window = client.create_window(clock="manual", size=(1024, 768))
    op(client.set_root(split_window, "Split"))
    tree = client.get_tree(split_window).root
    assert tree.split.primary_column_width == 300 and tree.split.display_mode == C.SPLIT_DISPLAY_MODE_ONE_OVER_SECONDARY

    op(client.push("Nav", "B", animated=False))
    begun = client.begin_interactive("Nav")
    assert isinstance(begun, P.OperationResult) and begun.transition
    assert client.update_interactive(window, begun, 0.3).interactive
    [running] = client.list_transitions(window)
    assert (running.transition, running.kind, running.percent) == (begun.transition, "pop", 0.3)
    assert running.interactive and running.owner == client.welcome.client_id
    assert client.list_transitions() == [running]
    piece = client.get_trace(window, clock="wall")
    assert piece.window_id > 0 and piece.last_seq > 0
    assert '"traceEvents"' in piece.json and not piece.more
    recorded = client.record(window, from_seq=1)
    assert isinstance(recorded, curtain.types.RecordingDocument) and recorded.inputs > 0
    assert b'"kind": "curtain.recording"' in recorded.document
    checked = client.check_recording(recorded.document)
    assert isinstance(checked, curtain.types.RecordingCheck) and checked.identical, checked.difference.explanation
    assert client.animate_alongside(window, begun, []).accepted
    assert isinstance(client.finish_interactive(window, begun), P.TransitionResult)
    client.advance_clock(window, 1)
    op(client.push("Nav", "B", animated=False))
    playing = client.pop("Nav")
    client.advance_clock(window, 0.01)
    assert client.pause_transition(window, playing).interactive
    assert isinstance(client.cancel_interactive(window, playing), P.TransitionResult)
    assert isinstance(client.advance_clock(window, 1), P.ClockResult)
    assert client.wait_idle(window).idle
    assert client.get_tree(window).root.identifier == "Nav"
    for name in ("S1", "S2"):
        client.create_controller("content", identifier=name)
    op(client.show("B", "S1", animated=False))
    op(client.show_detail("S1", "S2", animated=False))
    third = client.create_window(clock="manual")
    story = client.load_storyboard(
        '{"name": "S", "initial": "Home", "scenes": [{"id": "Home", "unwindActions": ["back"]}, {"id": "Next"}],'
        ' "segues": [{"identifier": "go", "source": "Home", "destination": "Next", "kind": "present"}]}',
        window=third,
    )
    assert isinstance(story, P.StoryboardInfo) and story.root
    went = client.perform_segue("Home", "go", animated=False)
    assert isinstance(went, P.SegueResult) and went.performed
    back = client.unwind("Next", "back", animated=False)
    assert isinstance(back, P.SegueResult) and back.destination == story.root
    extra = client.instantiate_scene("S", "Next")
    assert extra.identifier == "Next-2" and extra.window is None
    detached = client.list_controllers(detached=True)
    assert "Next-2" in [c.identifier for c in detached] and all(c.window is None for c in detached)
    assert [c.controller for c in client.list_controllers(window=third)] == [story.root]
    assert [c.identifier for c in client.delete_controller(extra)] == ["Next-2"]
    assert client.unload_storyboard("S") is None
    op(client.resize_window(window, size=(300, 600), animated=False))
    op(client.set_window_visible(window, False))
    realtime = client.create_window()
    slowed = client.set_window_speed(realtime, 0.5)
    assert isinstance(slowed, P.WindowInfo) and slowed.speed == 0.5
    client.close_window(realtime)
    leased = client.lease(window, 30)
    assert isinstance(leased, P.LeaseResult) and leased.expires_in == 30 and not leased.renewed
    assert client.lease(window, 60).renewed
    assert [w.lease.holder for w in client.list_windows() if w.lease and w.window == window.window] == [leased.holder]
    assert client.release(window) is None
    sub = client.subscribe(window)
    assert isinstance(sub, curtain.Subscription)
    assert client.unsubscribe(sub) is None
    assert client.close_window(window) is None
    assert client.close_window(second, keep_controllers=True) is None
    assert "Box" in [c.identifier for c in client.list_controllers(detached=True)]
    document = client.export_session(session="default")
    assert isinstance(document, P.SessionDocument)
    # The document is the JSON form of curtain.v1.PortableSession.
    portable = json_format.Parse(document.document, session_image_pb2.PortableSession())
    assert portable.kind == "curtain.session" and portable.version == 2
    assert portable.snapshot.name == "default" and portable.snapshot.controllers
    imported = client.import_session(document.document, name="copy")
    assert isinstance(imported, P.SessionList.Entry)
    assert imported.session == "copy"
    assert client.kill_session("default") is None
    assert client.list_controllers() == []
    assert client.shutdown() is None

    assert sorted(set(called)) == sorted(curtain.REQUESTS), "add a call of each new request method to this test"
