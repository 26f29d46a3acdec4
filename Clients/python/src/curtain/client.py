"""The synchronous client: one blocking connection to ``curtaind``.

    with curtain.Client() as client:              # the default Unix socket
        window = client.create_window(clock="manual")
        nav = client.create_controller("navigation", identifier="Nav")
        ...

Every request is a method (see :class:`~curtain._requests.RequestMethods`)
that sends the request, waits for its response and returns the typed result,
or raises :class:`~curtain.errors.ServerError` with the protocol's code.
Events and frames that arrive meanwhile are queued on their
:class:`Subscription`. :meth:`Client.pipeline` sends requests without
waiting (in cluster mode they follow MOVED as they are answered, each
session's in order); :meth:`Client.reconnect` dials again and resumes every
subscription after the last event it delivered. The daemon's questions to
the delegates registered with ``set_delegate`` are answered whenever the
client reads (and in :meth:`Client.serve_delegates`).
"""

from __future__ import annotations

import os
import selectors
import socket
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from . import _connect, _delegates, _trace, types
from ._core import HELLO, Item, Pending, RawItem, SubscriptionState, hello_body
from ._requests import RequestMethods, WindowLike
from ._spec import REQUESTS, RequestSpec
from ._typebase import typed
from .errors import (
    ConnectFailed,
    ConnectionClosed,
    CurtainError,
    ServerError,
    SessionMoved,
    SubscriptionEnded,
    Timeout,
)
from .v1 import events_pb2, protocol_pb2

DEFAULT_TIMEOUT = _connect.DEFAULT_TIMEOUT

T = TypeVar("T")


def _deadline(timeout: float | None) -> float | None:
    if timeout is None or timeout == float("inf"):
        return None
    return time.monotonic() + timeout


class _Connection(Protocol):
    """What a :class:`Subscription`, a :class:`Reply` and a :class:`Pipeline`
    use of their :class:`Client`: this small internal interface, not the
    client's state."""

    #: Seconds a call waits for its response (None: forever).
    timeout: float | None

    @property
    def connected(self) -> bool: ...

    def unsubscribe(self, subscription: Any) -> None: ...

    def _pipelined(self, spec: RequestSpec, body: Any, options: dict[str, Any]) -> Pending:
        """Sends a request without waiting for its answer, where its session
        is (following MOVED as the answers come); the Pending gets its final
        answer."""
        ...

    def _wait_pipelined(self, pending: Pending, timeout: float | None) -> None:
        """Reads until ``pending`` (from ``_pipelined``) is answered, from
        every connection with requests in flight; Timeout after ``timeout``
        s."""
        ...

    def _poll_pipelined(self) -> None:
        """Dispatches what has arrived on every connection with requests in
        flight, without waiting."""
        ...

    def _receive(self, deadline: float | None) -> None:
        """Reads once, waiting until ``deadline`` (monotonic; None: as long
        as it takes), and dispatches what arrived; Timeout when the deadline
        passes first, the connection's ConnectionClosed once it is over."""
        ...

    def _receive_available(self) -> None:
        """Dispatches what has arrived, without waiting (nothing once the
        connection is over)."""
        ...

    def _acknowledge(self, subscription_id: int, frame_seq: int) -> None:
        """Sends a FrameAck."""
        ...


