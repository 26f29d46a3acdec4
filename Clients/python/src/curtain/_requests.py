"""One method per request of the protocol, shared by every client.

Each method is a small function that turns keyword arguments into the
request's body message; the :func:`request` decorator registers it under the
name of its ``Request.body`` field, checks that the message is of that
field's type, adds the options every request takes, and hands the body to
the client's ``_call``. The synchronous client answers with the result; the
asyncio client answers with an awaitable of the same result; a pipeline
answers with a :class:`~curtain.client.Reply`.

To add a request: write one decorated method here. ``tests/test_api.py``
fails while a ``Request.body`` field of the protocol has no method.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

from google.protobuf.message import Message

from . import _delegates, types
from ._names import is_controller_name, parse_controller, parse_transition, parse_window
from ._rootspec import parse_root_spec
from ._spec import REQUESTS, RequestSpec, enum_value
from ._typebase import raw
from .v1 import common_pb2 as common
from .v1 import events_pb2, metrics_pb2
from .v1 import protocol_pb2 as protocol

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .client import Subscription

# A controller: its id (int), its name (str: "c12", "@Home", or a bare
# identifier "Home"), a ControllerRef, or a result that names a controller
# (ControllerInfo, ControllerNode: its ``controller``).
ControllerLike = (
    int
    | str
    | protocol.ControllerRef
    | types.ControllerInfo
    | types.ControllerNode
    | protocol.ControllerInfo
    | common.ControllerNode
)
# A window: its id, its name ("w3", "3"), or a WindowInfo (typed or raw).
WindowLike = int | str | types.WindowInfo | common.WindowInfo
# A transition: its id, its name ("t5", "5"), or an
# OperationResult/TransitionResult naming it.
TransitionLike = (
    int | str | types.OperationResult | types.TransitionResult | protocol.OperationResult | protocol.TransitionResult
)
Metrics = types.WindowMetrics | common.WindowMetrics | Mapping[str, Any]
Animator = common.AnimatorSpec | Mapping[str, Any]

# The CLI's names for controller kinds (`curtain new-controller nav`).
CONTROLLER_KIND_ALIASES = {"nav": "navigation", "tab": "tab_bar", "tabbar": "tab_bar"}

_BODY = {field.name: field for field in protocol.Request.DESCRIPTOR.oneofs_by_name["body"].fields}
_RESULT = {field.name: field for field in protocol.Response.DESCRIPTOR.oneofs_by_name["result"].fields}


class CallOptions(TypedDict, total=False):
    """Keyword options every request method takes besides its own."""

    #: The session (empty: the client's session, by default ``default``).
    session: str
    #: Echoed in the response; stamped on every event an operation causes.
    trace_id: str
    #: Fail with CONFLICT unless the target's window is at this revision.
    expected_revision: int
    #: Operations only: ``"accepted"`` (default), ``"started"``, ``"completed"``.
    wait_until: str | int
    #: Seconds to wait for the response (synchronous client; None: forever).
    timeout: float | None


CALL_OPTIONS = tuple(CallOptions.__annotations__)


F = TypeVar("F", bound=Callable[..., Any])


def request(
    body: str, result: str, *, operation: bool = False, unwrap: Callable[[Any], Any] | None = None
) -> Callable[[F], F]:
    """Registers a method that builds the body of request ``body``."""
    if body not in _BODY:
        raise AssertionError(f"Request has no body field {body!r}")
    if result not in _RESULT:
        raise AssertionError(f"Response has no result field {result!r}")
    spec = RequestSpec(body, result, operation, unwrap)
    message_type = _BODY[body].message_type

    def decorate(build: F) -> F:
        signature = inspect.signature(build)
        params = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
        own = {p.name for p in params}
        allowed = [name for name in CALL_OPTIONS if operation or name != "wait_until"]

        @functools.wraps(build)
        def method(self: Any, *args: Any, **kwargs: Any) -> Any:
            options = {name: kwargs.pop(name) for name in allowed if name in kwargs}
            unknown = sorted(set(kwargs) - own)
            if unknown:
                hint = " (only operations take wait_until)" if "wait_until" in unknown else ""
                raise TypeError(f"{build.__name__}() got unexpected keyword arguments: {', '.join(unknown)}{hint}")
            message = build(self, *args, **kwargs)
            if isinstance(message, Attached):
                options["attachment"] = message.attachment
                message = message.message
            if message.DESCRIPTOR is not message_type:
                raise AssertionError(f"{build.__name__} built a {message.DESCRIPTOR.full_name}")
            return self._call(spec, message, options)

        extra = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None) for name in allowed]
        method.__signature__ = signature.replace(parameters=params + extra)  # type: ignore[attr-defined]
        method.__curtain_request__ = spec  # type: ignore[attr-defined]
        REQUESTS[body] = spec
        return method  # type: ignore[return-value]

    return decorate


@dataclass(frozen=True)
class Attached:
    """What a request method returns to hand the client something besides
    the body (SetDelegate: the delegate object, kept by the connection once
    the daemon accepts the registration)."""

    message: Message
    attachment: Any


# MARK: Conversions


def controller_ref(value: ControllerLike) -> protocol.ControllerRef:
    """A ``ControllerRef``. An int is an id. A str is the CLI's name when it
    has that form (``"c12"``: id 12; ``"@Home"``: identifier ``Home``, so
    ``"@c2"`` is the identifier ``c2``), else an identifier (``"Home"``);
    ``""``, ``"@"``, ``"c0"`` and ids past 2**64-1 raise
    :class:`TargetNameError` with the CLI's message."""
    if isinstance(value, protocol.ControllerRef):
        return value
    if isinstance(value, bool):
        raise TypeError("a controller is an id (int) or a name (str), not a bool")
    if isinstance(value, int):
        return protocol.ControllerRef(id=value)
    if isinstance(value, str):
        if value and not is_controller_name(value):
            return protocol.ControllerRef(identifier=value)
        return parse_controller(value)
    if isinstance(value, (types.ControllerInfo, types.ControllerNode)):
        return protocol.ControllerRef(id=value.controller)
    if isinstance(value, (protocol.ControllerInfo, common.ControllerNode)):
        return protocol.ControllerRef(id=value.id)
    raise TypeError(f"not a controller: {value!r}")


def optional_ref(value: ControllerLike | None) -> protocol.ControllerRef | None:
    return None if value is None else controller_ref(value)


def window_id(value: WindowLike) -> int:
    """A window id: an int, the CLI's name (``"w3"`` or ``"3"``), or a
    ``WindowInfo``; a str that does not read raises
    :class:`TargetNameError` with the CLI's message."""
    if isinstance(value, types.WindowInfo):
        return value.window
    if isinstance(value, common.WindowInfo):
        return value.id
    if isinstance(value, str):
        return parse_window(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"not a window: {value!r}")
    return value


