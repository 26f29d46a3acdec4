"""Fixtures: a real curtaind on a temporary socket per test.

The daemon is $CURTAIND (scripts/test-python.sh sets it to the built one).
Each fixture stops its daemon afterwards and fails the test if the daemon
had to be killed or left its socket behind.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest

import curtain
from curtain.testing import Daemon

# The tests that stop a program with Ctrl-C (SIGINT) need it to hear it. A
# shell without job control starts a background command (`make test &`) with
# SIGINT ignored, and every child would inherit that: Python then installs no
# KeyboardInterrupt handler and the program never stops. A handler here is
# reset to the default in each child, so the children hear SIGINT again.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def daemon() -> Iterator[Daemon]:
    with Daemon() as running:
        yield running


@pytest.fixture
def client(daemon: Daemon) -> Iterator[curtain.Client]:
    with daemon.client(client_name="pytest", timeout=10) as connected:
        yield connected


def texts(items: list[object]) -> list[str]:
    """The text of each event, and ``frame N`` for each frame."""
    out = []
    for item in items:
        if isinstance(item, curtain.Event):
            out.append(item.text)
        else:
            out.append(f"frame {item.frame_seq}")  # type: ignore[attr-defined]
    return out


def manual_stack(client: curtain.Client, *identifiers: str) -> curtain.Window:
    """A manual-clock window whose root is navigation controller ``Nav``
    with the stack ``identifiers`` (content controllers)."""
    window = client.create_window(clock="manual")
    client.create_controller("navigation", identifier="Nav")
    for identifier in identifiers:
        client.create_controller("content", identifier=identifier, title=identifier)
    client.set_stack("Nav", list(identifiers), animated=False)
    client.set_root(window, "Nav")
    return window
