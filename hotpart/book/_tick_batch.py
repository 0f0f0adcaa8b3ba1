"""Within one draw, each axis of a course figure draws its tick marks and grid lines in a few strokes, not one each.

matplotlib 3.11 draws an axis tick by tick: for each tick its grid line, its two tick marks and its two labels,
each a :class:`~matplotlib.lines.Line2D` or :class:`~matplotlib.text.Text` drawn on its own. Profiling the
explorables' frames (issue 17) found the grid lines and tick marks behind 28% of a frame's render (27.2 ms median
with them, 19.6 ms with them left out), although they are a handful of short strokes: most of the time is
matplotlib's per-line set-up (transforms, a graphics context, a path), not the pixels. Drawn in batches as below,
the 23 explorables' figures rendered in 442.5 ms together against 493.5 ms (the sum of per-figure medians, six
interleaved rounds, 2026-12-02): a tenth of a render.

During :meth:`TextCachingCanvas.draw <hotpart.book._text_cache.TextCachingCanvas.draw>`, :func:`batched_ticks`
gives each axis an instance ``draw`` that is matplotlib's ``Axis.draw`` with one change. The ticks are cut into
runs of consecutive ticks whose lines are alike in everything but their data (the major ticks, say, then the
minor ones; a tick coloured on its own is a run by itself). In each run, the lines of one kind (grid lines, first
tick marks, second tick marks) are drawn as one line through matplotlib's own ``Line2D.draw``, a copy of the first
with all their data; then the run's labels are drawn, tick by tick. Tick marks are markers, and Agg stamps the
marker at each position as it does one line at a time. Solid grid lines become one path whose pieces are
separated by NaN, which Agg breaks into separate strokes; dashed ones are drawn one by one, so that each starts
its dash pattern afresh.

Only the order changes: within a run, every grid line, then every tick mark, then the labels, where matplotlib
goes tick by tick. That changes a pixel only where one tick's part overlaps another's. The batch is therefore used
only when no two ticks of an axis are closer than their widest line plus :data:`SPACING_PX` pixels (a log axis's
minor ticks near a decade are about two pixels apart: that axis is drawn tick by tick) and the labels sit off the
axes (a tick's pad is not negative). ``tests/test_explorables_pixels.py`` compares every explorable against plain
Agg across its sweep. ``tests/test_tick_batch.py`` compares figures the explorables do not draw: minor ticks, ticks
and labels on every side, dashed and dotted grids on both axes, log and rotated axes, ticks pointing in and out,
a tick coloured on its own, polar axes, labels inside the axes. It also checks that batches are drawn and that
every axis draws with matplotlib's method again after the draw.

An axis is drawn as matplotlib draws it, unbatched, when it or a tick is rasterised or filtered, when a tick's
class draws itself differently, when its axes are not rectilinear, or when a line has path effects or a marker
made of vertices. Like the text cache, the batch is used only under the matplotlib release it was checked against
(:data:`hotpart.book._text_cache.CHECKED_MATPLOTLIB`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from typing import Any

import numpy as np
from matplotlib import axis as maxis
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

__all__ = ["SPACING_PX", "TICK_LINES", "batched_ticks"]

#: The lines of a tick, in the order matplotlib's ``Tick.draw`` draws them.
TICK_LINES = ("gridline", "tick1line", "tick2line")
#: A line's attributes that hold its data and what is derived from it: they may differ within a batch.
_DATA = frozenset(
    {
        "_stale",
        "_callbacks",
        "_invalidx",
        "_invalidy",
        "_xorig",
        "_yorig",
        "_x",
        "_y",
        "_xy",
        "_path",
        "_transformed_path",
        "_subslice",
        "_x_filled",
        "ind_offset",
    }
)
_PLAIN = (bool, int, float, str, type(None), Enum)
#: Pixels between two ticks' positions, beyond their widest line, for their lines to be batched: closer ticks
#: could share a pixel, where drawing one kind of line before the other would change the blend.
SPACING_PX = 3.0
#: What a :class:`~matplotlib.markers.MarkerStyle` is made of; the rest (its path, transform, styles) follows from it.
_MARKER = ("_marker", "_fillstyle", "_user_transform", "_user_capstyle", "_user_joinstyle")


def _batchable(line: Any) -> bool:
    """Whether ``line`` may be drawn in a batch: a plain :class:`~matplotlib.lines.Line2D` with a named marker
    and no path effects, filter or rasterisation."""
    return (
        type(line) is Line2D
        and not line._path_effects
        and line._agg_filter is None
        and not line._rasterized
        and isinstance(line._marker._marker, (str, int))
        and line._marker._user_transform is None
    )


def _same(a: Any, b: Any) -> bool:
    """Whether two attribute values draw alike: the same object, or equal plain values (numbers, strings, enums
    and tuples of them)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, _PLAIN):
        return bool(a == b)
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return False


