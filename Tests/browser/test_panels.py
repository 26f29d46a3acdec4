"""The page's panels, checked by the boxes headless Chromium lays out for them
(getBoundingClientRect, and Range for where a text really ends), in the
fixed scenes of scenes.py. These replace a whole-page comparison of
screenshots, which broke whenever Debian's fonts moved: each check asks one
question of one panel that holds in any font, and each fails on the page
before the fix it guards (a category column narrower than "presentation",
an Events heading that scrolled away with the log, a label carried out of
the window with its view)."""

from __future__ import annotations

from pathlib import Path

from conftest import Stack
from scenes import SCENES, drawn, push_halfway, sheet
from selenium import webdriver
from test_inspector import api_json, wait

# Half a pixel: boxes are fractional, and Chromium rounds some edges.
SLACK = 0.5


def _inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        inner["left"] >= outer["left"] - SLACK
        and inner["top"] >= outer["top"] - SLACK
        and inner["right"] <= outer["right"] + SLACK
        and inner["bottom"] <= outer["bottom"] + SLACK
    )


def test_the_stage_keeps_the_outgoing_views_label_in_the_window_during_a_push(
    writable: Stack, browser: webdriver.Chrome
) -> None:
    """Stage panel, mid-push: every view with a label that the stage shows
    enough of to hold it has its label inside the stage and on the view's
    shown part. Home, the outgoing view, has slid partly out of the window;
    its label used to stay at the view's own top left, cut off by the stage."""
    browser.set_window_size(1400, 1300)
    push_halfway(writable, browser)
    drawn(writable, browser)
    home = int(api_json(writable, "controllers/@Home")["controller"])
    views = browser.execute_script(
        """
        const rect = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
        const stage = document.getElementById('stage').getBoundingClientRect();
        return [...document.querySelectorAll('#stage .view')]
          .filter((view) => getComputedStyle(view).visibility !== 'hidden')
          .map((view) => {
            const box = view.getBoundingClientRect();
            const label = view.querySelector(':scope > .label');
            return {
              controller: view.dataset.controller === undefined ? null : Number(view.dataset.controller),
              text: label.textContent,
              box: rect(box),
              label: rect(label.getBoundingClientRect()),
              stage: rect(stage),
              shown: {
                left: Math.max(box.left, stage.left), top: Math.max(box.top, stage.top),
                right: Math.min(box.right, stage.right), bottom: Math.min(box.bottom, stage.bottom),
              },
            };
          });
        """
    )
    outgoing = [view for view in views if view["controller"] == home]
    assert len(outgoing) == 1, views
    # The scene is what the check is about: Home is out of the window on the left.
    assert outgoing[0]["box"]["left"] < outgoing[0]["stage"]["left"] - 10, outgoing
    assert outgoing[0]["text"], outgoing
    checked = []
    for view in views:
        label, shown = view["label"], view["shown"]
        room = (shown["right"] - shown["left"], shown["bottom"] - shown["top"])
        size = (label["right"] - label["left"], label["bottom"] - label["top"])
        if not view["text"] or room[0] < size[0] + 2 or room[1] < size[1] + 1:
            continue
        checked.append(view["controller"])
        assert _inside(label, view["stage"]), f"the label {view['text']!r} is cut off by the stage: {view}"
        assert _inside(label, shown), f"the label {view['text']!r} is off its view's shown part: {view}"
    assert home in checked, views


def test_the_event_logs_category_column_holds_every_category(stack: Stack, browser: webdriver.Chrome) -> None:
    """Events panel: in every row, the category's text (measured with a
    Range: where the glyphs end, not the cell's width) stays in its cell and
    ends before the time begins, with some space; "presentation", the
    longest, used to run into the time."""
    sheet(stack, browser)
    drawn(stack, browser)
    rows = browser.execute_script(
        """
        return [...document.querySelectorAll('#log li')].map((item) => {
          const category = item.querySelector('.category');
          const text = document.createRange();
          text.selectNodeContents(category);
          const rest = document.createRange();
          rest.selectNodeContents(item);
          rest.setStartAfter(category);
          return {
            category: category.textContent,
            rest: rest.toString(),
            text: text.getBoundingClientRect().right,
            cell: category.getBoundingClientRect().right,
            next: rest.getClientRects()[0].left,
          };
        });
        """
    )
    assert "presentation" in {row["category"] for row in rows}, rows
    for row in rows:
        assert row["rest"].startswith("t="), row
        assert row["text"] <= row["cell"] + SLACK, f"{row['category']!r} overflows its cell: {row}"
        # Two pixels at least between the category and the time.
        assert row["text"] + 2 <= row["next"], f"{row['category']!r} runs into {row['rest']!r}: {row}"


