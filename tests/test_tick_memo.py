"""Each axis lays out its ticks once per draw, and the pixels stay matplotlib's.

``hotpart.book._tick_memo`` shadows three :class:`matplotlib.axis.Axis` methods for the length of one draw of a
fixed-margin figure (issue 17: they ran about five times per axis per draw). These tests check that the memo is
used and then removed, that it keeps nothing from one draw to the next, that a change in the middle of a draw is
recomputed, and that figures the explorables do not draw (twin axes, shared axes, log scales, offset text under a
title) give plain Agg's pixels, on the first draw and after changes.
"""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import hotpart as hp
from hotpart.book import _text_cache, _tick_memo
from hotpart.book.plotting import fixed_layout, new_figure, render_rgba

pytestmark = pytest.mark.skipif(not _text_cache.ENABLED, reason="the memo is used only under the pinned matplotlib")


def _count_update_ticks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    original = Axis._update_ticks

    def counted(self):
        calls[0] += 1
        return original(self)

    monkeypatch.setattr(Axis, "_update_ticks", counted)
    return calls


@pytest.mark.parametrize("name", ["write_sharding", "zipf_head", "cross_shard"])
def test_each_axis_computes_its_ticks_once_per_draw(name, monkeypatch):
    e = hp.EXPLORABLES[name]
    fig = e.draw(e.data())
    axes = [axis for ax in fig.axes for axis in ax._axis_map.values()]
    calls = _count_update_ticks(monkeypatch)
    render_rgba(fig)
    memoised = calls[0]
    assert memoised == len(axes)
    # the same figure drawn by matplotlib's own canvas asks each axis several times
    calls[0] = 0
    FigureCanvasAgg(fig).draw()
    assert calls[0] >= 3 * len(axes)


def test_the_memo_is_gone_after_the_draw_even_when_the_draw_fails(monkeypatch):
    fig, (ax,) = new_figure()
    fixed_layout(fig)
    ax.plot([0, 1], [0, 1])
    render_rgba(fig)
    assert not any(name in vars(axis) for axis in (ax.xaxis, ax.yaxis) for name in _tick_memo.MEMOISED)

    def fail(self, renderer):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(type(ax.patch), "draw", fail)
    with pytest.raises(RuntimeError, match="drawing failed"):
        render_rgba(fig)
    assert not any(name in vars(axis) for axis in (ax.xaxis, ax.yaxis) for name in _tick_memo.MEMOISED)


def test_a_change_in_the_middle_of_a_draw_is_recomputed():
    fig, (ax,) = new_figure()
    fixed_layout(fig)
    ax.plot([0, 10], [0, 1])
    with _tick_memo.ticks_once(fig) as memoised:
        assert memoised
        before = [t.get_loc() for t in ax.xaxis._update_ticks()]
        assert [t.get_loc() for t in ax.xaxis._update_ticks()] == before  # unchanged: the same ticks
        ax.set_xlim(0, 1000)
        after = [t.get_loc() for t in ax.xaxis._update_ticks()]
    assert max(after) > max(before) * 10


@pytest.mark.parametrize(
    ("setup", "applies"),
    [
        (lambda fig, ax: None, False),  # constrained layout: the axes move after their ticks are measured
        (lambda fig, ax: fixed_layout(fig), True),
        (lambda fig, ax: (fixed_layout(fig), ax.set_aspect("equal")), False),
    ],
)
def test_the_memo_applies_only_where_nothing_moves_during_a_draw(setup, applies, monkeypatch):
    fig, (ax,) = new_figure()
    setup(fig, ax)
    ax.plot([0, 3], [0, 1])
    assert _tick_memo.applies(fig) is applies
    calls = _count_update_ticks(monkeypatch)
    render_rgba(fig)
    assert (calls[0] == 2) is applies


def _zoo(fig: Figure, scale: float, log: bool, title: str) -> None:
    """Figures the explorables do not draw: twin axes, a shared y axis, a log axis, offset text under a title."""
    left, right = fig.subplots(1, 2, sharey=True)
    x = np.linspace(0, 10, 50)
    left.plot(x, scale * (1 + np.sin(x)), label="served")
    left.set_title(title)
    left.set_ylabel("units/s")
    twin = left.twinx()
    twin.plot(x, 1e6 + x * scale, color="C3")  # large values: the formatter shows an offset text
    twin.set_ylabel("items")
    right.bar(np.arange(8), scale * np.arange(1, 9))
    right.set_title("right panel")
    if log:
        right.set_xscale("log")
        right.set_xlim(0.5, 10)
    fixed_layout(fig, left=0.1, right=0.88, top=0.85)


@pytest.mark.parametrize("log", [False, True])
def test_twin_shared_log_and_offset_axes_draw_plain_aggs_pixels_after_changes(log):
    def plain(scale: float, title: str) -> np.ndarray:
        fig = Figure(figsize=(7.5, 3.8), dpi=100)
        canvas = FigureCanvasAgg(fig)
        _zoo(fig, scale, log, title)
        canvas.draw()
        return np.array(canvas.buffer_rgba())

    fig = Figure(figsize=(7.5, 3.8), dpi=100)
    _text_cache.TextCachingCanvas(fig)
    _zoo(fig, 1.0, log, "first")
    assert _tick_memo.applies(fig)
    np.testing.assert_array_equal(render_rgba(fig), plain(1.0, "first"))
    # the same figure changed: new data, limits, title; the memo of the last draw must not survive
    left, right, twin = fig.axes
    for line in left.lines:
        line.set_ydata(1e4 * (1 + np.sin(line.get_xdata())))
    left.relim()
    left.autoscale_view()
    for line in twin.lines:
        line.set_ydata(1e6 + line.get_xdata() * 1e4)
    twin.relim()
    twin.autoscale_view()
    for i, bar in enumerate(right.patches):
        bar.set_height(1e4 * (i + 1))
    right.relim()
    right.autoscale_view()
    left.set_title("second, after a change")
    np.testing.assert_array_equal(render_rgba(fig), plain(1e4, "second, after a change"))