def transition_id(value: TransitionLike) -> int:
    """A transition id: an int, the CLI's name (``"t5"`` or ``"5"``), or the
    result of the operation that started it."""
    if isinstance(value, (types.OperationResult, types.TransitionResult)):
        if value.transition is None:
            raise ValueError(f"the result names no transition: {value!r}")
        return value.transition
    if isinstance(value, (protocol.OperationResult, protocol.TransitionResult)):
        return value.transition_id
    if isinstance(value, str):
        return parse_transition(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"not a transition: {value!r}")
    return value


def _metrics(size: tuple[float, float] | None, metrics: Metrics | None) -> common.WindowMetrics | None:
    if size is not None and metrics is not None:
        raise TypeError("give size or metrics, not both")
    if size is not None:
        width, height = size
        return common.WindowMetrics(size=common.Size(width=width, height=height))
    given: Any = raw(metrics)
    if given is None or isinstance(given, common.WindowMetrics):
        return given
    return common.WindowMetrics(**given)


def _message(kind: type[Any], value: Any) -> Any:
    value = raw(value)
    if value is None or isinstance(value, kind):
        return value
    return kind(**value)


def _refs(values: Iterable[ControllerLike]) -> list[protocol.ControllerRef]:
    if isinstance(values, (str, bytes)):
        raise TypeError("expected a sequence of controllers, got a single string")
    return [controller_ref(value) for value in values]


def _animation(animated: bool, animator: Animator | None) -> dict[str, Any]:
    return {"not_animated": not animated, "animator": _message(common.AnimatorSpec, animator)}


def _past_point(at_seq: int | None, at_time: float | None) -> protocol.PastPoint | None:
    """The moment of a window's past (``None``: the present)."""
    if at_seq is not None and at_time is not None:
        raise TypeError("give at_seq or at_time, not both")
    if at_seq is not None:
        if isinstance(at_seq, bool) or not isinstance(at_seq, int) or at_seq < 1:
            raise ValueError(f"at_seq counts events from 1, got {at_seq!r}")
        return protocol.PastPoint(seq=at_seq)
    if at_time is not None:
        return protocol.PastPoint(time=float(at_time))
    return None


def _list(field: str) -> Callable[[Any], list[Any]]:
    return lambda result: list(getattr(result, field))


def _none(_: Any) -> None:
    return None


# MARK: The requests


