"""The screenshots of docs/web.md (docs/web/*.png): drawn from a fixed scene
on manual-clock windows, so that the page shows the same thing on every run.

`scripts/web-screenshots.sh` (CURTAIN_UPDATE_SCREENSHOTS=1) writes them; in
`make test-web` they are taken again and compared with the committed ones,
like the tour's pictures: the same size and at most 2 % of the pixels
different (fonts and anti-aliasing may differ a little between machines;
a changed page differs by far more)."""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Stack
from PIL import Image, ImageChops
from selenium import webdriver
from test_inspector import wait

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web"
UPDATE = os.environ.get("CURTAIN_UPDATE_SCREENSHOTS") == "1"
# The share of pixels that may differ from the committed picture.
TOLERANCE = 0.02


def _push_halfway(stack: Stack, browser: webdriver.Chrome) -> None:
    """A tab bar around a navigation stack, a push caught at 0.15 s."""
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


def _sheet(stack: Stack, browser: webdriver.Chrome) -> None:
    """A page sheet presented over a navigation stack, settled."""
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


def _drawn(stack: Stack, browser: webdriver.Chrome) -> None:
    """Waits until the page draws every view of the window's scene and shows
    its events (the page fetches the scene and the events on its own time)."""
    with urllib.request.urlopen(f"{stack.url}/api/windows/1/scene") as response:
        scene = json.load(response)

    def count(node: dict) -> int:
        return 1 + sum(count(child) for child in node["subviews"])

    wait(
        browser,
        "document.querySelectorAll('#stage .view').length === arguments[0]"
        " && document.querySelectorAll('#log li').length > 0",
        count(scene["views"]),
    )


SCENES: dict[str, Callable[[Stack, webdriver.Chrome], None]] = {
    "push-halfway": _push_halfway,
    "sheet": _sheet,
}


@pytest.mark.parametrize("name", sorted(SCENES))
def test_the_screenshots_of_the_docs_are_what_the_page_shows(
    name: str, writable: Stack, browser: webdriver.Chrome, tmp_path: Path
) -> None:
    # Tall enough for the whole window and the transitions under it.
    browser.set_window_size(1400, 1300)
    SCENES[name](writable, browser)
    _drawn(writable, browser)
    # Nothing blinks: the caret and the focus ring stay out of the picture.
    browser.execute_script("document.activeElement?.blur()")
    taken = tmp_path / f"{name}.png"
    assert browser.save_screenshot(str(taken))
    committed = DOCS / f"{name}.png"
    if UPDATE:
        DOCS.mkdir(parents=True, exist_ok=True)
        committed.write_bytes(taken.read_bytes())
        return
    assert committed.exists(), f"{committed} is missing: run scripts/web-screenshots.sh"
    with Image.open(taken) as new, Image.open(committed) as old:
        assert new.size == old.size, (new.size, old.size)
        difference = ImageChops.difference(new.convert("RGB"), old.convert("RGB"))
        changed = sum(1 for pixel in difference.getdata() if max(pixel) > 32)
    share = changed / (new.size[0] * new.size[1])
    assert share <= TOLERANCE, (
        f"{name}: {share:.1%} of the pixels differ from {committed}; if the page changed on"
        " purpose, run scripts/web-screenshots.sh"
    )


def test_docs_web_shows_every_screenshot() -> None:
    text = (DOCS.parent / "web.md").read_text()
    for name in SCENES:
        assert f"(web/{name}.png)" in text, name
    assert sorted(p.stem for p in DOCS.glob("*.png")) == sorted(SCENES)
