"""The asyncio client against a real curtaind."""

from __future__ import annotations

import asyncio

import pytest
from conftest import texts

import curtain
from curtain.testing import Daemon


def run(coroutine: object) -> object:
    return asyncio.run(asyncio.wait_for(coroutine, 30))  # type: ignore[arg-type]


async def manual_stack(client: curtain.AsyncClient, *identifiers: str) -> curtain.Window:
    window = await client.create_window(clock="manual")
    await client.create_controller("navigation", identifier="Nav")
    for identifier in identifiers:
        await client.create_controller("content", identifier=identifier)
    await client.set_stack("Nav", list(identifiers), animated=False)
    await client.set_root(window, "Nav")
    return window


def test_requests_pipeline_as_futures_and_events_iterate(daemon: Daemon) -> None:
    async def main() -> None:
        async with curtain.AsyncClient(daemon.socket_path, client_name="async") as client:
            assert client.welcome.protocol_version == curtain.PROTOCOL_VERSION
            window = await manual_stack(client, "Home", "Detail")
            sub = await client.subscribe(window, categories=["transition"])
            # Sent at once, answered in order.
            pop = client.pop("Nav", wait_until="completed")
            step = client.advance_clock(window, 0.2)
            end = client.advance_clock(window, 1)
            op, first, last = await asyncio.gather(pop, step, end)
            assert op.completed and (first.time, last.time) == (pytest.approx(0.2), pytest.approx(1.2))
            got = [item async for item in sub.events(timeout=0.5)]
            assert texts(got) == [
                "t1.began(pop, Detail → Home, animated: true, interactive: false)",
                "t1.ended(cancelled: false)",
            ]
            await sub.close()
            assert [item async for item in sub] == []

    run(main())


def test_errors_are_raised_with_their_code(daemon: Daemon) -> None:
    async def main() -> None:
        client = await curtain.AsyncClient.connect(daemon.socket_path)
        try:
            with pytest.raises(curtain.ServerError) as caught:
                await client.push("Nav", "Home")
            assert caught.value.code is curtain.ErrorCode.NOT_FOUND
            failing = client.close_window(99)
            fine = client.create_window()
            with pytest.raises(curtain.ServerError):
                await failing
            assert (await fine).window == 1
        finally:
            await client.close()
        with pytest.raises(curtain.ConnectionClosed):
            client.sync()

    run(main())


def test_frames_stream_to_a_second_client_while_one_scrubs(daemon: Daemon) -> None:
    async def main() -> None:
        async with (
            curtain.AsyncClient(daemon.socket_path) as driver,
            curtain.AsyncClient(daemon.socket_path, read_only=True) as watcher,
        ):
            window = await manual_stack(driver, "One", "Two")
            frames = await watcher.subscribe(window, events=False, frames=True)
            begun = await driver.begin_interactive("Nav")
            percents = []
            for percent in (0.25, 0.5, 0.75):
                await driver.update_interactive(window, begun, percent)
                await driver.advance_clock(window, 0.01)
                frame = await frames.next(timeout=5)
                percents.append([t.percent for t in frame.transitions])
            assert percents == [[pytest.approx(0.25)], [pytest.approx(0.5)], [pytest.approx(0.75)]]
            await driver.cancel_interactive(window, begun)
            await driver.advance_clock(window, 1)
            await driver.wait_idle(window)
            tree = await watcher.get_tree(window)
            assert [c.identifier for c in tree.root.children] == ["One", "Two"]

    run(main())


def test_reconnect_resumes_an_async_subscription(daemon: Daemon) -> None:
    async def main() -> None:
        async with curtain.AsyncClient(daemon.socket_path) as client:
            window = await client.create_window()
            sub = await client.subscribe(window, categories=["window"])
            await client.set_window_visible(window, False)
            assert texts([await sub.next(timeout=5)]) == ["window.visible(false)"]
            await client.close()
            with pytest.raises(curtain.ConnectionClosed):
                await sub.next(timeout=5)
            with daemon.client() as other:
                other.set_window_visible(window, True)
                other.resize_window(window, size=(200, 300), animated=False)
            await client.reconnect()
            got = [await sub.next(timeout=5), await sub.next(timeout=5)]
            assert texts(got) == ["window.visible(true)", "window.resized(200×300)"]
            with pytest.raises(curtain.Timeout):
                await sub.next(timeout=0.2)

    run(main())


def test_an_async_subscription_is_an_async_context_manager(daemon: Daemon) -> None:
    async def main() -> None:
        async with curtain.AsyncClient(daemon.socket_path, timeout=5) as client:
            window = await client.create_window()
            async with await client.subscribe(window) as sub:
                await client.set_window_visible(window, False)
                assert sub.active
            assert not sub.active
            assert texts([item async for item in sub]) == [
                "o1.started",
                "window.visible(false)",
                "o1.completed(cancelled: false, removed: [])",
            ]

    run(main())


def test_async_timeouts_and_pause_frames(daemon: Daemon) -> None:
    async def main() -> None:
        async with curtain.AsyncClient(daemon.socket_path, timeout=5) as client:
            window = await manual_stack(client, "Home")
            await client.create_controller("content", identifier="Detail")
            with pytest.raises(curtain.Timeout, match="push"):
                await client.push("Nav", "Detail", wait_until="completed", timeout=0.2)
            # Its answer still comes, before the clock step's.
            assert (await client.advance_clock(window, 1)).time == pytest.approx(1)
            frames = await client.subscribe(window, events=False, frames=True, frame_policy="pause", frame_credits=1)
            await client.pop("Nav")
            await client.advance_clock(window, 0.05)
            await client.advance_clock(window, 0.05)  # paused: dropped
            first = await frames.next(timeout=5)  # acknowledged as it is handed out
            await client.advance_clock(window, 0.05)
            second = await frames.next(timeout=5)
            assert second.frame_seq == first.frame_seq + 2
            assert (first.frames_skipped, second.frames_skipped) == (0, 1)

    run(main())


def test_an_async_subscription_yields_what_it_subscribed_to(daemon: Daemon) -> None:
    async def main() -> None:
        async with curtain.AsyncClient(daemon.socket_path, client_name="kinds") as client:
            window = await manual_stack(client, "Home")
            await client.create_controller("content", identifier="Detail")
            both = await client.subscribe(window, frames=True)
            frames_only = await client.subscribe(window, events=False, frames=True)
            with pytest.raises(ValueError, match=r"^events\(\) would drop this subscription's frames: "):
                both.events(timeout=0)
            with pytest.raises(ValueError, match=r"^frames\(\) would drop this subscription's events: "):
                both.frames(timeout=0)
            await client.push("Nav", "Detail")
            await client.advance_clock(window, 0.1)
            await client.advance_clock(window, 1)
            await client.sync()
            items = [item async for item in both.messages(timeout=0.2)]
            frames = [frame async for frame in frames_only.frames(timeout=0.2)]
            assert len(frames) >= 2
            assert [item for item in items if isinstance(item, curtain.Frame)] == frames
            assert "t1.ended(cancelled: false)" in texts([item for item in items if isinstance(item, curtain.Event)])

    run(main())
