"""A private PostgreSQL server and curtaind cluster nodes, for the cluster
tests (the facts as Sources/CurtainTesting/TempPostgres.swift has them).

Debian's binaries (``/usr/lib/postgresql/N/bin``, or ``$CURTAIN_PG_BIN``)
make a cluster with initdb in a new temporary directory: trust
authentication, the Unix socket in that directory, TCP on a free loopback
port. PostgreSQL refuses to run as root, so under root the directory is
given to the ``postgres`` user and the programs run as that user
(``setpriv``); the server gets SIGINT (a fast shutdown) if this process
dies. :meth:`Postgres.stop` stops it and removes the directory.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import curtain
from curtain.testing import Daemon


def binary_directory() -> str | None:
    """``$CURTAIN_PG_BIN``, else the newest ``/usr/lib/postgresql/N/bin``
    with an initdb; None when PostgreSQL is not installed."""
    explicit = os.environ.get("CURTAIN_PG_BIN")
    if explicit:
        return explicit
    root = Path("/usr/lib/postgresql")
    versions = sorted((int(p.name) for p in root.iterdir() if p.name.isdigit()), reverse=True) if root.is_dir() else []
    for version in versions:
        if os.access(root / str(version) / "bin" / "initdb", os.X_OK):
            return str(root / str(version) / "bin")
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Postgres:
    """A PostgreSQL server in a temporary directory."""

    user = "postgres"

    def __init__(self, binaries: str) -> None:
        self.binaries = binaries
        self.directory = tempfile.mkdtemp(prefix="curtain-pg-")
        self.port = free_port()
        self.server: subprocess.Popen[bytes] | None = None
        self.credentials: list[str] = []
        try:
            if os.geteuid() == 0:
                entry = pwd.getpwnam("postgres")
                os.chown(self.directory, entry.pw_uid, entry.pw_gid)
                self.credentials = [f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}", "--init-groups"]
            self._run(
                "initdb",
                [
                    *("-D", f"{self.directory}/data", "-U", self.user, "--auth=trust", "--encoding=UTF8"),
                    *("--no-sync", "--no-instructions"),
                ],
                as_server=True,
            )
            self._start()
        except BaseException:
            self.stop()
            raise

    def url(self, database: str) -> str:
        """A ``--cluster`` URL for ``database`` over the Unix socket."""
        return f"postgres://{self.user}@/{database}?host={self.directory}&port={self.port}"

    def create_database(self, name: str) -> None:
        self._run(
            "psql",
            [
                *("-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", self.directory, "-p", str(self.port), "-U", self.user),
                *("-d", "postgres", "-c", f'CREATE DATABASE "{name}"'),
            ],
            as_server=False,
        )

    def _run(self, program: str, arguments: list[str], *, as_server: bool) -> None:
        command = [
            "setpriv",
            *(self.credentials if as_server else []),
            "--pdeathsig",
            "SIGKILL",
            "--",
            f"{self.binaries}/{program}",
            *arguments,
        ]
        done = subprocess.run(command, cwd=self.directory, capture_output=True, stdin=subprocess.DEVNULL, check=False)
        if done.returncode != 0:
            output = (done.stdout + done.stderr).decode(errors="replace")
            raise RuntimeError(f"{program} failed ({done.returncode}): {output}")

    def _start(self, timeout: float = 60) -> None:
        log = open(f"{self.directory}/server.log", "wb")  # noqa: SIM115 (the server keeps it)
        with log:
            self.server = subprocess.Popen(
                [
                    *("setpriv", "--pdeathsig", "SIGINT", *self.credentials, "--", f"{self.binaries}/postgres"),
                    *("-D", f"{self.directory}/data", "-p", str(self.port), "-k", self.directory),
                    *("-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "logging_collector=off"),
                ],
                cwd=self.directory,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        # The postmaster writes "ready" as the last line of postmaster.pid
        # once it accepts connections.
        deadline = time.monotonic() + timeout
        pid_file = Path(self.directory, "data", "postmaster.pid")
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise RuntimeError(f"postgres exited: {self.log}")
            try:
                lines = [line.strip() for line in pid_file.read_text().splitlines() if line.strip()]
            except OSError:
                lines = []
            if lines and lines[-1] == "ready":
                return
            time.sleep(0.02)
        raise RuntimeError(f"postgres did not start in time: {self.log}")

    @property
    def log(self) -> str:
        return Path(self.directory, "server.log").read_text(errors="replace")

    def stop(self) -> None:
        """Stops the server (a fast shutdown) and removes the directory."""
        if self.server is not None:
            self.server.send_signal(signal.SIGINT)
            try:
                self.server.wait(30)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
            self.server = None
        shutil.rmtree(self.directory, ignore_errors=True)


class Cluster:
    """curtaind nodes sharing database ``cluster`` of a Postgres."""

    def __init__(self, postgres: Postgres, database: str = "cluster") -> None:
        postgres.create_database(database)
        self.url = postgres.url(database)
        self.nodes: dict[str, Daemon] = {}
        self.ports: dict[str, int] = {}

    def start(self, name: str, advertise: str | None = None) -> Daemon:
        """Starts node ``name`` on a free loopback port (advertising
        ``advertise`` instead of it, if given)."""
        port = free_port()
        arguments = ["--cluster", self.url, "--node", name, "--listen", f"127.0.0.1:{port}"]
        arguments += ["--lease-interval", "0.2", "--lease-timeout", "1", "--snapshot-interval", "0"]
        if advertise is not None:
            arguments += ["--advertise", advertise]
        node = Daemon(arguments)
        self.nodes[name] = node
        self.ports[name] = port
        node.start()
        return node

    def address(self, name: str) -> str:
        return f"tcp://127.0.0.1:{self.ports[name]}"

    def stop(self) -> None:
        for node in self.nodes.values():
            if node.process is not None:
                node.stop()
        self.nodes.clear()


def wait_for_owner(client: curtain.Client, session: str, node: str, timeout: float = 10) -> curtain.types.NodeList:
    """Waits until the node ``client`` is connected to lists ``session`` as
    ``node``'s (nodes read the map once per lease interval)."""
    deadline = time.monotonic() + timeout
    while True:
        listed = client.list_nodes()
        owners = {entry.node: entry for entry in listed.nodes}
        if node in owners and session in owners[node].sessions and owners[node].alive:
            return listed
        if time.monotonic() > deadline:
            raise AssertionError(f"{session} never showed up on {node}: {listed}")
        time.sleep(0.05)
