"""A window's past (docs/protocol.md, "The past"): get_tree and
list_controllers with at_seq or at_time answer as the daemon answered then,
without touching the window."""

from __future__ import annotations

import pytest
from conftest import manual_stack

import curtain


def test_the_past_is_the_tree_seen_then(client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    client.create_controller("content", identifier="Detail")
    client.push("Nav", "Detail")
    seen = []
    listed = []
    for _ in range(4):
        client.advance_clock(window, 0.1)
        seen.append(client.get_tree(window, presentation=True))
        listed.append(client.list_controllers())
    client.pop("Nav", animated=False)
    # At a time, every input up to that time: the pop came at the last one.
    for tree in seen[:-1]:
        assert client.get_tree(window, presentation=True, at_time=tree.window.time) == tree
    for tree in seen:
        again = client.get_tree(window, presentation=True, at_seq=tree.window.last_seq)
        assert again.window.last_seq == tree.window.last_seq
    for tree, controllers in zip(seen[:-1], listed[:-1], strict=True):
        assert client.list_controllers(at_time=tree.window.time) == controllers
    # The live window moved on, untouched.
    assert [c.identifier for c in client.get_tree(window).root.children] == ["Home"]


def test_bad_and_forgotten_moments_are_refused(client: curtain.Client) -> None:
    window = manual_stack(client, "Home")
    newest = client.get_tree(window).window.last_seq
    with pytest.raises(curtain.ServerError) as caught:
        client.get_tree(window, at_seq=newest + 1)
    assert caught.value.code is curtain.ErrorCode.INVALID_ARGUMENT
    assert caught.value.message == f"w{window.window} has no event {newest + 1} yet: its newest is {newest}"
    with pytest.raises(TypeError):
        client.get_tree(window, at_seq=1, at_time=0)
    with pytest.raises(ValueError):
        client.get_tree(window, at_seq=0)
