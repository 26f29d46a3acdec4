"""Remote animators (docs/delegates.md, "Remote animators") against a real
daemon: an animation-controller method returns a RemoteAnimator, the client
answers "I will drive it", and the animator's ``animate_transition`` gets
the transition context, sends frames and completes the transition."""

from __future__ import annotations

import asyncio

import pytest
from conftest import manual_stack, texts

import curtain
from curtain import _delegates, types
from curtain.testing import Daemon
from curtain.v1 import common_pb2


class Slide(curtain.RemoteAnimator):
    """Slides the incoming view in from the right in ``steps`` frames, then
    completes (or cancels, when told to)."""

    duration = 0.25

    def __init__(self, steps: int = 2, did_complete: bool = True) -> None:
        self.steps = steps
        self.did_complete = did_complete
        self.contexts: list[curtain.TransitionContext] = []

    def animate_transition(self, context: curtain.TransitionContext) -> None:
        self.contexts.append(context)
        final = context.to_final_frame
        assert context.to_view is not None
        for step in range(1, self.steps + 1):
            percent = step / self.steps
            x = final.x + final.width * (1 - percent)
            frame = (x, final.y, final.width, final.height)
            context.update(percent, {context.to_view: {"frame": frame, "alpha": percent}})
        context.complete(self.did_complete)


class Navigation:
    def __init__(self, animator: object) -> None:
        self.animator = animator

    def animation_controller_for(self, operation: str, from_vc: int | None, to_vc: int | None) -> object:
        return self.animator


def ids(client: curtain.Client) -> dict[str, int]:
    return {info.identifier or "": info.controller for info in client.list_controllers()}


