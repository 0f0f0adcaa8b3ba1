"""Within one draw, each axis of a course figure lays out its ticks once, and each legend its boxes once.

matplotlib 3.11 recomputes an axis's ticks (the locator's positions, the formatter's strings, every tick's
position and label) and the bounding boxes of its tick labels whenever any part of a draw asks for them: the
axis as it draws, its axes placing the title (through the y axis's tight bounding box), the axis placing its own
label (through its siblings' tick labels), and each spine measuring itself. Profiling the explorables' frames
(issue 17) found ``Axis._update_ticks`` called 4.9 times per axis per draw and ``Axis._get_ticklabel_bboxes``
3.2 times; memoising them and the label placement took 27% off a frame's render (an interleaved A/B over every
explorable). A legend lays out its boxes (packers of text and handle areas) once to size its frame and again,
level by level, as it draws: 21 layouts per legend per draw; memoising them took another 11% off.

During :meth:`TextCachingCanvas.draw <hotpart.book._text_cache.TextCachingCanvas.draw>`, :func:`memoised_draw`
gives each axis of the figure three instance attributes that shadow matplotlib's methods for the length of that
draw, and each box of each legend two; all are removed after it:

* ``Axis._update_ticks()`` returns the ticks it computed first in this draw;
* ``Axis._get_ticklabel_bboxes(ticks, renderer)`` returns the boxes it measured first for the same ticks;
* ``Axis._update_label_position(renderer)`` places the axis label once;
* a legend box's ``get_bbox(renderer)`` and ``_get_bbox_and_child_offsets(renderer)`` return the layout they
  computed first (only for matplotlib's own packers, text areas and drawing areas, the boxes a legend is made of).

Each answer is kept under a key of what it depends on that a draw can change: the axis's view interval and the
pixel box of every axes of the figure (and the ticks and renderer passed in; for a box, its width and height,
which an ``expand`` legend sets as it draws). A layout engine measures the axes, moves them and measures again; a
fixed aspect moves an axes or its limits as it draws; each move is a new key, so the memo recomputes rather than
reuses. Between draws nothing is kept. The pixels are matplotlib's: ``tests/test_text_cache.py`` compares every
explorable against plain Agg, and ``tests/test_draw_memo.py`` checks that the memo is used, that it is gone after
the draw, that a change in the middle of a draw is recomputed, and that constrained layout, fixed aspect, twin,
shared, log and offset axes and legends of every placement draw plain Agg's pixels.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from matplotlib.figure import Figure
from matplotlib.offsetbox import DrawingArea, HPacker, TextArea, VPacker

__all__ = ["MEMOISED", "MEMOISED_BOX", "forget", "memoised_draw"]

#: The :class:`matplotlib.axis.Axis` methods memoised for the length of one draw.
MEMOISED = ("_update_ticks", "_get_ticklabel_bboxes", "_update_label_position")
#: The methods of a legend's boxes memoised for the length of one draw, and the box types they are memoised on.
MEMOISED_BOX = ("get_bbox", "_get_bbox_and_child_offsets")
_BOX_TYPES = (VPacker, HPacker, TextArea, DrawingArea)


def _placement(fig: Figure) -> tuple[Any, ...]:
    """The pixel box of every axes of ``fig``: a layout engine or a fixed aspect moves them in the middle of a draw."""
    return tuple(ax.bbox.bounds for ax in fig.axes)


def _state(axis: Any) -> tuple[Any, ...]:
    """What an axis's ticks and labels depend on that a draw could change: its view interval and where the axes are."""
    low, high = axis.get_view_interval()
    return (float(low), float(high), *_placement(axis.axes.figure))


class _Memo:
    """The three memoised methods of one axis, bound to it for one draw."""

    __slots__ = ("axis", "boxes", "placed", "ticks")

    def __init__(self, axis: Any) -> None:
        self.axis = axis
        self.ticks: tuple[tuple[Any, ...], list[Any]] | None = None
        self.boxes: dict[tuple[Any, ...], tuple[list[Any], list[Any]]] = {}
        self.placed: tuple[Any, ...] | None = None

    def update_ticks(self) -> list[Any]:
        state = _state(self.axis)
        if self.ticks is None or self.ticks[0] != state:
            self.ticks = (state, type(self.axis)._update_ticks(self.axis))
        return list(self.ticks[1])

    def ticklabel_bboxes(self, ticks: list[Any], renderer: Any) -> tuple[list[Any], list[Any]]:
        key = (_state(self.axis), id(renderer), *map(id, ticks))
        boxes = self.boxes.get(key)
        if boxes is None:
            boxes = self.boxes[key] = type(self.axis)._get_ticklabel_bboxes(self.axis, ticks, renderer)
        return list(boxes[0]), list(boxes[1])

    def update_label_position(self, renderer: Any) -> None:
        key = (_state(self.axis), id(renderer))
        if self.placed != key:
            type(self.axis)._update_label_position(self.axis, renderer)
            self.placed = key


