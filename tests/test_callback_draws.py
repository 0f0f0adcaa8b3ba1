"""A slider move changes the figure's artists instead of building them again (chapters 2, 5 and 6's explorables).

The callback benchmark (``benchmarks/run.py``, ``bench_callbacks``) times compute, update, render and PNG per slider
move; these tests pin what keeps the update short: the legends an update keeps, the artists it reuses, the fan-out
latency series computed once, and, between the sweep's extremes that ``tests/test_explorables.py`` visits, the
moves whose update takes another path (a shard count across 20, where the ticks change; a bound that appears; a
partition count that rises) still draw a fresh figure's pixels.
"""

from __future__ import annotations

import numpy as np
import pytest

import hotpart as hp
from hotpart.book.plotting import render_rgba
from hotpart.figures import fanout


def _legends(fig):
    return [ax.get_legend() for ax in fig.axes]


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("fanout_cost", {"read_write_ratio": 100, "item_kb": 64, "strategy": 1, "consistency": 1}),
        ("write_sharding", {"write_rate": 20_000, "n_shards": 25}),
        ("key_design_load", {"design": 3, "n_partitions": 20}),
    ],
)
def test_an_update_keeps_the_legends_and_the_artists(name, change):
    e = hp.EXPLORABLES[name]
    fig = e.draw(e.data())
    legends, lines = _legends(fig), [list(ax.lines) for ax in fig.axes]
    assert e.redraw(fig, e.data(**change)) is fig
    assert _legends(fig) == legends
    assert [list(ax.lines) for ax in fig.axes] == lines


def test_the_latency_series_are_computed_once_per_distribution(monkeypatch):
    e = hp.EXPLORABLES["fanout_cost"]
    fig = e.draw(e.data(dist=0))
    e.redraw(fig, e.data(dist=1))

    def refuse(*_args, **_kwargs):
        raise AssertionError("the hedged latency was computed again")

    monkeypatch.setattr(fanout, "HedgedLatency", refuse)
    for dist in (0, 1, 0):
        e.redraw(fig, e.data(dist=dist, write_rate=20_000))
    series = fanout._latency_lines(fanout.latency_distribution(0), fanout._N_LAT, 0.95)
    assert not series[0].flags.writeable


def test_a_distribution_without_scipy_parameters_is_not_kept():
    class Uniform:  # has a ppf, as fanout_quantile asks, but no scipy family
        def ppf(self, q):
            return 10.0 * np.asarray(q)

    assert fanout._latency_key(Uniform(), fanout._N_LAT, 0.95) is None


@pytest.mark.parametrize(
    ("name", "walk"),
    [
        (
            "write_sharding",
            [{"n_shards": 21}, {"n_shards": 20}, {"n_shards": 3, "strategy": 1}, {"n_shards": 40}, {"n_shards": 1}, {}],
        ),
        ("key_design_load", [{"n_partitions": 3}, {"n_partitions": 20, "design": 3}, {"n_partitions": 1, "design": 6}, {}]),
    ],
)
def test_moves_between_the_extremes_draw_a_fresh_figures_pixels(name, walk):
    e = hp.EXPLORABLES[name]
    fig = e.draw(e.data())
    for values in walk:
        data = e.data(**values)
        fig = e.redraw(fig, data)
        assert np.array_equal(render_rgba(fig), render_rgba(e.draw(data))), values
