"""The synchronous client against a real curtaind."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest
from conftest import manual_stack, texts

import curtain
from curtain.testing import Daemon

PUSH_STARTED = [
    "o3.started",
    "Detail.willMove(Nav)",
    "Nav.childAdded(Detail)",
    "Nav.viewControllers([Home, Detail])",
    "Detail.viewDidLoad",
    "Nav.willShow(Detail, true)",
    "Home.viewWillDisappear(true)",
    "Detail.viewWillAppear(true)",
    "t1.began(push, Home → Detail, animated: true, interactive: false)",
]
PUSH_ENDED = [
    "Home.viewDidDisappear(true)",
    "Detail.viewDidAppear(true)",
    "Detail.didMove(Nav)",
    "Nav.didShow(Detail, true)",
    "t1.ended(cancelled: false)",
    "o3.completed(cancelled: false, removed: [])",
]


def test_hello_and_status(daemon: Daemon, client: curtain.Client) -> None:
    assert client.welcome.protocol_version == curtain.PROTOCOL_VERSION
    assert set(client.welcome.capabilities) >= {"read-only", "resume", "frames", "manual-clock"}
    status = client.get_status()
    assert status.pid == daemon.process.pid  # type: ignore[union-attr]
    assert status.clients == 1
    assert status.listeners == [daemon.socket_path]


def test_builds_a_tab_and_navigation_tree(client: curtain.Client) -> None:
    window = client.create_window(size=(390, 844))
    tabs = client.create_controller("tab_bar", identifier="Tabs")
    nav = client.create_controller("navigation", identifier="Nav", title="Home stack")
    home = client.create_controller("content", identifier="Home")
    settings = client.create_controller("content", identifier="Settings")
    assert (tabs.controller, nav.controller, home.controller, settings.controller) == (1, 2, 3, 4)
    client.set_stack(nav, [home], animated=False)
    client.set_tabs(tabs, [nav, settings])
    result = client.set_root(window, tabs)
    assert result.completed and result.window == window.window
    tree = client.get_tree(window)
    assert [c.identifier for c in tree.root.children] == ["Nav", "Settings"]
    assert tree.root.children[0].children[0].identifier == "Home"
    assert tree.root.selected_index == 0
    assert [c.identifier for c in client.list_controllers()] == ["Tabs", "Nav", "Home", "Settings"]
    assert [w.window for w in client.list_windows()] == [window.window]
    assert [(s.session, s.windows, s.controllers) for s in client.list_sessions()] == [("default", 1, 4)]
    renamed = client.configure_controller("Settings", title="Preferences")
    assert renamed.title == "Preferences" and renamed.window == window.window


def test_pipelined_push_and_clock_steps_answer_in_order_with_events_and_frames(client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    client.create_controller("content", identifier="Detail")
    sub = client.subscribe(window, frames=True)
    assert sub.id == 1 and sub.last_seq == {window.window: client.list_windows()[0].last_seq}
    with client.pipeline() as pipe:
        push = pipe.push("Nav", "Detail", wait_until="completed", trace_id="push-1")
        step = pipe.advance_clock(window, 0.1)
        end = pipe.advance_clock(window, 1)
    op = push.result()
    assert op.completed and not op.cancelled and op.transition == 1
    assert (step.result().time, step.result().frames) == (pytest.approx(0.1), 1)
    assert end.result().time == pytest.approx(1.1)
    items = sub.poll()
    events = [item for item in items if isinstance(item, curtain.Event)]
    frames = [item for item in items if isinstance(item, curtain.Frame)]
    assert texts(events) == PUSH_STARTED + PUSH_ENDED
    # Frames come between the transition's start and its end. With the
    # LATEST policy a frame still unsent when the next one is made is
    # replaced, and the next one counts it in frames_skipped.
    assert items.index(frames[0]) == len(PUSH_STARTED)
    assert frames[-1].frame_seq == 2 and sum(1 + f.frames_skipped for f in frames) == 2
    assert all(event.trace_id == "push-1" for event in events)
    assert [e.seq for e in events] == list(range(events[0].seq, events[0].seq + len(events)))
    frame = frames[-1]
    assert frame.window == window.window and frame.time == pytest.approx(1.1)
    # The last frame ends the transition: its views at their final values.
    assert list(frame.transitions) == [] and {v.role for v in frame.views} >= {"controllerRoot"}
    assert sub.poll() == []


STORYBOARD = """
{"name": "Flow", "initial": "Nav",
 "scenes": [{"id": "Nav", "kind": "navigation", "children": ["Home"]},
            {"id": "Home", "unwindActions": ["backHome"]}, {"id": "Detail"}],
 "segues": [{"identifier": "open", "source": "Home", "destination": "Detail", "kind": "show"},
            {"identifier": "peek", "source": "Home", "destination": "Detail", "kind": "show",
             "shouldPerform": false}]}
