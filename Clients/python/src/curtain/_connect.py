"""Connection options shared by the clients."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from . import _delegates, types
from ._core import Core, SubscriptionState
from ._spec import REQUESTS
from ._typebase import typed
from ._wire import Address, parse_address
from .errors import ConnectionClosed, ServerError
from .v1 import protocol_pb2

#: Seconds a call waits for its response unless told otherwise.
DEFAULT_TIMEOUT = 30.0


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
        self._core = Core(self._new_subscription)
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
        to resume."""
        resumable = self._core.resumable()
        self._core = Core(self._new_subscription)
        self._core.carried = resumable
        return resumable

    def _resume_all(self, resumable: list[SubscriptionState], send: Any) -> list[tuple[SubscriptionState, Any]]:
        """Sends a resuming Subscribe for each subscription through
        ``send(spec, body)`` (which returns the Pending and a handle to wait
        on); returns each subscription with its handle."""
        sent = []
        # The Subscribe that resumes a subscription.
        resume = REQUESTS["subscribe"]
        for state in resumable:
            pending, handle = send(resume, state.resume_request())
            self._core.resuming[pending.request_id] = state
            sent.append((state, handle))
        self._core.carried = []
        return sent

    @staticmethod
    def _resume_failed(state: SubscriptionState, error: BaseException) -> None:
        """A subscription the daemon would not resume (its window closed
        meanwhile, say) ends with that error; anything else is raised."""
        if not isinstance(error, ServerError):
            raise error
        state.end(error)