def _alike(a: Line2D, b: Line2D) -> bool:
    """Whether ``a`` and ``b`` (both :func:`_batchable`) draw alike but for their data: every attribute outside
    :data:`_DATA` the same (:func:`_same`), the markers compared by what they are."""
    va, vb = vars(a), vars(b)
    if va.keys() != vb.keys():
        return False
    for name, value in va.items():
        other = vb[name]
        if value is other or name in _DATA:
            continue
        if name == "_marker":
            if not all(_same(getattr(value, k), getattr(other, k)) for k in _MARKER):
                return False
        elif not _same(value, other):
            return False
    return True


def _points(line: Line2D) -> np.ndarray:
    """A line's ``(n, 2)`` data, as its draw would compute them (``get_xydata``), without recaching the line."""
    x, y = line._xorig, line._yorig
    if line._axes is not None or np.ma.isMaskedArray(x) or np.ma.isMaskedArray(y):
        return line.get_xydata()  # units to convert, or masks to turn into NaN: matplotlib's own path
    return np.column_stack(np.broadcast_arrays(np.asarray(x, float).ravel(), np.asarray(y, float).ravel()))


def _batch(lines: list[Line2D], stroke: bool) -> Line2D:
    """One line that draws what ``lines`` (alike but for their data) draw: a copy of the first with all their
    points, NaN between lines when ``stroke`` (grid lines) so that each stays a stroke of its own."""
    points = [_points(line) for line in lines]
    if stroke:
        gap = np.full((1, 2), np.nan)
        points = [part for xy in points for part in (xy, gap)][:-1]
    xy = np.concatenate(points)
    proxy = Line2D.__new__(Line2D)
    proxy.__dict__.update(vars(lines[0]))
    proxy.stale_callback = None
    proxy._callbacks = type(lines[0]._callbacks)()
    proxy.set_data(xy[:, 0], xy[:, 1])
    return proxy


def _run_of(run: list[Any], tick: Any) -> bool:
    """Whether ``tick`` draws like the first tick of ``run``: each of its lines shown or hidden alike, and each line
    shown batchable and :func:`_alike` the first tick's."""
    for name in TICK_LINES:
        first, line = getattr(run[0], name), getattr(tick, name)
        if first.get_visible() != line.get_visible():
            return False
        if line.get_visible() and not (_batchable(first) and _batchable(line) and _alike(first, line)):
            return False
    return True


def _runs(ticks: list[Any]) -> list[list[Any]]:
    """``ticks`` cut into runs of consecutive ticks that draw alike (:func:`_run_of`), in their order."""
    runs: list[list[Any]] = []
    for tick in ticks:
        if runs and _run_of(runs[-1], tick):
            runs[-1].append(tick)
        else:
            runs.append([tick])
    return runs


