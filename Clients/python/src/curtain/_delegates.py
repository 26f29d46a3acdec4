"""Remote delegates (docs/delegates.md), without I/O: which method of a
delegate object answers each question, and the answer it makes.

A client that registers with ``set_delegate(controller, delegate)`` becomes
the controller's delegate for some roles; the daemon then asks it UIKit's
delegate questions with ``DelegateCall`` messages. The client calls the
delegate object's method of the same (snake_case) name and answers with a
``DelegateReply`` carrying what it returned:

===========================================  ===============================================  ============
``DelegateMethod``                           method of the delegate object                    role
===========================================  ===============================================  ============
``NAVIGATION_ANIMATION_CONTROLLER``          ``animation_controller_for(operation, from_vc,   navigation
                                             to_vc)``
``TAB_BAR_SHOULD_SELECT``                    ``should_select(tab_bar, vc)``                   tab_bar
``TAB_BAR_ANIMATION_CONTROLLER``             ``animation_controller_for_transition(from_vc,   tab_bar
                                             to_vc)``
``ANIMATION_CONTROLLER_FOR_PRESENTED``       ``animation_controller_for_presented(presented,  transitioning
                                             presenting, source)``
``ANIMATION_CONTROLLER_FOR_DISMISSED``       ``animation_controller_for_dismissed(dismissed)``  transitioning
``SHOULD_PERFORM_SEGUE``                     ``should_perform_segue(identifier, sender)``     segue
``PREPARE_FOR_SEGUE``                        ``prepare_for_segue(identifier, destination,     segue
                                             sender)``
``ADAPTIVE_PRESENTATION_STYLE``              ``adaptive_presentation_style(presented, style,  adaptive_presentation
                                             traits)``
``PRESENTATION_CONTROLLER_SHOULD_DISMISS``   ``presentation_controller_should_dismiss(        adaptive_presentation
                                             presented)``
``NAVIGATION_INTERACTION_CONTROLLER``        ``interaction_controller_for(operation, from_vc, navigation
                                             to_vc)``
``TAB_BAR_INTERACTION_CONTROLLER``           ``interaction_controller_for_transition(         tab_bar
                                             from_vc, to_vc)``
``INTERACTION_CONTROLLER_FOR_PRESENTATION``  ``interaction_controller_for_presentation(       transitioning
                                             presented, presenting)``
``INTERACTION_CONTROLLER_FOR_DISMISSAL``     ``interaction_controller_for_dismissal(          transitioning
                                             dismissed)``
``PRESENTATION_CONTROLLER``                  ``presentation_controller_for_presented(         transitioning
                                             presented, presenting, source)``
``FRAME_OF_PRESENTED_VIEW``                  ``frame_of_presented_view(presented,             transitioning
                                             container_size)``
``VIEW_CONTROLLER_FOR_ADAPTIVE_``            ``view_controller_for_adaptive_presentation_     adaptive_presentation
``PRESENTATION_STYLE``                       ``style(presented, style)``
``SHOULD_REMOVE_PRESENTERS_VIEW``            ``should_remove_presenters_view(presented,       transitioning
                                             presenting)``
``PRESENTATION_TRANSITION_WILL_BEGIN``       ``presentation_transition_will_begin(presented,  transitioning
                                             presenting)``
``DISMISSAL_TRANSITION_WILL_BEGIN``          ``dismissal_transition_will_begin(dismissed,     transitioning
                                             presenting)``
===========================================  ===============================================  ============

``presentation_controller_for_presented`` answers a custom present with a
:class:`~curtain.types.CustomPresentation` (or a dict of its fields:
``frame``, ``dimming_alpha``, ``removes_presenter_view``);
``frame_of_presented_view`` answers, when a custom presentation starts and
at each resize of its window, with the presented view's frame in the window
for that container size (a :class:`~curtain.types.Rect`, 4 numbers or a
dict); ``should_remove_presenters_view``, asked right after it when the
presentation starts, answers whether the presenter's view leaves the window
(a bool, over the description's ``removes_presenter_view``; None keeps the
description's). ``presentation_transition_will_begin`` and
``dismissal_transition_will_begin``, asked as an animated custom
presentation or its dismissal is about to begin, answer with animations
alongside the transition: a list of tracks (dicts of an animator spec's
track fields; ``{"role": "ROLE_DIMMING_VIEW"}`` targets the presentation's
dimming view) or an animator spec whose tracks are used; None adds nothing.

``view_controller_for_adaptive_presentation_style`` is asked only of a
delegate that defines it (it registers with
``SetDelegate.adaptive_replacement``), right after
``adaptive_presentation_style``, with the style the presentation adapts to.
It answers with a controller (its id, or a ``ControllerInfo`` or ``ControllerNode``): a
detached controller the client made, shown instead of the presented one
while the presentation is adapted; a navigation controller with an empty
stack wraps the presented one (examples/adaptive_wrap.py).

The interaction-controller methods are asked only of a delegate that
defines one (it registers with ``SetDelegate.interaction``), right after its
animation-controller method returned an animator. An interaction controller
is an object with ``start_interactive_transition(transition)`` (such as an
:class:`InteractionController`): the client answers "interactive", and once
the transition has begun, interactive and owned by this client, it calls
``start_interactive_transition`` with an :class:`InteractiveTransition` to
``update``, ``finish`` or ``cancel``.

An animation-controller method may also return a remote animator (an
object with ``animate_transition(context)``, such as a
:class:`RemoteAnimator`): the client answers "I will drive it", and when
the transition begins it calls ``animate_transition`` with a
:class:`TransitionContext` whose ``update`` sends the transition's frames
and whose ``complete`` is UIKit's ``completeTransition(_:)``.

Controllers are passed as ids (``int``, accepted wherever the client takes
a controller), ``None`` where UIKit passes nil; a presentation style as a
:class:`~curtain.types.ModalPresentationStyle`, traits as
:class:`~curtain.types.Traits`. This module is used by the
connection's state (:mod:`curtain._core`) and both clients; it imports
nothing of the request methods.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ._spec import RequestSpec, enum_value
from ._typebase import ProtoMessage, raw, typed
from .errors import ConnectionClosed
from .types import ControllerInfo, ControllerNode, DelegateMethod, DelegateRole, ModalPresentationStyle
from .v1 import common_pb2, protocol_pb2

#: Where the clients log a delegate method that raised or returned
#: something that is not an answer, and answers the daemon refused.
logger = logging.getLogger("curtain.delegates")

#: The roles' short names besides the protocol's (``"tab_bar"``).
ROLE_ALIASES = {"tab": "tab_bar", "tabbar": "tab_bar"}

#: The methods of a delegate object each role's questions call, in UIKit's order.
ROLE_METHODS: dict[int, tuple[str, ...]] = {
    DelegateRole.NAVIGATION: ("animation_controller_for", "interaction_controller_for"),
    DelegateRole.TAB_BAR: (
        "should_select",
        "animation_controller_for_transition",
        "interaction_controller_for_transition",
    ),
    DelegateRole.TRANSITIONING: (
        "animation_controller_for_presented",
        "animation_controller_for_dismissed",
        "interaction_controller_for_presentation",
        "interaction_controller_for_dismissal",
        "presentation_controller_for_presented",
        "frame_of_presented_view",
        "should_remove_presenters_view",
        "presentation_transition_will_begin",
        "dismissal_transition_will_begin",
    ),
    DelegateRole.ADAPTIVE_PRESENTATION: (
        "adaptive_presentation_style",
        "view_controller_for_adaptive_presentation_style",
        "presentation_controller_should_dismiss",
    ),
    DelegateRole.SEGUE: ("should_perform_segue", "prepare_for_segue"),
}


def _id(value: int) -> int | None:
    return value or None


#: Each question's method name and its positional arguments, from the call's
#: controller id and ``DelegateArguments``.
METHODS: dict[int, tuple[str, Callable[[protocol_pb2.DelegateCall], tuple[Any, ...]]]] = {
    DelegateMethod.NAVIGATION_ANIMATION_CONTROLLER: (
        "animation_controller_for",
        lambda c: (c.arguments.operation, _id(c.arguments.from_id), _id(c.arguments.to_id)),
    ),
    DelegateMethod.TAB_BAR_SHOULD_SELECT: ("should_select", lambda c: (c.controller_id, _id(c.arguments.to_id))),
    DelegateMethod.TAB_BAR_ANIMATION_CONTROLLER: (
        "animation_controller_for_transition",
        lambda c: (_id(c.arguments.from_id), _id(c.arguments.to_id)),
    ),
    # Curtain's presentations have one presenter: it is both the presenting
    # controller and the source.
    DelegateMethod.ANIMATION_CONTROLLER_FOR_PRESENTED: (
        "animation_controller_for_presented",
        lambda c: (_id(c.arguments.to_id), _id(c.arguments.from_id), _id(c.arguments.from_id)),
    ),
    DelegateMethod.ANIMATION_CONTROLLER_FOR_DISMISSED: (
        "animation_controller_for_dismissed",
        lambda c: (_id(c.arguments.to_id),),
    ),
    # Curtain's segues have no sender object.
    DelegateMethod.SHOULD_PERFORM_SEGUE: ("should_perform_segue", lambda c: (c.arguments.identifier, None)),
    # prepare(for:sender:) returns nothing: whatever the method returns, the
    # answer is empty (the destination is configured with requests).
    DelegateMethod.PREPARE_FOR_SEGUE: (
        "prepare_for_segue",
        lambda c: (c.arguments.identifier, _id(c.arguments.to_id), None),
    ),
    DelegateMethod.ADAPTIVE_PRESENTATION_STYLE: (
        "adaptive_presentation_style",
        lambda c: (
            _id(c.arguments.to_id),
            ModalPresentationStyle(c.arguments.style),
            typed(c.arguments.traits),
        ),
    ),
    DelegateMethod.VIEW_CONTROLLER_FOR_ADAPTIVE_PRESENTATION_STYLE: (
        "view_controller_for_adaptive_presentation_style",
        lambda c: (_id(c.arguments.to_id), ModalPresentationStyle(c.arguments.style)),
    ),
    DelegateMethod.PRESENTATION_CONTROLLER_SHOULD_DISMISS: (
        "presentation_controller_should_dismiss",
        lambda c: (_id(c.arguments.to_id),),
    ),
    DelegateMethod.NAVIGATION_INTERACTION_CONTROLLER: (
        "interaction_controller_for",
        lambda c: (c.arguments.operation, _id(c.arguments.from_id), _id(c.arguments.to_id)),
    ),
    DelegateMethod.TAB_BAR_INTERACTION_CONTROLLER: (
        "interaction_controller_for_transition",
        lambda c: (_id(c.arguments.from_id), _id(c.arguments.to_id)),
    ),
    DelegateMethod.INTERACTION_CONTROLLER_FOR_PRESENTATION: (
        "interaction_controller_for_presentation",
        lambda c: (_id(c.arguments.to_id), _id(c.arguments.from_id)),
    ),
    DelegateMethod.INTERACTION_CONTROLLER_FOR_DISMISSAL: (
        "interaction_controller_for_dismissal",
        lambda c: (_id(c.arguments.to_id),),
    ),
    DelegateMethod.PRESENTATION_CONTROLLER: (
        "presentation_controller_for_presented",
        lambda c: (_id(c.arguments.to_id), _id(c.arguments.from_id), _id(c.arguments.from_id)),
    ),
    DelegateMethod.FRAME_OF_PRESENTED_VIEW: (
        "frame_of_presented_view",
        lambda c: (_id(c.arguments.to_id), typed(c.arguments.size)),
    ),
    DelegateMethod.SHOULD_REMOVE_PRESENTERS_VIEW: (
        "should_remove_presenters_view",
        lambda c: (_id(c.arguments.to_id), _id(c.arguments.from_id)),
    ),
    DelegateMethod.PRESENTATION_TRANSITION_WILL_BEGIN: (
        "presentation_transition_will_begin",
        lambda c: (_id(c.arguments.to_id), _id(c.arguments.from_id)),
    ),
    DelegateMethod.DISMISSAL_TRANSITION_WILL_BEGIN: (
        "dismissal_transition_will_begin",
        lambda c: (_id(c.arguments.to_id), _id(c.arguments.from_id)),
    ),
}

#: The methods whose answer is animations alongside the transition.
ALONGSIDE_METHODS = (DelegateMethod.PRESENTATION_TRANSITION_WILL_BEGIN, DelegateMethod.DISMISSAL_TRANSITION_WILL_BEGIN)

#: The interaction-controller methods: a delegate that defines one is
#: registered as vending interaction controllers.
INTERACTION_METHODS = (
    "interaction_controller_for",
    "interaction_controller_for_transition",
    "interaction_controller_for_presentation",
    "interaction_controller_for_dismissal",
)


def vends_interaction(delegate: object) -> bool:
    """Whether ``delegate`` defines an interaction-controller method."""
    return any(callable(getattr(delegate, name, None)) for name in INTERACTION_METHODS)


def vends_replacement(delegate: object) -> bool:
    """Whether ``delegate`` defines ``view_controller_for_adaptive_presentation_style``."""
    return callable(getattr(delegate, "view_controller_for_adaptive_presentation_style", None))


def roles_of(delegate: object) -> list[int]:
    """The roles whose methods ``delegate`` defines (at least one of them)."""
    return [role for role, names in ROLE_METHODS.items() if any(callable(getattr(delegate, n, None)) for n in names)]


def role_values(delegate: object, roles: Iterable[str | int] | None) -> list[Any]:
    """The ``DelegateRole`` numbers to register: ``roles`` by name
    (``"navigation"``, ``"tab_bar"``, ``"transitioning"``,
    ``"adaptive_presentation"``, ``"segue"``) or
    number, or by default those whose methods ``delegate`` defines."""
    if roles is None:
        found = roles_of(delegate)
        if not found:
            names = ", ".join(name for names in ROLE_METHODS.values() for name in names)
            raise TypeError(f"{delegate!r} defines none of the delegate methods ({names}); name its roles")
        return found
    if isinstance(roles, (str, bytes)):
        roles = [roles]  # type: ignore[list-item]
    return [enum_value(common_pb2.DelegateRole, role, "DELEGATE_ROLE_", ROLE_ALIASES) for role in roles]


def timeout_ms(timeout: float | None) -> int:
    """A registration's timeout in milliseconds (0: the daemon's default)."""
    if timeout is None:
        return 0
    if isinstance(timeout, bool) or not 0 < timeout <= 0xFFFFFFFF / 1000:
        raise ValueError(f"a delegate timeout is a positive number of seconds, got {timeout!r}")
    return max(1, round(timeout * 1000))


@dataclass
class Registration:
    """A delegate object this client registered for one role of a controller."""

    delegate: object
    #: The controller's identifier, when it was registered by it.
    identifier: str = ""


class Registry:
    """The delegate objects of one connection, by session, controller id
    and role. Filled when a SetDelegate succeeds, emptied by ClearDelegate
    and the daemon's REPLACED notices; a new connection starts empty (the
    daemon ends a connection's registrations when it closes)."""

    def __init__(self) -> None:
        self._entries: dict[tuple[str, int, int], Registration] = {}

    def add(self, session: str, controller_id: int, identifier: str, roles: Iterable[int], delegate: object) -> None:
        for role in roles:
            self._entries[(session, controller_id, role)] = Registration(delegate, identifier)

    def remove(self, session: str, ref: protocol_pb2.ControllerRef, controller_id: int, roles: Iterable[int]) -> None:
        """Forgets the registrations of the controller ``ref`` names (its id
        is ``controller_id`` when known) for ``roles`` (all when empty)."""
        wanted = set(roles)
        for key in list(self._entries):
            entry_session, entry_id, role = key
            named = entry_id == controller_id or (ref.identifier and self._entries[key].identifier == ref.identifier)
            if entry_session == session and named and (not wanted or role in wanted):
                del self._entries[key]

    def replaced(self, controller_id: int, role: int) -> None:
        """Another client took over the role (a REPLACED notice does not
        name its session: every session's registration of that id goes)."""
        for key in [key for key in self._entries if key[1:] == (controller_id, role)]:
            del self._entries[key]

    def delegate(self, call: protocol_pb2.DelegateCall) -> object | None:
        entry = self._entries.get((call.session, call.controller_id, call.role))
        return None if entry is None else entry.delegate

    def __len__(self) -> int:
        return len(self._entries)


