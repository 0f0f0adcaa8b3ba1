"""Each axis lays out its ticks once per draw, and the pixels stay matplotlib's.

``hotpart.book._draw_memo`` shadows three :class:`matplotlib.axis.Axis` methods for the length of one draw of a
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
from conftest import count_calls
from hotpart.book import _draw_memo, _text_cache
from hotpart.book.plotting import fixed_layout, new_figure, render_rgba

pytestmark = pytest.mark.skipif(not _text_cache.ENABLED, reason="the memo is used only under the pinned matplotlib")


def _count_update_ticks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    return count_calls(monkeypatch, Axis, "_update_ticks")


@pytest.mark.parametrize("name", ["write_sharding", "zipf_head", "cross_shard"])
def test_each_axis_computes_its_memoised_draw_per_draw(name, monkeypatch):
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
    assert not any(name in vars(axis) for axis in (ax.xaxis, ax.yaxis) for name in _draw_memo.MEMOISED)

    def fail(self, renderer):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(type(ax.patch), "draw", fail)
    with pytest.raises(RuntimeError, match="drawing failed"):
        render_rgba(fig)
    assert not any(name in vars(axis) for axis in (ax.xaxis, ax.yaxis) for name in _draw_memo.MEMOISED)


def test_a_change_in_the_middle_of_a_draw_is_recomputed():
    fig, (ax,) = new_figure()
    fixed_layout(fig)
    ax.plot([0, 10], [0, 1])
    with _draw_memo.memoised_draw(fig):
        before = [t.get_loc() for t in ax.xaxis._update_ticks()]
        assert [t.get_loc() for t in ax.xaxis._update_ticks()] == before  # unchanged: the same ticks
        ax.set_xlim(0, 1000)
        after = [t.get_loc() for t in ax.xaxis._update_ticks()]
    assert max(after) > max(before) * 10


@pytest.mark.parametrize(
    "setup",
    [
        lambda fig, ax: None,  # constrained layout measures the axes, moves them, and measures again
        lambda fig, ax: ax.set_aspect("equal"),  # a fixed aspect moves the axes as they draw
        lambda fig, ax: ax.set_aspect("equal", adjustable="datalim"),  # ... or their limits
    ],
    ids=["constrained", "aspect-box", "aspect-datalim"],
)
def test_figures_whose_axes_move_during_a_draw_draw_plain_aggs_pixels(setup, monkeypatch):
    def figure() -> Figure:
        fig, (ax,) = new_figure()
        setup(fig, ax)
        ax.plot([0, 3e5], [0, 1], label="a long legend label")
        ax.set_title("title")
        ax.set_ylabel("units/s")
        ax.legend()
        return fig

    plain_fig = figure()
    canvas = FigureCanvasAgg(plain_fig)
    calls = _count_update_ticks(monkeypatch)
    canvas.draw()
    plain_calls, calls[0] = calls[0], 0
    memoised = render_rgba(figure())
    assert 0 < calls[0] < plain_calls  # the memo was used, and recomputed where the axes moved
    np.testing.assert_array_equal(memoised, np.array(canvas.buffer_rgba()))


def _zoo(fig: Figure, scale: float, log: bool, title: str, constrained: bool) -> None:
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
    if constrained:
        fig.set_layout_engine("constrained")
    else:
        fixed_layout(fig, left=0.1, right=0.88, top=0.85)


def _drawn_then_changed(canvas_class: type, log: bool, constrained: bool) -> tuple[np.ndarray, np.ndarray]:
    """The zoo's pixels on its first draw, and after new data, limits and title on the same figure."""
    fig = Figure(figsize=(7.5, 3.8), dpi=100)
    canvas = canvas_class(fig)
    _zoo(fig, 1.0, log, "first", constrained)
    canvas.draw()
    first = np.array(canvas.buffer_rgba())
    left, right, twin = fig.axes
    for line in left.lines:
        line.set_ydata(1e4 * (1 + np.sin(line.get_xdata())))
    for line in twin.lines:
        line.set_ydata(1e6 + line.get_xdata() * 1e4)
    for i, bar in enumerate(right.patches):
        bar.set_height(1e4 * (i + 1))
    for ax in (left, twin, right):
        ax.relim()
        ax.autoscale_view()
    left.set_title("second, after a change")
    canvas.draw()
    return first, np.array(canvas.buffer_rgba())


