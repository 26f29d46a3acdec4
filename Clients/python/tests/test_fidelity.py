"""Issue 15's seed capabilities through the Python client: the interactive
tab switch (finished and cancelled), addChild without the view, and taps
outside a popover."""

from __future__ import annotations

import curtain

P = curtain.protocol_pb2
C = curtain.common_pb2


def test_an_interactive_tab_switch_finishes_and_cancels(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    client.create_controller("tab_bar", identifier="Tabs")
    for name in ("A", "B"):
        client.create_controller("content", identifier=name)
    client.set_tabs("Tabs", ["A", "B"])
    client.set_root(window, "Tabs")
    begun = client.begin_interactive("Tabs", kind="select_tab", tab=1)
    assert begun.transition
    assert client.get_tree(window).root.selected_index == 1
    client.update_interactive(window, begun, 0.5)
    client.finish_interactive(window, begun)
    client.advance_clock(window, 1)
    tree = client.get_tree(window).root
    assert tree.selected_index == 1
    assert [c.appearance for c in tree.children] == [C.APPEARANCE_STATE_DISAPPEARED, C.APPEARANCE_STATE_APPEARED]

    back = client.begin_interactive("Tabs", kind="select_tab", tab_controller="A")
    client.cancel_interactive(window, back)
    client.advance_clock(window, 1)
    tree = client.get_tree(window).root
    assert tree.selected_index == 1, "a cancelled switch leaves the old tab selected"
    assert [c.appearance for c in tree.children] == [C.APPEARANCE_STATE_DISAPPEARED, C.APPEARANCE_STATE_APPEARED]


def test_a_child_added_without_its_view_and_a_tap_outside_a_popover(client: curtain.Client) -> None:
    window = client.create_window(clock="manual", size=(1024, 768))
    client.create_controller("container", identifier="Box")
    for name in ("Panel", "Next", "Pop"):
        client.create_controller("content", identifier=name)
    client.add_child("Box", "Panel", frame={"x": 500, "y": 60, "width": 40, "height": 30})
    client.add_child("Box", "Next", no_view=True)
    client.set_root(window, "Box")
    next_node = client.get_tree(window).root.children[1]
    assert next_node.identifier == "Next" and next_node.view is None

    client.present("Box", "Pop", style="popover", animated=False)
    tapped = client.tap(window, 100, 600, wait_until="started")
    assert tapped.tap.effect == C.TapHit.EFFECT_DISMISSED
    assert tapped.tap.role == "dimming"
    client.advance_clock(window, 1)
    assert client.get_tree(window).root.presented is None


def test_content_goes_under_translucent_bars_unless_configured(client: curtain.Client) -> None:
    window = client.create_window(clock="manual")
    client.create_controller("navigation", identifier="Stack")
    client.create_controller("content", identifier="Page")
    client.set_stack("Stack", ["Page"])
    client.set_root(window, "Stack")

    def page() -> curtain.types.ControllerNode:
        return client.get_tree(window).root.children[0]

    node = page()
    assert (node.frame.y, node.frame.height) == (0, 844), "under the translucent bar"
    assert node.under_bars
    assert (node.safe_area_insets.top, node.safe_area_insets.bottom) == (91, 34)
    assert client.configure_controller("Stack", bar_translucent=False).bar_translucent is False
    node = page()
    assert (node.frame.y, node.frame.height) == (91, 753), "below the opaque bar"
    assert not node.under_bars
    client.configure_controller("Stack", bar_translucent=True)
    client.configure_controller("Page", edges_for_extended_layout=2 | 4 | 8)
    assert (page().frame.y, page().frame.height) == (91, 753), "its edges leave out the top"
