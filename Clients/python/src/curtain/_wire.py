"""Framing (varint length + one message) and addresses."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from google.protobuf.message import DecodeError

from .errors import ProtocolError
from .v1 import protocol_pb2

#: The largest message this client accepts from the daemon. The daemon does
#: not bound its own messages (a tree snapshot can be large), so this only
#: guards against garbage.
MAX_INCOMING_BYTES = 1 << 30


def encode_varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def frame(message: protocol_pb2.ClientMessage) -> bytes:
    """One message in the wire's length-delimited form."""
    payload = message.SerializeToString()
    return encode_varint(len(payload)) + payload


class Decoder:
    """Splits the daemon's byte stream into ``ServerMessage`` values."""

    def __init__(self, max_bytes: int = MAX_INCOMING_BYTES) -> None:
        self._buffer = bytearray()
        self._max = max_bytes

    def feed(self, data: bytes) -> list[protocol_pb2.ServerMessage]:
        self._buffer += data
        messages = []
        while True:
            header = self._header()
            if header is None:
                break
            length, start = header
            if len(self._buffer) < start + length:
                break
            message = protocol_pb2.ServerMessage()
            try:
                message.ParseFromString(bytes(self._buffer[start : start + length]))
            except DecodeError as error:
                raise ProtocolError(f"undecodable message from the daemon: {error}") from error
            del self._buffer[: start + length]
            messages.append(message)
        return messages

    def _header(self) -> tuple[int, int] | None:
        value = 0
        for index, byte in enumerate(self._buffer[:10]):
            value |= (byte & 0x7F) << (7 * index)
            if not byte & 0x80:
                if value > self._max:
                    raise ProtocolError(f"message of {value} bytes from the daemon exceeds {self._max}")
                return value, index + 1
        if len(self._buffer) >= 10:
            raise ProtocolError("malformed length prefix from the daemon")
        return None


@dataclass(frozen=True)
class Address:
    """Where a daemon listens: a Unix socket ``path``, or TCP ``host``/``port``."""

    path: str | None = None
    host: str | None = None
    port: int | None = None

    @property
    def is_tcp(self) -> bool:
        return self.path is None

    def __str__(self) -> str:
        if self.path is not None:
            return self.path
        host = f"[{self.host}]" if self.host and ":" in self.host else self.host
        return f"tcp:{host}:{self.port}"


def socket_rule_path(environ: Mapping[str, str], uid: int, name: str = "default") -> str:
    """The default socket rule, a port of Sources/CurtainWire/SocketRule.swift
    (tested against the same cases, Tests/Fixtures/socket-rule-cases.json):
    ``$CURTAIN_SOCKET`` when set and not empty, else
    ``$XDG_RUNTIME_DIR/curtain/<name>.sock`` when that is an absolute path
    (one trailing ``/`` dropped), else ``/tmp/curtain-<uid>/<name>.sock``."""
    explicit = environ.get("CURTAIN_SOCKET", "")
    if explicit:
        return explicit
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    if runtime.startswith("/"):
        base = runtime[:-1] if runtime.endswith("/") else runtime
        return f"{base}/curtain/{name}.sock"
    return f"/tmp/curtain-{uid}/{name}.sock"


def default_socket_path() -> str:
    """The daemon's default socket for this process (its environment and
    real user id), by the rule curtaind and the CLI follow: ``$CURTAIN_SOCKET``
    if set, else ``$XDG_RUNTIME_DIR/curtain/default.sock`` (when that is an
    absolute path), else ``/tmp/curtain-<uid>/default.sock``."""
    return socket_rule_path(os.environ, os.getuid())


def parse_address(address: str | os.PathLike[str] | tuple[str, int] | Address | None) -> Address:
    """Reads an address: ``None`` (the default socket), a Unix socket path,
    a ``(host, port)`` tuple, or ``"tcp:HOST:PORT"`` (``tcp://`` also works;
    IPv6 hosts in brackets, ``"tcp:[::1]:7000"``)."""
    if address is None:
        return Address(path=default_socket_path())
    if isinstance(address, Address):
        return address
    if isinstance(address, tuple):
        return Address(host=str(address[0]), port=_port(address[1], address))
    text = os.fspath(address)
    for prefix in ("tcp://", "tcp:"):
        if text.startswith(prefix):
            rest = text[len(prefix) :]
            if rest.startswith("["):
                name, sep, number = rest[1:].partition("]:")
            else:
                name, sep, number = rest.rpartition(":")
            if not sep or not name:
                raise ValueError(f"bad TCP address {text!r}: expected tcp:HOST:PORT")
            return Address(host=name, port=_port(number, text))
    if not text:
        raise ValueError("empty socket path")
    return Address(path=text)


def _port(value: object, original: object) -> int:
    try:
        port = int(str(value))
    except (TypeError, ValueError):
        raise ValueError(f"bad port in {original!r}") from None
    if not 0 < port < 65536:
        raise ValueError(f"port out of range in {original!r}")
    return port