#: The lookup of a controller's id from its identifier that goes before a
#: SetDelegate or ClearDelegate naming the controller by identifier: the
#: daemon's calls carry ids.
LOOKUP = RequestSpec("list_controllers", "controllers", False)


def lookup_id(controllers: Any, identifier: str) -> int:
    """The id of the controller called ``identifier`` in a ControllerList
    (typed), or 0."""
    return next(
        (info.controller for info in getattr(controllers, "controllers", ()) if info.identifier == identifier), 0
    )


def method_of(delegate: object | None, call: protocol_pb2.DelegateCall) -> tuple[str, Callable[..., Any] | None]:
    """The name of the method that answers ``call`` and the delegate's
    bound method (None when it does not define it)."""
    name, _ = METHODS.get(call.method, (f"<unknown delegate method {call.method}>", None))
    method = getattr(delegate, name, None) if delegate is not None else None
    return name, method if callable(method) else None


def invoke(delegate: object | None, call: protocol_pb2.DelegateCall) -> Any:
    """Calls the delegate's method for ``call`` with its arguments; None
    (UIKit's default) when there is no such method or no delegate."""
    name, method = method_of(delegate, call)
    if method is None:
        if delegate is None:
            logger.warning(
                "delegate call %d (%s) for controller %d: no delegate object is registered here; answering the default",
                call.call_id,
                name,
                call.controller_id,
            )
        return None
    _, arguments = METHODS[call.method]
    return method(*arguments(call))