def test_the_events_heading_and_filters_stay_in_sight_while_the_log_follows(
    stack: Stack, browser: webdriver.Chrome
) -> None:
    """Events panel, follow on, more events than it can show: the log
    scrolls to the newest, and the heading and the filters stay at the top
    of the panel, in the viewport, with the newest row below them and no row
    showing above them. They used to scroll away with the log."""
    browser.set_window_size(1400, 600)
    stack.curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    browser.get(f"{stack.url}/?window=1")
    wait(browser, "document.getElementById('tree').textContent.includes('@Home')")
    for index in range(5):
        stack.curtain("new-controller", "content", "--id", f"Detail{index}")
        stack.curtain("push", "@Nav", f"@Detail{index}", "--no-animate")
    last = int(api_json(stack, "windows/1")["last_seq"])
    wait(browser, "document.querySelector('#log li:last-child')?.value === arguments[0]", last)
    boxes = browser.execute_script(
        """
        const rect = (e) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        const panel = document.getElementById('log-panel');
        const heading = [...panel.querySelectorAll('h2')].find((h) => h.textContent === 'Events');
        return {
          follow: document.getElementById('follow').checked,
          overflow: panel.scrollHeight - panel.clientHeight,
          scrolled: panel.scrollTop,
          viewport: { left: 0, top: 0, right: innerWidth, bottom: innerHeight },
          panel: rect(panel),
          heading: rect(heading),
          filters: rect(document.getElementById('filters')),
          newest: rect(document.querySelector('#log li:last-child')),
          // The newest row is what shows at its own middle (nothing covers it).
          newestShown: (() => {
            const row = document.querySelector('#log li:last-child'), r = row.getBoundingClientRect();
            return document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)?.closest('li') === row;
          })(),
          // What shows above the heading, between it and the panel's top
          // edge, at every other pixel down the middle of the log: no row.
          above: (() => {
            const top = panel.getBoundingClientRect().top, bottom = heading.getBoundingClientRect().top;
            const log = document.getElementById('log').getBoundingClientRect();
            const shown = [];
            for (let y = Math.ceil(top) + 1; y < bottom - 1; y += 2) {
              const row = document.elementFromPoint((log.left + log.right) / 2, y)?.closest('#log li');
              if (row) shown.push(row.textContent);
            }
            return [...new Set(shown)];
          })(),
        };
        """
    )
    # The scene is what the check is about: the log is longer than its
    # panel, and following scrolled it.
    assert boxes["follow"] and boxes["overflow"] > 100 and boxes["scrolled"] > 0, boxes
    for name in ("heading", "filters", "newest"):
        assert _inside(boxes[name], boxes["panel"]), f"the {name} is out of its panel: {boxes}"
        assert _inside(boxes[name], boxes["viewport"]), f"the {name} is out of the viewport: {boxes}"
    assert boxes["heading"]["bottom"] <= boxes["filters"]["top"] + SLACK, boxes
    assert boxes["newestShown"], f"the newest row is covered: {boxes}"
    assert not boxes["above"], f"rows show above the heading: {boxes}"
    assert boxes["newest"]["top"] >= boxes["filters"]["bottom"] - SLACK, f"the newest row is under the filters: {boxes}"


def test_docs_web_shows_every_screenshot() -> None:
    """docs/web.md shows a picture of each scene (scripts/web-screenshots.sh
    takes them), and docs/web has no other."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    text = (docs / "web.md").read_text()
    for name in SCENES:
        assert f"(web/{name}.png)" in text, name
    assert sorted(p.stem for p in (docs / "web").glob("*.png")) == sorted(SCENES)
