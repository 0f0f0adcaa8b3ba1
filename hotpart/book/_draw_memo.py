"""Within one draw, each axis of a course figure lays out its ticks once instead of about five times.

matplotlib 3.11 recomputes an axis's ticks (the locator's positions, the formatter's strings, every tick's
position and label) and the bounding boxes of its tick labels whenever any part of a draw asks for them: the
axis as it draws, its axes placing the title (through the y axis's tight bounding box), the axis placing its own
label (through its siblings' tick labels), and each spine measuring itself. Profiling the explorables' frames
(issue 17) found ``Axis._update_ticks`` called 4.9 times per axis per draw and ``Axis._get_ticklabel_bboxes``
3.2 times; together with the label placement they were about a third of a frame's render.

During :meth:`TextCachingCanvas.draw <hotpart.book._text_cache.TextCachingCanvas.draw>`, :func:`ticks_once`
gives each axis of the figure three instance attributes that shadow matplotlib's methods for the length of that
draw and are removed after it:

* ``_update_ticks()`` returns the ticks it computed first in this draw;
* ``_get_ticklabel_bboxes(ticks, renderer)`` returns the boxes it measured first for the same ticks;
* ``_update_label_position(renderer)`` places the axis label once.

Each answer is kept under a key of what it depends on that a draw can change: the axis's view interval and the
pixel box of every axes of the figure (and the ticks and renderer passed in). A layout engine measures the axes,
moves them and measures again; a fixed aspect moves an axes or its limits as it draws; each move is a new key, so
the memo recomputes rather than reuses. Between draws nothing is kept. The pixels are matplotlib's:
``tests/test_text_cache.py`` compares every explorable against plain Agg, and ``tests/test_tick_memo.py`` checks
that the memo is used, that it is gone after the draw, that a change in the middle of a draw is recomputed, and
that constrained layout, fixed aspect, twin, shared, log and offset axes draw plain Agg's pixels.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from matplotlib.figure import Figure

__all__ = ["MEMOISED", "ticks_once"]

#: The :class:`matplotlib.axis.Axis` methods memoised for the length of one draw.
MEMOISED = ("_update_ticks", "_get_ticklabel_bboxes", "_update_label_position")


def _state(axis: Any) -> tuple[Any, ...]:
    """What an axis's ticks and labels depend on that a draw could change: its view interval and the pixel box of
    every axes of its figure (a layout engine or a fixed aspect moves axes in the middle of a draw)."""
    low, high = axis.get_view_interval()
    return (float(low), float(high), *(ax.bbox.bounds for ax in axis.axes.figure.axes))


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


@contextmanager
def ticks_once(fig: Figure) -> Iterator[None]:
    """For the ``with`` block (one draw), memoise :data:`MEMOISED` on every axis of ``fig``.

    The methods are instance attributes for the block only; afterwards each axis uses matplotlib's methods again.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> with ticks_once(fig):
    ...     "_update_ticks" in vars(ax.xaxis)
    True
    >>> "_update_ticks" in vars(ax.xaxis)
    False
    """
    axes = [axis for ax in fig.axes for axis in ax._axis_map.values()]
    for axis in axes:
        memo = _Memo(axis)
        axis._update_ticks = memo.update_ticks
        axis._get_ticklabel_bboxes = memo.ticklabel_bboxes
        axis._update_label_position = memo.update_label_position
    try:
        yield
    finally:
        for axis in axes:
            for name in MEMOISED:
                vars(axis).pop(name, None)