class Subscription(SubscriptionState):
    """A subscription's events and frames, in arrival order.

    Iterate it (``for item in sub``) to get each :class:`~curtain.types.Event`
    or :class:`~curtain.types.Frame` as it arrives; the loop ends
    after an unsubscribe and raises :class:`~curtain.errors.ConnectionClosed`
    when the connection ends (call :meth:`Client.reconnect`, then iterate
    again: it resumes after the last event delivered; if the daemon refused
    to resume it, iterating raises that ServerError). ``next(timeout)``
    waits for one item; ``poll()`` returns what has arrived without waiting.

    On a ``"pause"`` subscription each frame handed out is acknowledged, so
    the daemon keeps sending as fast as you consume; set ``auto_ack`` to
    False to acknowledge with :meth:`ack` yourself.
    """

    def __init__(
        self, connection: _Connection, request: protocol_pb2.Subscribe, result: protocol_pb2.SubscribeResult
    ) -> None:
        super().__init__(request, result)
        self._connection = connection
        self.auto_ack = True

    def next(self, timeout: float | None = None) -> Item:
        """The next event or frame; raises Timeout after ``timeout`` seconds."""
        deadline = _deadline(timeout)
        while not self.items:
            if self.error is not None:
                raise self.error
            self._connection._receive(deadline)
        return self._hand_out(self.items.popleft())

    def poll(self) -> list[Item]:
        """Everything that has arrived, without waiting."""
        self._connection._receive_available()
        items = [self._hand_out(item) for item in self.items]
        self.items.clear()
        return items

    def __iter__(self) -> Iterator[Item]:
        while True:
            try:
                yield self.next()
            except SubscriptionEnded:
                return

    def messages(self, timeout: float | None = None) -> Iterator[Item]:
        """Iterates the events and frames in arrival order, until ``timeout``
        seconds pass without one (None: until the subscription ends)."""
        return self._until_quiet(timeout)

    def events(self, timeout: float | None = None) -> Iterator[types.Event]:
        """Iterates the events, until ``timeout`` seconds pass without one
        (None: until the subscription ends). Raises ValueError at once on a
        subscription that carries frames too (use :meth:`messages`)."""
        self._check_only("events")
        return (item for item in self._until_quiet(timeout) if isinstance(item, types.Event))

    def frames(self, timeout: float | None = None) -> Iterator[types.Frame]:
        """Iterates the frames, until ``timeout`` seconds pass without one
        (None: until the subscription ends). Raises ValueError at once on a
        subscription that carries events too (use :meth:`messages`)."""
        self._check_only("frames")
        return (item for item in self._until_quiet(timeout) if isinstance(item, types.Frame))

    def _until_quiet(self, timeout: float | None) -> Iterator[Item]:
        while True:
            try:
                yield self.next(timeout)
            except (Timeout, SubscriptionEnded):
                return

    def ack(self, frame: types.Frame | events_pb2.Frame) -> None:
        """Acknowledges frames up to ``frame`` (``"pause"`` subscriptions)."""
        self._connection._acknowledge(self.id, frame.frame_seq)

    def close(self) -> None:
        """Unsubscribes (if the connection is still open)."""
        if self.active and self._connection.connected:
            self._connection.unsubscribe(self)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc: object) -> None:
        """Leaving ``with client.subscribe(…) as sub:`` unsubscribes."""
        self.close()

    def _hand_out(self, item: RawItem) -> Item:
        handed: Item = typed(item)
        if self.auto_ack and self.pauses and isinstance(handed, types.Frame) and self._connection.connected:
            self.ack(handed)
        return handed


class Reply(Generic[T]):
    """A pipelined request's answer, once it arrives."""

    def __init__(self, connection: _Connection, pending: Pending) -> None:
        self._connection = connection
        self._pending = pending
        self._retrieved = False

    @property
    def request_id(self) -> int:
        return self._pending.request_id

    def done(self) -> bool:
        """Whether the response has arrived (reads what is available)."""
        if not self._pending.done:
            self._connection._poll_pipelined()
        return self._pending.done

    def result(self, timeout: float | None = None) -> T:
        """Waits for the response; returns the result or raises its error."""
        self._connection._wait_pipelined(self._pending, self._connection.timeout if timeout is None else timeout)
        self._retrieved = True
        return self._pending.get()  # type: ignore[no-any-return]


if TYPE_CHECKING:
    # The same methods, typed as returning a Reply of each result.
    from ._typed import PipelineRequests as _PipelineRequests
else:
    _PipelineRequests = RequestMethods


