"""Fixed scenes on manual-clock windows, so that the page shows the same thing
on every run: the per-panel checks (test_panels.py) look at them, and
screenshots.py takes the pictures of docs/web.md from them."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable

from conftest import Stack
from selenium import webdriver
from test_inspector import wait


def push_halfway(stack: Stack, browser: webdriver.Chrome) -> None:
    """A tab bar around a navigation stack, a push caught at 0.15 s: the
    outgoing view (Home) has slid partly out of the window."""
    stack.curtain("new-window", "--clock", "manual", "--root", "Tabs=tab[Nav=nav[Home],Settings]")
    stack.curtain("new-controller", "content", "--id", "Detail", "--title", "Detail")
    browser.get(f"{stack.url}/?window=1")
    wait(browser, "document.getElementById('tree').textContent.includes('@Home')")
    stack.curtain("push", "@Nav", "@Detail", "--no-wait")
    stack.curtain("advance", "w1", "0.15")
    wait(
        browser,
        "document.getElementById('canvas')?.dataset.time === '0.15' && document.querySelector('.transition') !== null",
    )


def sheet(stack: Stack, browser: webdriver.Chrome) -> None:
    """A page sheet presented over a navigation stack, settled: the log has
    presentation events."""
    stack.curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    stack.curtain("new-controller", "content", "--id", "Sheet", "--title", "Sheet")
    # The page follows the presentation live (as in the push's scene).
    browser.get(f"{stack.url}/?window=1")
    wait(browser, "document.getElementById('tree').textContent.includes('@Home')")
    stack.curtain("present", "@Home", "@Sheet", "--style", "pageSheet", "--no-wait")
    stack.curtain("advance", "w1", "1")
    wait(
        browser,
        "document.getElementById('tree').textContent.includes('@Sheet')"
        " && document.getElementById('chain').textContent.includes('Sheet')"
        " && document.getElementById('clock-time').textContent === 't=1.000'"
        " && document.getElementById('canvas') !== null",
    )


SCENES: dict[str, Callable[[Stack, webdriver.Chrome], None]] = {
    "push-halfway": push_halfway,
    "sheet": sheet,
}


def drawn(stack: Stack, browser: webdriver.Chrome) -> None:
    """Waits until the page draws every view of window 1's scene and shows
    every event the window has recorded (the page fetches the scene and
    takes the events on its own time)."""
    with urllib.request.urlopen(f"{stack.url}/api/windows/1/scene") as response:
        scene = json.load(response)
    with urllib.request.urlopen(f"{stack.url}/api/windows/1") as response:
        last = int(json.load(response)["last_seq"])

    def count(node: dict) -> int:
        return 1 + sum(count(child) for child in node["subviews"])

    wait(
        browser,
        "document.querySelectorAll('#stage .view').length === arguments[0]"
        " && document.querySelector('#log li:last-child')?.value === arguments[1]",
        count(scene["views"]),
        last,
    )
