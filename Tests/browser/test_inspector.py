"""The inspector page, in headless Chromium, against a real curtaind."""

from __future__ import annotations

import json
import urllib.request

from conftest import Stack
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
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
    """The drawn box of a controller's view, found by its identifier in the
    tree (once drawn): its CSS left and top, its controller and view ids."""
    controller = wait(
        browser,
        """(() => {
            const summary = [...document.querySelectorAll('#tree summary')]
              .find((s) => s.textContent.startsWith('@' + arguments[0] + ' '));
            return summary && Number(summary.dataset.controller);
        })()""",
        identifier,
    )
    return view_box(browser, int(controller))  # type: ignore[call-overload]


def view_box(browser: webdriver.Chrome, controller: int, within: str = "#stage") -> dict[str, float]:
    """The drawn box of the view of controller `controller` (once drawn) on
    the stage, or in the picture that the CSS selector `within` names (a
    thumbnail)."""
    found = wait(
        browser,
        """(() => {
            const view = document.querySelector(`${arguments[1]} .view[data-controller="${arguments[0]}"]`);
            return view && { left: parseFloat(view.style.left), top: parseFloat(view.style.top),
                             controller: arguments[0], view: Number(view.dataset.view) };
        })()""",
        controller,
        within,
    )
    return dict(found)  # type: ignore[call-overload]


def scene_frame(stack: Stack, view: int, window: int = 1) -> list[float]:
    """The view's frame as /api/windows/{window}/scene has it now."""
    with urllib.request.urlopen(f"{stack.url}/api/windows/{window}/scene") as response:
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


def test_the_caption_says_when_a_window_runs_in_slow_motion(stack: Stack, browser: webdriver.Chrome) -> None:
    stack.curtain("new-window", "--root", "Nav=nav[Home]")
    browser.get(f"{stack.url}/?window=1")
    wait(browser, "document.getElementById('window-caption').textContent === 'w1 390×844 realtime'")
    stack.curtain("set-window-speed", "w1", "0.25")
    # A speed change is no event of the window: the page shows it with the
    # next scene it loads.
    browser.get(f"{stack.url}/?window=1")
    wait(browser, "document.getElementById('window-caption').textContent === 'w1 390×844 realtime speed 0.25'")


def test_the_trace_link_downloads_the_windows_trace(stack: Stack, browser: webdriver.Chrome) -> None:
    stack.curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    stack.curtain("new-controller", "content", "--id", "Detail")
    stack.curtain("push", "@Nav", "@Detail", "--no-wait")
    stack.curtain("advance", "w1", "0.5")
    browser.get(f"{stack.url}/?window=1")
    wait(browser, "!document.getElementById('trace-link').hidden")
    link = browser.find_element(By.ID, "trace-link")
    assert link.get_attribute("download") == "w1.trace.json"
    href = link.get_attribute("href")
    assert href.endswith("/api/windows/1/trace.json?session=default")
    # What the link downloads: the window's trace, as `curtain trace` writes it.
    trace = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then((r) => r.json()).then(done, (e) => done(String(e)));",
        href,
    )
    assert isinstance(trace, dict), trace
    assert trace["metadata"]["clock"] == "window" and trace["metadata"]["window"] == "w1"
    pushes = [e for e in trace["traceEvents"] if e.get("cat") == "operation" and e["args"]["kind"] == "push"]
    assert pushes and pushes[0]["args"]["result"] == "completed" and pushes[0]["dur"] == 350000
    with urllib.request.urlopen(href) as response:
        assert response.headers["Content-Disposition"] == 'attachment; filename="w1.trace.json"'
        assert json.load(response)["traceEvents"]


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


def test_pages_opened_after_the_events_show_them_all(stack: Stack, browser: webdriver.Chrome) -> None:
    """A page opened after its window's events happened shows them all in
    its log. It is the window's first tab, so curtain-web subscribes then,
    and the daemon replays its event ring right after the Subscribed
    response; curtain-web used to drop that replay whenever its reader took
    it before the subscription was filed under the window (DaemonLink.swift):
    an empty log, in about half the tries. Each window is one more try."""
    for window in range(1, 6):
        stack.curtain("new-window", "--clock", "manual", "--root", f"Nav{window}=nav[Home{window}]")
        stack.curtain("new-controller", "content", "--id", f"Sheet{window}")
        stack.curtain("present", f"@Home{window}", f"@Sheet{window}", "--style", "pageSheet", "--no-wait")
        stack.curtain("advance", f"w{window}", "1")
    for window in range(1, 6):
        last = int(api_json(stack, f"windows/{window}")["last_seq"])
        assert last > 10
        browser.get(f"{stack.url}/?window={window}")
        wait(browser, "document.querySelectorAll('#log li').length === arguments[0]", last)
        shown = browser.execute_script("return [...document.querySelectorAll('#log li')].map((li) => li.value)")
        assert shown == list(range(1, last + 1)), (window, shown)


def api_json(stack: Stack, path: str) -> dict:
    """GET /api/{path}: the daemon's state as curtain-web's JSON API has it."""
    with urllib.request.urlopen(f"{stack.url}/api/{path}") as response:
        return dict(json.load(response))


def tree_identifiers(stack: Stack) -> list[str]:
    """The identifiers of the root's children in window 1, from the API."""
    root = api_json(stack, "windows/1/tree")["root"]
    return [child["identifier"] for child in root["children"]]