def _spaced(axis: Any, ticks: list[Any], renderer: Any) -> bool:
    """Whether no two of ``ticks`` share a pixel: their positions along the axis at least the widest of their
    lines plus :data:`SPACING_PX` apart (a log axis's minor ticks near a decade can be two pixels apart)."""
    if len(ticks) < 2:
        return True
    locs = np.array([tick.get_loc() for tick in ticks], dtype=float)
    if isinstance(axis, maxis.XAxis):
        along = axis.axes.get_xaxis_transform().transform(np.column_stack([locs, np.zeros_like(locs)]))[:, 0]
    else:
        along = axis.axes.get_yaxis_transform().transform(np.column_stack([np.zeros_like(locs), locs]))[:, 1]
    widest = max(
        max(tick.gridline.get_linewidth(), tick.tick1line.get_markeredgewidth(), tick.tick2line.get_markeredgewidth())
        for tick in ticks
    )
    gaps = np.diff(np.sort(along))
    return bool(np.all(np.isfinite(gaps)) and gaps.min() >= renderer.points_to_pixels(widest) + SPACING_PX)


def _plain_tick(tick: Any) -> bool:
    """A tick drawn by matplotlib's ``Tick.draw``, not rasterised or filtered, its labels off the axes (pad >= 0)."""
    return (
        type(tick).draw is maxis.Tick.draw
        and "draw" not in vars(tick)
        and tick._agg_filter is None
        and not tick._rasterized
        and tick.get_pad() >= 0
    )


def _draw_ticks(axis: Any, ticks: list[Any], renderer: Any) -> None:
    """Draw ``ticks`` as ``Tick.draw`` would one after another, but each run of alike ticks (:func:`_runs`) as one
    batch per kind of line, then the run's labels in order (module docstring); tick by tick when any tick is not
    plain (:func:`_plain_tick`) or two ticks are too close (:func:`_spaced`)."""
    shown = [tick for tick in ticks if tick.get_visible()]
    if axis.axes.name != "rectilinear" or not all(_plain_tick(tick) for tick in shown) or not _spaced(axis, shown, renderer):
        for tick in ticks:
            tick.draw(renderer)
        return
    for run in _runs(shown):
        for name in TICK_LINES:
            lines = [line for line in (getattr(tick, name) for tick in run) if line.get_visible()]
            if len(lines) == 1 or (name == "gridline" and lines and lines[0].get_linestyle() != "-"):
                for line in lines:  # one line, or dashed grid lines (a dash pattern must restart on each)
                    line.draw(renderer)
            elif lines:
                _batch(lines, stroke=name == "gridline").draw(renderer)
                for line in lines:
                    line.stale = False
        for tick in run:
            tick.label1.draw(renderer)
            tick.label2.draw(renderer)
    for tick in ticks:
        tick.stale = False


def _draw_axis(axis: Any, renderer: Any) -> None:
    """matplotlib 3.11's ``Axis.draw``, with the ticks drawn by :func:`_draw_ticks`."""
    if axis._agg_filter is not None or axis._rasterized:
        type(axis).draw(axis, renderer)
        return
    if not axis.get_visible():
        return
    renderer.open_group(maxis.__name__, gid=axis.get_gid())
    ticks_to_draw = axis._update_ticks()
    tlb1, tlb2 = axis._get_ticklabel_bboxes(ticks_to_draw, renderer)
    _draw_ticks(axis, ticks_to_draw, renderer)
    axis._update_label_position(renderer)
    axis.label.draw(renderer)
    axis._update_offset_text_position(tlb1, tlb2)
    axis.offsetText.set_text(axis.major.formatter.get_offset())
    axis.offsetText.draw(renderer)
    renderer.close_group(maxis.__name__)
    axis.stale = False


@contextmanager
def batched_ticks(fig: Figure) -> Iterator[None]:
    """For the ``with`` block (one draw), draw every axis of ``fig`` with its tick lines batched (module docstring).

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> with batched_ticks(fig):
    ...     "draw" in vars(ax.xaxis)
    True
    >>> "draw" in vars(ax.xaxis)
    False
    """
    axes = [axis for ax in fig.axes for axis in ax._axis_map.values() if type(axis).draw is maxis.Axis.draw]
    for axis in axes:
        axis.draw = _draw_axis.__get__(axis)
    try:
        yield
    finally:
        for axis in axes:
            vars(axis).pop("draw", None)