class RequestMethods:
    """The protocol's requests as methods (mixed into every client)."""

    def _call(self, spec: RequestSpec, body: Message, options: dict[str, Any]) -> Any:
        raise NotImplementedError

    # -- Daemon and sessions

    @request("sync", "empty", unwrap=_none)
    def sync(self, **options: Unpack[CallOptions]) -> None:
        """Answers once every earlier request of this client has been applied."""
        return protocol.Sync()  # type: ignore[return-value]

    @request("get_status", "status")
    def get_status(self, **options: Unpack[CallOptions]) -> types.Status:
        """The daemon's version, pid, uptime, clients, sessions and listeners."""
        return protocol.GetStatus()  # type: ignore[return-value]

    @request("get_metrics", "metrics")
    def get_metrics(self, **options: Unpack[CallOptions]) -> metrics_pb2.Metrics:
        """What the daemon has counted: requests, frames, events, clients, goodbyes (docs/metrics.md)."""
        return metrics_pb2.GetMetrics()  # type: ignore[return-value]

    @request("shutdown", "empty", unwrap=_none)
    def shutdown(self, **options: Unpack[CallOptions]) -> None:
        """Stops the daemon after answering; every client then gets a goodbye."""
        return protocol.Shutdown()  # type: ignore[return-value]

    @request("list_sessions", "sessions", unwrap=_list("sessions"))
    def list_sessions(self, **options: Unpack[CallOptions]) -> list[types.SessionList.Entry]:
        """Every session with its window and controller counts."""
        return protocol.ListSessions()  # type: ignore[return-value]

    @request("list_nodes", "nodes")
    def list_nodes(self, **options: Unpack[CallOptions]) -> types.NodeList:
        """Cluster mode: the nodes sharing the sessions (name, address,
        liveness, the sessions each owns) as the answering node last read
        them, and ``answered_by``; INVALID_ARGUMENT outside a cluster."""
        return protocol.ListNodes()  # type: ignore[return-value]

    @request("move_session", "moved")
    def move_session(self, name: str, to_node: str, **options: Unpack[CallOptions]) -> protocol.SessionMove:
        """Cluster mode: hands session ``name`` over to node ``to_node``
        (sent to the session's node; MOVED is followed there). Answers once
        the hand-over is stored, with the session's node, address and new
        epoch; BUSY while a transition of the session runs (docs/cluster.md)."""
        return protocol.MoveSession(name=name, to_node=to_node)  # type: ignore[return-value]

    @request("kill_session", "empty", unwrap=_none)
    def kill_session(self, name: str, **options: Unpack[CallOptions]) -> None:
        """Closes a session's windows, deletes its controllers and unloads its
        storyboards; the session is gone (``"default"`` comes back empty)."""
        return protocol.KillSession(name=name)  # type: ignore[return-value]

    @request("export_session", "session_document")
    def export_session(self, **options: Unpack[CallOptions]) -> protocol.SessionDocument:
        """The session (``session=``, default the client's) as a portable,
        versioned document (docs/session-format.md) in ``.document``; the
        session must be idle (BUSY otherwise)."""
        return protocol.ExportSession()  # type: ignore[return-value]

    @request("import_session", "imported")
    def import_session(
        self, document: bytes | str, *, name: str | None = None, **options: Unpack[CallOptions]
    ) -> protocol.SessionList.Entry:
        """Loads a document of :meth:`export_session` as a session named
        ``name`` (default: the name in the document). Refused, with nothing
        changed, for a damaged or newer document or a session of that name
        that is not empty."""
        data = document.encode() if isinstance(document, str) else bytes(document)
        return protocol.ImportSession(document=data, name=name or "")  # type: ignore[return-value]

    # -- Windows

    @request("create_window", "window")
    def create_window(
        self,
        *,
        size: tuple[float, float] | None = None,
        metrics: Metrics | None = None,
        clock: str | int = "realtime",
        frame_rate: int = 0,
        root: str | protocol.ControllerSpec | None = None,
        **options: Unpack[CallOptions],
    ) -> types.WindowInfo:
        """A new visible window. ``size=(w, h)`` or full ``metrics`` (default
        390×844 phone); ``clock`` ``"realtime"`` or ``"manual"``;
        ``frame_rate`` 0 means 60. ``root`` creates a controller tree as its
        root in the same request, written as the CLI's ``--root``
        (``"Tabs=tab[Nav=nav[Home],Settings]"``; a parse error raises
        :class:`RootSpecError` before anything is sent) or as a
        ``ControllerSpec``; a refused tree creates nothing."""
        return protocol.CreateWindow(  # type: ignore[return-value]
            metrics=_metrics(size, metrics),
            clock=enum_value(common.ClockMode, clock, "CLOCK_MODE_"),
            frame_rate=frame_rate,
            root=parse_root_spec(root) if isinstance(root, str) else root,
        )

    @request("list_windows", "windows", unwrap=_list("windows"))
    def list_windows(self, **options: Unpack[CallOptions]) -> list[types.WindowInfo]:
        """The session's windows in creation order."""
        return protocol.ListWindows()  # type: ignore[return-value]

    @request("close_window", "empty", unwrap=_none)
    def close_window(
        self, window: WindowLike, *, keep_controllers: bool = False, **options: Unpack[CallOptions]
    ) -> None:
        """Closes a window and deletes the controllers of its tree, which frees
        their identifiers; with ``keep_controllers=True`` they stay in the
        session, in no window."""
        return protocol.CloseWindow(  # type: ignore[return-value]
            window_id=window_id(window), keep_controllers=keep_controllers
        )

    @request("resize_window", "operation", operation=True)
    def resize_window(
        self,
        window: WindowLike,
        *,
        size: tuple[float, float] | None = None,
        metrics: Metrics | None = None,
        animated: bool = True,
        duration: float = 0.0,
        timing: common.TimingFunction | Mapping[str, Any] | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """New metrics (or just a new ``size``) in a size transition: every
        moved view animates over ``duration`` seconds (0 means 0.4) along
        ``timing`` (default easeInOut), unless ``animated=False``."""
        return protocol.ResizeWindow(  # type: ignore[return-value]
            window_id=window_id(window),
            metrics=_metrics(size, metrics),
            not_animated=not animated,
            duration=duration,
            timing=_message(common.TimingFunction, timing),
        )

    @request("tap", "operation", operation=True)
    def tap(self, window: WindowLike, x: float, y: float, **options: Unpack[CallOptions]) -> types.OperationResult:
        """Taps the point (x, y) of a window: the result's ``tap`` says which
        view it reached and what it did (a tap on a sheet's or popover's
        dimming view dismisses it unless it is modal in presentation or the
        tap lands on one of the popover's passthrough views)."""
        return protocol.Tap(window_id=window_id(window), point=common.Point(x=x, y=y))  # type: ignore[return-value]

    @request("set_window_visible", "operation", operation=True)
    def set_window_visible(
        self, window: WindowLike, visible: bool, **options: Unpack[CallOptions]
    ) -> types.OperationResult:
        """Shows or hides a window; its root appears or disappears."""
        return protocol.SetWindowVisible(window_id=window_id(window), visible=visible)  # type: ignore[return-value]

    @request("set_window_speed", "window")
    def set_window_speed(self, window: WindowLike, speed: float, **options: Unpack[CallOptions]) -> types.WindowInfo:
        """Slow motion (like ``CALayer.speed``, or Simulator's slow animations):
        a realtime window's time runs at ``speed`` seconds per second of real
        time from now on (0.01 to 100; 1 is real time again), so every
        animation, interactive completions included, takes ``1/speed`` as long;
        events and frames keep the window's own time. Returns the window, whose
        ``speed`` says so; lasts across restarts. INVALID_ARGUMENT for a speed
        out of range or a manual window (its time moves only with
        :meth:`advance_clock`)."""
        return protocol.SetWindowSpeed(window_id=window_id(window), speed=speed)  # type: ignore[return-value]

    @request("lease", "lease")
    def lease(self, window: WindowLike, ttl: float, **options: Unpack[CallOptions]) -> types.LeaseResult:
        """Takes (or, for its holder, renews) the window's lease for ``ttl``
        seconds: until :meth:`release`, expiry or this client's disconnect,
        only this client may change the window; others get PERMISSION_DENIED
        naming the holder. Subscribers of the window see ``LeaseEvent``s."""
        return protocol.Lease(window_id=window_id(window), ttl=ttl)  # type: ignore[return-value]

    @request("release", "empty", unwrap=_none)
    def release(self, window: WindowLike, *, force: bool = False, **options: Unpack[CallOptions]) -> None:
        """Ends this client's lease of the window; with ``force=True``, an admin
        client (Unix socket, or an admin token) breaks another client's."""
        return protocol.Release(window_id=window_id(window), force=force)  # type: ignore[return-value]

    # -- Controllers

    @request("create_controller", "controller")
    def create_controller(
        self,
        kind: str | int,
        *,
        identifier: str = "",
        title: str = "",
        split: common.SplitPreferences | Mapping[str, Any] | None = None,
        page: common.PageOptions | Mapping[str, Any] | None = None,
        collection: common.CollectionOptions | Mapping[str, Any] | None = None,
        **options: Unpack[CallOptions],
    ) -> types.ControllerInfo:
        """A new controller in no window. ``kind``: ``"content"``,
        ``"navigation"``, ``"tab_bar"``, ``"container"``, ``"split"``,
        ``"page"``, ``"collection"``, or the CLI's names ``"nav"``, ``"tab"``,
        ``"tabbar"`` (``"tabBar"``). ``split`` (split preferences), ``page``
        (page options) and ``collection`` (item count, layout,
        ``layout_to_layout``: see :func:`flow_layout` and
        :func:`frames_layout`) only for those kinds."""
        return protocol.CreateController(  # type: ignore[return-value]
            kind=enum_value(common.ControllerKind, kind, "CONTROLLER_KIND_", CONTROLLER_KIND_ALIASES),
            identifier=identifier,
            title=title,
            split=_message(common.SplitPreferences, split),
            page=_message(common.PageOptions, page),
            collection=_message(common.CollectionOptions, collection),
        )

    @request("configure_controller", "controller")
    def configure_controller(
        self,
        controller: ControllerLike,
        *,
        title: str | None = None,
        identifier: str | None = None,
        should_perform_segue: Mapping[str, bool | None] | None = None,
        modal_in_presentation: bool | None = None,
        edges_for_extended_layout: int | None = None,
        bar_translucent: bool | None = None,
        should_automatically_forward_appearance_methods: bool | None = None,
        **options: Unpack[CallOptions],
    ) -> types.ControllerInfo:
        """Changes the title and/or identifier (an empty identifier removes it).

        ``should_perform_segue`` maps segue identifiers to what the controller's
        shouldPerformSegue answers when the segue is triggered; ``None`` goes back
        to the storyboard's answer. ``modal_in_presentation``:
        isModalInPresentation (a :meth:`tap` outside does not dismiss it);
        ``edges_for_extended_layout``: UIRectEdge bits (top 1, left 2, bottom
        4, right 8); ``bar_translucent``: a navigation or tab bar
        controller's bar; ``should_automatically_forward_appearance_methods``:
        custom containers only. ``None`` leaves a property as it is.
        """
        message = protocol.ConfigureController(controller=controller_ref(controller))
        if modal_in_presentation is not None:
            message.modal_in_presentation = modal_in_presentation
        if edges_for_extended_layout is not None:
            message.edges_for_extended_layout = edges_for_extended_layout
        if bar_translucent is not None:
            message.bar_translucent = bar_translucent
        if should_automatically_forward_appearance_methods is not None:
            message.should_automatically_forward_appearance_methods = should_automatically_forward_appearance_methods
        if title is not None:
            message.title = title
        if identifier is not None:
            message.identifier = identifier
        for segue, answer in (should_perform_segue or {}).items():
            message.should_perform_segue[segue] = (
                protocol.SHOULD_PERFORM_ANSWER_STORYBOARD
                if answer is None
                else protocol.SHOULD_PERFORM_ANSWER_YES
                if answer
                else protocol.SHOULD_PERFORM_ANSWER_NO
            )
        return message  # type: ignore[return-value]

    @request("list_controllers", "controllers", unwrap=_list("controllers"))
    def list_controllers(
        self,
        *,
        window: WindowLike | None = None,
        detached: bool = False,
        at_seq: int | None = None,
        at_time: float | None = None,
        **options: Unpack[CallOptions],
    ) -> list[types.ControllerInfo]:
        """The session's controllers by id: all of them, those in ``window``, or
        (``detached=True``) those in no window. ``at_seq`` (right after that event
        of ``window``, else of the session's first window) or ``at_time`` (an
        earlier time of that window) gives them as they were then, replayed by the
        daemon without touching the session (docs/protocol.md, "The past")."""
        return protocol.ListControllers(  # type: ignore[return-value]
            window_id=window_id(window) if window is not None else 0,
            detached=detached,
            past=_past_point(at_seq, at_time),
        )

    @request("delete_controller", "controllers", unwrap=_list("controllers"))
    def delete_controller(
        self, controller: ControllerLike, **options: Unpack[CallOptions]
    ) -> list[types.ControllerInfo]:
        """Deletes a controller that is in no window and has no parent, with the
        controllers it contains; answers them as they were, the controller first."""
        return protocol.DeleteController(controller=controller_ref(controller))  # type: ignore[return-value]

    # -- Containment

    @request("set_root", "operation", operation=True)
    def set_root(
        self, window: WindowLike, controller: ControllerLike | None = None, **options: Unpack[CallOptions]
    ) -> types.OperationResult:
        """Sets a window's root controller, or clears it (no ``controller``)."""
        return protocol.SetRoot(window_id=window_id(window), controller=optional_ref(controller))  # type: ignore[return-value]

    @request("add_child", "operation", operation=True)
    def add_child(
        self,
        parent: ControllerLike,
        child: ControllerLike,
        *,
        frame: common.Rect | Mapping[str, float] | None = None,
        no_view: bool = False,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Adds a child to a custom container (``frame``: the parent's bounds).
        With ``no_view``, ``addChild`` alone: the child's view waits for
        :meth:`transition_children` to install it."""
        return protocol.AddChild(  # type: ignore[return-value]
            parent=controller_ref(parent),
            child=controller_ref(child),
            frame=_message(common.Rect, frame),
            no_view=no_view,
        )

    @request("begin_appearance_transition", "operation", operation=True)
    def begin_appearance_transition(
        self, controller: ControllerLike, appearing: bool, *, animated: bool = False, **options: Unpack[CallOptions]
    ) -> types.OperationResult:
        """``beginAppearanceTransition(_:animated:)`` on a child of a custom
        container configured with
        ``should_automatically_forward_appearance_methods=False``: its
        viewWillAppear (``appearing``) or viewWillDisappear."""
        return protocol.BeginAppearanceTransition(  # type: ignore[return-value]
            controller=controller_ref(controller), appearing=appearing, animated=animated
        )

    @request("end_appearance_transition", "operation", operation=True)
    def end_appearance_transition(
        self, controller: ControllerLike, **options: Unpack[CallOptions]
    ) -> types.OperationResult:
        """``endAppearanceTransition()``: the pending begin's viewDidAppear or
        viewDidDisappear."""
        return protocol.EndAppearanceTransition(controller=controller_ref(controller))  # type: ignore[return-value]

    @request("remove_from_parent", "operation", operation=True)
    def remove_from_parent(self, controller: ControllerLike, **options: Unpack[CallOptions]) -> types.OperationResult:
        """Removes a controller from its parent container."""
        return protocol.RemoveFromParent(controller=controller_ref(controller))  # type: ignore[return-value]

    @request("transition_children", "operation", operation=True)
    def transition_children(
        self,
        container: ControllerLike,
        from_: ControllerLike,
        to: ControllerLike,
        *,
        duration: float = 0.0,
        option: str | int = "none",
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """A container transition from one child to another (``option``
        ``"none"`` or ``"cross_dissolve"``, or an ``animator``)."""
        return protocol.TransitionChildren(  # type: ignore[return-value]
            container=controller_ref(container),
            to=controller_ref(to),
            duration=duration,
            option=enum_value(protocol.TransitionChildren.Option, option, "OPTION_"),
            animator=_message(common.AnimatorSpec, animator),
            **{"from": controller_ref(from_)},
        )

    # -- Navigation

    @request("push", "operation", operation=True)
    def push(
        self,
        navigation: ControllerLike,
        controller: ControllerLike,
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Pushes a controller onto a navigation stack."""
        return protocol.Push(  # type: ignore[return-value]
            navigation=controller_ref(navigation),
            controller=controller_ref(controller),
            **_animation(animated, animator),
        )

    @request("pop", "operation", operation=True)
    def pop(
        self,
        navigation: ControllerLike,
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Pops the top controller (popping the root does nothing)."""
        return protocol.Pop(  # type: ignore[return-value]
            navigation=controller_ref(navigation), **_animation(animated, animator)
        )

    @request("pop_to", "operation", operation=True)
    def pop_to(
        self,
        navigation: ControllerLike,
        controller: ControllerLike,
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Pops to a controller of the stack."""
        return protocol.PopTo(  # type: ignore[return-value]
            navigation=controller_ref(navigation),
            controller=controller_ref(controller),
            **_animation(animated, animator),
        )

    @request("pop_to_root", "operation", operation=True)
    def pop_to_root(
        self,
        navigation: ControllerLike,
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Pops to the root of the stack."""
        return protocol.PopToRoot(  # type: ignore[return-value]
            navigation=controller_ref(navigation), **_animation(animated, animator)
        )

    @request("set_stack", "operation", operation=True)
    def set_stack(
        self,
        navigation: ControllerLike,
        controllers: Sequence[ControllerLike],
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Replaces the navigation stack."""
        return protocol.SetStack(  # type: ignore[return-value]
            navigation=controller_ref(navigation),
            controllers=_refs(controllers),
            **_animation(animated, animator),
        )

    # -- Showing and storyboards

    @request("show", "operation", operation=True)
    def show(
        self,
        sender: ControllerLike,
        controller: ControllerLike,
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """``show(_:sender:)``: a navigation controller above the sender pushes, else the sender presents."""
        return protocol.Show(  # type: ignore[return-value]
            sender=controller_ref(sender), controller=controller_ref(controller), **_animation(animated, animator)
        )

    @request("show_detail", "operation", operation=True)
    def show_detail(
        self,
        sender: ControllerLike,
        controller: ControllerLike,
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """``showDetailViewController(_:sender:)``: a split view controller
        above the sender shows it, else the sender presents."""
        return protocol.ShowDetail(  # type: ignore[return-value]
            sender=controller_ref(sender), controller=controller_ref(controller), **_animation(animated, animator)
        )

    @request("load_storyboard", "storyboard")
    def load_storyboard(
        self,
        document: bytes | str,
        *,
        window: WindowLike | None = None,
        scene: str | None = None,
        **options: Unpack[CallOptions],
    ) -> types.StoryboardInfo:
        """Loads a storyboard document (JSON, as bytes or str; docs/storyboards.md); with ``window``,
        an instance of ``scene`` (default: the initial scene) becomes its root."""
        data = document.encode() if isinstance(document, str) else bytes(document)
        return protocol.LoadStoryboard(  # type: ignore[return-value]
            document=data, window_id=window_id(window) if window is not None else 0, scene=scene or ""
        )

    @request("unload_storyboard", "empty", unwrap=_none)
    def unload_storyboard(self, name: str, **options: Unpack[CallOptions]) -> None:
        """Unloads a storyboard; controllers made from it stay, without segues."""
        return protocol.UnloadStoryboard(name=name)  # type: ignore[return-value]

    @request("instantiate_scene", "controller")
    def instantiate_scene(
        self, storyboard: str, scene: str | None = None, **options: Unpack[CallOptions]
    ) -> types.ControllerInfo:
        """``instantiateViewController(withIdentifier:)``: a new instance of a scene
        (default: the initial one) with the scenes it embeds, in no window."""
        return protocol.InstantiateScene(storyboard=storyboard, scene=scene or "")  # type: ignore[return-value]

    @request("perform_segue", "segue", operation=True)
    def perform_segue(
        self,
        source: ControllerLike,
        identifier: str,
        *,
        triggered: bool = False,
        animated: bool = True,
        **options: Unpack[CallOptions],
    ) -> types.SegueResult:
        """``performSegue(withIdentifier:sender:)``; ``triggered`` asks ``shouldPerformSegue`` first."""
        return protocol.PerformSegue(  # type: ignore[return-value]
            source=controller_ref(source), identifier=identifier, triggered=triggered, not_animated=not animated
        )

    @request("unwind", "segue", operation=True)
    def unwind(
        self, source: ControllerLike, action: str, *, animated: bool = True, **options: Unpack[CallOptions]
    ) -> types.SegueResult:
        """Unwinds from ``source`` to the first controller above it that declares ``action``."""
        return protocol.Unwind(  # type: ignore[return-value]
            source=controller_ref(source), action=action, not_animated=not animated
        )

    # -- Tab bars

    @request("select_tab", "operation", operation=True)
    def select_tab(
        self,
        tab_bar: ControllerLike,
        index: int | None = None,
        *,
        controller: ControllerLike | None = None,
        more: bool = False,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Selects a tab: exactly one of ``index``, ``controller`` or ``more=True``."""
        chosen = (index is not None) + (controller is not None) + bool(more)
        if chosen != 1:
            raise TypeError("select_tab() takes exactly one of index, controller or more=True")
        message = protocol.SelectTab(tab_bar=controller_ref(tab_bar), animator=_message(common.AnimatorSpec, animator))
        if index is not None:
            message.index = index
        elif controller is not None:
            message.controller.CopyFrom(controller_ref(controller))
        else:
            message.more = True
        return message  # type: ignore[return-value]

    @request("set_tabs", "operation", operation=True)
    def set_tabs(
        self, tab_bar: ControllerLike, controllers: Sequence[ControllerLike], **options: Unpack[CallOptions]
    ) -> types.OperationResult:
        """Replaces a tab bar controller's controllers."""
        return protocol.SetTabs(tab_bar=controller_ref(tab_bar), controllers=_refs(controllers))  # type: ignore[return-value]

    # -- Split and page view controllers

    @request("set_split_columns", "operation", operation=True)
    def set_split_columns(
        self,
        split: ControllerLike,
        primary: ControllerLike,
        secondary: ControllerLike | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Sets a split view controller's primary and (optional) secondary
        columns; while collapsed onto a navigation controller the secondary is
        pushed onto it."""
        message = protocol.SetSplitColumns(split=controller_ref(split), primary=controller_ref(primary))
        if secondary is not None:
            message.secondary.CopyFrom(controller_ref(secondary))
        return message  # type: ignore[return-value]

    @request("configure_split", "operation", operation=True)
    def configure_split(
        self,
        split: ControllerLike,
        preferences: common.SplitPreferences | Mapping[str, Any],
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Changes a split view controller's display mode and primary column
        widths (absent fields unchanged, negative values automatic)."""
        return protocol.ConfigureSplit(  # type: ignore[return-value]
            split=controller_ref(split),
            preferences=_message(common.SplitPreferences, preferences),
            **_animation(animated, animator),
        )

    @request("set_pages", "operation", operation=True)
    def set_pages(
        self,
        page: ControllerLike,
        controllers: Sequence[ControllerLike] = (),
        *,
        data_source: Sequence[ControllerLike] = (),
        reverse: bool = False,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Sets the pages a page view controller shows (forward, or backward
        with ``reverse``); a non-empty ``data_source`` replaces its data source
        (with no ``controllers`` its first pages show)."""
        return protocol.SetPages(  # type: ignore[return-value]
            page=controller_ref(page),
            controllers=_refs(controllers),
            data_source=_refs(data_source),
            reverse=reverse,
            **_animation(animated, animator),
        )

    @request("turn_page", "operation", operation=True)
    def turn_page(
        self,
        page: ControllerLike,
        *,
        reverse: bool = False,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Turns a page view controller to the next (or, with ``reverse``,
        previous) pages of its data source."""
        return protocol.TurnPage(page=controller_ref(page), reverse=reverse, **_animation(animated, animator))  # type: ignore[return-value]

    @request("set_collection_layout", "operation", operation=True)
    def set_collection_layout(
        self,
        collection: ControllerLike,
        layout: common.CollectionLayout | Mapping[str, Any],
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """``setCollectionViewLayout(_:animated:)``: the collection view
        controller's items move to ``layout``'s frames (see
        :func:`flow_layout` and :func:`frames_layout`)."""
        return protocol.SetCollectionLayout(  # type: ignore[return-value]
            collection=controller_ref(collection),
            layout=_message(common.CollectionLayout, layout),
            **_animation(animated, animator),
        )

    # -- Modal presentation

    @request("present", "operation", operation=True)
    def present(
        self,
        presenter: ControllerLike,
        controller: ControllerLike,
        *,
        animated: bool = True,
        style: str | int | None = None,
        transition_style: str | int | None = None,
        adaptive_style: str | int | None = None,
        preferred_content_size: tuple[float, float] | None = None,
        popover: protocol.PopoverSource | Mapping[str, Any] | None = None,
        custom: common.CustomPresentation | Mapping[str, Any] | None = None,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Presents ``controller`` modally; the request is sent to
        ``presenter``. ``style`` (``"form_sheet"``, ``"popover"``, …),
        ``transition_style`` (``"cross_dissolve"``, …) and
        ``preferred_content_size`` are set on the controller as the
        presentation starts; ``popover`` is a ``PopoverSource`` (or its
        fields: ``source_view_id``, ``source_rect``,
        ``permitted_arrow_directions``); ``custom`` describes a
        ``"custom"`` presentation: a ``CustomPresentation`` (or its
        fields: ``frame`` in the window, ``dimming_alpha``,
        ``removes_presenter_view``). An ``animator`` replaces the built-in
        look only in the ``"full_screen"`` and ``"custom"`` styles; in any
        other style it is not used and the result's ``animator_not_used``
        says so (a ``built_in`` re-timing applies to every style)."""
        message = protocol.Present(
            presenter=controller_ref(presenter),
            controller=controller_ref(controller),
            popover=_message(protocol.PopoverSource, popover),
            custom=_message(common.CustomPresentation, custom),
            **_animation(animated, animator),
        )
        for field, value, enum, prefix in (
            ("style", style, common.ModalPresentationStyle, "MODAL_PRESENTATION_STYLE_"),
            ("transition_style", transition_style, common.ModalTransitionStyle, "MODAL_TRANSITION_STYLE_"),
            ("adaptive_style", adaptive_style, common.ModalPresentationStyle, "MODAL_PRESENTATION_STYLE_"),
        ):
            if value is not None:
                setattr(message, field, enum_value(enum, value, prefix))
        if preferred_content_size is not None:
            width, height = preferred_content_size
            message.preferred_content_size.CopyFrom(common.Size(width=width, height=height))
        return message  # type: ignore[return-value]

    @request("dismiss", "operation", operation=True)
    def dismiss(
        self,
        controller: ControllerLike,
        *,
        animated: bool = True,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Dismisses what ``controller`` presents, else ``controller``
        itself (nothing presented: nothing happens)."""
        return protocol.Dismiss(  # type: ignore[return-value]
            controller=controller_ref(controller), **_animation(animated, animator)
        )

    # -- Interactive transitions

    @request("begin_interactive", "operation", operation=True)
    def begin_interactive(
        self,
        controller: ControllerLike,
        *,
        kind: str | int = "pop",
        presenter: ControllerLike | None = None,
        style: str | int | None = None,
        transition_style: str | int | None = None,
        reverse: bool = False,
        tab: int | None = None,
        tab_controller: ControllerLike | None = None,
        layout: common.CollectionLayout | Mapping[str, Any] | None = None,
        animator: Animator | None = None,
        **options: Unpack[CallOptions],
    ) -> types.OperationResult:
        """Begins an interactive transition; it belongs to this client. Its id
        is the result's ``transition``. ``kind="pop"``: ``controller`` is
        the navigation controller; ``"dismiss"``: the controller the dismiss
        is sent to; ``"present"``: the controller to present on
        ``presenter`` (with ``style`` and ``transition_style`` as in
        :meth:`present`); ``"page_turn"``: the page view controller, turning
        to the next pages of its data source, or the previous ones with
        ``reverse``; ``"select_tab"``: the tab bar controller, switching to
        the tab at index ``tab`` or of ``tab_controller``, with the tab slide;
        ``"layout"``: the collection view controller, its items moving to
        ``layout`` (``startInteractiveTransition(to:)``; the percentage is its
        ``transitionProgress``)."""
        message = protocol.BeginInteractive(
            kind=enum_value(protocol.BeginInteractive.Kind, kind, "KIND_"),
            animator=_message(common.AnimatorSpec, animator),
        )
        if message.kind == protocol.BeginInteractive.KIND_PRESENT:
            if presenter is None:
                raise TypeError('begin_interactive(kind="present") needs a presenter')
            message.present.presenter.CopyFrom(controller_ref(presenter))
            message.present.controller.CopyFrom(controller_ref(controller))
            if style is not None:
                message.present.style = enum_value(common.ModalPresentationStyle, style, "MODAL_PRESENTATION_STYLE_")
            if transition_style is not None:
                message.present.transition_style = enum_value(
                    common.ModalTransitionStyle, transition_style, "MODAL_TRANSITION_STYLE_"
                )
        else:
            if presenter is not None or style is not None or transition_style is not None:
                raise TypeError('presenter, style and transition_style go with kind="present"')
            if message.kind == protocol.BeginInteractive.KIND_SELECT_TAB:
                message.select_tab.tab_bar.CopyFrom(controller_ref(controller))
                if (tab is None) == (tab_controller is None):
                    raise TypeError('begin_interactive(kind="select_tab") takes one of tab or tab_controller')
                if tab_controller is not None:
                    message.select_tab.controller.CopyFrom(controller_ref(tab_controller))
                else:
                    message.select_tab.index = tab or 0
            else:
                message.controller.CopyFrom(controller_ref(controller))
        if (
            tab is not None or tab_controller is not None
        ) and message.kind != protocol.BeginInteractive.KIND_SELECT_TAB:
            raise TypeError('tab and tab_controller go with kind="select_tab"')
        if reverse:
            if message.kind != protocol.BeginInteractive.KIND_PAGE_TURN:
                raise TypeError('reverse goes with kind="page_turn"')
            message.reverse = True
        if (layout is None) != (message.kind != protocol.BeginInteractive.KIND_LAYOUT):
            raise TypeError('layout goes with kind="layout", which needs it')
        if layout is not None:
            message.layout.CopyFrom(_message(common.CollectionLayout, layout))
        return message  # type: ignore[return-value]

    @request("update_interactive", "transition")
    def update_interactive(
        self, window: WindowLike, transition: TransitionLike, percent: float, **options: Unpack[CallOptions]
    ) -> types.TransitionResult:
        """Sets an interactive transition's fraction (clamped to [0, 1])."""
        return protocol.UpdateInteractive(  # type: ignore[return-value]
            window_id=window_id(window), transition_id=transition_id(transition), percent=percent
        )

    @request("list_transitions", "transitions", unwrap=_list("transitions"))
    def list_transitions(
        self, window: WindowLike | None = None, **options: Unpack[CallOptions]
    ) -> list[types.TransitionInfo]:
        """The running transitions of the session's windows, or of ``window``,
        oldest first: kind, controllers, progress at the window's time, whether
        a client drives it and which client it belongs to."""
        return protocol.ListTransitions(  # type: ignore[return-value]
            window_id=window_id(window) if window is not None else 0
        )

    @request("pause_transition", "transition")
    def pause_transition(
        self, window: WindowLike, transition: TransitionLike, **options: Unpack[CallOptions]
    ) -> types.TransitionResult:
        """Makes a running transition interactive at its current fraction."""
        return protocol.PauseTransition(window_id=window_id(window), transition_id=transition_id(transition))  # type: ignore[return-value]

    @request("finish_interactive", "transition")
    def finish_interactive(
        self,
        window: WindowLike,
        transition: TransitionLike,
        *,
        completion_speed: float = 0.0,
        completion_curve: common.TimingFunction | Mapping[str, Any] | None = None,
        **options: Unpack[CallOptions],
    ) -> types.TransitionResult:
        """Finishes an interactive transition (``completion_speed`` ≤ 0 means 1)."""
        return protocol.FinishInteractive(  # type: ignore[return-value]
            window_id=window_id(window),
            transition_id=transition_id(transition),
            completion_speed=completion_speed,
            completion_curve=_message(common.TimingFunction, completion_curve),
        )

    @request("cancel_interactive", "transition")
    def cancel_interactive(
        self,
        window: WindowLike,
        transition: TransitionLike,
        *,
        completion_speed: float = 0.0,
        completion_curve: common.TimingFunction | Mapping[str, Any] | None = None,
        **options: Unpack[CallOptions],
    ) -> types.TransitionResult:
        """Cancels an interactive transition, with the same options as finishing."""
        return protocol.CancelInteractive(  # type: ignore[return-value]
            window_id=window_id(window),
            transition_id=transition_id(transition),
            completion_speed=completion_speed,
            completion_curve=_message(common.TimingFunction, completion_curve),
        )

    @request("animate_alongside", "transition")
    def animate_alongside(
        self,
        window: WindowLike,
        transition: TransitionLike,
        tracks: Sequence[common.Track | Mapping[str, Any]],
        **options: Unpack[CallOptions],
    ) -> types.TransitionResult:
        """Adds tracks on a transition's timeline (``accepted`` is false once it ended)."""
        return protocol.AnimateAlongside(  # type: ignore[return-value]
            window_id=window_id(window),
            transition_id=transition_id(transition),
            tracks=[_message(common.Track, track) for track in tracks],
        )

    # -- Reading

    @request("get_tree", "tree")
    def get_tree(
        self,
        window: WindowLike = 0,
        *,
        include_views: bool = False,
        presentation: bool = False,
        at_seq: int | None = None,
        at_time: float | None = None,
        **options: Unpack[CallOptions],
    ) -> types.Tree:
        """The controller tree (and views with ``include_views``) and its text;
        window 0 is the session's first window. ``presentation`` gives the view
        tree at its on-screen (presentation) values instead of model values.
        ``at_seq`` (right after that event of the window) or ``at_time`` (an
        earlier time of the window) gives the tree as it was then, replayed by the
        daemon without touching the window (docs/protocol.md, "The past")."""
        return protocol.GetTree(  # type: ignore[return-value]
            window_id=window_id(window),
            include_views=include_views,
            presentation=presentation,
            past=_past_point(at_seq, at_time),
        )

    @request("get_trace", "trace")
    def get_trace(
        self,
        window: WindowLike = 0,
        *,
        since_seq: int = 0,
        since_frame_seq: int = 0,
        clock: str | int = "window",
        **options: Unpack[CallOptions],
    ) -> types.Trace:
        """One piece of a window's trace in the Chrome trace event format
        (``json``, docs/traces.md): what happened after event ``since_seq``
        and frame ``since_frame_seq``, timed by the window's clock
        (``"window"``) or the daemon's wall clock (``"wall"``); ``more`` says
        the rest comes from ``last_seq``. ``trace()`` puts the pieces
        together. Window 0 is the session's first window."""
        return protocol.GetTrace(  # type: ignore[return-value]
            window_id=window_id(window),
            since_seq=since_seq,
            since_frame_seq=since_frame_seq,
            clock=enum_value(protocol.TraceClock, clock, "TRACE_CLOCK_"),
        )

    @request("record", "recording")
    def record(
        self,
        window: WindowLike = 0,
        *,
        from_seq: int | None = None,
        from_input: int | None = None,
        mark_only: bool = False,
        **options: Unpack[CallOptions],
    ) -> types.RecordingDocument:
        """A recording of the session (docs/recordings.md) in ``document``:
        its state at a start, every input after it and what they produced,
        cut from what the daemon keeps of its past: from the oldest input
        kept, from the window's event ``from_seq``, or from input
        ``from_input`` (the ``end_input`` of an earlier answer, which
        ``mark_only=True`` gives alone). Window 0: every window's events,
        frames and trees (``from_seq`` needs a window). Write ``document`` to
        a file for :func:`curtain.testing.replay` or ``curtain replay``."""
        if from_seq is not None and from_input is not None:
            raise TypeError("give from_seq or from_input, not both")
        body = protocol.Record(window_id=window_id(window), mark_only=mark_only)
        if from_seq is not None:
            body.from_seq = from_seq
        if from_input is not None:
            body.from_input = from_input
        return body  # type: ignore[return-value]

    @request("check_recording", "recording_check")
    def check_recording(
        self, document: bytes | str, *, update: bool = False, **options: Unpack[CallOptions]
    ) -> types.RecordingCheck:
        """Replays a recording (a document of :meth:`record`) in a scratch
        server of the daemon and compares each input's events and frames and
        the trees at the end with what it expects: ``identical``, else the
        first ``difference`` (``explanation`` says it in a line). With
        ``update``, ``updated`` is the recording with this daemon's
        expectations. A document that is not a recording raises
        INVALID_ARGUMENT (UNSUPPORTED_VERSION for a newer one)."""
        data = document.encode() if isinstance(document, str) else bytes(document)
        return protocol.CheckRecording(document=data, update=update)  # type: ignore[return-value]

    # -- Subscriptions (the client turns the result into a Subscription)

    @request("subscribe", "subscribed")
    def subscribe(
        self,
        window: WindowLike = 0,
        *,
        events: bool = True,
        frames: bool = False,
        categories: Iterable[str | int] = (),
        from_seq: int | None = None,
        snapshot: bool = False,
        frame_policy: str | int = "latest",
        frame_credits: int = 0,
        max_fps: float | None = None,
        **options: Unpack[CallOptions],
    ) -> Subscription:
        """Subscribes to a window's events and/or frames (window 0: the whole
        session). Returns a Subscription to iterate. ``from_seq`` replays the
        events after it; ``categories`` (``"lifecycle"``, ``"hierarchy"``,
        ``"transition"``, ``"operation"``, ``"window"``, ``"presentation"``)
        filters; ``frame_policy`` is ``"latest"``, ``"pause"`` or
        ``"disconnect"``. ``max_fps`` (0.01 to 240; ``None``: every frame)
        sends at most that many frames a second of each window, always with
        each transition's first and last frame; a frame's ``frames_skipped``
        counts those left out before it."""
        message = protocol.Subscribe(
            window_id=window_id(window),
            events=events,
            frames=frames,
            categories=[enum_value(events_pb2.EventCategory, c, "EVENT_CATEGORY_") for c in categories],
            snapshot=snapshot,
            frame_policy=enum_value(protocol.Subscribe.FramePolicy, frame_policy, "FRAME_POLICY_"),
            frame_credits=frame_credits,
        )
        if from_seq is not None:
            message.from_seq = from_seq
        if max_fps is not None:
            message.max_fps = max_fps
        return message  # type: ignore[return-value]

    @request("unsubscribe", "empty", unwrap=_none)
    def unsubscribe(self, subscription: Any, **options: Unpack[CallOptions]) -> None:
        """Ends a subscription of this connection (a Subscription or its id;
        a Subscription made on another node's connection, following MOVED,
        is ended there)."""
        if isinstance(subscription, int):
            return protocol.Unsubscribe(subscription_id=subscription)  # type: ignore[return-value]
        message = protocol.Unsubscribe(subscription_id=subscription.id)
        return Attached(message, subscription)  # type: ignore[return-value]

    # -- Clocks

    @request("advance_clock", "clock")
    def advance_clock(
        self,
        window: WindowLike,
        seconds: float = 0,
        *,
        to_time: float | None = None,
        **options: Unpack[CallOptions],
    ) -> types.ClockResult:
        """Moves a MANUAL window's clock by ``seconds``, or to the window time
        ``to_time`` (never backwards); answers after the step's frames are queued."""
        message = protocol.AdvanceClock(window_id=window_id(window), seconds=seconds)
        if to_time is not None:
            message.to_time = to_time
        return message  # type: ignore[return-value]

    @request("wait_idle", "window")
    def wait_idle(self, window: WindowLike, **options: Unpack[CallOptions]) -> types.WindowInfo:
        """Answers once the window has no running transition and an empty queue."""
        return protocol.WaitIdle(window_id=window_id(window))  # type: ignore[return-value]

    # -- Remote delegates (docs/delegates.md)

    @request("set_delegate", "empty", unwrap=_none)
    def set_delegate(
        self,
        controller: ControllerLike,
        delegate: object,
        *,
        roles: Iterable[str | int] | None = None,
        answer_timeout: float | None = None,
        **options: Unpack[CallOptions],
    ) -> None:
        """Makes this client the controller's delegate for ``roles``
        (``"navigation"``, ``"tab_bar"``, ``"transitioning"``, ``"segue"``;
        by default every role whose methods ``delegate`` defines): the daemon
        asks its questions, and the client answers each with what the
        delegate object's method returns (see "Delegates" in the README).
        ``answer_timeout``: seconds the daemon waits for each answer before
        it falls back to UIKit's default (None: ``curtaind
        --delegate-timeout``, 500 ms by default; ``timeout`` is, as for every
        method, how long this call waits for its own response). A second registration (by any client) replaces
        the first, whose client gets a REPLACED notice (``notices()``)."""
        role_values = _delegates.role_values(delegate, roles)
        message = protocol.SetDelegate(
            controller=controller_ref(controller),
            roles=role_values,
            timeout_ms=_delegates.timeout_ms(answer_timeout),
            interaction=_delegates.vends_interaction(delegate),
            adaptive_replacement=_delegates.vends_replacement(delegate),
        )
        return Attached(message, delegate)  # type: ignore[return-value]

    @request("clear_delegate", "empty", unwrap=_none)
    def clear_delegate(
        self, controller: ControllerLike, *, roles: Iterable[str | int] | None = None, **options: Unpack[CallOptions]
    ) -> None:
        """Ends this client's registrations as the controller's delegate
        for ``roles`` (all when None); questions open there fall back to
        UIKit's default."""
        return protocol.ClearDelegate(  # type: ignore[return-value]
            controller=controller_ref(controller),
            roles=[] if roles is None else _delegates.role_values(None, roles),
        )

    @request("delegate_reply", "delegate_reply")
    def delegate_reply(
        self,
        call_id: int,
        answer: common.DelegateAnswer | Animator | bool | None = None,
        **options: Unpack[CallOptions],
    ) -> types.DelegateReplyResult:
        """Answers a DelegateCall by hand (the clients answer the calls for
        the delegates ``set_delegate`` registered on their own): ``answer``
        None (UIKit's default), a bool, an animator spec or a remote
        animator's duration as ``{"remote_animator": {"duration": 0.3}}``
        in a DelegateAnswer; give the call's ``session``. ``accepted`` is False
        when the question was no longer open."""
        given = raw(answer)
        message = given if isinstance(given, common.DelegateAnswer) else _delegates.answer_message(given)
        return protocol.DelegateReply(call_id=call_id, answer=message)  # type: ignore[return-value]

    @request("transition_frame", "transition")
    def transition_frame(
        self,
        window: WindowLike,
        transition: TransitionLike,
        *,
        percent: float | None = None,
        views: Mapping[int, Mapping[str, Any]] | None = None,
        **options: Unpack[CallOptions],
    ) -> types.TransitionResult:
        """A remote animator's frame (see :class:`~curtain.RemoteAnimator`;
        ``TransitionContext.update`` sends it for you): ``percent`` (0…1,
        None keeps it) and presentation values by view id, such as
        ``{view: {"frame": (x, y, w, h), "alpha": 0.5}}``. Only the client
        running the animator may send it."""
        return protocol.TransitionFrame(  # type: ignore[return-value]
            window_id=window_id(window),
            transition_id=transition_id(transition),
            percent=percent,
            values=_delegates.view_values(views),
        )

    @request("complete_transition", "transition")
    def complete_transition(
        self,
        window: WindowLike,
        transition: TransitionLike,
        did_complete: bool = True,
        **options: Unpack[CallOptions],
    ) -> types.TransitionResult:
        """``completeTransition(_:)`` from a remote animator, once: the
        transition ends, cancelled when ``did_complete`` is False."""
        return protocol.CompleteTransition(  # type: ignore[return-value]
            window_id=window_id(window), transition_id=transition_id(transition), did_complete=did_complete
        )