class RemoteAnimator:
    """An animation controller that runs on the client
    (``UIViewControllerAnimatedTransitioning``): return one from an
    animation-controller method and the daemon hands the transition to it.
    Subclasses define :meth:`animate_transition`; ``duration`` (or an
    overridden :meth:`transition_duration`) is the transition's duration,
    which the daemon also uses to end a transition never completed (the
    duration plus the registration's timeout)."""

    #: ``transitionDuration(using:)`` in seconds.
    duration: float = 0.35

    def transition_duration(self) -> float:
        """``transitionDuration(using:)``."""
        return self.duration

    def animate_transition(self, context: TransitionContext) -> Any:
        """``animateTransition(using:)``: move the views with
        ``context.update(...)`` and end with ``context.complete(...)``, now
        or later (an ``async def`` with AsyncClient)."""
        raise NotImplementedError


class InteractionController:
    """An interaction controller run by the client
    (``UIViewControllerInteractiveTransitioning``): return one from an
    interaction-controller method and the transition begins interactive,
    owned by this client; :meth:`start_interactive_transition` then gets it."""

    def start_interactive_transition(self, transition: InteractiveTransition) -> Any:
        """``startInteractiveTransition(_:)``: drive ``transition`` now or
        later (an ``async def`` with AsyncClient)."""
        raise NotImplementedError


