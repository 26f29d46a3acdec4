"""The inspector page in a real browser: a real curtaind and curtain-web on
temporary addresses, and headless Chromium driven by Selenium
(scripts/test-web.sh runs these with the built executables)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

BIN = Path(os.environ.get("CURTAIN_BIN", ".build/debug"))


@dataclass
class Stack:
    socket: str
    url: str

    def curtain(self, *arguments: str) -> str:
        """Runs the built CLI against the daemon; returns its stdout."""
        done = subprocess.run(
            [str(BIN / "curtain"), "--socket", self.socket, "--no-start", *arguments],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout


def _wait_for_line(process: subprocess.Popen[str], pattern: str, deadline: float) -> str:
    assert process.stderr is not None
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        match = re.search(pattern, line)
        if match:
            return match.group(0)
    raise AssertionError(f"no line matching {pattern!r}")


def _start(read_write: bool) -> Iterator[Stack]:
    with tempfile.TemporaryDirectory(prefix="curtain-web-") as directory:
        socket = f"{directory}/d.sock"
        daemon = subprocess.Popen(
            [str(BIN / "curtaind"), "--socket", socket, "--ephemeral", "--log-level", "warning"],
            stderr=subprocess.PIPE,
            text=True,
        )
        web: subprocess.Popen[str] | None = None
        try:
            _wait_for_line(daemon, "listening on", time.monotonic() + 20)
            arguments = ["--socket", socket, "--http", "127.0.0.1:0", "--log-level", "warning"]
            web = subprocess.Popen(
                [str(BIN / "curtain-web"), *arguments, *(["--read-write"] if read_write else [])],
                stderr=subprocess.PIPE,
                text=True,
            )
            url = _wait_for_line(web, r"http://127\.0\.0\.1:[0-9]+", time.monotonic() + 20)
            yield Stack(socket, url)
        finally:
            for process in (web, daemon):
                if process is not None:
                    process.send_signal(signal.SIGTERM)
                    process.wait(timeout=20)


@pytest.fixture
def stack() -> Iterator[Stack]:
    yield from _start(read_write=False)


@pytest.fixture
def writable() -> Iterator[Stack]:
    yield from _start(read_write=True)


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900"):
        options.add_argument(argument)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    try:
        yield driver
    finally:
        driver.quit()
