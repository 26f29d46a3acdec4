#!/usr/bin/env python3
"""Scrubs an interactive pop on a manual-clock window from a script while a
second client watches the frames.

    CURTAIN_SOCKET=/tmp/curtain.sock .venv/bin/python3 Clients/python/examples/scrub_pop.py

Two asyncio connections: the *driver* builds a navigation stack [One, Two],
begins an interactive pop and moves it to 20 %, 40 %, … 80 %, stepping the
window's clock after each update, then finishes it; the *watcher*, a
read-only client, subscribes to the window's frames and prints each one: the
transition's progress and where the two controllers' views are. With
``--cancel`` the pop is cancelled instead and Two stays on top.
"""

from __future__ import annotations

import argparse
import asyncio

from example_session import own_session_async

import curtain


async def show(frames: curtain.AsyncSubscription, names: dict[int, str]) -> None:
    async for frame in frames.frames(timeout=0):
        progress = ", ".join(
            f"t{t.transition} {t.percent:4.0%}{' interactive' if t.interactive else ''}" for t in frame.transitions
        )
        roots = sorted(
            (names.get(v.controller or 0, v.role), v.state.frame.x) for v in frame.views if v.role == "controllerRoot"
        )
        views = "  ".join(f"{name} x={round(x, 1) + 0.0:6.1f}" for name, x in roots)
        print(f"  watcher: frame {frame.frame_seq:2} t={frame.time:5.3f}  {progress or 'ended':18}  {views}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", help="the daemon's socket (default: $CURTAIN_SOCKET or the default socket)")
    parser.add_argument("--session", default="scrub-pop", help="the session to work in (deleted at the end)")
    parser.add_argument("--cancel", action="store_true", help="cancel the pop instead of finishing it")
    options = parser.parse_args()

    async with (
        curtain.AsyncClient(options.socket, session=options.session, client_name="driver") as driver,
        own_session_async(driver, options.session),
    ):
        window = await driver.create_window(clock="manual")
        nav = await driver.create_controller("navigation", identifier="Nav")
        one = await driver.create_controller("content", identifier="One")
        two = await driver.create_controller("content", identifier="Two")
        await driver.set_stack(nav, [one, two], animated=False)
        await driver.set_root(window, nav)
        names = {one.controller: "One", two.controller: "Two"}

        async with curtain.AsyncClient(
            options.socket, session=options.session, client_name="watcher", read_only=True
        ) as watcher:
            frames = await watcher.subscribe(window, events=False, frames=True)

            begun = await driver.begin_interactive(nav)
            print(f"driver: began interactive pop t{begun.transition}")
            for percent in (0.2, 0.4, 0.6, 0.8):
                await driver.update_interactive(window, begun, percent)
                step = await driver.advance_clock(window, 1 / 60)
                print(f"driver: scrubbed to {percent:.0%} (clock {step.time:.3f})")
                # The watcher's Sync is answered after the frame queued for it.
                await watcher.sync()
                await show(frames, names)
            end = driver.cancel_interactive if options.cancel else driver.finish_interactive
            await end(window, begun)
            print(f"driver: {'cancelled' if options.cancel else 'finished'} the pop; stepping the clock until idle")
            idle = False
            while not idle:
                await driver.advance_clock(window, 1 / 30)
                await watcher.sync()
                await show(frames, names)
                idle = next(w.idle for w in await driver.list_windows() if w.window == window.window)
            await frames.close()

        tree = await driver.get_tree(window)
        print("\n" + tree.description)


if __name__ == "__main__":
    asyncio.run(main())