class InteractiveTransition:
    """A transition an interaction controller of this client drives:
    ``update``, then ``finish`` or ``cancel``, as UIKit's
    ``UIPercentDrivenInteractiveTransition``. Each sends without waiting for
    the daemon's response (a refusal is logged)."""

    def __init__(self, client: Any, session: str, window_id: int, transition_id: int) -> None:
        self._client = client
        self.session = session
        self.window_id = window_id
        self.transition_id = transition_id

    def update(self, percent: float) -> None:
        """``updateInteractiveTransition(_:)`` (clamped to [0, 1])."""
        body = protocol_pb2.UpdateInteractive(
            window_id=self.window_id, transition_id=self.transition_id, percent=percent
        )
        self._client._post("update_interactive", body, self.session, f"an update of transition {self.transition_id}")

    def finish(self, completion_speed: float = 0.0) -> None:
        """``finishInteractiveTransition()``: plays the rest."""
        body = protocol_pb2.FinishInteractive(
            window_id=self.window_id, transition_id=self.transition_id, completion_speed=completion_speed
        )
        self._client._post("finish_interactive", body, self.session, f"finishing transition {self.transition_id}")

    def cancel(self, completion_speed: float = 0.0) -> None:
        """``cancelInteractiveTransition()``: plays back to the start."""
        body = protocol_pb2.CancelInteractive(
            window_id=self.window_id, transition_id=self.transition_id, completion_speed=completion_speed
        )
        self._client._post("cancel_interactive", body, self.session, f"cancelling transition {self.transition_id}")

    def __repr__(self) -> str:
        return f"InteractiveTransition(transition={self.transition_id}, window={self.window_id})"


