"""Finding views in a window's view tree (``get_tree(include_views=True)``)."""

from __future__ import annotations

from . import types


def tab_bar_item_point(tree: types.Tree, tab: int | types.ControllerInfo) -> tuple[float, float]:
    """The middle of the tab bar item of ``tab`` (a controller id, or a
    controller), in the window's coordinates: where :meth:`Client.tap`
    taps to select that tab as a user would (SEMANTICS §3). Each tab bar
    item is a ``tabBarItem`` view owned by the controller it selects (the
    More navigation controller for the More item), inside its tab bar.
    Raises ``LookupError`` when the tree has no such item (ask for the tree
    with ``include_views=True``)."""
    owner = tab if isinstance(tab, int) else tab.controller

    def find(view: types.ViewNode, x: float, y: float) -> tuple[float, float] | None:
        frame, bounds = view.state.frame, view.state.bounds
        if view.role == "tabBarItem" and view.controller == owner:
            return (x + frame.x + frame.width / 2, y + frame.y + frame.height / 2)
        inner_x = x + frame.x - bounds.x
        inner_y = y + frame.y - bounds.y
        for subview in view.subviews:
            found = find(subview, inner_x, inner_y)
            if found is not None:
                return found
        return None

    # The window's own view is at the origin: its subviews are in window coordinates.
    found = None
    for subview in tree.views.subviews if tree.views is not None else []:
        found = find(subview, 0, 0)
        if found is not None:
            break
    if found is None:
        raise LookupError(f"no tab bar item of c{owner} in the view tree of w{tree.window.window}")
    return found