def updates_done(stack: Stack) -> int:
    """How many interactive updates the daemon has taken so far."""
    for family in api_json(stack, "metrics")["metrics"]:
        if family["name"] == "curtain_requests_total":
            return sum(
                int(sample["value"])
                for sample in family["samples"]
                if sample["labels"] == {"kind": "updateInteractive", "outcome": "OK"}
            )
    return 0


def slider_value(browser: webdriver.Chrome) -> int:
    return int(browser.execute_script("return document.getElementById('interactive').value"))


def wait_for_shown_percent(browser: webdriver.Chrome, percent: int) -> None:
    """Waits until the page draws the interactive transition at `percent`
    (its row's text and its progress bar), as the daemon's last frame has it."""
    wait(
        browser,
        """(() => {
            const row = document.querySelector('#transitions .transition');
            return row !== null && row.textContent.includes('(interactive)')
              && row.textContent.endsWith(' ' + arguments[0] + '%')
              && Math.abs(row.querySelector('progress').value * 100 - arguments[0]) < 1e-6;
        })()""",
        percent,
    )


def drag_and_release(writable: Stack, browser: webdriver.Chrome, towards: int) -> int:
    """Presses the interactive-pop slider in its middle (the pop begins),
    drags it `towards` percent of its width in three moves (each updates
    the pop) and, once the page shows where the pop is, releases it.
    Returns the slider's value where it was released.

    The press and the moves are one action sequence: Chromium ends a
    slider's drag (a `change` event) when the next sequence begins, so a
    move in a second sequence would release the slider instead of dragging
    it. The release is a sequence of its own, after the waits."""
    slider = browser.find_element(By.ID, "interactive")
    step = round(slider.size["width"] * towards / 300)
    updates = updates_done(writable)
    browser.execute_script(
        "if (window.slid === undefined) arguments[0].addEventListener('input', () => { window.slid += 1; });"
        " window.slid = 0;",
        slider,
    )
    drag = ActionChains(browser).move_to_element(slider).click_and_hold()
    for _ in range(3):
        drag = drag.move_by_offset(step, 0)
    drag.perform()
    dragged = slider_value(browser)
    wait_for_shown_percent(browser, dragged)
    # The daemon has the pop under way, updated once per value the slider
    # took (the press, then each move), and the box drawn for Detail is
    # where the daemon has it now (Detail is out of the tree already, being
    # popped, but its view is still drawn).
    assert api_json(writable, "windows/1")["idle"] is False
    slid = int(browser.execute_script("return window.slid"))
    assert slid >= 2 and updates_done(writable) - updates == slid, (slid, updates_done(writable), updates)
    drawn = view_box(browser, int(api_json(writable, "controllers/@Detail")["controller"]))
    x, y, _, _ = scene_frame(writable, int(drawn["view"]))
    assert abs(drawn["left"] - x) < 1e-3 and abs(drawn["top"] - y) < 1e-3, (drawn, x, y)
    ActionChains(browser).release().perform()
    return dragged


def test_the_slider_drives_an_interactive_pop_cancelled_before_half_way_and_finished_past_it(
    writable: Stack, browser: webdriver.Chrome
) -> None:
    writable.curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    writable.curtain("new-controller", "content", "--id", "Detail")
    writable.curtain("push", "@Nav", "@Detail", "--no-animate")
    browser.get(f"{writable.url}/?window=1")
    wait(
        browser,
        "document.getElementById('tree').textContent.includes('@Detail')"
        " && document.getElementById('selected-name').textContent === '@Nav'"
        " && document.querySelector('.view[data-controller]') !== null",
    )

    # Released before half way, and released back at 0 (where the slider
    # rests, so the browser fires no `change`): the pop is cancelled and
    # Detail stays.
    for towards, expected in ((-30, range(1, 50)), (-60, range(0, 1))):
        released = drag_and_release(writable, browser, towards)
        assert released in expected, (towards, released)
        wait(browser, "document.getElementById('interactive-outcome').dataset.outcome === 'cancel'")
        outcome = browser.find_element(By.ID, "interactive-outcome").text
        assert outcome.startswith(f"released at {released}%: cancelling"), outcome
        assert slider_value(browser) == 0
        writable.curtain("advance", "w1", "1")
        assert api_json(writable, "windows/1")["idle"] is True
        assert tree_identifiers(writable) == ["Home", "Detail"]
        wait(
            browser,
            "document.getElementById('tree').textContent.includes('@Detail')"
            " && document.getElementById('transitions').textContent === ''",
        )

    # Released past half way: the pop finishes and Detail goes.
    released = drag_and_release(writable, browser, 30)
    assert released >= 50
    wait(browser, "document.getElementById('interactive-outcome').dataset.outcome === 'finish'")
    outcome = browser.find_element(By.ID, "interactive-outcome").text
    assert outcome.startswith(f"released at {released}%: finishing"), outcome
    writable.curtain("advance", "w1", "1")
    assert api_json(writable, "windows/1")["idle"] is True
    assert tree_identifiers(writable) == ["Home"]
    wait(
        browser,
        "!document.getElementById('tree').textContent.includes('@Detail')"
        " && document.getElementById('transitions').textContent === ''",
    )
    assert "@Home" in tree_text(browser)