def is_interaction_controller(value: Any) -> bool:
    """Whether a delegate method's return value is an interaction controller."""
    return callable(getattr(value, "start_interactive_transition", None))


def is_remote_animator(value: Any) -> bool:
    """Whether a delegate method's return value is a remote animator."""
    return callable(getattr(value, "animate_transition", None))


def remote_duration(animator: Any) -> float:
    """A remote animator's ``transition_duration()`` (or ``duration``)."""
    method = getattr(animator, "transition_duration", None)
    value = method() if callable(method) else getattr(animator, "duration", RemoteAnimator.duration)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"a remote animator's duration is a number of seconds, got {value!r}")
    return float(value)


_VALUE_KINDS = {
    "frame": "rect",
    "bounds": "rect",
    "center": "point",
    "alpha": "scalar",
    "corner_radius": "scalar",
    "transform": "transform",
}
_FIELDS = {"rect": ("x", "y", "width", "height"), "point": ("x", "y"), "transform": ("a", "b", "c", "d", "tx", "ty")}


def view_values(views: Mapping[int, Mapping[str, Any]] | None) -> list[protocol_pb2.ViewValue]:
    """A frame's values from ``{view_id: {"frame": (x, y, w, h), "alpha":
    0.5, ...}}``: frame and bounds as a Rect or 4 numbers, center as a
    Point or 2, alpha and corner_radius as numbers, transform as a
    Transform or its 6 numbers (a, b, c, d, tx, ty); a message or a dict of
    its fields works too."""
    result: list[protocol_pb2.ViewValue] = []
    for view, properties in (views or {}).items():
        for name, given in properties.items():
            kind = _VALUE_KINDS.get(name)
            if kind is None:
                raise ValueError(f"unknown view property {name!r} (one of {', '.join(_VALUE_KINDS)})")
            value = common_pb2.AnimatableValue()
            if isinstance(given, ProtoMessage) and given.proto is None:
                # A typed message made by hand: its fields.
                given = given.protocol_fields()
            given = raw(given)
            if kind == "scalar":
                if isinstance(given, bool) or not isinstance(given, (int, float)):
                    raise TypeError(f"{name} is a number, got {given!r}")
                value.scalar = float(given)
            else:
                target = getattr(value, kind)
                if isinstance(given, Mapping):
                    given = type(target)(**given)
                if isinstance(given, type(target)):
                    target.CopyFrom(given)
                else:
                    numbers = tuple(given)
                    fields = _FIELDS[kind]
                    if len(numbers) != len(fields):
                        raise ValueError(f"{name} takes {len(fields)} numbers ({', '.join(fields)}), got {given!r}")
                    target.CopyFrom(type(target)(**dict(zip(fields, map(float, numbers), strict=True))))
            result.append(
                protocol_pb2.ViewValue(
                    view_id=int(view),
                    property=enum_value(common_pb2.AnimatableProperty, name, "ANIMATABLE_PROPERTY_"),
                    value=value,
                )
            )
    return result


