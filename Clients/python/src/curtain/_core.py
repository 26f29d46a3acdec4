"""The connection's state, without I/O: requests out, messages in.

Both clients keep one :class:`Core` per connection. It numbers requests,
frames them, matches responses to pending requests by id, routes events to
their subscription and frames to every subscription with frames for that
window, and remembers the goodbye. The clients only move bytes.
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from typing import Any

from . import _delegates, _wire, types
from ._spec import RequestSpec, enum_value
from ._typebase import typed
from .errors import ConnectionClosed, CurtainError, ProtocolError, ServerError, SubscriptionEnded
from .v1 import common_pb2, events_pb2, protocol_pb2

#: The protocol version this client speaks: ``PROTOCOL_VERSION_CURRENT`` of
#: ``ProtocolVersion`` in Proto/curtain/v1/protocol.proto, where it is
#: defined for the daemon and every client.
PROTOCOL_VERSION: int = protocol_pb2.PROTOCOL_VERSION_CURRENT

#: What a subscription delivers: an event, or a frame (typed, :mod:`curtain.types`).
Item = types.Event | types.Frame
#: What arrives: the raw messages, converted when handed out.
RawItem = events_pb2.Event | events_pb2.Frame


class Pending:
    """A request sent and not yet answered."""

    def __init__(self, request_id: int, spec: RequestSpec, body: Any) -> None:
        self.request_id = request_id
        self.spec = spec
        self.body = body
        self.done = False
        self.value: Any = None
        self.error: BaseException | None = None
        self.callbacks: list[Callable[[Pending], None]] = []
        #: The response itself (for its trace_id), once received.
        self.response: protocol_pb2.Response | None = None
        #: What the request method attached for the client (SetDelegate:
        #: the delegate object).
        self.attachment: Any = None
        #: The session the request went to (its name as the daemon knows it).
        self.session = ""
        #: The ListControllers that finds the id of a controller named by
        #: identifier in SetDelegate and ClearDelegate.
        self.lookup: Pending | None = None

    def _finish(self, value: Any = None, error: BaseException | None = None) -> None:
        if self.done:
            return
        self.done, self.value, self.error = True, value, error
        for callback in self.callbacks:
            callback(self)

    def get(self) -> Any:
        """The result; raises the request's error."""
        if not self.done:
            raise RuntimeError("the response has not arrived yet")
        if self.error is not None:
            raise self.error
        return self.value


class SubscriptionState:
    """What a subscription has received, and where it would resume.

    ``last_seq`` maps each window id (0: the session log) to the last event
    seq delivered from it; events at or below it are dropped, so a resumed
    subscription never delivers an event twice.
    """

    def __init__(self, request: protocol_pb2.Subscribe, result: protocol_pb2.SubscribeResult) -> None:
        #: The Subscribe body, reused (with from_seq) to resume.
        self.request = request
        self.result = result
        self.id = result.subscription_id
        self.window_id = request.window_id
        #: Its session (as the daemon names it), where it resumes.
        self.session = "default"
        self.items: collections.deque[RawItem] = collections.deque()
        self.last_seq: dict[int, int] = {}
        self.active = True
        #: Why the subscription ended, once it has: SubscriptionEnded after
        #: an unsubscribe, ConnectionClosed, or the ServerError that refused
        #: its resumption.
        self.error: CurtainError | None = None
        self._baseline(request, result)

    def _baseline(self, request: protocol_pb2.Subscribe, result: protocol_pb2.SubscribeResult) -> None:
        for tree in result.snapshots:
            self.last_seq[tree.window.id] = max(self.last_seq.get(tree.window.id, 0), tree.window.last_seq)
        if request.window_id:
            start = (
                request.from_seq if request.HasField("from_seq") and not result.snapshot_required else result.last_seq
            )
            self.last_seq[request.window_id] = max(self.last_seq.get(request.window_id, 0), start)
        else:
            self._session_start = request.from_seq if request.HasField("from_seq") else result.last_seq

    def _check_only(self, wanted: str) -> None:
        """Refuses ``events()`` on a subscription that also carries frames,
        and ``frames()`` on one that also carries events: those would be
        dropped unseen."""
        other = "frames" if wanted == "events" else "events"
        if getattr(self.request, other):
            raise ValueError(
                f"{wanted}() would drop this subscription's {other}: it subscribed to events and frames, so "
                f"call messages(timeout) or iterate it to get both in order (or subscribe with {other}=False)"
            )

    @property
    def snapshot_required(self) -> bool:
        """Whether the last (re)subscription had to send snapshots because
        the events after its from_seq had left the daemon's ring."""
        return self.result.snapshot_required

    @property
    def snapshots(self) -> list[types.Tree]:
        """The window trees of the last (re)subscription's answer."""
        return [types.Tree.from_proto(tree) for tree in self.result.snapshots]

    @property
    def wants_frames(self) -> bool:
        return self.request.frames

    @property
    def pauses(self) -> bool:
        return self.request.frame_policy == protocol_pb2.Subscribe.FRAME_POLICY_PAUSE

    def resume_request(self) -> protocol_pb2.Subscribe:
        """The Subscribe body that continues after what was delivered."""
        request = protocol_pb2.Subscribe()
        request.CopyFrom(self.request)
        request.snapshot = False
        if self.window_id:
            request.from_seq = self.last_seq.get(self.window_id, 0)
        else:
            # The daemon applies one from_seq to every window: take the
            # smallest, and drop what was already delivered.
            request.from_seq = min([*self.last_seq.values(), self._session_start])
        return request

    def resumed(self, result: protocol_pb2.SubscribeResult) -> None:
        self.result = result
        self.id = result.subscription_id
        self.active = True
        self.error = None
        for tree in result.snapshots:
            self.last_seq[tree.window.id] = max(self.last_seq.get(tree.window.id, 0), tree.window.last_seq)

    def accept_event(self, event: events_pb2.Event) -> bool:
        # seq 0: a live notice outside the window's log (a LeaseEvent; any
        # event the daemon sends so), never replayed, so never a repeat.
        if event.seq == 0:
            return True
        if event.seq <= self.last_seq.get(event.window_id, 0):
            return False
        self.last_seq[event.window_id] = event.seq
        return True

    # Hooks for the clients.
    def deliver(self, item: RawItem) -> None:
        self.items.append(item)

    def end(self, error: CurtainError) -> None:
        self.active = False
        self.error = error


