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

Each answer is kept under a key of what it depends on that could change: the axis's view interval and its
axes' position in pixels (and the ticks and renderer passed in), so a change in the middle of a draw recomputes
rather than reuses. The memo applies only where nothing should change in the middle of a draw: a figure without a
layout engine (every explorable sets fixed margins with :func:`~hotpart.book.plotting.fixed_layout`; constrained
layout moves the axes after measuring them) whose axes all have automatic aspect (a fixed aspect moves the axes
or their limits as they draw). Other figures draw exactly as matplotlib draws them. The pixels are matplotlib's:
``tests/test_text_cache.py`` compares every explorable against plain Agg, and ``tests/test_tick_memo.py`` checks
that the memo is used, that it is gone after the draw, and that a change between draws is drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from matplotlib.figure import Figure

__all__ = ["MEMOISED", "applies", "ticks_once"]

#: The :class:`matplotlib.axis.Axis` methods memoised for the length of one draw.
MEMOISED = ("_update_ticks", "_get_ticklabel_bboxes", "_update_label_position")


def _state(axis: Any) -> tuple[Any, ...]:
    """What an axis's ticks depend on that a draw could change: its view interval and its axes' pixel box."""
    low, high = axis.get_view_interval()
    return (float(low), float(high), axis.axes.bbox.bounds)


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


def applies(fig: Figure) -> bool:
    """Whether :func:`ticks_once` memoises ``fig``'s draw: no layout engine, and every axes with automatic aspect.

    Examples
    --------
    >>> from hotpart.book.plotting import fixed_layout, new_figure
    >>> fig, (ax,) = new_figure()
    >>> applies(fig)  # constrained layout moves the axes after measuring their ticks
    False
    >>> fixed_layout(fig)
    >>> applies(fig)
    True
    >>> ax.set_aspect("equal")
    >>> applies(fig)
    False
    """
    return fig.get_layout_engine() is None and all(ax.get_aspect() == "auto" for ax in fig.axes)


@contextmanager
def ticks_once(fig: Figure) -> Iterator[bool]:
    """For the ``with`` block (one draw), memoise :data:`MEMOISED` on every axis of ``fig`` if :func:`applies`.

    Yields whether it did. The methods are instance attributes for the block only; afterwards each axis uses
    matplotlib's methods again.

    Examples
    --------
    >>> from hotpart.book.plotting import fixed_layout, new_figure
    >>> fig, (ax,) = new_figure()
    >>> fixed_layout(fig)
    >>> with ticks_once(fig) as memoised:
    ...     memoised, "_update_ticks" in vars(ax.xaxis)
    (True, True)
    >>> "_update_ticks" in vars(ax.xaxis)
    False
    """
    if not applies(fig):
        yield False
        return
    axes = [axis for ax in fig.axes for axis in ax._axis_map.values()]
    for axis in axes:
        memo = _Memo(axis)
        axis._update_ticks = memo.update_ticks
        axis._get_ticklabel_bboxes = memo.ticklabel_bboxes
        axis._update_label_position = memo.update_label_position
    try:
        yield True
    finally:
        for axis in axes:
            for name in MEMOISED:
                vars(axis).pop(name, None)
