"""A private ``curtaind`` on a temporary socket, for tests and scripts.

    with curtain.testing.Daemon() as daemon:
        with curtain.Client(daemon.socket_path) as client:
            ...

The daemon is ``$CURTAIND`` (a path), else ``curtaind`` on ``PATH``. It
starts on a socket in a fresh temporary directory, ``--ephemeral`` (its
sessions are not kept) unless the arguments name a ``--state-dir``, a
``--store`` or a ``--cluster``, is ready
once it printed
its "listening on" lines and answered a Sync, and :meth:`Daemon.stop` ends it
with SIGTERM (SIGKILL after a grace period), checks that it removed its
socket and removes the directory.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Sequence

from . import types
from .client import Client


class DaemonError(RuntimeError):
    """The daemon could not be started, or did not stop cleanly."""


def find_curtaind() -> str:
    explicit = os.environ.get("CURTAIND")
    if explicit:
        if not os.access(explicit, os.X_OK):
            raise DaemonError(f"$CURTAIND={explicit} is not an executable")
        return explicit
    found = shutil.which("curtaind")
    if found is None:
        raise DaemonError("curtaind not found: set $CURTAIND to the built daemon (swift build --show-bin-path)")
    return found


class Daemon:
    """A ``curtaind`` process on a temporary Unix socket.

    ``arguments`` go to ``curtaind`` (for example ``["--listen",
    "127.0.0.1:0", "--token-file", path]``); ``tcp_address`` is then the
    address it reported, as ``"tcp:HOST:PORT"``.
    """

    def __init__(
        self,
        arguments: Sequence[str] = (),
        *,
        executable: str | None = None,
        socket_path: str | None = None,
        timeout: float = 20.0,
    ) -> None:
        self.executable = executable or find_curtaind()
        self.arguments = list(arguments)
        self.timeout = timeout
        #: The temporary directory this object made (and removes), if any.
        self.directory = ""
        self.socket_path = socket_path or ""
        self.tcp_address: str | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.exit_status: int | None = None
        self._lines: list[str] = []
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._reader: threading.Thread | None = None

    @property
    def stderr(self) -> str:
        """What the daemon wrote to stderr so far."""
        with self._lock:
            return "\n".join(self._lines)

    def start(self) -> Daemon:
        """Starts the daemon and waits until it serves."""
        if not self.socket_path:
            self.directory = tempfile.mkdtemp(prefix="curtain-py-")
            self.socket_path = os.path.join(self.directory, "d.sock")
        listeners = 2 if "--listen" in self.arguments else 1
        durable = any(flag in self.arguments for flag in ("--state-dir", "--ephemeral", "--store", "--cluster"))
        self.process = subprocess.Popen(
            [
                self.executable,
                "--socket",
                self.socket_path,
                "--log-level",
                "warning",
                *([] if durable else ["--ephemeral"]),
                *self.arguments,
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self._reader = threading.Thread(target=self._read_stderr, args=(listeners,), daemon=True)
        self._reader.start()
        if not self._ready.wait(self.timeout) or self.process.poll() is not None:
            self._kill()
            raise DaemonError(f"curtaind did not listen in time:\n{self.stderr}")
        # Listening is not yet serving: a Hello and a Sync prove it.
        try:
            with Client(self.socket_path, client_name="readiness", timeout=self.timeout) as probe:
                probe.sync()
        except Exception as error:
            self._kill()
            raise DaemonError(f"curtaind did not answer Sync: {error}\n{self.stderr}") from error
        return self

    def _read_stderr(self, listeners: int) -> None:
        assert self.process is not None and self.process.stderr is not None
        for raw in self.process.stderr:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            with self._lock:
                self._lines.append(line)
                count = sum("listening on" in seen for seen in self._lines)
            # The address ends at a space, or at the quote of a JSON log line.
            match = re.search(r'listening on tcp ([^\s"]+)', line)
            if match:
                self.tcp_address = "tcp:" + match.group(1)
            if count >= listeners:
                self._ready.set()
        self._ready.set()

    def stop(self, grace: float = 10.0) -> int:
        """Stops the daemon (SIGTERM) and cleans up; returns its exit status.
        Raises DaemonError if it had to be killed or left its socket."""
        if self.process is None:
            return self.exit_status or 0
        problems = []
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(grace)
            except subprocess.TimeoutExpired:
                problems.append(f"curtaind did not stop within {grace} s of SIGTERM")
                self.process.kill()
                self.process.wait()
        self.exit_status = self.process.returncode
        if self._reader is not None:
            self._reader.join(grace)
        if self.process.stderr is not None:
            self.process.stderr.close()
        self.process = None
        if os.path.exists(self.socket_path):
            problems.append(f"curtaind left its socket {self.socket_path}")
        self._remove_directory()
        if problems:
            raise DaemonError("; ".join(problems) + f"\n{self.stderr}")
        return self.exit_status

    def kill(self) -> None:
        """Kills the daemon (SIGKILL), as a crash would, and cleans up: the
        socket file it leaves behind is removed."""
        self._kill()

    def _kill(self) -> None:
        killed = False
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
                killed = True
            self.process.wait()
            self.exit_status = self.process.returncode
            if self._reader is not None:
                self._reader.join(self.timeout)
            if self.process.stderr is not None:
                self.process.stderr.close()
            self.process = None
        # A killed daemon leaves its socket; one that exited by itself (say,
        # because another daemon answers there) has none of its own.
        if killed and os.path.exists(self.socket_path):
            os.unlink(self.socket_path)
        self._remove_directory()

    def _remove_directory(self) -> None:
        if self.directory:
            shutil.rmtree(self.directory, ignore_errors=True)

    def client(self, **kwargs: object) -> Client:
        """A new client of this daemon's Unix socket."""
        return Client(self.socket_path, **kwargs)  # type: ignore[arg-type]

    def __enter__(self) -> Daemon:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class RecordingMismatch(AssertionError):
    """A recording replayed differently: the first difference, as
    ``curtain replay --check`` prints it (``difference`` holds its fields)."""

    def __init__(self, path: str, check: types.RecordingCheck) -> None:
        self.path = path
        self.difference = check.difference
        super().__init__(
            f"{path}: differs from what {check.generator} produces "
            f"(recorded by {check.recorded_by or 'an unknown curtaind'}): "
            f"{check.difference.explanation}"
        )


