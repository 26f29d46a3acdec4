"""Remote delegates (docs/delegates.md) against a real daemon: the client
answers the daemon's DelegateCalls with what its delegate objects return,
while it waits for anything else; the daemon's delegate events read as
every other event."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import manual_stack, texts

import curtain
from curtain import _delegates, types
from curtain._requests import RequestMethods
from curtain.testing import Daemon
from curtain.v1 import common_pb2, protocol_pb2


#: The to-view fades in over ``duration`` seconds: one track.
def fade_in(duration: float) -> dict[str, Any]:
    return {
        "duration": duration,
        "tracks": [
            {
                "target": {"role": "ROLE_TO_VIEW"},
                "property": "ANIMATABLE_PROPERTY_ALPHA",
                "from": {"base": "BASE_VALUE", "value": {"scalar": 0}},
                "to": {"base": "BASE_VALUE", "value": {"scalar": 1}},
            }
        ],
    }


class Recording:
    """A navigation delegate that records its calls and answers with a fade."""

    def __init__(self, duration: float = 1) -> None:
        self.calls: list[tuple[str, int | None, int | None]] = []
        self.duration = duration

    def animation_controller_for(self, operation: str, from_vc: int | None, to_vc: int | None) -> dict[str, Any]:
        self.calls.append((operation, from_vc, to_vc))
        return fade_in(self.duration)


def ids(client: curtain.Client) -> dict[str, int]:
    return {info.identifier or "": info.controller for info in client.list_controllers()}


def delegate_texts(sub: curtain.Subscription) -> list[str]:
    return [text for text in texts(sub.poll()) if ".delegate" in text]


def test_a_navigation_delegate_answers_a_push_while_the_push_waits(client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")
    delegate = Recording()
    assert client.set_delegate("Nav", delegate, answer_timeout=10) is None
    sub = client.subscribe(window)

    # The same client asks and answers: the call comes while push() waits.
    started = client.push("Nav", "B", wait_until="started")
    assert started.transition and started.delegate_call_id == 0
    named = ids(client)
    assert delegate.calls == [("push", named["A"], named["B"])]
    client.sync()
    items = [item for item in sub.poll() if isinstance(item, curtain.Event)]
    assert [event.text for event in items if event.category is types.EventCategory.LIFECYCLE][:6] == [
        "Nav.delegate#1.navigationAnimationController(push, A → B)",
        "Nav.delegate#1 → animator(1 s, 1 tracks)",
        "B.willMove(Nav)",
        "B.viewDidLoad",
        "Nav.willShow(B, true)",
        "A.viewWillDisappear(true)",
    ]
    # Typed like every other event.
    called, answered = items[0], items[1]
    assert called.kind == "delegate" and called.category is types.EventCategory.LIFECYCLE
    assert called.delegate is not None and called.delegate.phase is types.DelegateEvent.Phase.CALLED
    assert called.delegate.method is types.DelegateMethod.NAVIGATION_ANIMATION_CONTROLLER
    assert called.delegate.controller_id == named["Nav"] and called.delegate.call_id == 1
    assert called.delegate.arguments.operation == "push" and called.delegate.arguments.to_id == named["B"]
    assert answered.delegate is not None and answered.delegate.phase is types.DelegateEvent.Phase.ANSWERED
    assert answered.delegate.detail == "animator(1 s, 1 tracks)"
    # The delegate's 1 s animator, not UIKit's 0.35 s push.
    client.advance_clock(window, 0.5)
    client.sync()
    assert "B.viewDidAppear(true)" not in texts(sub.poll())
    client.advance_clock(window, 0.5)
    client.sync()
    assert "B.viewDidAppear(true)" in texts(sub.poll())


def test_another_client_answers_while_it_serves_delegates(daemon: Daemon, client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")
    sub = client.subscribe(window)
    with daemon.client(client_name="delegate", timeout=10) as answering:
        delegate = Recording(duration=0.5)
        answering.set_delegate("Nav", delegate, answer_timeout=10)
        waiting = client.push("Nav", "B")
        assert waiting.delegate_call_id == 1 and waiting.transition is None
        assert answering.serve_delegates(timeout=0.2) == 1
        client.sync()
        assert delegate_texts(sub) == [
            "Nav.delegate#1.navigationAnimationController(push, A → B)",
            "Nav.delegate#1 → animator(0.5 s, 1 tracks)",
        ]
        client.advance_clock(window, 1)
        # Waiting for the pop to start here would wait for ever: the
        # delegate's client answers only while it reads.
        assert client.pop("Nav").delegate_call_id == 2
        assert answering.serve_delegates(timeout=0.1) == 1
        assert [call[0] for call in delegate.calls] == ["push", "pop"]


def test_a_delegate_that_raises_answers_uikits_default_and_is_logged(
    client: curtain.Client, caplog: pytest.LogCaptureFixture
) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")

    class Broken:
        def animation_controller_for(self, operation: str, from_vc: int, to_vc: int) -> None:
            raise RuntimeError("no animator today")

    client.set_delegate("Nav", Broken())
    sub = client.subscribe(window)
    with caplog.at_level(logging.ERROR, logger="curtain.delegates"):
        assert client.push("Nav", "B", wait_until="started").transition
    client.sync()
    assert delegate_texts(sub) == [
        "Nav.delegate#1.navigationAnimationController(push, A → B)",
        "Nav.delegate#1 → default",
    ]
    [record] = caplog.records
    assert "failed to answer call 1 (animation_controller_for" in record.getMessage()
    assert record.exc_info is not None and str(record.exc_info[1]) == "no animator today"


def test_answers_that_are_no_answer_or_do_not_fit(client: curtain.Client, caplog: pytest.LogCaptureFixture) -> None:
    window = manual_stack(client, "A")
    for name in ("B", "C"):
        client.create_controller("content", identifier=name)
    answers: list[Any] = ["slide", True]

    class Odd:
        def animation_controller_for(self, operation: str, from_vc: int, to_vc: int) -> Any:
            return answers.pop(0)

    client.set_delegate("Nav", Odd())
    sub = client.subscribe(window)
    with caplog.at_level(logging.ERROR, logger="curtain.delegates"):
        client.push("Nav", "B", wait_until="started")
    assert "not a delegate answer: 'slide'" in str(caplog.records[0].exc_info[1])  # type: ignore[index]
    client.advance_clock(window, 1)
    # A bool where an animator is asked: the daemon says why it fell back.
    client.push("Nav", "C", wait_until="started")
    client.sync()
    assert delegate_texts(sub) == [
        "Nav.delegate#1.navigationAnimationController(push, A → B)",
        "Nav.delegate#1 → default",
        "Nav.delegate#2.navigationAnimationController(push, B → C)",
        "Nav.delegate#2 fallback(malformed: navigationController(_:animationControllerFor:from:to:) "
        "answers an animation controller, not yes or no)",
    ]


def test_a_delegate_slower_than_its_timeout_falls_back_and_its_late_answer_is_ignored(
    daemon: Daemon, client: curtain.Client, caplog: pytest.LogCaptureFixture
) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")
    with daemon.client(client_name="watcher", timeout=10) as watcher:
        sub = watcher.subscribe(window)

        seen: list[str] = []

        class Slow:
            """Answers only once the daemon has given up on it."""

            def animation_controller_for(self, operation: str, from_vc: int, to_vc: int) -> dict[str, Any]:
                for event in sub.events(timeout=5):
                    seen.append(event.text)
                    if event.text == "Nav.delegate#1 fallback(timeout)":
                        break
                return fade_in(1)

        client.set_delegate("Nav", Slow(), answer_timeout=0.05)
        with caplog.at_level(logging.INFO, logger="curtain.delegates"):
            started = client.push("Nav", "B", wait_until="started")
            client.sync()  # the late answer's result has arrived
        assert started.transition
        assert seen == [
            "Nav.delegate#1.navigationAnimationController(push, A → B)",
            "Nav.delegate#1 fallback(timeout)",
        ]
        assert [record.getMessage() for record in caplog.records] == [
            "the answer to delegate call 1 came too late (it had fallen back to UIKit's default)"
        ]
        watcher.sync()
        assert "Nav.delegate#1 → animator(1 s, 1 tracks)" not in texts(sub.poll())
        # UIKit's push: 0.35 s, not the late animator's 1 s.
        client.advance_clock(window, 0.35)
        watcher.sync()
        assert "B.viewDidAppear(true)" in texts(sub.poll())


def test_a_delegate_that_disconnects_mid_call_falls_back_and_the_push_goes_on(
    daemon: Daemon, client: curtain.Client
) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")
    sub = client.subscribe(window)
    with daemon.client(client_name="delegate", timeout=10) as answering:
        answering.set_delegate("Nav", Recording(), answer_timeout=10)
        waiting = client.push("Nav", "B")
        assert waiting.delegate_call_id == 1 and waiting.transition is None
        # The question is out (the call went to the delegate's connection)
        # when its event is; the delegate then goes away without answering.
        assert next(sub.events(timeout=5)).text == "Nav.delegate#1.navigationAnimationController(push, A → B)"
    # The daemon notices the closed connection on its own time: wait for it.
    after: list[str] = []
    for event in sub.events(timeout=5):
        if event.category is types.EventCategory.LIFECYCLE:
            after.append(event.text)
        if event.text == "B.viewDidLoad":
            break
    assert after == ["Nav.delegate#1 fallback(disconnected)", "B.willMove(Nav)", "B.viewDidLoad"]
    # UIKit's push (0.35 s), not the delegate's 1 s fade: done at 0.35 s.
    client.advance_clock(window, 0.35)
    client.sync()
    assert "B.viewDidAppear(true)" in texts(sub.poll())
    # The next push asks nobody.
    client.create_controller("content", identifier="C")
    assert client.push("Nav", "C").delegate_call_id == 0


def test_a_tab_bar_delegate_declines_a_tapped_tab_and_animates_another(client: curtain.Client) -> None:
    # Only a user's tap on a tab bar item asks shouldSelect (issue 37 §3);
    # select_tab is a selection by code, which asks only for the animator.
    window = client.create_window(clock="manual")
    client.create_controller("tab", identifier="Tabs")
    first, locked, third = (client.create_controller("content", identifier=name) for name in ("T1", "Locked", "T3"))
    client.set_tabs("Tabs", [first, locked, third])
    client.set_root(window, "Tabs")
    asked: list[tuple[str, int | None, int | None]] = []

    class Gatekeeper:
        def should_select(self, tab_bar: int, vc: int | None) -> bool:
            asked.append(("should_select", tab_bar, vc))
            return vc != locked.controller

        def animation_controller_for_transition(self, from_vc: int | None, to_vc: int | None) -> dict[str, Any]:
            asked.append(("animation", from_vc, to_vc))
            return fade_in(0.5)

    client.set_delegate("Tabs", Gatekeeper())
    sub = client.subscribe(window)
    tree = client.get_tree(window, include_views=True)
    declined = client.tap(window, *curtain.tab_bar_item_point(tree, locked), wait_until="completed")
    assert declined.completed
    assert declined.tap.effect == types.TapHit.Effect.DECLINED
    assert declined.tap.tab == locked.controller
    client.tap(window, *curtain.tab_bar_item_point(tree, third), wait_until="started")
    client.advance_clock(window, 0.5)
    client.sync()
    tabs = ids(client)["Tabs"]
    assert asked == [
        ("should_select", tabs, locked.controller),
        ("should_select", tabs, third.controller),
        ("animation", first.controller, third.controller),
    ]
    events = texts(sub.poll())
    assert [text for text in events if ".delegate" in text] == [
        "Tabs.delegate#1.tabBarShouldSelect(T1 → Locked)",
        "Tabs.delegate#1 → false",
        "Tabs.delegate#2.tabBarShouldSelect(T1 → T3)",
        "Tabs.delegate#2 → true",
        "Tabs.delegate#3.tabBarAnimationController(T1 → T3)",
        "Tabs.delegate#3 → animator(0.5 s, 1 tracks)",
    ]
    assert [text for text in events if "didSelect" in text] == ["Tabs.didSelect(T3)"]
    assert client.get_tree(window).root.selected_index == 2
    # A selection by code asks no shouldSelect and reports no didSelect.
    client.select_tab("Tabs", 0, wait_until="started")
    client.advance_clock(window, 0.5)
    client.sync()
    later = texts(sub.poll())
    assert [text for text in later if "shouldSelect" in text or "didSelect" in text] == []
    assert asked[-1] == ("animation", third.controller, first.controller)


def test_tab_bar_item_point_finds_an_item_in_window_coordinates(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    client.create_controller("tab", identifier="Tabs")
    one, two = (client.create_controller("content", identifier=name) for name in ("One", "Two"))
    client.set_tabs("Tabs", [one, two])
    client.set_root(window, "Tabs")
    tree = client.get_tree(window, include_views=True)
    # The 390 × 844 window: the bar at y 761, two items of 195 × 49.
    assert curtain.tab_bar_item_point(tree, two) == (292.5, 785.5)
    assert curtain.tab_bar_item_point(tree, one.controller) == (97.5, 785.5)
    with pytest.raises(LookupError, match="no tab bar item"):
        curtain.tab_bar_item_point(client.get_tree(window), two)
    hit = client.tap(window, 292.5, 785.5).tap
    assert (hit.role, hit.controller, hit.effect) == ("tabBarItem", two.controller, types.TapHit.Effect.SELECTED)
    assert client.get_tree(window).root.selected_index == 1


def test_a_transitioning_delegate_is_asked_for_a_presentation_and_its_dismissal(client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    modal = client.create_controller("content", identifier="Modal")
    asked: list[tuple[Any, ...]] = []

    class Transitions:
        def animation_controller_for_presented(self, presented: int, presenting: int, source: int) -> Any:
            asked.append(("presented", presented, presenting, source))
            return common_pb2.AnimatorSpec(built_in=common_pb2.BuiltInRetiming(duration=0.25))

        def animation_controller_for_dismissed(self, dismissed: int) -> None:
            asked.append(("dismissed", dismissed))

    client.set_delegate(modal, Transitions())
    sub = client.subscribe(window)
    client.present("Nav", "Modal", wait_until="started")
    client.advance_clock(window, 0.25)
    client.dismiss("Modal", wait_until="started")
    client.advance_clock(window, 1)
    client.sync()
    nav = ids(client)["Nav"]
    assert asked == [("presented", modal.controller, nav, nav), ("dismissed", modal.controller)]
    assert delegate_texts(sub) == [
        "Modal.delegate#1.animationControllerForPresented(Nav → Modal)",
        "Modal.delegate#1 → animator(built-in look)",
        "Modal.delegate#2.animationControllerForDismissed(nil → Modal)",
        "Modal.delegate#2 → default",
    ]


def test_a_custom_presentation_controller_says_whether_the_presenters_view_leaves(client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    modal = client.create_controller("content", identifier="Modal")
    asked: list[tuple[Any, ...]] = []

    class Overlay:
        def presentation_controller_for_presented(self, presented: int, presenting: int, source: int) -> Any:
            return {"dimming_alpha": 0.5}

        def should_remove_presenters_view(self, presented: int, presenting: int) -> bool:
            asked.append(("remove", presented, presenting))
            return True

    client.set_delegate(modal, Overlay())
    sub = client.subscribe(window)
    client.present("Nav", "Modal", style="custom", animated=False, wait_until="completed")
    client.sync()
    nav = ids(client)["Nav"]
    assert asked == [("remove", modal.controller, nav)]
    assert delegate_texts(sub) == [
        "Modal.delegate#1.presentationController(Nav → Modal)",
        "Modal.delegate#1 → presentation(dimming 0.5)",
        "Modal.delegate#2.frameOfPresentedView(Nav → Modal, 390×844)",
        "Modal.delegate#2 → default",
        "Modal.delegate#3.shouldRemovePresentersView(Nav → Modal)",
        "Modal.delegate#3 → true",
    ]
    root = client.get_tree(window).root
    assert root is not None and root.presented is not None
    assert (root.appearance, root.view_in_window) == (types.AppearanceState.DISAPPEARED, False)
    assert root.presented.appearance == types.AppearanceState.APPEARED


def dimming_alpha(views: types.ViewNode | None) -> float | None:
    """The alpha of the first dimming view in a view tree."""
    if views is None:
        return None
    if views.role == "dimming":
        return views.state.alpha
    return next((a for a in (dimming_alpha(v) for v in views.subviews) if a is not None), None)


def test_a_custom_presentation_controller_animates_its_dimming_view_alongside(client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    modal = client.create_controller("content", identifier="Modal")
    asked: list[tuple[Any, ...]] = []

    def fade(start: float, end: float) -> list[dict[str, Any]]:
        return [
            {
                "target": {"role": "ROLE_DIMMING_VIEW"},
                "property": "ANIMATABLE_PROPERTY_ALPHA",
                "from": {"base": "BASE_VALUE", "value": {"scalar": start}},
                "to": {"base": "BASE_VALUE", "value": {"scalar": end}},
                "timing": {"named": "NAMED_CURVE_LINEAR"},
            }
        ]

    class Overlay:
        def presentation_controller_for_presented(self, presented: int, presenting: int, source: int) -> Any:
            return {"dimming_alpha": 0.5}

        def animation_controller_for_presented(self, presented: int, presenting: int, source: int) -> Any:
            return fade_in(1)

        def presentation_transition_will_begin(self, presented: int, presenting: int) -> Any:
            asked.append(("present", presented, presenting))
            return fade(0, 1)

        def animation_controller_for_dismissed(self, dismissed: int) -> Any:
            return fade_in(1)

        def dismissal_transition_will_begin(self, dismissed: int, presenting: int) -> Any:
            asked.append(("dismiss", dismissed, presenting))
            return fade(1, 0)

    client.set_delegate(modal, Overlay())
    sub = client.subscribe(window)
    client.present("Nav", "Modal", style="custom", wait_until="started")
    client.advance_clock(window, 0.5)
    assert dimming_alpha(client.get_tree(window, presentation=True).views) == pytest.approx(0.5)
    client.advance_clock(window, 0.5)
    assert dimming_alpha(client.get_tree(window, include_views=True).views) == 1
    client.dismiss("Modal", wait_until="started")
    client.advance_clock(window, 0.25)
    assert dimming_alpha(client.get_tree(window, presentation=True).views) == pytest.approx(0.75)
    client.advance_clock(window, 1)
    client.sync()
    nav = ids(client)["Nav"]
    assert asked == [("present", modal.controller, nav), ("dismiss", modal.controller, nav)]
    said = delegate_texts(sub)
    assert [text for text in said if "delegate#5" in text or "delegate#7" in text] == [
        "Modal.delegate#5.presentationTransitionWillBegin(Nav → Modal)",
        "Modal.delegate#5 → animator(0 s, 1 tracks)",
        "Modal.delegate#7.dismissalTransitionWillBegin(Nav → Modal)",
        "Modal.delegate#7 → animator(0 s, 1 tracks)",
    ]
    assert dimming_alpha(client.get_tree(window, include_views=True).views) is None


def test_an_adaptive_delegate_picks_the_style_and_keeps_a_pulled_down_sheet(client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    modal = client.create_controller("content", identifier="Modal")
    asked: list[tuple[Any, ...]] = []

    class Adaptive:
        def adaptive_presentation_style(
            self, presented: int, style: types.ModalPresentationStyle, traits: types.Traits
        ) -> types.ModalPresentationStyle:
            asked.append(("style", presented, style, traits.horizontal, traits.vertical))
            return types.ModalPresentationStyle.FULL_SCREEN

        def presentation_controller_should_dismiss(self, presented: int) -> bool:
            asked.append(("should_dismiss", presented))
            return False

    # The roles come from the methods the object defines.
    client.set_delegate(modal, Adaptive())
    sub = client.subscribe(window)
    client.present("Nav", "Modal", style="page_sheet", wait_until="started")
    client.advance_clock(window, 1)
    declined = client.begin_interactive("Modal", kind="dismiss", wait_until="completed")
    assert declined.transition is None
    client.sync()
    assert asked == [
        (
            "style",
            modal.controller,
            types.ModalPresentationStyle.PAGE_SHEET,
            types.SizeClass.COMPACT,
            types.SizeClass.REGULAR,
        ),
        ("should_dismiss", modal.controller),
    ]
    assert delegate_texts(sub) == [
        "Modal.delegate#1.adaptivePresentationStyle(Nav → Modal, pageSheet, compact width, regular height)",
        "Modal.delegate#1 → style(fullScreen)",
        "Modal.delegate#2.presentationControllerShouldDismiss(nil → Modal, interactive)",
        "Modal.delegate#2 → false",
    ]
    # Still presented, full screen (no card) as the delegate said.
    shown = client.get_tree(window).root.presented
    assert shown is not None and shown.controller == modal.controller
    assert (shown.presentation.requested_style, shown.presentation.style, shown.presentation.card) == (
        types.ModalPresentationStyle.PAGE_SHEET,
        types.ModalPresentationStyle.FULL_SCREEN,
        False,
    )


def test_an_adaptive_delegate_wraps_a_compact_popover_in_a_navigation_controller(client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    popover = client.create_controller("content", identifier="Popover")
    wrapper = client.create_controller("navigation", identifier="Wrapper")
    asked: list[tuple[Any, ...]] = []

    class Wrapping:
        def adaptive_presentation_style(self, presented: int, style: Any, traits: Any) -> None:
            return None

        def view_controller_for_adaptive_presentation_style(
            self, presented: int, style: types.ModalPresentationStyle
        ) -> curtain.ControllerInfo:
            asked.append((presented, style))
            return wrapper

    client.set_delegate(popover, Wrapping())
    sub = client.subscribe(window)
    client.present("A", "Popover", style="popover", animated=False, wait_until="completed")
    assert asked == [(popover.controller, types.ModalPresentationStyle.OVER_FULL_SCREEN)]
    assert delegate_texts(sub)[-2:] == [
        "Popover.delegate#2.viewControllerForAdaptivePresentationStyle(A → Popover, overFullScreen, "
        "compact width, regular height)",
        f"Popover.delegate#2 → controller(c{wrapper.controller})",
    ]
    shown = client.get_tree(window).root.presented
    assert shown is not None and shown.controller == wrapper.controller
    assert [child.controller for child in shown.children] == [popover.controller]
    # Regular: the popover itself, out of the wrapper.
    client.resize_window(
        window,
        metrics={"size": {"width": 820, "height": 1180}, "idiom": "IDIOM_PAD", "scale": 2},
        animated=False,
        wait_until="completed",
    )
    shown = client.get_tree(window).root.presented
    assert shown is not None and shown.controller == popover.controller
    assert shown.presentation.style == types.ModalPresentationStyle.POPOVER


def test_a_replacement_that_is_no_controller_is_logged_and_answers_the_default(
    caplog: pytest.LogCaptureFixture,
) -> None:
    call = protocol_pb2.DelegateCall(
        call_id=4, method=common_pb2.DELEGATE_METHOD_VIEW_CONTROLLER_FOR_ADAPTIVE_PRESENTATION_STYLE
    )

    class Odd:
        def view_controller_for_adaptive_presentation_style(self, presented: Any, style: Any) -> str:
            return "@Wrapper"

    class Plain:
        def view_controller_for_adaptive_presentation_style(self, presented: Any, style: Any) -> int:
            return 12

    assert _delegates.answer(Plain(), call) == (common_pb2.DelegateAnswer(controller_id=12), None)
    assert _delegates.vends_replacement(Plain()) and not _delegates.vends_replacement(Recording())
    with caplog.at_level(logging.ERROR, logger="curtain.delegates"):
        assert _delegates.answer(Odd(), call) == (common_pb2.DelegateAnswer(), None)
    assert "a replacement controller is a controller id" in str(caplog.records[0].exc_info[1])  # type: ignore[index]


def test_a_style_answer_may_be_a_name_and_an_unknown_name_is_logged(
    client: curtain.Client, caplog: pytest.LogCaptureFixture
) -> None:
    call = protocol_pb2.DelegateCall(call_id=1, method=common_pb2.DELEGATE_METHOD_ADAPTIVE_PRESENTATION_STYLE)
    assert _delegates.answer_message("over_full_screen").style == common_pb2.MODAL_PRESENTATION_STYLE_OVER_FULL_SCREEN
    assert _delegates.answer_message(types.ModalPresentationStyle.NONE).HasField("style")

    class Odd:
        def adaptive_presentation_style(self, presented: Any, style: Any, traits: Any) -> str:
            return "sideways"

    with caplog.at_level(logging.ERROR, logger="curtain.delegates"):
        assert _delegates.answer(Odd(), call) == (common_pb2.DelegateAnswer(), None)
    assert "failed to answer call 1" in caplog.records[0].getMessage()
    assert "not a delegate answer: 'sideways'" in str(caplog.records[0].exc_info[1])  # type: ignore[index]


def test_clearing_a_delegate_stops_the_questions(client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")
    delegate = Recording()
    client.set_delegate("Nav", delegate)
    assert len(client._core.delegates) == 1
    client.clear_delegate("Nav", roles=["navigation"])
    assert len(client._core.delegates) == 0
    sub = client.subscribe(window)
    client.push("Nav", "B", wait_until="started")
    client.sync()
    assert delegate_texts(sub) == [] and delegate.calls == []
    # Cleared while a question is open (by the delegate method itself):
    # the question falls back and the answer that follows is ignored.
    client.advance_clock(window, 1)

    class ClearsItself:
        def animation_controller_for(self, operation: str, from_vc: int, to_vc: int) -> dict[str, Any]:
            client.clear_delegate("Nav")
            return fade_in(1)

    client.set_delegate(ids(client)["Nav"], ClearsItself())
    client.pop("Nav", wait_until="started")
    client.sync()
    assert delegate_texts(sub) == [
        "Nav.delegate#1.navigationAnimationController(pop, B → A)",
        "Nav.delegate#1 fallback(cleared)",
    ]
    with pytest.raises(curtain.ServerError) as refused:
        client.set_delegate("Nowhere", delegate)
    assert refused.value.code is curtain.ErrorCode.NOT_FOUND
    assert len(client._core.delegates) == 0


def test_a_second_delegate_replaces_the_first_which_gets_a_notice(daemon: Daemon, client: curtain.Client) -> None:
    manual_stack(client, "A")
    first = Recording()
    client.set_delegate("Nav", first)
    with daemon.client(client_name="second", timeout=10) as second:
        second.set_delegate("Nav", Recording(), roles=["navigation", "tab_bar"])
        client.sync()
        [notice] = client.notices()
        assert notice.text == f"Nav.delegate(navigation) replaced by client {second.welcome.client_id}"
        assert notice.seq == 0 and notice.window_id == 0 and notice.kind == "delegate"
        assert notice.delegate is not None and notice.delegate.phase is types.DelegateEvent.Phase.REPLACED
        assert notice.delegate.role is types.DelegateRole.NAVIGATION
        assert notice.delegate.by_client_id == second.welcome.client_id
        assert client.notices() == []
        assert len(client._core.delegates) == 0
        with pytest.raises(curtain.ServerError) as refused:
            client.clear_delegate("Nav")
        assert refused.value.code is curtain.ErrorCode.NOT_OWNER


def test_the_asyncio_client_answers_from_a_task_with_async_methods(daemon: Daemon) -> None:
    async def scenario() -> None:
        async with curtain.AsyncClient(daemon.socket_path, timeout=10) as client:
            window = await client.create_window(clock="manual")
            await client.create_controller("nav", identifier="Nav")
            for name in ("A", "B"):
                await client.create_controller("content", identifier=name)
            await client.set_stack("Nav", ["A"], animated=False)
            await client.set_root(window, "Nav")
            asked: list[str] = []

            class Async:
                async def animation_controller_for(self, operation: str, from_vc: int, to_vc: int) -> Any:
                    asked.append(operation)
                    await asyncio.sleep(0)
                    return fade_in(1) if operation == "push" else None

            await client.set_delegate("Nav", Async(), answer_timeout=10)
            sub = await client.subscribe(window)
            started = await client.push("Nav", "B", wait_until="started")
            assert started.transition
            await client.advance_clock(window, 1)
            await client.pop("Nav", wait_until="started")
            await client.sync()
            events = [event.text for event in sub.poll() if ".delegate" in event.text]  # type: ignore[union-attr]
            assert events == [
                "Nav.delegate#1.navigationAnimationController(push, A → B)",
                "Nav.delegate#1 → animator(1 s, 1 tracks)",
                "Nav.delegate#2.navigationAnimationController(pop, B → A)",
                "Nav.delegate#2 → default",
            ]
            assert asked == ["push", "pop"]
            assert await client.serve_delegates(timeout=0.01) == 0
            await client.clear_delegate("Nav")
            assert len(client._core.delegates) == 0

    asyncio.run(scenario())


# MARK: Without a daemon


class Recorder(RequestMethods):
    """Records what each method would send."""

    def _call(self, spec: curtain.RequestSpec, body: Any, options: dict[str, Any]) -> Any:
        return spec.body, body, options


def test_roles_default_to_those_whose_methods_the_delegate_defines() -> None:
    class Both:
        def should_select(self, tab_bar: int, vc: int) -> bool:
            return True

        def should_perform_segue(self, identifier: str, sender: None) -> bool:
            return True

    r = Recorder()
    both = Both()
    _, body, options = r.set_delegate("Tabs", both, answer_timeout=0.25)
    assert body == protocol_pb2.SetDelegate(
        controller=protocol_pb2.ControllerRef(identifier="Tabs"),
        roles=[common_pb2.DELEGATE_ROLE_TAB_BAR, common_pb2.DELEGATE_ROLE_SEGUE],
        timeout_ms=250,
    )
    assert options == {"attachment": both}
    _, body, _ = r.set_delegate(3, both, roles=["tab", "transitioning"])
    assert list(body.roles) == [common_pb2.DELEGATE_ROLE_TAB_BAR, common_pb2.DELEGATE_ROLE_TRANSITIONING]
    assert body.timeout_ms == 0
    _, body, _ = r.clear_delegate("Tabs")
    assert body == protocol_pb2.ClearDelegate(controller=protocol_pb2.ControllerRef(identifier="Tabs"))
    with pytest.raises(TypeError, match="defines none of the delegate methods"):
        r.set_delegate("Nav", object())
    with pytest.raises(ValueError, match="unknown delegate_role 'popover'"):
        r.set_delegate("Nav", both, roles=["popover"])
    with pytest.raises(ValueError, match="positive number of seconds"):
        r.set_delegate("Nav", both, answer_timeout=0)
    _, body, _ = r.delegate_reply(4, {"duration": 0.5})
    assert body == protocol_pb2.DelegateReply(
        call_id=4, answer=common_pb2.DelegateAnswer(animator=common_pb2.AnimatorSpec(duration=0.5))
    )
    _, body, _ = r.delegate_reply(5, False)
    assert body.answer.HasField("yes") and not body.answer.yes


def test_each_question_calls_its_method_with_its_arguments() -> None:
    seen: list[tuple[Any, ...]] = []

    class Everything:
        def __getattr__(self, name: str) -> Any:
            return lambda *arguments: seen.append((name, *arguments))

    def call(method: int, **arguments: Any) -> protocol_pb2.DelegateCall:
        return protocol_pb2.DelegateCall(
            call_id=1, controller_id=9, method=method, arguments=common_pb2.DelegateArguments(**arguments)
        )

    M = types.DelegateMethod
    for question in [
        call(M.NAVIGATION_ANIMATION_CONTROLLER, operation="pop", from_id=2, to_id=1),
        call(M.TAB_BAR_SHOULD_SELECT, from_id=2, to_id=3),
        call(M.TAB_BAR_ANIMATION_CONTROLLER, from_id=2, to_id=3),
        call(M.ANIMATION_CONTROLLER_FOR_PRESENTED, from_id=2, to_id=4),
        call(M.ANIMATION_CONTROLLER_FOR_DISMISSED, to_id=4),
        call(M.SHOULD_PERFORM_SEGUE, identifier="go"),
        call(M.NAVIGATION_INTERACTION_CONTROLLER, operation="push", from_id=1, to_id=2),
        call(M.TAB_BAR_INTERACTION_CONTROLLER, from_id=2, to_id=3),
        call(M.INTERACTION_CONTROLLER_FOR_PRESENTATION, from_id=2, to_id=4),
        call(M.INTERACTION_CONTROLLER_FOR_DISMISSAL, to_id=4),
        call(M.PREPARE_FOR_SEGUE, identifier="go", from_id=2, to_id=5),
    ]:
        assert _delegates.answer(Everything(), question) == (common_pb2.DelegateAnswer(), None)
    assert seen == [
        ("animation_controller_for", "pop", 2, 1),
        ("should_select", 9, 3),
        ("animation_controller_for_transition", 2, 3),
        ("animation_controller_for_presented", 4, 2, 2),
        ("animation_controller_for_dismissed", 4),
        ("should_perform_segue", "go", None),
        ("interaction_controller_for", "push", 1, 2),
        ("interaction_controller_for_transition", 2, 3),
        ("interaction_controller_for_presentation", 4, 2),
        ("interaction_controller_for_dismissal", 4),
        ("prepare_for_segue", "go", 5, None),
    ]
    # A method the object does not define: UIKit's default, quietly.
    assert _delegates.answer(object(), call(M.SHOULD_PERFORM_SEGUE)) == (common_pb2.DelegateAnswer(), None)


def test_prepare_for_segue_configures_the_destination_before_it_is_shown(
    daemon: Daemon, client: curtain.Client
) -> None:
    window = client.create_window(clock="manual")
    client.load_storyboard(
        '{"name": "S", "initial": "Home", "scenes": [{"id": "Home"}, {"id": "Next"}],'
        ' "segues": [{"identifier": "go", "source": "Home", "destination": "Next", "kind": "present"}]}',
        window=window,
    )
    seen: list[tuple[str, int | None]] = []
    with daemon.client(client_name="configurer", timeout=10) as other:

        class Preparer:
            def prepare_for_segue(self, identifier: str, destination: int | None, sender: object) -> None:
                seen.append((identifier, destination))
                assert destination is not None
                other.configure_controller(destination, title="Prepared")

        client.set_delegate("Home", Preparer(), answer_timeout=10)
        went = client.perform_segue("Home", "go", animated=False)
        assert client.wait_idle(window).idle
    assert seen == [("go", went.destination)]
    presented = client.get_tree(window).root.presented
    assert presented is not None and presented.title == "Prepared" and presented.controller == went.destination


def test_an_answer_whose_connection_ended_before_its_acknowledgement_is_no_refusal(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A program that stops (Ctrl-C) right after answering closes its
    connection before the daemon's acknowledgement of the answer arrives:
    the daemon refused nothing, so no refusal is logged. A refusal still is."""
    done = _delegates.reply_done(protocol_pb2.DelegateCall(call_id=7))
    with caplog.at_level(logging.DEBUG, logger="curtain.delegates"):
        done(SimpleNamespace(error=curtain.ConnectionClosed(message="closed by the client"), value=None))
        assert [record.levelno for record in caplog.records] == [logging.DEBUG]
        caplog.clear()
        done(SimpleNamespace(error=curtain.ServerError(curtain.ErrorCode.NOT_FOUND, "no call 7"), value=None))
    assert [(record.levelno, record.getMessage()) for record in caplog.records] == [
        (logging.WARNING, "the answer to delegate call 7 was refused: NOT_FOUND: no call 7")
    ]