@pytest.mark.parametrize("constrained", [False, True], ids=["fixed", "constrained"])
@pytest.mark.parametrize("log", [False, True], ids=["linear", "log"])
def test_twin_shared_log_and_offset_axes_draw_plain_aggs_pixels_after_changes(log, constrained):
    """The same figure, drawn and changed the same way, on both canvases: the memo of the first draw must not
    survive into the second. (Constrained layout starts from the last draw's positions, so a changed figure may
    differ from a fresh one by a few pixels under plain Agg too; the reference is plain Agg with the same history.)"""
    memo_first, memo_second = _drawn_then_changed(_text_cache.TextCachingCanvas, log, constrained)
    plain_first, plain_second = _drawn_then_changed(FigureCanvasAgg, log, constrained)
    np.testing.assert_array_equal(memo_first, plain_first)
    np.testing.assert_array_equal(memo_second, plain_second)
    assert (memo_second != memo_first).any(axis=2).sum() > 1_000  # the change shows


_LEGENDS = {
    "best": {"loc": "best"},
    "upper-right": {"loc": "upper right"},
    "outside": {"loc": "upper left", "bbox_to_anchor": (1.01, 1.0)},
    "expand": {"loc": "lower left", "bbox_to_anchor": (0.0, 1.02, 1.0, 0.2), "mode": "expand", "ncols": 2},
    "titled": {"loc": "center", "title": "partitions\nby heat", "ncols": 3},
}


def _legend_figure(kind: str, constrained: bool) -> Figure:
    fig = Figure(figsize=(7.5, 3.8), dpi=100)
    ax = fig.add_subplot()
    x = np.linspace(0, 10, 40)
    for i in range(4):
        ax.plot(x, np.sin(x + i) + 2 * i, label=f"partition {i}" + " (hot)" * (i == 0))
    ax.bar([2, 4], [3, 5], color="C5", label="refused (WCU/s)")
    ax.legend(**_LEGENDS[kind])
    fig.legend(["figure-level entry"], loc="lower right")
    if constrained:
        fig.set_layout_engine("constrained")
    else:
        fixed_layout(fig, right=0.8, top=0.8)
    return fig


@pytest.mark.parametrize("constrained", [False, True], ids=["fixed", "constrained"])
@pytest.mark.parametrize("kind", sorted(_LEGENDS))
def test_legends_of_every_placement_draw_plain_aggs_pixels(kind, constrained, monkeypatch):
    from matplotlib.offsetbox import VPacker

    plain = _legend_figure(kind, constrained)
    canvas = FigureCanvasAgg(plain)
    canvas.draw()
    calls = count_calls(monkeypatch, VPacker, "_get_bbox_and_child_offsets")
    FigureCanvasAgg(_legend_figure(kind, constrained)).draw()
    plain_calls, calls[0] = calls[0], 0
    fig = _legend_figure(kind, constrained)
    pixels = render_rgba(fig)
    assert 0 < calls[0] < plain_calls  # the memo was used
    np.testing.assert_array_equal(pixels, np.array(canvas.buffer_rgba()))
    boxes = _draw_memo._legend_boxes(fig)
    assert len(boxes) > 10
    assert not any(name in vars(box) for box in boxes for name in _draw_memo.MEMOISED_BOX)
    # a changed label is drawn: nothing of the last draw's layout survives
    fig.axes[0].get_legend().get_texts()[1].set_text("a much longer label than before")
    plain.axes[0].get_legend().get_texts()[1].set_text("a much longer label than before")
    canvas.draw()
    np.testing.assert_array_equal(render_rgba(fig), np.array(canvas.buffer_rgba()))