class TransitionContext:
    """``UIViewControllerContextTransitioning`` for a remote animator: what
    the daemon said of the transition (views and controllers as ids, None
    where absent; frames as :class:`~curtain.types.Rect`), with
    :meth:`update` and :meth:`complete` sending its frames and its end.

    Both send without waiting for the daemon's response: the request that
    began the transition may still wait for its own (``wait_until``), and a
    connection's responses come in order. A frame or an end the daemon
    refuses is logged."""

    def __init__(self, client: Any, message: protocol_pb2.AnimateTransition) -> None:
        self._client = client
        self.session: str = message.session
        self.call_id: int = message.call_id
        self.window_id: int = message.window_id
        self.transition_id: int = message.transition_id
        #: push, pop, tabSelection, presentation or dismissal.
        self.kind: str = message.kind
        self.container_view: int = message.container_view_id
        self.container_size: Any = typed(message.container_size)
        self.from_controller = _id(message.from_controller_id)
        self.to_controller = _id(message.to_controller_id)
        #: The outgoing controller's view; None when the animator must not move it.
        self.from_view = _id(message.from_view_id)
        self.to_view = _id(message.to_view_id)
        self.from_initial_frame: Any = typed(message.from_initial_frame)
        self.from_final_frame: Any = typed(message.from_final_frame)
        #: Zero: the animator decides where the incoming view starts.
        self.to_initial_frame: Any = typed(message.to_initial_frame)
        self.to_final_frame: Any = typed(message.to_final_frame)
        self.animated: bool = message.animated
        self.interactive: bool = message.interactive
        self.duration: float = message.duration
        #: Seconds after the duration (after the last frame, when
        #: interactive) at which the daemon ends a transition not completed.
        self.grace: float = message.grace_ms / 1000
        #: Whether :meth:`complete` was called.
        self.completed = False

    def update(self, percent: float | None = None, views: Mapping[int, Mapping[str, Any]] | None = None) -> None:
        """Sends a frame: ``percent`` (0…1, the coordinator's alongside
        animations follow it; None keeps it) and presentation values by
        view id (see :func:`view_values`), each held until a later frame or
        the end."""
        body = protocol_pb2.TransitionFrame(
            window_id=self.window_id, transition_id=self.transition_id, percent=percent, values=view_values(views)
        )
        self._client._post("transition_frame", body, self.session, f"a frame of transition {self.transition_id}")

    def complete(self, did_complete: bool = True) -> None:
        """``completeTransition(_:)``, once: the transition ends, cancelled
        when ``did_complete`` is False."""
        if self.completed:
            raise RuntimeError(
                f"transition {self.transition_id} was already completed (completeTransition is called once)"
            )
        self.completed = True
        body = protocol_pb2.CompleteTransition(
            window_id=self.window_id, transition_id=self.transition_id, did_complete=did_complete
        )
        self._client._post("complete_transition", body, self.session, f"the end of transition {self.transition_id}")

    def __repr__(self) -> str:
        return (
            f"TransitionContext(transition={self.transition_id}, window={self.window_id}, kind={self.kind!r}, "
            f"from_view={self.from_view}, to_view={self.to_view}, duration={self.duration})"
        )


