"""The bar helper behind ``partition_bars`` is ``ax.bar`` with one data-limit update instead of one per bar.

``hotpart.book.plotting._bar`` skips matplotlib's per-rectangle walk of the path (``_update_patch_limits``) and
grows the data limits by the rectangles' corners in one call (issue 17: the walk was about two thirds of drawing
bars anew). These tests check that the data limits, the autoscaled view and the pixels are ``ax.bar``'s, bit for bit,
across bar counts, zero heights and magnitudes, and that the axes keep no trace of the shortcut.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hotpart.book.plotting import _bar, fixed_layout, new_figure, partition_bars, render_rgba, set_partition_bars

_heights = st.lists(
    st.one_of(st.just(0.0), st.floats(min_value=1e-6, max_value=1e9, allow_nan=False, allow_infinity=False)),
    min_size=1,
    max_size=40,
)


def _drawn(bar, heights: list[float], bottoms: list[float], log: bool) -> tuple[tuple[float, ...], np.ndarray]:
    fig, (ax,) = new_figure(3, 2)
    fixed_layout(fig)
    bar(ax, np.arange(len(heights)), np.array(heights), bottom=np.array(bottoms), color="C0", label="served")
    if log:
        ax.set_yscale("log")
    ax.autoscale_view()
    return (*ax.dataLim.bounds, *ax.get_xlim(), *ax.get_ylim()), render_rgba(fig)


@settings(max_examples=40, deadline=None)
@given(heights=_heights, data=st.data(), log=st.booleans())
def test_bars_have_ax_bars_limits_view_and_pixels(heights, data, log):
    bottoms = data.draw(
        st.lists(
            st.floats(min_value=1e-3, max_value=1e6, allow_nan=False, allow_infinity=False),
            min_size=len(heights),
            max_size=len(heights),
        )
    )
    fast_limits, fast_pixels = _drawn(_bar, heights, bottoms, log)
    plain_limits, plain_pixels = _drawn(lambda ax, *a, **k: ax.bar(*a, **k), heights, bottoms, log)
    assert fast_limits == plain_limits
    np.testing.assert_array_equal(fast_pixels, plain_pixels)


def test_all_empty_bars_leave_the_limits_as_ax_bar_does():
    bounds = []
    for bar in (_bar, lambda ax, *a, **k: ax.bar(*a, **k)):
        _fig, (ax,) = new_figure()
        bar(ax, np.arange(3), np.zeros(3), width=0.0)
        bounds.append(ax.dataLim.bounds)
    assert bounds[0] == bounds[1]
    assert not np.isfinite(bounds[0]).any()  # no rectangle with width or height: the limits stay empty


def test_the_axes_keep_no_trace_of_the_shortcut_even_when_bar_fails():
    _fig, (ax,) = new_figure()
    partition_bars(ax, [1_200.0, 400.0], 1_000.0, 1_000.0)
    assert "_update_patch_limits" not in vars(ax)
    with pytest.raises(ValueError):
        _bar(ax, np.arange(3), np.ones(2))  # shapes that do not broadcast: ax.bar raises
    assert "_update_patch_limits" not in vars(ax)
    ax.add_patch(type(ax.patches[0])((5.0, 5.0), 1.0, 1.0))  # later patches grow the limits as matplotlib does
    assert ax.dataLim.x1 == 6.0


def _bars_figure(demand: list[float], capacity: float | list[float]) -> tuple:
    fig, (ax,) = new_figure(3, 2)
    fixed_layout(fig)
    partition_bars(ax, demand, capacity, 1_000.0)
    ax.set_ylim(0, 3_000)
    return fig, ax


_demands = st.lists(st.floats(min_value=0, max_value=2_500, allow_nan=False), min_size=1, max_size=12)


@settings(max_examples=25, deadline=None)
@given(first=_demands, data=st.data(), per_partition=st.booleans())
def test_bars_set_in_place_are_the_bars_drawn_anew(first, data, per_partition):
    """set_partition_bars on bars drawn for other demand gives partition_bars' pixels for the new demand."""
    second = data.draw(
        st.lists(st.floats(min_value=0, max_value=2_500, allow_nan=False), min_size=len(first), max_size=len(first))
    )
    capacity = data.draw(st.lists(st.floats(0, 2_000), min_size=len(first), max_size=len(first))) if per_partition else 800.0
    fig, ax = _bars_figure(first, capacity)
    render_rgba(fig)
    assert set_partition_bars(ax, second, capacity) is True
    fresh, _ = _bars_figure(second, capacity)
    assert np.array_equal(render_rgba(fig), render_rgba(fresh))


def test_bars_of_another_count_are_left_for_the_caller_to_draw():
    _, ax = _bars_figure([100.0, 1_500.0], 1_000.0)
    heights = [b.get_height() for c in ax.containers for b in c]
    assert set_partition_bars(ax, [100.0, 200.0, 300.0], 1_000.0) is False
    assert [b.get_height() for c in ax.containers for b in c] == heights
    with pytest.raises(ValueError, match="demand"):
        set_partition_bars(ax, [float("nan"), 1.0], 1_000.0)
    with pytest.raises(ValueError, match="capacity has 3 values"):
        set_partition_bars(ax, [1.0, 1.0], [1.0, 2.0, 3.0])
    _, (empty,) = new_figure(3, 2)
    assert set_partition_bars(empty, [1.0], 1.0) is False  # no bars yet: the caller draws them


# --- issue 39: sizes a figure cannot hold, and slider steps too small to count, are refused by name ---
def test_figure_helpers_refuse_sizes_they_cannot_draw_by_name():
    import hotpart as hp

    with pytest.raises(ValueError, match=r"^width = 5e-324 is out of range: must be in \[0\.5, 100\]"):
        new_figure(width=5e-324)
    with pytest.raises(ValueError, match=r"^height = 0\.1 is out of range: must be in \[0\.5, 100\]"):
        new_figure(height=0.1)
    assert new_figure(0.5, 0.5)[0].get_size_inches().tolist() == [0.5, 0.5]  # the documented minimum draws
    _fig, (ax,) = new_figure()
    with pytest.raises(ValueError, match=r"^demand has 1,001 values: must have at most 1,000"):
        partition_bars(ax, np.ones(1_001), 1.0, 1.0)
    partition_bars(ax, np.ones(1_000), 1.0, 1.0)  # the bound itself is drawn: one bar per value, served and refused
    assert len(ax.patches) == 2_000
    with pytest.raises(ValueError, match=r"^loads has 1,001 values: must have at most 1,000"):
        hp.plot_shard_load(ax, np.ones(1_001), None, 1.0, 2.0, "t")
    with pytest.raises(ValueError, match=r"^n\.step = 5e-324 is out of range: must be >= .*slider's positions"):
        hp.Control("n", "partitions", 1, 40, 10, step=5e-324)
    assert hp.Control("n", "partitions", 1, 40, 10, step=1e-300).step == 1e-300  # finite positions: allowed
