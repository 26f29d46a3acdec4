"""The inspector page, in headless Chromium, against a real curtaind."""

from __future__ import annotations

import json
import urllib.request

from conftest import Stack
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


def wait(browser: webdriver.Chrome, condition: str, *arguments: object) -> object:
    """Waits (up to 10 s) until the JavaScript expression `condition` is
    truthy; on time-out, says what the page shows."""
    try:
        return WebDriverWait(browser, 10, poll_frequency=0.05).until(
            lambda driver: driver.execute_script(f"return {condition}", *arguments)
        )
    except TimeoutException:
        shown = browser.execute_script(
            "return ['banner', 'control-error', 'transitions', 'selected-name', 'clock-time']"
            ".map((id) => id + ': ' + document.getElementById(id).textContent).join('; ')"
            " + '; last events: ' + [...document.querySelectorAll('#log li')].slice(-3)"
            ".map((li) => li.textContent).join(' | ')"
        )
        raise AssertionError(f"timed out waiting for {condition}; the page shows {shown}") from None


def tree_text(browser: webdriver.Chrome) -> str:
    return str(browser.execute_script("return document.getElementById('tree').textContent"))


def box(browser: webdriver.Chrome, identifier: str) -> dict[str, float]:
    """The drawn box of a controller's view (once drawn): its CSS left and
    top, its controller and view ids."""
    found = wait(
        browser,
        """(() => {
            const summary = [...document.querySelectorAll('#tree summary')]
              .find((s) => s.textContent.startsWith('@' + arguments[0] + ' '));
            const view = summary && document.querySelector(
              `.view[data-controller="${summary.dataset.controller}"]`);
            return view && { left: parseFloat(view.style.left), top: parseFloat(view.style.top),
                             controller: Number(summary.dataset.controller),
                             view: Number(view.dataset.view) };
        })()""",
        identifier,
    )
    return dict(found)  # type: ignore[call-overload]


def scene_frame(stack: Stack, view: int) -> list[float]:
    """The view's frame as /api/windows/1/scene has it now."""
    with urllib.request.urlopen(f"{stack.url}/api/windows/1/scene") as response:
        scene = json.load(response)

    def find(node: dict) -> list[float] | None:
        if node["view"] == view:
            return list(node["frame"])
        for child in node["subviews"]:
            found = find(child)
            if found:
                return found
        return None

    frame = find(scene["views"])
    assert frame is not None
    return frame


def test_the_tree_shows_the_root_and_a_pushed_controller(stack: Stack, browser: webdriver.Chrome) -> None:
    stack.curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    browser.get(f"{stack.url}/?window=1")
    wait(browser, "document.getElementById('tree').textContent.includes('@Home')")
    assert "@Nav" in tree_text(browser)
    assert browser.find_element(By.ID, "mode").text == "read-only"
    # The root is selected: its summary and its view are highlighted.
    wait(browser, "document.querySelector('.view.selected') !== null")

    stack.curtain("new-controller", "content", "--id", "Detail")
    stack.curtain("push", "@Nav", "@Detail", "--no-animate")
    wait(browser, "document.getElementById('tree').textContent.includes('@Detail')")
    # The event log follows, and filters by category.
    wait(
        browser,
        "[...document.querySelectorAll('#log li')].some((li) => li.textContent.includes('Nav.childAdded(Detail)'))",
    )
    Select(browser.find_element(By.ID, "filter-category")).select_by_visible_text("hierarchy")
    shown = browser.execute_script(
        "return [...document.querySelectorAll('#log li:not(.hidden)')].map((li) => li.dataset.category)"
    )
    assert shown and set(shown) == {"hierarchy"}


def test_boxes_move_during_an_animated_push_and_the_scrubber_draws_the_frames_values(
    writable: Stack, browser: webdriver.Chrome
) -> None:
    writable.curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    writable.curtain("new-controller", "content", "--id", "Detail")
    browser.get(f"{writable.url}/?window=1")
    wait(browser, "document.getElementById('tree').textContent.includes('@Home')")
    writable.curtain("push", "@Nav", "@Detail", "--no-wait")
    writable.curtain("advance", "w1", "0.1")
    wait(
        browser,
        "document.getElementById('canvas')?.dataset.time === '0.1'"
        " && document.getElementById('tree').textContent.includes('@Detail')",
    )
    wait(browser, "document.querySelector('.transition') !== null")
    first = box(browser, "Detail")
    writable.curtain("advance", "w1", "0.1")
    wait(browser, "document.getElementById('canvas').dataset.time === '0.2'")
    second = box(browser, "Detail")
    assert first["left"] != second["left"], (first, second)

    # The scrubber: advance to a time; the drawn box is the frame's value.
    target = browser.find_element(By.ID, "to-time")
    target.clear()
    target.send_keys("0.25")
    browser.find_element(By.ID, "advance-to").click()
    wait(browser, "document.getElementById('canvas').dataset.time === '0.25'")
    drawn = box(browser, "Detail")
    x, y, _, _ = scene_frame(writable, int(drawn["view"]))
    # CSS keeps 4 decimals.
    assert abs(drawn["left"] - x) < 1e-3 and abs(drawn["top"] - y) < 1e-3, (drawn, x, y)
    # One step of the clock.
    browser.find_element(By.ID, "step").click()
    wait(browser, "Math.abs(Number(document.getElementById('canvas').dataset.time) - (0.25 + 1 / 60)) < 1e-9")
