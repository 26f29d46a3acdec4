"""Exceptions raised by the Curtain clients."""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Mapping

from .v1 import events_pb2, protocol_pb2


class ErrorCode(enum.IntEnum):
    """The protocol's error codes (``curtain.v1.ErrorCode``)."""

    UNSPECIFIED = 0
    INVALID_ARGUMENT = 1
    NOT_FOUND = 2
    ALREADY_PRESENTING = 3
    NOT_IN_WINDOW = 4
    BUSY = 5
    CONFLICT = 6
    NOT_OWNER = 7
    UNAUTHENTICATED = 8
    PERMISSION_DENIED = 9
    LIMIT_EXCEEDED = 10
    UNSUPPORTED_VERSION = 11
    INTERNAL = 12
    UNAVAILABLE = 13
    MOVED = 14


class GoodbyeReason(enum.IntEnum):
    """Why the daemon closed a connection (``curtain.v1.Goodbye.Reason``)."""

    UNSPECIFIED = 0
    SHUTDOWN = 1
    PROTOCOL_ERROR = 2
    SLOW_CONSUMER = 3
    UNAUTHENTICATED = 4
    FRAME_POLICY = 5
    TIMEOUT = 6
    LIMIT_EXCEEDED = 7
    MOVED = 8


class CurtainError(Exception):
    """Base class of every error raised by this package."""


class ServerError(CurtainError):
    """The daemon answered a request with an error.

    ``code`` is the protocol's :class:`ErrorCode` (an unknown code from a
    newer daemon stays a plain ``int``), ``message`` the daemon's wording,
    ``request`` the name of the request's body (``"push"``), ``request_id``
    its id.
    """

    def __init__(
        self,
        code: ErrorCode | int,
        message: str,
        *,
        details: Mapping[str, str] | None = None,
        request: str = "",
        request_id: int = 0,
    ) -> None:
        with contextlib.suppress(ValueError):
            code = ErrorCode(code)
        self.code = code
        self.message = message
        self.details = dict(details or {})
        self.request = request
        self.request_id = request_id
        super().__init__(str(self))

    @property
    def code_name(self) -> str:
        """The code's name, e.g. ``"NOT_FOUND"``."""
        return self.code.name if isinstance(self.code, ErrorCode) else f"CODE_{int(self.code)}"

    def __str__(self) -> str:
        where = f" ({self.request})" if self.request else ""
        return f"{self.code_name}{where}: {self.message}"

    @classmethod
    def from_proto(cls, error: events_pb2.Error, *, request: str = "", request_id: int = 0) -> ServerError:
        kind = SessionMoved if int(error.code) == ErrorCode.MOVED else cls
        return kind(error.code, error.message, details=error.details, request=request, request_id=request_id)


class SessionMoved(ServerError):
    """``MOVED``: the request's session belongs to another node of a
    cluster (docs/cluster.md); nothing changed on the node that answered.

    The clients follow MOVED by themselves, pipelined requests included
    (see the README); this is raised when they cannot: when a request that
    followed :data:`MAX_MOVED_HOPS` of them is answered MOVED again, or
    when the node it names does not answer (the cause is then the
    :class:`ConnectFailed`). ``session``, ``node``, ``address``
    (``tcp://HOST:PORT``) and ``epoch`` come from the details.
    """

    @property
    def session(self) -> str:
        return self.details.get("session", "")

    @property
    def node(self) -> str:
        return self.details.get("node", "")

    @property
    def address(self) -> str:
        return self.details.get("address", "")

    @property
    def epoch(self) -> int:
        try:
            return int(self.details.get("epoch", "0"))
        except ValueError:
            return 0

    def giving_up(self, why: str) -> SessionMoved:
        """The same answer, its message saying why it was not followed."""
        return SessionMoved(
            self.code,
            f"{self.message} ({why})",
            details=self.details,
            request=self.request,
            request_id=self.request_id,
        )


#: How many MOVED answers one request follows; the next one is raised.
MAX_MOVED_HOPS = 3


class ConnectionClosed(CurtainError):
    """The connection is over: the daemon said goodbye, or the stream ended.

    ``reason`` is the :class:`GoodbyeReason` (``None`` when the stream ended
    without a goodbye), ``message`` the goodbye's text and ``details`` its
    details (``MOVED``: ``session``, ``node``, ``address``, ``epoch`` of the
    session that went to another node; ``reconnect()`` resumes its
    subscriptions there).
    """

    def __init__(
        self, reason: GoodbyeReason | int | None = None, message: str = "", details: Mapping[str, str] | None = None
    ) -> None:
        if reason is not None:
            with contextlib.suppress(ValueError):
                reason = GoodbyeReason(reason)
        self.reason = reason
        self.message = message
        self.details = dict(details or {})
        super().__init__(str(self))

    @classmethod
    def from_goodbye(cls, goodbye: protocol_pb2.Goodbye) -> ConnectionClosed:
        return cls(goodbye.reason, goodbye.message, goodbye.details)

    def __str__(self) -> str:
        if self.reason is None:
            return self.message or "the daemon closed the connection"
        name = self.reason.name if isinstance(self.reason, GoodbyeReason) else str(int(self.reason))
        return f"goodbye {name}" + (f": {self.message}" if self.message else "")


class SubscriptionEnded(CurtainError):
    """The subscription was ended by an unsubscribe: iterating it stops."""


class ConnectFailed(CurtainError, OSError):
    """No daemon could be reached at the address."""


class ProtocolError(CurtainError):
    """The daemon sent something this client cannot understand."""


class Timeout(CurtainError, TimeoutError):
    """Nothing arrived in time."""
