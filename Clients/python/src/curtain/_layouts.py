"""Collection view layouts (SEMANTICS §3) for ``create_controller("collection",
collection=...)``, ``set_collection_layout`` and
``begin_interactive(kind="layout")``."""

from __future__ import annotations

from collections.abc import Sequence

from .v1 import common_pb2 as common


def flow_layout(
    item_size: tuple[float, float] = (50, 50),
    *,
    interitem_spacing: float | None = None,
    line_spacing: float | None = None,
    section_inset: tuple[float, float, float, float] | None = None,
) -> common.CollectionLayout:
    """A flow layout (``UICollectionViewFlowLayout``): items of ``item_size``
    (width, height) a line at a time, wrapping at the collection view's width;
    absent spacings are UIKit's 10, ``section_inset`` is (top, left, bottom,
    right), zero by default."""
    flow = common.FlowLayout(item_size=common.Size(width=item_size[0], height=item_size[1]))
    if interitem_spacing is not None:
        flow.interitem_spacing = interitem_spacing
    if line_spacing is not None:
        flow.line_spacing = line_spacing
    if section_inset is not None:
        top, left, bottom, right = section_inset
        flow.section_inset.CopyFrom(common.EdgeInsets(top=top, left=left, bottom=bottom, right=right))
    return common.CollectionLayout(flow=flow)


def frames_layout(frames: Sequence[tuple[float, float, float, float]]) -> common.CollectionLayout:
    """A layout of item frames, one (x, y, width, height) per item, in the
    collection view's coordinates."""
    return common.CollectionLayout(
        frames=common.CollectionLayout.ItemFrames(
            frames=[common.Rect(x=x, y=y, width=width, height=height) for x, y, width, height in frames]
        )
    )
