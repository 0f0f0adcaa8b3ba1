"""Each axis draws its tick marks and grid lines in batches, and the pixels stay matplotlib's.

``hotpart.book._tick_batch`` gives each axis an instance ``draw`` for the length of one draw, which draws the
ticks' lines of one kind that are alike as one line. These tests check that batches are drawn (fewer line draws
than matplotlib's), that ticks unlike the others are drawn apart, that figures the explorables do not draw (minor
ticks, ticks and labels on every side, dashed grids on both axes, log axes, rotated labels, ticks pointing in and
out) and the cases drawn unbatched (a rasterised or filtered axis, path effects) give plain Agg's pixels, and that
every axis draws with matplotlib's method again after the draw, even one that failed.
"""

from __future__ import annotations

from collections.abc import Callable

import matplotlib.patheffects as path_effects
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

import hotpart as hp
from conftest import count_calls
from hotpart.book import _text_cache, _tick_batch
from hotpart.book.plotting import fixed_layout, render_rgba

pytestmark = pytest.mark.skipif(not _text_cache.ENABLED, reason="the batch is used only under the pinned matplotlib")


def _assert_plain_aggs_pixels(build: Callable[[Figure], None], figsize: tuple[float, float]) -> None:
    """Two figures built alike by ``build``: the course canvas's pixels must be matplotlib's own Agg's."""

    def figure() -> Figure:
        fig = Figure(figsize=figsize, dpi=100)
        build(fig)
        return fig

    plain = FigureCanvasAgg(figure())
    plain.draw()
    np.testing.assert_array_equal(render_rgba(figure()), np.array(plain.buffer_rgba()))


@pytest.mark.parametrize("name", ["write_sharding", "zipf_head", "retry_storm"])
def test_an_explorables_tick_lines_are_drawn_in_batches(name, monkeypatch):
    e = hp.EXPLORABLES[name]
    fig = e.draw(e.data())
    calls = count_calls(monkeypatch, Line2D, "draw")
    render_rgba(fig)  # on the course's canvas
    batched, calls[0] = calls[0], 0
    FigureCanvasAgg(fig).draw()  # on matplotlib's own
    ticks = sum(len(axis._update_ticks()) for ax in fig.axes for axis in ax._axis_map.values())
    assert ticks >= 10
    assert batched <= calls[0] - ticks  # at least one line draw fewer per tick


def _tick_zoo(fig: Figure, variant: str) -> None:
    """Ticks the explorables do not draw, on two axes: minor ticks, ticks on every side, dashed grids, log scale."""
    left, right = fig.subplots(1, 2)
    x = np.linspace(1, 100, 60)
    left.plot(x, np.sqrt(x), label="served")
    left.set_title("linear")
    right.plot(x, x**2, color="C3")
    right.set_yscale("log")
    right.set_title("log")
    for ax in (left, right):
        ax.minorticks_on()
        ax.grid(True, which="major", linestyle="--", linewidth=0.8)
        ax.grid(True, which="minor", linestyle=":", alpha=0.4)
        ax.tick_params(which="both", top=True, right=True, labeltop=True, labelright=True, direction="inout")
    left.tick_params(axis="x", labelrotation=35)
    if variant == "one-coloured":
        left.get_xticklines()[4].set_color("C2")  # one tick mark unlike its neighbours
        left.yaxis.get_gridlines()[2].set_linewidth(3)
        left.xaxis.get_gridlines()[3].set_visible(False)  # one grid line hidden: a run of its own
    elif variant == "rasterised-axis":
        left.xaxis.set_rasterized(True)
    elif variant == "path-effects":
        for line in left.get_yticklines():
            line.set_path_effects([path_effects.withStroke(linewidth=3, foreground="0.8")])
    fixed_layout(fig, left=0.1, right=0.9, top=0.82, bottom=0.2)


@pytest.mark.parametrize("variant", ["plain", "one-coloured", "rasterised-axis", "path-effects"])
def test_figures_the_explorables_do_not_draw_give_plain_aggs_pixels(variant):
    _assert_plain_aggs_pixels(lambda fig: _tick_zoo(fig, variant), (7.5, 3.8))


def test_ticks_unlike_their_neighbours_are_drawn_apart(monkeypatch):
    fig = Figure(figsize=(7.5, 3.8), dpi=100)
    _tick_zoo(fig, "one-coloured")
    batches: list[list[Line2D]] = []
    original = _tick_batch._batch

    def recorded(lines, stroke):
        batches.append(lines)
        return original(lines, stroke)

    monkeypatch.setattr(_tick_batch, "_batch", recorded)
    render_rgba(fig)
    coloured = fig.axes[0].get_xticklines()[4]
    assert batches and not any(coloured in lines for lines in batches)
    assert any(len(lines) >= 5 for lines in batches)


