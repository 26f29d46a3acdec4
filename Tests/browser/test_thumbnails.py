"""The strip of thumbnails (issue 39 §2): one per window of the session,
drawn from /ws/thumbnails at the thumbnails' frame rate (curtain-web's
default, 2 frames a second), in headless Chromium against a real curtaind."""

from __future__ import annotations

from conftest import Stack
from selenium import webdriver
from selenium.webdriver.common.by import By
from test_inspector import api_json, scene_frame, view_box, wait

LISTED = "[...document.querySelectorAll('#thumbnails .thumbnail')].map((t) => Number(t.dataset.window))"


def thumbnail_time(browser: webdriver.Chrome, window: int) -> str | None:
    """The window time of what the thumbnail of `window` draws."""
    return browser.execute_script(  # type: ignore[no-any-return]
        "return document.querySelector(`.thumbnail[data-window='${arguments[0]}'] .thumbnail-canvas`)"
        "?.dataset.time ?? null",
        window,
    )


def test_the_strip_shows_every_window_follows_a_push_and_selects_a_window(
    stack: Stack, browser: webdriver.Chrome
) -> None:
    stack.curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    stack.curtain("new-controller", "content", "--id", "Detail")
    stack.curtain("new-window", "--clock", "manual", "--root", "Other=nav[There]")
    browser.get(f"{stack.url}/?window=1")
    wait(browser, f"JSON.stringify({LISTED}) === '[1,2]'")
    assert browser.execute_script("return document.getElementById('thumbnails').dataset.fps") == "2"
    # The window shown below is the one outlined.
    wait(browser, "document.querySelector('.thumbnail.shown')?.dataset.window === '1'")

    # Windows created and closed come and go in the strip (and the menu).
    stack.curtain("new-window", "--clock", "manual")
    wait(browser, f"JSON.stringify({LISTED}) === '[1,2,3]'")
    wait(browser, "document.getElementById('window').options.length === 3")
    stack.curtain("close-window", "w3")
    wait(browser, f"JSON.stringify({LISTED}) === '[1,2]'")

    # A push on the manual-clock window: the transition's first frame, at
    # 0.1 s, comes to the thumbnail whatever its rate, and the thumbnail
    # draws Detail's view where the daemon has it then.
    detail = int(api_json(stack, "controllers/@Detail")["controller"])
    stack.curtain("push", "@Nav", "@Detail", "--no-wait")
    stack.curtain("advance", "w1", "0.1")
    within = ".thumbnail[data-window='1']"
    wait(
        browser,
        "document.querySelector(arguments[0] + ' .thumbnail-canvas')?.dataset.time === '0.1'"
        " && document.querySelector(`${arguments[0]} .view[data-controller='${arguments[1]}']`) !== null",
        within,
        detail,
    )
    moving = view_box(browser, detail, within)
    x, y, _, _ = scene_frame(stack, int(moving["view"]))
    assert x > 0, x
    assert abs(moving["left"] - x) < 1e-3 and abs(moving["top"] - y) < 1e-3, (moving, x, y)

    # The push ends within the next step (0.35 s): its last frame comes too,
    # and the thumbnail's box ends where the daemon's tree has it.
    stack.curtain("advance", "w1", "0.9")
    wait(browser, "document.querySelector(arguments[0] + ' .thumbnail-canvas')?.dataset.time === '1'", within)
    ended = view_box(browser, detail, within)
    x, y, _, _ = scene_frame(stack, int(ended["view"]))
    assert x < moving["left"], (x, moving)
    assert abs(ended["left"] - x) < 1e-3 and abs(ended["top"] - y) < 1e-3, (ended, x, y)
    assert thumbnail_time(browser, 1) == "1"

    # Clicking a thumbnail shows its window below.
    browser.find_element(By.CSS_SELECTOR, ".thumbnail[data-window='2']").click()
    wait(browser, "document.getElementById('window-caption').textContent.startsWith('w2 ')")
    wait(browser, "document.getElementById('tree').textContent.includes('@Other')")
    wait(browser, "document.querySelector('.thumbnail.shown')?.dataset.window === '2'")
    assert browser.execute_script("return document.getElementById('window').value") == "2"
    assert "window=2" in browser.current_url
