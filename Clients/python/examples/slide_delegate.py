#!/usr/bin/env python3
"""A navigation controller delegate that slides (seed 001), answered live.

    CURTAIN_SOCKET=/tmp/curtain.sock .venv/bin/python3 Clients/python/examples/slide_delegate.py

The script becomes the delegate of a navigation controller: the daemon asks
``navigationController(_:animationControllerFor:from:to:)`` before each
animated push or pop, and :class:`SlideAnimator` answers with an animator
spec: the new view slides in from the right edge and fades in while the old
one slides a third of the way out to the left and fades out (mirrored for a
pop). The same client pushes: ``push(..., wait_until="started")`` waits for
the transition to start, and the client answers the daemon's question
meanwhile. On a manual clock it prints the delegate's events and where the
two views are at a few moments of each transition.

With ``--serve`` it only answers (for the navigation controller ``Nav`` of
``--session``, created by another program) until Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from example_session import own_session

import curtain

DURATION = 0.5


def track(role: str, prop: str, start: dict[str, Any], end: dict[str, Any]) -> dict[str, Any]:
    return {
        "target": {"role": role},
        "property": f"ANIMATABLE_PROPERTY_{prop}",
        "from": start,
        "to": end,
        "timing": {"named": "NAMED_CURVE_EASE_IN_OUT"},
    }


def alpha(value: float) -> dict[str, Any]:
    return {"base": "BASE_VALUE", "value": {"scalar": value}}


class SlideAnimator:
    """The navigation controller's delegate (UINavigationControllerDelegate):
    an animation controller for every push and pop."""

    def animation_controller_for(self, operation: str, from_vc: int | None, to_vc: int | None) -> dict[str, Any]:
        # A push comes in from the right, a pop from the left.
        side = 1 if operation == "push" else -1
        return {
            "duration": DURATION,
            "tracks": [
                track(
                    "ROLE_TO_VIEW",
                    "FRAME",
                    {"base": "BASE_FINAL_FRAME", "container_offset_x": side},
                    {"base": "BASE_FINAL_FRAME"},
                ),
                track(
                    "ROLE_FROM_VIEW",
                    "FRAME",
                    {"base": "BASE_INITIAL_FRAME"},
                    {"base": "BASE_INITIAL_FRAME", "container_offset_x": -side / 3},
                ),
                track("ROLE_TO_VIEW", "ALPHA", alpha(0), alpha(1)),
                track("ROLE_FROM_VIEW", "ALPHA", alpha(1), alpha(0)),
            ],
        }


def show(frames: curtain.Subscription, names: dict[int, str]) -> None:
    """Prints where the controllers' views are in the frames that arrived."""
    for item in frames.poll():
        if not isinstance(item, curtain.Frame):
            continue
        roots = sorted(
            (names[v.controller], v.state.frame.x, v.state.alpha)
            for v in item.views
            if v.role == "controllerRoot" and v.controller in names
        )
        views = "  ".join(f"{name} x={round(x, 1) + 0.0:6.1f} alpha={a:.2f}" for name, x, a in roots)
        print(f"  frame t={item.time:5.3f}  {views}")


def demo(client: curtain.Client) -> None:
    window = client.create_window(clock="manual", size=(390, 844))
    nav = client.create_controller("navigation", identifier="Nav")
    home = client.create_controller("content", identifier="Home")
    detail = client.create_controller("content", identifier="Detail")
    client.set_stack(nav, [home], animated=False)
    client.set_root(window, nav)
    names = {home.controller: "Home", detail.controller: "Detail"}

    client.set_delegate(nav, SlideAnimator())
    events = client.subscribe(window, categories=["lifecycle"])
    frames = client.subscribe(window, events=False, frames=True)
    for operation in ("push", "pop"):
        if operation == "push":
            started = client.push(nav, detail, wait_until="started")
        else:
            started = client.pop(nav, wait_until="started")
        print(f"{operation}: transition t{started.transition} started")
        for _ in range(4):
            client.advance_clock(window, DURATION / 4)
            client.sync()
            show(frames, names)
        for event in events.poll():
            if isinstance(event, curtain.Event) and ".delegate" in event.text:
                print(f"  {event.text}")
    client.clear_delegate(nav)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", help="the daemon's socket (default: $CURTAIN_SOCKET or the default socket)")
    parser.add_argument(
        "--session", help="the session to work in (default: slide-delegate, deleted at the end; with --serve, required)"
    )
    parser.add_argument("--serve", action="store_true", help="only answer, for @Nav of --session, until Ctrl-C")
    options = parser.parse_args()
    if options.serve and options.session is None:
        parser.error("--serve needs --session: the session whose @Nav to answer for")
    session = options.session or "slide-delegate"

    with curtain.Client(options.socket, session=session, client_name="slide-delegate") as client:
        if not options.serve:
            with own_session(client, session):
                demo(client)
            return
        client.set_delegate("Nav", SlideAnimator())
        print(f"answering @Nav's navigation questions in session {session!r}; Ctrl-C to stop", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            client.serve_delegates()


if __name__ == "__main__":
    main()
