#!/usr/bin/env python3
"""An adaptive delegate that wraps a compact popover in a navigation controller.

    CURTAIN_SOCKET=/tmp/curtain.sock .venv/bin/python3 Clients/python/examples/adaptive_wrap.py

The script presents a popover from a phone-sized window and is the popover's
adaptive presentation delegate. A popover in a compact environment adapts
to overFullScreen; the daemon asks the delegate for a controller to show
instead (``presentationController(_:viewControllerForAdaptivePresentationStyle:)``)
and the script answers with a navigation controller it made, with an empty
stack: it wraps the popover, which becomes its root, so that the compact
presentation gets a navigation bar. The window is then resized to an iPad's
size: the presentation is a popover again, the original comes back out of
the navigation controller; back to the phone's size, it is wrapped again.
"""

from __future__ import annotations

import argparse
import os

from example_session import own_session

import curtain
from curtain import types


class WrapWhenCompact:
    """The popover's adaptive presentation delegate."""

    def __init__(self, wrapper: int) -> None:
        self.wrapper = wrapper

    def adaptive_presentation_style(
        self, presented: int | None, style: types.ModalPresentationStyle, traits: types.Traits
    ) -> types.ModalPresentationStyle:
        # Full screen rather than over it: the presenter's view leaves.
        return types.ModalPresentationStyle.FULL_SCREEN

    def view_controller_for_adaptive_presentation_style(
        self, presented: int | None, style: types.ModalPresentationStyle
    ) -> int:
        print(f"delegate: adapted to {style.name.lower()}, wrapping it in a navigation controller")
        return self.wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=os.environ.get("CURTAIN_SOCKET"))
    parser.add_argument("--session", default="adaptive-wrap", help="the session to work in (deleted at the end)")
    args = parser.parse_args()
    with curtain.Client(args.socket, session=args.session, timeout=10) as client, own_session(client, args.session):
        window = client.create_window(clock="manual")
        client.create_controller("content", identifier="Home", title="Home")
        client.create_controller("content", identifier="Colors", title="Colors")
        wrapper = client.create_controller("navigation", identifier="Wrapper")
        client.set_root(window, "Home")
        client.set_delegate("Colors", WrapWhenCompact(wrapper.controller))
        phone = window.metrics

        def shown() -> str:
            root = client.get_tree(window).root
            presented = root.presented if root else None
            assert presented is not None and presented.presentation is not None
            inside = ", ".join(child.identifier or f"c{child.controller}" for child in presented.children)
            style = presented.presentation.style.name.lower()
            return f"{presented.identifier} ({style})" + (f" around {inside}" if inside else "")

        client.present("Home", "Colors", style="popover", animated=False, wait_until="completed")
        print(f"phone: {shown()}")
        pad = {"size": {"width": 820, "height": 1180}, "idiom": "IDIOM_PAD", "scale": 2}
        client.resize_window(window, metrics=pad, animated=False, wait_until="completed")
        print(f"iPad: {shown()}")
        client.resize_window(window, metrics=phone, animated=False, wait_until="completed")
        print(f"phone again: {shown()}")
        print(client.get_tree(window).description, end="")


if __name__ == "__main__":
    main()