def replay(path: str | os.PathLike[str], client: Client | None = None, *, update: bool = False) -> types.RecordingCheck:
    """Replays a recording of ``curtain record`` (docs/recordings.md) and
    compares what it produces with what it expects, for a test suite of
    recordings under pytest::

        def test_push():
            curtain.testing.replay("Tests/Fixtures/recordings/push.json")

    The daemon replays it (the CheckRecording request, the comparison
    ``curtain replay --check`` makes): ``client``'s, else a private
    :class:`Daemon` started for it. Returns the check (``identical``, the
    counts); raises :class:`RecordingMismatch`, an ``AssertionError`` saying
    the first difference, when anything differs. With ``update``, the file's
    expectations are rewritten with what this build produces (the
    golden-file workflow) and nothing is raised, unless an input no longer
    replays as recorded. A file that is not a recording raises the client's
    ``ServerError`` (INVALID_ARGUMENT, or UNSUPPORTED_VERSION for a newer
    one)."""
    name = os.fspath(path)
    with open(name, "rb") as file:
        document = file.read()
    if client is None:
        with Daemon() as daemon, daemon.client() as own:
            return _check(name, document, own, update)
    return _check(name, document, client, update)


def _check(path: str, document: bytes, client: Client, update: bool) -> types.RecordingCheck:
    check = client.check_recording(document, update=update)
    if update and check.updated:
        with open(path, "wb") as file:
            file.write(check.updated)
        return check
    if not check.identical:
        raise RecordingMismatch(path, check)
    return check
