"""The examples run against a real daemon and print what they promise."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import curtain
from curtain.testing import Daemon

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def sessions(daemon: Daemon) -> list[tuple[str, int, int]]:
    """Each session of the daemon with its window and controller counts."""
    with daemon.client() as client:
        return sorted((s.session, s.windows, s.controllers) for s in client.list_sessions())


def run_once(daemon: Daemon, name: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CURTAIN_SOCKET=daemon.socket_path)
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args], env=env, capture_output=True, text=True, timeout=60
    )


def run_example(daemon: Daemon, name: str, *args: str) -> str:
    """Runs an example twice against the same daemon and returns what the
    first run printed: each run succeeds, says nothing on stderr and leaves
    the daemon's sessions as it found them (it works in a session of its
    own, which it deletes), so the second run does what the first did."""
    before = sessions(daemon)
    outputs = []
    for _ in range(2):
        done = run_once(daemon, name, *args)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        assert sessions(daemon) == before, f"{name} left something behind"
        outputs.append(done.stdout)
    return outputs[0]


def test_each_example_says_how_to_run_it_as_the_readme_does() -> None:
    """An example's usage line is the README's command: the virtual
    environment's python, from the repository's root (a bare ``python``
    outside it has no ``curtain`` package), and the README lists it."""
    readme = (EXAMPLES.parent / "README.md").read_text()
    scripts = [path for path in sorted(EXAMPLES.glob("*.py")) if path.read_text().startswith("#!")]
    assert len(scripts) == 7
    for path in scripts:
        command = f".venv/bin/python3 Clients/python/examples/{path.name}"
        assert f"\n    CURTAIN_SOCKET=/tmp/curtain.sock {command}\n" in path.read_text(), path.name
        assert f"\n{command} " in readme, path.name


def test_an_example_refuses_a_session_that_holds_something(daemon: Daemon) -> None:
    with daemon.client(session="small-window") as client:
        client.create_controller("content", identifier="Mine")
        done = run_once(daemon, "small_window.py")
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr == (
            "small_window.py: session 'small-window' is not empty (0 windows, 1 controllers: a run that was "
            "killed?); remove it with `curtain kill-session small-window`, or pass --session with another name\n"
        )
        assert [c.identifier for c in client.list_controllers()] == ["Mine"], "left as it was"
    assert "Note at" in run_example(daemon, "small_window.py", "--session", "another")


def test_navigation_tree_example_prints_the_tree_and_the_events(daemon: Daemon) -> None:
    out = run_example(daemon, "navigation_tree.py", "--session", "one")
    assert "c1 tab @Tabs, state: appeared, view: v2 (0, 0, 390, 844), selected: 0" in out
    # v10: v7 and v8 are the tab bar's items (issue 37 §3).
    assert (
        '   | c4 content @Settings "Settings", state: appeared, view: v10 (0, 0, 390, 844), '
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


def test_slide_delegate_example_answers_with_a_slide_and_fade(daemon: Daemon) -> None:
    out = run_example(daemon, "slide_delegate.py")
    assert "  Nav.delegate#1.navigationAnimationController(push, Home → Detail)" in out
    assert "  Nav.delegate#1 → animator(0.5 s, 4 tracks)" in out
    assert "  Nav.delegate#2.navigationAnimationController(pop, Detail → Home)" in out
    # Halfway through the push: Detail half in from the right and half
    # faded in, Home a sixth of the width out to the left, half faded out.
    assert "  frame t=0.250  Detail x= 195.0 alpha=0.50  Home x= -65.0 alpha=0.50" in out
    assert "  frame t=0.500  Detail x=   0.0 alpha=1.00  Home x=-130.0 alpha=0.00" in out
    assert "  frame t=0.750  Detail x=  65.0 alpha=0.50  Home x=-195.0 alpha=0.50" in out


def test_tab_gatekeeper_example_declines_the_locked_tab(daemon: Daemon) -> None:
    out = run_example(daemon, "tab_gatekeeper.py")
    admin, settings = out.split("app: tap tab 2 (Settings) at (325, 785.5)")
    assert admin.splitlines() == [
        "app: tap tab 1 (Admin) at (195, 785.5)",
        "gatekeeper: select Admin? no, it is locked",
        "  Tabs.delegate#1.tabBarShouldSelect(Feed → Admin)",
        "  Tabs.delegate#1 → false",
        "app: the selected tab is 0 (Feed)",
    ]
    assert settings.splitlines()[1:8] == [
        "gatekeeper: select Settings? yes",
        "  Tabs.delegate#2.tabBarShouldSelect(Feed → Settings)",
        "  Tabs.delegate#2 → true",
        "  Tabs.delegate#3.tabBarAnimationController(Feed → Settings)",
        "  Tabs.delegate#3 → animator(0.3 s, 2 tracks)",
        "  Tabs.didSelect(Settings)",
        "app: the selected tab is 2 (Settings)",
    ]


def test_slide_delegate_example_serves_another_programs_navigation_controller(daemon: Daemon) -> None:
    with daemon.client(session="app") as app:
        window = app.create_window(clock="manual", root="Nav=nav[Home]")
        app.create_controller("content", identifier="Detail")
        sub = app.subscribe(0)
        env = dict(os.environ, CURTAIN_SOCKET=daemon.socket_path)
        serving = subprocess.Popen(
            [sys.executable, str(EXAMPLES / "slide_delegate.py"), "--serve", "--session", "app"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert serving.stdout is not None
            assert (
                serving.stdout.readline() == "answering @Nav's navigation questions in session 'app'; Ctrl-C to stop\n"
            )
            app.push("Nav", "Detail", wait_until="started", timeout=10)
            app.sync()
            texts = [item.text for item in sub.poll() if isinstance(item, curtain.Event)]
            assert texts[:2] == [
                "Nav.delegate#1.navigationAnimationController(push, Home → Detail)",
                "Nav.delegate#1 → animator(0.5 s, 4 tracks)",
            ]
        finally:
            serving.send_signal(signal.SIGINT)
            _, errors = serving.communicate(timeout=10)
        assert serving.returncode == 0 and errors == ""
        app.close_window(window)


def test_remote_slide_example_runs_the_slide_on_the_client(daemon: Daemon) -> None:
    out = run_example(daemon, "remote_slide.py")
    lines = out.splitlines()
    for step, kind in (("push Detail", "push t1"), ("select Settings", "tabSelection t2"), ("pop", "pop t4")):
        at = lines.index(f"driver: {step}")
        assert lines[at + 1] == f"animator: {kind}, 4 frames over 0.35 s"
    # The last frame of each transition always arrives (earlier ones may be
    # skipped by the LATEST frame policy).
    assert "watcher: 100%  Detail x=   0.0  Home x=-130.0" in lines
    assert "watcher: 100%  Nav x=-130.0  Settings x=   0.0" in lines
    assert "watcher: 100%  Detail x= 130.0  Home x=   0.0" in lines
    assert '   |    | c3 content @Home "Home", state: appeared' in out


def test_small_window_example_describes_its_presentation_and_reframes_it(daemon: Daemon) -> None:
    out = run_example(daemon, "small_window.py")
    assert out.splitlines()[:6] == [
        "delegate: laying out in a 390×844 container",
        "delegate: the dimming view fades in alongside the presentation",
        "halfway: dimming at 0.25",
        "presented: Note at (40, 211, 310, 422)",
        "delegate: laying out in a 844×390 container",
        "resized: Note at (40, 97.5, 764, 195)",
    ]
    assert "presented by c1 as custom, coverVertical, custom frame (40, 97.5, 764, 195), dimming 0.5" in out


def test_adaptive_wrap_example_wraps_the_compact_popover_and_unwraps_it_on_an_ipad(daemon: Daemon) -> None:
    out = run_example(daemon, "adaptive_wrap.py")
    assert out.splitlines()[:4] == [
        "delegate: adapted to full_screen, wrapping it in a navigation controller",
        "phone: Wrapper (full_screen) around Colors",
        "iPad: Colors (popover)",
        "phone again: Wrapper (full_screen) around Colors",
    ]