def test_the_batched_draw_is_gone_after_the_draw_even_when_the_draw_fails(monkeypatch):
    fig = Figure(figsize=(4, 3), dpi=100)
    _tick_zoo(fig, "plain")
    axes = [axis for ax in fig.axes for axis in ax._axis_map.values()]
    render_rgba(fig)
    assert not any("draw" in vars(axis) for axis in axes)

    def fail(self, renderer):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(type(fig.axes[0].patch), "draw", fail)
    with pytest.raises(RuntimeError, match="drawing failed"):
        render_rgba(fig)
    assert not any("draw" in vars(axis) for axis in axes)


def _changing(canvas_factory: Callable[[Figure], FigureCanvasAgg]) -> list[np.ndarray]:
    """One figure drawn three times with new limits and tick colours between draws: nothing batched survives."""
    fig = Figure(figsize=(6, 3), dpi=100)
    canvas = canvas_factory(fig)
    _tick_zoo(fig, "plain")
    frames = []
    for step in range(3):
        fig.axes[0].set_xlim(0, 50 * (step + 1))
        fig.axes[0].tick_params(axis="y", color=f"C{step}", length=4 + 2 * step)
        canvas.draw()
        frames.append(np.array(canvas.buffer_rgba()))
    return frames


def test_changes_between_draws_are_drawn():
    batched = _changing(_text_cache.TextCachingCanvas)
    plain = _changing(FigureCanvasAgg)
    for mine, theirs in zip(batched, plain, strict=True):
        np.testing.assert_array_equal(mine, theirs)
    assert (batched[0] != batched[2]).any(axis=2).sum() > 500


def test_lines_are_alike_only_when_everything_but_their_data_is():
    def line(**kwargs) -> Line2D:
        return Line2D([0], [1], marker=kwargs.pop("marker", 3), linestyle="None", **kwargs)

    base = line(color="k")
    assert _tick_batch._alike(base, line(color="k"))
    moved = line(color="k")
    moved.set_data([5], [6])
    assert _tick_batch._alike(base, moved)  # data differ: alike
    assert not _tick_batch._alike(base, line(color="r"))
    assert not _tick_batch._alike(base, line(color=(0.0, 0.0, 0.0)))  # a string against a tuple
    assert not _tick_batch._alike(line(color=(0, 0, 0)), line(color=(0, 0, 0.5)))
    assert _tick_batch._alike(line(color=(0, 0, 0)), line(color=(0, 0, 0)))
    assert not _tick_batch._alike(base, line(color="k", marker=2))
    from matplotlib.transforms import Affine2D

    assert not _tick_batch._alike(line(transform=Affine2D()), line(transform=Affine2D()))  # two transforms
    extra = line(color="k")
    extra.custom = 1  # an attribute the first has not
    assert not _tick_batch._alike(base, extra)
    assert not _tick_batch._batchable(line(marker=[(0, 0), (1, 1), (1, 0)]))  # a marker drawn from vertices


def test_a_lines_points_are_its_xydata_masked_or_not():
    plain = Line2D([1.0, 2.0], [3.0])
    np.testing.assert_array_equal(_tick_batch._points(plain), Line2D([1.0, 2.0], [3.0]).get_xydata())
    masked = Line2D(np.ma.masked_array([1.0, 2.0], mask=[False, True]), [3.0, 4.0])
    expected = Line2D(np.ma.masked_array([1.0, 2.0], mask=[False, True]), [3.0, 4.0]).get_xydata()
    np.testing.assert_array_equal(_tick_batch._points(masked), expected)
    assert np.isnan(_tick_batch._points(masked)[1, 0])


def _other_axes(fig: Figure, variant: str) -> None:
    """Axes drawn tick by tick: polar, a filtered axis, labels inside the axes (negative pad); a single tick
    beside a hidden axis."""
    if variant == "polar":
        ax = fig.add_subplot(projection="polar")
        ax.plot(np.linspace(0, 6, 30), np.linspace(0, 1, 30))
        ax.grid(True)
        return
    ax = fig.add_subplot()
    ax.plot([0, 10], [0, 5])
    ax.grid(True)
    if variant == "filtered":
        ax.yaxis.set_agg_filter(lambda pixels, dpi: (pixels, 0, 0))
    elif variant == "inside":
        ax.tick_params(direction="in", pad=-18)
    elif variant == "one-tick":
        ax.set_xticks([4])
        ax.yaxis.set_visible(False)


@pytest.mark.parametrize("variant", ["polar", "filtered", "inside", "one-tick"])
def test_axes_drawn_tick_by_tick_give_plain_aggs_pixels(variant):
    _assert_plain_aggs_pixels(lambda fig: _other_axes(fig, variant), (4, 3))