class _BoxMemo:
    """The two memoised methods of one legend box, bound to it for one draw."""

    __slots__ = ("bboxes", "box", "figure", "layouts")

    def __init__(self, box: Any, figure: Figure) -> None:
        self.box, self.figure = box, figure
        self.bboxes: dict[tuple[Any, ...], Any] = {}
        self.layouts: dict[tuple[Any, ...], tuple[Any, list[Any]]] = {}

    def _key(self, renderer: Any) -> tuple[Any, ...]:
        return (id(renderer), getattr(self.box, "width", None), getattr(self.box, "height", None), *_placement(self.figure))

    def get_bbox(self, renderer: Any) -> Any:
        key = self._key(renderer)
        bbox = self.bboxes.get(key)
        if bbox is None:
            bbox = self.bboxes[key] = type(self.box).get_bbox(self.box, renderer)
        return bbox.frozen()  # a copy: a caller may change the box it gets

    def get_bbox_and_child_offsets(self, renderer: Any) -> tuple[Any, list[Any]]:
        key = self._key(renderer)
        layout = self.layouts.get(key)
        if layout is None:
            layout = self.layouts[key] = type(self.box)._get_bbox_and_child_offsets(self.box, renderer)
        return layout[0].frozen(), list(layout[1])


def _legend_boxes(fig: Figure) -> list[Any]:
    """Every packer, text area and drawing area of every legend of ``fig``."""
    legends = [ax.get_legend() for ax in fig.axes] + list(fig.legends)
    stack = [legend._legend_box for legend in legends if legend is not None]
    boxes = []
    while stack:
        box = stack.pop()
        if type(box) in _BOX_TYPES:
            boxes.append(box)
            if isinstance(box, (VPacker, HPacker)):
                stack.extend(box.get_children())
    return boxes


@contextmanager
def memoised_draw(fig: Figure) -> Iterator[None]:
    """For the ``with`` block (one draw), memoise :data:`MEMOISED` on every axis of ``fig`` and
    :data:`MEMOISED_BOX` on every box of its legends.

    The methods are instance attributes for the block only; afterwards each axis and box uses matplotlib's
    methods again.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> _ = ax.plot([0, 1], label="served")
    >>> legend = ax.legend()
    >>> with memoised_draw(fig):
    ...     "_update_ticks" in vars(ax.xaxis), "get_bbox" in vars(legend._legend_box)
    (True, True)
    >>> "_update_ticks" in vars(ax.xaxis), "get_bbox" in vars(legend._legend_box)
    (False, False)
    """
    axes = [axis for ax in fig.axes for axis in ax._axis_map.values()]
    boxes = _legend_boxes(fig)
    for axis in axes:
        memo = _Memo(axis)
        axis._update_ticks = memo.update_ticks
        axis._get_ticklabel_bboxes = memo.ticklabel_bboxes
        axis._update_label_position = memo.update_label_position
    for box in boxes:
        box_memo = _BoxMemo(box, fig)
        box.get_bbox = box_memo.get_bbox
        if not isinstance(box, (TextArea, DrawingArea)):  # they measure themselves in get_bbox alone
            box._get_bbox_and_child_offsets = box_memo.get_bbox_and_child_offsets
    try:
        yield
    finally:
        for axis in axes:
            for name in MEMOISED:
                vars(axis).pop(name, None)
        for box in boxes:
            for name in MEMOISED_BOX:
                vars(box).pop(name, None)


def forget(axis: Any) -> None:
    """Inside :func:`memoised_draw`, drop what the memo holds for ``axis``: its ticks, its tick labels' boxes and its
    label's place. For a caller that changes the axis's ticks or turns its labels in the middle of a draw (the narrow
    layout, ``hotpart.book._narrow``); outside a memoised draw it does nothing.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> with memoised_draw(fig):
    ...     ticks = ax.xaxis._update_ticks()
    ...     forget(ax.xaxis)
    ...     vars(ax.xaxis)["_update_ticks"].__self__.ticks is None
    True
    """
    method = vars(axis).get("_update_ticks")
    memo = getattr(method, "__self__", None)
    if isinstance(memo, _Memo):
        memo.ticks, memo.placed = None, None
        memo.boxes.clear()