def test_a_remote_animator_gets_the_context_sends_frames_and_completes(client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")
    slide = Slide()
    client.set_delegate("Nav", Navigation(slide), answer_timeout=10)
    sub = client.subscribe(window, frames=True)

    # The clock is manual and never moves: the push ends because the
    # animator completed it.
    done = client.push("Nav", "B", wait_until="completed")
    assert done.transition
    (context,) = slide.contexts
    named = ids(client)
    tree = client.get_tree(window, include_views=True)
    assert context.kind == "push"
    assert context.transition_id == done.transition
    assert (context.from_controller, context.to_controller) == (named["A"], named["B"])
    assert context.duration == 0.25 and context.grace == 10
    assert context.animated and not context.interactive
    assert context.to_final_frame.width == window.metrics.size.width
    assert context.to_initial_frame == types.Rect()
    assert context.completed
    client.sync()
    items = sub.poll()
    said = texts(items)
    assert said[0] == "Nav.delegate#1.navigationAnimationController(push, A → B)"
    assert said[1] == "Nav.delegate#1 → remote animator(0.25 s)"
    assert "t1.ended(cancelled: false)" in said
    assert "Nav.delegate#1 fallback" not in " ".join(said)
    # The client's halfway frame reached the subscriber.
    b_view = next(node.view for node in walk(tree.views) if node.controller == named["B"])
    assert context.to_view == b_view
    frames = [item for item in items if isinstance(item, types.Frame)]
    halfway = [
        view.state for frame in frames for view in frame.views if view.view == b_view and view.state.alpha == 0.5
    ]
    assert halfway and halfway[0].frame.x == context.to_final_frame.x + context.to_final_frame.width / 2
    assert [c.identifier for c in client.get_tree(window).root.children] == ["A", "B"]


def walk(node: types.ViewNode) -> list[types.ViewNode]:
    out = [node]
    for child in node.subviews:
        out += walk(child)
    return out


def test_completing_with_false_cancels_and_a_second_complete_is_refused(
    client: curtain.Client, caplog: pytest.LogCaptureFixture
) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")
    slide = Slide(steps=1, did_complete=False)
    client.set_delegate("Nav", Navigation(slide), answer_timeout=10)
    client.push("Nav", "B", wait_until="completed")
    assert [c.identifier for c in client.get_tree(window).root.children] == ["A"]
    (context,) = slide.contexts
    with pytest.raises(RuntimeError, match="already completed"):
        context.complete(True)
    with pytest.raises(curtain.ServerError) as raised:
        client.complete_transition(window, context.transition_id, True)
    assert raised.value.code is curtain.ErrorCode.NOT_FOUND
    assert "no longer running" in str(raised.value)
    # A frame the daemon refuses is logged.
    context.update(0.5)
    client.sync()
    assert f"a frame of transition {context.transition_id} was refused" in caplog.text


class Idle(curtain.RemoteAnimator):
    """Keeps the context and never completes."""

    duration = 0.5

    def __init__(self) -> None:
        self.context: curtain.TransitionContext | None = None

    def animate_transition(self, context: curtain.TransitionContext) -> None:
        self.context = context


def test_a_transition_never_completed_ends_after_the_grace_and_only_its_client_drives_it(
    daemon: Daemon, client: curtain.Client
) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")
    idle = Idle()
    client.set_delegate("Nav", Navigation(idle), answer_timeout=0.25)
    sub = client.subscribe(window)
    started = client.push("Nav", "B", wait_until="started")
    client.sync()
    assert idle.context is not None and idle.context.transition_id == started.transition
    with daemon.client(client_name="other", timeout=10) as other:
        with pytest.raises(curtain.ServerError) as raised:
            other.transition_frame(window, started.transition, percent=0.5)
        assert raised.value.code is curtain.ErrorCode.NOT_OWNER
        with pytest.raises(curtain.ServerError) as raised:
            other.update_interactive(window, started.transition, 0.5)
        assert "remote animator" in str(raised.value)
    client.advance_clock(window, 0.7)
    client.sync()
    assert "t1.ended" not in " ".join(texts(sub.poll()))
    client.advance_clock(window, 0.05)
    client.sync()
    said = [text for text in texts(sub.poll()) if not text.startswith("frame")]
    assert said[0] == "Nav.delegate#1 fallback(timeout)"
    assert "t1.ended(cancelled: false)" in said
    assert [c.identifier for c in client.get_tree(window).root.children] == ["A", "B"]


def test_the_asyncio_client_runs_an_async_animator(daemon: Daemon) -> None:
    class AsyncSlide(curtain.RemoteAnimator):
        duration = 0.3

        async def animate_transition(self, context: curtain.TransitionContext) -> None:
            context.update(0.5, {context.to_view: {"alpha": 0.5}})  # type: ignore[dict-item]
            await asyncio.sleep(0)
            context.complete()

    async def scenario() -> None:
        async with curtain.AsyncClient(daemon.socket_path, timeout=10) as client:
            window = await client.create_window(clock="manual")
            await client.create_controller("nav", identifier="Nav")
            for name in ("A", "B"):
                await client.create_controller("content", identifier=name)
            await client.set_stack("Nav", ["A"], animated=False)
            await client.set_root(window, "Nav")
            await client.set_delegate("Nav", Navigation(AsyncSlide()), answer_timeout=10)
            done = await client.push("Nav", "B", wait_until="completed")
            assert done.transition
            tree = await client.get_tree(window)
            assert [c.identifier for c in tree.root.children] == ["A", "B"]

    asyncio.run(scenario())


# MARK: Without a daemon


def test_frame_values_take_tuples_messages_and_dicts_and_refuse_the_rest() -> None:
    values = _delegates.view_values(
        {
            5: {"frame": (1, 2, 3, 4), "alpha": 0.5},
            6: {"center": {"x": 1, "y": 2}, "transform": types.Transform(a=1, d=1), "corner_radius": 3},
        }
    )
    assert [(v.view_id, v.property, v.value.WhichOneof("kind")) for v in values] == [
        (5, common_pb2.ANIMATABLE_PROPERTY_FRAME, "rect"),
        (5, common_pb2.ANIMATABLE_PROPERTY_ALPHA, "scalar"),
        (6, common_pb2.ANIMATABLE_PROPERTY_CENTER, "point"),
        (6, common_pb2.ANIMATABLE_PROPERTY_TRANSFORM, "transform"),
        (6, common_pb2.ANIMATABLE_PROPERTY_CORNER_RADIUS, "scalar"),
    ]
    assert values[0].value.rect == common_pb2.Rect(x=1, y=2, width=3, height=4)
    with pytest.raises(ValueError, match="unknown view property 'opacity'"):
        _delegates.view_values({5: {"opacity": 1}})
    with pytest.raises(ValueError, match="frame takes 4 numbers"):
        _delegates.view_values({5: {"frame": (1, 2)}})
    with pytest.raises(TypeError, match="alpha is a number"):
        _delegates.view_values({5: {"alpha": "high"}})


def test_a_remote_animator_answers_with_its_duration() -> None:
    message = _delegates.answer_message(Slide())
    assert message.remote_animator.duration == 0.25

    class Custom:
        def transition_duration(self) -> float:
            return 0.75

        def animate_transition(self, context: curtain.TransitionContext) -> None:
            pass

    assert _delegates.answer_message(Custom()).remote_animator.duration == 0.75

    class Broken(curtain.RemoteAnimator):
        duration = "long"  # type: ignore[assignment]

    with pytest.raises(TypeError, match="number of seconds"):
        _delegates.answer_message(Broken())


# MARK: Interaction controllers


class Scrub(curtain.InteractionController):
    """Scrubs to ``to`` and then finishes or cancels."""

    def __init__(self, to: float, finish: bool) -> None:
        self.to = to
        self.finish = finish
        self.transitions: list[curtain.InteractiveTransition] = []

    def start_interactive_transition(self, transition: curtain.InteractiveTransition) -> None:
        self.transitions.append(transition)
        transition.update(self.to)
        if self.finish:
            transition.finish()
        else:
            transition.cancel()


class Interactive:
    """A navigation delegate that vends a fade and an interaction controller."""

    def __init__(self, scrub: Scrub) -> None:
        self.scrub = scrub
        self.asked: list[tuple[str, int | None, int | None]] = []

    def animation_controller_for(self, operation: str, from_vc: int | None, to_vc: int | None) -> object:
        return {
            "duration": 1,
            "tracks": [
                {
                    "target": {"role": "ROLE_TO_VIEW"},
                    "property": "ANIMATABLE_PROPERTY_ALPHA",
                    "from": {"base": "BASE_VALUE", "value": {"scalar": 0}},
                    "to": {"base": "BASE_VALUE", "value": {"scalar": 1}},
                }
            ],
        }

    def interaction_controller_for(self, operation: str, from_vc: int | None, to_vc: int | None) -> object:
        self.asked.append((operation, from_vc, to_vc))
        return self.scrub


@pytest.mark.parametrize("finish", [True, False])
def test_an_interaction_controller_drives_the_push_it_made_interactive(client: curtain.Client, finish: bool) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")
    scrub = Scrub(0.5, finish)
    delegate = Interactive(scrub)
    client.set_delegate("Nav", delegate, answer_timeout=10)
    sub = client.subscribe(window)
    started = client.push("Nav", "B", wait_until="started")
    client.sync()
    named = ids(client)
    assert delegate.asked == [("push", named["A"], named["B"])]
    (transition,) = scrub.transitions
    assert transition.transition_id == started.transition and transition.window_id == window.window
    client.advance_clock(window, 0.5)
    client.sync()
    said = [text for text in texts(sub.poll()) if not text.startswith("frame")]
    assert said[:4] == [
        "Nav.delegate#1.navigationAnimationController(push, A → B)",
        "Nav.delegate#1 → animator(1 s, 1 tracks)",
        "Nav.delegate#2.navigationInteractionController(push, A → B)",
        "Nav.delegate#2 → interactive",
    ]
    assert "t1.began(push, A → B, animated: true, interactive: true)" in said
    assert f"t1.ended(cancelled: {str(not finish).lower()})" in said
    expected = ["A", "B"] if finish else ["A"]
    assert [c.identifier for c in client.get_tree(window).root.children] == expected


def test_a_delegate_without_interaction_methods_is_not_asked(client: curtain.Client) -> None:
    window = manual_stack(client, "A")
    client.create_controller("content", identifier="B")

    class AnimatorOnly:
        def animation_controller_for(self, operation: str, from_vc: int | None, to_vc: int | None) -> object:
            return Interactive(Scrub(0, True)).animation_controller_for(operation, from_vc, to_vc)

    client.set_delegate("Nav", AnimatorOnly(), answer_timeout=10)
    sub = client.subscribe(window)
    client.push("Nav", "B", wait_until="started")
    client.advance_clock(window, 1)
    client.sync()
    assert not [text for text in texts(sub.poll()) if "InteractionController" in text]
    assert _delegates.vends_interaction(Interactive(Scrub(0, True)))
    assert not _delegates.vends_interaction(AnimatorOnly())


def test_a_presentation_controller_and_a_frame_answer_take_dicts_tuples_and_messages() -> None:
    M = types.DelegateMethod
    message, kept = _delegates._answer({"frame": (1, 2, 3, 4), "dimming_alpha": 0.5}, M.PRESENTATION_CONTROLLER)
    assert kept is None
    assert message.presentation == common_pb2.CustomPresentation(
        frame=common_pb2.Rect(x=1, y=2, width=3, height=4), dimming_alpha=0.5
    )
    typed_answer = types.CustomPresentation(removes_presenter_view=True)
    assert _delegates._answer(typed_answer, M.PRESENTATION_CONTROLLER)[0].presentation.removes_presenter_view
    assert _delegates._answer((5, 6, 7, 8), M.FRAME_OF_PRESENTED_VIEW)[0].frame == common_pb2.Rect(
        x=5, y=6, width=7, height=8
    )
    assert _delegates._answer(types.Rect(x=1, width=2, height=2), M.FRAME_OF_PRESENTED_VIEW)[0].frame.width == 2
    assert _delegates._answer(None, M.FRAME_OF_PRESENTED_VIEW)[0] == common_pb2.DelegateAnswer()
    with pytest.raises(ValueError, match="a frame is 4 numbers"):
        _delegates._answer((1, 2), M.FRAME_OF_PRESENTED_VIEW)
    # shouldRemovePresentersView: a bool, or None for the description's.
    assert _delegates._answer(False, M.SHOULD_REMOVE_PRESENTERS_VIEW)[0] == common_pb2.DelegateAnswer(yes=False)
    assert _delegates._answer(None, M.SHOULD_REMOVE_PRESENTERS_VIEW)[0] == common_pb2.DelegateAnswer()
    # The WillBegin methods: a list of tracks is an animator spec's tracks.
    track = {"target": {"role": "ROLE_DIMMING_VIEW"}, "property": "ANIMATABLE_PROPERTY_ALPHA"}
    alongside = _delegates._answer([track], M.PRESENTATION_TRANSITION_WILL_BEGIN)[0]
    assert list(alongside.animator.tracks) == [common_pb2.Track(**track)]
    assert _delegates._answer(None, M.DISMISSAL_TRANSITION_WILL_BEGIN)[0] == common_pb2.DelegateAnswer()
