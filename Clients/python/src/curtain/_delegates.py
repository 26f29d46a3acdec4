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
``ADAPTIVE_PRESENTATION_STYLE``              ``adaptive_presentation_style(presented, style,  adaptive_presentation
                                             traits)``
``PRESENTATION_CONTROLLER_SHOULD_DISMISS``   ``presentation_controller_should_dismiss(        adaptive_presentation
                                             presented)``
===========================================  ===============================================  ============

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
from .types import DelegateMethod, DelegateRole, ModalPresentationStyle
from .v1 import common_pb2, protocol_pb2

#: Where the clients log a delegate method that raised or returned
#: something that is not an answer, and answers the daemon refused.
logger = logging.getLogger("curtain.delegates")

#: The roles' short names besides the protocol's (``"tab_bar"``).
ROLE_ALIASES = {"tab": "tab_bar", "tabbar": "tab_bar"}

#: The methods of a delegate object each role's questions call, in UIKit's order.
ROLE_METHODS: dict[int, tuple[str, ...]] = {
    DelegateRole.NAVIGATION: ("animation_controller_for",),
    DelegateRole.TAB_BAR: ("should_select", "animation_controller_for_transition"),
    DelegateRole.TRANSITIONING: ("animation_controller_for_presented", "animation_controller_for_dismissed"),
    DelegateRole.ADAPTIVE_PRESENTATION: ("adaptive_presentation_style", "presentation_controller_should_dismiss"),
    DelegateRole.SEGUE: ("should_perform_segue",),
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
    DelegateMethod.ADAPTIVE_PRESENTATION_STYLE: (
        "adaptive_presentation_style",
        lambda c: (
            _id(c.arguments.to_id),
            ModalPresentationStyle(c.arguments.style),
            typed(c.arguments.traits),
        ),
    ),
    DelegateMethod.PRESENTATION_CONTROLLER_SHOULD_DISMISS: (
        "presentation_controller_should_dismiss",
        lambda c: (_id(c.arguments.to_id),),
    ),
}


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
    return next((info.id for info in getattr(controllers, "controllers", ()) if info.identifier == identifier), 0)


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
    raise TypeError(f"not a delegate answer: {value!r} (None, a bool, an animator spec or a presentation style)")


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


def answer(delegate: object | None, call: protocol_pb2.DelegateCall) -> common_pb2.DelegateAnswer:
    """The answer to ``call`` by ``delegate``, synchronously: a method that
    raises (or returns something that is no answer) is logged and answered
    with UIKit's default."""
    try:
        return answer_message(invoke(delegate, call))
    except Exception:
        return failed(call, delegate)


async def answer_async(delegate: object | None, call: protocol_pb2.DelegateCall) -> common_pb2.DelegateAnswer:
    """The same for the asyncio client: a method may also be ``async def``."""
    try:
        value = invoke(delegate, call)
        if inspect.isawaitable(value):
            value = await value
        return answer_message(value)
    except Exception:
        return failed(call, delegate)


def reply_done(call: protocol_pb2.DelegateCall) -> Callable[[Any], None]:
    """A callback for the DelegateReply's pending request: logs an answer
    the daemon ignored (too late) or refused."""

    def done(pending: Any) -> None:
        if pending.error is not None:
            logger.warning("the answer to delegate call %d was refused: %s", call.call_id, pending.error)
        elif not pending.value.accepted:
            logger.info(
                "the answer to delegate call %d came too late (it had fallen back to UIKit's default)", call.call_id
            )

    return done