class Core:
    """One connection's protocol state."""

    def __init__(
        self,
        make_subscription: Callable[[protocol_pb2.Subscribe, protocol_pb2.SubscribeResult], SubscriptionState],
        adopt: Callable[[SubscriptionState], None] | None = None,
    ) -> None:
        self._make_subscription = make_subscription
        #: Called with a subscription of another connection resumed on this
        #: one (a reconnect that followed its session to another node).
        self._adopt = adopt
        self.decoder = _wire.Decoder()
        self.next_id = 1
        self.pending: dict[int, Pending] = {}
        self.subscriptions: dict[int, SubscriptionState] = {}
        self.welcome: protocol_pb2.Welcome | None = None
        self.closed: ConnectionClosed | None = None
        #: Subscriptions to resume: a Subscribe sent for them is answered
        #: into the existing object instead of a new one.
        self.resuming: dict[int, SubscriptionState] = {}
        #: Subscriptions of an earlier connection still to resume (a
        #: reconnect whose dial failed carries them to the next one).
        self.carried: list[SubscriptionState] = []
        #: Error responses with request id 0 (undecodable messages).
        self.stray_errors: list[ServerError] = []
        #: The delegate objects registered on this connection.
        self.delegates = _delegates.Registry()
        #: The daemon's questions not yet answered, for the client to answer.
        self.delegate_calls: collections.deque[protocol_pb2.DelegateCall] = collections.deque()
        #: Transitions handed to this client's remote animators, not yet
        #: given to them.
        self.animations: collections.deque[protocol_pb2.AnimateTransition] = collections.deque()
        #: The remote animators answered, by session and call id, until
        #: their transition begins.
        self.animators: dict[tuple[str, int], object] = {}
        #: Interaction controllers whose transition began, with it, not yet
        #: given to them.
        self.interactions: collections.deque[tuple[object, _delegates.InteractiveTransition]] = collections.deque()
        #: Live notices for this client outside any subscription
        #: (subscription_id 0: a DelegateEvent REPLACED).
        self.notices: collections.deque[events_pb2.Event] = collections.deque()
        #: How many DelegateCalls this connection answered.
        self.delegate_answers = 0

    # MARK: Out

    def request(
        self, spec: RequestSpec, body: Any, options: dict[str, Any], default_session: str
    ) -> tuple[Pending, bytes]:
        if self.closed is not None:
            raise self.closed
        lookup: Pending | None = None
        first = b""
        if spec.body in ("set_delegate", "clear_delegate") and body.controller.identifier:
            # Sent first, so answered first.
            session = {"session": options.get("session") or default_session}
            lookup, first = self.request(_delegates.LOOKUP, protocol_pb2.ListControllers(), session, default_session)
        request = protocol_pb2.Request(request_id=self.next_id)
        self.next_id += 1
        getattr(request, spec.body).CopyFrom(body)
        request.session = options.get("session") or default_session
        if options.get("trace_id"):
            request.trace_id = options["trace_id"]
        if options.get("expected_revision") is not None:
            request.expected_revision = options["expected_revision"]
        if options.get("wait_until") is not None:
            request.wait_until = enum_value(protocol_pb2.WaitUntil, options["wait_until"], "WAIT_UNTIL_")
        pending = Pending(request.request_id, spec, body)
        pending.attachment = options.get("attachment")
        pending.session = request.session or "default"
        self.pending[request.request_id] = pending
        if spec.body == "subscribe" and isinstance(pending.attachment, SubscriptionState):
            # A resumption: answered into that subscription.
            self.resuming[request.request_id] = pending.attachment
        pending.lookup = lookup
        return pending, first + _wire.frame(protocol_pb2.ClientMessage(request=request))

    def frame_ack(self, subscription_id: int, frame_seq: int) -> bytes:
        ack = protocol_pb2.FrameAck(subscription_id=subscription_id, frame_seq=frame_seq)
        return _wire.frame(protocol_pb2.ClientMessage(frame_ack=ack))

    # MARK: In

    def feed(self, data: bytes) -> None:
        for message in self.decoder.feed(data):
            self.dispatch(message)

    def dispatch(self, message: protocol_pb2.ServerMessage) -> None:
        kind = message.WhichOneof("kind")
        if kind == "response":
            self._response(message.response)
        elif kind == "event":
            if message.event.subscription_id == 0:
                self._notice(message.event)
                return
            state = self.subscriptions.get(message.event.subscription_id)
            if state is not None and state.active and state.accept_event(message.event):
                state.deliver(message.event)
        elif kind == "delegate_call":
            self.delegate_calls.append(message.delegate_call)
        elif kind == "animate_transition":
            self.animations.append(message.animate_transition)
        elif kind == "frame":
            for state in list(self.subscriptions.values()):
                if state.active and state.wants_frames and state.window_id in (0, message.frame.window_id):
                    state.deliver(message.frame)
        elif kind == "goodbye":
            self.lost(ConnectionClosed.from_goodbye(message.goodbye))

    def _notice(self, event: events_pb2.Event) -> None:
        if event.HasField("delegate") and event.delegate.phase == events_pb2.DelegateEvent.PHASE_REPLACED:
            self.delegates.replaced(event.delegate.controller_id, event.delegate.role)
        self.notices.append(event)

    def _delegate_registered(self, pending: Pending) -> None:
        """A SetDelegate or ClearDelegate succeeded: note it locally."""
        body = pending.body
        controller_id = body.controller.id
        if pending.lookup is not None and pending.lookup.error is None:
            controller_id = _delegates.lookup_id(pending.lookup.value, body.controller.identifier)
        if pending.spec.body == "set_delegate":
            self.delegates.add(
                pending.session, controller_id, body.controller.identifier, body.roles, pending.attachment
            )
        else:
            self.delegates.remove(pending.session, body.controller, controller_id, body.roles)

    def _response(self, response: protocol_pb2.Response) -> None:
        pending = self.pending.pop(response.request_id, None)
        if pending is None:
            if response.WhichOneof("result") == "error":
                self.stray_errors.append(ServerError.from_proto(response.error, request_id=response.request_id))
                return
            raise ProtocolError(f"response to unknown request {response.request_id}")
        pending.response = response
        result = response.WhichOneof("result")
        if result == "error":
            self.resuming.pop(response.request_id, None)
            pending._finish(
                error=ServerError.from_proto(response.error, request=pending.spec.body, request_id=response.request_id)
            )
            return
        if result != pending.spec.result:
            pending._finish(
                error=ProtocolError(f"{pending.spec.body} answered with {result}, expected {pending.spec.result}")
            )
            return
        value = getattr(response, result)
        if pending.spec.body == "subscribe":
            value = self._subscribed(pending, value)
        else:
            if pending.spec.body == "unsubscribe":
                state = self.subscriptions.pop(pending.body.subscription_id, None)
                if state is not None:
                    state.end(SubscriptionEnded(f"subscription {state.id} ended by an unsubscribe"))
            elif pending.spec.body in ("set_delegate", "clear_delegate"):
                self._delegate_registered(pending)
            value = typed(value)
            if pending.spec.unwrap is not None:
                value = pending.spec.unwrap(value)
        pending._finish(value)

    def _subscribed(self, pending: Pending, result: protocol_pb2.SubscribeResult) -> SubscriptionState:
        state = self.resuming.pop(pending.request_id, None)
        if state is None:
            state = self._make_subscription(pending.body, result)
            state.session = pending.session
        else:
            state.resumed(result)
            if self._adopt is not None:
                self._adopt(state)
        self.subscriptions[state.id] = state
        return state

    def lost(self, error: ConnectionClosed) -> None:
        """The connection is over: fail what waits, end every subscription."""
        if self.closed is not None:
            return
        self.closed = error
        pending, self.pending = self.pending, {}
        for item in pending.values():
            item._finish(error=error)
        for state in [*self.subscriptions.values(), *self.resuming.values()]:
            state.end(error)

    def resumable(self) -> list[SubscriptionState]:
        """The subscriptions a reconnect continues: every one not ended by
        an unsubscribe, including those whose resume was under way."""
        return [*self.subscriptions.values(), *self.resuming.values(), *self.carried]


def hello_body(client_name: str, token: str, capabilities: list[str]) -> protocol_pb2.Hello:
    return protocol_pb2.Hello(
        protocol_version=PROTOCOL_VERSION, client_name=client_name, token=token, capabilities=capabilities
    )


HELLO = RequestSpec("hello", "welcome", False)

__all__ = ["HELLO", "PROTOCOL_VERSION", "Core", "Pending", "SubscriptionState", "common_pb2", "hello_body"]
