"""The examples run against a real daemon and print what they promise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from curtain.testing import Daemon

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run_example(daemon: Daemon, name: str, *args: str) -> str:
    env = dict(os.environ, CURTAIN_SOCKET=daemon.socket_path)
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def test_navigation_tree_example_prints_the_tree_and_the_events(daemon: Daemon) -> None:
    out = run_example(daemon, "navigation_tree.py", "--session", "one")
    assert "c1 tab @Tabs, state: appeared, view: v2 (0, 0, 390, 844), selected: 0" in out
    assert (
        '   | c4 content @Settings "Settings", state: appeared, view: v8 (0, 0, 390, 844), '
        "under bars, safe area {47, 0, 83, 0}"
    ) in out
    lines = [line.split(maxsplit=1)[1] for line in out.splitlines() if line[:5].strip().isdigit()]
    push = lines.index("t1.began(push, Home → Detail, animated: true, interactive: false)")
    assert lines[push + 1 : push + 6] == [
        "Home.viewDidDisappear(true)",
        "Detail.viewDidAppear(true)",
        "Detail.didMove(Nav)",
        "Nav.didShow(Detail, true)",
        "t1.ended(cancelled: false)",
    ]
    assert "t2.began(pop, Detail → Home, animated: true, interactive: false)" in lines
    assert "Settings.viewDidAppear(false)" in lines
    # Its own session each time: it runs again on the same daemon.
    run_example(daemon, "navigation_tree.py", "--session", "two")


def test_scrub_example_watches_the_frames_of_a_scrubbed_pop(daemon: Daemon) -> None:
    out = run_example(daemon, "scrub_pop.py")
    assert "driver: began interactive pop t1" in out
    for seq, percent in ((1, "20%"), (2, "40%"), (3, "60%"), (4, "80%")):
        assert f"watcher: frame  {seq} t=0.0" in out and f"t1  {percent} interactive" in out
    watched = [line for line in out.splitlines() if "watcher:" in line]
    assert "ended" in watched[-1] and watched[-1].endswith("One x=   0.0  Two x= 390.0")
    assert "   | c2 content @One, state: appeared" in out and "@Two" not in out.split("ended")[-1]
    cancelled = run_example(daemon, "scrub_pop.py", "--cancel")
    assert "driver: cancelled the pop" in cancelled
    assert "   | c3 content @Two, state: appeared" in cancelled
    watched = [line for line in cancelled.splitlines() if "watcher:" in line]
    assert "ended" in watched[-1] and watched[-1].endswith("One x=-117.0  Two x=   0.0")