"""


def test_storyboard_segue_and_unwind(client: curtain.Client) -> None:
    window = client.create_window()
    info = client.load_storyboard(STORYBOARD, window=window)
    assert (info.name, list(info.scenes), info.root) == ("Flow", ["Nav", "Home", "Detail"], 1)
    opened = client.perform_segue("Home", "open", animated=False, wait_until="completed")
    assert (
        opened.performed
        and opened.destination == 3
        and opened.operation is not None
        and opened.operation.created == [3]
    )
    declined = client.perform_segue("Home", "peek", triggered=True)
    assert not declined.performed and declined.destination is None
    back = client.unwind("Detail", "backHome", wait_until="completed")
    assert back.destination == 2 and back.operation is not None and back.operation.removed == [3]
    with pytest.raises(curtain.CurtainError) as missing:
        client.unwind("Home", "backHome")
    assert missing.value.code is curtain.ErrorCode.NOT_FOUND
    # A client answers shouldPerformSegue for triggered segues; None goes back
    # to the storyboard's answer.
    answered = client.configure_controller("Home", should_perform_segue={"open": False, "peek": None})
    assert dict(answered.should_perform) == {"open": False}
    assert not client.perform_segue("Home", "open", triggered=True).performed
    client.create_controller("content", identifier="Note")
    client.show("Home", "Note", animated=False)
    assert [c.identifier for c in client.get_tree(window).root.children] == ["Home", "Note"]


def test_errors_carry_the_protocol_code_and_leave_the_connection_usable(daemon: Daemon, client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    with pytest.raises(curtain.ServerError) as caught:
        client.push("Nav", "Nowhere")
    assert caught.value.code is curtain.ErrorCode.NOT_FOUND
    assert caught.value.request == "push" and "Nowhere" in caught.value.message
    with pytest.raises(curtain.ServerError) as caught:
        client.advance_clock(window, -1)
    assert caught.value.code is curtain.ErrorCode.INVALID_ARGUMENT
    revision = client.list_windows()[0].revision
    with pytest.raises(curtain.ServerError) as caught:
        client.set_window_visible(window, False, expected_revision=revision + 1)
    assert caught.value.code is curtain.ErrorCode.CONFLICT
    assert client.set_window_visible(window, False, expected_revision=revision).completed
    with pytest.raises(curtain.ServerError) as caught:
        client.get_tree(1, session="nosuch")
    assert caught.value.code is curtain.ErrorCode.NOT_FOUND
    with daemon.client(read_only=True) as reader:
        assert reader.get_tree(window).root.identifier == "Nav"
        with pytest.raises(curtain.ServerError) as caught:
            reader.create_window()
        assert caught.value.code is curtain.ErrorCode.PERMISSION_DENIED
    assert client.sync() is None


def test_sessions_keep_their_controllers_apart(daemon: Daemon, client: curtain.Client) -> None:
    client.create_controller("content", identifier="Home")
    with daemon.client(session="other") as other:
        assert other.session == "other"
        other.create_controller("content", identifier="Home")
        assert [c.controller for c in other.list_controllers()] == [1]
    assert sorted(s.session for s in client.list_sessions()) == ["default", "other"]


def test_a_response_that_takes_too_long_raises_timeout_and_arrives_later(client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    client.create_controller("content", identifier="Detail")
    with pytest.raises(curtain.Timeout, match="push"):
        client.push("Nav", "Detail", wait_until="completed", timeout=0.2)
    # The clock step's response is ordered after the push's: both arrive.
    assert client.advance_clock(window, 1).time == pytest.approx(1)
    assert client.get_tree(window).root.children[-1].identifier == "Detail"


def test_interactive_pop_belongs_to_the_client_that_began_it(daemon: Daemon, client: curtain.Client) -> None:
    window = manual_stack(client, "One", "Two")
    begun = client.begin_interactive("Nav")
    assert begun.transition == 1
    with daemon.client() as other:
        with pytest.raises(curtain.ServerError) as caught:
            other.update_interactive(window, begun, 0.5)
        assert caught.value.code is curtain.ErrorCode.NOT_OWNER
    update = client.update_interactive(window, begun, 0.5)
    assert (update.percent, update.interactive) == (0.5, True)
    finish = client.finish_interactive(window, begun, completion_speed=2)
    assert finish.transition == 1
    client.advance_clock(window, 1)
    assert [c.identifier for c in client.get_tree(window).root.children] == ["One"]


def test_frames_of_a_pause_subscription_wait_for_the_consumer(client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    client.create_controller("content", identifier="Detail")
    sub = client.subscribe(window, events=False, frames=True, frame_policy="pause", frame_credits=2)
    client.push("Nav", "Detail")
    for _ in range(3):
        client.advance_clock(window, 0.05)
    # Two credits: frames 1 and 2 came, frame 3 was dropped while paused.
    first = sub.next(timeout=5)  # handing it out acknowledges it
    client.advance_clock(window, 0.05)
    rest = sub.poll()
    assert [f.frame_seq for f in [first, *rest]] == [1, 2, 4]
    assert [f.frames_skipped for f in [first, *rest]] == [0, 0, 1]


def test_a_subscriber_at_five_frames_a_second_gets_the_first_of_each_slot_and_the_ends(
    daemon: Daemon, client: curtain.Client
) -> None:
    window = manual_stack(client, "Home")
    client.create_controller("content", identifier="Detail")
    every = client.subscribe(window, events=False, frames=True)
    # Frames name their window, not their subscription: the dashboard has
    # its own connection.
    with daemon.client() as dashboard:
        slow = dashboard.subscribe(window, events=False, frames=True, max_fps=5)
        client.push("Nav", "Detail")
        for k in range(1, 31):
            client.advance_clock(window, to_time=k / 60)
        dashboard.sync()
        frames = slow.poll()
    # The push's first frame, the first from 0.2 s, its last (at 0.35 s).
    assert [f.frame_seq for f in frames] == [1, 12, 21]
    assert [f.frames_skipped for f in frames] == [0, 10, 8]
    assert [len(f.transitions) for f in frames] == [1, 1, 0]
    client.sync()
    assert [f.frame_seq for f in every.poll()] == list(range(1, 22))


@pytest.mark.parametrize("rate", [0, -1, math.nan, math.inf, 241])
def test_a_frame_rate_that_is_not_one_is_refused(client: curtain.Client, rate: float) -> None:
    window = manual_stack(client, "Home")
    with pytest.raises(curtain.ServerError) as caught:
        client.subscribe(window, frames=True, max_fps=rate)
    assert caught.value.code is curtain.ErrorCode.INVALID_ARGUMENT
    assert "max_fps must be a number of frames a second from 0.01 to 240" in str(caught.value)


def test_subscription_resumes_after_a_reconnect_without_gaps_or_repeats(daemon: Daemon, client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    for name in ("A", "B"):
        client.create_controller("content", identifier=name)
    sub = client.subscribe(window, categories=["lifecycle", "operation"])
    client.push("Nav", "A", animated=False)
    client.sync()
    before = sub.poll()
    assert texts(before)[0] == "o3.started" and texts(before)[-1] == "o3.completed(cancelled: false, removed: [])"
    client.close()
    with pytest.raises(curtain.ConnectionClosed):
        sub.next(timeout=1)
    with daemon.client() as other:
        other.push("Nav", "B", animated=False)
        other.pop("Nav", animated=False)
    client.reconnect()
    client.sync()
    after = sub.poll()
    assert texts(after) == [
        "o4.started",
        "B.willMove(Nav)",
        "B.viewDidLoad",
        "Nav.willShow(B, false)",
        "A.viewWillDisappear(false)",
        "B.viewWillAppear(false)",
        "A.viewDidDisappear(false)",
        "B.viewDidAppear(false)",
        "B.didMove(Nav)",
        "Nav.didShow(B, false)",
        "o4.completed(cancelled: false, removed: [])",
        "o5.started",
        "B.willMove(nil)",
        "Nav.willShow(A, false)",
        "B.viewWillDisappear(false)",
        "A.viewWillAppear(false)",
        "B.viewDidDisappear(false)",
        "A.viewDidAppear(false)",
        "B.didMove(nil)",
        "Nav.didShow(A, false)",
        "o5.completed(cancelled: false, removed: [B])",
    ]
    assert after[0].seq > before[-1].seq
    assert sub.active and sub.id == 2


def test_a_session_wide_subscription_sees_new_windows_and_resumes(daemon: Daemon, client: curtain.Client) -> None:
    sub = client.subscribe(0, categories=["window"])
    first = client.create_window()
    client.sync()
    assert texts(sub.poll()) == ["window.created(390×844)"]
    client.close()
    with daemon.client() as other:
        second = other.create_window(size=(100, 200))
        other.set_window_visible(first, False)
    client.reconnect()
    client.sync()
    got = sub.poll()
    assert sorted(texts(got)) == sorted(["window.created(100×200)", "window.visible(false)"])
    assert sorted(e.window_id for e in got) == [first.window, second.window]


def test_a_subscription_to_another_session_resumes_in_that_session(daemon: Daemon, client: curtain.Client) -> None:
    window = client.create_window(session="other")
    sub = client.subscribe(window, categories=["window"], session="other")
    client.close()
    with daemon.client(session="other") as other:
        other.set_window_visible(window, False)
    client.reconnect()
    assert texts([sub.next(timeout=5)]) == ["window.visible(false)"]
    assert sub.session == "other"


def test_a_subscription_is_a_context_manager(client: curtain.Client) -> None:
    window = client.create_window()
    with client.subscribe(window) as sub:
        client.set_window_visible(window, False)
        assert sub.active
    assert not sub.active
    assert texts(list(sub)) == ["o1.started", "window.visible(false)", "o1.completed(cancelled: false, removed: [])"]


def test_unsubscribe_ends_the_iteration(client: curtain.Client) -> None:
    window = client.create_window()
    sub = client.subscribe(window)
    client.set_window_visible(window, False)
    sub.close()
    assert not sub.active
    # What arrived before the unsubscribe is still handed out; then the
    # iteration ends.
    assert texts(list(sub)) == ["o1.started", "window.visible(false)", "o1.completed(cancelled: false, removed: [])"]
    assert list(sub) == []
    with pytest.raises(curtain.ServerError) as caught:
        client.unsubscribe(sub.id)
    assert caught.value.code is curtain.ErrorCode.NOT_FOUND


def test_shutdown_says_goodbye(daemon: Daemon, client: curtain.Client) -> None:
    sub = client.subscribe(0)
    assert client.shutdown() is None
    with pytest.raises(curtain.ConnectionClosed) as caught:
        sub.next(timeout=10)
    assert caught.value.reason is curtain.GoodbyeReason.SHUTDOWN
    assert client.goodbye is not None and not client.connected
    with pytest.raises(curtain.ConnectionClosed):
        client.sync()
    assert daemon.stop() == 0


def test_tcp_with_a_token(tmp_path: os.PathLike[str]) -> None:
    token_file = os.path.join(tmp_path, "token")
    with open(token_file, "w") as handle:
        handle.write("s3cret\n")
    with Daemon(["--listen", "127.0.0.1:0", "--token-file", token_file]) as daemon:
        assert daemon.tcp_address is not None and daemon.tcp_address.startswith("tcp:127.0.0.1:")
        with curtain.Client(daemon.tcp_address, token_file=token_file) as tcp:
            assert tcp.create_window().window == 1
        with pytest.raises(curtain.ServerError) as caught:
            curtain.Client(daemon.tcp_address, token="wrong")
        assert caught.value.code is curtain.ErrorCode.UNAUTHENTICATED


def test_a_token_file_of_several_lines_gives_its_first_token(tmp_path: os.PathLike[str]) -> None:
    token_file = os.path.join(tmp_path, "tokens")
    with open(token_file, "w") as handle:
        handle.write("\n# Who may come in.\n  ci-91bd sessions=ci read-only\r\nops-7f3a admin\n")
    with Daemon(["--listen", "127.0.0.1:0", "--token-file", token_file]) as daemon:
        assert daemon.tcp_address is not None
        with curtain.Client(daemon.tcp_address, token_file=token_file) as tcp:
            assert tcp.get_status().scope == "sessions=ci read-only"
    empty = os.path.join(tmp_path, "empty")
    with open(empty, "w") as handle:
        handle.write("\n  \n# only a comment\n")
    with pytest.raises(ValueError, match="holds no token"):
        curtain.Client("tcp:127.0.0.1:1", token_file=empty)
    with pytest.raises(FileNotFoundError):
        curtain.Client("tcp:127.0.0.1:1", token_file=os.path.join(tmp_path, "missing"))


def test_present_and_dismiss_with_presentation_events_and_tree(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    client.create_controller("content", identifier="Home")
    client.create_controller("content", identifier="Sheet")
    client.set_root(window, "Home")
    client.present("Home", "Sheet", style="form_sheet", preferred_content_size=(300, 200), animated=False)
    tree = client.get_tree(window)
    presented = tree.root.presented
    assert presented.identifier == "Sheet"
    assert presented.presentation.presenting == tree.root.controller
    assert presented is not None
    assert presented.presentation.requested_style is curtain.types.ModalPresentationStyle.FORM_SHEET
    # The enums are ints too: the protobuf constants still compare equal.
    assert presented.presentation.requested_style == curtain.common_pb2.MODAL_PRESENTATION_STYLE_FORM_SHEET
    assert presented.presentation.card  # a compact-width window shows sheets as cards
    client.dismiss("Sheet", animated=False)
    assert client.get_tree(window).root.presented is None
    with pytest.raises(curtain.ServerError) as caught:
        client.present("Home", "Home")
    assert caught.value.code is curtain.ErrorCode.INVALID_ARGUMENT
    assert caught.value.message == "Application tried to present modally an active controller Home."
    with pytest.raises(ValueError):
        client.present("Home", "Sheet", style="sideways")


def test_a_custom_presentation_described_declaratively(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    client.create_controller("content", identifier="Home")
    client.create_controller("content", identifier="Panel")
    client.set_root(window, "Home")
    frame = {"x": 20, "y": 100, "width": 350, "height": 400}
    client.present(
        "Home",
        "Panel",
        style="custom",
        custom={"frame": frame, "dimming_alpha": 0.5, "removes_presenter_view": True},
        animated=False,
    )
    tree = client.get_tree(window)
    presentation = tree.root.presented.presentation
    assert presentation.style == curtain.common_pb2.MODAL_PRESENTATION_STYLE_CUSTOM
    assert (presentation.frame.x, presentation.frame.y, presentation.frame.width, presentation.frame.height) == (
        20,
        100,
        350,
        400,
    )
    assert presentation.custom.dimming_alpha == 0.5
    assert presentation.custom.removes_presenter_view
    assert not tree.root.view_in_window  # the presenter's view left the window
    client.dismiss("Panel", animated=False)
    assert client.get_tree(window).root.view_in_window
    with pytest.raises(curtain.ServerError) as caught:
        client.present("Home", "Panel", style="form_sheet", custom={"removes_presenter_view": True})
    assert caught.value.code is curtain.ErrorCode.INVALID_ARGUMENT
    assert "applies only to custom presentations" in caught.value.message


def test_a_crash_fails_what_waits_and_a_restarted_daemon_refuses_to_resume(tmp_path: os.PathLike[str]) -> None:
    path = os.path.join(tmp_path, "d.sock")
    first = Daemon(socket_path=path).start()
    try:
        client = curtain.Client(path, timeout=10)
        window = manual_stack(client, "Home")
        client.create_controller("content", identifier="Detail")
        sub = client.subscribe(window)
        pipe = client.pipeline()
        push = pipe.push("Nav", "Detail", wait_until="completed")
        # Its answer waits for the transition's end, which never comes.
        for event in sub.events(timeout=5):
            if event.text == "t1.began(push, Home → Detail, animated: true, interactive: false)":
                break
        else:
            pytest.fail("the push did not begin")
    finally:
        first.kill()
    with pytest.raises(curtain.ConnectionClosed) as caught:
        push.result()
    assert caught.value.reason is None
    with pytest.raises(curtain.ConnectionClosed):
        sub.next(timeout=5)
    with pytest.raises(curtain.ConnectFailed):
        client.reconnect()
    with Daemon(socket_path=path) as second:
        client.reconnect(wait=5)
        # The new daemon has no session "default" yet: the subscription
        # ends with the daemon's answer, the client carries on.
        with pytest.raises(curtain.ServerError) as refused:
            sub.next(timeout=5)
        assert refused.value.code is curtain.ErrorCode.NOT_FOUND and not sub.active
        assert client.get_status().pid == second.process.pid  # type: ignore[union-attr]
        client.close()
    assert os.listdir(tmp_path) == []


def test_a_window_closed_while_disconnected_ends_only_its_subscription(daemon: Daemon, client: curtain.Client) -> None:
    window = client.create_window()
    other_window = client.create_window()
    gone = client.subscribe(window)
    stays = client.subscribe(other_window, categories=["window"])
    client.close()
    with daemon.client() as other:
        other.close_window(window)
        other.set_window_visible(other_window, False)
    client.reconnect()
    with pytest.raises(curtain.ServerError) as refused:
        gone.next(timeout=5)
    assert refused.value.code is curtain.ErrorCode.NOT_FOUND and refused.value.request == "subscribe"
    assert texts([stays.next(timeout=5)]) == ["window.visible(false)"]
    # A later reconnect resumes only the live one.
    client.close()
    client.reconnect()
    client.set_window_visible(other_window, True)
    assert texts([stays.next(timeout=5)]) == ["window.visible(true)"]
    assert gone.poll() == []


def test_resuming_past_the_event_ring_brings_a_snapshot_and_continues_from_it() -> None:
    with Daemon(["--event-ring", "4"]) as daemon, daemon.client() as client:
        window = client.create_window()
        sub = client.subscribe(window)
        client.close()
        with daemon.client() as other:
            for visible in (False, True, False):
                other.set_window_visible(window, visible)
            last_seq = other.list_windows()[0].last_seq
        client.reconnect()
        assert sub.snapshot_required
        assert [tree.window.window for tree in sub.snapshots] == [window.window]
        assert sub.snapshots[0].window.last_seq == last_seq and not sub.snapshots[0].window.visible
        assert sub.last_seq == {window.window: last_seq}
        client.set_window_visible(window, True)
        client.sync()
        got = sub.poll()
        assert texts(got) == ["o4.started", "window.visible(true)", "o4.completed(cancelled: false, removed: [])"]
        assert got[0].seq == last_seq + 1


def test_leaving_a_pipeline_raises_the_first_error_nobody_looked_at(client: curtain.Client) -> None:
    with pytest.raises(curtain.ServerError) as caught, client.pipeline() as pipe:
        window = pipe.create_window()
        pipe.close_window(99)
        pipe.get_tree(98)
    assert caught.value.code is curtain.ErrorCode.NOT_FOUND and caught.value.request == "close_window"
    assert window.result().window == 1 and window.done()
    with client.pipeline() as pipe:
        missing = pipe.close_window(99)
        with pytest.raises(curtain.ServerError):
            missing.result()
    assert [w.window for w in client.list_windows()] == [1]


def test_interactive_present_and_dismiss(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    client.create_controller("content", identifier="Home")
    client.create_controller("content", identifier="Sheet")
    client.set_root(window, "Home")
    begun = client.begin_interactive("Sheet", kind="present", presenter="Home", style="page_sheet")
    assert begun.transition
    client.update_interactive(window, begun, 0.5)
    client.finish_interactive(window, begun)
    client.advance_clock(window, 1)
    assert client.get_tree(window).root.presented.identifier == "Sheet"
    dismissing = client.begin_interactive("Sheet", kind="dismiss")
    client.cancel_interactive(window, dismissing)
    client.advance_clock(window, 1)
    assert client.get_tree(window).root.presented.identifier == "Sheet"
    with pytest.raises(TypeError):
        client.begin_interactive("Sheet", kind="present")


def test_interactive_page_turn(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    client.create_controller("page", identifier="Book")
    for name in ("P1", "P2"):
        client.create_controller("content", identifier=name)
    client.set_pages("Book", data_source=["P1", "P2"])
    client.set_root(window, "Book")
    turning = client.begin_interactive("Book", kind="page_turn")
    assert turning.transition
    client.update_interactive(window, turning, 0.5)
    client.cancel_interactive(window, turning)
    client.advance_clock(window, 1)
    assert [c.identifier for c in client.get_tree(window).root.children] == ["P1"]
    turning = client.begin_interactive("Book", kind="page_turn")
    client.finish_interactive(window, turning)
    client.advance_clock(window, 1)
    assert [c.identifier for c in client.get_tree(window).root.children] == ["P2"]
    back = client.begin_interactive("Book", kind="page_turn", reverse=True)
    client.finish_interactive(window, back)
    client.advance_clock(window, 1)
    assert [c.identifier for c in client.get_tree(window).root.children] == ["P1"]
    with pytest.raises(TypeError):
        client.begin_interactive("Book", reverse=True)


def test_advance_to_a_time_and_read_the_presentation_tree(client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    client.create_controller("content", identifier="Detail")
    start = client.list_windows()[0].time
    client.push("Nav", "Detail")
    halfway = client.advance_clock(window, to_time=start + 0.2)
    assert halfway.time == pytest.approx(start + 0.2)

    def detail_frame(tree: curtain.Tree) -> curtain.types.Rect:
        detail = next(c.controller for c in client.list_controllers() if c.identifier == "Detail")
        stack = [tree.views]
        while stack:
            node = stack.pop()
            if node.controller == detail and node.role == "controllerRoot":
                return node.state.frame
            stack.extend(node.subviews)
        raise AssertionError("Detail's view is not in the tree")

    # The model is already at the end of the push; what is on screen is halfway.
    assert detail_frame(client.get_tree(window, include_views=True)).x == 0
    on_screen = detail_frame(client.get_tree(window, presentation=True)).x
    assert 0 < on_screen < window.metrics.size.width
    with pytest.raises(curtain.ServerError) as refused:
        client.advance_clock(window, to_time=start + 0.1)
    assert refused.value.code is curtain.ErrorCode.INVALID_ARGUMENT
    assert client.advance_clock(window, 0.5).time == pytest.approx(start + 0.7)
    assert detail_frame(client.get_tree(window, presentation=True)).x == 0


def test_the_readme_snippet_runs_twice_because_closing_a_window_frees_its_names(client: curtain.Client) -> None:
    for _ in range(2):
        window = client.create_window()
        nav = client.create_controller("navigation", identifier="Nav")
        client.set_stack(nav, [client.create_controller("content", identifier="Home")], animated=False)
        client.set_root(window, nav)
        assert "@Home" in client.get_tree(window).description
        client.close_window(window)
    assert client.list_controllers() == []
    # The same tree in one request, as the CLI's --root; a refused one
    # creates nothing.
    window = client.create_window(root="Nav=nav[Home]")
    assert [c.identifier for c in client.list_controllers(window=window)] == ["Home", "Nav"]
    with pytest.raises(curtain.ServerError, match="'Home' already exists"):
        client.create_window(root="Other=nav[Extra,Home]")
    assert [w.window for w in client.list_windows()] == [window.window]
    assert len(client.list_controllers()) == 2
    client.close_window(window)
    kept = client.create_window()
    client.set_root(kept, client.create_controller("content", identifier="Kept"))
    client.close_window(kept, keep_controllers=True)
    assert [c.identifier for c in client.list_controllers(detached=True)] == ["Kept"]
    with pytest.raises(curtain.CurtainError) as refused:
        client.create_controller("content", identifier="Kept")
    assert "already exists" in str(refused.value)


def test_a_lease_keeps_other_clients_off_a_window_until_released(daemon: Daemon, client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    sub = client.subscribe(window, categories=["window"])
    leased = client.lease(window, 30)
    holder = f"client {leased.holder} (pytest)"
    with daemon.client(client_name="other") as other:
        with pytest.raises(curtain.ServerError) as caught:
            other.set_window_visible(window, False)
        assert caught.value.code is curtain.ErrorCode.PERMISSION_DENIED
        assert caught.value.message.startswith(f"Window w{window.window} is leased by {holder} for another ")
        assert [w.lease.holder_name for w in other.list_windows()] == ["pytest"]
        client.release(window)
        other.set_window_visible(window, False)
    client.sync()
    leases = [e for e in sub.poll() if isinstance(e, curtain.Event) and e.seq == 0]
    assert texts(leases) == [
        f"w{window.window} leased by {holder} for 30.0 s",
        f"w{window.window} lease released by {holder}",
    ]
    assert [e.lease.change for e in leases] == [
        curtain.types.LeaseEvent.Change.ACQUIRED,
        curtain.types.LeaseEvent.Change.RELEASED,
    ]


def test_limits_name_themselves_and_show_in_the_status() -> None:
    with Daemon(["--max-windows", "1", "--max-clients", "1"]) as small, small.client(timeout=10) as client:
        client.create_window()
        with pytest.raises(curtain.ServerError) as caught:
            client.create_window()
        assert caught.value.code is curtain.ErrorCode.LIMIT_EXCEEDED
        assert caught.value.details == {"limit": "max-windows", "value": "1"}
        assert caught.value.message.endswith("(limit max-windows = 1)")
        limits = {limit.name: limit for limit in client.get_status().limits}
        assert (limits["max-windows"].value, limits["max-windows"].used) == (1, 1)
        with pytest.raises(curtain.ConnectionClosed) as refused:
            small.client(timeout=10)
        assert refused.value.reason is curtain.GoodbyeReason.LIMIT_EXCEEDED
        assert "max-clients" in refused.value.message
        assert client.sync() is None


def test_a_subscription_yields_what_it_subscribed_to(client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    client.create_controller("content", identifier="Detail")
    both = client.subscribe(window, frames=True)
    events_only = client.subscribe(window)
    frames_only = client.subscribe(window, events=False, frames=True)
    # Said at once, before anything is read: events() or frames() alone
    # would drop the other kind.
    with pytest.raises(ValueError, match=r"^events\(\) would drop this subscription's frames: .*messages\(timeout\)"):
        both.events(timeout=0)
    with pytest.raises(ValueError, match=r"^frames\(\) would drop this subscription's events: "):
        both.frames(timeout=0)
    with pytest.raises(ValueError, match=r"^frames\(\) would drop this subscription's events: "):
        events_only.frames(timeout=0)
    with pytest.raises(ValueError, match=r"^events\(\) would drop this subscription's frames: "):
        frames_only.events(timeout=0)
    client.push("Nav", "Detail")
    for _ in range(4):
        client.advance_clock(window, 0.1)
    client.advance_clock(window, 1)
    client.sync()
    items = list(both.messages(timeout=0))
    events = list(events_only.events(timeout=0))
    frames = list(frames_only.frames(timeout=0))
    assert len(frames) >= 4
    assert [item for item in items if isinstance(item, curtain.Frame)] == frames
    assert texts([item for item in items if isinstance(item, curtain.Event)]) == texts(events)
    assert "t1.ended(cancelled: false)" in texts(events)


def test_slow_motion_shows_in_the_window_and_the_status_and_refuses_bad_speeds(client: curtain.Client) -> None:
    window = client.create_window()
    assert window.speed == 1
    slowed = client.set_window_speed(window, 0.1)
    assert (slowed.window, slowed.speed) == (window.window, 0.1)
    assert [w.speed for w in client.list_windows()] == [0.1]
    [entry] = client.get_status().window_speeds
    assert (entry.session, entry.window, entry.speed) == ("default", window.window, 0.1)
    for bad in (0.0, -1.0, 0.001, 1000.0, float("nan"), float("inf")):
        with pytest.raises(curtain.ServerError) as caught:
            client.set_window_speed(window, bad)
        assert caught.value.code is curtain.ErrorCode.INVALID_ARGUMENT
        assert "from 0.01 to 100" in caught.value.message
    manual = client.create_window(clock="manual")
    with pytest.raises(curtain.ServerError) as refused:
        client.set_window_speed(manual, 0.5)
    assert refused.value.code is curtain.ErrorCode.INVALID_ARGUMENT
    assert "manual clock" in refused.value.message
    assert client.set_window_speed(window, 1).speed == 1
    assert client.get_status().window_speeds == []


def test_a_trace_holds_a_push_in_the_chrome_trace_event_format(client: curtain.Client, tmp_path: Path) -> None:
    window = client.create_window(clock="manual", root="Nav=nav[Home]")
    client.create_controller("content", identifier="Detail")
    pushed = client.push("Nav", "Detail", trace_id="py-push")
    client.advance_clock(window, 0.5)
    path = tmp_path / "push.trace.json"
    trace = client.trace(window, path=path)
    assert json.loads(path.read_text()) == trace
    assert trace["metadata"]["clock"] == "window" and not trace["metadata"]["more"]
    events = trace["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e["name"] == "thread_name"}
    [operation] = [
        e
        for e in events
        if e["ph"] == "X"
        and e.get("args", {}).get("trace_id") == "py-push"
        and names[(e["pid"], e["tid"])] == "operations"
    ]
    assert operation["args"]["kind"] == "push" and operation["args"]["result"] == "completed"
    assert operation["args"]["client"] == client.welcome.client_id
    assert operation["dur"] == 350000
    [transition] = [
        e
        for e in events
        if e["ph"] == "X" and e["name"] == f"push t{pushed.transition}" and names[(e["pid"], e["tid"])] == "transitions"
    ]
    assert (transition["ts"], transition["dur"]) == (0, 350000)
    # Callbacks are instants on their controller's thread, in UIKit's order.
    callbacks = sorted(
        (e for e in events if e["ph"] == "i" and e.get("args", {}).get("trace_id") == "py-push"),
        key=lambda e: e["args"]["seq"],
    )
    assert [e["name"] for e in callbacks if "Appear" in e["name"] or "Disappear" in e["name"]] == [
        "Home.viewWillDisappear(true)",
        "Detail.viewWillAppear(true)",
        "Home.viewDidDisappear(true)",
        "Detail.viewDidAppear(true)",
    ]
    # Timestamps never go back on a track; every slice has a duration.
    last: dict[tuple[int, int], float] = {}
    for event in events:
        if event["ph"] in ("M", "C"):
            continue
        track = (event["pid"], event["tid"])
        assert event["ts"] >= last.get(track, 0)
        last[track] = event["ts"]
        assert event["ph"] != "X" or event["dur"] >= 0
    wall = client.trace(window, clock="wall", since_seq=trace["metadata"]["last_seq"])
    assert wall["metadata"]["clock"] == "wall" and wall["metadata"]["since_seq"] == trace["metadata"]["last_seq"]
    assert [e for e in wall["traceEvents"] if e["ph"] != "M"] == []
