"""Issue 37 §4 through the Python client: where an animator applies
(SEMANTICS §5: only presentations in the fullScreen and custom styles take
one; the others keep their built-in look and say so), and an interactive
transition scrubbing a client's animator (seed 001's percent-driven Slide)."""

from __future__ import annotations

from typing import Any

import curtain

#: The to-view fades in over 0.6 s.
FADE: dict[str, Any] = {
    "duration": 0.6,
    "tracks": [
        {
            "target": {"role": "ROLE_TO_VIEW"},
            "property": "ANIMATABLE_PROPERTY_ALPHA",
            "from": {"base": "BASE_VALUE", "value": {"scalar": 0}},
            "to": {"base": "BASE_VALUE", "value": {"scalar": 1}},
        }
    ],
}


def running_duration(client: curtain.Client, window: int) -> float:
    """The duration of the one transition running in ``window``."""
    (transition,) = client.list_transitions(window)
    return transition.duration


def test_only_full_screen_and_custom_presentations_take_an_animator(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    for name in ("Home", "Sheet", "Card"):
        client.create_controller("content", identifier=name)
    client.set_root(window, "Home")

    sheet = client.present("Home", "Sheet", style="form_sheet", animator=FADE, wait_until="started")
    assert sheet.animator_not_used
    assert running_duration(client, window) == 0.4, "the sheet's own cover-vertical slide"
    client.advance_clock(window, 1)
    client.dismiss("Sheet", animated=False)

    card = client.present("Home", "Card", style="custom", animator=FADE, wait_until="started")
    assert not card.animator_not_used
    assert running_duration(client, window) == 0.6
    client.advance_clock(window, 1)

    retimed = client.dismiss("Card", animator={"built_in": {"duration": 0.25}}, wait_until="started")
    assert not retimed.animator_not_used
    assert running_duration(client, window) == 0.25
    client.advance_clock(window, 1)


def test_an_interactive_pop_scrubs_the_clients_slide(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    client.create_controller("navigation", identifier="Nav")
    for name in ("One", "Two"):
        client.create_controller("content", identifier=name)
    client.set_stack("Nav", ["One", "Two"], animated=False)
    client.set_root(window, "Nav")
    slide = {
        "duration": 0.6,
        "tracks": [
            {
                "target": {"role": "ROLE_FROM_VIEW"},
                "property": "ANIMATABLE_PROPERTY_FRAME",
                "from": {"base": "BASE_INITIAL_FRAME"},
                "to": {"base": "BASE_INITIAL_FRAME", "container_offset_x": 1},
                "timing": {"named": "NAMED_CURVE_LINEAR"},
            }
        ],
    }
    begun = client.begin_interactive("Nav", kind="pop", animator=slide)
    assert not begun.animator_not_used
    assert running_duration(client, window) == 0.6
    client.update_interactive(window, begun, 0.25)
    client.finish_interactive(window, begun)
    client.advance_clock(window, 1)
    assert [c.identifier for c in client.get_tree(window).root.children] == ["One"]