class Pipeline(_PipelineRequests):
    """Sends requests without waiting: each method returns a :class:`Reply`.

    The daemon applies requests in order and answers in order. Leaving the
    ``with`` block waits for every reply and raises the first error that no
    ``result()`` call has seen.

    Cluster mode: each request goes where a single request would (the
    connection to the node its session was found on), and follows MOVED
    as single requests do, as soon as the answer is read: it is sent again
    to the node named, up to MAX_MOVED_HOPS times, and its Reply gets the
    answer from there (:class:`~curtain.errors.SessionMoved` when it cannot
    be followed). A session's requests stay in order: while one of them is
    unanswered, the next goes to the same connection, behind it. Replies
    still come in the order of the requests.
    """

    def __init__(self, connection: _Connection) -> None:
        self._connection = connection
        self.replies: list[Reply[Any]] = []

    def _call(self, spec: RequestSpec, body: Any, options: dict[str, Any]) -> Reply[Any]:
        reply: Reply[Any] = Reply(self._connection, self._connection._pipelined(spec, body, options))
        self.replies.append(reply)
        return reply

    def wait(self, timeout: float | None = None) -> list[Any]:
        """Every reply's result, in order (raises the first error)."""
        return [reply.result(timeout) for reply in self.replies]

    def __enter__(self) -> Pipeline:
        return self

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if kind is not None:
            return
        first: BaseException | None = None
        for reply in self.replies:
            seen = reply._retrieved
            try:
                reply.result()
            except ServerError as error:
                if first is None and not seen:
                    first = error
        if first is not None:
            raise first