def animation_failed(context: TransitionContext, animator: object) -> None:
    """Logs the exception being handled, raised by ``animator``'s
    ``animate_transition``; the daemon ends the transition after its
    grace period."""
    logger.exception(
        "remote animator %r failed in animate_transition (transition %d); the daemon ends it after %.3g s",
        animator,
        context.transition_id,
        context.duration + context.grace,
    )


def interaction_failed(transition: InteractiveTransition, controller: object) -> None:
    """Logs the exception being handled, raised by ``controller``'s
    ``start_interactive_transition``; the transition stays where it is
    until this client disconnects (its interactions are then cancelled)."""
    logger.exception(
        "interaction controller %r failed in start_interactive_transition (transition %d)",
        controller,
        transition.transition_id,
    )


def no_animator(message: protocol_pb2.AnimateTransition) -> None:
    logger.warning(
        "transition %d was handed to a remote animator this client no longer has (call %d); "
        "the daemon ends it after its grace period",
        message.transition_id,
        message.call_id,
    )


def answer_message(value: Any) -> common_pb2.DelegateAnswer:
    """The answer a delegate method's return value makes: None is UIKit's
    default (an empty answer), a bool answers a should- question, an
    animator spec (``AnimatorSpec``, typed or raw, or a dict of its fields)
    an animation-controller question, a
    :class:`~curtain.types.ModalPresentationStyle` (or its name,
    ``"full_screen"``) ``adaptive_presentation_style``. Whether it fits the
    question is the daemon's to judge (a mismatch falls back, with an event
    saying why). Anything else raises TypeError."""
    if value is None:
        return common_pb2.DelegateAnswer()
    if is_remote_animator(value):
        return common_pb2.DelegateAnswer(remote_animator=common_pb2.RemoteAnimator(duration=remote_duration(value)))
    if is_interaction_controller(value):
        return common_pb2.DelegateAnswer(interactive=True)
    if isinstance(value, bool):
        return common_pb2.DelegateAnswer(yes=value)
    if isinstance(value, ModalPresentationStyle):
        return common_pb2.DelegateAnswer(style=f"MODAL_PRESENTATION_STYLE_{value.name}")
    if isinstance(value, str):
        try:
            style = enum_value(common_pb2.ModalPresentationStyle, value, "MODAL_PRESENTATION_STYLE_")
        except ValueError:
            raise TypeError(f"not a delegate answer: {value!r} (a string names a presentation style)") from None
        return common_pb2.DelegateAnswer(style=style)
    if isinstance(value, ProtoMessage):
        value = raw(value)
    if isinstance(value, common_pb2.AnimatorSpec):
        return common_pb2.DelegateAnswer(animator=value)
    if isinstance(value, Mapping):
        return common_pb2.DelegateAnswer(animator=common_pb2.AnimatorSpec(**value))
    if inspect.isawaitable(value):
        if inspect.iscoroutine(value):
            value.close()
        raise TypeError("a coroutine is an answer for AsyncClient only")
    raise TypeError(
        f"not a delegate answer: {value!r} (None, a bool, an animator spec, a remote animator or a presentation style)"
    )


def failed(call: protocol_pb2.DelegateCall, delegate: object | None) -> common_pb2.DelegateAnswer:
    """Logs the exception being handled for ``call``; returns the default answer."""
    name, _ = method_of(delegate, call)
    logger.exception(
        "delegate %r failed to answer call %d (%s of controller %d); answering UIKit's default",
        delegate,
        call.call_id,
        name,
        call.controller_id,
    )
    return common_pb2.DelegateAnswer()


#: An answer and, when it is a remote animator or an interaction
#: controller, that object.
Answer = tuple[common_pb2.DelegateAnswer, Any]


