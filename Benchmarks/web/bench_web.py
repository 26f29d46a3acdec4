"""The web inspector's WebSocket fan-out: one window animating at 60 Hz,
watched by 1, 10 and 50 WebSocket clients (what a browser tab opens:
/ws/windows/{w}). Prints, per count of clients, curtain-web's CPU (from
/proc, user + system, as a share of one core), curtaind's CPU, and the
frames each client received per second (median, minimum and maximum over
the clients) — Markdown for docs/benchmarks.md. Each count is measured
`--runs` times (new clients each time); the table has the median of the
runs (CPU, and the clients' median rate) and the slowest and fastest
client over every run.

    python bench_web.py --bin DIR [--seconds 10] [--clients 1,10,50] [--runs 3]

DIR holds curtaind, curtain and curtain-web (scripts/bench-web.sh builds
them in release mode). The clients speak RFC 6455 themselves (stdlib only):
a browser tab does the same work per message (one text frame of JSON).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


class Client:
    """One WebSocket client of /ws/windows/{w}: counts frame messages."""

    def __init__(self) -> None:
        self.frames = 0
        self.first_frame = asyncio.Event()
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def connect(self, host: str, port: int, path: str) -> None:
        self.reader, self.writer = await asyncio.open_connection(host, port)
        key = base64.b64encode(os.urandom(16)).decode()
        self.writer.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        status = await self.reader.readline()
        if b" 101 " not in status:
            raise RuntimeError(f"no WebSocket upgrade: {status!r}")
        while (await self.reader.readline()) not in (b"\r\n", b""):
            pass

    async def run(self) -> None:
        assert self.reader is not None
        fragments = b""
        while True:
            head = await self.reader.readexactly(2)
            length = head[1] & 0x7F
            if length == 126:
                length = int.from_bytes(await self.reader.readexactly(2), "big")
            elif length == 127:
                length = int.from_bytes(await self.reader.readexactly(8), "big")
            payload = await self.reader.readexactly(length)
            opcode = head[0] & 0x0F
            if opcode == 8:  # close
                return
            if opcode in (0, 1):
                fragments += payload
                if head[0] & 0x80:  # the last fragment of a message
                    # Cheap: frame messages start with {"type":"frame".
                    if fragments[:40].find(b'"frame"') >= 0:
                        self.frames += 1
                        self.first_frame.set()
                    fragments = b""

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def measure(host: str, port: int, clients: int, seconds: float, web: int, daemon: int) -> dict:
    watchers = [Client() for _ in range(clients)]
    for watcher in watchers:
        await watcher.connect(host, port, "/ws/windows/1")
    tasks = [asyncio.create_task(watcher.run()) for watcher in watchers]
    await asyncio.wait_for(asyncio.gather(*(w.first_frame.wait() for w in watchers)), 20)
    await asyncio.sleep(1)  # settle
    counts = [w.frames for w in watchers]
    web_cpu, daemon_cpu, start = cpu_seconds(web), cpu_seconds(daemon), time.monotonic()
    await asyncio.sleep(seconds)
    elapsed = time.monotonic() - start
    web_cpu = (cpu_seconds(web) - web_cpu) / elapsed
    daemon_cpu = (cpu_seconds(daemon) - daemon_cpu) / elapsed
    rates = [(w.frames - c) / elapsed for w, c in zip(watchers, counts, strict=True)]
    for task in tasks:
        task.cancel()
    for watcher in watchers:
        watcher.close()
    await asyncio.sleep(0.5)
    return {
        "clients": clients,
        "web_cpu": web_cpu,
        "daemon_cpu": daemon_cpu,
        "median": statistics.median(rates),
        "min": min(rates),
        "max": max(rates),
    }


def combine(runs: list[dict]) -> dict:
    """One row from several runs of the same count: the medians of the
    runs' CPU and median rate, the lowest and highest client rate seen."""
    return {
        "clients": runs[0]["clients"],
        "runs": len(runs),
        "web_cpu": statistics.median(r["web_cpu"] for r in runs),
        "daemon_cpu": statistics.median(r["daemon_cpu"] for r in runs),
        "median": statistics.median(r["median"] for r in runs),
        "min": min(r["min"] for r in runs),
        "max": max(r["max"] for r in runs),
    }


def wait_for_line(process: subprocess.Popen[str], pattern: str) -> str:
    assert process.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        found = re.search(pattern, line)
        if found:
            return found.group(0)
    raise RuntimeError(f"no line matching {pattern!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, type=Path, help="where curtaind, curtain and curtain-web are")
    parser.add_argument("--seconds", type=float, default=10, help="the measurement per count (default 10)")
    parser.add_argument("--clients", default="1,10,50", help="the counts of clients (default 1,10,50)")
    parser.add_argument("--runs", type=int, default=3, help="measurements per count (default 3)")
    arguments = parser.parse_args()
    counts = [int(c) for c in arguments.clients.split(",")]
    if arguments.runs < 1:
        parser.error("--runs must be at least 1")

    with tempfile.TemporaryDirectory(prefix="curtain-bench-web-") as directory:
        socket = f"{directory}/d.sock"
        daemon = subprocess.Popen(
            [str(arguments.bin / "curtaind"), "--socket", socket, "--ephemeral", "--log-level", "warning"],
            stderr=subprocess.PIPE,
            text=True,
        )
        web = None
        try:
            wait_for_line(daemon, "listening on")
            web = subprocess.Popen(
                [str(arguments.bin / "curtain-web"), "--socket", socket, "--http", "127.0.0.1:0"],
                stderr=subprocess.PIPE,
                text=True,
            )
            url = wait_for_line(web, r"http://127\.0\.0\.1:[0-9]+")
            host, port = url.removeprefix("http://").split(":")

            def curtain(*words: str) -> None:
                subprocess.run(
                    [str(arguments.bin / "curtain"), "--socket", socket, "--no-start", *words],
                    check=True,
                    capture_output=True,
                )

            # One realtime window at 60 Hz with a push that animates for an hour.
            curtain("new-window", "--frame-rate", "60", "--root", "Nav=nav[Home]")
            curtain("new-controller", "content", "--id", "Detail")
            curtain("push", "@Nav", "@Detail", "--duration", "3600", "--no-wait")
            rows = []
            for n in counts:
                runs = [
                    asyncio.run(measure(host, int(port), n, arguments.seconds, web.pid, daemon.pid))
                    for _ in range(arguments.runs)
                ]
                rows.append(combine(runs))
        finally:
            for process in (web, daemon):
                if process is not None:
                    process.send_signal(signal.SIGTERM)
                    process.wait(timeout=20)

    print(
        f"One window animating at 60 Hz, {arguments.seconds:g} s per run, median of {arguments.runs} runs"
        " (frames per client per second: median, and the slowest and fastest client of any run):\n"
    )
    print(
        "| WebSocket clients | curtain-web CPU (% of a core) | curtaind CPU"
        " | frames/s per client (median) | min | max |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in rows:
        print(
            f"| {row['clients']} | {row['web_cpu'] * 100:.1f} % | {row['daemon_cpu'] * 100:.1f} % |"
            f" {row['median']:.1f} | {row['min']:.1f} | {row['max']:.1f} |"
        )
    one = rows[0]["web_cpu"]
    if one > 0:
        print()
        print(
            "curtain-web CPU relative to one client: "
            + ", ".join(f"{row['clients']} clients {row['web_cpu'] / one:.2f}x" for row in rows)
        )
    print(json.dumps(rows), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
