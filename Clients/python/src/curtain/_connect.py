"""Connection options shared by the clients."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from . import _delegates, types
from ._core import Core, SubscriptionState
from ._spec import REQUESTS, RequestSpec
from ._typebase import typed
from ._wire import Address, parse_address
from .errors import MAX_MOVED_HOPS, ConnectionClosed, ServerError, SessionMoved
from .v1 import protocol_pb2

#: Seconds a call waits for its response unless told otherwise.
DEFAULT_TIMEOUT = 30.0

log = logging.getLogger("curtain")

#: The requests that address the node that answers, not a session: never
#: answered MOVED (as the daemon routes them).
NODE_REQUESTS = frozenset(
    {"hello", "sync", "get_status", "get_metrics", "list_sessions", "list_nodes", "shutdown", "unsubscribe"}
)


@dataclass
class Tail:
    """Cluster mode: the last request for a session sent without waiting
    for its answer (a pipeline's, or any of the asyncio client's) while
    that answer may still be MOVED, and the connection it is on now. Until
    it is answered, later requests for the session go to that connection,
    behind it: a MOVED answer sends them on in the order they were sent, so
    the session's requests stay in order while they follow MOVED."""

    connection: Any
    settled: bool = False


@dataclass
class Options:
    address: Address
    token: str = ""
    client_name: str = "curtain-python"
    capabilities: list[str] = field(default_factory=list)
    session: str = ""


def options(
    address: object,
    token: str | None,
    token_file: str | os.PathLike[str] | None,
    client_name: str,
    capabilities: Iterable[str],
    read_only: bool,
    unowned_interactions: bool,
    session: str,
) -> Options:
    if token is not None and token_file is not None:
        raise TypeError("give token or token_file, not both")
    if token_file is not None:
        token = read_token_file(token_file)
    wanted = list(capabilities)
    if read_only and "read-only" not in wanted:
        wanted.append("read-only")
    if unowned_interactions and "unowned-interactions" not in wanted:
        wanted.append("unowned-interactions")
    return Options(parse_address(address), token or "", client_name, wanted, session)  # type: ignore[arg-type]


def read_token_file(path: str | os.PathLike[str]) -> str:
    """The token of a token file: the first word of its first line that is
    neither blank nor a ``#`` comment, as ``curtaind --token-file`` reads
    its tokens (so the daemon's own file, ``TOKEN [sessions=…] [read-only]
    [admin]`` per line, gives its first token). An unreadable file raises
    its ``OSError``; a file without a token raises ``ValueError``."""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            words = line.split()
            if words and not words[0].startswith("#"):
                return words[0]
    raise ValueError(f"the token file {os.fspath(path)} holds no token (every line is blank or a # comment)")


def unreachable(address: Address, error: OSError) -> str:
    return f"no daemon is listening on {address} ({error.strerror or error})"


