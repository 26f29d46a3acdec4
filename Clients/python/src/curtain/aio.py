"""The asyncio client.

    async with curtain.AsyncClient() as client:
        window = await client.create_window(clock="manual")
        sub = await client.subscribe(window)
        async for item in sub:
            ...

Each request method sends its request at once and returns an awaitable
(an :class:`asyncio.Future`) of the same typed result as the synchronous
client's, so requests pipeline naturally: call several methods, then await
their futures (or ``asyncio.gather`` them). In cluster mode each follows
MOVED by itself, and a session's requests stay in order meanwhile (see
:class:`~curtain._connect.Tail`). A background task reads the
connection and routes events and frames to their :class:`AsyncSubscription`,
and starts a task answering each question the daemon asks a delegate
registered with ``set_delegate``.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import os
import socket
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from . import _connect, _delegates, _trace, types
from ._core import HELLO, Item, Pending, RawItem, SubscriptionState, hello_body
from ._requests import RequestMethods, WindowLike
from ._spec import REQUESTS, RequestSpec
from ._typebase import typed
from .errors import ConnectFailed, ConnectionClosed, CurtainError, SessionMoved, SubscriptionEnded, Timeout
from .v1 import events_pb2, protocol_pb2

T = TypeVar("T", types.Event, types.Frame)


class _AsyncConnection(Protocol):
    """What an :class:`AsyncSubscription` uses of its :class:`AsyncClient`:
    this small internal interface, not the client's state."""

    @property
    def connected(self) -> bool: ...

    def unsubscribe(self, subscription: Any) -> asyncio.Future[None]: ...

    def _acknowledge(self, subscription_id: int, frame_seq: int) -> None:
        """Sends a FrameAck."""
        ...


