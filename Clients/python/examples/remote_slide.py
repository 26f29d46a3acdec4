#!/usr/bin/env python3
"""A slide (seed 001) run by the client: a remote animator for navigation
and tabs.

    CURTAIN_SOCKET=/tmp/curtain.sock .venv/bin/python3 Clients/python/examples/remote_slide.py

The script is the delegate of a navigation controller and of a tab bar
controller. Its animation-controller methods return a
:class:`RemoteSlide`, a :class:`curtain.RemoteAnimator`: the daemon then
hands each transition to the script, whose ``animate_transition`` moves the
views itself, frame by frame (``context.update``), and ends it
(``context.complete``): UIKit's ``animateTransition(using:)`` and
``completeTransition(_:)``. The incoming view slides in from the right
while the outgoing one slides a third of the way out (mirrored for a pop
and for a tab to the left). The window runs on a manual clock that never
moves: every frame the watcher prints came from the script (a frame
subscription gets the latest frame, so one sent while the previous was
still on its way may be skipped; the last one always arrives).
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections.abc import Callable
from typing import Any

from example_session import own_session

import curtain

FRAMES = 4


def ease_in_out(t: float) -> float:
    return (1 - math.cos(math.pi * t)) / 2


class RemoteSlide(curtain.RemoteAnimator):
    """Slides the incoming view in from one side; ``forward`` False mirrors it."""

    duration = 0.35

    def __init__(self, forward: bool) -> None:
        self.forward = forward

    def animate_transition(self, context: curtain.TransitionContext) -> None:
        width = context.container_size.width
        direction = 1 if self.forward else -1
        final = context.to_final_frame
        print(f"animator: {context.kind} t{context.transition_id}, {FRAMES} frames over {self.duration} s")
        for step in range(1, FRAMES + 1):
            done = ease_in_out(step / FRAMES)
            views: dict[int, dict[str, Any]] = {}
            if context.to_view is not None:
                x = final.x + direction * width * (1 - done)
                views[context.to_view] = {"frame": (x, final.y, final.width, final.height)}
            if context.from_view is not None:
                start = context.from_initial_frame
                x = start.x - direction * width / 3 * done
                views[context.from_view] = {"frame": (x, start.y, start.width, start.height), "alpha": 1 - done / 2}
            context.update(step / FRAMES, views)
            time.sleep(self.duration / FRAMES)
        context.complete(True)


class Delegate:
    """The navigation controller's and the tab bar controller's delegate."""

    def __init__(self, tabs: list[int]) -> None:
        self.tabs = tabs

    def animation_controller_for(self, operation: str, from_vc: int | None, to_vc: int | None) -> RemoteSlide:
        return RemoteSlide(forward=operation == "push")

    def should_select(self, tab_bar: int, vc: int | None) -> bool:
        return True

    def animation_controller_for_transition(self, from_vc: int | None, to_vc: int | None) -> RemoteSlide:
        forward = self.tabs.index(to_vc or 0) > self.tabs.index(from_vc or 0)
        return RemoteSlide(forward=forward)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=os.environ.get("CURTAIN_SOCKET"))
    parser.add_argument("--session", default="remote-slide", help="the session to work in (deleted at the end)")
    args = parser.parse_args()
    with curtain.Client(args.socket, session=args.session, timeout=10) as client, own_session(client, args.session):
        window = client.create_window(clock="manual")
        client.create_controller("tab", identifier="Tabs")
        client.create_controller("navigation", identifier="Nav")
        for name in ("Home", "Detail", "Settings"):
            client.create_controller("content", identifier=name, title=name)
        client.set_stack("Nav", ["Home"], animated=False)
        client.set_tabs("Tabs", ["Nav", "Settings"])
        client.set_root(window, "Tabs")
        tabs = [info.controller for info in client.list_controllers() if info.identifier in ("Nav", "Settings")]
        delegate = Delegate(tabs)
        client.set_delegate("Nav", delegate, roles=["navigation"])
        client.set_delegate("Tabs", delegate, roles=["tab_bar"])
        watcher = client.subscribe(window, frames=True, events=False)
        names: dict[int, str] = {}

        def learn(node: curtain.ControllerNode) -> None:
            if node.view is not None:
                names[node.view] = node.identifier or f"c{node.controller}"
            for child in node.children:
                learn(child)

        def show_frames() -> None:
            while True:
                frame = watcher.next(timeout=10)
                if not isinstance(frame, curtain.Frame):
                    continue
                root = client.get_tree(window).root
                if root is not None and any(view.view not in names for view in frame.views):
                    learn(root)
                placed = [
                    f"{names.get(view.view, view.view)} x={view.state.frame.x:6.1f}"
                    for view in frame.views
                    if view.view in names
                ]
                percent = frame.transitions[0].percent if frame.transitions else 1.0
                print(f"watcher: {percent:4.0%}  " + "  ".join(sorted(placed)))
                if percent >= 1:
                    return

        steps: tuple[tuple[str, Callable[[], object]], ...] = (
            ("push Detail", lambda: client.push("Nav", "Detail")),
            ("select Settings", lambda: client.select_tab("Tabs", 1)),
            ("select Nav", lambda: client.select_tab("Tabs", 0)),
            ("pop", lambda: client.pop("Nav")),
        )
        for step, run in steps:
            print(f"driver: {step}")
            run()
            show_frames()
        print(client.get_tree(window).description, end="")


if __name__ == "__main__":
    main()
