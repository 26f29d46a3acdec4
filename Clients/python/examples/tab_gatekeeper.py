#!/usr/bin/env python3
"""A tab bar controller delegate that declines one tab, answered live.

    CURTAIN_SOCKET=/tmp/curtain.sock .venv/bin/python3 Clients/python/examples/tab_gatekeeper.py

With asyncio, two connections: an *app* builds a tab bar controller with
the tabs Feed, Admin and Settings and taps each tab's item in turn, as a
user would (UIKit asks the delegate only about a user's taps; a selection
by code, ``select_tab``, asks nothing); a *gatekeeper* is the tab bar
controller's delegate (UITabBarControllerDelegate): ``should_select``
declines Admin (``tabBarController(_:shouldSelect:)`` answers false, so
the tap selects nothing) and ``animation_controller_for_transition``
cross-fades the tabs it allows; each selection ends with the event
``Tabs.didSelect``. The gatekeeper's methods are coroutines: the asyncio
client answers each call in a task of its own while the rest of the
program goes on.
"""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from example_session import own_session_async

import curtain


def fade(role: str, start: float, end: float) -> dict[str, Any]:
    return {
        "target": {"role": role},
        "property": "ANIMATABLE_PROPERTY_ALPHA",
        "from": {"base": "BASE_VALUE", "value": {"scalar": start}},
        "to": {"base": "BASE_VALUE", "value": {"scalar": end}},
    }


class Gatekeeper:
    """Declines the tab ``locked``; cross-fades to every other one."""

    def __init__(self, locked: int, names: dict[int, str]) -> None:
        self.locked = locked
        self.names = names

    async def should_select(self, tab_bar: int, vc: int | None) -> bool:
        allowed = vc != self.locked
        print(f"gatekeeper: select {self.names.get(vc or 0, vc)}? {'yes' if allowed else 'no, it is locked'}")
        return allowed

    async def animation_controller_for_transition(self, from_vc: int | None, to_vc: int | None) -> dict[str, Any]:
        return {"duration": 0.3, "tracks": [fade("ROLE_TO_VIEW", 0, 1), fade("ROLE_FROM_VIEW", 1, 0)]}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", help="the daemon's socket (default: $CURTAIN_SOCKET or the default socket)")
    parser.add_argument("--session", default="tab-gatekeeper", help="the session to work in (deleted at the end)")
    options = parser.parse_args()

    async with (
        curtain.AsyncClient(options.socket, session=options.session, client_name="app") as app,
        own_session_async(app, options.session),
    ):
        window = await app.create_window(clock="manual")
        tabs = await app.create_controller("tab_bar", identifier="Tabs")
        pages = [
            await app.create_controller("content", identifier=name, title=name)
            for name in ("Feed", "Admin", "Settings")
        ]
        feed, admin, settings = pages
        await app.set_tabs(tabs, pages)
        await app.set_root(window, tabs)
        names = {feed.controller: "Feed", admin.controller: "Admin", settings.controller: "Settings"}

        async with curtain.AsyncClient(options.socket, session=options.session, client_name="gatekeeper") as keeper:
            await keeper.set_delegate(tabs, Gatekeeper(admin.controller, names))
            events = await app.subscribe(window, categories=["lifecycle"])
            # Where each tab's item is: a tabBarItem view of the tab bar.
            tree = await app.get_tree(window, include_views=True)
            for index in (1, 2, 0):
                x, y = curtain.tab_bar_item_point(tree, pages[index])
                print(f"app: tap tab {index} ({pages[index].title}) at ({x:g}, {y:g})")
                # The tap waits for the gatekeeper's answers; step the clock
                # through the cross-fade once it has started.
                await app.tap(window, x, y, wait_until="started")
                await app.advance_clock(window, 0.3)
                await app.sync()
                for event in events.poll():
                    if isinstance(event, curtain.Event) and (".delegate" in event.text or "didSelect" in event.text):
                        print(f"  {event.text}")
                root = (await app.get_tree(window)).root
                selected = root.selected_index if root else None
                assert selected is not None, "the root is a tab bar controller"
                print(f"app: the selected tab is {selected} ({pages[selected].title})")


if __name__ == "__main__":
    asyncio.run(main())
