#!/usr/bin/env python3
"""A dimmed small-window presentation (seed 001), described by the client.

    CURTAIN_SOCKET=/tmp/curtain.sock .venv/bin/python3 Clients/python/examples/small_window.py

The script is the transitioning delegate of the controller it presents with
the custom style: its presentation controller, as seed 001's
OverlayPresentationController. The daemon asks it for the presentation
controller (``presentationController(forPresented:presenting:source:)``): a
dimming view at 50 %, the presenter's view staying beneath. Then, as the
presentation starts, where the presented view goes in the container
(``frameOfPresentedViewInContainerView``): a window half the container's
height, inset on the sides, centred. Each time the window is resized (a
rotation) the daemon asks again, and the small window is laid out anew.
Its animation controller fades the small window in, and as the transition
begins (``presentationTransitionWillBegin``) the presentation controller
animates its dimming view's alpha from 0 to 0.5 alongside it, through the
transition coordinator, as seed 001's does (its dismissal,
``dismissalTransitionWillBegin``, would fade it back to 0).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from example_session import own_session

import curtain


def small_window(width: float, height: float) -> tuple[float, float, float, float]:
    """The presented view's frame in a container of this size: centred,
    40 points in from each side, half the height."""
    w, h = width - 80, height / 2
    return ((width - w) / 2, (height - h) / 2, w, h)


def dimming_fade(start: float, end: float) -> list[dict[str, Any]]:
    """The dimming view's alpha from ``start`` to ``end``, alongside the
    transition."""
    return [
        {
            "target": {"role": "ROLE_DIMMING_VIEW"},
            "property": "ANIMATABLE_PROPERTY_ALPHA",
            "from": {"base": "BASE_VALUE", "value": {"scalar": start}},
            "to": {"base": "BASE_VALUE", "value": {"scalar": end}},
            "timing": {"named": "NAMED_CURVE_LINEAR"},
        }
    ]


def dimming_alpha(views: curtain.types.ViewNode | None) -> float | None:
    """The alpha of the dimming view in a view tree, if there is one."""
    if views is None:
        return None
    if views.role == "dimming":
        return views.state.alpha
    return next((alpha for alpha in map(dimming_alpha, views.subviews) if alpha is not None), None)


class SmallWindowDelegate:
    """The presented controller's transitioning delegate."""

    def presentation_controller_for_presented(
        self, presented: int | None, presenting: int | None, source: int | None
    ) -> dict[str, Any]:
        return {"dimming_alpha": 0.5, "removes_presenter_view": False}

    def frame_of_presented_view(self, presented: int | None, container_size: curtain.types.Size) -> Any:
        print(f"delegate: laying out in a {container_size.width:g}×{container_size.height:g} container")
        return small_window(container_size.width, container_size.height)

    def animation_controller_for_presented(
        self, presented: int | None, presenting: int | None, source: int | None
    ) -> dict[str, Any]:
        fade = {
            "target": {"role": "ROLE_TO_VIEW"},
            "property": "ANIMATABLE_PROPERTY_ALPHA",
            "from": {"base": "BASE_VALUE", "value": {"scalar": 0}},
            "to": {"base": "BASE_VALUE", "value": {"scalar": 1}},
        }
        return {"duration": 0.3, "tracks": [fade]}

    def presentation_transition_will_begin(self, presented: int | None, presenting: int | None) -> Any:
        print("delegate: the dimming view fades in alongside the presentation")
        return dimming_fade(0, 0.5)

    def dismissal_transition_will_begin(self, dismissed: int | None, presenting: int | None) -> Any:
        return dimming_fade(0.5, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=os.environ.get("CURTAIN_SOCKET"))
    parser.add_argument("--session", default="small-window", help="the session to work in (deleted at the end)")
    args = parser.parse_args()
    with curtain.Client(args.socket, session=args.session, timeout=10) as client, own_session(client, args.session):
        window = client.create_window(clock="manual")
        client.create_controller("content", identifier="Home", title="Home")
        client.create_controller("content", identifier="Note", title="Note")
        client.set_root(window, "Home")
        size = window.metrics.size
        client.set_delegate("Note", SmallWindowDelegate(), roles=["transitioning"])

        def note() -> curtain.ControllerNode:
            root = client.get_tree(window).root
            presented = root.presented if root else None
            assert presented is not None and presented.frame is not None
            return presented

        client.present("Home", "Note", style="custom", wait_until="started")
        client.advance_clock(window, 0.15)
        halfway = dimming_alpha(client.get_tree(window, presentation=True).views)
        assert halfway is not None
        print(f"halfway: dimming at {halfway:g}")
        client.advance_clock(window, 0.15)
        frame = note().frame
        assert frame is not None
        print(f"presented: Note at ({frame.x:g}, {frame.y:g}, {frame.width:g}, {frame.height:g})")
        client.resize_window(window, size=(size.height, size.width), animated=False, wait_until="completed")
        frame = note().frame
        assert frame is not None
        print(f"resized: Note at ({frame.x:g}, {frame.y:g}, {frame.width:g}, {frame.height:g})")
        print(client.get_tree(window).description, end="")


if __name__ == "__main__":
    main()
