#!/usr/bin/env python3
"""Builds a tab bar whose first tab is a navigation stack, then pushes and
pops while printing every event the window emits.

    CURTAIN_SOCKET=/tmp/curtain.sock .venv/bin/python3 Clients/python/examples/navigation_tree.py

Connects to ``--socket`` (default: $CURTAIN_SOCKET, else the daemon's
default socket, as ``make run`` uses) and works in a session of its own
(``--session``, default ``navigation-tree``), which it deletes at the end
(example_session.py), so it can run again and again against the same daemon.
"""

from __future__ import annotations

import argparse

from example_session import own_session

import curtain


def show(client: curtain.Client, sub: curtain.Subscription) -> None:
    # An operation that completes at once is answered before its events;
    # Sync's answer comes after every event of the requests before it.
    client.sync()
    for event in sub.events(timeout=0):
        print(f"  {event.seq:3}  {event.text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", help="the daemon's socket (default: $CURTAIN_SOCKET or the default socket)")
    parser.add_argument("--session", default="navigation-tree", help="the session to work in (deleted at the end)")
    options = parser.parse_args()

    with (
        curtain.Client(options.socket, session=options.session, client_name="navigation_tree") as client,
        own_session(client, options.session),
    ):
        print(f"connected to curtaind {client.welcome.server_version}, session {options.session!r}")
        window = client.create_window(size=(390, 844))
        sub = client.subscribe(window)

        tabs = client.create_controller("tab_bar", identifier="Tabs")
        nav = client.create_controller("navigation", identifier="Nav", title="Home")
        home = client.create_controller("content", identifier="Home", title="Home")
        settings = client.create_controller("content", identifier="Settings", title="Settings")
        detail = client.create_controller("content", identifier="Detail", title="Detail")
        client.set_stack(nav, [home], animated=False)
        client.set_tabs(tabs, [nav, settings])

        print("\n$ set_root(w, Tabs)")
        client.set_root(window, tabs, wait_until="completed")
        show(client, sub)
        print()
        print(client.get_tree(window).description)

        print("\n$ push(Nav, Detail)  # animated; returns when the transition completed")
        result = client.push(nav, detail, wait_until="completed", trace_id="push")
        print(f"  operation o{result.operation}: transition t{result.transition}, completed={result.completed}")
        show(client, sub)

        print("\n$ pop(Nav)")
        result = client.pop(nav, wait_until="completed", trace_id="pop")
        print(f"  operation o{result.operation}: removed {[f'c{i}' for i in result.removed]}")
        show(client, sub)

        print("\n$ select_tab(Tabs, 1)")
        client.select_tab(tabs, 1, wait_until="completed")
        show(client, sub)
        print()
        print(client.get_tree(window).description)


if __name__ == "__main__":
    main()