def _shaped(method: int, value: Any) -> Any:
    """The value as the message ``method`` answers with, for the methods
    whose answer is a plain dict or tuple of another message than an
    animator spec."""
    if method == DelegateMethod.PREPARE_FOR_SEGUE:
        return common_pb2.DelegateAnswer()
    if value is None or isinstance(value, common_pb2.DelegateAnswer):
        return value
    if method == DelegateMethod.PRESENTATION_CONTROLLER:
        if isinstance(value, ProtoMessage) and value.proto is None:
            value = value.protocol_fields()
        value = raw(value)
        if isinstance(value, Mapping):
            value = dict(value)
            frame = value.get("frame")
            if frame is not None and not isinstance(frame, (Mapping, common_pb2.Rect)):
                value["frame"] = _rect(frame)
            value = common_pb2.CustomPresentation(**value)
        return common_pb2.DelegateAnswer(presentation=value)
    if method == DelegateMethod.FRAME_OF_PRESENTED_VIEW:
        return common_pb2.DelegateAnswer(frame=_rect(value))
    if method in ALONGSIDE_METHODS and isinstance(value, (list, tuple)):
        tracks = [raw(track) if isinstance(track, ProtoMessage) else track for track in value]
        return common_pb2.DelegateAnswer(animator=common_pb2.AnimatorSpec(tracks=tracks))
    if method == DelegateMethod.VIEW_CONTROLLER_FOR_ADAPTIVE_PRESENTATION_STYLE:
        identifier = (
            value.controller if isinstance(value, (ControllerInfo, ControllerNode)) else getattr(value, "id", value)
        )
        if isinstance(identifier, bool) or not isinstance(identifier, int) or identifier <= 0:
            raise ValueError(f"a replacement controller is a controller id (or has one), got {value!r}")
        return common_pb2.DelegateAnswer(controller_id=identifier)
    return value


def _rect(value: Any) -> common_pb2.Rect:
    """A Rect from a Rect (typed or raw), a dict of its fields or 4 numbers."""
    if isinstance(value, ProtoMessage) and value.proto is None:
        value = value.protocol_fields()
    value = raw(value)
    if isinstance(value, common_pb2.Rect):
        return value
    if isinstance(value, Mapping):
        return common_pb2.Rect(**value)
    numbers = tuple(value)
    if len(numbers) != 4:
        raise ValueError(f"a frame is 4 numbers (x, y, width, height), got {value!r}")
    return common_pb2.Rect(**dict(zip(("x", "y", "width", "height"), map(float, numbers), strict=True)))


def _answer(value: Any, method: int = 0) -> Answer:
    value = _shaped(method, value)
    message = value if isinstance(value, common_pb2.DelegateAnswer) else answer_message(value)
    kept = message.HasField("remote_animator") or message.HasField("interactive")
    return message, value if kept else None


def answer(delegate: object | None, call: protocol_pb2.DelegateCall) -> Answer:
    """The answer to ``call`` by ``delegate``, synchronously: a method that
    raises (or returns something that is no answer) is logged and answered
    with UIKit's default."""
    try:
        return _answer(invoke(delegate, call), call.method)
    except Exception:
        return failed(call, delegate), None


async def answer_async(delegate: object | None, call: protocol_pb2.DelegateCall) -> Answer:
    """The same for the asyncio client: a method may also be ``async def``."""
    try:
        value = invoke(delegate, call)
        if inspect.isawaitable(value):
            value = await value
        return _answer(value, call.method)
    except Exception:
        return failed(call, delegate), None


def _connection_ended(error: BaseException | None) -> bool:
    """Whether a request sent without waiting lost its response because the
    connection ended (the client closed it, or the daemon went away): the
    daemon refused nothing, and the program hears of a lost connection from
    its next read, so that is no warning."""
    return isinstance(error, ConnectionClosed)


def refusal_logged(what: str) -> Callable[[Any], None]:
    """A callback for a request sent without waiting: logs a refusal."""

    def done(pending: Any) -> None:
        if _connection_ended(pending.error):
            logger.debug("%s: the connection ended before its response: %s", what, pending.error)
        elif pending.error is not None:
            logger.warning("%s was refused: %s", what, pending.error)

    return done


def reply_done(call: protocol_pb2.DelegateCall) -> Callable[[Any], None]:
    """A callback for the DelegateReply's pending request: logs an answer
    the daemon ignored (too late) or refused."""

    def done(pending: Any) -> None:
        if _connection_ended(pending.error):
            logger.debug(
                "the connection ended before the daemon acknowledged the answer to delegate call %d: %s",
                call.call_id,
                pending.error,
            )
        elif pending.error is not None:
            logger.warning("the answer to delegate call %d was refused: %s", call.call_id, pending.error)
        elif not pending.value.accepted:
            logger.info(
                "the answer to delegate call %d came too late (it had fallen back to UIKit's default)", call.call_id
            )

    return done