class AsyncSubscription(SubscriptionState):
    """A subscription's events and frames, for ``async for``.

    The loop ends after an unsubscribe and raises
    :class:`~curtain.errors.ConnectionClosed` when the connection ends; after
    ``await client.reconnect()`` iterate again to resume after the last event
    delivered. Frames of a ``"pause"`` subscription are acknowledged as they
    are handed out unless ``auto_ack`` is False.
    """

    def __init__(
        self, connection: _AsyncConnection, request: protocol_pb2.Subscribe, result: protocol_pb2.SubscribeResult
    ) -> None:
        super().__init__(request, result)
        self._connection = connection
        self._changed = asyncio.Event()
        self.auto_ack = True

    def deliver(self, item: RawItem) -> None:
        super().deliver(item)
        self._changed.set()

    def end(self, error: CurtainError) -> None:
        super().end(error)
        self._changed.set()

    def resumed(self, result: protocol_pb2.SubscribeResult) -> None:
        super().resumed(result)
        self._changed.set()

    async def next(self, timeout: float | None = None) -> Item:
        """The next event or frame; raises Timeout after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while not self.items:
            if self.error is not None:
                raise self.error
            self._changed.clear()
            if deadline is None:
                await self._changed.wait()
                continue
            try:
                await asyncio.wait_for(self._changed.wait(), max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                raise Timeout(f"nothing arrived within {timeout} s") from None
        return self._hand_out(self.items.popleft())

    def poll(self) -> list[Item]:
        """Everything that has arrived, without waiting."""
        items = [self._hand_out(item) for item in self.items]
        self.items.clear()
        return items

    async def __aenter__(self) -> AsyncSubscription:
        return self

    async def __aexit__(self, *exc: object) -> None:
        """Leaving ``async with await client.subscribe(…) as sub:`` unsubscribes."""
        await self.close()

    def __aiter__(self) -> AsyncSubscription:
        return self

    async def __anext__(self) -> Item:
        try:
            return await self.next()
        except SubscriptionEnded:
            raise StopAsyncIteration from None

    def messages(self, timeout: float | None = None) -> AsyncIterator[Item]:
        """The events and frames in arrival order, until ``timeout`` seconds
        pass without one (None: until the subscription ends)."""
        return self._until_quiet(timeout)

    def events(self, timeout: float | None = None) -> AsyncIterator[types.Event]:
        """The events, until ``timeout`` seconds pass without one. Raises
        ValueError at once on a subscription that carries frames too (use
        :meth:`messages`)."""
        self._check_only("events")
        return self._only(types.Event, timeout)

    def frames(self, timeout: float | None = None) -> AsyncIterator[types.Frame]:
        """The frames, until ``timeout`` seconds pass without one. Raises
        ValueError at once on a subscription that carries events too (use
        :meth:`messages`)."""
        self._check_only("frames")
        return self._only(types.Frame, timeout)

    async def _only(self, kind: type[T], timeout: float | None) -> AsyncIterator[T]:
        async for item in self._until_quiet(timeout):
            if isinstance(item, kind):
                yield item

    async def _until_quiet(self, timeout: float | None) -> AsyncIterator[Item]:
        while True:
            try:
                yield await self.next(timeout)
            except (Timeout, SubscriptionEnded):
                return

    def ack(self, frame: types.Frame | events_pb2.Frame) -> None:
        """Acknowledges frames up to ``frame`` (``"pause"`` subscriptions)."""
        self._connection._acknowledge(self.id, frame.frame_seq)

    async def close(self) -> None:
        """Unsubscribes (if the connection is still open)."""
        if self.active and self._connection.connected:
            await self._connection.unsubscribe(self)

    def _hand_out(self, item: RawItem) -> Item:
        handed: Item = typed(item)
        if self.auto_ack and self.pauses and isinstance(handed, types.Frame) and self._connection.connected:
            self.ack(handed)
        return handed


if TYPE_CHECKING:
    # The same methods, typed as returning a future of each result.
    from ._typed import AsyncRequests as _AsyncRequests
else:
    _AsyncRequests = RequestMethods


class AsyncClient(_connect.ClientBase, _AsyncRequests):
    """An asyncio connection to ``curtaind`` (options: see
    :class:`~curtain._connect.ClientBase`). Connect with ``await
    AsyncClient.connect(...)`` or ``async with AsyncClient(...)``."""

    def _opened(self) -> None:
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task[None] | None = None
        #: The tasks answering delegate calls.
        self._delegate_tasks: set[asyncio.Task[None]] = set()
        #: The connections being opened to follow MOVED, by address.
        self._dialing: dict[str, asyncio.Task[AsyncClient]] = {}

    @classmethod
    async def connect(
        cls, address: str | os.PathLike[str] | tuple[str, int] | None = None, **kwargs: Any
    ) -> AsyncClient:
        """Connects and says Hello."""
        client = cls(address, **kwargs)
        await client._dial()
        return client

    @property
    def connected(self) -> bool:
        return self._writer is not None and self._core.closed is None

    async def __aenter__(self) -> AsyncClient:
        if self._writer is None:
            await self._dial()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Closes the connection, and those opened to follow MOVED
        (subscriptions end with ConnectionClosed)."""
        for peer in list(self._peers.values()):
            await peer.close()
        await self._hang_up(ConnectionClosed(message="closed by the client"))

    async def reconnect(self, wait: float = 0.0) -> AsyncClient:
        """Dials again, says Hello, and resumes every subscription after the
        last event it delivered. Retries a refused connection for up to
        ``wait`` seconds. In a cluster, a subscription whose session moved
        resumes on the node that owns the session now (the resumption
        follows MOVED)."""
        await self.close()
        resumable = self._fresh_core()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait
        while True:
            try:
                await self._dial()
                break
            except ConnectFailed:
                if loop.time() >= deadline:
                    raise
                await asyncio.sleep(0.05)
        self._core.carried = []
        subscribe = REQUESTS["subscribe"]
        sent = [self._call(subscribe, state.resume_request(), self._resume_options(state)) for state in resumable]
        results = await asyncio.gather(*sent, return_exceptions=True)
        for state, result in zip(resumable, results, strict=True):
            if isinstance(result, BaseException):
                self._resume_failed(state, result)
        return self

    async def _hang_up(self, reason: ConnectionClosed) -> None:
        task, writer = self._reader_task, self._writer
        self._reader_task, self._writer = None, None
        answering, self._delegate_tasks = self._delegate_tasks, set()
        for running in [task, *answering]:
            if running is not None and running is not asyncio.current_task():
                running.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await running
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
        self._core.lost(reason)

    async def _dial(self) -> None:
        address = self._options.address
        try:
            if address.is_tcp:
                opening = asyncio.open_connection(address.host, address.port)
            else:
                opening = asyncio.open_unix_connection(address.path)
            reader, writer = await asyncio.wait_for(opening, self.timeout)
        except asyncio.TimeoutError:
            raise ConnectFailed(None, f"connecting to {address} timed out") from None
        except OSError as error:
            raise ConnectFailed(error.errno, _connect.unreachable(address, error)) from error
        if address.is_tcp:
            sock = writer.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._writer = writer
        self._reader_task = asyncio.get_running_loop().create_task(self._read(reader))
        body = hello_body(self._options.client_name, self._options.token, self._options.capabilities)
        pending, data = self._core.request(HELLO, body, {}, "")
        future = self._future(pending, self.timeout)
        self._write(data)
        try:
            self._core.welcome = await future
        except BaseException:
            await self.close()
            raise

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while self._core.closed is None:
                data = await reader.read(1 << 16)
                if not data:
                    self._core.lost(ConnectionClosed())
                    return
                self._core.feed(data)
                self._answer_delegate_calls()
        except CurtainError as error:
            self._core.lost(ConnectionClosed(message=str(error)))
        except OSError as error:
            self._core.lost(ConnectionClosed(message=f"read failed: {error}"))

    # MARK: Delegates

    async def serve_delegates(self, timeout: float | None = None) -> int:
        """Waits ``timeout`` seconds (None: until the connection ends, which
        raises its ConnectionClosed) while the client answers the daemon's
        delegate calls; returns how many it answered meanwhile. The client
        answers calls as they arrive whatever else it does (each in a task
        of its own), so this is for a program that only answers."""
        answered = self._core.delegate_answers
        task = self._reader_task
        if task is None or self._core.closed is not None:
            raise self._core.closed or ConnectionClosed(message="not connected")
        await asyncio.wait({task}, timeout=timeout)
        if task.done():
            raise self._core.closed or ConnectionClosed(message="the connection ended")
        return self._core.delegate_answers - answered

    async def trace(
        self,
        window: WindowLike = 0,
        *,
        since_seq: int = 0,
        clock: str | int = "window",
        path: str | os.PathLike[str] | None = None,
        session: str = "",
        timeout: float | None = None,
    ) -> dict[str, Any]:
        """A window's trace in the Chrome trace event format, as
        :meth:`curtain.Client.trace`."""
        builder = _trace.TraceBuilder(window, since_seq)
        while builder.take(
            await self.get_trace(
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

    def notices(self) -> list[types.Event]:
        """The live notices addressed to this client outside any
        subscription that arrived since the last call (a DelegateEvent
        REPLACED when another client took over a delegate registration:
        seq 0, window 0)."""
        return self._take_notices()

    def _answer_delegate_calls(self) -> None:
        """Starts a task answering each call that arrived."""
        loop = asyncio.get_running_loop()
        while self._core.delegate_calls:
            task = loop.create_task(self._answer(self._core.delegate_calls.popleft()))
            self._delegate_tasks.add(task)
            task.add_done_callback(self._delegate_tasks.discard)
        while (animation := self._next_animation()) is not None:
            task = loop.create_task(self._animate(*animation))
            self._delegate_tasks.add(task)
            task.add_done_callback(self._delegate_tasks.discard)
        while (interaction := self._next_interaction()) is not None:
            task = loop.create_task(self._interact(*interaction))
            self._delegate_tasks.add(task)
            task.add_done_callback(self._delegate_tasks.discard)

    async def _interact(self, controller: object, transition: _delegates.InteractiveTransition) -> None:
        """Runs an interaction controller's ``start_interactive_transition``."""
        try:
            result = controller.start_interactive_transition(transition)  # type: ignore[attr-defined]
            if inspect.isawaitable(result):
                await result
        except ConnectionClosed:
            pass
        except Exception:
            _delegates.interaction_failed(transition, controller)

    async def _animate(self, context: _delegates.TransitionContext, animator: object) -> None:
        """Runs a remote animator's ``animate_transition`` (a coroutine
        function or a plain one)."""
        try:
            result = animator.animate_transition(context)  # type: ignore[attr-defined]
            if inspect.isawaitable(result):
                await result
        except ConnectionClosed:
            pass
        except Exception:
            _delegates.animation_failed(context, animator)

    async def _answer(self, call: protocol_pb2.DelegateCall) -> None:
        core = self._core
        answer = await _delegates.answer_async(core.delegates.delegate(call), call)
        if core is self._core and self.connected:
            self._reply_to_delegate(call, answer)

    # MARK: Requests

    def _call(self, spec: RequestSpec, body: Any, options: dict[str, Any]) -> asyncio.Future[Any]:
        session = self._routed_session(spec, body, options)
        target: AsyncClient = self._route(spec, session, options)
        first = target._send(spec, body, options)
        if session is None:
            return first
        # Sent at once (in order with the requests sent after it); a MOVED
        # answer is followed in a task. Until the answer, the session's
        # next requests go to the same connection, behind this one.
        tail = self._sent_without_waiting(session, target)
        loop = asyncio.get_running_loop()
        outer: asyncio.Future[Any] = loop.create_future()
        outer.add_done_callback(lambda _: self._answered(session, tail))

        def settle(done: asyncio.Future[Any]) -> None:
            if outer.done():
                return
            if done.cancelled():
                outer.cancel()
                return
            error = done.exception()
            if isinstance(error, SessionMoved):
                follow = loop.create_task(self._follow(spec, body, options, session, error, tail))
                follow.add_done_callback(lambda task: _copy_outcome(task, outer))
            else:
                _copy_outcome(done, outer)

        first.add_done_callback(settle)
        return outer

    def _send(self, spec: RequestSpec, body: Any, options: dict[str, Any]) -> asyncio.Future[Any]:
        """Sends a request on this connection; a future of its answer."""
        pending, data = self._core.request(spec, body, options, self.session)
        timeout = options.get("timeout")
        future = self._future(pending, self.timeout if timeout is None else timeout)
        self._write(data)
        return future

    async def _follow(
        self,
        spec: RequestSpec,
        body: Any,
        options: dict[str, Any],
        session: str,
        moved: SessionMoved,
        tail: _connect.Tail,
    ) -> Any:
        """Sends a request answered ``moved`` where it says, and again
        while the answer is MOVED (up to MAX_MOVED_HOPS in all); ``tail``
        follows it (the tasks following a session's requests run in the
        order their MOVED answers arrived, so they send in that order)."""
        hops = 1
        while True:
            peer = await self._peer(moved, self._moved_to(moved, session, hops))
            tail.connection = peer
            try:
                return await peer._send(spec, body, options)
            except SessionMoved as again:
                moved, hops = again, hops + 1

    async def _peer(self, moved: SessionMoved, address: str) -> AsyncClient:
        """The connection to ``address`` (a MOVED's), opened if need be
        (once, however many requests wait for it)."""
        peer: AsyncClient | None = self._open_peer(address)
        if peer is not None:
            return peer
        dialing = self._dialing.get(address)
        if dialing is None:
            dialing = asyncio.get_running_loop().create_task(AsyncClient.connect(address, **self._peer_options()))
            self._dialing[address] = dialing
            dialing.add_done_callback(lambda _: self._dialing.pop(address, None))
        try:
            opened = await asyncio.shield(dialing)
        except (ConnectFailed, ValueError) as error:
            raise self._unreachable(moved, error) from error
        if self._peers.get(address) is not opened:
            self._keep_peer(address, opened)
        return opened

    def _adopt(self, state: SubscriptionState) -> None:
        if isinstance(state, AsyncSubscription):
            state._connection = self

    def _future(self, pending: Pending, timeout: float | None) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()

        def settle(done: Pending) -> None:
            if future.done():
                return
            if done.error is not None:
                future.set_exception(done.error)
            else:
                future.set_result(done.value)

        pending.callbacks.append(settle)
        if timeout is not None and timeout != float("inf"):

            def expire() -> None:
                if not future.done():
                    future.set_exception(
                        Timeout(f"no answer to {pending.spec.body} (request {pending.request_id}) within {timeout} s")
                    )

            handle = loop.call_later(timeout, expire)
            future.add_done_callback(lambda _: handle.cancel())
        return future

    def _write(self, data: bytes) -> None:
        if self._core.closed is not None:
            raise self._core.closed
        if self._writer is None:
            raise ConnectionClosed(message="not connected")
        self._writer.write(data)

    def _new_subscription(
        self, request: protocol_pb2.Subscribe, result: protocol_pb2.SubscribeResult
    ) -> AsyncSubscription:
        return AsyncSubscription(self, request, result)


def _copy_outcome(source: asyncio.Future[Any], target: asyncio.Future[Any]) -> None:
    """Settles ``target`` as ``source`` was (unless it already is)."""
    if target.done():
        return
    if source.cancelled():
        target.cancel()
    elif (error := source.exception()) is not None:
        target.set_exception(error)
    else:
        target.set_result(source.result())


__all__ = ["AsyncClient", "AsyncSubscription"]