class Client(_connect.ClientBase, RequestMethods):
    """A blocking connection to ``curtaind``; it connects and says Hello at
    once. Options: see :class:`~curtain._connect.ClientBase`."""

    def _opened(self) -> None:
        self._sock: socket.socket | None = None
        #: Whether a delegate method is running (its own requests read
        #: without answering more calls: they wait their turn).
        self._answering = False
        self._dial()

    @property
    def connected(self) -> bool:
        return self._sock is not None and self._core.closed is None

    def close(self) -> None:
        """Closes the connection, and those opened to follow MOVED
        (subscriptions end with ConnectionClosed)."""
        for peer in self._peers.values():
            peer.close()
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        self._core.lost(ConnectionClosed(message="closed by the client"))

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def reconnect(self, wait: float = 0.0) -> Client:
        """Dials again, says Hello, and resumes every subscription after the
        last event it delivered (``from_seq``). Retries a refused connection
        for up to ``wait`` seconds. In a cluster, a subscription whose
        session moved resumes on the node that owns the session now (the
        resumption follows MOVED)."""
        self.close()
        resumable = self._fresh_core()
        deadline = time.monotonic() + wait
        while True:
            try:
                self._dial()
                break
            except ConnectFailed:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.05)
        self._core.carried = []
        subscribe = REQUESTS["subscribe"]
        for state in resumable:
            try:
                self._call(subscribe, state.resume_request(), self._resume_options(state))
            except ServerError as error:
                self._resume_failed(state, error)
        return self

    def _dial(self) -> None:
        address = self._options.address
        try:
            if address.is_tcp:
                sock = socket.create_connection((address.host, address.port or 0), timeout=self.timeout)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            else:
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    sock.connect(address.path or "")
                except BaseException:
                    sock.close()
                    raise
        except OSError as error:
            raise ConnectFailed(error.errno, _connect.unreachable(address, error)) from error
        self._sock = sock
        body = hello_body(self._options.client_name, self._options.token, self._options.capabilities)
        pending = self._send(HELLO, body, {})
        try:
            self._wait(pending, self.timeout)
            self._core.welcome = pending.get()
        except BaseException:
            self.close()
            raise

    # MARK: Delegates

    def serve_delegates(self, timeout: float | None = None) -> int:
        """Answers the daemon's delegate calls (see :meth:`set_delegate`)
        for ``timeout`` seconds (None: until the connection ends, which
        raises its ConnectionClosed); returns how many it answered. The
        client also answers calls whenever it reads: while any request
        waits for its response, and while a subscription is iterated or
        polled. A program that only answers calls this."""
        answered = self._core.delegate_answers
        deadline = _deadline(timeout)
        while True:
            try:
                self._receive(deadline)
            except Timeout:
                return self._core.delegate_answers - answered

    def notices(self) -> list[types.Event]:
        """The live notices addressed to this client outside any
        subscription that arrived since the last call (a DelegateEvent
        REPLACED when another client took over a delegate registration:
        seq 0, window 0), without waiting."""
        self._receive_available()
        return self._take_notices()

    def _answer_delegate_calls(self) -> None:
        """Answers the calls that arrived, each with what its delegate
        object's method returns, and gives the transitions handed to remote
        animators to their ``animate_transition`` (one at a time: what
        arrives while a delegate method or an animator runs waits for it)."""
        if self._answering:
            return
        self._answering = True
        try:
            while self._core.closed is None:
                if self._core.delegate_calls:
                    call = self._core.delegate_calls.popleft()
                    answer = _delegates.answer(self._core.delegates.delegate(call), call)
                    if self._core.closed is None:
                        self._reply_to_delegate(call, answer)
                elif (animation := self._next_animation()) is not None:
                    context, animator = animation
                    try:
                        animator.animate_transition(context)  # type: ignore[attr-defined]
                    except ConnectionClosed:
                        raise
                    except Exception:
                        _delegates.animation_failed(context, animator)
                elif (interaction := self._next_interaction()) is not None:
                    controller, transition = interaction
                    try:
                        controller.start_interactive_transition(transition)  # type: ignore[attr-defined]
                    except ConnectionClosed:
                        raise
                    except Exception:
                        _delegates.interaction_failed(transition, controller)
                else:
                    break
        except ConnectionClosed:
            pass  # the next read raises it
        finally:
            self._answering = False

    # MARK: Requests

    def trace(
        self,
        window: WindowLike = 0,
        *,
        since_seq: int = 0,
        clock: str | int = "window",
        path: str | os.PathLike[str] | None = None,
        session: str = "",
        timeout: float | None = None,
    ) -> dict[str, Any]:
        """A window's trace in the Chrome trace event format (docs/traces.md),
        the JSON object form as a dict: what the daemon keeps of the window
        after event ``since_seq``, timed by the window's clock (``"window"``)
        or the daemon's wall clock (``"wall"``). With ``path``, also written
        there (for ui.perfetto.dev, chrome://tracing, Speedscope)."""
        builder = _trace.TraceBuilder(window, since_seq)
        while builder.take(
            self.get_trace(
                builder.window,
                since_seq=builder.since_seq,
                since_frame_seq=builder.since_frame_seq,
                clock=clock,
                session=session,
                timeout=timeout,
            )
        ):
            pass
        return builder.finish(path)

    def pipeline(self) -> Pipeline:
        """Requests sent without waiting (see :class:`Pipeline`)."""
        return Pipeline(self)

    def _call(self, spec: RequestSpec, body: Any, options: dict[str, Any]) -> Any:
        session = self._routed_session(spec, body, options)
        target: Client = self._route(spec, session, options)
        hops = 0
        while True:
            pending = target._send(spec, body, options)
            timeout = options.get("timeout")
            target._wait(pending, target.timeout if timeout is None else timeout)
            if session is None or not isinstance(pending.error, SessionMoved):
                return pending.get()
            hops += 1
            target = self._peer(pending.error, self._moved_to(pending.error, session, hops))

    def _pipelined(self, spec: RequestSpec, body: Any, options: dict[str, Any]) -> Pending:
        session = self._routed_session(spec, body, options)
        target: Client = self._route(spec, session, options)
        sent = target._send(spec, body, options)
        if session is None:
            return sent
        reply = Pending(sent.request_id, spec, body)
        reply.session = sent.session
        self._settle_pipelined(reply, sent, options, session, self._sent_without_waiting(session, target), 0)
        return reply

    def _settle_pipelined(
        self, reply: Pending, sent: Pending, options: dict[str, Any], session: str, tail: _connect.Tail, hops: int
    ) -> None:
        """Gives ``reply`` the answer of ``sent`` (its request as sent the
        ``hops``-th time); a MOVED answer is followed as soon as it is read,
        so the requests of a session answered MOVED on one connection are
        sent again in the order they were answered, which is the order
        they were sent."""

        def answered(done: Pending) -> None:
            if isinstance(done.error, SessionMoved):
                try:
                    peer = self._peer(done.error, self._moved_to(done.error, session, hops + 1))
                    again = peer._send(reply.spec, reply.body, options)
                except CurtainError as error:
                    self._answered(session, tail)
                    reply._finish(error=error)
                    return
                tail.connection = peer
                self._settle_pipelined(reply, again, options, session, tail, hops + 1)
                return
            self._answered(session, tail)
            reply.response = done.response
            reply._finish(done.value, done.error)

        sent.callbacks.append(answered)

    def _busy(self) -> list[Client]:
        """The open connections with requests in flight: this client's and
        those opened to follow MOVED."""
        connections = [self, *self._peers.values()]
        return [connection for connection in connections if connection.connected and connection._core.pending]

    def _wait_pipelined(self, pending: Pending, timeout: float | None) -> None:
        deadline = _deadline(timeout)
        while not pending.done:
            busy = self._busy()
            try:
                if len(busy) <= 1:
                    (busy[0] if busy else self)._receive(deadline)
                    continue
                # A request may wait for one sent after it (a push waiting
                # until completed, and the clock advanced after it), which
                # may be answered MOVED on another connection: read them all.
                remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
                with selectors.DefaultSelector() as selector:
                    for connection in busy:
                        assert connection._sock is not None
                        selector.register(connection._sock, selectors.EVENT_READ, connection)
                    ready = selector.select(remaining)
                if not ready:
                    raise Timeout("timed out")
                for key, _ in ready:
                    key.data._receive_available()
            except Timeout:
                raise Timeout(
                    f"no answer to {pending.spec.body} (request {pending.request_id}) within {timeout} s"
                ) from None

    def _poll_pipelined(self) -> None:
        for connection in self._busy() or [self]:
            connection._receive_available()

    def _peer(self, moved: SessionMoved, address: str) -> Client:
        """The connection to ``address`` (a MOVED's), opened if need be."""
        peer: Client | None = self._open_peer(address)
        if peer is None:
            try:
                peer = Client(address, **self._peer_options())
            except (ConnectFailed, ValueError) as error:
                raise self._unreachable(moved, error) from error
            self._keep_peer(address, peer)
        return peer

    def _adopt(self, state: SubscriptionState) -> None:
        if isinstance(state, Subscription):
            state._connection = self

    def _send(self, spec: RequestSpec, body: Any, options: dict[str, Any]) -> Pending:
        pending, data = self._core.request(spec, body, options, self._options.session)
        self._write(data)
        return pending

    def _new_subscription(self, request: protocol_pb2.Subscribe, result: protocol_pb2.SubscribeResult) -> Subscription:
        return Subscription(self, request, result)

    # MARK: I/O

    def _write(self, data: bytes) -> None:
        if self._core.closed is not None:
            raise self._core.closed
        assert self._sock is not None
        try:
            self._sock.settimeout(None)
            self._sock.sendall(data)
        except OSError as error:
            self._core.lost(ConnectionClosed(message=f"write failed: {error}"))
            raise self._core.closed from error  # type: ignore[misc]

    def _wait(self, pending: Pending, timeout: float | None) -> None:
        deadline = _deadline(timeout)
        while not pending.done:
            try:
                self._receive(deadline)
            except Timeout:
                raise Timeout(
                    f"no answer to {pending.spec.body} (request {pending.request_id}) within {timeout} s"
                ) from None

    def _receive(self, deadline: float | None) -> None:
        """Reads once, waiting until ``deadline`` (None: as long as it
        takes); dispatches what arrived. Raises Timeout when the deadline
        has passed and nothing was there."""
        if self._core.closed is not None:
            raise self._core.closed
        assert self._sock is not None
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                if not self._read(poll=True):
                    raise Timeout("timed out")
                self._answer_delegate_calls()
                return
            self._sock.settimeout(remaining)
        else:
            self._sock.settimeout(None)
        self._read(poll=False)
        self._answer_delegate_calls()

    def _receive_available(self) -> None:
        """Reads and dispatches whatever is already there, without waiting
        (nothing once the connection is over)."""
        if self.connected:
            self._read(poll=True)
            self._answer_delegate_calls()

    def _read(self, poll: bool) -> bool:
        """One blocking read (with the socket's timeout), or every read that
        does not block; returns whether anything arrived."""
        assert self._sock is not None
        if poll:
            self._sock.settimeout(0)
        got = False
        while True:
            try:
                data = self._sock.recv(1 << 16)
            except (BlockingIOError, InterruptedError):
                return got
            except TimeoutError:
                if poll:
                    return got
                raise Timeout("timed out") from None
            except OSError as error:
                self._core.lost(ConnectionClosed(message=f"read failed: {error}"))
                return True
            if not data:
                self._core.lost(ConnectionClosed())
                return True
            got = True
            self._core.feed(data)
            if not poll or self._core.closed is not None:
                return True
