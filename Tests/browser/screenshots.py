"""Takes the pictures of docs/web.md (docs/web/*.png) in headless Chromium,
from the fixed scenes of scenes.py: `scripts/web-screenshots.sh` runs this
file alone (its name keeps it out of `make test-web`). The pictures are
documentation, not a test: the page is checked panel by panel in
test_panels.py, which does not depend on the machine's fonts."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Stack
from scenes import SCENES, drawn
from selenium import webdriver

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web"


@pytest.mark.parametrize("name", sorted(SCENES))
def test_take_the_screenshot(name: str, writable: Stack, browser: webdriver.Chrome) -> None:
    # Tall enough for the whole window and the transitions under it.
    browser.set_window_size(1400, 1300)
    SCENES[name](writable, browser)
    drawn(writable, browser)
    # Nothing blinks: the caret and the focus ring stay out of the picture.
    browser.execute_script("document.activeElement?.blur()")
    DOCS.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(DOCS / f"{name}.png"))