class ClientBase:
    """What the synchronous and asyncio clients share: options, the
    connection's state and the properties that read it.

    ``address``: None (``$CURTAIN_SOCKET``, else the daemon's default
    socket), a Unix socket path, ``(host, port)`` or ``"tcp:HOST:PORT"``.
    ``token`` (or ``token_file``, whose first token is taken: see
    ``read_token_file``) is sent in Hello for TCP listeners that require
    one. ``read_only`` and ``unowned_interactions`` ask for those
    capabilities. ``session`` is the default session of every request.
    ``timeout`` is how long a call waits for its response (None: forever).
    """

    def __init__(
        self,
        address: str | os.PathLike[str] | tuple[str, int] | None = None,
        *,
        token: str | None = None,
        token_file: str | os.PathLike[str] | None = None,
        client_name: str = "curtain-python",
        capabilities: Iterable[str] = (),
        read_only: bool = False,
        unowned_interactions: bool = False,
        session: str = "",
        timeout: float | None = DEFAULT_TIMEOUT,
    ) -> None:
        self._options = options(
            address, token, token_file, client_name, capabilities, read_only, unowned_interactions, session
        )
        self.timeout = timeout
        self._core = Core(self._new_subscription, self._adopt)
        #: Whether this client follows MOVED (the connections it opens to
        #: follow it do not: the client that opened them counts the hops).
        self._follows = True
        #: Cluster mode: the node address of each session found elsewhere
        #: by a MOVED answer, and the connection open to each such address.
        self._routes: dict[str, str] = {}
        self._peers: dict[str, Any] = {}
        #: The last request sent for each session without waiting (see Tail).
        self._tails: dict[str, Tail] = {}
        self._opened()

    def _opened(self) -> None:
        """Called at the end of ``__init__``."""

    def _new_subscription(
        self, request: protocol_pb2.Subscribe, result: protocol_pb2.SubscribeResult
    ) -> SubscriptionState:
        raise NotImplementedError

    def _write(self, data: bytes) -> None:
        """Sends bytes on the connection (raises its ConnectionClosed once
        it is over)."""
        raise NotImplementedError

    def _acknowledge(self, subscription_id: int, frame_seq: int) -> None:
        """Acknowledges frames up to ``frame_seq`` of a PAUSE subscription."""
        self._write(self._core.frame_ack(subscription_id, frame_seq))

    def _reply_to_delegate(self, call: protocol_pb2.DelegateCall, answer: _delegates.Answer) -> None:
        """Sends the answer to a DelegateCall without waiting for the
        daemon's DelegateReplyResult (logged if refused or late); keeps a
        remote animator until its transition begins."""
        message, kept = answer
        if kept is not None and message.HasField("remote_animator"):
            self._core.animators[(call.session, call.call_id)] = kept
        body = protocol_pb2.DelegateReply(call_id=call.call_id, answer=message)
        pending, data = self._core.request(REQUESTS["delegate_reply"], body, {"session": call.session}, "")
        pending.callbacks.append(_delegates.reply_done(call))
        if kept is not None and message.interactive:
            core = self._core

            def started(done: Any) -> None:
                result = done.value
                if done.error is None and result is not None and result.transition_id:
                    transition = _delegates.InteractiveTransition(
                        self, call.session, result.window_id, result.transition_id
                    )
                    core.interactions.append((kept, transition))

            pending.callbacks.append(started)
        self._write(data)
        self._core.delegate_answers += 1

    def _post(self, name: str, body: Any, session: str, what: str) -> None:
        """Sends a request without waiting for its response (a refusal is
        logged, naming ``what``)."""
        pending, data = self._core.request(REQUESTS[name], body, {"session": session}, "")
        pending.callbacks.append(_delegates.refusal_logged(what))
        self._write(data)

    def _next_interaction(self) -> tuple[object, _delegates.InteractiveTransition] | None:
        """The next transition begun for one of this client's interaction
        controllers, if one began."""
        return self._core.interactions.popleft() if self._core.interactions else None

    def _next_animation(self) -> tuple[_delegates.TransitionContext, object] | None:
        """The next transition handed to one of this client's remote
        animators, with its context, if one arrived (one whose animator is
        gone is logged and skipped)."""
        while self._core.animations:
            message = self._core.animations.popleft()
            animator = self._core.animators.pop((message.session, message.call_id), None)
            if animator is None:
                _delegates.no_animator(message)
                continue
            return _delegates.TransitionContext(self, message), animator
        return None

    # MARK: Cluster mode

    def _routed_session(self, spec: RequestSpec, body: Any, options: dict[str, Any]) -> str | None:
        """The session a request is routed by, as the daemon decides it
        (None: the request addresses the node, or this client does not
        follow MOVED)."""
        if not self._follows or spec.body in NODE_REQUESTS:
            return None
        if spec.body in ("kill_session", "move_session"):
            return str(body.name)
        if spec.body == "import_session":
            # Routed by its name only when the request names its session.
            return str(options.get("session") or self._options.session or "") or None
        return str(options.get("session") or self._options.session or "default")

    def _route(self, spec: RequestSpec, session: str | None, options: dict[str, Any]) -> Any:
        """Where a request for ``session`` goes: behind the session's
        unanswered request sent without waiting (see Tail), else to the
        open connection to the node a MOVED named for it, else this
        client. An Unsubscribe goes to the connection of its subscription."""
        owner = getattr(options.get("attachment"), "_connection", None)
        if spec.body == "unsubscribe" and owner is not None:
            return owner
        tail = self._tails.get(session or "")
        if tail is not None and not tail.settled and tail.connection.connected:
            return tail.connection
        peer = self._open_peer(self._routes.get(session or "", ""))
        return self if peer is None else peer

    def _sent_without_waiting(self, session: str, connection: Any) -> Tail:
        """Records a request for ``session`` sent to ``connection`` without
        waiting for its answer: the session's new tail."""
        tail = Tail(connection)
        self._tails[session] = tail
        return tail

    def _answered(self, session: str, tail: Tail) -> None:
        """The request of ``tail`` has its final answer."""
        tail.settled = True
        if self._tails.get(session) is tail:
            del self._tails[session]

    def _open_peer(self, address: str) -> Any:
        """The open connection to ``address`` made to follow MOVED, or None."""
        peer = self._peers.get(address)
        return peer if peer is not None and peer.connected else None

    def _keep_peer(self, address: str, peer: Any) -> None:
        """Keeps a connection opened to follow MOVED to ``address`` (it
        does not follow MOVED itself: this client counts the hops)."""
        peer._follows = False
        self._peers[address] = peer

    def _moved_to(self, moved: SessionMoved, session: str, hops: int) -> str:
        """The address to send a request answered ``moved`` to (its
        ``hops``-th MOVED); remembers it for the session. Raises ``moved``
        after MAX_MOVED_HOPS."""
        if hops > MAX_MOVED_HOPS:
            raise moved.giving_up(f"not followed: {MAX_MOVED_HOPS} MOVED answers were followed already")
        name = moved.session or session
        log.debug("following MOVED: session %s is on node %s at %s", name, moved.node, moved.address)
        self._routes[name] = moved.address
        return moved.address

    def _peer_options(self) -> dict[str, Any]:
        """The options of a connection opened to follow MOVED: this
        client's token, name, capabilities, session and timeout."""
        return {
            "token": self._options.token,
            "client_name": self._options.client_name,
            "capabilities": self._options.capabilities,
            "session": self._options.session,
            "timeout": self.timeout,
        }

    @staticmethod
    def _unreachable(moved: SessionMoved, error: Exception) -> SessionMoved:
        return moved.giving_up(f"not followed: {moved.address} did not answer: {error}")

    @property
    def connections(self) -> int:
        """How many connections this client has open: its own, and those
        it opened to follow MOVED."""
        own = 1 if getattr(self, "connected", False) else 0
        return own + sum(1 for peer in self._peers.values() if peer.connected)

    def _take_notices(self) -> list[types.Event]:
        notices = [typed(event) for event in self._core.notices]
        self._core.notices.clear()
        return notices

    @property
    def address(self) -> str:
        """Where this client connects."""
        return str(self._options.address)

    @property
    def session(self) -> str:
        """The default session of its requests (empty: ``default``)."""
        return self._options.session

    @property
    def welcome(self) -> protocol_pb2.Welcome:
        """The daemon's answer to Hello."""
        if self._core.welcome is None:
            raise ConnectionClosed(message="not connected")
        return self._core.welcome

    @property
    def goodbye(self) -> ConnectionClosed | None:
        """Why the connection ended, once it has."""
        return self._core.closed

    def _fresh_core(self) -> list[SubscriptionState]:
        """A new connection state for a reconnect; returns the subscriptions
        to resume: this connection's, and those of the connections opened to
        follow MOVED (closed now: their sessions go through this connection
        again, and follow MOVED from there)."""
        resumable = self._core.resumable()
        for peer in self._peers.values():
            resumable += peer._core.resumable()
        self._peers = {}
        self._routes = {}
        self._tails = {}
        self._core = Core(self._new_subscription, self._adopt)
        self._core.carried = resumable
        return resumable

    def _adopt(self, state: SubscriptionState) -> None:
        """A subscription resumed on this connection: its reads are here."""

    def _resume_options(self, state: SubscriptionState) -> dict[str, Any]:
        """The options of the Subscribe that resumes ``state``."""
        return {"session": state.session, "attachment": state}

    @staticmethod
    def _resume_failed(state: SubscriptionState, error: BaseException) -> None:
        """A subscription the daemon would not resume (its window closed
        meanwhile, say) ends with that error; anything else is raised."""
        if not isinstance(error, ServerError):
            raise error
        state.end(error)
